/* events: a log of events appended one at a time to an array that grows
 * by realloc (a vector's push_back), then scanned many times for events
 * of one kind. The scans read `time` and `kind`; the source, the six
 * payload figures and the sequence number are set by the push and read
 * once by the final report: they stay live, so deletion removes nothing.
 *
 * Layout: struct event is 72 bytes, of which a scan uses 12. Peeling
 * moves the cold 56 bytes to a parallel array that realloc grows with
 * the log (the log is kept in one global that only the push writes), so
 * a scan streams 16-byte records. */
#include <stdio.h>
#include <stdlib.h>

#define N_EVENTS 4000000
#define SCANS 64
#define KINDS 16

struct event {
    long time;                      /* hot: compared by every scan */
    int kind;                       /* hot: tested by every scan */
    int source;                     /* cold */
    double v0, v1, v2, v3, v4, v5;  /* cold: payload */
    long seq;                       /* cold */
};

static struct event *events;
static long n_events, cap_events;

static unsigned long long lcg = 12345;

static unsigned draw(void)
{
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(lcg >> 33);
}

static void push(long time, int kind, int source)
{
    if (n_events == cap_events) {
        cap_events = cap_events ? cap_events * 2 : 1024;
        events = realloc(events, cap_events * sizeof(struct event));
        if (!events) {
            printf("out of memory\n");
            exit(1);
        }
    }
    struct event *e = &events[n_events++];
    e->time = time;
    e->kind = kind;
    e->source = source;
    e->v0 = source * 0.5;
    e->v1 = kind + 0.25;
    e->v2 = (double)(time % 1000);
    e->v3 = e->v0 + e->v1;
    e->v4 = -e->v2;
    e->v5 = 1.0 / (1 + source);
    e->seq = n_events;
}

int main(void)
{
    long t = 0;
    for (long i = 0; i < N_EVENTS; i++) {
        t += draw() % 100;
        push(t, (int)(draw() % KINDS), (int)(draw() % 1000));
    }
    /* Scans: for each kind, how many events and their last time in a
     * window of the log's span. */
    unsigned long long acc = 0;
    for (int s = 0; s < SCANS; s++) {
        int want = s % KINDS;
        long lo = t / SCANS * s / 2, hi = lo + t / 2;
        long count = 0, last = 0;
        for (long i = 0; i < n_events; i++) {
            if (events[i].kind == want && events[i].time >= lo && events[i].time < hi) {
                count++;
                last = events[i].time;
            }
        }
        acc = acc * 31 + (unsigned long long)count * 7 + (unsigned long long)last;
    }
    /* Report: every field of every event, once. */
    double payload = 0;
    long sources = 0, seqs = 0;
    for (long i = 0; i < n_events; i++) {
        struct event *e = &events[i];
        payload += e->v0 + e->v1 + e->v2 + e->v3 + e->v4 + e->v5;
        sources += e->source;
        seqs += e->seq - i;
    }
    printf("events %ld, payload %.3f, sources %ld, seqs %ld\n", n_events, payload, sources, seqs);
    printf("checksum: %llu\n", acc);
    free(events);
    return 0;
}
