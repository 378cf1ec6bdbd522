// --whole-program: code no kept symbol reaches is removed before the
// analysis. lib_peek is a library entry point this program never calls;
// its cast makes struct.rec BadCasting although it cannot run. Kept
// (--keep lib_peek: code outside the module calls it) it still decides.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll --struct struct.rec | %FileCheck %s --check-prefix=ALL
// RUN: %dtrans analyze %t.ll --struct struct.rec --whole-program | %FileCheck %s --check-prefix=WHOLE
// RUN: %dtrans analyze %t.ll --struct struct.rec --whole-program --keep lib_peek | %FileCheck %s --check-prefix=KEEP
// RUN: %dtrans analyze %t.ll --whole-program --format json | %FileCheck %s --check-prefix=JSON
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll --struct struct.rec --whole-program | %FileCheck %s --check-prefix=WHOLE
// RUN: not %dtrans analyze %t.ll --keep lib_peek 2>&1 | %FileCheck %s --check-prefix=ERR
// The same for dtrans opt: delete-field now removes the unread field.
// RUN: %dtrans opt %t.ll -p delete-field --whole-program -o %t.out.ll --report %t.json 2>&1 | %FileCheck %s --check-prefix=OPT
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// RUN: %dtrans opt %t.ll -p delete-field -o %t.out2.ll 2>&1 | %FileCheck %s --check-prefix=OPTALL --allow-empty
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt

// ALL-NOT: removed as unreachable
// ALL: BadCasting: @lib_peek
// ALL: legal: reorder-fields no (BadCasting

// WHOLE: removed as unreachable: 1 functions, 0 globals
// WHOLE-NOT: BadCasting
// WHOLE: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes

// KEEP: removed as unreachable: 0 functions, 0 globals
// KEEP: BadCasting: @lib_peek

// JSON: "cleanup": {
// JSON-NEXT: "functions_removed": 1,
// JSON-NEXT: "globals_removed": 0

// ERR: --whole-program

// OPT: dtrans: removed as unreachable: 1 functions, 0 globals
// OPT: delete-field: %struct.rec -> %__DFT_struct.rec (24 -> 16 bytes: unused never read)
// OPTALL-NOT: delete-field: %struct.rec

#include <stdio.h>
#include <stdlib.h>
struct rec { long key; long unused; double w; };
struct other { int a, b; };
int lib_peek(struct rec *r) { return ((struct other *)r)->b; }
static struct rec *table;
int main(int argc, char **argv) {
  int n = 100 * argc;
  table = calloc(n, sizeof *table);
  for (int i = 0; i < n; i++) { table[i].key = i; table[i].w = i * 0.25; }
  double s = 0;
  for (int i = 0; i < n; i++) s += table[i].key * table[i].w;
  printf("%.2f\n", s);
  return 0;
}
