/* A record with a field that is written and never read (`stamp`). */
struct rec {
  long key;
  int stamp;
  double weight;
  struct rec *next;
};

struct rec *rec_build(int n);
void rec_free(struct rec *r);
