#include "items.h"

double stock_value(const struct stock *s) {
  double v = 0;
  for (int i = 0; i < s->count; i++)
    v += s->items[i].qty * s->items[i].price;
  return v;
}

long stock_units(const struct stock *s, int bin) {
  long n = 0;
  for (int i = 0; i < s->count; i++)
    if (s->items[i].bin == bin)
      n += s->items[i].qty;
  return n;
}

int stock_list_len(const struct stock *s) {
  int n = 0;
  for (const struct item *it = s->restock; it; it = it->next)
    n++;
  return n;
}
