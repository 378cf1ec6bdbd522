// The static frequency estimate weighs an access by 32 per enclosing loop
// (the cost model's loop-weight): the field read in a doubly nested loop
// counts 1024, the one read once counts 1.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK

struct S { long hot; long cold; };
long f(struct S *s, int n) {
  long r = s->cold;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      r += s->hot;
  return r;
}

// CHECK-LABEL: %struct.S (
// CHECK: 0: i64 {{ *}}r-- {{ *}}1024 
// CHECK: 1: i64 {{ *}}r-- {{ *}}1 
