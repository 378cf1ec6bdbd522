#include <stdio.h>
#include "list.h"

#ifndef SCALE
#error "SCALE must be defined (-DSCALE=N)"
#endif

int main(void) {
  struct list *l = list_new();
  for (int i = 1; i <= 10; i++)
    list_push(l, (long)i * SCALE, i % 3 == 0);
  printf("count %d\n", list_count(l));
  printf("sum %ld\n", list_sum(l));
  printf("marked %d\n", list_marked(l));
  list_free(l);
  return 0;
}
