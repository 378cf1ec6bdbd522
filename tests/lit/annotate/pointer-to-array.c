// Pointers to arrays: a row pointer int (*)[4], a pointer to a 3x3 matrix of
// doubles, a pointer to an array of structure pointers, as fields, as a
// parameter and as a local.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.cell = type { %struct.matrix*, i32 }
// CHECK-NEXT: %struct.matrix = type { [4 x i32]*, [3 x [3 x double]]*, [2 x %struct.cell*]* }
// CHECK-NEXT: function @trace: i32 ([4 x i32]*, i32)
// CHECK-NEXT: alloca %rows.addr in @trace: [4 x i32]*
// CHECK-NEXT: alloca %c0 in @main: %struct.cell
// CHECK-NEXT: alloca %c1 in @main: %struct.cell
// CHECK-NEXT: alloca %pair in @main: [2 x %struct.cell*]
// CHECK-NEXT: alloca %m in @main: %struct.matrix
// CHECK-NEXT: alloca %r in @main: [4 x i32]*
// CHECK-NOT: {{.}}

struct cell;

struct matrix {
  int (*rows)[4];
  double (*m3)[3][3];
  struct cell *(*cells)[2];
};

struct cell {
  struct matrix *owner;
  int v;
};

int trace(int (*rows)[4], int n) {
  int t = 0;
  for (int i = 0; i < n && i < 4; i++)
    t += rows[i][i];
  return t;
}

int main(void) {
  int data[4][4] = {{1}, {0, 2}, {0, 0, 3}, {0, 0, 0, 4}};
  struct cell c0 = {0, 1}, c1 = {0, 2};
  struct cell *pair[2] = {&c0, &c1};
  struct matrix m = {data, 0, &pair};
  int (*r)[4] = m.rows;
  c0.owner = &m;
  return trace(r, 4) == 10 && (*m.cells)[1]->v == 2 ? 0 : 1;
}
