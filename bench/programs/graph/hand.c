/* Hand-optimized variant (bench/layout_bench.py): graph.c with dead fields
 * deleted, `degree` replaced by its constant and the rest reordered; see
 * README.md.  Only the structure definitions and the code they force differ
 * from the original; the comments below are the original's. */
/* graph.c - breadth-first search and single-source shortest paths (a FIFO
 * label-correcting Bellman-Ford) over a graph of 600,000 vertices in
 * compressed adjacency form: an array of struct vertex, each owning a run
 * of struct edge in one large edge array.
 *
 * The graph is road-like: most edges go to nearby vertex numbers, some
 * anywhere; every vertex has the same out-degree.  The searches pop vertex
 * numbers from a queue, scan the vertex's run of edges and touch the
 * vertices at their ends.
 *
 * Layout: struct vertex carries a component colour and drawing coordinates
 * that are written but never read, an out-degree that is the same constant
 * for every vertex, and a one-byte flag in front of a long (hole); struct
 * edge carries a length, a class and an id that are written but never read
 * around the two ints the searches use. */
#include <stdio.h>
#include <stdlib.h>

#define N_VERTICES 600000
#define DEGREE 8
#define N_EDGES ((long)N_VERTICES * DEGREE)
#define NEAR 32
#define MAX_WEIGHT 100
#define N_BFS 2
#define N_SSSP 1
#define INF 0x3fffffffffffffffL

struct vertex {
    long dist;                 /* shortest distance found so far */
    int first;                 /* index of the first outgoing edge */
    int level;                 /* BFS level, -1 when not reached */
    int parent;                /* predecessor on a shortest path */
    char in_queue;             /* label-correcting queue membership */
};

struct edge {
    int to;
    int weight;                /* travel time used by the searches */
};

struct graph {
    struct vertex *v;
    struct edge *e;
    int n;
    int *queue;                /* n + 1 slots, used as a ring */
};

static unsigned long long rng_state = 0xbf58476d1ce4e5b9ULL;

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

static void build(struct graph *g, int n)
{
    int i, k;
    g->n = n;
    g->v = xmalloc((size_t)n * sizeof(struct vertex));
    g->e = xmalloc((size_t)n * DEGREE * sizeof(struct edge));
    g->queue = xmalloc((size_t)(n + 1) * sizeof(int));
    for (i = 0; i < n; i++) {
        struct vertex *v = &g->v[i];
        v->in_queue = 0;
        v->dist = INF;
        v->first = i * DEGREE;
        v->level = -1;
        v->parent = -1;
        for (k = 0; k < DEGREE; k++) {
            struct edge *e = &g->e[v->first + k];
            int to;
            if (rng() % 4 != 0)
                to = (int)(((long)i + n + (long)(rng() % (2 * NEAR + 1)) - NEAR) % n);
            else
                to = (int)(rng() % (unsigned)n);
            e->to = to;
            e->weight = 1 + (int)(rng() % MAX_WEIGHT);
        }
    }
}

/* Levels from src; returns the number of vertices reached and the sum of
 * their levels in *level_sum. */
static int bfs(struct graph *g, int src, long *level_sum)
{
    int head = 0, tail = 0, i, reached = 0;
    for (i = 0; i < g->n; i++)
        g->v[i].level = -1;
    g->v[src].level = 0;
    g->queue[tail++] = src;
    *level_sum = 0;
    while (head < tail) {
        struct vertex *u = &g->v[g->queue[head++]];
        int k;
        reached++;
        *level_sum += u->level;
        for (k = 0; k < DEGREE; k++) {
            struct vertex *w = &g->v[g->e[u->first + k].to];
            if (w->level < 0) {
                w->level = u->level + 1;
                g->queue[tail++] = (int)(w - g->v);
            }
        }
    }
    return reached;
}

/* Shortest distances from src (queue-based Bellman-Ford); returns the
 * number of relaxations. */
static long sssp(struct graph *g, int src)
{
    int head = 0, tail = 0, i, ring = g->n + 1;
    long relaxed = 0;
    for (i = 0; i < g->n; i++) {
        g->v[i].dist = INF;
        g->v[i].parent = -1;
        g->v[i].in_queue = 0;
    }
    g->v[src].dist = 0;
    g->v[src].in_queue = 1;
    g->queue[tail] = src;
    tail = (tail + 1) % ring;
    while (head != tail) {
        int ui = g->queue[head];
        struct vertex *u = &g->v[ui];
        int k;
        head = (head + 1) % ring;
        u->in_queue = 0;
        for (k = 0; k < DEGREE; k++) {
            const struct edge *e = &g->e[u->first + k];
            struct vertex *w = &g->v[e->to];
            long d = u->dist + e->weight;
            if (d < w->dist) {
                w->dist = d;
                w->parent = ui;
                relaxed++;
                if (!w->in_queue) {
                    w->in_queue = 1;
                    g->queue[tail] = e->to;
                    tail = (tail + 1) % ring;
                }
            }
        }
    }
    return relaxed;
}

/* Sum of the distances, and the hop count of the shortest-path tree paths
 * from a few vertices back to the source. */
static void summarize(struct graph *g, long *dist_sum, long *hops)
{
    int i;
    *dist_sum = 0;
    *hops = 0;
    for (i = 0; i < g->n; i++)
        if (g->v[i].dist < INF)
            *dist_sum += g->v[i].dist;
    for (i = 0; i < g->n; i += g->n / 64) {
        int x = i;
        while (g->v[x].parent >= 0) {
            x = g->v[x].parent;
            (*hops)++;
        }
    }
}

int main(void)
{
    struct graph g;
    unsigned long check = 0;
    int r;

    build(&g, N_VERTICES);
    printf("vertices %d edges %ld\n", g.n, N_EDGES);
    for (r = 0; r < N_BFS; r++) {
        long level_sum;
        int src = (int)(rng() % (unsigned)g.n);
        int reached = bfs(&g, src, &level_sum);
        check = check * 1000003 + (unsigned long)level_sum;
        printf("bfs from %d: reached %d, level sum %ld\n", src, reached, level_sum);
    }
    for (r = 0; r < N_SSSP; r++) {
        long dist_sum, hops;
        int src = (int)(rng() % (unsigned)g.n);
        long relaxed = sssp(&g, src);
        summarize(&g, &dist_sum, &hops);
        check = check * 1000003 + (unsigned long)dist_sum + (unsigned long)hops;
        printf("sssp from %d: relaxations %ld, distance sum %ld, path hops %ld\n", src, relaxed, dist_sum, hops);
    }
    printf("checksum: %lu\n", check);
    free(g.queue);
    free(g.e);
    free(g.v);
    return 0;
}
