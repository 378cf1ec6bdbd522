/* mcf.c - a minimum-cost flow solver in the style of SPEC's 429.mcf: a primal
 * network simplex over arrays of struct node and struct arc that point at each
 * other (spanning tree kept as pred/child/sibling pointers with depth,
 * orientation and potentials).  A fixed-seed instance is solved, re-solved
 * after a cost change (warm start, other pricing rule) and re-solved with the
 * original costs; every solution is checked for flow conservation, tree
 * consistency and complementary slackness (which proves it optimal).
 * Layout notes: struct node and struct arc have many fields of which the
 * pricing and pivot loops touch only a few (cost, ident, tail/head potential,
 * pred/depth/orientation/basic_arc): classic field reordering and splitting
 * candidates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_NODES 2000
#define N_RANDOM_ARCS 30000
#define N_DEMANDS 300
#define MAX_COST 100
#define RING_COST 1000
#define PEAK_FACTOR 3
#define MAX_ITER 1000000L
#define FLOW_INF 0x3fffffffffffffffLL

#define UP 1
#define DOWN 0
#define BASIC 0
#define AT_LOWER 1

typedef long long cost_t;
typedef long long flow_t;

struct arc;

struct node {
    cost_t potential;
    int orientation;                    /* UP: basic arc points to pred */
    struct node *child, *pred, *sibling, *sibling_prev;
    struct arc *basic_arc;
    struct arc *firstout, *firstin;
    flow_t supply;
    int depth;
    int number;
    long mark;
};

struct arc {
    cost_t cost;
    struct node *tail, *head;
    int ident;                          /* BASIC or AT_LOWER */
    int id;
    struct arc *nextout, *nextin;
    flow_t flow;
    cost_t org_cost;
};

struct simplex_stats { long iterations, degenerate, scanned, refreshes; };

struct network {
    char name[32];
    int n, m, m_real;                   /* nodes (without root), all arcs, real arcs */
    struct node *nodes, *stop_nodes;    /* nodes[0] is the artificial root */
    struct arc *arcs, *stop_arcs, *dummy_arcs;
    cost_t big_m;
    struct simplex_stats st;            /* nested by value */
    struct arc *(*price)(struct network *net);   /* pricing rule */
    int price_pos, block;
    struct node **path;                 /* scratch for pivots */
};

static struct network g_net;            /* global struct, like mcf's `net` */
static unsigned long long g_seed = 0x9e3779b97f4a7c15ULL;

static unsigned rng_next(void)
{
    g_seed = g_seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(g_seed >> 33);
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p) {
        fprintf(stderr, "fatal: out of memory\n");
        exit(2);
    }
    return p;
}

static void set_arc(struct arc *a, int id, struct node *tail, struct node *head, cost_t cost)
{
    a->id = id;
    a->tail = tail;
    a->head = head;
    a->cost = a->org_cost = cost;
    a->ident = AT_LOWER;
    a->flow = 0;
    a->nextout = tail->firstout;
    tail->firstout = a;
    a->nextin = head->firstin;
    head->firstin = a;
}

static void link_child(struct node *parent, struct node *c)
{
    c->sibling = parent->child;
    c->sibling_prev = NULL;
    if (parent->child) parent->child->sibling_prev = c;
    parent->child = c;
}

static void unlink_child(struct node *c)
{
    if (c->sibling_prev) c->sibling_prev->sibling = c->sibling;
    else c->pred->child = c->sibling;
    if (c->sibling) c->sibling->sibling_prev = c->sibling_prev;
}

/* Random instance: a ring of expensive arcs keeps it feasible, random cheap
 * arcs make it interesting, random supply/demand pairs balance to zero. */
static void build(struct network *net, int n, int nrandom, int ndemands)
{
    int i, k = 0;
    strcpy(net->name, "mcf-like random instance");
    net->n = n;
    net->m_real = n + nrandom;
    net->m = net->m_real + n;
    net->nodes = xcalloc((size_t)n + 1, sizeof *net->nodes);
    net->stop_nodes = net->nodes + n + 1;
    net->arcs = xcalloc((size_t)net->m, sizeof *net->arcs);
    net->stop_arcs = net->arcs + net->m;
    net->dummy_arcs = net->arcs + net->m_real;
    net->path = xcalloc((size_t)n + 1, sizeof *net->path);
    for (i = 0; i <= n; i++) net->nodes[i].number = i;
    for (i = 1; i <= n; i++, k++)
        set_arc(&net->arcs[k], k, &net->nodes[i], &net->nodes[i % n + 1], RING_COST);
    while (k < net->m_real) {
        int t = 1 + (int)(rng_next() % (unsigned)n), h = 1 + (int)(rng_next() % (unsigned)n);
        if (t == h) continue;
        set_arc(&net->arcs[k], k, &net->nodes[t], &net->nodes[h], 1 + rng_next() % MAX_COST);
        k++;
    }
    for (i = 0; i < ndemands; i++) {
        int s = 1 + (int)(rng_next() % (unsigned)n), d = 1 + (int)(rng_next() % (unsigned)n);
        flow_t amount = 1 + rng_next() % 40;
        net->nodes[s].supply += amount;
        net->nodes[d].supply -= amount;
    }
    net->big_m = (cost_t)(PEAK_FACTOR * RING_COST + 1) * (n + 1);
    net->block = 64;
}

/* Initial strongly feasible tree: every node hangs off the root through an
 * artificial arc of cost big_m, pointing up when it carries no flow. */
static void init_tree(struct network *net)
{
    struct node *root = net->nodes, *v;
    for (v = net->nodes + 1; v < net->stop_nodes; v++) {
        struct arc *a = &net->dummy_arcs[v->number - 1];
        if (v->supply >= 0) {
            set_arc(a, net->m_real + v->number - 1, v, root, net->big_m);
            a->flow = v->supply;
            v->orientation = UP;
            v->potential = net->big_m;
        } else {
            set_arc(a, net->m_real + v->number - 1, root, v, net->big_m);
            a->flow = -v->supply;
            v->orientation = DOWN;
            v->potential = -net->big_m;
        }
        a->ident = BASIC;
        v->basic_arc = a;
        v->pred = root;
        v->depth = 1;
        link_child(root, v);
    }
}

/* Recompute depth, orientation and potential for the subtree rooted at r
 * (preorder over child/sibling links, r's pred must be up to date). */
static void update_subtree(struct node *r)
{
    struct node *x = r;
    for (;;) {
        const struct arc *a = x->basic_arc;
        x->depth = x->pred->depth + 1;
        if (a->tail == x) {
            x->orientation = UP;
            x->potential = a->cost + x->pred->potential;
        } else {
            x->orientation = DOWN;
            x->potential = x->pred->potential - a->cost;
        }
        if (x->child) {
            x = x->child;
            continue;
        }
        while (x != r && !x->sibling) x = x->pred;
        if (x == r) break;
        x = x->sibling;
    }
}

static void refresh_potential(struct network *net)
{
    struct node *c;
    for (c = net->nodes[0].child; c; c = c->sibling) update_subtree(c);
    net->st.refreshes++;
}

static cost_t red_cost(const struct arc *a)
{
    return a->cost - a->tail->potential + a->head->potential;
}

/* Dantzig's rule: the most negative reduced cost over all arcs. */
static struct arc *price_dantzig(struct network *net)
{
    struct arc *a, *best = NULL;
    cost_t best_rc = 0;
    for (a = net->arcs; a < net->stop_arcs; a++) {
        if (a->ident == AT_LOWER) {
            cost_t rc = red_cost(a);
            if (rc < best_rc) {
                best_rc = rc;
                best = a;
            }
        }
    }
    net->st.scanned += net->m;
    return best;
}

/* Partial pricing: scan blocks cyclically, stop at the first block that
 * holds a candidate and take the best arc of that block. */
static struct arc *price_block(struct network *net)
{
    struct arc *best = NULL;
    cost_t best_rc = 0;
    int scanned = 0;
    while (scanned < net->m && !best) {
        int j;
        for (j = 0; j < net->block && scanned < net->m; j++, scanned++) {
            struct arc *a = &net->arcs[net->price_pos];
            if (++net->price_pos == net->m) net->price_pos = 0;
            if (a->ident == AT_LOWER) {
                cost_t rc = red_cost(a);
                if (rc < best_rc) {
                    best_rc = rc;
                    best = a;
                }
            }
        }
    }
    net->st.scanned += scanned;
    return best;
}

/* One pivot with entering arc `in` (tail k, head l).  The leaving arc is
 * chosen by the strongly-feasible-tree rule, which prevents cycling. */
static int pivot(struct network *net, struct arc *in)
{
    struct node *k = in->tail, *l = in->head, *x, *y, *apex, *q, *jnode, *inode;
    struct node *qk = NULL, *ql = NULL, **path = net->path;
    flow_t dk = FLOW_INF, dl = FLOW_INF, delta;
    int cnt = 0, i;

    for (x = k, y = l; x != y;) {
        if (x->depth >= y->depth) x = x->pred;
        if (y->depth > x->depth) y = y->pred;
    }
    apex = x;
    for (x = k; x != apex; x = x->pred)          /* k side: cycle runs pred -> x */
        if (x->orientation == UP && x->basic_arc->flow < dk) dk = x->basic_arc->flow, qk = x;
    for (x = l; x != apex; x = x->pred)          /* l side: cycle runs x -> pred */
        if (x->orientation == DOWN && x->basic_arc->flow <= dl) dl = x->basic_arc->flow, ql = x;
    if (!qk && !ql)
        return -1;                               /* unbounded */
    delta = dl <= dk ? dl : dk;
    for (x = k; x != apex; x = x->pred)
        x->basic_arc->flow += x->orientation == UP ? -delta : delta;
    for (x = l; x != apex; x = x->pred)
        x->basic_arc->flow += x->orientation == UP ? delta : -delta;
    in->flow += delta;
    net->st.degenerate += delta == 0;

    if (dl <= dk) q = ql, jnode = l, inode = k;
    else q = qk, jnode = k, inode = l;
    q->basic_arc->ident = AT_LOWER;
    in->ident = BASIC;
    /* Re-hang the subtree of q from jnode: reverse the path jnode..q. */
    for (x = jnode;; x = x->pred) {
        path[cnt++] = x;
        if (x == q) break;
    }
    for (i = 0; i < cnt; i++) unlink_child(path[i]);
    for (i = cnt - 1; i >= 1; i--) {
        path[i]->pred = path[i - 1];
        path[i]->basic_arc = path[i - 1]->basic_arc;
    }
    path[0]->pred = inode;
    path[0]->basic_arc = in;
    for (i = 0; i < cnt; i++) link_child(path[i]->pred, path[i]);
    update_subtree(jnode);
    return 0;
}

static long simplex(struct network *net, struct arc *(*price)(struct network *))
{
    struct arc *in;
    long it = 0;
    net->price = price;
    while (it < MAX_ITER && (in = net->price(net)) != NULL) {
        if (pivot(net, in) < 0) return -1;
        it++;
    }
    net->st.iterations += it;
    return it;
}

/* Conservation, tree structure and complementary slackness; returns the
 * number of violations and the cost and artificial flow of the solution. */
static int check(struct network *net, long stamp, cost_t *cost, flow_t *artificial)
{
    struct node *v, *x;
    struct arc *a;
    int bad = 0, seen = 0;
    *cost = 0;
    *artificial = 0;
    for (v = net->nodes; v < net->stop_nodes; v++) {
        flow_t balance = 0;
        for (a = v->firstout; a; a = a->nextout) balance += a->flow;
        for (a = v->firstin; a; a = a->nextin) balance -= a->flow;
        bad += balance != v->supply;
    }
    for (a = net->arcs; a < net->stop_arcs; a++) {
        cost_t rc = red_cost(a);
        bad += a->flow < 0;
        bad += a->ident == BASIC ? rc != 0 : (rc < 0 || a->flow != 0);
        if (a < net->dummy_arcs) *cost += a->cost * a->flow;
        else *artificial += a->flow;
    }
    for (x = net->nodes[0].child; x;) {          /* preorder walk of the tree */
        x->mark = stamp;
        seen++;
        bad += x->depth != x->pred->depth + 1;
        bad += !((x->basic_arc->tail == x && x->basic_arc->head == x->pred) ||
                 (x->basic_arc->head == x && x->basic_arc->tail == x->pred));
        if (x->child) {
            x = x->child;
            continue;
        }
        while (x->pred != net->nodes && !x->sibling) x = x->pred;
        x = x->sibling;
    }
    return bad + (seen != net->n);
}

static unsigned long long mix(unsigned long long h, long long v)
{
    return (h ^ (unsigned long long)v) * 1099511628211ULL;
}

static unsigned long long report(struct network *net, const char *phase, long iters,
                                 unsigned long long h)
{
    cost_t cost;
    flow_t art;
    int bad = check(net, iters, &cost, &art);
    printf("%-26s iterations=%-5ld cost=%-9lld artificial=%lld check=%s\n", phase, iters, cost,
           art, bad ? "FAILED" : "ok");
    return mix(mix(mix(h, cost), art), bad);
}

int main(void)
{
    struct network *net = &g_net;
    struct node *v, *deepest;
    struct arc *a;
    unsigned long long h = 1469598103934665603ULL, fsum = 0;
    flow_t total_supply = 0, maxflow = 0;
    cost_t cost1, cost3;
    flow_t art;
    long it;
    int used = 0;

    build(net, N_NODES, N_RANDOM_ARCS, N_DEMANDS);
    for (v = net->nodes + 1; v < net->stop_nodes; v++)
        total_supply += v->supply > 0 ? v->supply : 0;
    printf("%s: nodes=%d arcs=%d supply=%lld\n", net->name, net->n, net->m_real, total_supply);
    init_tree(net);

    it = simplex(net, price_block);
    h = report(net, "phase 1 (block pricing)", it, h);
    check(net, 0, &cost1, &art);

    for (a = net->arcs; a < net->dummy_arcs; a++)
        if (a->id % 4 == 0) a->cost = a->org_cost * PEAK_FACTOR;
    refresh_potential(net);
    it = simplex(net, price_dantzig);
    h = report(net, "phase 2 (peak, dantzig)", it, h);

    for (a = net->arcs; a < net->dummy_arcs; a++) a->cost = a->org_cost;
    refresh_potential(net);
    it = simplex(net, price_block);
    h = report(net, "phase 3 (restored, block)", it, h);
    check(net, 0, &cost3, &art);
    printf("restored optimum %s phase 1 (%lld)\n", cost3 == cost1 ? "matches" : "DIFFERS FROM",
           cost1);

    for (a = net->arcs; a < net->dummy_arcs; a++) {
        if (a->flow > 0) used++;
        if (a->flow > maxflow) maxflow = a->flow;
        fsum = mix(fsum, (long long)a->id * 1000003LL + a->flow);
    }
    deepest = net->nodes + 1;
    for (v = net->nodes + 1; v < net->stop_nodes; v++) {
        if (v->depth > deepest->depth) deepest = v;
        h = mix(h, v->potential);
    }
    printf("arcs with flow=%d max arc flow=%lld deepest node=%d depth=%d\n", used, maxflow,
           deepest->number, deepest->depth);
    printf("total iterations=%ld degenerate=%ld refreshes=%ld\n", net->st.iterations,
           net->st.degenerate, net->st.refreshes);
    printf("flow checksum: %016llx\n", fsum);
    h = mix(h, (long long)fsum);
    h = mix(h, net->st.iterations);
    free(net->path);
    free(net->arcs);
    free(net->nodes);
    printf("checksum: %016llx\n", h);
    return 0;
}
