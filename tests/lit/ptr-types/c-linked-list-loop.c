// Walking a linked list: at -O2 the cursor is a phi of the head parameter
// and the loaded next field (a byte offset of 8); every value on the cycle
// is a %struct.node*, the field address a %struct.node**.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

struct node { int v; struct node *next; };

int f(struct node *head) {
  int s = 0;
  for (struct node *n = head; n; n = n->next)
    s += n->v;
  return s;
}

// O0-LABEL: function @f
// O0: %4 -> %struct.node** |
// O0: %17 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// O0: %18 -> %struct.node* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %4 -> %struct.node** |
// NP: %18 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// NP: %19 -> %struct.node* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.node* |
// O2: %6 -> %struct.node* |
// O2: %10 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// O2: %11 -> %struct.node* |
// O2-NOT: unknown
// O2-NOT: ambiguous
