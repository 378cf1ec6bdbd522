// llvm-link maps a structure onto another unit's structure of the same
// body: the library's `struct seq`, passed by value (`byval`), becomes
// `%struct.pair` in the linked IR (zstd's `seq_t` passed as
// `byval(%struct.ZSTD_frameSizeInfo)`). The debug information still says
// `seq`: the parameter and the argument are `struct seq *`, no longer
// ambiguous between the two names; the attribute copies a `pair`'s bytes,
// so neither structure may change layout alone (MergedByLinker, naming the
// parameter and the call). The output is the same after the passes of a `dtrans cc` build.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.m.ll
// RUN: %clang -g -O0 -S -emit-llvm %S/Inputs/byval-linked-twin-lib.c -o %t.l.ll
// RUN: %llvm-link -S %t.m.ll %t.l.ll -o %t.ll
// RUN: %dtrans ptr-types --function seq_cost %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %t.ll -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans opt %t.ll -p specialize-calls,delete-field,compress-fields,reorder-fields,aos-to-soa,peel,blocks -o %t.out.ll && %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.ref.txt %t.new.txt

// CHECK-LABEL: function @seq_cost
// CHECK-NEXT: %0 -> %struct.seq* | declared: %struct.seq* |

// SAFE-LABEL: %struct.pair (size 24, align 8)
// SAFE: MergedByLinker: @seq_cost: parameter 0: a %struct.seq in the source, passed as %struct.pair in the linked IR (merged by the linker)
// SAFE-NEXT: also @seq_total: call @seq_cost, argument 0: a %struct.seq in the source, passed as %struct.pair
// SAFE-LABEL: %struct.seq (size 24, align 8)
// SAFE: MergedByLinker: @seq_cost: parameter 0: a %struct.seq in the source, passed as %struct.pair in the linked IR (merged by the linker)
// SAFE: legal: reorder-fields no (MergedByLinker); delete-field no (MergedByLinker);

#include <stdio.h>
struct pair { long a; long b; long c; };
long seq_total(int n);
int main(int argc, char **argv) {
  (void)argv;
  struct pair p = { argc, 2, 3 };
  printf("%ld %ld\n", p.a + p.b + p.c, seq_total(argc + 4));
  return 0;
}
