#include <stdio.h>
typedef union number { double d; long l; } number;
double get(void *h);
int main(void) {
  number n;
  n.d = 2.5;
  printf("%g\n", n.d);
  return 0;
}
