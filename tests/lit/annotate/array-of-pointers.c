// Arrays of pointers: fields, a global table and a local array, each with
// the pointee type of its elements ([8 x %struct.item*], [4 x i8*]).
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.bucket = type { [8 x %struct.item*], [4 x i8*], i32 }
// CHECK-NEXT: %struct.item = type { i32, %struct.item* }
// CHECK-NEXT: function @count: i32 (%struct.bucket*)
// CHECK-NEXT: global @table: [16 x %struct.item*]
// CHECK-NEXT: alloca %b.addr in @count: %struct.bucket*
// CHECK-NEXT: alloca %one in @main: %struct.item
// CHECK-NEXT: alloca %local in @main: [2 x %struct.item*]
// CHECK-NEXT: alloca %b in @main: %struct.bucket
// CHECK-NOT: {{.}}

struct item {
  int key;
  struct item *chain;
};

struct bucket {
  struct item *slots[8];
  char *labels[4];
  int used;
};

struct item *table[16];

int count(struct bucket *b) {
  int n = 0;
  for (int i = 0; i < 8; i++)
    n += b->slots[i] != 0;
  return n;
}

int main(void) {
  struct item one = {7, 0};
  struct item *local[2] = {&one, 0};
  struct bucket b = {{0}, {0}, 0};
  b.slots[3] = local[0];
  table[1] = &one;
  return count(&b) == 1 && table[1]->key == 7 ? 0 : 1;
}
