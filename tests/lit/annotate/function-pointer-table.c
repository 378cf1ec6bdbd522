// A table (array) of structures holding function pointers, indexed at run
// time: the global constant table, the structure with its handler signature
// int (int, char **), and the indirect call through the selected entry.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.command = type { i8*, i32 (i32, i8**)*, i32 }
// CHECK-NEXT: function @dispatch: i32 (i8*, i32, i8**)
// CHECK-NEXT: function @main: i32 (i32, i8**)
// CHECK-NEXT: function @cmd_count: i32 (i32, i8**)
// CHECK-NEXT: function @cmd_first: i32 (i32, i8**)
// CHECK-NEXT: function @cmd_none: i32 (i32, i8**)
// CHECK-NEXT: global @commands: [3 x %struct.command]
// CHECK-NEXT: alloca %name.addr in @dispatch: i8*
// CHECK-NEXT: alloca %argv.addr in @dispatch: i8**
// CHECK-NEXT: alloca %argv.addr in @main: i8**
// CHECK-NEXT: alloca %argv.addr in @cmd_count: i8**
// CHECK-NEXT: alloca %argv.addr in @cmd_first: i8**
// CHECK-NEXT: alloca %argv.addr in @cmd_none: i8**
// CHECK-NEXT: call {{%call[0-9]*}} in @dispatch: i32 (i32, i8**)
// CHECK-NOT: {{.}}

#include <string.h>

struct command {
  const char *name;
  int (*run)(int argc, char **argv);
  unsigned flags;
};

static int cmd_count(int argc, char **argv) { (void)argv; return argc; }
static int cmd_first(int argc, char **argv) { return argc > 0 ? (int)strlen(argv[0]) : -1; }
static int cmd_none(int argc, char **argv) { (void)argc; (void)argv; return 0; }

static const struct command commands[] = {
    {"count", cmd_count, 1},
    {"first", cmd_first, 2},
    {"none", cmd_none, 0},
};

int dispatch(const char *name, int argc, char **argv) {
  for (unsigned i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(commands[i].name, name) == 0)
      return commands[i].run(argc, argv);
  return -1;
}

int main(int argc, char **argv) {
  return dispatch("count", argc, argv) == argc ? 0 : 1;
}
