// A structure ending in a flexible array member (QuickJS's `JSShape` ends
// in `JSShapeProperty prop[]`), walked from `sh->props` at -O2: `sh + 24` is
// where the array starts, not a next `shape` (C allows no array of such
// structures), so the walk is a `prop *` from its start, with its field
// (`shape@4`). It was ambiguous between `shape *` and `prop *`, and its TBAA
// tag (`prop` at offset 0) disagreed with the field `[0 x prop]`. The shape
// stays refused (HasZeroSizedArray, and the allocation's size). The output
// is the same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll --function find | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @find
// CHECK: %7 -> %struct.prop* | declared: %struct.prop* | usage: %struct.prop*, i32* | elements: %struct.shape@4
// CHECK: %10 -> %struct.prop* | declared: %struct.prop* | usage: %struct.prop*, i32* | elements: %struct.shape@4
// CHECK: %18 -> %struct.prop* |
// CHECK-NOT: ambiguous

// SAFE-LABEL: %struct.shape (size 24, align 8)
// SAFE-NOT: BadCasting
// SAFE: legal: reorder-fields no ({{.*}}HasZeroSizedArray, BadAllocSizeArg);

#include <stdio.h>
#include <stdlib.h>
struct prop { int hash; int atom; };
struct shape { long hdr; struct shape *next; int count; int size; struct prop props[]; };

__attribute__((noinline)) static int find(struct shape *sh, int atom) {
  struct prop *p = sh->props;
  for (int i = 0; i < sh->count; i++, p++)
    if (p->atom == atom) return p->hash;
  return -1;
}

int main(int argc, char **argv) {
  int n = 6 + argc;
  struct shape *sh = malloc(sizeof(struct shape) + n * sizeof(struct prop));
  sh->hdr = 1; sh->next = NULL; sh->count = n; sh->size = n;
  for (int i = 0; i < n; i++) { sh->props[i].hash = i * 7; sh->props[i].atom = 100 + i; }
  printf("%d %d %d\n", find(sh, 103), find(sh, 100 + n - 1), find(sh, 5));
  free(sh);
  return 0;
}
