// A structure ending in an array that C indexes past its declared length
// (SQLite's `ExprList { int nExpr, nAlloc; ExprList_item a[1]; }`), walked
// by `++it` from `&l->a[0]`: at -O2 the walk is a byte step of one element
// (24) from an address 8 bytes into the `list`. 8 + 24 is the `list`'s size,
// but the step stays inside the array: the walked pointer is an `item *`,
// not also the next `list` (which made it ambiguous, and both structures
// BadCasting and UnsafePtrMerge). What is left is the allocation's size
// (a header plus n items), which is BadAllocSizeArg. The output is the same
// after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll --function total | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @total
// CHECK: %16 -> %struct.item* | declared: %struct.item*, [1 x %struct.item]* | usage: %struct.item*, i64** | elements: %struct.list@2
// CHECK: %26 -> %struct.item* | declared: %struct.item*, [1 x %struct.item]* | usage: %struct.item*, i64**{{$}}
// CHECK: %42 -> %struct.item* |
// CHECK-NOT: ambiguous

// SAFE-LABEL: %struct.item (size 24, align 8)
// SAFE-NOT: BadCasting
// SAFE: legal: reorder-fields no (BadAllocSizeArg); delete-field no (BadAllocSizeArg);
// SAFE-LABEL: %struct.list (size 32, align 8)
// SAFE-NOT: BadCasting
// SAFE: legal: reorder-fields no (BadAllocSizeArg); delete-field no (BadAllocSizeArg);

#include <stdio.h>
#include <stdlib.h>
struct item { long *val; char *name; int flags; };
struct list { int n; int alloc; struct item a[1]; };

__attribute__((noinline)) static long total(struct list *l) {
  long s = 0;
  struct item *it = l->a;
  for (int i = 0; i < l->n; i++, it++) s += *it->val + it->flags;
  return s;
}

int main(int argc, char **argv) {
  int n = 5 + argc;
  struct list *l = malloc(sizeof(struct list) + (n - 1) * sizeof(struct item));
  long *vals = malloc(n * sizeof(long));
  l->n = n; l->alloc = n;
  for (int i = 0; i < n; i++) { vals[i] = i * 3; l->a[i].val = &vals[i]; l->a[i].name = argv[0]; l->a[i].flags = i; }
  printf("%ld\n", total(l));
  free(vals); free(l);
  return 0;
}
