// C library functions the corpus programs call (Lua's setjmp/longjmp and
// pclose, SQLite's nanosleep): each only takes objects of the library's
// own types, so the program stays whole and a structure of the program
// that never reaches them is changed. Before they were in the table
// (libfuncs.rs), each made the program "not whole" and nothing changed.
// pthread's locks are in it (they were out while a QuickJS miscompile
// they exposed was open: a union member the safety analysis missed); thread
// creation is not, so a program that starts threads stays not whole.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=WHOLE
// RUN: %dtrans opt %t.ll -p delete-field -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=OPT
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -g -O0 -DLOCK -S -emit-llvm %s -o %t.lock.ll
// RUN: %dtrans analyze %t.lock.ll | %FileCheck %s --check-prefix=LOCK
// WHOLE: whole program: yes
// WHOLE: %struct.job (
// WHOLE: legal: reorder-fields yes; delete-field yes
// OPT: delete-field: %struct.job -> %__DFT_struct.job
// LOCK: whole program: yes
// LOCK: %struct.job (
// LOCK: legal: reorder-fields yes; delete-field yes
#ifdef LOCK
#include <pthread.h>
#endif
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct job { long id; long unused; int done; };

static jmp_buf env;
#ifdef LOCK
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
#endif

static void work(struct job *j, int i) {
#ifdef LOCK
  pthread_mutex_lock(&lock);
#endif
  j->id = i;
  j->unused = 7;
  j->done = i % 3;
#ifdef LOCK
  pthread_mutex_unlock(&lock);
#endif
  if (i == 5) longjmp(env, 1);
}

int main(void) {
  struct job *js = calloc(8, sizeof *js);
  struct timespec t = { 0, 1000 };
  int i = 0;
  if (setjmp(env) == 0) {
    for (i = 0; i < 8; i++) work(&js[i], i);
  }
  nanosleep(&t, NULL);
  long s = 0;
  for (int k = 0; k <= 5; k++) s += js[k].id * 10 + js[k].done;
  printf("%ld\n", s);
  free(js);
  return 0;
}
