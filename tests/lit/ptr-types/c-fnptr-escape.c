// Functions whose address escapes (stored in a table) may be called from
// anywhere, so their void* parameter stays an i8* even though the one direct
// call passes a struct A*; the arguments keep their own types. ignore()
// never uses its parameter: at -O2 clang keeps only a poison #dbg_value for
// it, but the debug info still says the parameter is a void*.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll | %FileCheck %s --check-prefix=O2

struct A { int x; };
struct B { long y; int z; };
typedef void (*cb_t)(void *);

static int count;
__attribute__((noinline)) static void visit(void *p) { if (p) count++; }
__attribute__((noinline)) static void ignore(void *p) { (void)p; }
cb_t table[2] = { visit, ignore };

void f(struct A *a, struct B *b) {
  visit(a);
  ignore(a);
  table[0](b);
}

// O0-LABEL: function @visit
// O0: %0 -> i8* |
// O0-NOT: %struct.A
// O0-LABEL: function @ignore
// O0: %0 -> i8* |
// O0-NOT: %struct.A
// O0-LABEL: function @f
// O0: %0 -> %struct.A* |
// O0: %1 -> %struct.B* |
// O0: %7 -> void (i8*)* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @visit
// NP: %0 -> i8* |
// NP-NOT: %struct.A
// NP-LABEL: function @ignore
// NP: %0 -> i8* |
// NP-NOT: %struct.A
// NP-LABEL: function @f
// NP: %0 -> %struct.A* |
// NP: %1 -> %struct.B* |
// NP: %7 -> void (i8*)* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @visit
// O2: %0 -> i8* |
// O2-NOT: %struct.A
// O2-LABEL: function @ignore
// O2: %0 -> i8* |
// O2-LABEL: function @f
// O2: %0 -> %struct.A* |
// O2: %1 -> %struct.B* |
// O2: %3 -> void (i8*)* |
// O2-NOT: unknown
// O2-NOT: ambiguous
