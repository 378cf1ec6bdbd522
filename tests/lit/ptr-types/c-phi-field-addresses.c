// `k ? &s->b : &s->c`: a merge of the addresses of two int fields. At -O0
// it is a phi of two structure GEPs; at -O2 clang selects the byte offset
// (12 or 8) and makes one GEP with a variable offset. Either way the result
// is an i32* that may address field 1 or field 2.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

// S = { long, int, int }: b at 8, c at 12.
struct S { long a; int b; int c; };

int f(struct S *s, int k) {
  int *p = k ? &s->b : &s->c;
  return *p;
}

// O0-LABEL: function @f
// O0: %10 -> i32* | {{.*}}elements: %struct.S@1{{$}}
// O0: %13 -> i32* | {{.*}}elements: %struct.S@2{{$}}
// O0: %15 -> i32* | {{.*}}elements: %struct.S@1, %struct.S@2{{$}}
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %10 -> i32* | {{.*}}elements: %struct.S@1{{$}}
// NP: %13 -> i32* | {{.*}}elements: %struct.S@2{{$}}
// NP: %15 -> i32* | {{.*}}elements: %struct.S@1, %struct.S@2{{$}}
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.S* |
// %5 = getelementptr inbounds i8, ptr %0, i64 (select 12 or 8)
// O2: %5 -> i32* | {{.*}}elements: %struct.S@1, %struct.S@2{{$}}
// O2-NOT: unknown
// O2-NOT: ambiguous
