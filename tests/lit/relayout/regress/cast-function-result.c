// A function returning `const encoder *` called through a pointer of type
// `const coder *(*)(uint64_t)` (a cast of the function): its results are
// read as `coder`, the structure encoder begins with. The recovery sees the
// function's address used as two function types; the safety analysis did
// not look inside function types and called both structures legal, and
// delete-field took encoder.init, encoder.mem and coder.id for never read:
// the program crashed (found by bench/corpus.py on xz's liblzma, reduced in
// bench/corpus/reduced/xz_filter_find.c). Now both are BadCasting.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %dtrans analyze %t.NP.ll | %FileCheck %s
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.NP.ll -p delete-field,reorder-fields -o %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// At -O2 clang folds the encoders away; what is left must still run the same.
// RUN: %dtrans opt %t.O2.ll -p delete-field,reorder-fields -o %t.O2.out.ll
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
// RUN: %dtrans opt %t.O0.ll -p delete-field,reorder-fields -o %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// CHECK: %struct.coder (
// CHECK: BadCasting: @encoder_find: function address ambiguous: used as %struct.coder* (i64)* and %struct.encoder* (i64)*
// CHECK: legal: reorder-fields no (BadCasting
// CHECK: %struct.encoder (
// CHECK: BadCasting: @encoder_find: function address ambiguous
// CHECK: legal: reorder-fields no (BadCasting
#include <stdint.h>
#include <stdio.h>
typedef struct { uint64_t id; int (*init)(int); uint64_t (*mem)(int); } coder;
typedef const coder *(*find_fn)(uint64_t id);
typedef struct { uint64_t id; int (*init)(int); uint64_t (*mem)(int); int fixed; } encoder;
static int init1(int x) { return x + 1; }
static uint64_t mem1(int x) { return x * 2; }
static const encoder encoders[] = {{1, init1, mem1, 5}, {2, init1, mem1, 6}};
static const encoder *encoder_find(uint64_t id) {
  for (int i = 0; i < 2; i++)
    if (encoders[i].id == id)
      return encoders + i;
  return NULL;
}
static int run(find_fn f, uint64_t id, int x) {
  const coder *c = f(id);
  return c ? c->init(x) + (int)c->mem(x) : -1;
}
int main(int argc, char **argv) {
  printf("%d %d\n", run((find_fn)encoder_find, 2, argc), encoder_find(1)->fixed);
  return 0;
}
