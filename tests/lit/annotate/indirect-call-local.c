// Indirect calls through function pointers held in local variables and
// parameters: the call gets the callee's function type from the debug type
// of the variable the pointer was loaded from. Direct calls are not listed.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.node = type { i32, %struct.node* }
// CHECK-NEXT: function @walk: i32 (%struct.node*, %struct.node* (%struct.node*)*, i32 (%struct.node*)*)
// CHECK-NEXT: function @bump: void (%struct.node*, i32)
// CHECK-NEXT: function @value: i32 (%struct.node*)
// CHECK-NEXT: function @advance: %struct.node* (%struct.node*)
// CHECK-NEXT: alloca %n.addr in @walk: %struct.node*
// CHECK-NEXT: alloca %step.addr in @walk: %struct.node* (%struct.node*)*
// CHECK-NEXT: alloca %get.addr in @walk: i32 (%struct.node*)*
// CHECK-NEXT: alloca %touch in @walk: void (%struct.node*, i32)*
// CHECK-NEXT: alloca %n.addr in @bump: %struct.node*
// CHECK-NEXT: alloca %c in @main: %struct.node
// CHECK-NEXT: alloca %b in @main: %struct.node
// CHECK-NEXT: alloca %a in @main: %struct.node
// CHECK-NEXT: alloca %get in @main: i32 (%struct.node*)*
// CHECK-NEXT: alloca %n.addr in @value: %struct.node*
// CHECK-NEXT: alloca %n.addr in @advance: %struct.node*
// CHECK-NEXT: call #{{[0-9]+}} in %for.body in @walk: void (%struct.node*, i32)
// CHECK-NEXT: call {{%call[0-9]*}} in @walk: i32 (%struct.node*)
// CHECK-NEXT: call {{%call[0-9]*}} in @walk: %struct.node* (%struct.node*)
// CHECK-NOT: {{.}}

struct node {
  int v;
  struct node *next;
};

typedef struct node *(*step_fn)(struct node *);

static struct node *advance(struct node *n) { return n->next; }
static int value(const struct node *n) { return n->v; }
static void bump(struct node *n, int by) { n->v += by; }

int walk(struct node *n, step_fn step, int (*get)(const struct node *)) {
  int sum = 0;
  void (*touch)(struct node *, int) = bump;
  for (; n; n = step(n)) {
    touch(n, 1);
    sum += get(n);
  }
  return sum;
}

int main(void) {
  struct node c = {3, 0}, b = {2, &c}, a = {1, &b};
  int (*get)(const struct node *) = value;
  return walk(&a, advance, get) == 9 ? 0 : 1;
}
