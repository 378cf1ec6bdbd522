// A header followed by another structure in one allocation, reached by
// stepping past the header (`(struct h10 *)(c + 1)`, brotli's hashers, zstd's
// decoding tables): the step's result is a `struct h10 *` (what its uses
// say), not a `struct common *`; the value is no longer ambiguous, and the
// safety analysis marks both structures at the step (the bytes past a
// `common` are an `h10` in memory sized for neither). `struct other`, an
// ordinary array stepped by `o[i]`, stays legal. A header may be a scalar:
// `(struct entry *)(dt + 1)` past a `unsigned` (zstd's decoding tables). The program's output is
// the same after the default pipeline.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O0 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O0 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @self_of
// CHECK: %4 -> %struct.h10* | usage: %struct.h10*
// CHECK-LABEL: function @table_of
// CHECK: %4 -> %struct.entry* | usage: %struct.entry*

// SAFE-LABEL: %struct.common (size 16, align 8)
// SAFE: BadPtrManipulation: @self_of: %4 (c-header-step.c:{{[0-9:]+}}): a step past a %struct.common used as a %struct.h10
// SAFE-LABEL: %struct.entry (size 2, align 1)
// SAFE: BadCasting: @table_of: %4 (c-header-step.c:{{[0-9:]+}}): a step past a i32 used as a %struct.entry
// SAFE-LABEL: %struct.h10 (size 272, align 8)
// SAFE: BadCasting: @self_of: %4 (c-header-step.c:{{[0-9:]+}}): a step past a %struct.common used as a %struct.h10
// SAFE-LABEL: %struct.other
// SAFE: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes

#include <stdio.h>
#include <stdlib.h>
struct common { long params; int dict_num_lookups; int is_prepared; };
struct h10 { unsigned long window_mask; unsigned buckets[64]; unsigned invalid_pos; };
struct other { int a; int b; };
struct entry { unsigned char sym; unsigned char nb; };

static struct h10 *self_of(struct common *c) { return (struct h10 *)(c + 1); }
static struct entry *table_of(unsigned *dt) { return (struct entry *)(dt + 1); }

int main(int argc, char **argv) {
  struct common *c = malloc(sizeof(struct common) + sizeof(struct h10));
  struct h10 *h = self_of(c);
  c->params = argc; c->dict_num_lookups = 0; c->is_prepared = 1;
  h->window_mask = 63; h->invalid_pos = 7;
  for (int i = 0; i < 64; i++) h->buckets[i] = i * c->is_prepared;
  struct other *o = malloc(4 * sizeof *o);
  for (int i = 0; i < 4; i++) { o[i].a = i; o[i].b = 2 * i; }
  printf("%lu %u %ld %d\n", h->window_mask, h->buckets[5] + h->invalid_pos, c->params, o[3].b + o[2].a);
  unsigned *dt = malloc(sizeof(unsigned) + 8 * sizeof(struct entry));
  dt[0] = 8;
  struct entry *t = table_of(dt);
  for (unsigned i = 0; i < dt[0]; i++) { t[i].sym = (unsigned char)('a' + i); t[i].nb = (unsigned char)i; }
  printf("%c %d\n", table_of(dt)[3].sym, table_of(dt)[7].nb);
  free(dt); free(o); free(c);
  return 0;
}
