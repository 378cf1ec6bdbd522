/* chain, changed by hand the way peel with the peeling index changes it:
 * the hot records hold `key` and `next`, the cold ones `prev` and the rest,
 * in two arrays indexed alike; the links are 32-bit indices into the
 * arrays (0 is null, element i is i + 1). See chain.c for the program. */
#include <stdio.h>
#include <stdlib.h>

#define N_JOBS 2000000
#define WALKS 4
#define MOVES 50000

struct job {
    long key;
    unsigned next;
};

struct job_cold {
    unsigned prev;
    double c0, c1, c2, c3, c4, c5, c6, c7;
    long id;
};

static struct job *jobs;
static struct job_cold *cold;

static unsigned long rng = 88172645463325252UL;

static unsigned long next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Index of job i, and back. */
#define IDX(i) ((unsigned)(i) + 1)
#define AT(x) ((x) - 1)

static void move_to_front(unsigned *head, unsigned j)
{
    if (*head == j)
        return;
    unsigned prev = cold[AT(j)].prev, next = jobs[AT(j)].next;
    jobs[AT(prev)].next = next;
    if (next)
        cold[AT(next)].prev = prev;
    cold[AT(j)].prev = 0;
    jobs[AT(j)].next = *head;
    cold[AT(*head)].prev = j;
    *head = j;
}

int main(void)
{
    jobs = malloc(N_JOBS * sizeof(struct job));
    cold = malloc(N_JOBS * sizeof(struct job_cold));
    int *order = malloc(N_JOBS * sizeof(int));
    if (!jobs || !cold || !order) {
        printf("out of memory\n");
        return 1;
    }
    for (int i = 0; i < N_JOBS; i++) {
        struct job_cold *c = &cold[i];
        jobs[i].key = (long)(next_rand() % 1000);
        c->c0 = i * 0.5; c->c1 = i * 0.25; c->c2 = i + 1.0; c->c3 = i + 2.0;
        c->c4 = i % 7; c->c5 = i % 11; c->c6 = i % 13; c->c7 = i % 17;
        c->id = i;
        order[i] = i;
    }
    for (int i = N_JOBS - 1; i > 0; i--) {
        int k = (int)(next_rand() % (unsigned long)(i + 1));
        int t = order[i]; order[i] = order[k]; order[k] = t;
    }
    for (int i = 0; i < N_JOBS; i++) {
        cold[order[i]].prev = i > 0 ? IDX(order[i - 1]) : 0;
        jobs[order[i]].next = i + 1 < N_JOBS ? IDX(order[i + 1]) : 0;
    }
    unsigned head = IDX(order[0]);
    free(order);

    unsigned long sum = 0;
    for (int w = 0; w < WALKS; w++) {
        long pos = 0;
        for (unsigned j = head; j; j = jobs[AT(j)].next) {
            sum = sum * 31 + (unsigned long)jobs[AT(j)].key;
            pos++;
        }
        sum += (unsigned long)pos;
        for (int m = 0; m < MOVES; m++)
            move_to_front(&head, IDX(next_rand() % N_JOBS));
    }

    double cost = 0;
    long ids = 0, n = 0;
    for (unsigned j = head; j && n < 1000; j = jobs[AT(j)].next, n++) {
        struct job_cold *c = &cold[AT(j)];
        cost += c->c0 + c->c1 + c->c2 + c->c3 + c->c4 + c->c5 + c->c6 + c->c7;
        ids += c->id;
    }
    printf("first 1000 jobs: cost %.1f ids %ld\n", cost, ids);
    printf("checksum: %lu\n", sum);
    free(cold);
    free(jobs);
    return 0;
}
