/* Hand-optimized variant (bench/layout_bench.py): groups3.c with struct
 * account split into three arrays indexed alike: the fields of pass 1,
 * those of pass 2 and the cold rest; see README.md. Only the structure
 * definitions and the code they force differ from the original; the
 * comments below are the original's. */
/* groups3.c - a record whose fields fall in three groups: two hot loops
 * over different fields, and cold fields.
 *
 * 3 million accounts of 96 bytes. Every round, one pass streams over the
 * balances (balance, limit: who is over the limit) and another over the
 * rates (rate, accrued: interest); the eight other fields (owner, branch,
 * opened, the history counters) are set when the accounts are made and
 * read by the final report. Peeling the cold fields leaves a 32-byte hot
 * record of which each pass reads half; three records (balances, rates,
 * the rest) let each pass read only what it needs. */
#include <stdio.h>
#include <stdlib.h>

#define N 3000000
#define ROUNDS 16

/* Account i is bal[i], rates[i] and rest[i]. */
struct balance {
    long balance;            /* pass 1 */
    long limit;              /* pass 1 */
};

struct rates {
    long rate;               /* pass 2 */
    long accrued;            /* pass 2 */
};

struct account_rest {
    long owner;              /* cold */
    long branch;             /* cold */
    long opened;             /* cold */
    long deposits;           /* cold */
    long withdrawals;        /* cold */
    long fees;               /* cold */
    long flags;              /* cold */
    long closed;             /* cold */
};

static unsigned long long seed = 7;

static unsigned rnd(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(void)
{
    struct balance *bal = malloc(N * sizeof(struct balance));
    struct rates *rt = malloc(N * sizeof(struct rates));
    struct account_rest *a = malloc(N * sizeof(struct account_rest));
    if (!bal || !rt || !a) {
        printf("out of memory\n");
        return 1;
    }
    for (long i = 0; i < N; i++) {
        bal[i].balance = (long)(rnd() % 100000) - 1000;
        bal[i].limit = (long)(rnd() % 2000);
        rt[i].rate = 1 + (long)(rnd() % 9);
        rt[i].accrued = 0;
        a[i].owner = i * 7;
        a[i].branch = i % 97;
        a[i].opened = 20000 + i % 3650;
        a[i].deposits = rnd() % 50;
        a[i].withdrawals = rnd() % 50;
        a[i].fees = 0;
        a[i].flags = i & 3;
        a[i].closed = i % 11 == 0;
    }
    unsigned long over = 0, interest = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (long i = 0; i < N; i++)
            over += bal[i].balance < -bal[i].limit;
        for (long i = 0; i < N; i++)
            interest += (unsigned long)(rt[i].rate * (r + 1)) ^ (unsigned long)rt[i].accrued;
        /* A few accounts change. */
        for (long i = r; i < N; i += 65537) {
            bal[i].balance -= 100;
            rt[i].accrued += rt[i].rate;
            a[i].fees += 1;
        }
    }
    unsigned long cold = 0;
    for (long i = 0; i < N; i++)
        cold = cold * 31 + (unsigned long)(a[i].owner + a[i].branch + a[i].opened + a[i].deposits -
                                           a[i].withdrawals + a[i].fees * 3 + a[i].flags + a[i].closed);
    printf("over %lu\n", over);
    printf("checksum: %lu %lu\n", interest, cold);
    free(a);
    free(rt);
    free(bal);
    return 0;
}
