// --report FILE lists what could not be mapped, and why: here a unit
// compiled without -g is linked in, so its structure, function and global
// have no debug information. The report names them; the annotated module
// still verifies, the debug-info unit is described exactly, and the other
// unit's structure stays undescribed (nothing is guessed from layouts).
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.main.ll
// RUN: %clang -O0 -fno-discard-value-names -S -emit-llvm %S/Inputs/report-nodebug.c -o %t.lib.ll
// RUN: %llvm-link -S %t.main.ll %t.lib.ll -o %t.ll
// RUN: %dtrans annotate --allow-partial --report %t.report %t.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %dtrans types %t.ann.ll 2> /dev/null | %FileCheck %s --match-full-lines
//
// A fully mapped module gets a report too.
// RUN: %dtrans annotate --report %t.main.report %t.main.ll -o %t.main.ann.ll
// RUN: test -f %t.main.report

// REPORT-DAG: {{.*}}struct.secret{{.*}}
// REPORT-DAG: {{.*}}secret_walk{{.*}}
// REPORT-DAG: {{.*}}secret_head{{.*}}

// CHECK-NOT: {{.}}
// CHECK: %struct.secret = type { i64, ?*, ?* } ; no metadata
// CHECK-NEXT: %struct.visible = type { %struct.visible*, i32 }
// CHECK-NEXT: function @visible_count: i32 (%struct.visible*)
// CHECK-NEXT: global @visible_head: %struct.visible*
// CHECK-NEXT: alloca %v.addr in @visible_count: %struct.visible*
// CHECK-NEXT: alloca %a in @main: %struct.visible
// CHECK-NOT: {{^(function|global|alloca|call) }}

struct visible {
  struct visible *next;
  int v;
};

struct visible *visible_head;

int visible_count(struct visible *v) {
  int n = 0;
  for (; v; v = v->next)
    n++;
  return n;
}

int secret_walk(void *s);

int main(void) {
  struct visible a = {0, 1};
  visible_head = &a;
  return visible_count(visible_head) == 1 && secret_walk(0) == 0 ? 0 : 1;
}
