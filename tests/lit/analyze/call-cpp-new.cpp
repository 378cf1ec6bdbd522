// C++ new and delete of a structure: HasCppHandling (document 001, "Call",
// "Invoke"). A call that may throw into a handler is exception handling:
// the program is not whole, and the structure passed to the invoke has
// C++ handling too. A structure only used through malloc'd memory has none.
// RUN: %clang -x c++ -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -x c++ -g -O0 -fno-exceptions -S -emit-llvm %s -DNOEXC -o %t.ne.ll
// RUN: %dtrans analyze %t.ne.ll | %FileCheck %s --check-prefix=NOEXC

#include <stdlib.h>
struct S { int a; long b; };
struct P { int a; long b; };
struct E { int a; };
void may_throw(E *e);
long f() {
  S *s = new S();
  s->a = 1;
  long r = s->a + s->b;
  delete s;
  P *p = (P *)malloc(sizeof(P));
  p->a = 2;
  r += p->a;
  free(p);
#ifndef NOEXC
  E e = { 1 };
  try { may_throw(&e); } catch (...) { r = -1; }
#endif
  return r;
}

// CHECK: whole program: no
// CHECK: not whole: @{{.*}}: exception handling
// CHECK-LABEL: %struct.E (
// CHECK: HasCppHandling: @{{.*}}: call @{{.*}}may_throw
// CHECK-LABEL: %struct.P (
// CHECK-NOT: HasCppHandling
// CHECK: legal:
// CHECK-LABEL: %struct.S (
// CHECK: HasCppHandling:
// CHECK: legal: reorder-fields no (HasCppHandling)

// NOEXC-NOT: exception handling
// NOEXC-LABEL: %struct.S (
// NOEXC: HasCppHandling:
