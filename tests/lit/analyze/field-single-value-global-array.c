// The initializer of a global array of structures gives each field the
// values of every element (the recovery sees the array through a pointer to
// its elements, as C arrays decay): here `b` is 7 in every element and `c`
// differs, so `b` is single-valued and `c` is not.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll --struct struct.S | %FileCheck %s
struct S { int a; int b; long c; };
static struct S arr[3] = { {1, 7, 10}, {1, 7, 20}, {1, 7, 30} };
int get(int i) { return arr[i].a + arr[i].b + (int)arr[i].c; }
int main(int argc, char **argv) { (void)argv; return get(argc); }
// CHECK: 0: i32 {{.*}}  1 {{.*}}top
// CHECK: 1: i32 {{.*}}  7 {{.*}}top
// CHECK: 2: i64 {{.*}}  multiple
