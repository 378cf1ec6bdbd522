// Anonymous structures and unions named by a typedef: clang calls them
// after the typedef (%struct.Word, %union.Slot), while their
// DICompositeType has no name and is reached only through the
// DW_TAG_typedef. Each is used only through pointers (allocated with
// malloc, passed as Word *), so no global, alloca or field of that type
// links it: the typedef name must. Inner is reached only through the
// typedef of a typedef (Outer). CHECK-NOT lines make sure no structure is
// left without metadata and no duplicate opaque structure is invented.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.Inner = type { %union.Slot*, i32 }
// CHECK-NEXT: %struct.Quad = type { i64 }
// CHECK-NEXT: %struct.Word = type { [2 x %struct.Quad], i8*, i32 }
// CHECK-NEXT: %union.Slot = type { %struct.Word* }
// CHECK-NEXT: function @word_new: %struct.Word* (i8*)
// CHECK-NEXT: function @word_len: i32 (%struct.Word*)
// CHECK-NEXT: function @slot_new: %union.Slot* (%struct.Word*)
// CHECK-NEXT: function @outer_new: %struct.Inner* (i32)
// CHECK-NOT: opaque
// CHECK-NOT: anon
// CHECK-NOT: diagnostic

#include <stdlib.h>
#include <string.h>

typedef struct { unsigned long bits; } Quad;
typedef struct { Quad mask[2]; char *word; unsigned len; } Word;
typedef union { Word *w; long n; } Slot;
typedef struct { Slot *slots; int n; } Inner;
typedef Inner Outer;

Word *word_new(const char *s) {
  Word *w = malloc(sizeof *w);
  w->word = strdup(s);
  w->len = strlen(s);
  w->mask[0].bits = w->mask[1].bits = 0;
  return w;
}

unsigned word_len(Word *w) { return w->len; }

Slot *slot_new(Word *w) {
  Slot *s = malloc(sizeof *s);
  s->w = w;
  return s;
}

Outer *outer_new(int n) {
  Outer *o = malloc(sizeof *o);
  o->slots = calloc(n, sizeof(Slot));
  o->n = n;
  return o;
}

int main(void) {
  Word *w = word_new("abc");
  Slot *s = slot_new(w);
  Outer *o = outer_new(2);
  o->slots[0] = *s;
  return (int)word_len(o->slots[0].w) - 3;
}
