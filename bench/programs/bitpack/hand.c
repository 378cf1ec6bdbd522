/* hand.c (bitpack) - a table of records whose fields each hold a few
 * bits, visited at random, packed by hand in C bit-fields.
 *
 * 2M agents: kind (3 bits), live flag (1), level (4), direction (2),
 * team (2), mood (4, signed: -8..7), age (6) and energy (7: 1..100), 29
 * bits in one 4-byte word. Each of 8 rounds visits 4M agents picked at
 * random (a hash of a counter) and reads and updates them. */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 21)
#define ROUNDS 8
#define VISITS (1 << 22)

struct agent {
    unsigned kind : 3;
    unsigned alive : 1;
    unsigned level : 4;
    unsigned dir : 2;
    unsigned team : 2;
    signed mood : 4;
    unsigned age : 6;
    unsigned energy : 7;
};

static unsigned long long seed = 7;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

/* A hash of the visit number: which agent it is. */
static unsigned pick(unsigned long long k)
{
    k ^= k >> 31;
    k *= 0x9e3779b97f4a7c15ULL;
    k ^= k >> 29;
    return (unsigned)k & (N - 1);
}

int main(void)
{
    struct agent *a = malloc(N * sizeof(struct agent));
    if (!a) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N; i++) {
        a[i].kind = rnd() % 8;
        a[i].alive = rnd() % 3 != 0;
        a[i].level = rnd() % 16;
        a[i].dir = rnd() % 4;
        a[i].team = rnd() % 4;
        a[i].mood = (int)(rnd() % 16) - 8;
        a[i].age = rnd() % 64;
        a[i].energy = 1 + rnd() % 100;
    }
    long score[4] = {0, 0, 0, 0};
    long moves = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (unsigned long long k = 0; k < VISITS; k++) {
            struct agent *p = &a[pick(k * ROUNDS + r)];
            int alive = p->alive;
            score[p->team] += alive * ((int)p->energy * ((int)p->level + 1) + p->mood * (int)p->kind);
            moves += alive * (int)p->dir;
            p->age = ((int)p->age + alive) & 63;
            p->alive = alive ? p->age != 0 : (k & 7) == 0;
            p->dir = (p->dir + p->kind) & 3;
            p->level = (p->level + (p->age == 0)) & 15;
        }
    }
    long census[8] = {0};
    for (long i = 0; i < N; i++)
        census[a[i].kind] += (int)a[i].alive + (int)a[i].level + (int)a[i].age + a[i].mood + (int)a[i].energy +
                             (int)a[i].dir * (int)a[i].team;
    printf("bitpack: scores %ld %ld %ld %ld, moves %ld\n", score[0], score[1], score[2], score[3], moves);
    for (int k = 0; k < 8; k++)
        printf("kind %d: %ld\n", k, census[k]);
    free(a);
    return 0;
}
