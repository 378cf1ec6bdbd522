/* arc64.c - an mcf-shaped pricing kernel whose arc record is exactly one
 * cache line.
 *
 * struct arc is 64 bytes: the pricing loop streams over 4 million arcs and
 * reads 28 bytes of each (cost, tail, head, ident); the other 36 bytes
 * (original cost, serial number, capacity, flow, the list links, the round
 * of the last pivot) are written when the network is built or by a pivot
 * and read by the final report, so none is dead and there is no padding.
 * The record fits in one cache line, yet the loop fetches the whole line
 * for 28 bytes of it: a hot record of 32 bytes halves the lines streamed. */
#include <stdio.h>
#include <stdlib.h>

#define N_NODES 50000
#define N_ARCS 4000000
#define BLOCK 4096
#define N_BLOCKS (N_ARCS / BLOCK)
#define ROUNDS 30

struct node {
    long potential;
    long depth;
};

struct arc {
    long cost;               /* hot */
    struct node *tail;       /* hot */
    struct node *head;       /* hot */
    int ident;               /* hot: 0 basic, 1 at lower bound, 2 at upper */
    int flow;                /* cold: changed by pivots */
    long org_cost;           /* cold */
    struct arc *nextout;     /* cold: list of arcs leaving the tail */
    int id;                  /* cold */
    int entered;             /* cold: round of the last pivot */
    long capacity;           /* cold: checked by the final report */
};

static struct node *nodes;
static struct arc *arcs;
static unsigned long long seed = 0x9e3779b97f4a7c15ULL;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(void)
{
    nodes = malloc(N_NODES * sizeof(struct node));
    arcs = malloc(N_ARCS * sizeof(struct arc));
    struct arc **first = calloc(N_NODES, sizeof(struct arc *));
    if (!nodes || !arcs || !first) {
        printf("out of memory\n");
        return 1;
    }
    for (int i = 0; i < N_NODES; i++) {
        nodes[i].potential = rnd() % 1000;
        nodes[i].depth = i % 17;
    }
    for (int i = 0; i < N_ARCS; i++) {
        struct arc *a = &arcs[i];
        int t = i % N_NODES, h = (int)(rnd() % N_NODES);
        a->cost = 1 + rnd() % 100;
        a->org_cost = a->cost;
        a->tail = &nodes[t];
        a->head = &nodes[h];
        a->ident = 1 + (int)(rnd() % 2);
        a->flow = 0;
        a->id = i;
        a->entered = -1;
        a->capacity = 1 + i % 5;
        a->nextout = first[t];
        first[t] = a;
    }
    long pivots = 0, total = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < N_NODES; i++)
            nodes[i].potential += (long)(rnd() % 7) - 3;
        for (int b = 0; b < N_BLOCKS; b++) {
            struct arc *best = NULL;
            long best_red = 0;
            for (struct arc *a = arcs + (long)b * BLOCK; a < arcs + (long)(b + 1) * BLOCK; a++) {
                if (a->ident == 0)
                    continue;
                long red = a->cost - a->tail->potential + a->head->potential;
                if (a->ident == 2)
                    red = -red;
                if (red < best_red) {
                    best_red = red;
                    best = a;
                }
            }
            if (best) {
                best->ident = best->flow > 0 ? 2 : 0;
                best->flow += 1;
                best->entered = r;
                best->cost += 1;
                pivots++;
                total += best_red;
            }
        }
        /* Arcs that entered the basis leave it again. */
        for (int b = 0; b < N_BLOCKS; b += 7)
            for (int i = b * BLOCK; i < b * BLOCK + 16; i++)
                if (arcs[i].ident == 0)
                    arcs[i].ident = 1;
    }
    unsigned long sum = 0, links = 0, over = 0;
    for (int i = 0; i < N_ARCS; i++) {
        struct arc *a = &arcs[i];
        over += a->flow > a->capacity;
        sum = sum * 31 + (unsigned long)(a->org_cost + a->flow * 7 + a->id % 13 + a->entered);
        if (a->nextout)
            links += (unsigned long)(a->nextout - arcs) % 1000;
    }
    for (int i = 0; i < N_NODES; i++)
        sum += (unsigned long)(nodes[i].potential ^ nodes[i].depth);
    printf("pivots %ld total %ld\n", pivots, total);
    printf("checksum: %lu %lu %lu\n", sum, links, over);
    free(first);
    free(arcs);
    free(nodes);
    return 0;
}
