// Existing DTrans metadata is kept unless --replace: a module that already
// describes struct node (imprecisely, next as i8*) keeps that description
// by default and gets it rebuilt from debug information with --replace.
// Annotating an annotated module again, with or without --replace, gives
// the same types, describes nothing twice and still verifies.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: cat %t.ll %S/Inputs/replace-existing.ll > %t.pre.ll
// RUN: %dtrans types --strict %t.pre.ll | %FileCheck %s --check-prefix=PRE --match-full-lines
//
// RUN: %dtrans annotate %t.pre.ll -o %t.keep.ll
// RUN: %opt -passes=verify -disable-output %t.keep.ll
// RUN: %dtrans types --strict %t.keep.ll | %FileCheck %s --check-prefix=KEEP --match-full-lines
//
// RUN: %dtrans annotate --replace %t.pre.ll -o %t.replaced.ll
// RUN: %opt -passes=verify -disable-output %t.replaced.ll
// RUN: %dtrans types --strict %t.replaced.ll | %FileCheck %s --check-prefix=FRESH --match-full-lines
//
// RUN: %dtrans annotate %t.ll -o %t.once.ll
// RUN: %dtrans types --strict %t.once.ll > %t.once.types
// RUN: %FileCheck %s --check-prefix=FRESH --match-full-lines < %t.once.types
// RUN: %dtrans annotate %t.once.ll -o %t.twice.ll
// RUN: %opt -passes=verify -disable-output %t.twice.ll
// RUN: %dtrans types --strict %t.twice.ll > %t.twice.types
// RUN: diff %t.once.types %t.twice.types
// RUN: %dtrans annotate --replace %t.once.ll -o %t.twice-replaced.ll
// RUN: %opt -passes=verify -disable-output %t.twice-replaced.ll
// RUN: %dtrans types --strict %t.twice-replaced.ll > %t.twice-replaced.types
// RUN: diff %t.once.types %t.twice-replaced.types

// PRE: %struct.node = type { i32, i8* }
// KEEP: %struct.node = type { i32, i8* }
// KEEP-NOT: %struct.node = type

// FRESH-NOT: {{.}}
// FRESH: %struct.node = type { i32, %struct.node* }
// FRESH-NEXT: function @last: %struct.node* (%struct.node*)
// FRESH-NEXT: global @list: %struct.node*
// FRESH-NEXT: alloca %n.addr in @last: %struct.node*
// FRESH-NEXT: alloca %b in @main: %struct.node
// FRESH-NEXT: alloca %a in @main: %struct.node
// FRESH-NOT: {{.}}

struct node {
  int value;
  struct node *next;
};

struct node *list;

struct node *last(struct node *n) {
  while (n->next)
    n = n->next;
  return n;
}

int main(void) {
  struct node b = {2, 0}, a = {1, &b};
  list = &a;
  return last(list)->value == 2 ? 0 : 1;
}
