// Anonymous structures and unions: a named member of an anonymous struct
// type, a named member of an anonymous union type, and C11 anonymous
// (unnamed) struct and union members. clang names them %struct.anon,
// %struct.anon.0, %union.anon, ... and only their layout and the enclosing
// member tell them apart.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.anon = type { i32, i32, i8* }
// CHECK-NEXT: %struct.anon.0 = type { float, float }
// CHECK-NEXT: %struct.shape = type { i32, %struct.anon, %union.anon, %struct.anon.0, %union.anon.1 }
// CHECK-NEXT: %union.anon = type { i64 }
// CHECK-NEXT: %union.anon.1 = type { %struct.shape* }
// CHECK-NEXT: function @label_of: i8* (%struct.shape*)
// CHECK-NEXT: alloca %s.addr in @label_of: %struct.shape*
// CHECK-NEXT: alloca %s in @main: %struct.shape
// CHECK-NOT: {{.}}

struct shape {
  int kind;
  struct {
    int w, h;
    char *label;
  } box;
  union {
    long radius;
    double *samples;
  } round;
  struct {
    float cx, cy;
  };
  union {
    int flags;
    struct shape *parent;
  };
};

char *label_of(struct shape *s) { return s->box.label; }

int main(void) {
  struct shape s = {0};
  s.box.label = "sq";
  s.parent = &s;
  s.cx = 1.0f;
  return label_of(&s)[0] == 's' && s.parent == &s ? 0 : 1;
}
