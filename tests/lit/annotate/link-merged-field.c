// llvm-link maps a structure of one unit onto any structure of another with
// the same body, whatever its name: `struct state` (the library's, held by
// value in `struct holder`) becomes `%struct.pair` (this unit's). The
// debug information still says `state`: the holder's field keeps it, and
// the pair is listed. Neither `state` nor `pair` may change layout alone
// (MergedByLinker); the holder moves the field as one unit and still
// changes. A union slot holding pointers to two structures is `void *`
// (each load is typed by its uses), not its first member's type.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.m.O0.ll
// RUN: %clang -g -O0 -S -emit-llvm %S/Inputs/link-merged-field-lib.c -o %t.l.O0.ll
// RUN: %llvm-link -S %t.m.O0.ll %t.l.O0.ll -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.m.NP.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %S/Inputs/link-merged-field-lib.c -o %t.l.NP.ll
// RUN: %llvm-link -S %t.m.NP.ll %t.l.NP.ll -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.m.O2.ll
// RUN: %clang -g -O2 -S -emit-llvm %S/Inputs/link-merged-field-lib.c -o %t.l.O2.ll
// RUN: %llvm-link -S %t.m.O2.ll %t.l.O2.ll -o %t.O2.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types %t.ann.ll | %FileCheck %s --check-prefix=TYPES
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: bash -c 'for v in O0 NP O2; do %dtrans opt %t.$v.ll -p reorder-fields -o %t.$v.out.ll 2> %t.$v.msg && %clang -O2 %t.$v.out.ll -o %t.$v.new && %t.$v.new > %t.$v.txt && diff %t.base.txt %t.$v.txt || exit 1; done'
// RUN: %FileCheck %s < %t.O0.msg
// RUN: %FileCheck %s < %t.NP.msg
// TYPES-DAG: %struct.holder = type { i8, [2 x %struct.state], i32, %union.slot }
// TYPES-DAG: %struct.state = type { i64, i8* }
// TYPES-DAG: %union.slot = type { i8* }
// TYPES-DAG: merged by the linker: %struct.holder field 1: metadata %struct.state, IR %struct.pair (same body)
// CHECK-DAG: reorder-fields: %struct.holder -> %__DFR_struct.holder (56 -> 48 bytes: padding removed)
// CHECK-DAG: left alone: struct.state {{.*}}reorder-fields: MergedByLinker (first: type definition: field 1 of %struct.holder is a %struct.state in the source and a %struct.pair in the linked IR (merged by the linker))
#include <stdio.h>
#include <stdlib.h>
struct pair { long a; void *b; };
struct holder;
struct holder *holder_new(int n);
long holder_sum(struct holder *h);
int main(int argc, char **argv) {
  (void)argv;
  struct pair p = {argc, 0};
  struct holder *h = holder_new(argc + 3);
  printf("%ld %ld\n", p.a, holder_sum(h));
  return 0;
}
