// Two anonymous structures named by typedefs, with the same member names
// and offsets but arrays of different lengths, are two types: only their
// pointers reach the IR (no IR structure), so both are laid out from the
// debug information, and neither may stand for the other (the 4-byte one
// was once taken for the 8-byte one, as zstd's XXH32/XXH64 canonical
// hashes were).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll | %FileCheck %s

// CHECK-LABEL: function @put32
// CHECK-NEXT: %0 -> %struct.h32_t* | declared: %struct.h32_t*
// CHECK-LABEL: function @put64
// CHECK-NEXT: %0 -> %struct.h64_t* | declared: %struct.h64_t*

#include <string.h>
typedef struct { unsigned char digest[4]; } h32_t;
typedef struct { unsigned char digest[8]; } h64_t;
void put32(h32_t *dst, unsigned v) { memcpy(dst, &v, 4); }
void put64(h64_t *dst, unsigned long v) { memcpy(dst, &v, 8); }
