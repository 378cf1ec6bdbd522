// Returns across direct calls: second() returns a struct node*, so its
// call result is one; first() returns a void* (i8*) that the caller uses as
// a struct node*, so that call result is a struct node* too.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

struct node { int v; struct node *next; };
struct list { struct node *head; int n; };

__attribute__((noinline)) static void *first(struct list *l) { return l->head; }
__attribute__((noinline)) static struct node *second(struct list *l) { return l->head->next; }

int f(struct list *l) {
  void *a = first(l);
  struct node *b = second(l);
  return ((struct node *)a)->next->v + b->v;
}

// O0-LABEL: function @f
// O0: %6 -> %struct.node* |
// O0: %8 -> %struct.node* |
// O0: %10 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// O0: %11 -> %struct.node* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %6 -> %struct.node* |
// NP: %8 -> %struct.node* |
// NP: %10 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// NP: %11 -> %struct.node* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %2 -> %struct.node* |
// O2: %3 -> %struct.node* |
// O2: %4 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// O2: %5 -> %struct.node* |
// O2-NOT: unknown
// O2-NOT: ambiguous
