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

struct sample {
    int t;
    int v;
};

struct span {
    long lo;
    long hi;
};

static unsigned long long seed = 42;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(void)
{
    struct sample *s = malloc(N_SAMPLES * sizeof(struct sample));
    struct span *p = malloc(N_SPANS * sizeof(struct span));
    if (!s || !p) {
        printf("out of memory\n");
        return 1;
    }
    for (int i = 0; i < N_SAMPLES; i++) {
        s[i].t = i / 3;
        s[i].v = (int)(rnd() % 1000);
    }
    for (int i = 0; i < N_SPANS; i++) {
        p[i].lo = (long)(rnd() % 10000);
        p[i].hi = p[i].lo + (long)(rnd() % 100);
    }
    long tsum = 0, losum = 0, himax = 0;
    long above = 0;
    for (int r = 0; r < ROUNDS; r++) {
        long ts = 0;
        for (int i = 0; i < N_SAMPLES; i++)
            ts += s[i].t;
        tsum += ts;
        int limit = 500 + r;
        for (int i = 0; i < N_SAMPLES; i++)
            above += s[i].v > limit;
        long ls = 0;
        for (int i = 0; i < N_SPANS; i++)
            ls += p[i].lo;
        losum += ls;
        long hm = 0;
        for (int i = 0; i < N_SPANS; i++)
            if (p[i].hi > hm)
                hm = p[i].hi;
        himax += hm;
        /* Shift one sample and one span per round. */
        s[r * 1000].v += 1;
        p[r * 1000].hi += 1;
    }
    printf("above %ld\n", above);
    printf("checksum: %ld %ld %ld\n", tsum, losum, himax);
    free(p);
    free(s);
    return 0;
}
