#include <stdlib.h>
#include <string.h>
#include "items.h"

static unsigned next_rand(unsigned *seed) {
  *seed = *seed * 1103515245u + 12345u;
  return (*seed >> 16) & 0x7fff;
}

struct stock *stock_new(int count, unsigned seed) {
  struct stock *s = malloc(sizeof *s);
  s->items = malloc(sizeof(struct item) * count);
  s->count = count;
  s->restock = 0;
  for (int i = 0; i < count; i++) {
    struct item *it = &s->items[i];
    it->qty = (int)(next_rand(&seed) % 50);
    it->serial = 100000 + i;
    it->price = (next_rand(&seed) % 1000) / 10.0;
    memcpy(it->note, "item", 5);
    it->bin = (int)(next_rand(&seed) % 8);
    it->next = 0;
  }
  return s;
}

void stock_free(struct stock *s) {
  free(s->items);
  free(s);
}

void stock_restock(struct stock *s, int below) {
  for (int i = 0; i < s->count; i++) {
    struct item *it = &s->items[i];
    if (it->qty < below) {
      it->qty += below;
      it->next = s->restock;
      s->restock = it;
    }
  }
}
