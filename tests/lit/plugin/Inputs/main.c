#include <stdio.h>
#include "rec.h"

int main(void) {
  struct rec *list = rec_build(1000);
  long keys = 0;
  double weights = 0;
  for (struct rec *r = list; r; r = r->next) {
    keys += r->key;
    weights += r->weight;
  }
  printf("keys %ld weights %.1f\n", keys, weights);
  rec_free(list);
  return 0;
}
