// C++ classes that are not trivially copyable are passed by value as a
// `ptr` without byval: the address of a copy the caller made. clang
// records the parameter with a lone DW_OP_deref (on the %n.indirect_addr
// alloca at -O0, on the argument's #dbg_value at -O2), and the annotator
// types it as a pointer to the class, and the spill alloca likewise. A
// large trivially copyable structure (byval) is a pointer to it as before.
// RUN: %clang -x c++ -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --check-prefixes=CHECK,SPILL
// RUN: %clang -x c++ -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --check-prefixes=CHECK,SPILL
// RUN: %clang -x c++ -g -O2 -fno-discard-value-names -S -emit-llvm %s -o %t.full.ll
// RUN: %dtrans annotate %t.full.ll -o %t.full.ann.ll
// RUN: %opt -passes=verify -disable-output %t.full.ann.ll
// RUN: %dtrans types --strict %t.full.ann.ll | %FileCheck %s

// CHECK-DAG: function @_Z3use4Nodei: i32 (%struct.Node*, i32)
// CHECK-DAG: function @_Z3big3Big: i64 (%struct.Big*)
// SPILL-DAG: alloca %n.indirect_addr in @_Z3use4Nodei: %struct.Node*
// CHECK-NOT: diagnostic

struct Node {
  int v;
  Node *next;
  Node(const Node &o) : v(o.v), next(o.next) {}
  explicit Node(int x) : v(x), next(nullptr) {}
  ~Node() {}
};

struct Big {
  long a[5];
  char *p;
};

__attribute__((noinline)) int use(Node n, int k) { return n.v + k + (n.next ? 1 : 0); }
__attribute__((noinline)) long big(Big b) { return b.a[0] + *b.p; }

int main() {
  Node n(3);
  char c = 1;
  Big b = {{1, 2, 3, 4, 5}, &c};
  return use(n, 1) + (int)big(b) == 6 ? 0 : 1;
}
