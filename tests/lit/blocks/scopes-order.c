// The `!noalias` list of an access outside two blocked structures names
// their scopes in the order of the structures' names, whatever order the
// pass holds them in (a hash map: the list once followed the process's
// hash seed, so two runs of one command could write different modules).
// The structures are defined in the other order (`zeta` first). Several
// runs write the same module.
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=4096 -o %t.1.ll
// RUN: %FileCheck %s < %t.1.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=4096 -o %t.2.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=4096 -o %t.3.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=4096 -o %t.4.ll
// RUN: cmp %t.1.ll %t.2.ll && cmp %t.1.ll %t.3.ll && cmp %t.1.ll %t.4.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.1.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// CHECK-LABEL: define {{.*}}i32 @main(
// CHECK: store i32 %0, ptr %{{[0-9]+}}, align 4, !tbaa !{{[0-9]+}}, !noalias ![[L:[0-9]+]]
// CHECK: ![[L]] = !{![[A:[0-9]+]], ![[Z:[0-9]+]]}
// CHECK-NEXT: ![[A]] = !{!"dtrans.blocks: struct.alpha", ![[D:[0-9]+]]}
// CHECK: ![[Z]] = !{!"dtrans.blocks: struct.zeta", ![[D]]}
#include <stdio.h>
#include <stdlib.h>

struct zeta { double w; long key; };
struct alpha { double v; long tag; };
long total;

static struct zeta *zs(long n) { return calloc(n, sizeof(struct zeta)); }
static struct alpha *as(long n) { return calloc(n, sizeof(struct alpha)); }

int main(int argc, char **argv) {
  long n = 3000 + argc;
  struct zeta *z1 = zs(n), *z2 = zs(2 * n);
  struct alpha *a1 = as(n), *a2 = as(2 * n);
  for (long i = 0; i < n; i++) {
    z1[i].key = i; z2[i].key = 2 * i; z1[i].w = 0.5 * i;
    a1[i].tag = i ^ 3; a2[i].tag = i + 1; a2[i].v = 0.25 * i;
  }
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) {
      total += z1[i].key + z2[i].key + a1[i].tag + a2[i].tag;
    }
  printf("%ld %.1f %.1f\n", total, z1[7].w, a2[9].v);
  free(z1); free(z2); free(a1); free(a2);
  return 0;
}
