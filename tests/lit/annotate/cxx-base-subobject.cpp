// C++ base-class subobjects: when a derived class reuses the tail padding
// of a non-POD base, clang lays the base out as a separate packed type
// %struct.Base.base (no tail padding) and the complete object type as
// <{ ptr, i32, [4 x i8] }>; both map to the base's debug type, the padding
// keeps its IR type. A POD base is embedded whole (no .base type).
// RUN: %clang -x c++ -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -x c++ -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.Base = type <{ i32 (...)**, i32, [4 x i8] }>
// CHECK-NEXT: %struct.Base.base = type <{ i32 (...)**, i32 }>
// CHECK-NEXT: %struct.Derived = type { %struct.Base.base, i32, %struct.Derived* }
// CHECK-NEXT: %struct.Plain = type { i64, i8 }
// CHECK-NEXT: %struct.WithPlain = type { %struct.Plain, i8, %struct.Plain* }
// CHECK-DAG: function @_Z7combineP7DerivedP9WithPlain: i32 (%struct.Derived*, %struct.WithPlain*)
// CHECK-DAG: function @_ZN4BaseC2Ev: void (%struct.Base*)
// CHECK-DAG: function @_ZN7DerivedC2Ev: void (%struct.Derived*)
// CHECK-DAG: alloca %d.addr in @_Z7combineP7DerivedP9WithPlain: %struct.Derived*
// CHECK-DAG: alloca %w.addr in @_Z7combineP7DerivedP9WithPlain: %struct.WithPlain*
// CHECK-DAG: alloca %d in @main: %struct.Derived
// CHECK-DAG: alloca %w in @main: %struct.WithPlain
// CHECK-DAG: alloca %b in @main: %struct.Base

struct Base {
  virtual ~Base() {}
  int id = 0;
};

struct Derived : Base {
  int extra = 0;
  Derived *peer = nullptr;
};

struct Plain {
  long a;
  char b;
};

struct WithPlain : Plain {
  char c;
  Plain *owner;
};

int combine(Derived *d, WithPlain *w) { return d->id + d->extra + w->c + (int)w->a; }

int main() {
  Derived d;
  d.id = 1;
  d.extra = 2;
  d.peer = &d;
  WithPlain w;
  w.a = 3;
  w.c = 4;
  w.owner = &w;
  Base b;
  b.id = 5;
  return combine(&d, &w) + b.id == 15 ? 0 : 1;
}
