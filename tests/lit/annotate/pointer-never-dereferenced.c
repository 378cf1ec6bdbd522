// Pointers to structures whose LLVM type clang never creates: struct handle
// is complete but never dereferenced, struct opaque is only declared, and
// FILE is a library structure. Their pointers are either described through
// a structure type the annotator adds (handle with its body from debug
// information or opaque, struct opaque as an opaque structure) or as i8*;
// either way the metadata must be valid and refer only to types in the
// module, one choice is used consistently, and the other types stay exact.
// At -O2 clang describes the library's `fputs`, whose `FILE *` is annotated
// as the holder's field is.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll > %t.O0.types
// RUN: %FileCheck %s --match-full-lines < %t.O0.types
// RUN: sed -e '/^.struct\.handle = /!d' -e '/^.struct\.handle = type { i32, .struct\.handle\* }$/d' -e '/^.struct\.handle = type opaque$/d' %t.O0.types | count 0
// RUN: sed -e '/^.struct\.opaque = /!d' -e '/^.struct\.opaque = type opaque$/d' %t.O0.types | count 0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll > %t.O2.types
// RUN: %FileCheck %s --match-full-lines --check-prefixes=CHECK,O2NP < %t.O2.types
// RUN: sed -e '/^.struct\.handle = /!d' -e '/^.struct\.handle = type { i32, .struct\.handle\* }$/d' -e '/^.struct\.handle = type opaque$/d' %t.O2.types | count 0
// RUN: sed -e '/^.struct\.opaque = /!d' -e '/^.struct\.opaque = type opaque$/d' %t.O2.types | count 0

// CHECK-NOT: ; no metadata
// CHECK: %struct.holder = type { [[H:(%struct.handle|i8)\*]], [[O:(%struct.opaque|i8)\*]], [[F:(%struct._IO_FILE|i8)\*]], i32 }
// CHECK-NOT: ; no metadata
// CHECK: function @pass: [[H]] ([[H]], [[O]])
// O2NP-NEXT: function @fputs: i32 (i8*, [[F]])
// CHECK-NEXT: global @global_handle: [[H]]
// CHECK-NEXT: alloca %h.addr in @pass: [[H]]
// CHECK-NEXT: alloca %o.addr in @pass: [[O]]
// CHECK-NEXT: alloca %k in @main: %struct.holder
// CHECK-NEXT: alloca %out in @main: [[F]]
// CHECK-NOT: {{.}}

#include <stdio.h>

struct handle {
  int fd;
  struct handle *dup;
};
struct opaque;

struct holder {
  struct handle *h;
  struct opaque *o;
  FILE *log;
  int n;
};

struct handle *global_handle;

struct handle *pass(struct handle *h, struct opaque *o) {
  (void)o;
  return h;
}

int main(void) {
  struct holder k = {0, 0, stdout, 1};
  global_handle = pass(k.h, k.o);
  FILE *out = k.log;
  fputs("ok\n", out);
  return global_handle == 0 ? 0 : 1;
}
