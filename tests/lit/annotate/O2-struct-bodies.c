// Full -O2: clang emits no LLVM structure type that no instruction names
// (fields are reached by `getelementptr i8, ptr %p, i64 OFFSET`), so these
// structures exist only in the debug info. The annotator creates each named
// structure with a body laid out from the debug info as clang would (enum,
// nested structure, array of pointers, union as its most aligned member,
// bit-field storage as bytes, a packed structure, long double, _Complex,
// function pointer, flexible array member) and describes it like any other:
// `dtrans types --strict` is clean and shows every body with its pointee
// types, and an indirect call whose callee is reached by byte offsets gets
// its type. The module verifies and the program still prints the same.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// The premise: the optimized IR names none of these structures.
// RUN: not grep -E '^%%(struct|union)\.' %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll --report %t.report
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types --strict %t.ann.ll | %FileCheck %s --match-full-lines
// RUN: %FileCheck %s --check-prefix=IR < %t.ann.ll
// RUN: %FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %clang %t.ann.ll -o %t.exe
// RUN: %t.exe > %t.out
// RUN: %clang -O0 %s -o %t.O0.exe
// RUN: %t.O0.exe | diff - %t.out

// CHECK: %struct.bag = type { i32, [0 x %struct.shape*] }
// CHECK-NEXT: %struct.flags = type { i8, i8, [2 x i8], [3 x i8], %struct.point* }
// CHECK-NEXT: %struct.packed_rec = type <{ i8, %struct.point*, i16 }>
// CHECK-NEXT: %struct.point = type { double, double }
// CHECK-NEXT: %struct.shape = type { i32, %struct.point, [4 x %struct.point*], %union.value, %struct.flags, %struct.packed_rec, x86_fp80, { double, double }, i32 (%struct.shape*)*, %struct.shape*, [3 x i8] }
// CHECK-NEXT: %union.value = type { %struct.point }
// CHECK-NEXT: function @area: i32 (%struct.shape*)
// CHECK-NEXT: function @make: %struct.shape* (i32, %struct.shape*)
// CHECK-NEXT: function @total: i64 (%struct.bag*)
// The callee b->items[i]->area is loaded through byte offsets (8 into the
// bag's flexible array, 144 into the shape): typed from the bodies above.
// CHECK-NEXT: call %{{[0-9]+}} in @total: i32 (%struct.shape*)
// CHECK-NOT: diagnostic

// The LLVM bodies themselves, as clang lays them out at -O0 (bit-fields
// aside: clang stores `wide` as an i32, the annotator as its 3 bytes).
// IR-DAG: %struct.shape = type { i32, %struct.point, [4 x ptr], %union.value, %struct.flags, %struct.packed_rec, x86_fp80, { double, double }, ptr, ptr, [3 x i8] }
// IR-DAG: %struct.point = type { double, double }
// IR-DAG: %union.value = type { %struct.point }
// IR-DAG: %struct.flags = type { i8, i8, [2 x i8], [3 x i8], ptr }
// IR-DAG: %struct.packed_rec = type <{ i8, ptr, i16 }>
// IR-DAG: %struct.bag = type { i32, [0 x ptr] }

// REPORT-DAG: "source": "debug-info (no IR type: body laid out from debug info)",
// REPORT-DAG: "field 0: bit-field storage",

#include <stdlib.h>
#include <stdio.h>

enum color { RED, GREEN, BLUE };
struct point { double x, y; };
struct flags { unsigned a : 3, b : 5; unsigned char tag; unsigned wide : 20; struct point *where; };
union value { long n; double d; char *s; struct point p; };
struct __attribute__((packed)) packed_rec { char c; struct point *p; short s; };
struct shape {
  enum color color;
  struct point origin;
  struct point *corners[4];
  union value v;
  struct flags f;
  struct packed_rec pr;
  long double ld;
  _Complex double z;
  int (*area)(const struct shape *);
  struct shape *next;
  char name[3];
};
struct bag { int n; struct shape *items[]; };

__attribute__((noinline)) int area(const struct shape *s) { return (int)(s->origin.x * s->origin.y); }

__attribute__((noinline)) struct shape *make(int i, struct shape *next) {
  struct shape *s = calloc(1, sizeof *s);
  s->color = (enum color)(i % 3);
  s->origin.x = i; s->origin.y = i + 1;
  s->corners[i % 4] = &s->origin;
  s->v.s = "v";
  s->f.a = 1; s->f.b = 2; s->f.tag = 3; s->f.wide = 4; s->f.where = &s->origin;
  s->pr.c = 'c'; s->pr.p = &s->origin; s->pr.s = 5;
  s->ld = 1.5L; s->z = 2.0;
  s->area = area;
  s->next = next;
  s->name[0] = 'a' + i;
  return s;
}

__attribute__((noinline)) long total(struct bag *b) {
  long t = 0;
  for (int i = 0; i < b->n; i++)
    t += b->items[i]->area(b->items[i]) + b->items[i]->f.wide + b->items[i]->pr.s + b->items[i]->color;
  return t;
}

int main(void) {
  struct bag *b = malloc(sizeof *b + 3 * sizeof(struct shape *));
  b->n = 3;
  struct shape *s = 0;
  for (int i = 0; i < 3; i++) b->items[i] = s = make(i, s);
  printf("%ld\n", total(b));
  return 0;
}
