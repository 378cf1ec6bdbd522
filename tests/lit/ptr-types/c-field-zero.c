// Field 0 of nested structures: w->head.next is at offset 0 of both
// structures. At -O0 (and -O2 without passes) clang still writes the
// field-0 GEPs, whose results are the address of the `next` field (a
// %struct.node**), not the structure; at -O2 the load reads straight from
// the structure pointer with no GEP and gets the field's type.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

struct node { struct node *next; int v; };
struct wrap { struct node head; long n; };

int f(struct wrap *w) {
  struct node *first = w->head.next;
  return first->next->v;
}

// O0-LABEL: function @f
// &w->head
// O0: %5 -> %struct.node* | {{.*}}elements: %struct.wrap@0{{$}}
// &w->head.next
// O0: %6 -> %struct.node** | {{.*}}elements: %struct.node@0{{$}}
// O0: %7 -> %struct.node* |
// &first->next
// O0: %9 -> %struct.node** | {{.*}}elements: %struct.node@0{{$}}
// O0: %10 -> %struct.node* |
// O0: %11 -> i32* | {{.*}}elements: %struct.node@1{{$}}
// O0-NOT: unknown
// O0-NOT: ambiguous

// -O2 without LLVM passes: the same instructions, numbered alike.
// NP-LABEL: function @f
// &w->head
// NP: %5 -> %struct.node* | {{.*}}elements: %struct.wrap@0{{$}}
// &w->head.next
// NP: %6 -> %struct.node** | {{.*}}elements: %struct.node@0{{$}}
// NP: %7 -> %struct.node* |
// &first->next
// NP: %9 -> %struct.node** | {{.*}}elements: %struct.node@0{{$}}
// NP: %10 -> %struct.node* |
// NP: %11 -> i32* | {{.*}}elements: %struct.node@1{{$}}
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.wrap* |
// O2: %2 -> %struct.node* |
// O2: %3 -> %struct.node* |
// O2: %4 -> i32* | {{.*}}elements: %struct.node@1{{$}}
// O2-NOT: unknown
// O2-NOT: ambiguous
