// A free list threaded through the blocks, the link an integer (mimalloc's
// `mi_block_t { uintptr_t next; }`): at -O2 `b->next = (uintptr_t)free` is
// a store at the block's own address, so a block pointer is also "used as"
// a slot holding block pointers. A structure beginning with a pointer-sized
// integer holds any pointer there (as the safety analysis's stores take
// it): the block pointers are `struct block *`, no longer ambiguous between
// `block *`, `block **`, ... (mimalloc -O2 recovery 64% -> 80%). The load
// of `next` through the block's own pointer (no GEP at -O2) is the
// `uintptr_t` field's, used as a `struct block *`: BadCasting, as at -O0
// where a GEP names the field (it was missed at -O2). The output is the
// same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans analyze %t0.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @push
// CHECK: %0 -> %struct.page* |
// CHECK: %1 -> %struct.block* |
// CHECK: %3 -> %struct.block* |
// CHECK-LABEL: function @pop
// CHECK: %2 -> %struct.block* |
// CHECK: %6 -> %struct.block* |

// SAFE-LABEL: %struct.block (size 8, align 8)
// SAFE: BadCasting: @pop: %{{[0-9]+}} (c-uintptr-free-list.c:{{[0-9:]+}}): void* loaded from a field, used as %struct.block*
// SAFE-LABEL: %struct.page (size 16, align 8)
// SAFE-NOT: BadCasting
// SAFE: legal: reorder-fields yes; delete-field yes;

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
/* A free list threaded through the blocks themselves, the link kept as an
   integer (mimalloc's `mi_block_t`, whose `next` may be encoded). */
struct block { uintptr_t next; };
struct page { struct block *free; int used; int reserved; };

__attribute__((noinline)) static void push(struct page *pg, struct block *b) {
  b->next = (uintptr_t)pg->free;
  pg->free = b;
  pg->used--;
}

__attribute__((noinline)) static struct block *pop(struct page *pg) {
  struct block *b = pg->free;
  if (b) { pg->free = (struct block *)b->next; pg->used++; }
  return b;
}

int main(int argc, char **argv) {
  struct page pg = { NULL, 0, 8 };
  char *arena = malloc(64 * 8);
  for (int i = 0; i < 8; i++) push(&pg, (struct block *)(arena + 64 * i));
  long sum = 0;
  for (struct block *b; (b = pop(&pg)) != NULL; ) sum += (char *)b - arena;
  printf("%ld %d %d\n", sum + argc, pg.used, pg.reserved);
  free(arena);
  return 0;
}
