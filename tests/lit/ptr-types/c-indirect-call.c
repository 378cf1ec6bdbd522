// Indirect calls through function-pointer fields of an ops table: the
// loaded callee has the field's function pointer type, the call through
// clone returns a struct obj*, and the void* passed to size stays an i8*.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

struct obj;
struct ops { struct obj *(*clone)(struct obj *, int); long (*size)(void *); };
struct obj { const struct ops *ops; long data; };

long f(struct obj *o, void *raw) {
  struct obj *c = o->ops->clone(o, 1);
  return c->data + o->ops->size(raw);
}

// O0-LABEL: function @f
// O0: %1 -> i8* |
// O0: %8 -> %struct.ops* |
// O0: %10 -> %struct.obj* (%struct.obj*, i32)* |
// O0: %12 -> %struct.obj* |
// O0: %14 -> i64* | {{.*}}elements: %struct.obj@1{{$}}
// O0: %19 -> i64 (i8*)** | {{.*}}elements: %struct.ops@1{{$}}
// O0: %20 -> i64 (i8*)* |
// O0: %21 -> i8* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %1 -> i8* |
// NP: %8 -> %struct.ops* |
// NP: %10 -> %struct.obj* (%struct.obj*, i32)* |
// NP: %12 -> %struct.obj* |
// NP: %14 -> i64* | {{.*}}elements: %struct.obj@1{{$}}
// NP: %19 -> i64 (i8*)** | {{.*}}elements: %struct.ops@1{{$}}
// NP: %20 -> i64 (i8*)* |
// NP: %21 -> i8* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %3 -> %struct.ops* |
// O2: %4 -> %struct.obj* (%struct.obj*, i32)* |
// O2: %5 -> %struct.obj* |
// O2: %6 -> i64* | {{.*}}elements: %struct.obj@1{{$}}
// O2: %9 -> i64 (i8*)** | {{.*}}elements: %struct.ops@1{{$}}
// O2: %10 -> i64 (i8*)* |
// O2-NOT: unknown
// O2-NOT: ambiguous
