// specialize-calls: a function-pointer field that only ever holds one
// function; every call through it becomes a direct call (the load stays for
// its other uses).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p specialize-calls -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p specialize-calls -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// MSG: specialize-calls: %struct.shape field area: 2 call(s) made direct (by prototype) to @rect_area
// CHECK: call {{.*}}double @rect_area(
// CHECK-NOT: call {{.*}}double %
//
// Near misses of the direct call: each gets the guarded form instead (the
// pointer compared with the functions stored in the field, the indirect
// call kept last), which is right whatever the field holds. A second
// function stored (-DTWO, both compared); objects from calloc not all
// given the function (-DZEROED, null is a value too); the field's address
// passed to a function that stores another function through it (-DADDR,
// that store is not seen as the field's, so only @rect_area is compared and
// the other reaches the indirect call); the structure written by a memcpy
// from bytes (-DBYTES). ZEROED and BYTES also take the address of a
// second function of the same prototype (-DDECOY) that the field never
// holds: without it, the rule by prototype below makes their calls direct
// first. Each program prints what it printed.
// RUN: %clang -g -O0 -DTWO -S -emit-llvm %s -o %t.TWO.ll
// RUN: %clang -g -O0 -DZEROED -DDECOY -S -emit-llvm %s -o %t.ZEROED.ll
// RUN: %clang -g -O0 -DADDR -S -emit-llvm %s -o %t.ADDR.ll
// RUN: %clang -g -O0 -DBYTES -DDECOY -S -emit-llvm %s -o %t.BYTES.ll
// RUN: bash -c 'for v in TWO ZEROED ADDR BYTES; do %dtrans opt %t.$v.ll -p specialize-calls -o %t.$v.out.ll --report %t.$v.json && %clang -O2 %t.$v.ll -o %t.$v.base && %clang -O2 %t.$v.out.ll -o %t.$v.new && %t.$v.base > %t.$v.base.txt && %t.$v.new > %t.$v.new.txt && diff %t.$v.base.txt %t.$v.new.txt || exit 1; done'
// RUN: %FileCheck %s --check-prefix=TWO < %t.TWO.json
// RUN: %FileCheck %s --check-prefix=ONE < %t.ZEROED.json
// RUN: %FileCheck %s --check-prefix=ONE < %t.ADDR.json
// RUN: %FileCheck %s --check-prefix=ONE < %t.BYTES.json
// RUN: %FileCheck %s --check-prefix=GUARD < %t.TWO.out.ll
// TWO: "function": "@rect_area, @tri_area",
// TWO-NEXT: "calls": 2,
// TWO-NEXT: "guarded": true
// ONE: "function": "@rect_area",
// ONE-NEXT: "calls": 2,
// ONE-NEXT: "guarded": true
// GUARD: icmp eq ptr %{{.*}}, @rect_area
// GUARD: call double @rect_area(
// GUARD: icmp eq ptr %{{.*}}, @tri_area
// GUARD: call double @tri_area(
// GUARD: call double %
//
// By prototype: ZEROED without the decoy. @rect_area is the one function
// taking `const struct shape *` and returning double whose address the
// program takes, the program is whole (every function but main static,
// only library functions dtrans knows), so the calls through the field
// reach it or are undefined (null): direct, with no guard, although the
// field holds null too. With -DEXTERN a function dtrans does not know is
// declared and called: no call is made direct by prototype.
// RUN: %clang -g -O0 -DZEROED -S -emit-llvm %s -o %t.PROTO.ll
// RUN: %dtrans opt %t.PROTO.ll -p specialize-calls -o %t.PROTO.out.ll --report %t.PROTO.json
// RUN: %FileCheck %s --check-prefix=PROTO < %t.PROTO.json
// RUN: %FileCheck %s --check-prefix=PROTO-IR < %t.PROTO.out.ll
// RUN: %clang -O2 %t.PROTO.ll -o %t.PROTO.base && %clang -O2 %t.PROTO.out.ll -o %t.PROTO.new
// RUN: %t.PROTO.base > %t.PROTO.base.txt && %t.PROTO.new > %t.PROTO.new.txt && diff %t.PROTO.base.txt %t.PROTO.new.txt
// PROTO: "function": "@rect_area",
// PROTO-NEXT: "calls": 2,
// PROTO-NEXT: "by_prototype": true
// PROTO-IR: call double @rect_area(
// PROTO-IR-NOT: call double %
// RUN: %clang -g -O0 -DZEROED -DEXTERN -S -emit-llvm %s -o %t.EXTERN.ll
// RUN: %dtrans opt %t.EXTERN.ll -p specialize-calls -o %t.EXTERN.out.ll --report %t.EXTERN.json
// RUN: %FileCheck %s --check-prefix=EXTERN < %t.EXTERN.json
// EXTERN: "guarded": true
// EXTERN-NOT: by_prototype
//
// A CPU probe (`cpuid` in inline assembly) and `errno` (glibc's
// `__errno_location`) leave the program whole (-DPROBE: as PROTO); raw
// bytes in inline assembly could encode a call (-DRAWBYTES: not whole,
// and the report says why).
// RUN: %clang -g -O0 -DZEROED -DPROBE -S -emit-llvm %s -o %t.PROBE.ll
// RUN: %dtrans opt %t.PROBE.ll -p specialize-calls -o %t.PROBE.out.ll --report %t.PROBE.json
// RUN: %FileCheck %s --check-prefix=PROTO < %t.PROBE.json
// RUN: %clang -g -O0 -DZEROED -DRAWBYTES -S -emit-llvm %s -o %t.RAWBYTES.ll
// RUN: %dtrans opt %t.RAWBYTES.ll -p specialize-calls -o %t.RAWBYTES.out.ll --report %t.RAWBYTES.json
// RUN: %FileCheck %s --check-prefix=RAWBYTES < %t.RAWBYTES.json
// RAWBYTES: "not_whole": "@raw_bytes has inline assembly"
// RAWBYTES-NOT: by_prototype
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shape {
  double w, h;
  double (*area)(const struct shape *);
  int kind;
};

static double rect_area(const struct shape *s) { return s->w * s->h; }
#ifdef TWO
static double tri_area(const struct shape *s) { return s->w * s->h / 2; }
#endif

#ifdef DECOY
static double decoy_area(const struct shape *s) { return s->w; }
double (*volatile decoy)(const struct shape *) = decoy_area;
#endif
#ifdef EXTERN
void dtrans_test_unknown(void);
#endif
#ifdef PROBE
#include <errno.h>
static unsigned probe(void) {
  unsigned a = 0, b, c, d;
  __asm__ volatile("cpuid" : "+a"(a), "=b"(b), "=c"(c), "=d"(d));
  errno = 0;
  return a + b + c + d;
}
#endif
#ifdef RAWBYTES
static void raw_bytes(void) { __asm__ volatile(".byte 0x90, 0x90"); }
#endif

#ifdef ADDR
static double half_area(const struct shape *s) { return s->w * s->h / 2; }
static void set_area(double (**slot)(const struct shape *)) { *slot = half_area; }
#endif

static double total(struct shape *v, int n) {
  double t = 0;
  for (int i = 0; i < n; i++)
    if (v[i].area)
      t += v[i].area(&v[i]);
  return t;
}

int main(int argc, char **argv) {
  int n = 100 + argc;
#ifdef ZEROED
  struct shape *v = calloc(n, sizeof *v);
#else
  struct shape *v = malloc(n * sizeof *v);
#endif
  for (int i = 0; i < n; i++) {
    v[i].w = i % 7;
    v[i].h = i % 5 + 0.5;
    v[i].kind = 1;
#ifdef ZEROED
    if (i % 2)
#endif
      v[i].area = rect_area;
#ifdef TWO
    if (i % 3 == 0)
      v[i].area = tri_area;
#endif
  }
#ifdef ADDR
  set_area(&v[1].area);
#endif
#ifdef BYTES
  char buf[sizeof(struct shape)];
  memcpy(buf, &v[0], sizeof buf);
  memcpy(&v[2], buf, sizeof buf);
#endif
#ifdef EXTERN
  if (argc > 100)
    dtrans_test_unknown();
#endif
#ifdef PROBE
  if (argc > 100)
    printf("%u\n", probe());
#endif
#ifdef RAWBYTES
  if (argc > 100)
    raw_bytes();
#endif
  printf("%.1f %.1f\n", total(v, n), v[1].area(&v[1]));
  free(v);
  (void)argv;
  return 0;
}
