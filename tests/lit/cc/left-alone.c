// dtrans cc names the structures the program accesses most that no pass
// changed, heaviest first, with each layout pass's reason (passes with
// the same reason together) and where the first blocking condition was
// set: the report says why the rest did not change. `state` comes from
// a function returning `void *` that the analysis does not know as an
// allocator (BadCasting); `cell` is legal but both its fields are read
// together and hold any value, so the passes and the cost model keep it;
// `rec` is changed (its small values narrowed) and is not listed; `cold`
// is never accessed and is not listed either.
// RUN: %dtrans cc -O2 %s -o %t 2> %t.err
// RUN: %FileCheck %s < %t.err
// RUN: %dtrans cc -O2 %s -o %t --report %t.json
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// RUN: %t | %FileCheck %s --check-prefix=OUT

// CHECK-DAG: {{^}}struct.rec: 16 -> {{[0-9]+}} bytes (compress-fields:
// CHECK-DAG: {{^}}left alone: struct.state (32 bytes, {{[0-9]+}} accesses): delete-field, compress-fields, reorder-fields, aos-to-soa, peel, blocks: BadCasting (first: @main: {{.*}}left-alone.c:{{[0-9]+}}:{{[0-9]+}}): void* result used as %struct.state*)
// CHECK-DAG: {{^}}left alone: struct.cell (16 bytes, {{[0-9]+}} accesses): delete-field: every field is read and none has one known value; compress-fields: no integer field's stored values fit a narrower integer; reorder-fields: already in the chosen order; aos-to-soa: one array per field: predicted saving 0%, below the 5% margin; peel: {{.*}}{{$}}
// CHECK-NOT: left alone: struct.rec
// CHECK-NOT: left alone: struct.cold
// JSON: "left_alone": [
// JSON: "name": "%struct.state",
// JSON: "first_blocking": "@main: {{.*}}: void* result used as %struct.state*"
// OUT: total {{[0-9]+}}

#include <stdio.h>
#include <stdlib.h>

struct state { long a, b, c, d; };
struct cell { long x, y; };
struct rec { long key; long hits; };
struct cold { long never; };

static char arena[1 << 16];
static size_t used;
// A bump allocator: its result is bytes of a static array.
static void *grab(size_t n) {
  void *p = arena + used;
  used += (n + 15) & ~(size_t)15;
  return p;
}

int main(int argc, char **argv) {
  int n = argc > 5 ? 1 : 1000;
  struct state *s = grab(sizeof *s);
  struct cell *c = malloc(n * sizeof *c);
  struct rec *r = malloc(n * sizeof *r);
  s->a = s->b = s->c = s->d = 0;
  for (int i = 0; i < n; i++) {
    c[i].x = (long)i * argc * 1000003;
    c[i].y = c[i].x ^ (long)argv[0][0] << 40;
    r[i].key = i % 1000;
    r[i].hits = i % 7;
  }
  for (int k = 0; k < 50; k++)
    for (int i = 0; i < n; i++) {
      s->a += c[i].x;
      s->b ^= c[i].y;
      s->c += r[i].key * r[i].hits;
      s->d += s->a & 1;
    }
  printf("total %ld\n", s->a + s->b + s->c + s->d);
  free(c);
  free(r);
  return 0;
}
