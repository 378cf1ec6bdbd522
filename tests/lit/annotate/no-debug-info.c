// Without debug information (no -g) there is nothing to build the metadata
// from: `dtrans annotate` says so in a plain message naming the input file
// and exits non-zero. With --allow-partial it exits 0 and writes a module
// that verifies; the structure with a pointer field stays undescribed
// (nothing is guessed).
// RUN: %clang -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: not %dtrans annotate %t.ll -o %t.ann.ll > %t.out 2> %t.err
// RUN: %FileCheck %s --check-prefix=ERR -DFILE=%t.ll < %t.err
// RUN: %FileCheck %s --check-prefix=MSG < %t.err
// RUN: %dtrans annotate --allow-partial %t.ll -o %t.partial.ll
// RUN: %opt -passes=verify -disable-output %t.partial.ll
// RUN: %dtrans types %t.partial.ll 2> /dev/null | %FileCheck %s --check-prefix=PARTIAL --match-full-lines
//
// Debug information limited to line tables has no types either: with
// --allow-partial the result still verifies and nothing is guessed.
// RUN: %clang -gline-tables-only -O0 -S -emit-llvm %s -o %t.lines.ll
// RUN: %dtrans annotate --allow-partial %t.lines.ll -o %t.lines.partial.ll
// RUN: %opt -passes=verify -disable-output %t.lines.partial.ll
// RUN: %dtrans types %t.lines.partial.ll 2> /dev/null | %FileCheck %s --check-prefix=PARTIAL --match-full-lines

// ERR: {{.*}}[[FILE]]{{.*}}
// ERR-NOT: panicked
// MSG: {{.*(debug|-g).*}}

// PARTIAL: %struct.node = type { i32, ?* } ; no metadata
// PARTIAL-NOT: {{^(function|global|alloca|call) }}

struct node {
  int v;
  struct node *next;
};

struct node *head;

int count(struct node *n) {
  int c = 0;
  for (; n; n = n->next)
    c++;
  return c;
}

int main(void) {
  struct node b = {2, 0}, a = {1, &b};
  head = &a;
  return count(head) == 2 ? 0 : 1;
}
