// Arrays of structures by value: a field array of points inside a polygon
// that links to the next polygon, a two-dimensional int array field, a
// global array of structures and pointers to array elements.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.point = type { i32, i32 }
// CHECK-NEXT: %struct.polygon = type { [4 x %struct.point], [2 x [3 x i32]], %struct.polygon* }
// CHECK-NEXT: function @area2: i32 (%struct.polygon*)
// CHECK-NEXT: global @shapes: [3 x %struct.polygon]
// CHECK-NEXT: alloca %p.addr in @area2: %struct.polygon*
// CHECK-NEXT: alloca %v in @area2: %struct.point*
// CHECK-NOT: {{.}}

struct point {
  int x, y;
};

struct polygon {
  struct point pts[4];
  int grid[2][3];
  struct polygon *next;
};

struct polygon shapes[3];

int area2(const struct polygon *p) {
  const struct point *v = p->pts;
  int a = 0;
  for (int i = 0; i < 4; i++)
    a += v[i].x * v[(i + 1) % 4].y - v[(i + 1) % 4].x * v[i].y;
  return a;
}

int main(void) {
  struct point sq[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  for (int i = 0; i < 4; i++)
    shapes[0].pts[i] = sq[i];
  shapes[0].next = &shapes[1];
  return area2(&shapes[0]) == 8 ? 0 : 1;
}
