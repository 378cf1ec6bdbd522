/* mcf_cold.c - the pricing loop of an mcf-style network simplex (as in
 * ../mcf) whose arcs carry cold data that stays live.
 *
 * Every round perturbs the node potentials, prices all arcs in blocks
 * (reduced cost = cost - tail potential + head potential) and lets the most
 * violating arc of each block enter the basis.  The arcs also carry their
 * original cost, a serial number, a capacity, how often and when they last
 * entered the basis and at which reduced cost, and the links of the lists of
 * arcs leaving and entering each node: the pricing loop never touches them,
 * but pivots update some and the final report reads them all, so none of
 * them is dead.
 *
 * Layout: struct arc is 88 bytes with no removable field and almost no
 * padding; the pricing loop reads 29 bytes of it.  Splitting it into a hot
 * record (cost, tail, head, flow, ident: 32 bytes) and a cold one (org_cost,
 * id, pivots, entered, nextout, nextin, capacity, entry_red: 56 bytes) cuts
 * the bytes the loop streams by almost two thirds. */
#include <stdio.h>
#include <stdlib.h>

#define N_NODES 40000
#define ARCS_PER_NODE 125
#define N_ARCS (N_NODES * ARCS_PER_NODE)
#define BLOCK 2048
#define N_BLOCKS ((N_ARCS + BLOCK - 1) / BLOCK)
#define ROUNDS 44
#define MAX_COST 100

#define BASIC 0
#define AT_LOWER 1
#define AT_UPPER 2

struct arc;

struct node {
    long potential;          /* hot: read for every arc priced */
    struct arc *basic_arc;   /* the arc that last fixed this potential */
    struct arc *firstout;    /* first arc leaving this node */
    struct arc *firstin;     /* first arc entering this node */
    int number;
};

struct arc {
    long cost;               /* hot */
    struct node *tail;       /* hot */
    struct node *head;       /* hot */
    long org_cost;           /* cold: the cost before any change */
    int id;                  /* cold: serial number */
    int flow;                /* hot in pivots */
    char ident;              /* BASIC, AT_LOWER or AT_UPPER: hot */
    int pivots;              /* cold: how often it entered the basis */
    long entered;            /* cold: round of the last pivot */
    struct arc *nextout;     /* cold: next arc with the same tail */
    struct arc *nextin;      /* cold: next arc with the same head */
    long capacity;           /* cold: checked by the final report */
    long entry_red;          /* cold: reduced cost at the last pivot */
};

static struct node *nodes;
static struct arc *arcs;

static unsigned long long rng_state = 0x5851f42d4c957f2dULL;

static unsigned rng(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33);
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

static void build(int n, int m)
{
    int i;
    nodes = xmalloc((size_t)n * sizeof(struct node));
    arcs = xmalloc((size_t)m * sizeof(struct arc));
    for (i = 0; i < n; i++) {
        nodes[i].number = i;
        nodes[i].potential = (long)(rng() % 4096);
        nodes[i].basic_arc = NULL;
        nodes[i].firstout = NULL;
        nodes[i].firstin = NULL;
    }
    for (i = m - 1; i >= 0; i--) {
        struct arc *a = &arcs[i];
        int t = i / ARCS_PER_NODE;
        int h = (int)(rng() % (unsigned)n);
        if (h == t)
            h = (h + 1) % n;
        a->id = i;
        a->tail = &nodes[t];
        a->head = &nodes[h];
        a->cost = 1 + (long)(rng() % MAX_COST);
        a->org_cost = a->cost;
        a->flow = 0;
        a->ident = AT_LOWER;
        a->pivots = 0;
        a->entered = -1;
        a->capacity = 1 + i % 3;
        a->entry_red = 0;
        a->nextout = a->tail->firstout;
        a->tail->firstout = a;
        a->nextin = a->head->firstin;
        a->head->firstin = a;
    }
}

static void leave(struct arc *a)
{
    a->ident = a->flow > 0 ? AT_UPPER : AT_LOWER;
}

static void enter(struct arc *a, long round, long red)
{
    if (a->ident == AT_LOWER) {
        a->flow += 1;
        a->head->potential = a->tail->potential - a->cost;
        a->head->basic_arc = a;
    } else {
        a->flow -= 1;
        a->tail->potential = a->head->potential + a->cost;
        a->tail->basic_arc = a;
    }
    a->ident = BASIC;
    a->pivots++;
    a->entered = round;
    a->entry_red = red;
}

/* One pricing pass over all arcs, block by block: in each block the most
 * violating arc (most negative reduced cost) enters the basis and the block's
 * previous entering arc leaves it.  Returns the number of pivots. */
static long price_round(struct arc **in_basis, long round, long *idle)
{
    long pivots = 0;
    int b;
    for (b = 0; b < N_BLOCKS; b++) {
        struct arc *begin = arcs + (long)b * BLOCK;
        struct arc *end = b == N_BLOCKS - 1 ? arcs + N_ARCS : begin + BLOCK;
        struct arc *best = NULL, *a;
        long best_red = 0;
        for (a = begin; a < end; a++) {
            long red;
            if (a->ident == BASIC)
                continue;
            red = a->cost - a->tail->potential + a->head->potential;
            if (a->ident == AT_UPPER)
                red = -red;
            if (red < best_red) {
                best_red = red;
                best = a;
            }
        }
        if (!best) {
            (*idle)++;
            continue;
        }
        if (in_basis[b])
            leave(in_basis[b]);
        enter(best, round, best_red);
        in_basis[b] = best;
        pivots++;
    }
    return pivots;
}

/* The final report: the only reader of the cold fields. */
static void report(void)
{
    unsigned long sum_pot = 0, sum_cold = 0;
    long sum_flow = 0, sum_basic = 0, sum_first = 0, sum_next = 0, over = 0, counts[3] = {0, 0, 0};
    int i;
    for (i = 0; i < N_NODES; i++) {
        sum_pot = sum_pot * 31 + (unsigned long)nodes[i].potential;
        if (nodes[i].basic_arc)
            sum_basic += nodes[i].basic_arc - arcs;
        if (nodes[i].firstout)
            sum_first += (nodes[i].firstout - arcs) ^ nodes[i].number;
        if (nodes[i].firstin)
            sum_first += nodes[i].firstin - arcs;
    }
    for (i = 0; i < N_ARCS; i++) {
        struct arc *a = &arcs[i];
        counts[(int)a->ident]++;
        sum_flow += (long)a->flow * (i % 13 + 1);
        sum_cold = sum_cold * 1000003 + (unsigned long)(a->org_cost * 7 + a->entered + 3 * a->id + 11 * a->pivots);
        sum_cold += (unsigned long)a->entry_red;
        if (a->flow > a->capacity || -a->flow > a->capacity)
            over++;
        if (a->nextout)
            sum_next += a->nextout - a;
        if (a->nextin)
            sum_next += (a->nextin - arcs) % 1024;
    }
    printf("basic %ld at lower %ld at upper %ld\n", counts[BASIC], counts[AT_LOWER], counts[AT_UPPER]);
    printf("list links %ld %ld, over capacity %ld\n", sum_first, sum_next, over);
    printf("checksum: %lu %lu %ld %ld\n", sum_pot, sum_cold, sum_flow, sum_basic);
}

int main(void)
{
    struct arc **in_basis;
    long pivots = 0, idle = 0;
    int r, b, i;

    build(N_NODES, N_ARCS);
    in_basis = xmalloc((size_t)N_BLOCKS * sizeof(struct arc *));
    for (b = 0; b < N_BLOCKS; b++)
        in_basis[b] = NULL;

    for (r = 0; r < ROUNDS; r++) {
        long round_pivots;
        for (i = 0; i < N_NODES; i++)
            nodes[i].potential -= (long)(rng() % 256);
        round_pivots = price_round(in_basis, r, &idle);
        pivots += round_pivots;
        if (r % 8 == 0 || r == ROUNDS - 1)
            printf("round %d: %ld pivots\n", r, round_pivots);
    }
    printf("nodes %d arcs %d rounds %d\n", N_NODES, N_ARCS, ROUNDS);
    printf("pivots %ld idle blocks %ld\n", pivots, idle);
    report();
    free(in_basis);
    free(arcs);
    free(nodes);
    return 0;
}
