// compress-fields' bit-level packing and its near misses: the small
// fields of struct ok, unk and cfg share bytes; each other structure
// misses by one thing. The mechanics, whatever the model says
// (`pack-access=0`: a packed access costs nothing more, so a smaller
// record is always taken); the outputs are compared at -O0, at -O2
// before LLVM's passes and at -O2.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %clang -O2 %t0.ll -o %t.base && %t.base 7 > %t.base.txt
// RUN: %dtrans opt %t0.ll -p compress-fields --cost pack-access=0 -o %t0.out.ll --report %t0.json
// RUN: %FileCheck %s < %t0.json
// RUN: %FileCheck %s --check-prefix=IR < %t0.out.ll
// RUN: %clang -O2 %t0.out.ll -o %t0.new && %t0.new 7 > %t0.txt && diff %t.base.txt %t0.txt
// RUN: %dtrans opt %t1.ll -p compress-fields --cost pack-access=0 -o %t1.out.ll --report %t1.json
// RUN: %FileCheck %s --check-prefix=PACKED < %t1.json
// RUN: %clang -O2 %t1.out.ll -o %t1.new && %t1.new 7 > %t1.txt && diff %t.base.txt %t1.txt
// RUN: %dtrans opt %t2.ll -p compress-fields --cost pack-access=0 -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s --check-prefix=PACKED < %t2.json
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new 7 > %t2.txt && diff %t.base.txt %t2.txt
// The whole pipeline too.
// RUN: %dtrans opt %t2.ll -p specialize-calls,delete-field,compress-fields,reorder-fields,aos-to-soa,peel,blocks -o %t3.out.ll && %clang -O2 %t3.out.ll -o %t3.new && %t3.new 7 > %t3.txt && diff %t.base.txt %t3.txt
// CHECK-DAG: "detail": "kind 0..7 in 3 bits of a u8 (with on, lvl), on 0..1 in 1 bit of a u8 (with kind, lvl), lvl 0..15 in 4 bits of a u8 (with kind, on), sgn -2..1 in 2 bits of a u8 (with wide), wide 0..63 in 6 bits of a u8 (with sgn)",
// CHECK-DAG: "detail": "a 0..3 in 2 bits of a u8 (with c), c 0..1 in 1 bit of a u8 (with a)",
// CHECK-DAG: "detail": "mode 0..7 in 3 bits of a u8 (with on, lvl), on 0..1 in 1 bit of a u8 (with mode, lvl), lvl 0..15 in 4 bits of a u8 (with mode, on)",
// CHECK-DAG: "name": "%struct.addr",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "FieldAddressTaken
// CHECK-DAG: "name": "%struct.ones",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "no integer field's stored values fit a narrower integer"
// CHECK-DAG: "name": "%struct.slot",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "no integer field's stored values fit a narrower integer"
// CHECK-DAG: "mode+on+lvl: i8 @0 (mode in bits 0..2 zero-extended to i32; on in bits 3..3 zero-extended to i32; lvl in bits 4..7 zero-extended to i32)"
// The same at -O2, before and after LLVM's passes (at full -O2, @set is
// inlined: struct addr's address is no longer taken, and it is packed too).
// PACKED-DAG: "detail": "kind 0..7 in 3 bits of a u8 (with on, lvl), on 0..1 in 1 bit of a u8 (with kind, lvl), lvl 0..15 in 4 bits of a u8 (with kind, on), sgn -2..1 in 2 bits of a u8 (with wide), wide 0..63 in 6 bits of a u8 (with sgn)",
// PACKED-DAG: "detail": "a 0..3 in 2 bits of a u8 (with c), c 0..1 in 1 bit of a u8 (with a)",
// PACKED-DAG: "detail": "mode 0..7 in 3 bits of a u8 (with on, lvl), on 0..1 in 1 bit of a u8 (with mode, lvl), lvl 0..15 in 4 bits of a u8 (with mode, on)",
// The host bytes of the global's initializer: mode | on << 3 | lvl << 4.
// IR-DAG: @g_cfg = {{.*}}global [3 x %__DCF_struct.cfg] [%__DCF_struct.cfg { i8 89 }, %__DCF_struct.cfg { i8 -14 }, %__DCF_struct.cfg { i8 15 }]
// A store into a record is a read-modify-write of its host byte, frozen.
// IR-DAG: freeze i8
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ok { int kind; int on; int lvl; int sgn; int big; int wide; };
struct unk { char a; char b; char c; };   // b holds an input byte: not packed
struct cfg { int mode; int on; int lvl; };
struct addr { int a; int b; int c; };     // &x->a given to a function
struct ones { int a; int b; int c; };     // a memset of 0xff bytes
struct slot { char a; char b; };          // bytes of any value

struct cfg g_cfg[3] = { {1, 1, 5}, {2, 0, 15}, {7, 1, 0} };

static void set(int *p, int v) { *p = v; }

__attribute__((noinline)) static long sum_ok(struct ok *o, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += o[i].kind * 1000 + o[i].on * 100 + o[i].lvl * 10 + o[i].sgn + o[i].big + o[i].wide * 7;
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) * 13 : 50;
  int input = argc > 2 ? atoi(argv[2]) : 200;
  // Uninitialized records written field by field.
  struct ok *o = malloc(n * sizeof *o);
  struct ok *o2 = malloc(n * sizeof *o2);
  struct unk *u = malloc(n * sizeof *u);
  struct addr *d = calloc(n, sizeof *d);
  struct ones *e = malloc(n * sizeof *e);
  struct slot *sl = calloc(n, sizeof *sl);
  memset(e, 0xff, n * sizeof *e);
  for (int i = 0; i < n; i++) {
    o[i].kind = i & 7;
    o[i].on = i % 3 == 0;
    o[i].lvl = (i * 5) & 15;
    o[i].sgn = (i & 3) - 2;
    o[i].big = input * i;
    o[i].wide = (i * 11) & 63;
    u[i].a = i & 3;
    u[i].b = (char)(input + i);
    u[i].c = (i & 4) != 0;
    set(&d[i].a, i & 3);
    d[i].b = i & 1;
    d[i].c = i & 7;
    if (i & 1) { e[i].a = 1; e[i].b = 0; e[i].c = 2; }
    sl[i].a = (char)(i * 37);
    sl[i].b = (char)(i * 91);
  }
  // Whole records copied: a memcpy and a structure assignment.
  memcpy(o2, o, n * sizeof *o);
  for (int i = 0; i + 1 < n; i += 2) {
    struct ok t = o2[i];
    o2[i] = o2[i + 1];
    o2[i + 1] = t;
  }
  // A field updated in place: the other fields of its byte stay.
  for (int i = 0; i < n; i++) {
    o2[i].lvl = (o2[i].lvl + 3) & 15;
    if (o2[i].sgn < 0)
      o2[i].sgn = (o2[i].sgn + 5) % 2;
  }
  for (int i = 0; i < 3; i++) {
    g_cfg[i].lvl = (g_cfg[i].lvl + n) & 15;
    if (i == input % 3)
      g_cfg[i].mode = input & 7;
  }
  long s = sum_ok(o, n) * 3 + sum_ok(o2, n);
  long t = 0;
  for (int i = 0; i < n; i++)
    t += u[i].a * 100 + u[i].b + u[i].c * 1000 + d[i].a + d[i].b * 3 + d[i].c * 5 + e[i].a + e[i].b + e[i].c +
         sl[i].a + sl[i].b;
  for (int i = 0; i < 3; i++)
    printf("cfg %d: %d %d %d\n", i, g_cfg[i].mode, g_cfg[i].on, g_cfg[i].lvl);
  printf("%ld %ld %d %d %d %d\n", s, t, o2[1].kind, o2[1].sgn, o2[n - 1].wide, u[n - 1].c);
  free(o); free(o2); free(u); free(d); free(e); free(sl);
  return 0;
}
