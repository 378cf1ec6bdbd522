#include <stdio.h>
int library_entry(int x);
/* Called only from callback.o: must stay visible after internalization. */
int program_callback(int x) { return x + 1; }
int main(void) {
  printf("callback %d\n", library_entry(20));
  return 0;
}
