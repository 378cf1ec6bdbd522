/* Hand-optimized variant (bench/layout_bench.py) of qregs.c: each
 * register's array of states split into two arrays indexed alike, the
 * labels (`key[]`, 8 bytes a state), which the gates and measurements
 * stream, and the amplitudes (`a[]`, 16 bytes a state), which only
 * preparation, the mid-circuit measurements and the report touch. Every
 * allocation, reallocation, copy and free of the array of records becomes
 * one of each array; the output is the same. See README.md. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREG 6
#define QUBITS 40
#define KEYMASK ((1ULL << QUBITS) - 1)
#define ROUNDS 176
#define EPOCH 8 /* rounds between mid-circuit measurements */

struct reg {
    unsigned long long *key; /* the basis states, key[0..n): bit q is qubit q */
    double _Complex *a;      /* their amplitudes, a[0..n) */
    long n;
    long cap;
};

static unsigned long long seed = 7;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void out_of_memory(void)
{
    printf("out of memory\n");
    exit(1);
}

static double prob(double _Complex a)
{
    return creal(a) * creal(a) + cimag(a) * cimag(a);
}

/* The number of states register slot k aims at (mid-circuit
 * measurements keep its size near this). */
static long target(int k)
{
    return 120000 + 50000L * k;
}

/* An empty register with room for cap states. */
static struct reg *reg_new(long cap)
{
    struct reg *r = malloc(sizeof *r);
    if (!r)
        out_of_memory();
    r->key = calloc(cap, sizeof(unsigned long long));
    r->a = calloc(cap, sizeof(double _Complex));
    if (!r->key || !r->a)
        out_of_memory();
    r->n = 0;
    r->cap = cap;
    return r;
}

static void reg_free(struct reg *r)
{
    free(r->key);
    free(r->a);
    free(r);
}

/* Append a state, doubling the array when it is full (a simulator does
 * not know in advance how many states a circuit will make). */
static void reg_push(struct reg *r, double _Complex a, unsigned long long key)
{
    if (r->n == r->cap) {
        unsigned long long *nk = realloc(r->key, 2 * r->cap * sizeof(unsigned long long));
        if (!nk)
            out_of_memory();
        r->key = nk;
        double _Complex *na = realloc(r->a, 2 * r->cap * sizeof(double _Complex));
        if (!na)
            out_of_memory();
        r->a = na;
        r->cap *= 2;
    }
    r->a[r->n] = a;
    r->key[r->n] = key;
    r->n++;
}

/* Scale the amplitudes so that the probabilities sum to one. Cold: once
 * per preparation or measurement. */
static void reg_normalise(struct reg *r)
{
    double norm = 0.0;
    for (double _Complex *p = r->a; p < r->a + r->n; p++)
        norm += prob(*p);
    double s = 1.0 / sqrt(norm);
    for (double _Complex *p = r->a; p < r->a + r->n; p++)
        *p *= s;
}

/* A fresh register of n states with random amplitudes. The labels are
 * distinct: multiplying by an odd constant is a bijection mod 2^40. It
 * starts small and grows by doubling. */
static struct reg *reg_prepare(long n)
{
    struct reg *r = reg_new(1024);
    unsigned long long base = rnd();
    for (long i = 0; i < n; i++) {
        double re = ((int)(rnd() % 2001) - 1000) / 1000.0;
        double im = ((int)(rnd() % 2001) - 1000) / 1000.0;
        reg_push(r, re + im * I, ((base + i) * 0x9E3779B97F4A7C15ULL) & KEYMASK);
    }
    reg_normalise(r);
    return r;
}

/* A checkpoint of a register in an array just large enough, copied as
 * one block. */
static struct reg *reg_clone(const struct reg *src)
{
    struct reg *r = reg_new(src->n);
    memcpy(r->key, src->key, src->n * sizeof(unsigned long long));
    memcpy(r->a, src->a, src->n * sizeof(double _Complex));
    r->n = src->n;
    return r;
}

/* The same, copied state by state. */
static struct reg *reg_copy(const struct reg *src)
{
    struct reg *r = reg_new(src->n);
    for (long i = 0; i < src->n; i++) {
        r->key[i] = src->key[i];
        r->a[i] = src->a[i];
    }
    r->n = src->n;
    return r;
}

/* CNOT: flip qubit t of every state whose qubit c is set. Only the labels
 * change; each amplitude stays with its state. Written without a branch:
 * the control bits are random and a branch would mispredict half the time,
 * hiding the memory traffic this program is about. */
static void gate_cnot(struct reg *r, int c, int t)
{
    for (long i = 0; i < r->n; i++)
        r->key[i] ^= ((r->key[i] >> c) & 1) << t;
}

/* Multiply-controlled X: flip qubit t of every state whose control qubits
 * (the bits of `controls`) are all set. With three controls the branch is
 * taken for about one state in eight, so it is mostly predicted. */
static void gate_mcx(struct reg *r, unsigned long long controls, int t)
{
    for (long i = 0; i < r->n; i++)
        if ((r->key[i] & controls) == controls)
            r->key[i] ^= 1ULL << t;
}

/* How many states have qubit q set (in the bits above the labels) and the
 * xor of all labels (in the low 40 bits). */
static unsigned long long measure(const struct reg *r, int q)
{
    unsigned long long ones = 0, x = 0;
    for (long i = 0; i < r->n; i++) {
        ones += (r->key[i] >> q) & 1;
        x ^= r->key[i];
    }
    return (ones << QUBITS) ^ x;
}

/* Measure qubit q, reset it to 0 and apply a Hadamard to it: the states
 * with the outcome kept are moved to the front (the outcome is the one
 * that keeps the register nearest its target size, standing in for a
 * random draw), renormalised, and each is split into two of half the
 * weight, the second appended. Cold: once per epoch, on one register. */
static void reg_measure_reset_h(struct reg *r, int q, long want)
{
    unsigned long long bit = 1ULL << q;
    long ones = 0;
    for (long i = 0; i < r->n; i++)
        ones += (r->key[i] & bit) != 0;
    long zeros = r->n - ones;
    unsigned long long keep = labs(2 * ones - want) < labs(2 * zeros - want) ? bit : 0;

    long m = 0;
    for (long i = 0; i < r->n; i++) {
        if ((r->key[i] & bit) == keep) {
            r->key[m] = r->key[i] & ~bit;
            r->a[m] = r->a[i];
            m++;
        }
    }
    r->n = m;
    reg_normalise(r);

    double h = 1.0 / sqrt(2.0);
    for (long i = 0; i < m; i++) {
        r->a[i] *= h;
        reg_push(r, r->a[i], r->key[i] | bit);
    }
}

static int other_qubit(int c)
{
    int t = rnd() % (QUBITS - 1);
    return t >= c ? t + 1 : t;
}

/* A qubit not among the bits of `used`. */
static int free_qubit(unsigned long long used)
{
    int q;
    do
        q = rnd() % QUBITS;
    while (used >> q & 1);
    return q;
}

int main(void)
{
    struct reg *regs[NREG];
    for (int k = 0; k < NREG; k++)
        regs[k] = reg_prepare(target(k));

    unsigned long long chk = 14695981039346656037ULL;
    for (int round = 0; round < ROUNDS; round++) {
        /* The cold part, at the start of every epoch but the first: a
         * mid-circuit measurement on one register; every other epoch a
         * checkpoint copy of it replaces another register (both arrays
         * live during the copy); every fifth epoch a register is freed and
         * prepared anew. */
        if (round > 0 && round % EPOCH == 0) {
            int epoch = round / EPOCH - 1;
            int v = epoch % NREG;
            reg_measure_reset_h(regs[v], rnd() % QUBITS, target(v));
            if (epoch % 2 == 1) {
                int w = (v + 3) % NREG;
                struct reg *copy = epoch % 4 == 1 ? reg_clone(regs[v]) : reg_copy(regs[v]);
                reg_free(regs[w]);
                regs[w] = copy;
            }
            if (epoch % 5 == 4) {
                int w = (v + 2) % NREG;
                reg_free(regs[w]);
                regs[w] = reg_prepare(target(w));
            }
        }

        /* The hot part: gates and measurements on every register. */
        for (int k = 0; k < NREG; k++) {
            struct reg *r = regs[k];
            int c = rnd() % QUBITS;
            int t = other_qubit(c);
            gate_cnot(r, c, t);
            c = rnd() % QUBITS;
            t = other_qubit(c);
            gate_cnot(r, c, t);
            unsigned long long controls = 0;
            for (int j = 0; j < 3; j++)
                controls |= 1ULL << free_qubit(controls);
            gate_mcx(r, controls, free_qubit(controls));
            chk = (chk ^ measure(r, rnd() % QUBITS)) * 1099511628211ULL;
        }
    }

    /* The report: per register its size, the sum of its labels, the sum of
     * its amplitudes and its most probable state. */
    unsigned long long keysum = 0;
    double asum = 0.0;
    for (int k = 0; k < NREG; k++) {
        struct reg *r = regs[k];
        unsigned long long sum = 0;
        double re = 0.0, im = 0.0, norm = 0.0;
        long best = 0;
        for (long i = 0; i < r->n; i++) {
            sum += r->key[i];
            keysum += r->key[i];
            re += creal(r->a[i]);
            im += cimag(r->a[i]);
            norm += prob(r->a[i]);
            if (prob(r->a[i]) > prob(r->a[best]))
                best = i;
        }
        asum += re + im;
        printf("register %d: %ld states (room for %ld), labels sum %016llx, amplitudes sum %.6f%+.6fi, norm %.6f, "
               "most probable state %ld: |%010llx> p=%.6f\n",
               k, r->n, r->cap, sum, re, im, norm, best, r->key[best], prob(r->a[best]));
    }
    printf("measurement checksum %016llx, label sum %016llx, amplitude sum %.6f\n", chk, keysum, asum);
    for (int k = 0; k < NREG; k++)
        reg_free(regs[k]);
    return 0;
}
