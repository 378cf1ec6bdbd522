/* A k-nearest-neighbour graph kept as one small array per node: each of
 * 200,000 points owns an array of its 8 candidate neighbours (a 24-byte
 * record: the neighbour's number, a distance and a weight), made by its
 * own malloc. Each round counts every point's in-degree and folds the
 * neighbour numbers into a checksum, reading only the numbers; the
 * distances and weights are set once, rescaled every 16 rounds and summed
 * at the end. */
#include <stdio.h>
#include <stdlib.h>

#define K 8

/* Hand layout: the neighbour numbers of all points in one pool, their
 * distances and weights in another, each point pointing at its 8 in each
 * (two allocations per point ran 1.3 times the original's time: the
 * numbers of one point lie between the distances of others in the heap;
 * one allocation per point with its numbers first, 1.13 times: a scan of
 * the numbers reads one line in three). */
struct dw {
    double dist;
    double weight;
};

struct point {
    long *to;
    struct dw *dw;
    long seen;
};

static long *to_pool;
static struct dw *dw_pool;

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned long long next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void build(struct point *pts, long n)
{
    to_pool = malloc(n * K * sizeof(long));
    dw_pool = malloc(n * K * sizeof(struct dw));
    if (!to_pool || !dw_pool) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (long i = 0; i < n; i++) {
        pts[i].to = to_pool + i * K;
        pts[i].dw = dw_pool + i * K;
        pts[i].seen = 0;
        for (int k = 0; k < K; k++) {
            unsigned long long r = next();
            /* Mostly nearby points, sometimes any point. */
            long to = (r & 7) ? (i + (long)((r >> 8) % 64) + 1) % n : (long)((r >> 8) % (unsigned long long)n);
            pts[i].to[k] = to;
            pts[i].dw[k].dist = (double)((r >> 20) % 1000) / 10.0;
            pts[i].dw[k].weight = 1.0;
        }
    }
}

/* In-degrees and a checksum of the neighbour numbers: the hot loop. */
static unsigned long long round_scan(struct point *pts, long n, long *indeg, long round)
{
    unsigned long long sum = 0;
    for (long i = 0; i < n; i++) {
        long *c = pts[i].to;
        for (int k = 0; k < K; k++) {
            indeg[c[k]]++;
            sum += (unsigned long long)(c[k] ^ round) * (unsigned long long)(k + 1);
        }
    }
    return sum;
}

static void rescale(struct point *pts, long n, double f)
{
    for (long i = 0; i < n; i++)
        for (int k = 0; k < K; k++)
            pts[i].dw[k].weight *= f + pts[i].dw[k].dist / 1000.0;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    long rounds = argc > 2 ? atol(argv[2]) : 96;
    struct point *pts = malloc(n * sizeof *pts);
    long *indeg = calloc(n, sizeof *indeg);
    if (!pts || !indeg)
        return 1;
    build(pts, n);
    unsigned long long check = 0;
    for (long r = 0; r < rounds; r++) {
        check = check * 31 + round_scan(pts, n, indeg, r);
        if (r % 16 == 15)
            rescale(pts, n, 0.5);
    }
    long most = 0;
    for (long i = 0; i < n; i++) {
        if (indeg[i] > indeg[most])
            most = i;
        pts[i].seen = indeg[i];
    }
    double dsum = 0, wsum = 0;
    for (long i = 0; i < n; i++)
        for (int k = 0; k < K; k++) {
            dsum += pts[i].dw[k].dist;
            wsum += pts[i].dw[k].weight;
        }
    printf("checksum %llu\n", check);
    printf("most seen: point %ld, %ld times\n", most, pts[most].seen);
    printf("distances %.1f, weights %.6g\n", dsum, wsum);
    free(to_pool);
    free(dw_pool);
    free(pts);
    free(indeg);
    return 0;
}
