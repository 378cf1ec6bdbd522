// Globals whose types involve pointers get !intel_dtrans_type: a pointer, a
// pointer to pointer, an array of pointers, a structure instance with
// pointer fields, an array of such structures, a function pointer, and a
// function-local static. Pointer-free globals (an int, an array of doubles,
// a structure without pointers) are not listed.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.entry = type { i8*, %struct.entry*, %struct.point }
// CHECK-NEXT: %struct.point = type { i32, i32 }
// CHECK-NEXT: function @next_slot: %struct.entry** ()
// CHECK-NEXT: global @first: %struct.entry*
// CHECK-NEXT: global @cursor: %struct.entry**
// CHECK-NEXT: global @messages: [3 x i8*]
// CHECK-NEXT: global @origin: %struct.entry
// CHECK-NEXT: global @next_slot.recent: %struct.entry*
// CHECK-NEXT: global @hidden: %struct.entry*
// CHECK-NEXT: global @pool: [4 x %struct.entry]
// CHECK-NEXT: global @compare_hook: i32 (%struct.entry*, %struct.entry*)*
// CHECK-NOT: {{.}}

struct point {
  int x, y;
};

struct entry {
  const char *name;
  struct entry *next;
  struct point at;
};

struct entry *first;
struct entry **cursor = &first;
char *messages[3] = {"a", "b", "c"};
struct entry origin = {"origin", 0, {0, 0}};
struct entry pool[4];
int (*compare_hook)(const struct entry *, const struct entry *);
int counter;
double samples[8];
struct point corner = {1, 2};
static struct entry *hidden;

struct entry **next_slot(void) {
  static struct entry *recent;
  recent = *cursor ? *cursor : hidden;
  return &recent;
}

int main(void) {
  first = &origin;
  pool[0].next = &pool[1];
  counter = corner.x + (int)samples[0];
  return *next_slot() == &origin && messages[1][0] == 'b' && !compare_hook ? 0 : 1;
}
