// A void* callback argument used as a structure (the callback is called
// through a pointer, so its callers are not known): BadCasting. A static
// helper called directly with the structure is not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct ctx { int n; };
struct own { int n; };
typedef void (*cb)(void *);
void (*volatile hook)(void *);
static void visit(void *p) { ((struct ctx *)p)->n++; }
__attribute__((noinline)) static void bump(void *p) { ((struct own *)p)->n++; }
void setup(void) { hook = visit; }
void run(struct own *o) { bump(o); }

// CHECK-LABEL: %struct.ctx (
// CHECK: BadCasting: @visit:
// CHECK: legal: reorder-fields no (BadCasting)
// CHECK-LABEL: %struct.own (
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes
