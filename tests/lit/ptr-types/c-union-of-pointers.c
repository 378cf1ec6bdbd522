// A union of no structure whose members point to different types (Lua's
// `Value`: a `GCObject *`, a `void *`, a function pointer, a number): the
// annotator makes its storage `void *`, and a load from it is typed by its
// uses. Those uses are no use of the address: `ci->func->v.gc` read as a
// `struct closure *` on one path and a `struct str *` on the other made
// the `struct tvalue *` it is loaded from "used as %struct.closure**" and
// the `struct callinfo *` before it "used as %struct.closure***", so both
// were ambiguous (BadCasting) though each is only ever what it is
// declared. Now the load alone is ambiguous (the two structures read from
// one slot), and `struct callinfo` is legal. The output is the same after
// the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types --function nup %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @nup
// CHECK-NEXT: %0 -> %struct.callinfo* | declared: %struct.callinfo* | usage: %struct.callinfo*, %struct.tvalue**{{$}}
// CHECK-NEXT: %2 -> %struct.tvalue* | declared: %struct.tvalue* | usage: %struct.tvalue*{{$}}
// CHECK: %6 -> ? | declared: i8* | usage: %struct.closure*, %struct.str* | ambiguous: used as %struct.closure* and %struct.str*{{$}}

// SAFE-LABEL: %struct.callinfo (size 24, align 8)
// SAFE: safety: no conditions
// SAFE-NEXT: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
// SAFE-LABEL: %struct.closure (size 48, align 8)
// SAFE: BadCasting: @nup: %6: ambiguous: used as %struct.closure* and %struct.str*

#include <stdio.h>
#include <stdlib.h>
typedef struct gcobj { struct gcobj *next; unsigned char tt; } GCObject;
typedef struct closure { GCObject *next; unsigned char tt; unsigned char nup; double up[4]; } Closure;
typedef struct str { GCObject *next; unsigned char tt; int len; char s[16]; } Str;
typedef union value { GCObject *gc; void *p; int (*f)(int); long i; double n; } Value;
typedef struct tvalue { Value v; int tt; } TValue;
typedef struct callinfo { TValue *func; struct callinfo *prev; int n; } CallInfo;

__attribute__((noinline)) int nup(CallInfo *ci) {
  TValue *f = ci->func;
  if (f->tt == 6)
    return ((Closure *)f->v.gc)->nup;
  return ((Str *)f->v.gc)->len;
}
int twice(int x) { return 2 * x; }
int main(int argc, char **argv) {
  Closure *c = calloc(1, sizeof *c);
  Str *s = calloc(1, sizeof *s);
  c->tt = 6; c->nup = 3; s->tt = 4; s->len = 11;
  TValue *stack = calloc(4, sizeof *stack);
  stack[0].v.gc = (GCObject *)c; stack[0].tt = 6;
  stack[1].v.gc = (GCObject *)s; stack[1].tt = 4;
  stack[2].v.f = twice; stack[2].tt = 2;
  stack[3].v.n = 1.5; stack[3].tt = 3;
  CallInfo *ci = calloc(2, sizeof *ci);
  int sum = 0;
  for (int i = 0; i < 2 + argc - 1; i++) {
    ci[i].func = &stack[i];
    sum += nup(&ci[i]);
  }
  printf("%d %d %g\n", sum, stack[2].v.f(sum), stack[3].v.n);
  free(ci); free(stack); free(c); free(s);
  return 0;
}
