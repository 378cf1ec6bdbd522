/* Hand variant with one array per field (bench/layout_bench.py): what
 * aos-to-soa's old rule (every field hot, larger than a line) made of
 * nosplit.c, to show the loss; see README.md. */
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

/* One array per field (what aos-to-soa makes of it). */
static double *X, *Y, *Z, *VX, *VY, *VZ, *FX, *FY, *MASS, *CHARGE;

static unsigned long long seed = 99;

static unsigned long rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned long)(seed >> 20);
}

int main(void)
{
    double **arrays[] = {&X, &Y, &Z, &VX, &VY, &VZ, &FX, &FY, &MASS, &CHARGE};
    for (int k = 0; k < 10; k++)
        *arrays[k] = malloc(N * sizeof(double));
    if (!X || !Y || !Z || !VX || !VY || !VZ || !FX || !FY || !MASS || !CHARGE) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N; i++) {
        X[i] = (double)(i % 1000);
        Y[i] = (double)(i % 777);
        Z[i] = (double)(i % 555);
        VX[i] = VY[i] = VZ[i] = 0;
        FX[i] = FY[i] = 0;
        MASS[i] = 1.0 + (double)(i % 3);
        CHARGE[i] = (i & 1) ? 1.0 : -1.0;
    }
    for (long s = 0; s < STEPS; s++) {
        long p = (long)(rnd() % N);
        long q = (long)(rnd() % N);
        double dx = X[p] - X[q], dy = Y[p] - Y[q], dz = Z[p] - Z[q];
        double d2 = dx * dx + dy * dy + dz * dz + 1.0;
        double f = CHARGE[p] * CHARGE[q] / (d2 * MASS[p] * MASS[q]);
        FX[p] += f * dx;
        FY[p] += f * dy;
        VX[p] += FX[p] * 1e-3;
        VY[p] += FY[p] * 1e-3;
        VZ[p] += f * dz * 1e-3;
        VX[q] -= f * dx * 1e-3;
        VY[q] -= f * dy * 1e-3;
        VZ[q] -= FX[q] * 1e-3;
        X[p] += VX[p];
        Y[q] += VY[q];
    }
    double e = 0;
    for (long i = 0; i < N; i += 3)
        e += MASS[i] * (VX[i] * VX[i] + VY[i] * VY[i] + VZ[i] * VZ[i]) + X[i] + Y[i] + Z[i] +
             FX[i] + FY[i];
    printf("checksum: %.6e\n", e);
    for (int k = 0; k < 10; k++)
        free(*arrays[k]);
    return 0;
}
