// A large structure returned by value: clang returns it through a hidden
// sret pointer parameter, which is a pointer to the structure, so the
// function's type is void (%struct.big*, ...). Function pointers to such
// functions are not used here (their lowering is a separate question).
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.big = type { [4 x i64], %struct.big*, i8* }
// CHECK-NEXT: function @make_big: void (%struct.big*, i64, i8*)
// CHECK-NEXT: function @copy_big: void (%struct.big*, %struct.big*)
// CHECK-NEXT: global @global_big: %struct.big*
// CHECK-NEXT: alloca %name.addr in @make_big: i8*
// CHECK-NEXT: alloca %src.addr in @copy_big: %struct.big*
// CHECK-NEXT: alloca %a in @main: %struct.big
// CHECK-NEXT: alloca %b in @main: %struct.big
// CHECK-NOT: {{.}}

struct big {
  long vals[4];
  struct big *self;
  char *name;
};

struct big make_big(long seed, char *name) {
  struct big b;
  for (int i = 0; i < 4; i++)
    b.vals[i] = seed + i;
  b.self = 0;
  b.name = name;
  return b;
}

struct big *global_big;

struct big copy_big(const struct big *src) {
  struct big r = *src;
  r.self = global_big;
  return r;
}

int main(void) {
  struct big a = make_big(10, "a");
  struct big b = copy_big(&a);
  return b.vals[3] == 13 && b.name[0] == 'a' ? 0 : 1;
}
