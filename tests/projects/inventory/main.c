#include <stdio.h>
#include "items.h"

int main(void) {
  struct stock *s = stock_new(5000, 7);
  printf("value %.1f\n", stock_value(s));
  stock_restock(s, 10);
  printf("restocked %d\n", stock_list_len(s));
  for (int b = 0; b < 8; b++)
    printf("bin %d: %ld\n", b, stock_units(s, b));
  printf("value %.1f\n", stock_value(s));
  stock_free(s);
  return 0;
}
