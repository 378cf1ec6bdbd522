// glibc's headers give getc_unlocked and tolower bodies at -O1 and up
// (extern inline, available_externally in the IR). The merge turns them
// into declarations (elim-avail-extern), so they are C library calls, not
// program definitions that native code may reach: the structures are
// still changed (before, no structure was, with a warning), and the
// program prints what clang-19's does.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O2 %s -o base && ./base %s > base.out
// RUN: %dtrans cc -O2 %s -o prog 2> err.txt && ./prog %s > prog.out
// RUN: cmp base.out prog.out
// RUN: %FileCheck %s < err.txt
// RUN: %FileCheck %s --check-prefix=OUT < prog.out
// CHECK-NOT: warning
// CHECK: struct.counter: {{[0-9]+}} -> {{[0-9]+}} bytes (delete-field: unused never read
// OUT: letters
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

struct counter {
  long letters;
  long unused;
  long lines;
};

int main(int argc, char **argv) {
  FILE *f = fopen(argc > 1 ? argv[1] : __FILE__, "r");
  if (!f) return 1;
  struct counter *c = malloc(sizeof *c);
  c->letters = c->lines = 0;
  c->unused = 7;
  int ch;
  long upper = 0;
  while ((ch = getc_unlocked(f)) != EOF) {
    if (isalpha(ch)) c->letters++;
    if (tolower(ch) != ch) upper++;
    if (ch == '\n') c->lines++;
  }
  fclose(f);
  printf("letters %ld lines %ld upper %ld\n", c->letters, c->lines, upper);
  free(c);
  return 0;
}
