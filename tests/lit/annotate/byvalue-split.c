// Small structures passed and returned by value: clang's x86-64 ABI splits
// them into scalars (struct span into two ptr parameters, struct tagged into
// i32 + ptr, struct wrap into one ptr) and returns struct span as the
// literal { ptr, ptr }. Each register piece gets the type of the source
// member it carries (found from clang's stores of the pieces into the
// parameter's alloca), the return value is the literal structure of the
// members' types, and the module is clean under --strict.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll --report %t.O0.report
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %FileCheck %s --check-prefix=REPORT < %t.O0.report
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// REPORT: "unmapped": []

// CHECK-NOT: {{.}}
// CHECK: %struct.span = type { %struct.span*, i8* }
// CHECK-NEXT: %struct.tagged = type { i32, i32* }
// CHECK-NEXT: %struct.wrap = type { %struct.wrap* }
// CHECK-NEXT: function @span_len: i64 (%struct.span*, i8*, i32, i64*)
// CHECK-NEXT: function @tagged_value: i32 (i32, i32*, %struct.tagged*)
// CHECK-NEXT: function @unwrap: %struct.wrap* (%struct.wrap*, %struct.wrap**)
// CHECK-NEXT: function @span_of: { %struct.span*, i8* } (%struct.span*)
// CHECK-NEXT: alloca %s in @span_len: %struct.span
// CHECK-NEXT: alloca %out.addr in @span_len: i64*
// CHECK-NEXT: alloca %t in @tagged_value: %struct.tagged
// CHECK-NEXT: alloca %copy.addr in @tagged_value: %struct.tagged*
// CHECK-NEXT: alloca %w in @unwrap: %struct.wrap
// CHECK-NEXT: alloca %last.addr in @unwrap: %struct.wrap**
// CHECK-NEXT: alloca %p.addr in @span_of: %struct.span*
// %retval in @span_of (a %struct.span with no variable) may or may not be listed.
// CHECK: alloca %s in @main: %struct.span
// CHECK-NEXT: alloca %t in @main: %struct.tagged
// CHECK-NEXT: alloca %copy in @main: %struct.tagged
// CHECK-NEXT: alloca %inner in @main: %struct.wrap
// CHECK-NEXT: alloca %outer in @main: %struct.wrap
// CHECK-NEXT: alloca %last in @main: %struct.wrap*
// CHECK-NEXT: alloca %back in @main: %struct.span
// CHECK-NOT: diagnostic

struct span {
  struct span *parent;
  char *text;
};

struct tagged {
  int tag;
  int *value;
};

struct wrap {
  struct wrap *inner;
};

long span_len(struct span s, int extra, long *out) {
  *out = (long)(s.text - (char *)s.parent) + extra;
  return *out;
}

int tagged_value(struct tagged t, struct tagged *copy) {
  *copy = t;
  return t.tag + *t.value;
}

struct wrap *unwrap(struct wrap w, struct wrap **last) {
  *last = w.inner;
  return w.inner;
}

struct span span_of(struct span *p) {
  return *p;
}

int main(void) {
  char buf[8] = "abcdefg";
  struct span s = {(struct span *)buf, buf + 3};
  long out;
  int v = 4;
  struct tagged t = {1, &v}, copy;
  struct wrap inner = {0}, outer = {&inner}, *last;
  struct span back = span_of(&s);
  return span_len(back, 1, &out) == 4 && tagged_value(t, &copy) == 5 &&
                 unwrap(outer, &last) == &inner
             ? 0
             : 1;
}
