/* Calls sqrt on a value known only at run time, so the call stays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  double x = argc > 1 ? atof(argv[1]) : 2.0;
  printf("sqrt %.6f\n", sqrt(x));
  return 0;
}
