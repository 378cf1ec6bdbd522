/* Hand-optimized variant (bench/layout_bench.py): scan8.c with each array
 * of records turned into one array per field (structure of arrays); see
 * README.md. Only the structure definitions and the code they force differ
 * from the original; the comments below are the original's. */
/* scan8.c - arrays of small records scanned one field at a time.
 *
 * 8 million samples of 8 bytes (a time and a value, both int) and 4
 * million intervals of 16 bytes (two longs), each array 64 MiB. Every
 * round makes one pass per field: a sum of the times, a count of the values
 * above a threshold, a sum of the lows, the largest high. Each pass reads
 * half of every record it streams over: one array per field halves the
 * bytes each pass reads, though every record fits in a cache line. */
#include <stdio.h>
#include <stdlib.h>

#define N_SAMPLES 8000000
#define N_SPANS 4000000
#define ROUNDS 20

/* One array per field: samples t[i], v[i]; spans lo[i], hi[i]. */
struct samples {
    int *t;
    int *v;
};

struct spans {
    long *lo;
    long *hi;
};

static unsigned long long seed = 42;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(void)
{
    struct samples s = { malloc(N_SAMPLES * sizeof(int)), malloc(N_SAMPLES * sizeof(int)) };
    struct spans p = { malloc(N_SPANS * sizeof(long)), malloc(N_SPANS * sizeof(long)) };
    if (!s.t || !s.v || !p.lo || !p.hi) {
        printf("out of memory\n");
        return 1;
    }
    for (int i = 0; i < N_SAMPLES; i++) {
        s.t[i] = i / 3;
        s.v[i] = (int)(rnd() % 1000);
    }
    for (int i = 0; i < N_SPANS; i++) {
        p.lo[i] = (long)(rnd() % 10000);
        p.hi[i] = p.lo[i] + (long)(rnd() % 100);
    }
    long tsum = 0, losum = 0, himax = 0;
    long above = 0;
    for (int r = 0; r < ROUNDS; r++) {
        long ts = 0;
        for (int i = 0; i < N_SAMPLES; i++)
            ts += s.t[i];
        tsum += ts;
        int limit = 500 + r;
        for (int i = 0; i < N_SAMPLES; i++)
            above += s.v[i] > limit;
        long ls = 0;
        for (int i = 0; i < N_SPANS; i++)
            ls += p.lo[i];
        losum += ls;
        long hm = 0;
        for (int i = 0; i < N_SPANS; i++)
            if (p.hi[i] > hm)
                hm = p.hi[i];
        himax += hm;
        /* Shift one sample and one span per round. */
        s.v[r * 1000] += 1;
        p.hi[r * 1000] += 1;
    }
    printf("above %ld\n", above);
    printf("checksum: %ld %ld %ld\n", tsum, losum, himax);
    free(p.lo);
    free(p.hi);
    free(s.t);
    free(s.v);
    return 0;
}
