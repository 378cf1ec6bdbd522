// Without -g there is neither DTrans metadata nor debug information: the
// types come from the IR (type source: ir). At -O0 and -O2 without passes
// the structure GEPs name the structures, and pointers loaded from pointer
// fields are typed by their uses. At -O2 the IR names no structure at all,
// so nothing may be called a structure; the loaded pointers are typed by
// the loads through them.
// RUN: %clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

struct in { int a; struct in *p; };
struct S { long y; struct in i; struct S *next; };

long f(struct S *s) {
  return s->y + s->i.p->a + s->next->y;
}

// O0: type source: ir
// O0-LABEL: function @f
// O0: %0 -> %struct.S* |
// O0: %7 -> %struct.in* | {{.*}}elements: %struct.S@1{{$}}
// O0: %8 -> %struct.in** | {{.*}}elements: %struct.in@1{{$}}
// O0: %9 -> %struct.in* |
// O0: %15 -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
// O0: %16 -> %struct.S* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP: type source: ir
// NP-LABEL: function @f
// NP: %0 -> %struct.S* |
// NP: %7 -> %struct.in* | {{.*}}elements: %struct.S@1{{$}}
// NP: %8 -> %struct.in** | {{.*}}elements: %struct.in@1{{$}}
// NP: %9 -> %struct.in* |
// NP: %15 -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
// NP: %16 -> %struct.S* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2: type source: ir
// O2-LABEL: function @f
// O2-NOT: %struct
// O2: %4 -> i32* |
// O2-NOT: %struct
// O2: %9 -> i64* |
// O2-NOT: %struct
