// The other direction of link-anonymous-merged.c: llvm-link maps a named
// union of a later unit (`union number`) onto an anonymous one of the same
// layout in the first (`%union.anon`). An IR structure clang calls `anon`
// describes only unnamed source structures, so `union number` gets its own
// structure and the local declared as one is annotated with it (it was
// once linked to `%union.anon`, its own structure left as `union.anon.0`,
// and the local unannotated; QuickJS's `JSCFunctionType`).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.main.ll
// RUN: %clang -g -O0 -S -emit-llvm %S/Inputs/link-named-onto-anonymous-lib.c -o %t.lib.ll
// RUN: %llvm-link -S %t.main.ll %t.lib.ll -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types %t.ann.ll | %FileCheck %s
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s --check-prefix=PTR

// CHECK-DAG: %union.anon = type { double }
// CHECK-DAG: %union.number = type { double }
// CHECK-DAG: alloca %2 in @main: %union.number
// CHECK-NOT: anon.0
// PTR-LABEL: function @main
// PTR: %2 -> %union.number* | declared: %union.number*

struct holder { int kind; union { double d; long l; } v; };
double get(struct holder *h) { return h->kind ? h->v.d : (double)h->v.l; }
