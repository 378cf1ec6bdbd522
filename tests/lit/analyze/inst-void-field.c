// A structure pointer kept in a void* field and later read back as the
// structure: a cast the analysis cannot check where the field is read
// (BadCasting), in a module that is not a whole program (`put` and `get`
// may be called from outside with anything in `any`). Kept in a typed
// field it is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
//
// As a whole program (-DMAIN, --whole-program: everything but main
// internal), every store of `any` is seen and stores a `struct ctx *`, the
// load is used as one: allowed (dtrans assumes an object is accessed only
// as its own type). With -DOTHER an `int *` is stored there too: not a
// structure, so the load stays a cast the analysis cannot check.
// RUN: %clang -g -O0 -DMAIN -S -emit-llvm %s -o %t.W.ll
// RUN: %dtrans analyze --whole-program %t.W.ll | %FileCheck %s --check-prefix=WHOLE
// RUN: %clang -g -O0 -DMAIN -DOTHER -S -emit-llvm %s -o %t.X.ll
// RUN: %dtrans analyze --whole-program %t.X.ll | %FileCheck %s
//
// Another field's address taken (-DTAKEN: `h.out = &h.reserved`, zlib's
// `next_out = &stream.reserved`) writes that field only: still allowed.
// The address of `any` itself passed to a function that stores through it
// (-DSELF) is a write of the field the analysis does not see as one:
// refused.
// RUN: %clang -g -O0 -DMAIN -DTAKEN -S -emit-llvm %s -o %t.T.ll
// RUN: %dtrans analyze --whole-program %t.T.ll | %FileCheck %s --check-prefix=WHOLE
// RUN: %clang -g -O0 -DMAIN -DSELF -S -emit-llvm %s -o %t.S.ll
// RUN: %dtrans analyze --whole-program %t.S.ll | %FileCheck %s
// WHOLE-LABEL: %struct.ctx (
// WHOLE-NOT: BadCasting:
// WHOLE: legal: reorder-fields yes; delete-field yes

struct ctx { int n; };
struct owned { int n; };
struct holder { void *any; struct owned *typed; long reserved; long *out; };
__attribute__((noinline)) void put(struct holder *h, struct ctx *c, struct owned *o) { h->any = c; h->typed = o; }
__attribute__((noinline)) int get(struct holder *h) { return ((struct ctx *)h->any)->n + h->typed->n; }

// CHECK-LABEL: %struct.ctx (
// CHECK: BadCasting: @get:
// CHECK: legal: reorder-fields no (BadCasting)
// CHECK-LABEL: %struct.owned (
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes

#ifdef MAIN
__attribute__((noinline)) void set(void **slot, void *v) { *slot = v; }
int main(void) {
  struct holder h;
  struct ctx c = {2};
  struct owned o = {3};
  put(&h, &c, &o);
#ifdef TAKEN
  h.out = &h.reserved;
  *h.out = 1;
#endif
#ifdef SELF
  set(&h.any, &c);
#endif
#ifdef OTHER
  int x = 5;
  if (get(&h) == 99)
    h.any = &x;
#endif
  return get(&h);
}
#endif
