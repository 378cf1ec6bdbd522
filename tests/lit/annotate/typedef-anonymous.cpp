// C++: anonymous structures and unions named by a typedef, in a namespace
// and at file scope (%"struct.ns::Buf", %"union.ns::U", %struct.Top), used
// only through pointers, matched through the typedef's qualified name.
// RUN: %clang -x c++ -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -x c++ -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.Top = type { %"struct.ns::Buf"*, %"union.ns::U"*, i32 }
// CHECK-NEXT: %"struct.ns::Buf" = type { i32*, i64 }
// CHECK-NEXT: %"union.ns::U" = type { %"struct.ns::Buf"* }
// CHECK-NEXT: function @_Z4makei: %struct.Top* (i32)
// CHECK-NEXT: function @_Z5totalP3Top: i64 (%struct.Top*)
// CHECK-NOT: opaque
// CHECK-NOT: anon
// CHECK-NOT: diagnostic

#include <cstdlib>

namespace ns {
typedef struct { int *p; long n; } Buf;
typedef union { Buf *b; long n; } U;
}

typedef struct { ns::Buf *first; ns::U *slots; int count; } Top;

Top *make(int n) {
  Top *t = static_cast<Top *>(std::malloc(sizeof *t));
  t->first = static_cast<ns::Buf *>(std::malloc(sizeof(ns::Buf)));
  t->first->p = nullptr;
  t->first->n = n;
  t->slots = static_cast<ns::U *>(std::calloc(n, sizeof(ns::U)));
  for (int i = 0; i < n; i++)
    t->slots[i].b = t->first;
  t->count = n;
  return t;
}

long total(Top *t) {
  long s = 0;
  for (int i = 0; i < t->count; i++)
    s += t->slots[i].b->n;
  return s;
}

int main() { return total(make(3)) == 9 ? 0 : 1; }
