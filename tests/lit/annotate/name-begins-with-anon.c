// A structure whose name only begins with `anon` (Linux's `struct
// anon_vma`) is linked to its source structure by name like any other (it
// was once taken for clang's unnamed `anon` and left undescribed).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %dtrans types %t.ann.ll | %FileCheck %s

// CHECK: %struct.anon_vma = type { %struct.anon_vma*, i32 }
// CHECK-NOT: anon_vma.0

struct anon_vma { struct anon_vma *root; int degree; };
int depth(struct anon_vma *a) {
  int d = 0;
  for (; a->root != a; a = a->root)
    d += a->degree;
  return d;
}
