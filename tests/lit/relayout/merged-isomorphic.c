// Two structures of two files with the same body: llvm-link (like LTO)
// gives struct module's accesses struct net's IR type, and pointer type
// recovery saw one value used as both. The debug information declares
// struct module, so prepare gives those GEPs and allocas struct module's
// type back (no address changes); both structures are then legal, and
// delete-field changes net (spare is never read) but not module (refs is
// read): any access of a module left under net's name would now read the
// wrong bytes, so the program's output is the check.
// RUN: %clang -g -O0 -c -emit-llvm %s -o %t.a.bc
// RUN: %clang -g -O0 -c -emit-llvm -DFILE_B %s -o %t.b.bc
// RUN: %llvm-link %t.a.bc %t.b.bc -S -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -c -emit-llvm %s -o %t.a2.bc
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -c -emit-llvm -DFILE_B %s -o %t.b2.bc
// RUN: %llvm-link %t.a2.bc %t.b2.bc -S -o %t.NP.ll
// The linker merged the types: no %struct.module in the IR.
// RUN: %FileCheck %s --check-prefix=LINKED < %t.O0.ll
// RUN: %dtrans ptr-types %t.O0.ll | %FileCheck %s --check-prefix=PTR
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s --check-prefix=LEGAL
// RUN: %dtrans analyze %t.NP.ll | %FileCheck %s --check-prefix=LEGAL
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p delete-field,reorder-fields -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p delete-field,reorder-fields -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// LINKED: %struct.net = type { i32, ptr, i32 }
// LINKED-NOT: %struct.module = type
// PTR-NOT: ambiguous
// LEGAL: %struct.module (size 24
// LEGAL: legal: reorder-fields yes; delete-field yes
// LEGAL: %struct.net (size 24
// LEGAL: legal: reorder-fields yes; delete-field yes
// MSG-DAG: delete-field: %struct.net -> %__DFT_struct.net (24 -> 16 bytes{{.*}}spare
// MSG-DAG: reorder-fields: %struct.module -> %__DFR_struct.module (24 -> 16 bytes
#include <stdio.h>
#include <stdlib.h>
#ifndef FILE_B
struct net { int id; struct net *next; int spare; };
struct module;
struct module *make_modules(int n);
long sum_modules(struct module *m);
static struct net *nets;
int main(int argc, char **argv) {
  for (int i = 0; i < 10 * argc; i++) {
    struct net *n = malloc(sizeof *n);
    n->id = i; n->spare = 7 * i; n->next = nets; nets = n;
  }
  long s = 0;
  for (struct net *n = nets; n; n = n->next) s += n->id;
  printf("%ld %ld\n", s, sum_modules(make_modules(5 * argc)));
  return 0;
}
#else
struct module { int id; struct module *next; int refs; };
struct module *make_modules(int n) {
  struct module *head = 0;
  for (int i = 0; i < n; i++) {
    struct module *m = malloc(sizeof *m);
    m->id = 3 * i; m->refs = i + 1; m->next = head; head = m;
  }
  return head;
}
long sum_modules(struct module *m) {
  long s = 0;
  for (; m; m = m->next) s += (long)m->id * m->refs;
  return s;
}
#endif
