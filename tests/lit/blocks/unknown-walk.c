// A `p < end` walk over a calloc'd array, inlined into main at -O2: the
// walk's pointer is `phi [x, p + 24]` with the field read at a byte offset
// from it, and the only view of it as a `struct s *` is the load's
// struct-path TBAA tag. blocks alone sees that tag and lays struct s out
// in blocks (the walk's load and step rewritten). After reorder-fields in
// the same run the tag is scalar: the walk's pointer is of unknown type,
// made from the calloc's pointer, and blocks refuses struct s (it used to
// lay it out and leave the walk's load and step in the old layout: a
// wrong sum). Every build prints what the original prints.
// RUN: %clang -g -O2 -w -c -emit-llvm %s -o %t.bc
// RUN: %clang -O0 %t.bc -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.bc -p blocks --cost block-bytes=16384 -o %t.b.bc --report %t.b.json
// RUN: %FileCheck %s --check-prefix=ALONE < %t.b.json
// RUN: %clang -O0 %t.b.bc -o %t.b && %t.b > %t.b.txt && diff %t.base.txt %t.b.txt
// RUN: %dtrans opt %t.bc -p reorder-fields,blocks --cost block-bytes=16384 -o %t.rb.bc --report %t.rb.json
// RUN: %FileCheck %s < %t.rb.json
// RUN: %clang -O0 %t.rb.bc -o %t.rb && %t.rb > %t.rb.txt && diff %t.base.txt %t.rb.txt
// ALONE: "detail": "2 groups in blocks: {d} {b, c, a, e}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.s",
// CHECK: "detail": "padding removed",{{[[:space:]]*}}"name": "%struct.s",
// CHECK: "name": "%__DFR_struct.s",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "cannot rewrite @main: {{%[0-9]+}} = phi ptr {{.*}} is a pointer of unknown type (byte offset from a pointer of unknown type) made from a pointer to %__DFR_struct.s ({{%[0-9]+}} = tail call noalias ptr @calloc({{.*}}): its accesses and steps cannot be found"
#include <stdio.h>
#include <stdlib.h>

struct s {
    short a;
    long b;
    int c;
    long d;
    short e;
};
static unsigned long long walk(struct s *x, long n, int rounds) {
    unsigned long long acc = 0;
    struct s *end = x + n;
    for (int r = 0; r < rounds; r++)
        for (struct s *p = x; p < end; p++) acc = acc * 3 + (unsigned long long)p->d;
    return acc;
}
__attribute__((noinline)) static unsigned long long sumd(struct s *x, long n, int rounds) {
    unsigned long long acc = 0;
    for (int r = 0; r < rounds; r++)
        for (long i = 0; i < n; i++) acc += (unsigned long long)x[i].d;
    return acc;
}
int main(int argc, char **argv) {
    long n = 300 + argc;
    struct s *x = calloc(n, sizeof(struct s));
    struct s *y = malloc(n * sizeof(struct s));
    if (!x || !y) return 2;
    for (long i = 0; i < n; i++) {
        x[i].a = (short)i; x[i].b = i * 3; x[i].c = (int)i; x[i].d = i * 7 + 1; x[i].e = 1;
        y[i] = x[n - 1 - i];
    }
    printf("walk %llu\n", walk(x, n, 50));
    unsigned long long t = 0;
    for (long i = 0; i < n; i++) t = t * 31 + y[i].a + y[i].b + y[i].c + y[i].d + y[i].e;
    printf("sum %llu\n", t);
    printf("sumd %llu\n", sumd(y, n, 50));
    free(x); free(y);
    return 0;
}
