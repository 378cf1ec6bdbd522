// _Bool and char members are i8 in memory (signed, unsigned and plain
// char alike); _Bool * and unsigned char * are i8*. In a function type a
// _Bool parameter or result is i1, as clang passes it, while char stays i8.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.opts = type { i8, i8, i8, i8, i8*, i8*, i1 (i8, i1)*, %struct.opts* }
// CHECK-NEXT: function @check: i1 (%struct.opts*, i8*)
// CHECK-NEXT: alloca %o.addr in @check: %struct.opts*
// CHECK-NEXT: alloca %s.addr in @check: i8*
// CHECK-NEXT: alloca %o in @main: %struct.opts
// CHECK-NEXT: call {{%call[0-9]*}} in @check: i1 (i8, i1)
// CHECK-NOT: {{.}}

#include <stdbool.h>

struct opts {
  _Bool verbose;
  char mode;
  unsigned char level;
  signed char delta;
  bool *enabled;
  unsigned char *bytes;
  bool (*accept)(char c, bool strict);
  struct opts *parent;
};

static bool accept_lower(char c, bool strict) { return c >= 'a' && c <= 'z' && (!strict || c != 'q'); }

bool check(struct opts *o, const char *s) {
  for (; *s; s++)
    if (!o->accept(*s, o->verbose))
      return false;
  return true;
}

int main(void) {
  bool on = true;
  unsigned char buf[2] = {1, 2};
  struct opts o = {true, 'm', 3, -1, &on, buf, accept_lower, 0};
  return check(&o, "abc") && !check(&o, "aqz") && *o.enabled ? 0 : 1;
}
