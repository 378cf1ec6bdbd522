// A library function's result: at -O1 and up clang describes the callees a
// unit declares (`declare !dbg ... @fopen`), so the annotator gives `fopen`
// its source prototype (a `FILE *` result) and the `FILE *` it returns is
// typed where nothing else in the program says so. `malloc` (only `void *`)
// gets none: it says nothing the IR does not. At -O0 clang describes no
// declaration: the result is typed by its use alone (returned as a
// `FILE *`), declared as nothing. A structure a library function returns
// (`localeconv`'s `struct lconv *`) is the library's (SystemObject, with
// the call): typed, it no longer needs the cast that made it unsafe.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types --function open_log %t.ll | %FileCheck %s
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %dtrans types %t.ann.ll | %FileCheck %s --check-prefix=TYPES
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types --function open_log %t0.ll | %FileCheck %s --check-prefix=O0

// CHECK-LABEL: function @open_log
// CHECK: -> %struct._IO_FILE* | declared: %struct._IO_FILE* |
// TYPES: function @fopen: %struct._IO_FILE* (i8*, i8*)
// TYPES-NOT: function @malloc
// SAFE-LABEL: %struct.lconv
// SAFE: SystemObject: @point: %{{[0-9]+}} (c-library-prototype.c:{{[0-9:]+}}): returned by the library's @localeconv
// SAFE: legal: reorder-fields no (SystemObject); delete-field no (SystemObject); aos-to-soa no (SystemObject); peel no (SystemObject)
// O0-LABEL: function @open_log
// O0: -> %struct._IO_FILE* | usage: %struct._IO_FILE*{{$}}

#include <stdio.h>
#include <locale.h>
#include <stdlib.h>
__attribute__((noinline)) char point(void) { return localeconv()->decimal_point[0]; }
__attribute__((noinline)) FILE *open_log(const char *path) { return fopen(path, "r"); }
int main(int argc, char **argv) {
  FILE *f = open_log(argc > 5 ? argv[1] : "/nonexistent/x");
  char *buf = malloc(16);
  printf("%d %c\n", f == NULL, point());
  free(buf);
  return 0;
}
