// Local variables (allocas with #dbg_declare) whose types involve pointers:
// pointers, a pointer to pointer, an array of pointers, a structure with
// pointer fields, a function pointer, a pointer to an array, locals in
// nested blocks, and the .addr copies of pointer parameters. Pointer-free
// locals (ints, doubles, int arrays, pointer-free structures) and the
// unnamed return slot are not listed.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.link = type { %struct.link*, %struct.pair }
// CHECK-NEXT: %struct.pair = type { i32, i32 }
// CHECK-NEXT: function @locals: i32 (%struct.link*, i32, i8**)
// CHECK-NEXT: function @cmp: i32 (i8*, i8*)
// CHECK-NEXT: function @main: i32 (i32, i8**)
// CHECK-NEXT: alloca %head.addr in @locals: %struct.link*
// CHECK-NEXT: alloca %words.addr in @locals: i8**
// CHECK-NEXT: alloca %cur in @locals: %struct.link*
// CHECK-NEXT: alloca %pp in @locals: %struct.link**
// CHECK-NEXT: alloca %names in @locals: [2 x i8*]
// CHECK-NEXT: alloca %node in @locals: %struct.link
// CHECK-NEXT: alloca %fn in @locals: i32 (i8*, i8*)*
// CHECK-NEXT: alloca %row in @locals: [4 x i32]*
// CHECK-NEXT: alloca %it in @locals: %struct.link*
// CHECK-NEXT: alloca %w in @locals: i8*
// CHECK-NEXT: alloca %inner in @locals: %struct.link*
// CHECK-NEXT: alloca %x.addr in @cmp: i8*
// CHECK-NEXT: alloca %y.addr in @cmp: i8*
// CHECK-NEXT: alloca %argv.addr in @main: i8**
// CHECK-NEXT: alloca %b in @main: %struct.link
// CHECK-NEXT: alloca %a in @main: %struct.link
// CHECK-NEXT: call {{%call[0-9]*}} in @locals: i32 (i8*, i8*)
// CHECK-NOT: {{.}}

#include <string.h>

struct pair {
  int a, b;
};

struct link {
  struct link *next;
  struct pair val;
};

static int cmp(const void *x, const void *y) { return memcmp(x, y, 1); }

int locals(struct link *head, int n, char **words) {
  int count = 0;
  double ratio = 0.5;
  int ints[4] = {0};
  struct pair pr = {1, 2};
  struct link *cur = head;
  struct link **pp = &cur;
  char *names[2] = {words[0], 0};
  struct link node = {0, {3, 4}};
  int (*fn)(const void *, const void *) = cmp;
  int (*row)[4] = &ints;
  for (struct link *it = *pp; it; it = it->next) {
    const char *w = names[0];
    count += it->val.a + (w != 0);
  }
  if (n > 1) {
    struct link *inner = &node;
    count += inner->val.b;
  }
  return count + pr.a + (int)ratio + (*row)[0] + fn(words[0], words[0]);
}

int main(int argc, char **argv) {
  struct link b = {0, {5, 0}}, a = {&b, {6, 0}};
  return locals(&a, argc + 1, argv) == 1 + 6 + 5 + 4 ? 0 : 1;
}
