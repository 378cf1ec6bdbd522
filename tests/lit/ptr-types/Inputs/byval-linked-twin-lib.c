/* The library unit of byval-linked-twin.c: `struct seq` has the body of
   the main unit's `struct pair`, so llvm-link names it `%struct.pair`. */
struct seq { long lit; long match; long off; };
__attribute__((noinline)) long seq_cost(struct seq s) { return s.lit * 3 + s.match * 2 + s.off; }
long seq_total(int n) {
  long t = 0;
  for (int i = 0; i < n; i++) {
    struct seq s = { i, i + 1, i * 2 };
    t += seq_cost(s);
  }
  return t;
}
