/* Corpus driver for zlib (libz-sys crate): each file deflated at levels 1,
   6 and 9 in the zlib, raw and gzip formats through the stream API, then
   inflated and compared; compress2/uncompress; crc32 and adler32. Prints
   sizes and checksums. Written for dtrans's corpus (bench/corpus.py). */
#include "common.h"
#include "zlib.h"

static size_t deflate_all(const unsigned char *in, size_t n, unsigned char *out, size_t cap, int level,
                          int wbits, int strategy) {
  z_stream s;
  memset(&s, 0, sizeof s);
  if (deflateInit2(&s, level, Z_DEFLATED, wbits, 8, strategy) != Z_OK) exit(3);
  s.next_in = (unsigned char *)in;
  s.avail_in = (uInt)n;
  s.next_out = out;
  s.avail_out = (uInt)cap;
  /* feed in chunks to exercise the state machine */
  int rc;
  do {
    rc = deflate(&s, Z_FINISH);
  } while (rc == Z_OK);
  if (rc != Z_STREAM_END) { fprintf(stderr, "deflate: %d\n", rc); exit(3); }
  size_t r = s.total_out;
  deflateEnd(&s);
  return r;
}

static size_t inflate_all(const unsigned char *in, size_t n, unsigned char *out, size_t cap, int wbits) {
  z_stream s;
  memset(&s, 0, sizeof s);
  if (inflateInit2(&s, wbits) != Z_OK) exit(4);
  s.next_in = (unsigned char *)in;
  s.avail_in = 0;
  s.next_out = out;
  s.avail_out = (uInt)cap;
  size_t off = 0;
  int rc = Z_OK;
  while (rc == Z_OK) {
    size_t chunk = n - off < 4096 ? n - off : 4096;
    s.next_in = (unsigned char *)in + off;
    s.avail_in = (uInt)chunk;
    off += chunk;
    rc = inflate(&s, Z_NO_FLUSH);
    if (rc == Z_OK && s.avail_in == 0 && off == n) rc = inflate(&s, Z_FINISH);
    if (rc == Z_BUF_ERROR && off < n) rc = Z_OK;
  }
  if (rc != Z_STREAM_END) { fprintf(stderr, "inflate: %d\n", rc); exit(4); }
  size_t r = s.total_out;
  inflateEnd(&s);
  return r;
}

int main(int argc, char **argv) {
  static const int wbits[3] = {15, -15, 31};
  static const char *fmt[3] = {"zlib", "raw", "gzip"};
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    size_t cap = compressBound((uLong)n) + 64;
    unsigned char *c = malloc(cap), *d = malloc(n + 1);
    printf("%s: %zu bytes crc32 %08lx adler32 %08lx\n", corpus_base(argv[i]), n,
           crc32(0L, in, (uInt)n), adler32(1L, in, (uInt)n));
    for (int level = 1; level <= 9; level += 4) {
      for (int f = 0; f < 3; f++) {
        int strategy = (level == 5 && f == 1) ? Z_FILTERED : Z_DEFAULT_STRATEGY;
        size_t cn = deflate_all(in, n, c, cap, level, wbits[f], strategy);
        size_t dn = inflate_all(c, cn, d, n + 1, wbits[f]);
        printf("  level %d %-4s: %zu bytes, hash %016llx, round trip %s\n", level, fmt[f], cn, corpus_hash(c, cn),
               dn == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
      }
    }
    uLongf cn = (uLongf)cap, dn = (uLongf)n;
    compress2(c, &cn, in, (uLong)n, Z_BEST_COMPRESSION);
    int rc = uncompress(d, &dn, c, cn);
    printf("  compress2 9: %lu bytes, uncompress %d %s\n", (unsigned long)cn, rc,
           dn == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
    free(in); free(c); free(d);
  }
  return 0;
}
