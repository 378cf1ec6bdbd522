// A global array of instances: GlobalArray and GlobalInstance; a global
// array of pointers: GlobalArray and GlobalPtr.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
struct S arr[4];
struct T *ptrs[4];
long get(int i) { return arr[i].a + arr[i].b + ptrs[i]->a + ptrs[i]->b; }

// CHECK-LABEL: %struct.S (
// CHECK: GlobalInstance: @arr:
// CHECK: GlobalArray: @arr:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa no (GlobalInstance, GlobalArray)
// CHECK-LABEL: %struct.T (
// CHECK: GlobalPtr: @ptrs:
// CHECK: GlobalArray: @ptrs:
// CHECK: legal: reorder-fields yes; delete-field yes
