/* A small network of nodes and arcs, in the style of mcf: the arcs carry
 * padding between mixed-size fields and bookkeeping that is written but
 * never read. `dtrans cc -O2 examples/arcs.c -o arcs` packs and trims both
 * structures (one line per structure on stderr) and the program prints the
 * same as when built with clang-19 -O2. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int id;             /* written, never read */
    long potential;
    char mark;          /* written, never read */
};

struct arc {
    char state;
    long cost;
    int serial;         /* written, never read */
    struct node *tail, *head;
    long original_cost; /* written, never read */
    int flow;
};

int main(void)
{
    enum { NODES = 1000, ARCS = 20000, ROUNDS = 50 };
    struct node *nodes = calloc(NODES, sizeof *nodes);
    struct arc *arcs = malloc(ARCS * sizeof *arcs);
    unsigned long long seed = 42;
    for (int i = 0; i < NODES; i++) {
        nodes[i].id = i;
        nodes[i].potential = i % 97;
        nodes[i].mark = 0;
    }
    for (int i = 0; i < ARCS; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        struct arc *a = &arcs[i];
        a->state = (char)(seed >> 60 & 1);
        a->cost = (long)(seed >> 40 & 255);
        a->serial = i;
        a->tail = &nodes[(seed >> 20) % NODES];
        a->head = &nodes[(seed >> 8) % NODES];
        a->original_cost = a->cost;
        a->flow = 0;
    }
    long best_total = 0;
    for (int r = 0; r < ROUNDS; r++) {
        long best = 0;
        struct arc *enter = NULL;
        for (struct arc *a = arcs; a < arcs + ARCS; a++) {
            long red = a->cost - a->tail->potential + a->head->potential;
            if (a->state && red < best) {
                best = red;
                enter = a;
            }
        }
        if (!enter)
            break;
        enter->flow++;
        enter->state = 0;
        enter->head->potential = enter->tail->potential - enter->cost;
        enter->head->mark = 1;
        best_total += best;
    }
    long flow = 0;
    for (int i = 0; i < ARCS; i++)
        flow += arcs[i].flow * (long)(i % 7);
    printf("best total %ld, flow checksum %ld\n", best_total, flow);
    free(arcs);
    free(nodes);
    return 0;
}
