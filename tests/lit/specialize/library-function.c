// specialize-calls calls only functions the module defines: a field that
// holds the C library's malloc and free stays an indirect call (a library
// body cannot be inlined, and a direct call of a function the analysis does
// not know would make the program not whole, so that delete-field would no
// longer remove `unused` from struct item: QuickJS's JSMallocFunctions;
// the malloc of 8 bytes below is that removal).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p specialize-calls,delete-field -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %FileCheck %s --check-prefix=IR < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// CHECK: "calls_specialized": 0,
// CHECK: "name": "%struct.item",
// CHECK-NEXT: "new": "%__DFT_struct.item",
// CHECK: "name": "%struct.mem",
// CHECK-NEXT: "pass": "specialize-calls",
// CHECK-NEXT: "reason": "field 1 holds @free, a library function"
// IR: call {{.*}}@malloc(i64 {{.*}}8)
// IR-NOT: call {{.*}}@malloc(
// IR: call void @free(
// IR-NOT: call {{.*}}@free(
#include <stdio.h>
#include <stdlib.h>

struct mem {
  void *(*get)(size_t);
  void (*put)(void *);
};

struct item {
  long value;
  long unused;
};

static struct mem m = { malloc, free };

int main(int argc, char **argv) {
  char *buf = m.get(16);
  struct item *it = malloc(sizeof *it);
  (void)argv;
  buf[0] = 'a';
  it->value = 40 + argc;
  it->unused = 7;
  printf("%c %ld\n", buf[0], it->value);
  m.put(buf);
  free(it);
  return 0;
}
