// C field accesses through a structure pointer, one nested: at -O0 and
// -O2 without LLVM passes structure GEPs, at -O2 byte offsets (8, 24, 32).
// Each field address points to the field's type and addresses that field;
// loaded pointers have the fields' pointee types.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

struct in { int a; struct in *p; };
struct S { int x; long y; struct in i; struct S *next; };

long f(struct S *s) {
  struct in *q = s->i.p;
  return s->y + q->a + s->next->x;
}

// O0: type source: debug-info
// O0-LABEL: function @f
// O0: %0 -> %struct.S* |
// O0: %2 -> %struct.S** |
// O0: %3 -> %struct.in** |
// s->i, then .p
// O0: %5 -> %struct.in* | {{.*}}elements: %struct.S@2{{$}}
// O0: %6 -> %struct.in** | {{.*}}elements: %struct.in@1{{$}}
// O0: %7 -> %struct.in* |
// O0: %9 -> i64* | {{.*}}elements: %struct.S@1{{$}}
// O0: %11 -> %struct.in* |
// O0: %17 -> %struct.S** | {{.*}}elements: %struct.S@3{{$}}
// O0: %18 -> %struct.S* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// -O2 without LLVM passes: the same instructions, numbered alike.
// NP: type source: debug-info
// NP-LABEL: function @f
// NP: %0 -> %struct.S* |
// NP: %2 -> %struct.S** |
// NP: %3 -> %struct.in** |
// s->i, then .p
// NP: %5 -> %struct.in* | {{.*}}elements: %struct.S@2{{$}}
// NP: %6 -> %struct.in** | {{.*}}elements: %struct.in@1{{$}}
// NP: %7 -> %struct.in* |
// NP: %9 -> i64* | {{.*}}elements: %struct.S@1{{$}}
// NP: %11 -> %struct.in* |
// NP: %17 -> %struct.S** | {{.*}}elements: %struct.S@3{{$}}
// NP: %18 -> %struct.S* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.S* |
// s + 24: s->i.p
// O2: %2 -> %struct.in** | {{.*}}elements: %struct.in@1{{$}}
// O2: %3 -> %struct.in* |
// O2: %4 -> i64* | {{.*}}elements: %struct.S@1{{$}}
// s + 32: s->next
// O2: %9 -> %struct.S** | {{.*}}elements: %struct.S@3{{$}}
// O2: %10 -> %struct.S* |
// O2-NOT: unknown
// O2-NOT: ambiguous
