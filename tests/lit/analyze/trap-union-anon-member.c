// A union's members that no type of the IR names: clang declares the union
// below as its first member (`struct hdr`), and the anonymous structure
// beside it appears only as the source type of the GEPs that read through
// it (QuickJS's JSObject: `union { JSGCObjectHeader header; struct { int
// __gc_ref_count; uint8_t __gc_mark; ... }; }`). Debug information cannot
// map it, so the pointers into the union's storage say it is a member:
// what is written through `hdr` is read through it, and delete-field must
// not find `rc` never read (QuickJS's garbage collector failed its
// assertion when it did).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll | %FileCheck %s
// RUN: %dtrans opt %t.ll -p delete-field,reorder-fields -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=OPT < %t.json
// RUN: %clang -O0 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O0 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// CHECK-LABEL: %struct.anon (
// CHECK: UnhandledUse: {{.*}}used as a member of %union.anon, sharing its storage
// CHECK: legal: reorder-fields no (UnhandledUse); delete-field no (UnhandledUse)
// OPT: "changed": []
// OPT: "name": "%struct.anon",
// OPT-NEXT: "pass": "delete-field",
// OPT-NEXT: "reason": "UnhandledUse"
#include <stdio.h>
#include <stdlib.h>

struct hdr { int ref_count; unsigned char mark; unsigned char kind; };
struct obj {
  union {
    struct hdr header;
    struct { int rc; unsigned char m; unsigned char k; };
  };
  long payload;
};

static void retain(struct hdr *h) { h->ref_count++; }

int main(int argc, char **argv) {
  struct obj *o = calloc(1, sizeof *o);
  (void)argv;
  retain(&o->header);
  retain(&o->header);
  o->k = (unsigned char)argc;
  o->payload = 5;
  printf("%d %d %ld\n", o->rc, o->header.kind, o->payload);
  free(o);
  return 0;
}
