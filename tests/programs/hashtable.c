/* hashtable.c - chained hash table with string keys and struct values.
 * Word and bigram frequencies are counted over pseudo-random text produced by
 * a fixed-seed LCG; the tables grow and shrink, entries are deleted through
 * pointer-to-pointer walks, iterated, sorted and summarised.
 * struct entry has hot fields (key, hash, next, val.count) next to a rarely
 * used annotation buffer: a candidate for field reordering and hot/cold
 * splitting.  struct table holds the hash and compare functions as pointers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_WORDS 40000
#define VOCAB 800
#define MAX_WORD 48

struct wordstat {          /* stored by value inside each entry */
    long count;
    int first_pos;
    int last_pos;
    int max_gap;
};

struct entry {
    char *key;
    unsigned hash;
    struct wordstat val;
    struct entry *next;    /* chain link: pointer to the same struct type */
    char note[24];         /* rarely used annotation */
    int note_len;
};

struct table_stats {
    long inserts, updates, lookups, probes, deletes, resizes;
};

struct table {
    const char *name;
    struct entry **buckets;
    unsigned nbuckets;
    unsigned count;
    unsigned (*hash)(const char *s);
    int (*keycmp)(const char *a, const char *b);
    struct table_stats st;
};

static struct table *g_words;                    /* global pointers to struct */
static struct table *g_pairs;
static unsigned long long g_seed = 0x853c49e6748fea9bULL;

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "fatal: out of memory\n");
        exit(2);
    }
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static unsigned rng_next(void)
{
    g_seed = g_seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(g_seed >> 33);
}

static unsigned hash_fnv1a(const char *s)
{
    unsigned h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static unsigned hash_djb2(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33u + (unsigned char)*s++;
    return h ^ (h >> 15);
}

static struct table *table_new(const char *name, unsigned nb, unsigned (*hash)(const char *))
{
    struct table *t = xmalloc(sizeof *t);
    memset(t, 0, sizeof *t);
    t->name = name;
    t->nbuckets = nb;
    t->buckets = calloc(nb, sizeof *t->buckets);
    if (!t->buckets) {
        fprintf(stderr, "fatal: out of memory\n");
        exit(2);
    }
    t->hash = hash;
    t->keycmp = strcmp;
    return t;
}

/* Rehash into nb buckets, reusing the cached hash of each entry. */
static void table_resize(struct table *t, unsigned nb)
{
    struct entry **nbk = calloc(nb, sizeof *nbk);
    unsigned i;
    if (!nbk) {
        fprintf(stderr, "fatal: out of memory\n");
        exit(2);
    }
    for (i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i], *next;
        for (; e; e = next) {
            struct entry **slot = &nbk[e->hash % nb];
            next = e->next;
            e->next = *slot;
            *slot = e;
        }
    }
    free(t->buckets);
    t->buckets = nbk;
    t->nbuckets = nb;
    t->st.resizes++;
}

static struct entry *table_lookup(struct table *t, const char *key)
{
    unsigned h = t->hash(key);
    struct entry *e;
    t->st.lookups++;
    for (e = t->buckets[h % t->nbuckets]; e; e = e->next) {
        t->st.probes++;
        if (e->hash == h && t->keycmp(e->key, key) == 0)
            return e;
    }
    return NULL;
}

/* Count one occurrence of key at position pos. */
static struct entry *table_add(struct table *t, const char *key, int pos)
{
    unsigned h = t->hash(key);
    struct entry **pp = &t->buckets[h % t->nbuckets];
    struct entry *e;
    for (e = *pp; e; e = e->next) {
        t->st.probes++;
        if (e->hash == h && t->keycmp(e->key, key) == 0) {
            int gap = pos - e->val.last_pos;
            e->val.count++;
            if (gap > e->val.max_gap)
                e->val.max_gap = gap;
            e->val.last_pos = pos;
            t->st.updates++;
            return e;
        }
    }
    e = xmalloc(sizeof *e);
    e->key = xstrdup(key);
    e->hash = h;
    e->val.count = 1;
    e->val.first_pos = e->val.last_pos = pos;
    e->val.max_gap = 0;
    e->note[0] = '\0';
    e->note_len = 0;
    e->next = *pp;
    *pp = e;
    t->count++;
    t->st.inserts++;
    if (t->count > t->nbuckets - t->nbuckets / 4)
        table_resize(t, t->nbuckets * 2 + 1);
    return e;
}

static void entry_free(struct entry *e)
{
    free(e->key);
    free(e);
}

/* Delete every entry for which pred() is true; shrink when sparse. */
static unsigned table_delete_if(struct table *t, int (*pred)(const struct entry *, long), long arg)
{
    unsigned i, removed = 0;
    for (i = 0; i < t->nbuckets; i++) {
        struct entry **pp = &t->buckets[i];
        while (*pp) {
            struct entry *e = *pp;
            if (pred(e, arg)) {
                *pp = e->next;
                entry_free(e);
                removed++;
            } else {
                pp = &e->next;
            }
        }
    }
    t->count -= removed;
    t->st.deletes += removed;
    while (t->nbuckets > 16 && t->count < t->nbuckets / 4)
        table_resize(t, t->nbuckets / 2);
    return removed;
}

static int pred_rare(const struct entry *e, long min) { return e->val.count < min; }
static int pred_initial(const struct entry *e, long c) { return e->key[0] == (char)c; }

static void table_free(struct table *t)
{
    unsigned i;
    for (i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i], *next;
        for (; e; e = next) {
            next = e->next;
            entry_free(e);
        }
    }
    free(t->buckets);
    free(t);
}

/* Collect all entries into a freshly allocated array of pointers. */
static struct entry **table_collect(const struct table *t, unsigned *n)
{
    struct entry **all = xmalloc((t->count + 1) * sizeof *all);
    unsigned i, k = 0;
    for (i = 0; i < t->nbuckets; i++) {
        struct entry *e;
        for (e = t->buckets[i]; e; e = e->next)
            all[k++] = e;
    }
    *n = k;
    return all;
}

static int cmp_by_count(const void *pa, const void *pb)
{
    const struct entry *a = *(const struct entry *const *)pa;
    const struct entry *b = *(const struct entry *const *)pb;
    if (a->val.count != b->val.count)
        return a->val.count > b->val.count ? -1 : 1;
    return strcmp(a->key, b->key);
}

static void table_report(const struct table *t)
{
    unsigned i, empty = 0, maxchain = 0;
    unsigned long sq = 0;
    for (i = 0; i < t->nbuckets; i++) {
        unsigned len = 0;
        const struct entry *e;
        for (e = t->buckets[i]; e; e = e->next)
            len++;
        empty += len == 0;
        maxchain = len > maxchain ? len : maxchain;
        sq += (unsigned long)len * len;
    }
    printf("[%s] entries=%u buckets=%u empty=%u maxchain=%u load=%.3f sumsq=%lu\n",
           t->name, t->count, t->nbuckets, empty, maxchain,
           (double)t->count / t->nbuckets, sq);
    printf("[%s] inserts=%ld updates=%ld lookups=%ld probes=%ld deletes=%ld resizes=%ld\n",
           t->name, t->st.inserts, t->st.updates, t->st.lookups, t->st.probes,
           t->st.deletes, t->st.resizes);
}

/* Spell vocabulary word number idx from syllables. */
static void make_word(unsigned idx, char *buf)
{
    static const char *syl[] = { "ka", "lo", "mi", "ne", "ru", "sa", "ti", "po",
                                 "de", "ba", "qu", "ex", "ion", "ar", "el", "on" };
    buf[0] = '\0';
    do {
        strcat(buf, syl[idx % 16]);
        idx /= 16;
    } while (idx);
}

/* Generate text: Zipf-like word choice, capitals and punctuation. */
static char *generate_text(int nwords)
{
    size_t cap = (size_t)nwords * 12 + 16, len = 0;
    char *text = xmalloc(cap);
    int i, sentence_start = 1;
    for (i = 0; i < nwords; i++) {
        char w[MAX_WORD];
        unsigned long long r = rng_next() % VOCAB;
        unsigned idx = (unsigned)(r * r * r / ((unsigned long long)VOCAB * VOCAB));
        if (rng_next() % 8 == 0)
            idx = VOCAB + rng_next() % (4 * VOCAB);       /* long tail of rare words */
        make_word(idx, w);
        if (sentence_start)
            w[0] = (char)(w[0] - 'a' + 'A');
        len += (size_t)sprintf(text + len, "%s", w);
        sentence_start = 0;
        switch (rng_next() % 16) {
        case 0: text[len++] = '.'; sentence_start = 1; break;
        case 1: text[len++] = ','; break;
        case 2: text[len++] = '\n'; continue;
        default: break;
        }
        text[len++] = ' ';
    }
    text[len] = '\0';
    return text;
}

/* Tokenise text into lower-case words; counts words and bigrams. */
static int count_words(const char *text)
{
    char cur[MAX_WORD], prev[MAX_WORD], pair[2 * MAX_WORD];
    int pos = 0, n;
    const char *p = text;
    prev[0] = '\0';
    for (;;) {
        while (*p && !(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z')) {
            if (*p == '.')
                prev[0] = '\0';            /* bigrams do not cross sentences */
            p++;
        }
        if (!*p)
            break;
        for (n = 0; (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'); p++)
            if (n < MAX_WORD - 1)
                cur[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        cur[n] = '\0';
        table_add(g_words, cur, pos);
        if (prev[0]) {
            snprintf(pair, sizeof pair, "%s %s", prev, cur);
            table_add(g_pairs, pair, pos);
        }
        memcpy(prev, cur, (size_t)n + 1);
        pos++;
    }
    return pos;
}

static unsigned long long checksum_table(const struct table *t, unsigned long long h, int top)
{
    unsigned n, i;
    struct entry **all = table_collect(t, &n);
    qsort(all, n, sizeof *all, cmp_by_count);
    for (i = 0; i < n; i++) {
        const char *k;
        for (k = all[i]->key; *k; k++)
            h = (h ^ (unsigned char)*k) * 1099511628211ULL;
        h = (h ^ (unsigned long long)all[i]->val.count) * 1099511628211ULL;
        h = (h ^ (unsigned long long)all[i]->val.first_pos) * 1099511628211ULL;
        h = (h ^ (unsigned long long)all[i]->val.max_gap) * 1099511628211ULL;
        if ((int)i < top)
            printf("  %-2u %-20s count=%-5ld first=%-5d gap=%d%s%s\n", i + 1, all[i]->key,
                   all[i]->val.count, all[i]->val.first_pos, all[i]->val.max_gap,
                   all[i]->note_len ? " note=" : "", all[i]->note);
    }
    free(all);
    return h;
}

int main(void)
{
    static const char *probes[] = { "ka", "lo", "mika", "nelo", "zzz", "qukaka", "arex", "" };
    unsigned long long check = 1469598103934665603ULL;
    char *text;
    int words, i;
    unsigned removed, n;
    struct entry **all;

    text = generate_text(TEXT_WORDS);
    printf("text: %zu bytes\n", strlen(text));
    g_words = table_new("words", 16, hash_fnv1a);
    g_pairs = table_new("pairs", 64, hash_djb2);
    words = count_words(text);
    printf("tokens: %d distinct_words=%u distinct_pairs=%u\n", words, g_words->count,
           g_pairs->count);

    /* annotate the three most frequent words (the rarely used field) */
    all = table_collect(g_words, &n);
    qsort(all, n, sizeof *all, cmp_by_count);
    for (i = 0; i < 3 && i < (int)n; i++)
        all[i]->note_len = snprintf(all[i]->note, sizeof all[i]->note, "top-%d", i + 1);
    free(all);

    printf("top words:\n");
    check = checksum_table(g_words, check, 8);
    printf("top pairs:\n");
    check = checksum_table(g_pairs, check, 5);

    for (i = 0; i < (int)(sizeof probes / sizeof probes[0]); i++) {
        struct entry *e = table_lookup(g_words, probes[i]);
        printf("lookup %-8s -> %ld\n", probes[i], e ? e->val.count : -1L);
        check = (check ^ (unsigned long long)(e ? e->val.count : -1L)) * 1099511628211ULL;
    }
    table_report(g_words);
    table_report(g_pairs);

    removed = table_delete_if(g_words, pred_rare, 3);
    printf("deleted %u words seen fewer than 3 times\n", removed);
    removed = table_delete_if(g_words, pred_initial, 'q');
    printf("deleted %u words starting with 'q'\n", removed);
    removed = table_delete_if(g_pairs, pred_rare, 4);
    printf("deleted %u pairs seen fewer than 4 times\n", removed);
    table_report(g_words);
    table_report(g_pairs);

    /* re-insert into the shrunken table to exercise growth again */
    for (i = 0; i < 200; i++) {
        char w[MAX_WORD];
        make_word((unsigned)(5 * VOCAB + i * 3), w);
        table_add(g_words, w, words + i);
    }
    printf("after reinsertion: words=%u buckets=%u resizes=%ld\n", g_words->count,
           g_words->nbuckets, g_words->st.resizes);
    check = checksum_table(g_words, check, 0);
    check = checksum_table(g_pairs, check, 0);

    table_free(g_words);
    table_free(g_pairs);
    free(text);
    printf("checksum: %016llx\n", check);
    return 0;
}
