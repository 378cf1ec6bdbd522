// peel of structures whose one array is grown by realloc. `struct item`
// is kept in a local of main (malloc once, then realloc); `struct job` in
// a global that starts null, is grown by realloc(jobs, ...), freed, set
// to null right after the free, and grown again from null. The side
// arrays are resized with the array by __dtrans_resize.<struct>, which
// also stops the program if a second array would be live at once.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// With --index-width 32, `next` stays a pointer all the same: a program
// may rebase its pointers after a realloc (`p - old + new`), which an
// index, decoded against the current array, would not allow.
// RUN: %dtrans opt %t.NP.ll -p peel --index-width 32 -o %t.32.ll 2>&1 | %FileCheck %s --check-prefix=W32
// RUN: %clang -O2 %t.32.ll -o %t.32 && %t.32 > %t.32.txt && diff %t.base.txt %t.32.txt
// MSG-DAG: peel: %struct.item -> %__DPL_struct.item (72 -> 16 bytes: 2 groups: {key, weight} {c1, c2, c3, c4, c5, c6, c7}; array resized by realloc, side arrays with it)
// MSG-DAG: peel: %struct.job -> %__DPL_struct.job (88 -> 16 bytes: 2 groups: {key, next} {w0, w1, w2, w3, w4, w5, w6, w7, tag}; array resized by realloc, side arrays with it)
// W32: peel: %struct.job -> %__DPL_struct.job (88 -> 16 bytes: 2 groups: {key, next} {w0, w1, w2, w3, w4, w5, w6, w7, tag}; array resized by realloc, side arrays with it; pointers to it stay pointers: its array is resized by realloc (pointers into the old array are what a program rebases))
#include <stdio.h>
#include <stdlib.h>

struct item { long key; long weight; long c1, c2, c3, c4, c5, c6, c7; };

struct job {
  long key;
  struct job *next;
  long w0, w1, w2, w3, w4, w5, w6, w7;
  int tag;
};

static struct job *jobs;
static long njobs, cap;

// The realloc's size is rescaled to the hot record (88 -> 16 bytes), and
// the helper gets the old and new arrays and the new sizes of both
// arrays (16 and 72 bytes per element).
// CHECK-LABEL: define {{.*}} @add(
// CHECK: [[OLD:%[0-9]+]] = load ptr, ptr @jobs
// CHECK: [[N:%[0-9]+]] = load i64, ptr @cap
// CHECK: [[HOT:%[0-9]+]] = mul i64 [[N]], 16
// CHECK-NEXT: [[NEW:%[0-9]+]] = call ptr @realloc(ptr noundef [[OLD]], i64 noundef [[HOT]])
// CHECK-NEXT: [[B0:%[0-9]+]] = mul i64 [[N]], 16
// CHECK-NEXT: [[B1:%[0-9]+]] = mul i64 [[N]], 72
// CHECK-NEXT: call void @__dtrans_resize.struct.job(ptr [[OLD]], ptr [[NEW]], i64 [[B0]], i64 [[B1]])
// CHECK-NEXT: store ptr [[NEW]], ptr @jobs
static struct job *add(long key) {
  if (njobs == cap) {
    cap = cap ? cap * 2 : 4;
    jobs = realloc(jobs, cap * sizeof(struct job));
    if (!jobs) { puts("out of memory"); exit(1); }
  }
  struct job *j = &jobs[njobs++];
  j->key = key;
  j->next = 0;
  j->w0 = key; j->w1 = key + 1; j->w2 = 0; j->w3 = 0; j->w4 = 0; j->w5 = 0; j->w6 = 0; j->w7 = key * 3;
  j->tag = (int)(key & 7);
  return j;
}

static long walk(void) {
  for (long i = 0; i + 1 < njobs; i++) jobs[i].next = &jobs[(i * 13 + 5) % njobs];
  long s = 0;
  for (int r = 0; r < 50; r++)
    for (long i = 0; i < njobs; i++) s += jobs[i].key + (jobs[i].next ? jobs[i].next->key : 0);
  long c = 0;
  for (long i = 0; i < njobs; i++) c += jobs[i].w0 + jobs[i].w7 + jobs[i].tag;
  return s * 31 + c;
}

int main(void) {
  long icap = 4, n = 0;
  struct item *v = malloc(icap * sizeof *v);
  for (long i = 0; i < 1000; i++) {
    if (n == icap) {
      icap *= 2;
      v = realloc(v, icap * sizeof *v);
    }
    v[n].key = i * 7 % 13; v[n].weight = i % 5;
    v[n].c1 = i; v[n].c2 = 2 * i; v[n].c3 = 3; v[n].c4 = 4; v[n].c5 = 5; v[n].c6 = 6; v[n].c7 = i % 3;
    n++;
  }
  long s = 0;
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) s += v[i].key * v[i].weight;
  long t = 0;
  for (long i = 0; i < n; i++) t += v[i].c1 + v[i].c2 + v[i].c3 + v[i].c4 + v[i].c5 + v[i].c6 + v[i].c7;
  printf("%ld %ld\n", s, t);
  free(v);

  for (long i = 0; i < 1000; i++) add(i * 7 % 1001);
  printf("%ld\n", walk());
  // Freed, cleared, and grown again from null: a new array, not a second.
  free(jobs);
  jobs = NULL;
  njobs = cap = 0;
  for (long i = 0; i < 300; i++) add(i * 5 % 301);
  printf("%ld\n", walk());
  free(jobs);
  return 0;
}

// The helper: a second live array stops the program; a failed realloc
// changes nothing; else the side array follows and the bases are kept.
// CHECK-LABEL: define internal void @__dtrans_resize.struct.job(ptr %0, ptr %1, i64 %2, i64 %3)
// CHECK: [[BASE:%[0-9]+]] = load ptr, ptr @__DPL_struct.job.base
// CHECK-NEXT: [[LIVE:%[0-9]+]] = icmp ne ptr [[BASE]], null
// CHECK-NEXT: [[OTHER:%[0-9]+]] = icmp ne ptr %0, [[BASE]]
// CHECK-NEXT: [[BAD:%[0-9]+]] = select i1 [[LIVE]], i1 [[OTHER]], i1 false
// CHECK-NEXT: br i1 [[BAD]], label %second, label %resize
// CHECK: second:
// CHECK-NEXT: call i64 @write(i32 2, ptr @__dtrans_resize.struct.job.second
// CHECK-NEXT: call void @abort()
// CHECK: resize:
// CHECK-NEXT: [[NULL:%[0-9]+]] = icmp eq ptr %1, null
// CHECK-NEXT: [[SOME:%[0-9]+]] = icmp ne i64 %2, 0
// CHECK-NEXT: [[FAILED:%[0-9]+]] = select i1 [[NULL]], i1 [[SOME]], i1 false
// CHECK-NEXT: br i1 [[FAILED]], label %done, label %grow
// CHECK: grow:
// CHECK-NEXT: [[SIDE:%[0-9]+]] = load ptr, ptr @__DPL_struct.job.cold.array
// CHECK-NEXT: [[S:%[0-9]+]] = call ptr @realloc(ptr [[SIDE]], i64 %3)
// CHECK: store ptr [[S]], ptr @__DPL_struct.job.cold.array
// CHECK-NEXT: store ptr %1, ptr @__DPL_struct.job.base
// CHECK-NEXT: ret void
