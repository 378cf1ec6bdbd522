// A register piece that carries a union holding a pointer or a number is
// ambiguous: clang passes union un as one `ptr`, but the bytes may be the
// long (likewise union two: a char * or a struct vert *). The annotator
// must not guess: the slot stays without metadata (?*
// in `dtrans types`, with a diagnostic; a function whose only pointer slot
// is such a piece gets no signature at all), the report says why, and the
// other functions are exact.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll --report %t.O0.report
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types %t.O0.ann.ll 2>&1 | %FileCheck %s
// RUN: %dtrans types %t.O0.ann.ll 2>&1 | %FileCheck %s --check-prefix=NOGUESS
// RUN: %FileCheck %s --check-prefix=REPORT < %t.O0.report
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll --report %t.O2.report
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types %t.O2.ann.ll 2>&1 | %FileCheck %s
// RUN: %dtrans types %t.O2.ann.ll 2>&1 | %FileCheck %s --check-prefix=NOGUESS
// RUN: %FileCheck %s --check-prefix=REPORT < %t.O2.report

// CHECK: function @ret_un: ?* (i8*)
// CHECK-NEXT: function @take_ptr: i64 (i8*)
// CHECK: diagnostic: function @ret_un return value: IR type ptr involves a pointer but has no "intel_dtrans_func_index" attribute
// NOGUESS-NOT: function @take_un:
// NOGUESS-NOT: function @take_wrapped:
// NOGUESS-NOT: function @take_two:

// REPORT-DAG: "name": "@take_un parameter 0",
// REPORT-DAG: "name": "@take_wrapped parameter 0",
// REPORT-DAG: "name": "@take_two parameter 0",
// REPORT-DAG: "reason": "piece at byte 0 of the source parameter: a union is at this offset: which of its members the piece carries is ambiguous"
// REPORT-DAG: "kind": "return",
// REPORT-DAG: "reason": "register 0: a union is at this offset: which of its members the piece carries is ambiguous"

union un { char *p; long n; };
struct wrapped { union un u; long x; };
struct vert { int id; };
union two { char *c; struct vert *v; };

long take_un(union un u) { return u.n; }
long take_wrapped(struct wrapped w) { return w.u.n + w.x; }
union un ret_un(char *p) { union un u; u.p = p; return u; }
long take_ptr(char *p) { return *p; }
long take_two(union two t) { return t.v->id; }

int main(void) {
  char c = 1;
  struct wrapped w = {{&c}, 2};
  struct vert v = {3};
  union two t;
  t.v = &v;
  return take_un(ret_un(&c)) != 0 && take_wrapped(w) != 0 && take_ptr(&c) == 1 && take_two(t) == 3 ? 0 : 1;
}
