/* Hand-optimized variant (bench/layout_bench.py): particles.c as a structure
 * of arrays (the live fields of hand.c); see README.md.  Only the structure
 * definitions and the code they force differ from the original; the comments
 * below are the original's. */
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

/* The particles as a structure of arrays: particle i is x[i], y[i], ... */
struct particle_soa {
    double *x, *y, *z;
    double *vx, *vy, *vz;
    double *mass;
    double *ax, *ay, *az;
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

static double *field_array(int n)
{
    double *a = malloc((size_t)n * sizeof(double));
    if (!a) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return a;
}

static struct particle_soa *create(int n)
{
    struct particle_soa *ps = malloc(sizeof(struct particle_soa));
    int i;
    if (!ps) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    ps->x = field_array(n);
    ps->y = field_array(n);
    ps->z = field_array(n);
    ps->vx = field_array(n);
    ps->vy = field_array(n);
    ps->vz = field_array(n);
    ps->mass = field_array(n);
    ps->ax = field_array(n);
    ps->ay = field_array(n);
    ps->az = field_array(n);
    for (i = 0; i < n; i++) {
        ps->x[i] = uniform(0.0, BOX);
        ps->y[i] = uniform(0.0, BOX);
        ps->z[i] = uniform(0.0, BOX);
        ps->vx[i] = uniform(-16.0, 16.0);
        ps->vy[i] = uniform(-16.0, 16.0);
        ps->vz[i] = uniform(-16.0, 16.0);
        ps->mass[i] = 1.0 + (double)(rng() % 8) / 4.0;
        ps->ax[i] = ps->ay[i] = ps->az[i] = 0.0;
    }
    return ps;
}

/* Acceleration: a spring towards the middle of the box, gravity, drag. */
static void force(struct particle_soa *ps, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        ps->ax[i] = SPRING * (BOX / 2 - ps->x[i]) - DAMP * ps->vx[i];
        ps->ay[i] = SPRING * (BOX / 2 - ps->y[i]) - DAMP * ps->vy[i];
        ps->az[i] = SPRING * (BOX / 2 - ps->z[i]) - DAMP * ps->vz[i] - GRAVITY;
    }
}

static void kick(struct particle_soa *ps, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        ps->vx[i] += ps->ax[i] * DT;
        ps->vy[i] += ps->ay[i] * DT;
        ps->vz[i] += ps->az[i] * DT;
    }
}

static void drift(struct particle_soa *ps, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        ps->x[i] += ps->vx[i] * DT;
        ps->y[i] += ps->vy[i] * DT;
        ps->z[i] += ps->vz[i] * DT;
    }
}

/* Elastic bounces on the walls; returns how many happened. */
static long walls(struct particle_soa *ps, int n, long step)
{
    (void)step;
    long bounces = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (ps->x[i] < 0.0 || ps->x[i] > BOX) {
            ps->x[i] = ps->x[i] < 0.0 ? -ps->x[i] : 2 * BOX - ps->x[i];
            ps->vx[i] = -ps->vx[i];
            bounces++;
        }
        if (ps->y[i] < 0.0 || ps->y[i] > BOX) {
            ps->y[i] = ps->y[i] < 0.0 ? -ps->y[i] : 2 * BOX - ps->y[i];
            ps->vy[i] = -ps->vy[i];
            bounces++;
        }
        if (ps->z[i] < 0.0 || ps->z[i] > BOX) {
            ps->z[i] = ps->z[i] < 0.0 ? -ps->z[i] : 2 * BOX - ps->z[i];
            ps->vz[i] = -ps->vz[i];
            bounces++;
        }
    }
    return bounces;
}

static void measure(const struct particle_soa *ps, int n, struct stats *st)
{
    double mass = 0.0;
    int i;
    st->kinetic = st->px = st->py = st->pz = 0.0;
    st->cx = st->cy = st->cz = 0.0;
    for (i = 0; i < n; i++) {
        st->kinetic += 0.5 * ps->mass[i] * (ps->vx[i] * ps->vx[i] + ps->vy[i] * ps->vy[i] + ps->vz[i] * ps->vz[i]);
        st->px += ps->mass[i] * ps->vx[i];
        st->py += ps->mass[i] * ps->vy[i];
        st->pz += ps->mass[i] * ps->vz[i];
        st->cx += ps->mass[i] * ps->x[i];
        st->cy += ps->mass[i] * ps->y[i];
        st->cz += ps->mass[i] * ps->z[i];
        mass += ps->mass[i];
    }
    st->cx /= mass;
    st->cy /= mass;
    st->cz /= mass;
}

int main(void)
{
    struct particle_soa *ps = create(N_PARTICLES);
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
        sum = sum * 1099511628211UL + (unsigned long)(long)(ps->x[i] * 4096.0) + (unsigned long)(long)(ps->vz[i] * 4096.0);
    printf("particles %d steps %d\n", N_PARTICLES, STEPS);
    printf("checksum: %lu\n", sum);
    free(ps->x);
    free(ps->y);
    free(ps->z);
    free(ps->vx);
    free(ps->vy);
    free(ps->vz);
    free(ps->mass);
    free(ps->ax);
    free(ps->ay);
    free(ps->az);
    free(ps);
    return 0;
}
