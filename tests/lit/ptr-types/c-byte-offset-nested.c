// Three levels of nesting with an array of structures in the middle: at -O2
// every access is a byte offset from the outer pointer (48, 64, 32, 16) and
// must resolve to the innermost field at that offset, the same field the
// structure GEPs of -O0 name.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

// leaf = { short, leaf*, double } (24 bytes: peer at 8, w at 16)
// mid = { char, leaf[2] } (l at 8); top = { int, mid, top* } (m at 8, up at 64)
struct leaf { short tag; struct leaf *peer; double w; };
struct mid { char c; struct leaf l[2]; };
struct top { int id; struct mid m; struct top *up; };

double f(struct top *t, int k) {
  struct leaf *a = t->m.l[1].peer;
  struct top *u = t->up;
  return a->w + t->m.l[0].w + u->m.l[k].w;
}

// O0-LABEL: function @f
// O0: %8 -> %struct.mid* | {{.*}}elements: %struct.top@1{{$}}
// O0: %9 -> {{.*}}elements: %struct.mid@1{{$}}
// O0: %10 -> %struct.leaf* |
// O0: %11 -> %struct.leaf** | {{.*}}elements: %struct.leaf@1{{$}}
// O0: %12 -> %struct.leaf* |
// O0: %14 -> %struct.top** | {{.*}}elements: %struct.top@2{{$}}
// O0: %17 -> double* | {{.*}}elements: %struct.leaf@2{{$}}
// O0: %31 -> %struct.leaf* |
// O0: %32 -> double* | {{.*}}elements: %struct.leaf@2{{$}}
// O0-NOT: unknown
// O0-NOT: ambiguous

// -O2 without LLVM passes: the same instructions, numbered alike.
// NP-LABEL: function @f
// NP: %8 -> %struct.mid* | {{.*}}elements: %struct.top@1{{$}}
// NP: %9 -> {{.*}}elements: %struct.mid@1{{$}}
// NP: %10 -> %struct.leaf* |
// NP: %11 -> %struct.leaf** | {{.*}}elements: %struct.leaf@1{{$}}
// NP: %12 -> %struct.leaf* |
// NP: %14 -> %struct.top** | {{.*}}elements: %struct.top@2{{$}}
// NP: %17 -> double* | {{.*}}elements: %struct.leaf@2{{$}}
// NP: %31 -> %struct.leaf* |
// NP: %32 -> double* | {{.*}}elements: %struct.leaf@2{{$}}
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// t + 48 = t->m.l[1].peer
// O2: %3 -> %struct.leaf** | {{.*}}elements: %struct.leaf@1{{$}}
// O2: %4 -> %struct.leaf* |
// t + 64 = t->up
// O2: %5 -> %struct.top** | {{.*}}elements: %struct.top@2{{$}}
// O2: %6 -> %struct.top* |
// a + 16 = a->w
// O2: %7 -> double* | {{.*}}elements: %struct.leaf@2{{$}}
// t + 32 = t->m.l[0].w
// O2: %9 -> double* | {{.*}}elements: %struct.leaf@2{{$}}
// u + 16 = u->m.l
// O2: %12 -> {{.*}}elements: %struct.mid@1{{$}}
// O2: %14 -> double* | {{.*}}elements: %struct.leaf@2{{$}}
// O2-NOT: unknown
// O2-NOT: ambiguous
