/* Hand-optimized variant (bench/layout_bench.py): hashtable.c with dead
 * fields deleted and the rest reordered; see README.md.  Only the structure
 * definitions and the code they force differ from the original; the comments
 * below are the original's. */
/* hashtable.c - an open-addressing hash table (linear probing) of 64-bit
 * keys counting occurrences: it grows by doubling and rehashing while the
 * keys are inserted, then serves rounds of random lookups and updates, each
 * round followed by an ageing sweep over the whole table.
 *
 * Every lookup hashes its key, then probes consecutive slots comparing a
 * one-byte tag before the key, so its cost is the cache lines (and pages)
 * the probe touches; the sweeps and the rehashing stream the whole table.
 * Layout: struct entry puts one-byte fields between 8-byte ones (holes) and
 * carries bookkeeping that is written but never read (the round of the last
 * hit, the insertion number, the probe distance): 56 bytes per slot for 18
 * bytes of live data, and most slots straddle two cache lines. */
#include <stdio.h>
#include <stdlib.h>

#define LOG_SLOTS_START 12
#define N_KEYS 1200000L
#define KEY_RANGE (2 * N_KEYS)
#define ROUNDS 6
#define LOOKUPS_PER_ROUND 2000000
#define ADDS_PER_ROUND 20000

struct entry {
    long key;
    long value;
    char used;                /* 0: empty, 1: full */
    char tag;                 /* 7 bits of the hash, compared before the key */
};

struct table {
    struct entry *slots;
    long mask;
    long count;
    long probes;
};

static unsigned long long rng_state = 0xda3e39cb94b95bdbULL;

static unsigned long long rng64(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return rng_state ^ (rng_state >> 29);
}

static unsigned long long hash(long key)
{
    unsigned long long h = (unsigned long long)key * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 31);
}

static void table_init(struct table *t, int log_slots)
{
    long i, n = 1L << log_slots;
    t->slots = malloc((size_t)n * sizeof(struct entry));
    if (!t->slots) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    t->mask = n - 1;
    t->count = 0;
    for (i = 0; i < n; i++) {
        t->slots[i].used = 0;
        t->slots[i].key = 0;
        t->slots[i].tag = 0;
        t->slots[i].value = 0;
    }
}

static int table_add(struct table *t, long key, long value);

/* Doubles the table and inserts every entry again. */
static void table_grow(struct table *t)
{
    struct entry *old = t->slots;
    long i, n = t->mask + 1, log_slots = 0;
    while ((1L << log_slots) < 2 * n)
        log_slots++;
    table_init(t, (int)log_slots);
    for (i = 0; i < n; i++)
        if (old[i].used)
            table_add(t, old[i].key, old[i].value);
    free(old);
}

/* Inserts key or adds value to it; returns 1 when the key is new. */
static int table_add(struct table *t, long key, long value)
{
    unsigned long long h = hash(key);
    char tag = (char)(h & 0x7f);
    long i = (long)(h >> 40) & t->mask;
    for (;;) {
        struct entry *e = &t->slots[i];
        if (!e->used) {
            if (8 * (t->count + 1) > 5 * (t->mask + 1)) {
                table_grow(t);
                return table_add(t, key, value);
            }
            e->used = 1;
            e->key = key;
            e->tag = tag;
            e->value = value;
            t->count++;
            return 1;
        }
        if (e->tag == tag && e->key == key) {
            e->value += value;
            return 0;
        }
        i = (i + 1) & t->mask;
    }
}

/* The entry of key, or NULL. */
static struct entry *table_find(struct table *t, long key)
{
    unsigned long long h = hash(key);
    char tag = (char)(h & 0x7f);
    long i = (long)(h >> 40) & t->mask;
    for (;;) {
        struct entry *e = &t->slots[i];
        t->probes++;
        if (!e->used)
            return NULL;
        if (e->tag == tag && e->key == key)
            return e;
        i = (i + 1) & t->mask;
    }
}

/* Halves every count, rounding up: old keys fade, recent ones stay. */
static long table_age(struct table *t)
{
    long i, live = 0;
    for (i = 0; i <= t->mask; i++) {
        struct entry *e = &t->slots[i];
        if (e->used) {
            e->value -= e->value >> 1;
            live++;
        }
    }
    return live;
}

static long random_key(void)
{
    return 1 + (long)(rng64() % (unsigned long long)KEY_RANGE);
}

/* A lookup of a random key hits about half of the time. */
int main(void)
{
    struct table t;
    long i, added = 0;
    unsigned long sum = 0;
    int r;

    table_init(&t, LOG_SLOTS_START);
    t.probes = 0;
    while (added < N_KEYS)
        added += table_add(&t, random_key(), 1);
    printf("slots %ld keys %ld\n", t.mask + 1, t.count);

    for (r = 0; r < ROUNDS; r++) {
        long hits = 0, misses = 0, updated = 0, live;
        unsigned long round_sum = 0;
        for (i = 0; i < LOOKUPS_PER_ROUND; i++) {
            long key = random_key();
            struct entry *e = table_find(&t, key);
            if (e) {
                hits++;
                round_sum += (unsigned long)e->value * (unsigned long)key;
                if ((key & 3) == 0) {
                    e->value += r + 1;
                    updated++;
                }
            } else {
                misses++;
            }
        }
        for (i = 0; i < ADDS_PER_ROUND; i++)
            table_add(&t, random_key(), 2);
        live = table_age(&t);
        sum = sum * 31 + round_sum;
        printf("round %d: hits %ld misses %ld updated %ld live %ld\n", r, hits, misses, updated, live);
    }
    for (i = 0; i <= t.mask; i++)
        if (t.slots[i].used)
            sum = sum * 7 + (unsigned long)(t.slots[i].key ^ t.slots[i].value);
    printf("slots %ld keys %ld probes %ld\n", t.mask + 1, t.count, t.probes);
    printf("checksum: %lu\n", sum);
    free(t.slots);
    return 0;
}
