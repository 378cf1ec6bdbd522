// The annotated module is still a valid program: it builds (at -O0 and
// -O2, the metadata must not upset the optimizer or the code generator)
// and prints the same output as the original.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %clang %t.ann.ll -o %t.exe
// RUN: %t.exe | %FileCheck %s --match-full-lines
// RUN: %clang -O2 %t.ann.ll -o %t.O2.exe
// RUN: %t.O2.exe | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.nopass.ll
// RUN: %dtrans annotate %t.nopass.ll -o %t.nopass.ann.ll
// RUN: %clang -O2 %t.nopass.ann.ll -o %t.nopass.exe
// RUN: %t.nopass.exe | %FileCheck %s --match-full-lines
// RUN: %opt -O2 %t.nopass.ann.ll -disable-output

// CHECK: sum=45 max=9 names=ten,nine,eight
// CHECK-NEXT: tree depth=4 size=10
// CHECK-NEXT: op add=7 mul=12
// CHECK-NEXT: done

#include <stdio.h>
#include <stdlib.h>

struct item {
  int v;
  const char *name;
  struct item *next;
};

struct tree {
  int key;
  struct tree *kid[2];
};

struct op {
  const char *name;
  int (*fn)(int, int);
};

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }
static const struct op ops[] = {{"add", add}, {"mul", mul}};
static const char *names[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};

static struct tree *insert(struct tree *t, int key) {
  if (!t) {
    t = calloc(1, sizeof *t);
    t->key = key;
    return t;
  }
  t->kid[key > t->key] = insert(t->kid[key > t->key], key);
  return t;
}

static int depth(const struct tree *t) {
  if (!t) return 0;
  int a = depth(t->kid[0]), b = depth(t->kid[1]);
  return 1 + (a > b ? a : b);
}

static int size(const struct tree *t) { return t ? 1 + size(t->kid[0]) + size(t->kid[1]) : 0; }

int main(void) {
  struct item *list = 0;
  for (int i = 0; i < 10; i++) {
    struct item *it = malloc(sizeof *it);
    it->v = i;
    it->name = names[i + 1];
    it->next = list;
    list = it;
  }
  int sum = 0, max = 0;
  for (struct item *p = list; p; p = p->next) {
    sum += p->v;
    if (p->v > max) max = p->v;
  }
  printf("sum=%d max=%d names=%s,%s,%s\n", sum, max, list->name, list->next->name, list->next->next->name);
  struct tree *root = 0;
  int keys[] = {5, 2, 8, 1, 3, 9, 7, 4, 6, 0};
  for (int i = 0; i < 10; i++)
    root = insert(root, keys[i]);
  printf("tree depth=%d size=%d\n", depth(root), size(root));
  printf("op %s=%d %s=%d\n", ops[0].name, ops[0].fn(3, 4), ops[1].name, ops[1].fn(3, 4));
  puts("done");
  return 0;
}
