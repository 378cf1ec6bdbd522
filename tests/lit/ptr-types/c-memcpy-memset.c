// Structure assignment (llvm.memcpy of 24 bytes), memset of an array of
// structures, memcpy of one field, memmove of arr + 1 onto arr: the memory
// intrinsics take raw bytes (i8*), which every pointer involved explains, so
// each keeps its structure or field type and none is ambiguous.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <string.h>

// S = { int, S*, long } (24 bytes; b at 16)
struct S { int a; struct S *next; long b; };

void f(struct S *d, struct S *s, struct S *arr, int n) {
  *d = *s;
  memset(arr, 0, n * sizeof *arr);
  memcpy(&d->b, &s->b, sizeof d->b);
  memmove(arr, arr + 1, (n - 1) * sizeof *arr);
}

// O0-LABEL: function @f
// O0: %9 -> %struct.S* |
// O0: %10 -> %struct.S* |
// O0: %11 -> %struct.S* |
// O0: %16 -> i64* | {{.*}}elements: %struct.S@2{{$}}
// O0: %18 -> i64* | {{.*}}elements: %struct.S@2{{$}}
// O0: %19 -> %struct.S* |
// O0: %21 -> %struct.S* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %9 -> %struct.S* |
// NP: %10 -> %struct.S* |
// NP: %11 -> %struct.S* |
// NP: %16 -> i64* | {{.*}}elements: %struct.S@2{{$}}
// NP: %18 -> i64* | {{.*}}elements: %struct.S@2{{$}}
// NP: %19 -> %struct.S* |
// NP: %21 -> %struct.S* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.S* |
// O2: %1 -> %struct.S* |
// O2: %2 -> %struct.S* |
// O2: %7 -> i64* | {{.*}}elements: %struct.S@2{{$}}
// O2: %8 -> i64* | {{.*}}elements: %struct.S@2{{$}}
// arr + 1 as a byte offset of one whole structure
// O2: %10 -> %struct.S* |
// O2-NOT: unknown
// O2-NOT: ambiguous
