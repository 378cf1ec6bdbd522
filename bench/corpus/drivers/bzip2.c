/* Corpus driver for bzip2 (bzip2-sys crate): each file compressed with
   block sizes 1, 5 and 9 through the buffer API and through the stream API
   in small steps, decompressed and compared. Written for dtrans's corpus
   (bench/corpus.py). */
#include "common.h"
#include "bzlib.h"

static unsigned stream_compress(const unsigned char *in, unsigned n, unsigned char *out, unsigned cap, int bs) {
  bz_stream s;
  memset(&s, 0, sizeof s);
  if (BZ2_bzCompressInit(&s, bs, 0, 30) != BZ_OK) exit(3);
  s.next_out = (char *)out;
  s.avail_out = cap;
  unsigned off = 0;
  int rc;
  while (off < n) {
    unsigned chunk = n - off < 1000 ? n - off : 1000;
    s.next_in = (char *)in + off;
    s.avail_in = chunk;
    off += chunk;
    if (BZ2_bzCompress(&s, BZ_RUN) != BZ_RUN_OK) exit(3);
  }
  do rc = BZ2_bzCompress(&s, BZ_FINISH); while (rc == BZ_FINISH_OK);
  if (rc != BZ_STREAM_END) exit(3);
  unsigned r = s.total_out_lo32;
  BZ2_bzCompressEnd(&s);
  return r;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    unsigned cap = (unsigned)(n + n / 100 + 600);
    unsigned char *c = malloc(cap), *d = malloc(n + 1);
    printf("%s: %zu bytes\n", corpus_base(argv[i]), n);
    for (int bs = 1; bs <= 9; bs += 4) {
      unsigned cn = cap, dn = (unsigned)n + 1;
      int rc = BZ2_bzBuffToBuffCompress((char *)c, &cn, (char *)in, (unsigned)n, bs, 0, 0);
      int rd = BZ2_bzBuffToBuffDecompress((char *)d, &dn, (char *)c, cn, bs == 5, 0);
      printf("  block %d00k: %u bytes, hash %016llx, rc %d/%d, round trip %s\n", bs, cn, corpus_hash(c, cn), rc, rd,
             dn == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
      unsigned sn = stream_compress(in, (unsigned)n, c, cap, bs);
      printf("  stream %d00k: %u bytes, hash %016llx\n", bs, sn, corpus_hash(c, sn));
    }
    free(in); free(c); free(d);
  }
  return 0;
}
