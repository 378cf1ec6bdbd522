// The JSON form: whole_program, and per structure name, size, fields with
// their information, safety conditions with where each was set, and legality
// per transformation.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --format json | %FileCheck %s --check-prefixes=CHECK

#include <stdlib.h>
struct S { int a; long b; };
struct S *make(void) { struct S *s = malloc(sizeof *s); s->a = 1; s->b = 2; return s; }

// CHECK: "type_source": "debug-info",
// CHECK: "whole_program": true,
// CHECK: "name": "%struct.S",
// CHECK: "size": 16,
// CHECK: "index": 1,
// CHECK-NEXT: "type": "i64",
// CHECK-NEXT: "offset": 8,
// CHECK-NEXT: "size": 8,
// CHECK-NEXT: "read": false,
// CHECK-NEXT: "written": true,
// CHECK-NEXT: "complex_use": false,
// CHECK-NEXT: "frequency": 1,
// CHECK-NEXT: "single_value": {
// CHECK-NEXT: "single": "2"
// CHECK: "condition": "LocalPtr",
// CHECK-NEXT: "where": "@make: %{{[0-9]+}}: a local pointer",
// CHECK: "legal": {
// CHECK-DAG: "reorder-fields": true
// CHECK-DAG: "aos-to-soa": true
