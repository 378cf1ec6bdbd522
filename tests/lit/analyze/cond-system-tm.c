// struct tm from localtime is a library structure (SystemObject); a program
// structure holding a time_t is not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <time.h>
struct stamp { time_t t; int zone; };
int hour(struct stamp *s) { struct tm *tm = localtime(&s->t); return tm->tm_hour + s->zone; }

// CHECK-LABEL: %struct.tm (
// CHECK: SystemObject: 
// CHECK: legal: reorder-fields no (SystemObject)
