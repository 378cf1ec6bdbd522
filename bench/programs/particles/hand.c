/* Hand-optimized variant (bench/layout_bench.py): particles.c with dead
 * fields deleted, `alive` folded to its constant; see README.md.  Only the
 * structure definitions and the code they force differ from the original;
 * the comments below are the original's. */
/* particles.c - particles in a box, integrated in separate passes over one
 * large array of struct particle (force, kick, drift, walls), with energy
 * and momentum statistics every few steps.
 *
 * Each pass reads and writes only a few fields of every particle, so the
 * whole record is streamed from memory for a handful of bytes of work.
 * Layout: struct particle interleaves chars and an int with doubles (holes),
 * carries a serial number, a debug flag and a step stamp that are written but
 * never read, and an `alive` flag that is 1 for every particle (particles are
 * never removed), tested by every pass.  The arithmetic is in binary fractions
 * and the sums run in array order, so the output does not depend on the
 * layout or on vectorisation. */
#include <stdio.h>
#include <stdlib.h>

#define N_PARTICLES 2000000
#define STEPS 24
#define STATS_EVERY 8
#define BOX 1024.0
#define DT 0.0078125           /* 1/128 */
#define SPRING 0.0625
#define GRAVITY 0.5
#define DAMP 0.001953125       /* 1/512 */

struct particle {
    double x, y, z;
    double vx, vy, vz;
    double mass;
    double ax, ay, az;
};

struct stats {
    double kinetic;
    double px, py, pz;
    double cx, cy, cz;
    long bounces;
};

static unsigned long long rng_state = 0x853c49e6748fea9bULL;

static unsigned rng(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33);
}

/* A random multiple of 1/64 in [lo, hi). */
static double uniform(double lo, double hi)
{
    unsigned steps = (unsigned)((hi - lo) * 64.0);
    return lo + (double)(rng() % steps) / 64.0;
}

static struct particle *create(int n)
{
    struct particle *ps = malloc((size_t)n * sizeof(struct particle));
    int i;
    if (!ps) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (i = 0; i < n; i++) {
        struct particle *p = &ps[i];
        p->x = uniform(0.0, BOX);
        p->y = uniform(0.0, BOX);
        p->z = uniform(0.0, BOX);
        p->vx = uniform(-16.0, 16.0);
        p->vy = uniform(-16.0, 16.0);
        p->vz = uniform(-16.0, 16.0);
        p->mass = 1.0 + (double)(rng() % 8) / 4.0;
        p->ax = p->ay = p->az = 0.0;
    }
    return ps;
}

/* Acceleration: a spring towards the middle of the box, gravity, drag. */
static void force(struct particle *ps, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        struct particle *p = &ps[i];
        p->ax = SPRING * (BOX / 2 - p->x) - DAMP * p->vx;
        p->ay = SPRING * (BOX / 2 - p->y) - DAMP * p->vy;
        p->az = SPRING * (BOX / 2 - p->z) - DAMP * p->vz - GRAVITY;
    }
}

static void kick(struct particle *ps, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        struct particle *p = &ps[i];
        p->vx += p->ax * DT;
        p->vy += p->ay * DT;
        p->vz += p->az * DT;
    }
}

static void drift(struct particle *ps, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        struct particle *p = &ps[i];
        p->x += p->vx * DT;
        p->y += p->vy * DT;
        p->z += p->vz * DT;
    }
}

/* Elastic bounces on the walls; returns how many happened. */
static long walls(struct particle *ps, int n, long step)
{
    (void)step;
    long bounces = 0;
    int i;
    for (i = 0; i < n; i++) {
        struct particle *p = &ps[i];
        if (p->x < 0.0 || p->x > BOX) {
            p->x = p->x < 0.0 ? -p->x : 2 * BOX - p->x;
            p->vx = -p->vx;
            bounces++;
        }
        if (p->y < 0.0 || p->y > BOX) {
            p->y = p->y < 0.0 ? -p->y : 2 * BOX - p->y;
            p->vy = -p->vy;
            bounces++;
        }
        if (p->z < 0.0 || p->z > BOX) {
            p->z = p->z < 0.0 ? -p->z : 2 * BOX - p->z;
            p->vz = -p->vz;
            bounces++;
        }
    }
    return bounces;
}

static void measure(const struct particle *ps, int n, struct stats *st)
{
    double mass = 0.0;
    int i;
    st->kinetic = st->px = st->py = st->pz = 0.0;
    st->cx = st->cy = st->cz = 0.0;
    for (i = 0; i < n; i++) {
        const struct particle *p = &ps[i];
        st->kinetic += 0.5 * p->mass * (p->vx * p->vx + p->vy * p->vy + p->vz * p->vz);
        st->px += p->mass * p->vx;
        st->py += p->mass * p->vy;
        st->pz += p->mass * p->vz;
        st->cx += p->mass * p->x;
        st->cy += p->mass * p->y;
        st->cz += p->mass * p->z;
        mass += p->mass;
    }
    st->cx /= mass;
    st->cy /= mass;
    st->cz /= mass;
}

int main(void)
{
    struct particle *ps = create(N_PARTICLES);
    struct stats st;
    unsigned long sum = 0;
    long step;
    int i;

    st.bounces = 0;
    for (step = 0; step < STEPS; step++) {
        force(ps, N_PARTICLES);
        kick(ps, N_PARTICLES);
        drift(ps, N_PARTICLES);
        st.bounces += walls(ps, N_PARTICLES, step);
        if (step % STATS_EVERY == STATS_EVERY - 1) {
            measure(ps, N_PARTICLES, &st);
            printf("step %3ld: kinetic %.6e momentum %.6e %.6e %.6e centre %.6f %.6f %.6f bounces %ld\n", step + 1,
                   st.kinetic, st.px, st.py, st.pz, st.cx, st.cy, st.cz, st.bounces);
        }
    }
    for (i = 0; i < N_PARTICLES; i += 97)
        sum = sum * 1099511628211UL + (unsigned long)(long)(ps[i].x * 4096.0) + (unsigned long)(long)(ps[i].vz * 4096.0);
    printf("particles %d steps %d\n", N_PARTICLES, STEPS);
    printf("checksum: %lu\n", sum);
    free(ps);
    return 0;
}
