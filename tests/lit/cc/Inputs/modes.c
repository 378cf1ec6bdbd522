#include <stdio.h>
#include <stdlib.h>
#define N 20000
struct item { long price; long qty, cost, tax, discount, shipping, weight, volume; };
int main(int argc, char **argv) {
  int audit = argc > 1;
  (void)argv;
  struct item *it = malloc(N * sizeof *it);
  unsigned s = 7;
  for (long i = 0; i < N; i++) {
    it[i].price = 100 + i % 900; it[i].qty = i % 50; it[i].cost = it[i].price / 2; it[i].tax = it[i].price / 10;
    it[i].discount = i % 7; it[i].shipping = 5 + i % 3; it[i].weight = 1 + i % 20; it[i].volume = 1 + i % 30;
  }
  unsigned long total = 0, flagged = 0;
  for (int r = 0; r < 20; r++) {
    for (long i = 0; i < N; i++)
      total += (unsigned long)it[i].price;
    if (audit)
      for (long k = 0; k < 200; k++) {
        s = s * 1103515245u + 12345u;
        struct item *x = &it[(s >> 8) % N];
        flagged += x->price - x->cost - x->tax + x->discount - x->shipping < 0 || x->qty * x->weight > 900 || x->volume > 29;
      }
    it[r * 100].price += 1;
  }
  unsigned long report = 0;
  for (long i = 0; i < N; i++)
    report = report * 31 + (unsigned long)(it[i].qty + it[i].cost + it[i].tax + it[i].discount + it[i].shipping + it[i].weight + it[i].volume);
  printf("%lu %lu %lu\n", flagged, total, report);
  free(it);
  return 0;
}
