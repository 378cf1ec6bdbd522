// Full -O2, C++: structures with no LLVM type get a body from the debug
// info when their layout can be rebuilt and checked (Derived: a base class
// with a vtable pointer, then members; Vecs: a vector member), and stay
// opaque with the reason in the report when it cannot: a class with a
// virtual base (its base's offset is not in the debug info).
// RUN: %clang -x c++ -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: not grep -E '^%%"?(struct|class)\.(Derived|Virt|Vecs)' %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll --report %t.report
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types --strict %t.ann.ll | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %clang %t.ann.ll -o %t.exe -lstdc++
// RUN: %t.exe

// CHECK-DAG: %struct.Derived = type { %struct.Base{{(\.base)?}}, i64, %struct.Derived* }
// CHECK-DAG: %struct.Vecs = type { <4 x float>, %struct.Vecs* }
// CHECK-DAG: %struct.Virt = type opaque
// CHECK-NOT: diagnostic

// REPORT: "name": "%struct.Virt",
// REPORT-NEXT: "source": "debug-info (opaque: no IR type; virtual base class)",

#include <cstdlib>

struct Base {
  virtual ~Base() {}
  long id = 1;
};
struct Derived : Base {
  long extra = 2;
  Derived *next = nullptr;
};
struct Virt : virtual Base {
  int y = 4;
};
typedef float v4 __attribute__((vector_size(16)));
struct Vecs {
  v4 a;
  Vecs *next;
};

__attribute__((noinline)) long use(Derived *d, Virt *v, Vecs *vs) {
  return d->extra + (d->next ? 1 : 0) + v->y + (long)vs->a[1] + (vs->next ? 1 : 0);
}

int main() {
  Derived *d = new Derived;
  Virt *v = new Virt;
  Vecs *vs = static_cast<Vecs *>(std::calloc(1, sizeof(Vecs)));
  long r = use(d, v, vs);
  delete d;
  delete v;
  std::free(vs);
  return r == 6 ? 0 : 1;
}
