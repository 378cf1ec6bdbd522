#include <stdio.h>
#include <stdlib.h>

struct test01dep;
struct test01 {
  long a, b, c, d, e, f, g, h;
  struct test01 *self;
  struct test01dep *dep;
};

struct test01dep {
  short s;
  struct test01 *first;
  struct test01 *second;
};

#define N 4096

int main(void) {
  struct test01 *arr = malloc(N * sizeof(struct test01));
  struct test01dep *deps = malloc(64 * sizeof(struct test01dep));
  for (int i = 0; i < N; i++) {
    arr[i].a = i; arr[i].b = 2 * i; arr[i].c = i % 7; arr[i].d = i % 11;
    arr[i].e = i % 13; arr[i].f = i / 3; arr[i].g = i ^ 5; arr[i].h = i & 15;
    arr[i].self = &arr[(i * 17) % N];
    arr[i].dep = &deps[i % 64];
  }
  for (int k = 0; k < 64; k++) {
    deps[k].s = (short)k;
    deps[k].first = &arr[k * 3];
    deps[k].second = k % 5 ? &arr[N - 1 - k] : 0;
  }
  long sum = 0;
  for (int r = 0; r < 20; r++)
    for (int i = 0; i < N; i++) {
      struct test01 *p = arr[i].self;
      sum += p->a + p->b + p->c + p->d + p->e + p->f + p->g + p->h;
      struct test01dep *q = arr[i].dep;
      sum += q->s + q->first->a + (q->second ? q->second->h : -1);
    }
  printf("%ld\n", sum);
  free(deps);
  free(arr);
  return 0;
}
