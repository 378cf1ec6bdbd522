// specialize-calls' field rule calls only functions the module defines: a
// field that holds the C library's malloc and free stays an indirect call
// (a library body cannot be inlined, and a direct call of a function the
// analysis does not know would make the program not whole, so that
// delete-field would no longer remove `unused` from struct item:
// QuickJS's JSMallocFunctions; the malloc of 8 bytes below is that
// removal). -DOTHER takes the address of a second function of each
// prototype (in another structure, whose one call the field rule makes
// direct), so that the rule by prototype does not apply.
// RUN: %clang -g -O0 -DOTHER -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p specialize-calls,delete-field -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %FileCheck %s --check-prefix=IR < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// CHECK: "calls_specialized": 1,
// CHECK: "name": "%struct.item",
// CHECK-NEXT: "new": "%__DFT_struct.item",
// CHECK: "name": "%struct.mem",
// CHECK-NEXT: "pass": "specialize-calls",
// CHECK-NEXT: "reason": "field 1 holds @free, a library function"
// IR: call {{.*}}@malloc(i64 {{.*}}8)
// IR-NOT: call {{.*}}@malloc(
// IR: call void @free(
// IR-NOT: call {{.*}}@free(
// IR: define {{.*}}@other_get(
//
// Without the second functions, by prototype: malloc and free are the
// only functions of their prototypes whose addresses the program takes,
// and allocation and free functions are ones dtrans knows, so the calls
// through the fields become the library's malloc and free (the analyses
// then see `buf`'s allocation and its free), and `unused` still goes.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.P.ll
// RUN: %dtrans opt %t.P.ll -p specialize-calls,delete-field -o %t.P.out.ll --report %t.P.json
// RUN: %FileCheck %s --check-prefix=PROTO < %t.P.json
// RUN: %FileCheck %s --check-prefix=PROTO-IR < %t.P.out.ll
// RUN: %clang -O2 %t.P.out.ll -o %t.P.new && %t.P.new > %t.P.txt && diff %t.base.txt %t.P.txt
// PROTO: "calls_specialized": 2,
// PROTO: "name": "%struct.mem",
// PROTO-NEXT: "field": "get",
// PROTO-NEXT: "function": "@malloc",
// PROTO-NEXT: "calls": 1,
// PROTO-NEXT: "by_prototype": true
// PROTO: "function": "@free",
// PROTO-NEXT: "calls": 1,
// PROTO-NEXT: "by_prototype": true
// PROTO: "name": "%struct.item",
// PROTO-NEXT: "new": "%__DFT_struct.item",
// PROTO-IR: call {{.*}}@malloc(i64 {{.*}}16)
// PROTO-IR: call {{.*}}@malloc(i64 {{.*}}8)
// PROTO-IR: call void @free(
// PROTO-IR: call void @free(
// PROTO-IR-NOT: call {{.*}} %
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
#ifdef OTHER
static void *other_get(size_t n);
static void other_put(void *p);
static struct { void *(*get)(size_t); void (*put)(void *); } other = { other_get, other_put };
#endif

int main(int argc, char **argv) {
#ifdef OTHER
  if (argc > 100)
    other.put(other.get(1));
#endif
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

#ifdef OTHER
// (After main: the IR checks above read main's calls first.)
static void *other_get(size_t n) { return calloc(1, n); }
static void other_put(void *p) { free(p); }
#endif
