/* tally.c - a large array of records whose integer fields hold small values.
 *
 * 4 million 32-byte samples { sensor, level, flags, weight }: the sensor is
 * one of 1000, the level one of 16, two flag bits and a weight of 1..100,
 * each stored in a `long` or an `int` (the width the program was written
 * with, not what the values need). 30 rounds tally the weight of every
 * sample into its sensor's bucket, by level, and count the flagged ones:
 * the loop streams over all 128 MB of records and reads every field. */
#include <stdio.h>
#include <stdlib.h>

#define N 4000000
#define SENSORS 1000
#define ROUNDS 30

struct sample {
    long sensor;
    long level;
    int flags;
    long weight;
};

static unsigned long long seed = 11;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(void)
{
    struct sample *s = malloc(N * sizeof(struct sample));
    long *bucket = calloc(SENSORS, sizeof(long));
    if (!s || !bucket) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N; i++) {
        s[i].sensor = rnd() % SENSORS;
        s[i].level = rnd() % 16;
        s[i].flags = rnd() & 3;
        s[i].weight = 1 + rnd() % 100;
    }
    long flagged = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (long i = 0; i < N; i++) {
            bucket[s[i].sensor] += s[i].weight * (s[i].level + r);
            flagged += s[i].flags == 3;
        }
    }
    long total = 0, top = 0;
    for (int k = 0; k < SENSORS; k++) {
        total += bucket[k];
        if (bucket[k] > bucket[top])
            top = k;
    }
    printf("tally: total %ld, flagged %ld, busiest sensor %ld (%ld)\n", total, flagged, top, bucket[top]);
    free(bucket);
    free(s);
    return 0;
}
