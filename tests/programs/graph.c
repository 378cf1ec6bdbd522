/* graph.c - graph algorithms over adjacency lists made of linked edge structs:
 * a fixed-seed LCG graph analysed with Dijkstra (binary heap of structs), BFS
 * through a visitor with a function pointer, connected components (stack of
 * vertex pointers) and triangle counting over sorted adjacency lists.
 * struct vertex mixes hot fields (adj, dist, flags, parent) with cold ones
 * (struct vmeta: name buffer, debug counters): a field reordering / hot-cold
 * splitting candidate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NV 40000
#define NE_TRY 56000
#define EDGE_CHUNK 512
#define INF 0x3fffffff
#define MAX_LEVELS 24

enum { VF_DONE = 1, VF_VISITED = 2, VF_HUB = 4, VF_SOURCE = 8 };

struct edge {
    int to;
    int weight;
    struct edge *next;
};

struct vmeta {              /* cold: touched only when reporting/debugging */
    char name[20];
    unsigned created_order;
    long debug_touch;
    long debug_relax;
};

struct vertex {
    struct edge *adj;       /* hot */
    int dist;               /* hot */
    int degree;
    int component;
    int level;
    unsigned flags;         /* hot */
    struct vmeta meta;      /* nested by value, cold */
    struct vertex *parent;  /* pointer to the same struct type */
};

struct graph {
    int nv, ne;
    struct vertex *verts;
    struct edge **chunks;   /* pointer-to-pointer: edge allocation chunks */
    int nchunks, chunk_cap, chunk_used;
};

struct heap_item { int key; int v; };

struct heap { struct heap_item *items; int size; int cap; };

struct visitor {
    const char *name;
    void (*visit)(struct graph *g, struct vertex *v, void *ctx);
    void *ctx;
};

struct sp_result { int reached, maxdist, far, hops; long long total; long relax; };

struct level_hist { int counts[MAX_LEVELS]; int maxlevel; };

static struct graph *g_graph;          /* global pointer to struct */
static struct { unsigned long long state; } g_rng = { 0x2545F4914F6CDD1DULL };
static int g_debug;

static void *xalloc(void *old, size_t n, int zero)
{
    void *p = zero ? calloc(1, n) : realloc(old, n);
    if (!p) {
        fprintf(stderr, "fatal: out of memory\n");
        exit(2);
    }
    return p;
}

static unsigned rng_next(void)
{
    g_rng.state = g_rng.state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(g_rng.state >> 33);
}

static int rng_range(int n) { return (int)(rng_next() % (unsigned)n); }

static struct graph *graph_create(int nv)
{
    struct graph *g = xalloc(NULL, sizeof *g, 1);
    int i;
    g->nv = nv;
    g->verts = xalloc(NULL, (size_t)nv * sizeof *g->verts, 1);
    for (i = 0; i < nv; i++) {
        struct vertex *v = &g->verts[i];
        snprintf(v->meta.name, sizeof v->meta.name, "v%05d", i);
        v->meta.created_order = (unsigned)i;
        v->component = -1;
    }
    return g;
}

static struct edge *alloc_edge(struct graph *g)
{
    if (g->nchunks == 0 || g->chunk_used == EDGE_CHUNK) {
        if (g->nchunks == g->chunk_cap) {
            int ncap = g->chunk_cap ? g->chunk_cap * 2 : 4;
            g->chunks = xalloc(g->chunks, (size_t)ncap * sizeof *g->chunks, 0);
            g->chunk_cap = ncap;
        }
        g->chunks[g->nchunks++] = xalloc(NULL, EDGE_CHUNK * sizeof(struct edge), 0);
        g->chunk_used = 0;
    }
    return &g->chunks[g->nchunks - 1][g->chunk_used++];
}

/* Insert u->v keeping the list sorted by target; parallel edges keep the
 * smaller weight.  Returns 1 when a new edge was created. */
static int add_arc(struct graph *g, int u, int v, int w)
{
    struct edge **pp = &g->verts[u].adj;
    struct edge *e;
    while (*pp && (*pp)->to < v) pp = &(*pp)->next;
    if (*pp && (*pp)->to == v) {
        (*pp)->weight = w < (*pp)->weight ? w : (*pp)->weight;
        return 0;
    }
    e = alloc_edge(g);
    e->to = v;
    e->weight = w;
    e->next = *pp;
    *pp = e;
    g->verts[u].degree++;
    return 1;
}

static int add_edge(struct graph *g, int u, int v, int w)
{
    int created = add_arc(g, u, v, w);
    add_arc(g, v, u, w);
    g->ne += created;
    return created;
}

/* Remove every arc heavier than maxw (weights are symmetric, so the graph
 * stays undirected).  Returns the number of arcs removed. */
static int prune_heavy(struct graph *g, int maxw)
{
    int i, removed = 0;
    for (i = 0; i < g->nv; i++) {
        struct edge **pp = &g->verts[i].adj;
        while (*pp) {
            if ((*pp)->weight > maxw) {
                *pp = (*pp)->next;
                g->verts[i].degree--;
                removed++;
            } else {
                pp = &(*pp)->next;
            }
        }
    }
    g->ne -= removed / 2;
    return removed;
}

static int item_less(const struct heap_item *a, const struct heap_item *b)
{
    return a->key < b->key || (a->key == b->key && a->v < b->v);
}

static void heap_push(struct heap *h, int key, int v)
{
    struct heap_item it;
    int i;
    if (h->size == h->cap) {
        int ncap = h->cap ? h->cap * 2 : 64;
        h->items = xalloc(h->items, (size_t)ncap * sizeof *h->items, 0);
        h->cap = ncap;
    }
    it.key = key;
    it.v = v;
    i = h->size++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!item_less(&it, &h->items[p])) break;
        h->items[i] = h->items[p];
        i = p;
    }
    h->items[i] = it;
}

static struct heap_item heap_pop(struct heap *h)
{
    struct heap_item top = h->items[0], last = h->items[--h->size];
    int i = 0;
    if (h->size == 0) return top;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->size) break;
        if (c + 1 < h->size && item_less(&h->items[c + 1], &h->items[c])) c++;
        if (!item_less(&h->items[c], &last)) break;
        h->items[i] = h->items[c];
        i = c;
    }
    h->items[i] = last;
    return top;
}

static struct sp_result dijkstra(struct graph *g, int src, struct heap *h)
{
    struct sp_result r;
    struct vertex *p;
    int i;
    memset(&r, 0, sizeof r);
    r.far = src;
    for (i = 0; i < g->nv; i++) {
        g->verts[i].dist = INF;
        g->verts[i].parent = NULL;
        g->verts[i].flags &= ~VF_DONE;
    }
    g->verts[src].dist = 0;
    g->verts[src].flags |= VF_SOURCE;
    h->size = 0;
    heap_push(h, 0, src);
    while (h->size > 0) {
        struct heap_item it = heap_pop(h);
        struct vertex *u = &g->verts[it.v];
        struct edge *e;
        if (u->flags & VF_DONE) continue;
        u->flags |= VF_DONE;
        r.reached++;
        r.total += u->dist;
        if (u->dist > r.maxdist) {
            r.maxdist = u->dist;
            r.far = it.v;
        }
        for (e = u->adj; e; e = e->next) {
            struct vertex *v = &g->verts[e->to];
            int nd = u->dist + e->weight;
            if (nd < v->dist) {
                v->dist = nd;
                v->parent = u;
                heap_push(h, nd, e->to);
                r.relax++;
                if (g_debug) v->meta.debug_relax++;
            }
        }
    }
    for (p = &g->verts[r.far]; p->parent; p = p->parent) r.hops++;
    return r;
}

static int bfs(struct graph *g, int src, int *queue, const struct visitor *vis)
{
    int head = 0, tail = 0, i;
    for (i = 0; i < g->nv; i++) {
        g->verts[i].flags &= ~VF_VISITED;
        g->verts[i].level = -1;
    }
    queue[tail++] = src;
    g->verts[src].flags |= VF_VISITED;
    g->verts[src].level = 0;
    while (head < tail) {
        struct vertex *u = &g->verts[queue[head++]];
        struct edge *e;
        vis->visit(g, u, vis->ctx);
        for (e = u->adj; e; e = e->next) {
            struct vertex *w = &g->verts[e->to];
            if (!(w->flags & VF_VISITED)) {
                w->flags |= VF_VISITED;
                w->level = u->level + 1;
                queue[tail++] = e->to;
            }
        }
    }
    return tail;
}

static void visit_levels(struct graph *g, struct vertex *v, void *ctx)
{
    struct level_hist *lh = ctx;
    int l = v->level < MAX_LEVELS ? v->level : MAX_LEVELS - 1;
    (void)g;
    lh->counts[l]++;
    if (v->level > lh->maxlevel) lh->maxlevel = v->level;
    if (g_debug) v->meta.debug_touch++;
}

static void visit_hash(struct graph *g, struct vertex *v, void *ctx)
{
    unsigned long long *h = ctx;
    long idx = (long)(v - g->verts);
    *h = (*h ^ (unsigned long long)(idx * 7 + v->level)) * 1099511628211ULL;
}

static int components(struct graph *g, int *largest, int *isolated)
{
    struct vertex **stack = xalloc(NULL, (size_t)g->nv * sizeof *stack, 0);
    int ncomp = 0, i;
    *largest = 0;
    *isolated = 0;
    for (i = 0; i < g->nv; i++) g->verts[i].component = -1;
    for (i = 0; i < g->nv; i++) {
        int sp = 0, size = 0;
        if (g->verts[i].component >= 0) continue;
        g->verts[i].component = ncomp;
        stack[sp++] = &g->verts[i];
        while (sp > 0) {
            struct vertex *v = stack[--sp];
            struct edge *e;
            size++;
            for (e = v->adj; e; e = e->next) {
                struct vertex *w = &g->verts[e->to];
                if (w->component < 0) {
                    w->component = ncomp;
                    stack[sp++] = w;
                }
            }
        }
        *largest = size > *largest ? size : *largest;
        *isolated += size == 1;
        ncomp++;
    }
    free(stack);
    return ncomp;
}

/* Triangles counted once each (u < v < w) by merging sorted lists. */
static long count_triangles(const struct graph *g)
{
    long tri = 0;
    int u;
    for (u = 0; u < g->nv; u++) {
        const struct edge *e;
        for (e = g->verts[u].adj; e; e = e->next) {
            const struct edge *a, *b;
            if (e->to <= u) continue;
            a = e->next;                 /* neighbours of u greater than v */
            b = g->verts[e->to].adj;
            while (a && b) {
                if (a->to < b->to) a = a->next;
                else if (b->to < a->to) b = b->next;
                else {
                    tri++;
                    a = a->next;
                    b = b->next;
                }
            }
        }
    }
    return tri;
}

static void graph_free(struct graph *g)
{
    int i;
    for (i = 0; i < g->nchunks; i++) free(g->chunks[i]);
    free(g->chunks);
    free(g->verts);
    free(g);
}

int main(int argc, char **argv)
{
    static const int sources[] = { 0, 17, 12345, NV - 1, 777, NV / 2 };
    struct heap heap = { NULL, 0, 0 };
    struct level_hist lh;
    struct visitor vis = { "levels", visit_levels, &lh };
    unsigned long long check = 1469598103934665603ULL, bh;
    int *queue;
    int i, k, dups = 0, mindeg = INF, maxdeg = 0, hubs = 0, hub = 0;
    int ncomp, largest, isolated, removed;
    long degsum = 0, tri;
    (void)argv;
    g_debug = argc > 1;

    g_graph = graph_create(NV);
    for (k = 0; k < NE_TRY; k++) {
        int u = rng_range(NV), v, w = 1 + rng_range(100);
        if (rng_next() & 1)
            v = (u + 1 + rng_range(12)) % NV;   /* local edge */
        else
            v = rng_range(NV);                  /* long-range edge */
        if (u == v) continue;
        if (!add_edge(g_graph, u, v, w)) dups++;
    }
    printf("graph: vertices=%d edges=%d duplicates=%d chunks=%d\n",
           g_graph->nv, g_graph->ne, dups, g_graph->nchunks);
    removed = prune_heavy(g_graph, 95);
    printf("pruned: arcs_removed=%d edges=%d\n", removed, g_graph->ne);

    for (i = 0; i < g_graph->nv; i++) {
        struct vertex *v = &g_graph->verts[i];
        degsum += v->degree;
        mindeg = v->degree < mindeg ? v->degree : mindeg;
        if (v->degree > maxdeg) maxdeg = v->degree, hub = i;
        if (v->degree >= 6) v->flags |= VF_HUB, hubs++;
    }
    printf("degree: min=%d max=%d avg_x100=%ld hubs=%d top=%s\n",
           mindeg, maxdeg, degsum * 100 / g_graph->nv, hubs,
           g_graph->verts[hub].meta.name);
    check = (check ^ (unsigned long long)degsum) * 1099511628211ULL;

    ncomp = components(g_graph, &largest, &isolated);
    printf("components: count=%d largest=%d isolated=%d\n", ncomp, largest, isolated);
    check = (check ^ (unsigned long long)(ncomp * 65536 + largest)) * 1099511628211ULL;

    for (i = 0; i < (int)(sizeof sources / sizeof sources[0]); i++) {
        struct sp_result r = dijkstra(g_graph, sources[i], &heap);
        printf("dijkstra src=%-6s reached=%d total=%lld max=%d far=%s hops=%d relax=%ld\n",
               g_graph->verts[sources[i]].meta.name, r.reached, r.total, r.maxdist,
               g_graph->verts[r.far].meta.name, r.hops, r.relax);
        check = (check ^ (unsigned long long)r.total) * 1099511628211ULL;
        check = (check ^ (unsigned long long)(r.far * 131 + r.hops)) * 1099511628211ULL;
    }

    queue = xalloc(NULL, (size_t)g_graph->nv * sizeof *queue, 0);
    memset(&lh, 0, sizeof lh);
    k = bfs(g_graph, hub, queue, &vis);
    printf("bfs(%s) from %s: reached=%d eccentricity=%d\n", vis.name,
           g_graph->verts[hub].meta.name, k, lh.maxlevel);
    printf("levels:");
    for (i = 0; i <= lh.maxlevel && i < MAX_LEVELS; i++)
        printf(" %d", lh.counts[i]);
    printf("\n");

    bh = 1469598103934665603ULL;
    vis.name = "hash";
    vis.visit = visit_hash;
    vis.ctx = &bh;
    k = bfs(g_graph, sources[1], queue, &vis);
    printf("bfs(%s) from %s: reached=%d order_hash=%016llx\n", vis.name,
           g_graph->verts[sources[1]].meta.name, k, bh);
    check = (check ^ bh) * 1099511628211ULL;

    tri = count_triangles(g_graph);
    printf("triangles: %ld\n", tri);
    check = (check ^ (unsigned long long)tri) * 1099511628211ULL;
    for (i = 0; g_debug && i < 5; i++)
        fprintf(stderr, "%s relax=%ld touch=%ld\n", g_graph->verts[i].meta.name,
                g_graph->verts[i].meta.debug_relax, g_graph->verts[i].meta.debug_touch);

    free(queue);
    free(heap.items);
    graph_free(g_graph);
    g_graph = NULL;
    printf("checksum: %016llx\n", check);
    return 0;
}
