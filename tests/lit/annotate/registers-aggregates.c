// Aggregates of up to 16 bytes returned and passed in registers (x86-64
// SysV): each eightbyte is one register, a pointer member alone in its
// eightbyte is a `ptr` register. Returns are literal structures of the
// members' types ({ %struct.vert*, i32 }); split parameters get, per piece,
// the member at the piece's offset: found from clang's stores of the pieces
// into the parameter's alloca at -O0 and -O2 -disable-llvm-passes, and from
// the pieces' #dbg_value fragments at full -O2. Covered: pointer + int,
// two ints sharing an eightbyte + pointer, a pointer inside a nested
// structure, float + pointer, an array of two pointers, a one-pointer
// structure (one register, no literal), a union whose members are all
// pointers to one type (unambiguous).
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll --report %t.O0.report
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=REPORT < %t.O0.report
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll --report %t.O2.report
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=REPORT < %t.O2.report
// RUN: %clang -g -O2 -fno-discard-value-names -S -emit-llvm %s -o %t.full.ll
// RUN: %dtrans annotate %t.full.ll -o %t.full.ann.ll
// RUN: %opt -passes=verify -disable-output %t.full.ann.ll
// RUN: %dtrans types --strict %t.full.ann.ll | %FileCheck %s
// RUN: %clang %t.full.ann.ll -o %t.exe
// RUN: %t.exe

// No parameter or return value is left without metadata.
// REPORT: "unmapped"
// REPORT-NOT: "kind": "parameter"
// REPORT-NOT: "kind": "return"

// CHECK-DAG: function @ret_vd: { %struct.vert*, i32 } (%struct.vert*)
// CHECK-DAG: function @take_vd: i32 (%struct.vert*, i32, i32)
// CHECK-DAG: function @take_iip: i64 (i64, i8*)
// CHECK-DAG: function @take_nest: i64 (i8*, i64)
// CHECK-DAG: function @take_fp: float (float, i8*)
// CHECK-DAG: function @take_arr: i8 (i8*, i8*)
// CHECK-DAG: function @take_one: i32 (%struct.vert*)
// CHECK-DAG: function @ret_nest: { i8*, i64 } (i8*)
// CHECK-DAG: function @ret_fp: { float, i8* } (i8*)
// CHECK-DAG: function @ret_arr: { i8*, i8* } (i8*)
// CHECK-DAG: function @ret_one: %struct.vert* (%struct.vert*)
// CHECK-DAG: function @take_same: i32 (%struct.vert*)
// CHECK-NOT: diagnostic
// CHECK-NOT: ?

#define NOINLINE __attribute__((noinline))

struct vert { int id; struct vert *next; };
struct vd { struct vert *v; int d; };
struct iip { int a; int b; char *p; };
struct nest { struct { char *p; } in; long x; };
struct fp { float f; char *p; };
struct arr { char *p[2]; };
struct one { struct vert *v; };
union same { struct vert *a; struct vert *const b; };

NOINLINE struct vd ret_vd(struct vert *v) { struct vd r = {v, 3}; return r; }
NOINLINE int take_vd(struct vd x, int k) { return x.d + k + x.v->id; }
NOINLINE long take_iip(struct iip x) { return x.a + x.b + *x.p; }
NOINLINE long take_nest(struct nest n) { return *n.in.p + n.x; }
NOINLINE float take_fp(struct fp s) { return s.f + *s.p; }
NOINLINE char take_arr(struct arr a) { return *a.p[1] - *a.p[0]; }
NOINLINE int take_one(struct one o) { return o.v->id; }
NOINLINE struct nest ret_nest(char *p) { struct nest n = {{p}, 1}; return n; }
NOINLINE struct fp ret_fp(char *p) { struct fp s = {1.0f, p}; return s; }
NOINLINE struct arr ret_arr(char *p) { struct arr a = {{p, p + 1}}; return a; }
NOINLINE struct one ret_one(struct vert *v) { struct one o = {v}; return o; }
NOINLINE int take_same(union same u) { return u.b->id; }

int main(void) {
  struct vert a = {1, 0}, b = {2, &a};
  char text[] = "ab";
  struct vd x = ret_vd(&b);
  struct iip i = {1, 2, text};
  long r = take_vd(x, 1) + take_iip(i) + take_nest(ret_nest(text)) + (long)take_fp(ret_fp(text)) +
           take_arr(ret_arr(text)) + take_one(ret_one(&a));
  union same u = {&b};
  r += take_same(u);
  return r == 6 + 100 + 98 + 98 + 1 + 1 + 2 ? 0 : 1;
}
