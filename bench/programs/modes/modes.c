/* modes.c - a hot path that depends on the input: what the static
 * estimate cannot see and a profile can.
 *
 * 4 million items of 64 bytes. Every round streams over the prices (8 of
 * the 64 bytes); in audit mode (any argument on the command line) each
 * round also checks 40,000 random items, reading all eight fields. The
 * audit loop sits as deep as the price loop, so the static estimate weighs
 * them alike, and a random visit that reads every field would pay a miss
 * per record if the fields were split: the model leaves the layout alone.
 * Run as benchmarked (no argument) the audit never runs: a profile shows
 * the price loop alone is hot, and peeling the prices into their own
 * array makes each round read an eighth of the bytes. */
#include <stdio.h>
#include <stdlib.h>

#define N 4000000
#define ROUNDS 30
#define AUDITS 40000

struct item {
    long price;              /* every round */
    long qty;                /* the others: audits and the final report */
    long cost;
    long tax;
    long discount;
    long shipping;
    long weight;
    long volume;
};

static unsigned long long seed = 2024;

static unsigned long rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned long)(seed >> 21);
}

int main(int argc, char **argv)
{
    int audit = argc > 1;
    (void)argv;
    struct item *it = malloc(N * sizeof(struct item));
    if (!it) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N; i++) {
        it[i].price = 100 + (long)(rnd() % 900);
        it[i].qty = (long)(rnd() % 50);
        it[i].cost = it[i].price / 2;
        it[i].tax = it[i].price / 10;
        it[i].discount = (long)(i % 7);
        it[i].shipping = 5 + (long)(i % 3);
        it[i].weight = 1 + (long)(rnd() % 20);
        it[i].volume = 1 + (long)(rnd() % 30);
    }
    unsigned long total = 0, flagged = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (long i = 0; i < N; i++)
            total += (unsigned long)it[i].price;
        if (audit)
            for (long k = 0; k < AUDITS; k++) {
                struct item *x = &it[rnd() % N];
                long margin = x->price - x->cost - x->tax + x->discount - x->shipping;
                flagged += margin < 0 || x->qty * x->weight > 900 || x->volume > 29;
            }
        it[r * 1000].price += 1;
    }
    unsigned long report = 0;
    for (long i = 0; i < N; i++)
        report = report * 31 + (unsigned long)(it[i].qty + it[i].cost + it[i].tax + it[i].discount + it[i].shipping +
                                               it[i].weight + it[i].volume);
    printf("flagged %lu\n", flagged);
    printf("checksum: %lu %lu\n", total, report);
    free(it);
    return 0;
}
