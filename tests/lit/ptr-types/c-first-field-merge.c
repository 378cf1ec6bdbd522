// A structure at the start of another: `&in->global` is an `env *` that is
// the `interp *` itself at -O2. A parameter declared `struct env *` stays
// an `env *` whatever its callers pass (one passes the global `g_in`, an
// `interp`, with the constant GEP folded away), and a merge of `&local`
// (a standalone `env`) and `&in->global` is an `env *`, never an
// `interp *`: an `interp` is not surely there.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll | %FileCheck %s --check-prefix=O2

struct env { struct env *parent; int depth; };
struct interp { struct env global; int steps; };

static struct interp g_in;

__attribute__((noinline)) static int depth(struct env *e) {
  int d = 0;
  for (; e; e = e->parent) d += e->depth;
  return d;
}

int run(struct interp *in, int k) {
  struct env local = { &in->global, 1 };
  return depth(k ? &local : &in->global) + depth(&g_in.global) + in->steps;
}

// The phi of the two addresses, then the parameter.
// O0-LABEL: function @run
// O0: %17 -> %struct.env* | declared: %struct.env* |
// O0-LABEL: function @depth
// O0: %0 -> %struct.env* | declared: %struct.env* | usage: %struct.env*{{$}}
// O0-NOT: ambiguous

// The select of %in and &local; `local` holds `in` in its `parent`.
// O2-LABEL: function @run
// O2: %0 -> %struct.interp* | declared: %struct.interp* | usage: %struct.env*, %struct.interp*{{$}}
// O2: %3 -> %struct.env* | declared: %struct.env* |
// O2: %6 -> %struct.env* | declared: %struct.env*, %struct.interp* |
// O2-LABEL: function @depth
// O2: %0 -> %struct.env* | declared: %struct.env* |
// O2-NOT: ambiguous
