#include <stdlib.h>
#include "rec.h"

struct rec *rec_build(int n) {
  struct rec *head = 0;
  for (int i = 0; i < n; i++) {
    struct rec *r = malloc(sizeof *r);
    r->key = i * 7 % 11;
    r->stamp = i;
    r->weight = i * 0.5;
    r->next = head;
    head = r;
  }
  return head;
}

void rec_free(struct rec *r) {
  while (r) {
    struct rec *next = r->next;
    free(r);
    r = next;
  }
}
