// A structure passed by value through `...` is read by va_arg at the old
// layout's offsets (at -O2 plain arithmetic on the argument area that
// nothing ties to the structure): WholeStructureReference, left alone.
// A pointer to it through `...` stays fine (varargs_ptr below is reordered).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans analyze %t.O2.ll --struct struct.pt | %FileCheck %s --check-prefix=SAFETY
// RUN: %dtrans opt %t.O2.ll -p reorder-fields -o %t.O2.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
// RUN: %dtrans opt %t.O0.ll -p reorder-fields -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=O0
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// SAFETY: WholeStructureReference: @main: {{.*}}argument 1 passes a structure by value through `...`
// CHECK: "name": "%struct.pt",{{[[:space:]]*}}"pass": "reorder-fields",{{[[:space:]]*}}"reason": "{{.*}}WholeStructureReference
// O0: %struct.pq -> %__DFR_struct.pq (24 -> 16 bytes: padding removed)
// O0-NOT: %struct.pt ->
#include <stdarg.h>
#include <stdio.h>
struct pt { char tag; long x; char y; };
struct pq { char tag; long x; char y; };
static long sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++) {
    struct pt p = va_arg(ap, struct pt);
    s = s * 5 + p.tag + p.x + p.y;
  }
  va_end(ap);
  return s;
}
static __attribute__((noinline)) long via_ptr(int n, ...) {
  va_list ap;
  va_start(ap, n);
  struct pq *q = va_arg(ap, struct pq *);
  va_end(ap);
  return q->tag + q->x * 3 + q->y;
}
int main(int argc, char **argv) {
  struct pt a = { 1, 100 + argc, 2 };
  struct pt b = { 3, 7 * argc, 4 };
  static struct pq c = { 5, 6, 7 };
  c.x += argc;
  printf("%ld %ld\n", sum(2, a, b), via_ptr(1, &c));
  return 0;
}
