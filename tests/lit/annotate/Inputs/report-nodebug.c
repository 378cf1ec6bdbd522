// Second translation unit of report.c, compiled without -g: nothing in it
// can be mapped to debug information.
struct secret {
  long key;
  struct secret *next;
  char *label;
};

struct secret *secret_head;

int secret_walk(struct secret *s) {
  int n = 0;
  for (; s; s = s->next)
    n++;
  return n;
}
