// Named unions with pointer members. clang lowers a union to one member
// chosen by alignment and size (plus padding): that member gives the field's
// type. `union ref` lowers to its only pointer-sized member, `union slot` to
// the node pointer followed by [8 x i8] padding, `union num` to its long.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.node = type { %union.ref, %union.slot, %union.num, %union.ref* }
// CHECK-NEXT: %union.num = type { i64 }
// CHECK-NEXT: %union.ref = type { %struct.node* }
// CHECK-NEXT: %union.slot = type { %struct.node*, [8 x i8] }
// CHECK-NEXT: function @deref: %struct.node* (%union.ref*)
// CHECK-NEXT: global @global_ref: %union.ref
// CHECK-NEXT: alloca %r.addr in @deref: %union.ref*
// CHECK-NEXT: alloca %n in @main: %struct.node
// CHECK-NOT: {{.}}

struct node;

union ref {
  int tag;
  struct node *target;
};

union slot {
  struct node *np;
  char text[12];
};

union num {
  long l;
  double d;
  char *s;
};

struct node {
  union ref link;
  union slot data;
  union num value;
  union ref *refs;
};

union ref global_ref;

struct node *deref(union ref *r) { return r->target; }

int main(void) {
  struct node n;
  n.link.target = &n;
  n.data.np = &n;
  n.value.l = 3;
  n.refs = &n.link;
  global_ref.target = &n;
  return deref(n.refs) == &n && deref(&global_ref) == &n ? 0 : 1;
}
