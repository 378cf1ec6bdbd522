/* particles.c - particle simulation in a box: an array of structs walked one
 * field at a time in the hot loops (an AOS-to-SOA candidate), a uniform grid
 * of cells with intrusive linked lists of particle pointers, collisions,
 * wall bounces, absorption in a sink, and energy/momentum totals.
 *
 * Arithmetic is exact on purpose: positions and velocities are dyadic
 * rationals with few significant bits (dt, gravity and the box size are
 * powers of two), so every product and sum is exact in binary64.  The
 * printed values therefore cannot depend on FMA contraction, vectorisation
 * or optimisation level.  The one division (centre of mass) is a single
 * correctly rounded operation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define NP 2000
#define BOX 32.0
#define NCELL 16             /* cells per axis, cell side 2.0 */
#define RADIUS2 0.25         /* contact distance 0.5, squared */
#define STEPS 400
#define ZERO_G_STEPS 100
#define REPORT_EVERY 50

struct vec3 { double x, y, z; };

struct pcounters { int collisions; int bounces; };

struct particle {
    double x, y, z;
    double vx, vy, vz;
    double mass;
    int id;
    int alive;
    char tag[8];
    struct pcounters cnt;            /* nested by value */
    int cell;
    struct particle *next_in_cell;   /* pointer to the same struct type */
};

struct cell { struct particle *head; int count; };

struct grid {
    int n;
    double inv_side;
    struct cell *cells;
};

struct world;

struct integrator {
    const char *name;
    void (*step)(struct world *w);
};

struct world {
    struct particle *p;
    int np;
    int alive;
    double dt;
    struct vec3 gravity;
    struct grid grid;                /* nested by value */
    const struct integrator *integ;  /* function pointer table entry */
    long collisions, bounces, absorbed;
};

static struct world g_world;                         /* global struct */
static unsigned long long g_rng = 0xda3e39cb94b95bdbULL;

static unsigned rng_next(void)
{
    g_rng = g_rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(g_rng >> 33);
}

/* A multiple of 1/16 in [lo, hi). */
static double rng_sixteenths(int lo, int hi)
{
    return lo + (double)(rng_next() % (unsigned)((hi - lo) * 16)) / 16.0;
}

static void kick(struct world *w)
{
    struct particle *p = w->p;
    int i;
    double dvx = w->gravity.x * w->dt, dvy = w->gravity.y * w->dt, dvz = w->gravity.z * w->dt;
    for (i = 0; i < w->np; i++)
        if (p[i].alive) p[i].vx += dvx;
    for (i = 0; i < w->np; i++)
        if (p[i].alive) p[i].vy += dvy;
    for (i = 0; i < w->np; i++)
        if (p[i].alive) p[i].vz += dvz;
}

static void drift(struct world *w)
{
    struct particle *p = w->p;
    double dt = w->dt;
    int i;
    for (i = 0; i < w->np; i++)
        if (p[i].alive) p[i].x += p[i].vx * dt;
    for (i = 0; i < w->np; i++)
        if (p[i].alive) p[i].y += p[i].vy * dt;
    for (i = 0; i < w->np; i++)
        if (p[i].alive) p[i].z += p[i].vz * dt;
}

static void kick_drift(struct world *w)
{
    kick(w);
    drift(w);
}

static const struct integrator integrators[] = {
    { "drift", drift },
    { "kick-drift", kick_drift },
};

/* Reflect at the walls, one coordinate at a time. */
static void walls(struct world *w)
{
    struct particle *p = w->p;
    int i;
    for (i = 0; i < w->np; i++) {
        if (!p[i].alive) continue;
        if (p[i].x < 0.0) { p[i].x = -p[i].x; p[i].vx = -p[i].vx; p[i].cnt.bounces++; }
        if (p[i].x > BOX) { p[i].x = 2 * BOX - p[i].x; p[i].vx = -p[i].vx; p[i].cnt.bounces++; }
    }
    for (i = 0; i < w->np; i++) {
        if (!p[i].alive) continue;
        if (p[i].y < 0.0) { p[i].y = -p[i].y; p[i].vy = -p[i].vy; p[i].cnt.bounces++; }
        if (p[i].y > BOX) { p[i].y = 2 * BOX - p[i].y; p[i].vy = -p[i].vy; p[i].cnt.bounces++; }
    }
    for (i = 0; i < w->np; i++) {
        if (!p[i].alive) continue;
        if (p[i].z < 0.0) { p[i].z = -p[i].z; p[i].vz = -p[i].vz; p[i].cnt.bounces++; }
        if (p[i].z > BOX) { p[i].z = 2 * BOX - p[i].z; p[i].vz = -p[i].vz; p[i].cnt.bounces++; }
    }
}

/* Particles that reach the sink (a corner of the floor) are removed. */
static void absorb(struct world *w)
{
    int i;
    for (i = 0; i < w->np; i++) {
        struct particle *q = &w->p[i];
        if (q->alive && q->x < 4.0 && q->y < 4.0 && q->z < 2.0) {
            q->alive = 0;
            w->alive--;
            w->absorbed++;
        }
    }
}

static int cell_coord(const struct grid *g, double v)
{
    int c = (int)(v * g->inv_side);
    return c < 0 ? 0 : (c >= g->n ? g->n - 1 : c);
}

static void grid_rebuild(struct world *w)
{
    struct grid *g = &w->grid;
    int i, ncells = g->n * g->n * g->n;
    for (i = 0; i < ncells; i++) {
        g->cells[i].head = NULL;
        g->cells[i].count = 0;
    }
    for (i = 0; i < w->np; i++) {
        struct particle *q = &w->p[i];
        struct cell *c;
        if (!q->alive) continue;
        q->cell = (cell_coord(g, q->z) * g->n + cell_coord(g, q->y)) * g->n + cell_coord(g, q->x);
        c = &g->cells[q->cell];
        q->next_in_cell = c->head;
        c->head = q;
        c->count++;
    }
}

/* Approaching pairs closer than the contact distance exchange velocities
 * (the equal-mass elastic collision rule). */
static long collide_pair(struct particle *a, struct particle *b)
{
    double dx = b->x - a->x, dy = b->y - a->y, dz = b->z - a->z, t;
    double dvx = b->vx - a->vx, dvy = b->vy - a->vy, dvz = b->vz - a->vz;
    if (dx * dx + dy * dy + dz * dz >= RADIUS2)
        return 0;
    if (dx * dvx + dy * dvy + dz * dvz >= 0.0)
        return 0;
    t = a->vx; a->vx = b->vx; b->vx = t;
    t = a->vy; a->vy = b->vy; b->vy = t;
    t = a->vz; a->vz = b->vz; b->vz = t;
    a->cnt.collisions++;
    b->cnt.collisions++;
    return 1;
}

static long collisions(struct world *w)
{
    struct grid *g = &w->grid;
    int n = g->n, cx, cy, cz, ox, oy, oz;
    long hits = 0;
    for (cz = 0; cz < n; cz++)
    for (cy = 0; cy < n; cy++)
    for (cx = 0; cx < n; cx++) {
        int ci = (cz * n + cy) * n + cx;
        struct particle *a, *b;
        for (a = g->cells[ci].head; a; a = a->next_in_cell)
            for (b = a->next_in_cell; b; b = b->next_in_cell)
                hits += collide_pair(a, b);
        for (oz = -1; oz <= 1; oz++)
        for (oy = -1; oy <= 1; oy++)
        for (ox = -1; ox <= 1; ox++) {
            int nx = cx + ox, ny = cy + oy, nz = cz + oz, cj;
            if (nx < 0 || ny < 0 || nz < 0 || nx >= n || ny >= n || nz >= n) continue;
            cj = (nz * n + ny) * n + nx;
            if (cj <= ci) continue;            /* each pair of cells once */
            for (a = g->cells[ci].head; a; a = a->next_in_cell)
                for (b = g->cells[cj].head; b; b = b->next_in_cell)
                    hits += collide_pair(a, b);
        }
    }
    return hits;
}

struct totals {
    double mass, kinetic, potential;
    struct vec3 momentum, mass_moment;
};

static struct totals measure(const struct world *w)
{
    struct totals t;
    const struct particle *p = w->p;
    int i;
    memset(&t, 0, sizeof t);
    for (i = 0; i < w->np; i++)
        if (p[i].alive) t.mass += p[i].mass;
    for (i = 0; i < w->np; i++)
        if (p[i].alive)
            t.kinetic += 0.5 * p[i].mass * (p[i].vx * p[i].vx + p[i].vy * p[i].vy + p[i].vz * p[i].vz);
    for (i = 0; i < w->np; i++)
        if (p[i].alive) t.potential -= p[i].mass * w->gravity.z * p[i].z;
    for (i = 0; i < w->np; i++) {
        if (!p[i].alive) continue;
        t.momentum.x += p[i].mass * p[i].vx;
        t.momentum.y += p[i].mass * p[i].vy;
        t.momentum.z += p[i].mass * p[i].vz;
        t.mass_moment.x += p[i].mass * p[i].x;
        t.mass_moment.y += p[i].mass * p[i].y;
        t.mass_moment.z += p[i].mass * p[i].z;
    }
    return t;
}

static int cmp_speed(const void *pa, const void *pb)
{
    const struct particle *a = *(const struct particle *const *)pa;
    const struct particle *b = *(const struct particle *const *)pb;
    double sa = a->vx * a->vx + a->vy * a->vy + a->vz * a->vz;
    double sb = b->vx * b->vx + b->vy * b->vy + b->vz * b->vz;
    if (sa != sb)
        return sa > sb ? -1 : 1;
    return a->id - b->id;
}

static unsigned long long mix(unsigned long long h, long long v)
{
    return (h ^ (unsigned long long)v) * 1099511628211ULL;
}

static void world_init(struct world *w, int np)
{
    int i;
    w->np = w->alive = np;
    w->dt = 1.0 / 64.0;
    w->gravity.x = 0.0;
    w->gravity.y = 0.0;
    w->gravity.z = -4.0;
    w->p = calloc((size_t)np, sizeof *w->p);
    w->grid.n = NCELL;
    w->grid.inv_side = NCELL / BOX;
    w->grid.cells = calloc((size_t)NCELL * NCELL * NCELL, sizeof *w->grid.cells);
    if (!w->p || !w->grid.cells) {
        fprintf(stderr, "fatal: out of memory\n");
        exit(2);
    }
    for (i = 0; i < np; i++) {
        struct particle *q = &w->p[i];
        q->x = rng_sixteenths(1, 31);
        q->y = rng_sixteenths(1, 31);
        q->z = rng_sixteenths(1, 31);
        q->vx = rng_sixteenths(-4, 4);
        q->vy = rng_sixteenths(-4, 4);
        q->vz = rng_sixteenths(-4, 4);
        q->mass = 1.0 + (double)(rng_next() % 4);
        q->id = i;
        q->alive = 1;
        snprintf(q->tag, sizeof q->tag, "%c%05d", "ABCD"[(int)q->mass - 1], i);
    }
}

int main(void)
{
    struct world *w = &g_world;
    struct particle **order;
    struct totals t;
    unsigned long long check = 1469598103934665603ULL;
    int step, i, hist[8] = { 0 };

    world_init(w, NP);
    t = measure(w);
    printf("init: particles=%d mass=%.1f KE=%.6f PE=%.6f\n", w->np, t.mass, t.kinetic,
           t.potential);
    for (step = 1; step <= STEPS; step++) {
        w->integ = &integrators[step <= ZERO_G_STEPS ? 0 : 1];
        w->integ->step(w);
        walls(w);
        absorb(w);
        grid_rebuild(w);
        w->collisions += collisions(w);
        if (step % REPORT_EVERY == 0) {
            t = measure(w);
            printf("step %3d %-10s alive=%4d KE=%.6f PE=%.6f E=%.6f coll=%ld\n", step,
                   w->integ->name, w->alive, t.kinetic, t.potential, t.kinetic + t.potential,
                   w->collisions);
            check = mix(check, (long long)(t.kinetic * 512.0));
            check = mix(check, (long long)(t.potential * 1024.0));
        }
    }

    t = measure(w);
    printf("momentum: (%.6f, %.6f, %.6f)\n", t.momentum.x, t.momentum.y, t.momentum.z);
    printf("centre of mass: (%.6f, %.6f, %.6f)\n", t.mass_moment.x / t.mass,
           t.mass_moment.y / t.mass, t.mass_moment.z / t.mass);

    for (i = 0; i < w->np; i++) {
        w->bounces += w->p[i].cnt.bounces;
        if (w->p[i].alive)
            hist[(int)(w->p[i].z / 4.0) > 7 ? 7 : (int)(w->p[i].z / 4.0)]++;
    }
    printf("bounces=%ld collisions=%ld absorbed=%ld\n", w->bounces, w->collisions, w->absorbed);
    printf("height histogram:");
    for (i = 0; i < 8; i++)
        printf(" %d", hist[i]);
    printf("\n");

    order = malloc((size_t)w->np * sizeof *order);
    if (!order) {
        fprintf(stderr, "fatal: out of memory\n");
        return 2;
    }
    for (i = 0; i < w->np; i++)
        order[i] = &w->p[i];
    qsort(order, (size_t)w->np, sizeof *order, cmp_speed);
    for (i = 0; i < 5; i++) {
        const struct particle *q = order[i];
        printf("fast %d: %s alive=%d speed2=%.4f collisions=%d bounces=%d\n", i + 1, q->tag,
               q->alive, q->vx * q->vx + q->vy * q->vy + q->vz * q->vz, q->cnt.collisions,
               q->cnt.bounces);
    }

    for (i = 0; i < w->np; i++) {
        const struct particle *q = &w->p[i];
        check = mix(check, q->id * 3 + q->alive);
        check = mix(check, (long long)(q->x * 1024.0));
        check = mix(check, (long long)(q->y * 1024.0));
        check = mix(check, (long long)(q->z * 1024.0));
        check = mix(check, (long long)(q->vx * 16.0) * 65536 + (long long)(q->vz * 16.0));
        check = mix(check, q->cnt.collisions * 1000 + q->cnt.bounces);
    }
    printf("exactness check: %s\n",
           floor(t.kinetic * 512.0) == t.kinetic * 512.0 ? "dyadic" : "rounded");
    free(order);
    free(w->grid.cells);
    free(w->p);
    printf("checksum: %016llx\n", check);
    return 0;
}
