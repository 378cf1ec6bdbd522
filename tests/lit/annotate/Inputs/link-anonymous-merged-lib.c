#include <stdio.h>
struct list_head;
void add(struct list_head *h, struct list_head *n);
/* An anonymous structure of two pointers: llvm-link gives it the type of
   the first unit's `struct list_head`, the one structure of that layout. */
static const struct { const char *tag, *attr; } defs[2] = { { "a", "href" }, { "b", 0 } };
void show(void) {
  for (int i = 0; i < 2; i++)
    printf("%s %s\n", defs[i].tag, defs[i].attr ? defs[i].attr : "-");
}
