// dtrans advise on a small program: struct order loses padding and its
// never-read `serial` (written once, in a statement of its own), which
// --apply makes in a copy of the source, which clang-19 builds into a
// program that prints the same; struct stat_rec wastes padding too, but
// its bytes are written to a file, which blocks any change (the advice
// names the line). The HTML page shows both structures' fields and cache
// lines.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/program.c && cd %t
// RUN: %dtrans advise -O2 program.c > advice.txt
// RUN: %FileCheck %s < advice.txt
// CHECK: struct order (program.c:59): change it, 32 -> 16 bytes
// CHECK-NEXT:   delete-field: serial never read
// CHECK-NEXT:   reorder-fields: padding removed
// CHECK-NEXT:   predicted memory traffic: 0.50 of now; hottest: loop in @main line 87 (stream): 10 of 32 bytes per visit, 0.50 lines
// CHECK-NEXT:   removed: serial (never read; written at program.c:84)
// CHECK-NEXT:   main record, 16 bytes: kind @0 (1), urgent @1 (1), amount @8 (8)
// CHECK-NEXT:   as C:
// CHECK-NEXT:     struct order {
// CHECK-NEXT:       char kind;
// CHECK-NEXT:       char urgent;
// CHECK-NEXT:       /* removed by dtrans advise: serial (never read) */
// CHECK-NEXT:       long amount; /* cents */
// CHECK-NEXT:     }
// CHECK-NEXT: struct stat_rec (program.c:66): worth changing (8 bytes of padding a reorder would remove; never read as fields: tag, open), but blocked:
// CHECK-NEXT:   AddressTaken: its address reaches code the analysis cannot see
// CHECK-NEXT:     at @main: %{{[0-9]+}} (program.c:94:3): its bytes are read or written by @fwrite
// RUN: %dtrans advise -O2 program.c --apply applied --format json -o advice.json 2> apply.err
// RUN: %FileCheck %s --check-prefix=APPLY < apply.err
// APPLY: dtrans: advise: 1 structure(s) changed (struct order), 1 file(s) written in applied
// RUN: %clang -O2 program.c -o base && ./base > base.txt
// RUN: %clang -O2 applied/program.c -o applied.exe && ./applied.exe > applied.txt && diff base.txt applied.txt
// RUN: %FileCheck %s --check-prefix=PATCHED < applied/program.c
// PATCHED: {{^}}struct order {
// PATCHED-NEXT: {{^}}  char kind;
// PATCHED-NEXT: {{^}}  char urgent;
// PATCHED-NEXT: {{^}}  /* removed by dtrans advise: serial (never read) */
// PATCHED-NEXT: {{^}}  long amount; /* cents */
// PATCHED-NEXT: {{^}}};
// PATCHED-NOT: {{^ *}}o->serial
// RUN: %FileCheck %s --check-prefix=JSON < advice.json
// JSON: "c_name": "struct order",
// JSON: "verdict": "change"
// JSON: "c_name": "struct stat_rec",
// JSON: "verdict": "blocked"
// RUN: %dtrans advise -O2 program.c --format html -o page.html
// RUN: %FileCheck %s --check-prefix=HTML < page.html
// HTML: struct order
// HTML-DAG: data-field="kind"
// HTML-DAG: data-field="urgent"
// HTML-DAG: data-field="amount"
// HTML-DAG: data-field="serial"
// HTML-DAG: data-field="total"
// HTML-DAG: class="padding"
// HTML-DAG: data-line="0"
// HTML-NOT: http:
#include <stdio.h>
#include <stdlib.h>

struct order {
  char kind;
  long amount; /* cents */
  char urgent;
  long serial;
};

struct stat_rec {
  char tag;
  double total;
  char open;
};

int main(void) {
  int n = 1000;
  struct order *os = malloc(n * sizeof *os);
  /* A second array: no split into parallel arrays. */
  struct order *spare = malloc(4 * sizeof *spare);
  struct stat_rec st = { 0 };
  long sum = 0;
  for (int i = 0; i < n; i++) {
    struct order *o = &os[i];
    o->kind = (char)(i % 3);
    o->amount = (long)i * 7000003L;
    o->urgent = i % 5 == 0;
    o->serial = (long)i << 40;
  }
  for (int r = 0; r < 10; r++)
    for (int i = 0; i < n; i++)
      if (os[i].urgent)
        sum += os[i].amount * os[i].kind;
  st.tag = 's';
  st.total = (double)sum;
  st.open = 1;
  FILE *f = fopen("/dev/null", "wb");
  fwrite(&st, sizeof st, 1, f);
  fclose(f);
  for (int i = 0; i < 4; i++) {
    spare[i].amount = os[i].amount;
    spare[i].kind = os[i].kind;
    spare[i].urgent = 0;
    sum += spare[i].amount + spare[i].kind;
  }
  printf("%ld %.1f\n", sum, st.total);
  free(spare);
  free(os);
  return 0;
}
