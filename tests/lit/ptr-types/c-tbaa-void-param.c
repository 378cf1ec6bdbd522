// void* parameters used as struct S through casts. At -O0 the structure
// GEPs say so; at -O2 only the accesses' struct-path TBAA tags do (S at
// offset 8 through p + 8, S at offset 0 through q itself): both parameters
// are struct S*, and p + 8 is field 1.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

struct S { int a; long b; struct S *next; };
// Makes the debug information describe struct S at -O2.
struct S *last;

long f(void *p, void *q) {
  long b = ((struct S *)p)->b;
  int a = ((struct S *)q)->a;
  return b + a;
}

// O0-LABEL: function @f
// O0: %0 -> %struct.S* | declared: i8* |
// O0: %1 -> %struct.S* | declared: i8* |
// O0: %8 -> i64* | {{.*}}elements: %struct.S@1{{$}}
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %0 -> %struct.S* | declared: i8* |
// NP: %1 -> %struct.S* | declared: i8* |
// NP: %8 -> i64* | {{.*}}elements: %struct.S@1{{$}}
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.S* | declared: i8* |
// O2: %1 -> %struct.S* | declared: i8* |
// O2: %3 -> i64* | {{.*}}elements: %struct.S@1{{$}}
// O2-NOT: unknown
// O2-NOT: ambiguous
