// A local array of arrays of structures zeroed whole (`= {0}`: one
// `memset` of the array at -O0) writes 0 to every field of its elements:
// filled only in part afterwards, `k` and `flag` hold 3 or 0, so
// delete-field must not fold them to 3 (it did: the memset's destination,
// a `[2 x [1250 x %struct.s]]*`, was taken as covering no field, and the
// program printed another total). Random array program multi963031.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll | %FileCheck %s
// RUN: %clang -O0 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O0 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: %struct.s (size 16, align 8)
// CHECK: 8 2 1: i16 rw- {{[0-9]+}} multiple
// CHECK: 12 4 2: i32 rw- {{[0-9]+}} multiple
#include <stdio.h>
#include <string.h>

struct s { long key; short k; int flag; };

static void fill(struct s *a, long n) {
  for (long i = 0; i < n; i++) { a[i].key = i * 7; a[i].k = 3; a[i].flag = 3; }
}

int main(void) {
  /* Zeroed whole by one memset of the array of arrays, then filled in
     part: `k` and `flag` are 3 or 0, not always 3. */
  struct s grid[2][1250] = {0};
  fill(&grid[0][0], 1875);
  long t = 0;
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 1250; c++) t = t * 3 + grid[r][c].k + grid[r][c].flag + grid[r][c].key;
  printf("%ld\n", t);
  return 0;
}
