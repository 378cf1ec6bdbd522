/* Hand-optimized variant (bench/layout_bench.py): dispatch.c with the call
 * through `step` written as a direct call of `damped`, the one function the
 * field ever holds; see README.md. The comments below are the original's.
 *
 * dispatch.c - records that carry their operation as a function pointer.
 *
 * 2 million 32-byte particles { x, v, step, id }: `step` is set to the same
 * function for every particle (the program was written for several kinds
 * and only ever makes one), and 40 rounds advance every particle through
 * it. The call through the pointer can be neither inlined nor vectorized;
 * a direct call can be both. */
#include <stdio.h>
#include <stdlib.h>

#define N 2000000
#define ROUNDS 40

struct particle {
    double x;
    double v;
    void (*step)(struct particle *, double);
    long id;
};

static unsigned long long seed = 7;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

/* Damped motion toward the origin. */
static void damped(struct particle *p, double dt)
{
    p->v = p->v * 0.999 - p->x * dt;
    p->x = p->x + p->v * dt;
}

int main(void)
{
    struct particle *ps = malloc(N * sizeof(struct particle));
    if (!ps) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N; i++) {
        ps[i].x = (double)(rnd() % 1000) / 10.0;
        ps[i].v = 0;
        ps[i].step = damped;
        ps[i].id = i;
    }
    for (int r = 0; r < ROUNDS; r++)
        for (long i = 0; i < N; i++)
            damped(&ps[i], 0.01);
    double sx = 0, sv = 0;
    long ids = 0;
    for (long i = 0; i < N; i++) {
        sx += ps[i].x;
        sv += ps[i].v;
        ids += ps[i].id & 1;
    }
    printf("checksum: %.6f %.6f %ld\n", sx, sv, ids);
    free(ps);
    return 0;
}
