/* Hand-optimized variant (bench/layout_bench.py): nosplit.c as it is: every
 * visit reads every field, so the record is best left whole; see README.md.
 * The comments below are the original's. */
/* nosplit.c - random visits that read every field of a record: a layout
 * to leave alone.
 *
 * 2 million bodies of 80 bytes (position, velocity, force, mass, charge).
 * Each of 12 million interactions picks two bodies at random and reads and
 * updates all ten fields of both. A visit fetches the body's one or two
 * cache lines; with each field in its own array (aos-to-soa) it would fetch
 * ten lines, with hot and cold records two: no split pays, and the fields
 * are all live and packed. */
#include <stdio.h>
#include <stdlib.h>

#define N 2000000
#define STEPS 12000000

struct body {
    double x, y, z;
    double vx, vy, vz;
    double fx, fy;
    double mass, charge;
};

static unsigned long long seed = 99;

static unsigned long rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned long)(seed >> 20);
}

int main(void)
{
    struct body *b = malloc(N * sizeof(struct body));
    if (!b) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N; i++) {
        b[i].x = (double)(i % 1000);
        b[i].y = (double)(i % 777);
        b[i].z = (double)(i % 555);
        b[i].vx = b[i].vy = b[i].vz = 0;
        b[i].fx = b[i].fy = 0;
        b[i].mass = 1.0 + (double)(i % 3);
        b[i].charge = (i & 1) ? 1.0 : -1.0;
    }
    for (long s = 0; s < STEPS; s++) {
        struct body *p = &b[rnd() % N];
        struct body *q = &b[rnd() % N];
        double dx = p->x - q->x, dy = p->y - q->y, dz = p->z - q->z;
        double d2 = dx * dx + dy * dy + dz * dz + 1.0;
        double f = p->charge * q->charge / (d2 * p->mass * q->mass);
        p->fx += f * dx;
        p->fy += f * dy;
        p->vx += p->fx * 1e-3;
        p->vy += p->fy * 1e-3;
        p->vz += f * dz * 1e-3;
        q->vx -= f * dx * 1e-3;
        q->vy -= f * dy * 1e-3;
        q->vz -= q->fx * 1e-3;
        p->x += p->vx;
        q->y += q->vy;
    }
    double e = 0;
    for (long i = 0; i < N; i += 3)
        e += b[i].mass * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz) + b[i].x + b[i].y + b[i].z +
             b[i].fx + b[i].fy;
    printf("checksum: %.6e\n", e);
    free(b);
    return 0;
}
