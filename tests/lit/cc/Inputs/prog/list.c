#include <stdlib.h>
#include "list.h"

struct list *list_new(void) {
  struct list *l = malloc(sizeof *l);
  l->head = 0;
  l->count = 0;
  return l;
}

void list_push(struct list *l, long value, int marked) {
  struct item *it = malloc(sizeof *it);
  it->value = value;
  it->marked = marked;
  it->next = l->head;
  l->head = it;
  l->count++;
}

int list_count(const struct list *l) { return l->count; }

long list_sum(const struct list *l) {
  long s = 0;
  for (const struct item *it = l->head; it; it = it->next)
    s += it->value;
  return s;
}

int list_marked(const struct list *l) {
  int n = 0;
  for (const struct item *it = l->head; it; it = it->next)
    n += it->marked != 0;
  return n;
}

void list_free(struct list *l) {
  struct item *it = l->head;
  while (it) {
    struct item *next = it->next;
    free(it);
    it = next;
  }
  free(l);
}
