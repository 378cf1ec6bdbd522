// A header followed by another structure in one block, reached at -O2 by a
// byte offset of exactly the header's size (brotli: `HasherCommon` then an
// `H2`, `H3`, ... cleared with a `memset` of its size). The offset alone
// reads like the next element of an array of `struct common`, but the
// result is then cleared over 4100 bytes, more than one `struct common`
// (24 bytes) and part of another: no array of them is there. The result is
// unknown rather than a wrong `struct common *`, and the safety analysis
// marks `struct common` at the step. Near miss: `clear_two` clears two
// whole elements past the first (48 bytes), an array step that keeps its
// type. The program's output is the same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @prepare
// CHECK: %2 -> ? | usage: i8* | unknown: byte offset past the end of the object it points to, then written or copied as part of another object: not an array of them
// CHECK-LABEL: function @clear_two
// CHECK: %2 -> %struct.common* | declared: %struct.common* | usage: i8*

// SAFE-LABEL: %struct.common (size 24, align 8)
// SAFE: BadPtrManipulation: @prepare: %2 (c-header-memset.c:{{[0-9:]+}}): address not understood: byte offset past the end

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct common { long params; int dict_num_lookups; int is_prepared; void *extra; };
struct h2 { unsigned buckets[1025]; };

__attribute__((noinline)) void prepare(struct common *c) {
  struct h2 *self = (struct h2 *)&c[1];
  memset(self, 0, sizeof(struct h2));
  c->is_prepared = 1;
}
__attribute__((noinline)) void clear_two(struct common *c) {
  memset(&c[1], 0, 2 * sizeof(struct common));
}
int main(int argc, char **argv) {
  struct common *c = malloc(sizeof(struct common) + sizeof(struct h2));
  c->params = argc; c->extra = 0;
  prepare(c);
  struct h2 *h = (struct h2 *)(c + 1);
  h->buckets[argc] = 7;
  struct common *arr = malloc(3 * sizeof *arr);
  arr[0].params = 1;
  clear_two(arr);
  printf("%d %u %ld %ld\n", c->is_prepared, h->buckets[1] + h->buckets[2], c->params, arr[0].params + arr[2].params);
  free(arr); free(c);
  return 0;
}
