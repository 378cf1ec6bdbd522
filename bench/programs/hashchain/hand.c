/* Hand-optimized variant (bench/layout_bench.py): hashchain.c with struct
 * entry peeled: the keys and links in a pool of 16-byte records, the
 * payload in a parallel array; see README.md. Only the structure definitions
 * and the code they force differ from the original; the comments below are
 * the original's. */
/* hashchain.c - a chained hash table whose nodes are mostly payload.
 *
 * 2 million entries in one pool of 128-byte nodes, 1 million buckets. Each
 * lookup hashes a key, loads the bucket's head and follows `next` through
 * its chain comparing keys: pointer chasing over 16 bytes of each node
 * (key, next); the 112 bytes of payload (a name, counters, a timestamp)
 * are written when the entry is made and read by the final report. 24
 * million lookups, half of them misses. A node visit costs a cache miss
 * whatever part of the node it reads; with the keys and links in 16-byte
 * records the chains take an eighth of the memory, and much more of them
 * stays in the cache. */
#include <stdio.h>
#include <stdlib.h>

#define N_NODES 2000000
#define N_BUCKETS (1 << 20)
#define LOOKUPS 24000000

struct entry {
    long key;                /* hot */
    struct entry *next;      /* hot */
};

/* The cold fields of pool[i] are in cold[i]. */
struct entry_cold {
    char name[32];           /* cold */
    long hits;               /* cold: updated on the rare writes below */
    long created;            /* cold */
    long size;               /* cold */
    long owner;              /* cold */
    double score;            /* cold */
    double weight;           /* cold */
    long version;            /* cold */
    long flags;              /* cold */
};

static unsigned long long seed = 12345;

static unsigned long rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned long)(seed >> 17);
}

static unsigned bucket(long key)
{
    return (unsigned)(((unsigned long)key * 0x9e3779b97f4a7c15UL) >> 44) & (N_BUCKETS - 1);
}

int main(void)
{
    struct entry *pool = malloc(N_NODES * sizeof(struct entry));
    struct entry_cold *cold = malloc(N_NODES * sizeof(struct entry_cold));
    struct entry **heads = calloc(N_BUCKETS, sizeof(struct entry *));
    if (!pool || !cold || !heads) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N_NODES; i++) {
        struct entry *e = &pool[i];
        struct entry_cold *c = &cold[i];
        e->key = (long)(rnd() % (4 * N_NODES));
        for (int k = 0; k < 32; k++)
            c->name[k] = (char)('a' + (i + k) % 26);
        c->hits = 0;
        c->created = i;
        c->size = 100 + i % 900;
        c->owner = i % 1000;
        c->score = (double)(i % 100) * 0.5;
        c->weight = (double)(i % 5) * 0.5;
        c->version = 1;
        c->flags = i & 7;
        unsigned b = bucket(e->key);
        e->next = heads[b];
        heads[b] = e;
    }
    long found = 0, steps = 0;
    for (long q = 0; q < LOOKUPS; q++) {
        long key = (long)(rnd() % (4 * N_NODES));
        for (struct entry *e = heads[bucket(key)]; e; e = e->next) {
            steps++;
            if (e->key == key) {
                found++;
                break;
            }
        }
    }
    /* A few entries are touched. */
    for (long i = 0; i < N_NODES; i += 4099) {
        cold[i].hits += 1;
        cold[i].version += 1;
    }
    unsigned long sum = 0;
    for (long i = 0; i < N_NODES; i++) {
        struct entry_cold *e = &cold[i];
        sum = sum * 31 + (unsigned long)(e->name[i % 32] + e->hits + e->created + e->size + e->owner + e->version +
                                         e->flags + (long)(e->score * 2 + e->weight));
    }
    printf("found %ld steps %ld\n", found, steps);
    printf("checksum: %lu\n", sum);
    free(heads);
    free(cold);
    free(pool);
    return 0;
}
