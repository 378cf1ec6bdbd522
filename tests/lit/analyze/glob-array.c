// A global array of instances: GlobalArray (not GlobalInstance: a
// splitting pass may take the one array of a structure, so aos-to-soa and
// peel are left to the transformation's own check); a global array of
// pointers: GlobalArray and GlobalPtr. A lone global instance: GlobalInstance.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
struct S arr[4];
struct T *ptrs[4];
struct U { int a; long b; } one;
long get(int i) { return arr[i].a + arr[i].b + ptrs[i]->a + ptrs[i]->b + one.a; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: GlobalInstance
// CHECK: GlobalArray: @arr:
// CHECK-NEXT: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
// CHECK-LABEL: %struct.T (
// CHECK: GlobalPtr: @ptrs:
// CHECK: GlobalArray: @ptrs:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.U (
// CHECK: GlobalInstance: @one:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa no (GlobalInstance); peel no (GlobalInstance)
