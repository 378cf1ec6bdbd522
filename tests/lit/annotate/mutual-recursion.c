// Mutually recursive structures: a department points to its employees and
// each employee back to its department (A has B*, B has A*), plus a third
// structure in the cycle through a pointer to pointer.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.department = type { %struct.employee*, %struct.project**, i32 }
// CHECK-NEXT: %struct.employee = type { %struct.department*, %struct.employee*, i32 }
// CHECK-NEXT: %struct.project = type { %struct.department*, %struct.employee* }
// CHECK-NEXT: function @hire: void (%struct.department*, %struct.employee*)
// CHECK-NEXT: function @dept_of: %struct.department* (%struct.project*)
// CHECK-NEXT: alloca %d.addr in @hire: %struct.department*
// CHECK-NEXT: alloca %e.addr in @hire: %struct.employee*
// CHECK-NEXT: alloca %p.addr in @dept_of: %struct.project*
// CHECK-NEXT: alloca %d in @main: %struct.department
// CHECK-NEXT: alloca %e1 in @main: %struct.employee
// CHECK-NEXT: alloca %e2 in @main: %struct.employee
// CHECK-NEXT: alloca %p in @main: %struct.project
// CHECK-NEXT: alloca %plist in @main: [1 x %struct.project*]
// CHECK-NOT: {{.}}

#include <stdlib.h>

struct employee;
struct project;

struct department {
  struct employee *staff;
  struct project **projects;
  int nstaff;
};

struct employee {
  struct department *dept;
  struct employee *next_in_dept;
  int id;
};

struct project {
  struct department *owner;
  struct employee *lead;
};

void hire(struct department *d, struct employee *e) {
  e->dept = d;
  e->next_in_dept = d->staff;
  d->staff = e;
  d->nstaff++;
}

struct department *dept_of(struct project *p) { return p->lead ? p->lead->dept : p->owner; }

int main(void) {
  struct department d = {0, 0, 0};
  struct employee e1 = {0, 0, 1}, e2 = {0, 0, 2};
  hire(&d, &e1);
  hire(&d, &e2);
  struct project p = {0, &e2};
  struct project *plist[1] = {&p};
  d.projects = plist;
  return dept_of(d.projects[0]) == &d && d.nstaff == 2 ? 0 : 1;
}
