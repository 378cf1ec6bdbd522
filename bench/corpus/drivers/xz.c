/* Corpus driver for liblzma (lzma-sys crate, xz 5.2): each file encoded as
   .xz with presets 0, 6 and 6e (CRC32, CRC64, SHA-256 checks), as .lzma and
   through a delta + LZMA2 filter chain, then decoded and compared.
   Written for dtrans's corpus (bench/corpus.py). */
#include "common.h"
#include "lzma.h"

static void check(const char *what, const unsigned char *a, size_t an, const unsigned char *b, size_t bn) {
  printf("  %-18s round trip %s\n", what, an == bn && memcmp(a, b, an) == 0 ? "ok" : "MISMATCH");
}

int main(int argc, char **argv) {
  static const uint32_t presets[3] = {0, 6, 6 | LZMA_PRESET_EXTREME};
  static const lzma_check checks[3] = {LZMA_CHECK_CRC32, LZMA_CHECK_CRC64, LZMA_CHECK_SHA256};
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    size_t cap = lzma_stream_buffer_bound(n) + 1024;
    unsigned char *c = malloc(cap), *d = malloc(n + 1);
    printf("%s: %zu bytes, crc64 %016llx\n", corpus_base(argv[i]), n,
           (unsigned long long)lzma_crc64(in, n, 0));
    for (int p = 0; p < 3; p++) {
      size_t cn = 0, dn = 0, inpos = 0;
      lzma_ret r = lzma_easy_buffer_encode(presets[p], checks[p], NULL, in, n, c, &cn, cap);
      uint64_t memlimit = UINT64_MAX;
      lzma_ret q = lzma_stream_buffer_decode(&memlimit, 0, NULL, c, &inpos, cn, d, &dn, n + 1);
      printf("  preset %u%s check %d: %zu bytes, hash %016llx, rc %d/%d\n", presets[p] & 0xf,
             (presets[p] & LZMA_PRESET_EXTREME) ? "e" : "", (int)checks[p], cn, corpus_hash(c, cn), (int)r, (int)q);
      check("xz", in, n, d, dn);
    }
    /* .lzma (alone) through the stream API */
    lzma_options_lzma opt;
    lzma_lzma_preset(&opt, 3);
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_alone_encoder(&s, &opt) != LZMA_OK) return 3;
    s.next_in = in; s.avail_in = n; s.next_out = c; s.avail_out = cap;
    lzma_ret r;
    while ((r = lzma_code(&s, LZMA_FINISH)) == LZMA_OK) {}
    size_t cn = s.total_out;
    lzma_end(&s);
    lzma_stream t = LZMA_STREAM_INIT;
    if (lzma_alone_decoder(&t, UINT64_MAX) != LZMA_OK) return 4;
    t.next_in = c; t.avail_in = cn; t.next_out = d; t.avail_out = n + 1;
    lzma_ret q;
    while ((q = lzma_code(&t, LZMA_FINISH)) == LZMA_OK) {}
    size_t dn = t.total_out;
    lzma_end(&t);
    printf("  lzma alone: %zu bytes, hash %016llx, rc %d/%d\n", cn, corpus_hash(c, cn), (int)r, (int)q);
    check("lzma", in, n, d, dn);
    /* raw delta + lzma2 */
    lzma_options_delta delta = {.type = LZMA_DELTA_TYPE_BYTE, .dist = 4};
    lzma_filter filters[3] = {{LZMA_FILTER_DELTA, &delta}, {LZMA_FILTER_LZMA2, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    cn = 0;
    r = lzma_raw_buffer_encode(filters, NULL, in, n, c, &cn, cap);
    size_t inpos = 0;
    dn = 0;
    q = lzma_raw_buffer_decode(filters, NULL, c, &inpos, cn, d, &dn, n + 1);
    printf("  delta+lzma2: %zu bytes, hash %016llx, rc %d/%d\n", cn, corpus_hash(c, cn), (int)r, (int)q);
    check("raw", in, n, d, dn);
    free(in); free(c); free(d);
  }
  return 0;
}
