// A character array as the first field of a structure that peel splits:
// %struct.tag's name goes to the cold array, %struct.ent's label stays hot
// but after the 8-byte fields. A pointer to an element is also its first
// field's address: `strlen(t[i].name)` is a typed step into the array from
// the element's address at -O0 after another pass removed the step to
// field 0 (found by tests/exec/gen_arrays.py), and at -O2 the element's
// address itself is given to strlen and puts. Both must reach the name
// where it went (it read the hot fields' bytes before).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p delete-field,peel -o %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: grep -B2 -E 'call (i64 @strlen|i32 @puts)' %t.O2.out.ll | %FileCheck %s
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct tag { char name[16]; long key; long val; long c1, c2, c3, c4, c5, c6; };
struct ent { char label[8]; long key; long val; double w; long c1, c2, c3, c4, c5; };
int main(void) {
  int n = 400;
  struct tag *t = malloc(n * sizeof *t);
  struct ent *e = malloc(n * sizeof *e);
  for (int i = 0; i < n; i++) {
    memset(t[i].name, 0, sizeof t[i].name);
    snprintf(t[i].name, sizeof t[i].name, "t%d", i);
    snprintf(e[i].label, sizeof e[i].label, "e%d", i % 1000);
    t[i].key = e[i].key = i; t[i].val = e[i].val = 2 * i; t[i].c1 = e[i].c1 = 1; e[i].w = i / 2.0;
  }
  long s = 0;
  for (int a = 0; a < 8; a++)
    for (int b = 0; b < 8; b++)
      for (int i = 0; i < n; i++) s += t[i].key * t[i].val + e[i].key * e[i].val + (long)e[i].label[0];
  size_t len = 0;
  for (int i = 0; i < n; i++) { len += strlen(t[i].name) + strlen(e[i].label); s += t[i].c1 + e[i].c1 + (long)e[i].w; }
  printf("%ld %zu %s %s\n", s, len, t[7].name, e[9].label);
  puts(t[3].name);
  free(t); free(e);
  return 0;
}
// MSG: dtrans: peel: %struct.ent -> %__DPL_struct.ent (72 -> 24 bytes: 2 groups: {key, val, label} {w, c1, c2, c3, c4, c5})
// MSG: dtrans: peel: %struct.tag -> %__DPL_struct.tag (80 -> 16 bytes: 2 groups: {key, val} {c1, c2, c3, c4, c5, c6, name})
// puts(t[3].name): byte 48 of element 3's cold record.
// CHECK: [[N:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 48
// CHECK-NEXT: call i32 @puts(ptr noundef nonnull [[N]])
// strlen(t[i].name), strlen(e[i].label): the cold record's name, the
// label at byte 16 of the hot record.
// CHECK: [[N:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 48
// CHECK-NEXT: call i64 @strlen(ptr noundef nonnull [[N]])
// CHECK-NEXT: getelementptr inbounds %__DPL_struct.ent
// CHECK-NEXT: [[L:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 16
// CHECK-NEXT: call i64 @strlen(ptr noundef nonnull [[L]])
