// A structure that is only ever used through pointers: no global, local or
// by-value instance exists, its memory comes from calloc, and it is reached
// through parameters, a global pointer and a field of another structure.
// It still gets a full description.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.server = type { %struct.session*, i32 }
// CHECK-NEXT: %struct.session = type { i32, i8*, %struct.session* }
// CHECK-NEXT: function @open_session: %struct.session* (%struct.server*, i8*)
// CHECK-NEXT: global @last_session: %struct.session*
// CHECK-NEXT: alloca %srv.addr in @open_session: %struct.server*
// CHECK-NEXT: alloca %user.addr in @open_session: i8*
// CHECK-NEXT: alloca %s in @open_session: %struct.session*
// CHECK-NEXT: alloca %srv in @main: %struct.server
// CHECK-NEXT: alloca %s in @main: %struct.session*
// CHECK-NOT: {{.}}

#include <stdlib.h>

struct session {
  int id;
  char *user;
  struct session *prev;
};

struct server {
  struct session *current;
  int nsessions;
};

struct session *last_session;

struct session *open_session(struct server *srv, char *user) {
  struct session *s = calloc(1, sizeof *s);
  s->id = ++srv->nsessions;
  s->user = user;
  s->prev = srv->current;
  srv->current = s;
  last_session = s;
  return s;
}

int main(void) {
  struct server srv = {0, 0};
  open_session(&srv, "ann");
  struct session *s = open_session(&srv, "bob");
  int ok = s->id == 2 && s->prev->user[0] == 'a' && last_session == s;
  free(s->prev);
  free(s);
  return ok ? 0 : 1;
}
