// Pointers used as arrays: &arr[i] on a parameter (a one-index structure
// GEP keeps the structure type), an array of pointers inside a structure
// indexed by a variable, and an array of structures inside a structure
// indexed by a variable, then a field of the element.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

// item = { long, item* } (16 bytes); table = { int, item *[8], item[4] }
// (slots at 8, items at 72).
struct item { long key; struct item *link; };
struct table { int n; struct item *slots[8]; struct item items[4]; };

long f(struct item *arr, struct table *t, int i) {
  struct item *e = &arr[i];
  struct item *s = t->slots[i & 7];
  return e->key + s->link->key + t->items[i & 3].link->key;
}

// O0-LABEL: function @f
// &arr[i]
// O0: %12 -> %struct.item* |
// &t->slots, t->slots[i & 7]
// O0: %14 -> {{.*}}elements: %struct.table@1{{$}}
// O0: %18 -> %struct.item** |
// O0: %19 -> %struct.item* |
// &t->items, &t->items[i & 3], its link
// O0: %30 -> {{.*}}elements: %struct.table@2{{$}}
// O0: %34 -> %struct.item* |
// O0: %35 -> %struct.item** | {{.*}}elements: %struct.item@1{{$}}
// O0: %36 -> %struct.item* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// -O2 without LLVM passes: the same instructions, numbered alike.
// NP-LABEL: function @f
// &arr[i]
// NP: %12 -> %struct.item* |
// &t->slots, t->slots[i & 7]
// NP: %14 -> {{.*}}elements: %struct.table@1{{$}}
// NP: %18 -> %struct.item** |
// NP: %19 -> %struct.item* |
// &t->items, &t->items[i & 3], its link
// NP: %30 -> {{.*}}elements: %struct.table@2{{$}}
// NP: %34 -> %struct.item* |
// NP: %35 -> %struct.item** | {{.*}}elements: %struct.item@1{{$}}
// NP: %36 -> %struct.item* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %5 -> %struct.item* |
// O2: %6 -> {{.*}}elements: %struct.table@1{{$}}
// O2: %9 -> %struct.item** |
// O2: %10 -> %struct.item* |
// O2: %12 -> %struct.item** | {{.*}}elements: %struct.item@1{{$}}
// O2: %16 -> {{.*}}elements: %struct.table@2{{$}}
// t + 72 then [i & 3].link
// O2: %19 -> %struct.item** | {{.*}}elements: %struct.item@1{{$}}
// O2: %20 -> %struct.item* |
// O2-NOT: unknown
// O2-NOT: ambiguous
