// optbase-test replaces a structure legal for it (every access understood)
// by a __DDT_ copy with the same layout, with the structures that hold it
// by value (dependent types); a structure that is not legal (written to a
// file with fwrite) is rejected with the condition. The output verifies and
// runs the same (see optbase-test-programs.test).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p optbase-test -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %opt -passes=verify -disable-output %t.out.ll

#include <stdio.h>
#include <stdlib.h>
struct inner { int a; long b; };
struct outer { struct inner in; int tag; };
struct rec { int id; double v; };
long use(struct outer *o) { return o->in.a + o->in.b + o->tag; }
void save(FILE *f, struct rec *r) { fwrite(r, sizeof *r, 1, f); }
struct outer g = { { 1, 2 }, 3 };
int main(void) { struct outer *o = malloc(sizeof *o); o->in.a = 1; o->in.b = 2; o->tag = 3; return (int)(use(o) + use(&g)); }

// CHECK-DAG: %__DDT_struct.inner = type { i32, i64 }
// CHECK-DAG: %__DDT_struct.outer = type { %__DDT_struct.inner, i32 }
// CHECK-DAG: @g = dso_local global %__DDT_struct.outer { %__DDT_struct.inner { i32 1, i64 2 }, i32 3 }
// CHECK-LABEL: define dso_local i64 @use(
// CHECK: getelementptr inbounds %__DDT_struct.outer, ptr
// CHECK: getelementptr inbounds %__DDT_struct.inner, ptr
// CHECK-LABEL: define dso_local void @save(
// CHECK-NOT: __DDT_struct.rec
// REPORT: "changed": [
// REPORT-DAG: "name": "%struct.inner",
// REPORT-DAG: "new": "%__DDT_struct.outer",
// REPORT: "rejected": [
// REPORT: "name": "%struct.rec",
// REPORT-NEXT: "pass": "optbase-test",
// REPORT-NEXT: "reason": "AddressTaken"
