/* chain: pointer chasing through a linked list threaded in random order
 * through one array of records (a work list, an LRU chain, a free list).
 * 2 million jobs; each walk of the chain reads `key` and follows `next`,
 * and every walk moves some jobs to the front (writes `next` and `prev`).
 * The eight cost figures and the id are set once and read by the final
 * report: they stay live, so deletion removes nothing.
 *
 * Layout: struct job is 96 bytes, of which the walk uses 24 (key, next,
 * prev). Peeling moves the 72 cold bytes to a parallel array; the links
 * point into one array allocated once with a constant count, so they can
 * be 32-bit indices (document 002's peeling index): 16-byte hot records. */
#include <stdio.h>
#include <stdlib.h>

#define N_JOBS 2000000
#define WALKS 4
#define MOVES 50000

struct job {
    long key;            /* hot: read by every walk */
    struct job *next;    /* hot: followed by every walk */
    struct job *prev;    /* written when a job moves */
    double c0, c1, c2, c3, c4, c5, c6, c7; /* cold: cost figures */
    long id;             /* cold */
};

static unsigned long rng = 88172645463325252UL;

static unsigned long next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Moves job `j` to the front of the chain starting at `*head`. */
static void move_to_front(struct job **head, struct job *j)
{
    if (*head == j)
        return;
    j->prev->next = j->next;
    if (j->next)
        j->next->prev = j->prev;
    j->prev = NULL;
    j->next = *head;
    (*head)->prev = j;
    *head = j;
}

int main(void)
{
    struct job *jobs = malloc(N_JOBS * sizeof(struct job));
    int *order = malloc(N_JOBS * sizeof(int));
    if (!jobs || !order) {
        printf("out of memory\n");
        return 1;
    }
    for (int i = 0; i < N_JOBS; i++) {
        struct job *j = &jobs[i];
        j->key = (long)(next_rand() % 1000);
        j->c0 = i * 0.5; j->c1 = i * 0.25; j->c2 = i + 1.0; j->c3 = i + 2.0;
        j->c4 = i % 7; j->c5 = i % 11; j->c6 = i % 13; j->c7 = i % 17;
        j->id = i;
        order[i] = i;
    }
    for (int i = N_JOBS - 1; i > 0; i--) {
        int k = (int)(next_rand() % (unsigned long)(i + 1));
        int t = order[i]; order[i] = order[k]; order[k] = t;
    }
    for (int i = 0; i < N_JOBS; i++) {
        struct job *j = &jobs[order[i]];
        j->prev = i > 0 ? &jobs[order[i - 1]] : NULL;
        j->next = i + 1 < N_JOBS ? &jobs[order[i + 1]] : NULL;
    }
    struct job *head = &jobs[order[0]];
    free(order);

    unsigned long sum = 0;
    for (int w = 0; w < WALKS; w++) {
        long pos = 0;
        for (struct job *j = head; j; j = j->next) {
            sum = sum * 31 + (unsigned long)j->key;
            pos++;
        }
        sum += (unsigned long)pos;
        for (int m = 0; m < MOVES; m++)
            move_to_front(&head, &jobs[next_rand() % N_JOBS]);
    }

    double cost = 0;
    long ids = 0, n = 0;
    for (struct job *j = head; j && n < 1000; j = j->next, n++) {
        cost += j->c0 + j->c1 + j->c2 + j->c3 + j->c4 + j->c5 + j->c6 + j->c7;
        ids += j->id;
    }
    printf("first 1000 jobs: cost %.1f ids %ld\n", cost, ids);
    printf("checksum: %lu\n", sum);
    free(jobs);
    return 0;
}
