/* Corpus driver for Zopfli (PyPI zopfli sdist): each file compressed in the
   deflate, zlib and gzip formats with 1 and 5 iterations; prints sizes and
   hashes of the output. Written for dtrans's corpus (bench/corpus.py). */
#include "common.h"
#include "zopfli.h"

int main(int argc, char **argv) {
  static const char *names[3] = {"gzip", "zlib", "deflate"};
  static const ZopfliFormat fmts[3] = {ZOPFLI_FORMAT_GZIP, ZOPFLI_FORMAT_ZLIB, ZOPFLI_FORMAT_DEFLATE};
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    printf("%s: %zu bytes\n", corpus_base(argv[i]), n);
    for (int it = 1; it <= 5; it += 4) {
      for (int f = 0; f < 3; f++) {
        ZopfliOptions o;
        ZopfliInitOptions(&o);
        o.numiterations = it;
        o.blocksplittingmax = f == 2 ? 5 : 15;
        unsigned char *out = NULL;
        size_t outsize = 0;
        ZopfliCompress(&o, fmts[f], in, n, &out, &outsize);
        printf("  %-7s iterations %d: %zu bytes, hash %016llx\n", names[f], it, outsize, corpus_hash(out, outsize));
        free(out);
      }
    }
    free(in);
  }
  return 0;
}
