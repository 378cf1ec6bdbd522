// C++ classes with virtual methods: the vtable pointer is the first field,
// typed i32 (...)** as in the specification's example; a derived class
// holds its base class by value; methods take the class pointer (this).
// RUN: %clang -x c++ -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -x c++ -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %class.Circle = type { %class.Shape, double }
// CHECK-NEXT: %class.Shape = type { i32 (...)**, %class.Shape*, double }
// CHECK-NEXT: %class.Square = type { %class.Shape, double, %class.Square* }
// CHECK-DAG: function @_Z5totalPK5Shape: double (%class.Shape*)
// CHECK-DAG: function @_ZN5ShapeC2Ed: void (%class.Shape*, double)
// CHECK-DAG: function @_ZN6CircleC2Ed: void (%class.Circle*, double)
// CHECK-DAG: function @_ZN6SquareC2Ed: void (%class.Square*, double)
// CHECK-DAG: function @_ZNK6Circle4areaEv: double (%class.Circle*)
// CHECK-DAG: function @_ZNK6Square4areaEv: double (%class.Square*)
// CHECK-DAG: function @_ZN5ShapeD2Ev: void (%class.Shape*)
// CHECK-DAG: function @_ZN5ShapeD0Ev: void (%class.Shape*)
// CHECK-DAG: function @_ZN6CircleD0Ev: void (%class.Circle*)
// CHECK-DAG: function @_ZN6SquareD0Ev: void (%class.Square*)
// CHECK-DAG: alloca %s.addr in @_Z5totalPK5Shape: %class.Shape*
// CHECK-DAG: alloca %c in @main: %class.Circle
// CHECK-DAG: alloca %q in @main: %class.Square
// CHECK-DAG: alloca %this.addr in @_ZN5ShapeC2Ed: %class.Shape*
// CHECK-DAG: alloca %this.addr in @_ZN6SquareC2Ed: %class.Square*
// CHECK-DAG: alloca %this.addr in @_ZNK6Circle4areaEv: %class.Circle*

class Shape {
public:
  Shape *next;
  double scale;
  explicit Shape(double s) : next(nullptr), scale(s) {}
  virtual ~Shape() {}
  virtual double area() const = 0;
};

class Circle : public Shape {
public:
  double r;
  Circle(double radius) : Shape(1.0), r(radius) {}
  double area() const override { return 3.0 * r * r * scale; }
};

class Square : public Shape {
public:
  double side;
  Square *twin;
  Square(double s) : Shape(2.0), side(s), twin(this) {}
  double area() const override { return side * side * scale; }
};

double total(const Shape *s) {
  double t = 0;
  for (; s; s = s->next)
    t += s->area();
  return t;
}

int main() {
  Circle c(1.0);
  Square q(2.0);
  c.next = &q;
  return total(&c) == 11.0 ? 0 : 1;
}
