// Bit-level packing in a program that runs threads: two threads write
// different fields of one record at once, which are different memory
// locations in C; packed into one byte they would be one, and a
// read-modify-write by one thread could undo the other's store. So the
// fields are narrowed to bytes only, and the report says why they are not
// packed. The outputs are the same.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p compress-fields --cost pack-access=0 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %FileCheck %s --check-prefix=IR < %t.out.ll
// RUN: %clang -O2 -pthread %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 -pthread %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// CHECK: "detail": "a 0..7 in u8, b 0..1 in u8, c 0..15 in u8; not bit-packed: the program may run threads (it refers to @pthread_create)",
// IR: %__DCF_struct.pair = type { i8, i8, i8, i64 }
// IR-NOT: freeze
//
// The same threads started through functions that dlsym returns: the
// program names no thread function, but it calls a function dtrans does
// not know (dlsym), which may start threads, so no packing either (a
// reviewer's program lost stores here when only thread functions' names
// were looked for; likewise a native library calling back into the
// program from its own threads).
// RUN: %clang -g -O0 -DVIA_DLSYM -S -emit-llvm %s -o %t.dl.ll
// RUN: %dtrans opt %t.dl.ll -p compress-fields --cost pack-access=0 -o %t.dl.out.ll --report %t.dl.json
// RUN: %FileCheck %s --check-prefix=DLSYM < %t.dl.json
// RUN: %clang -O2 %t.dl.ll -o %t.dl.base && %t.dl.base > %t.dl.base.txt
// RUN: %clang -O2 %t.dl.out.ll -o %t.dl.new && %t.dl.new > %t.dl.new.txt && diff %t.dl.base.txt %t.dl.new.txt
// DLSYM: "detail": "a 0..7 in u8, b 0..1 in u8, c 0..15 in u8; not bit-packed: the program may run threads (it calls @dlsym, which dtrans does not know to start no thread)",
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct pair { int a; int b; int c; long v; };

enum { N = 1000 };
static struct pair *recs;

static void *first(void *arg) {
  (void)arg;
  for (int r = 0; r < 200; r++)
    for (int i = 0; i < N; i++)
      recs[i].a = (recs[i].a + i + r) & 7;
  return 0;
}

static void *second(void *arg) {
  (void)arg;
  for (int r = 0; r < 200; r++)
    for (int i = 0; i < N; i++)
      recs[i].b = (i + r) % 2 == 0;
  return 0;
}

int main(void) {
  recs = calloc(N, sizeof *recs);
  for (int i = 0; i < N; i++) {
    recs[i].c = i & 15;
    recs[i].v = i * 1000L;
  }
  pthread_t t1, t2;
#ifdef VIA_DLSYM
  int (*create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) =
      (int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))dlsym(RTLD_DEFAULT, "pthread_create");
  int (*join)(pthread_t, void **) = (int (*)(pthread_t, void **))dlsym(RTLD_DEFAULT, "pthread_join");
#else
  int (*create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) = pthread_create;
  int (*join)(pthread_t, void **) = pthread_join;
#endif
  create(&t1, 0, first, 0);
  create(&t2, 0, second, 0);
  join(t1, 0);
  join(t2, 0);
  long s = 0;
  for (int i = 0; i < N; i++)
    s += recs[i].a * 100 + recs[i].b * 10 + recs[i].c + recs[i].v;
  printf("%ld\n", s);
  free(recs);
  return 0;
}
