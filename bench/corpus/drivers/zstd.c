/* Corpus driver for zstd (zstd-sys crate): each file compressed at levels
   1, 3, 9 and 19 with the simple API, through the streaming API in small
   steps, and with a dictionary trained on its lines (ZDICT); everything
   decompressed and compared. Written for dtrans's corpus (bench/corpus.py). */
#include "common.h"
#define ZDICT_STATIC_LINKING_ONLY
#include "zstd.h"
#include "zdict.h"

static void check(const char *what, const unsigned char *a, size_t an, const unsigned char *b, size_t bn) {
  printf("  %-14s round trip %s\n", what, an == bn && memcmp(a, b, an) == 0 ? "ok" : "MISMATCH");
}

int main(int argc, char **argv) {
  static const int levels[4] = {1, 3, 9, 19};
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    size_t cap = ZSTD_compressBound(n);
    unsigned char *c = malloc(cap), *d = malloc(n + 1);
    printf("%s: %zu bytes\n", corpus_base(argv[i]), n);
    for (int l = 0; l < 4; l++) {
      size_t cn = ZSTD_compress(c, cap, in, n, levels[l]);
      if (ZSTD_isError(cn)) { printf("error %s\n", ZSTD_getErrorName(cn)); return 3; }
      size_t dn = ZSTD_decompress(d, n + 1, c, cn);
      printf("  level %2d: %zu bytes, hash %016llx\n", levels[l], cn, corpus_hash(c, cn));
      check("simple", in, n, d, ZSTD_isError(dn) ? 0 : dn);
    }
    /* streaming, 777-byte input steps, checksum flag */
    ZSTD_CCtx *cc = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, 5);
    ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, 1);
    ZSTD_outBuffer out = {c, cap, 0};
    for (size_t off = 0; off < n; off += 777) {
      ZSTD_inBuffer inb = {in + off, n - off < 777 ? n - off : 777, 0};
      while (inb.pos < inb.size) ZSTD_compressStream2(cc, &out, &inb, ZSTD_e_continue);
    }
    ZSTD_inBuffer empty = {NULL, 0, 0};
    while (ZSTD_compressStream2(cc, &out, &empty, ZSTD_e_end) != 0) {}
    ZSTD_freeCCtx(cc);
    ZSTD_DCtx *dc = ZSTD_createDCtx();
    ZSTD_outBuffer dout = {d, n + 1, 0};
    for (size_t off = 0; off < out.pos; off += 500) {
      ZSTD_inBuffer inb = {c + off, out.pos - off < 500 ? out.pos - off : 500, 0};
      while (inb.pos < inb.size) {
        size_t r = ZSTD_decompressStream(dc, &dout, &inb);
        if (ZSTD_isError(r)) { printf("error %s\n", ZSTD_getErrorName(r)); return 4; }
      }
    }
    ZSTD_freeDCtx(dc);
    printf("  stream 5: %zu bytes, hash %016llx\n", out.pos, corpus_hash(c, out.pos));
    check("stream", in, n, d, dout.pos);
    /* a dictionary trained on the lines, used per chunk of 64 lines */
    size_t nlines = 0, *sizes = malloc(sizeof(size_t) * (n + 1));
    size_t start = 0;
    for (size_t k = 0; k < n; k++)
      if (in[k] == '\n') { sizes[nlines++] = k + 1 - start; start = k + 1; }
    if (start < n) sizes[nlines++] = n - start;
    unsigned char dict[8192];
    size_t dsz = ZDICT_trainFromBuffer(dict, sizeof dict, in, sizes, (unsigned)nlines);
    if (ZDICT_isError(dsz)) {
      printf("  dictionary: %s\n", ZDICT_getErrorName(dsz));
    } else {
      ZSTD_CDict *cd = ZSTD_createCDict(dict, dsz, 3);
      ZSTD_DDict *dd = ZSTD_createDDict(dict, dsz);
      ZSTD_CCtx *c2 = ZSTD_createCCtx();
      ZSTD_DCtx *d2 = ZSTD_createDCtx();
      size_t total = 0, off = 0, ok = 1;
      unsigned char *tmp = malloc(n + 1);
      for (size_t k = 0; k < nlines; k += 64) {
        size_t len = 0;
        for (size_t j = k; j < nlines && j < k + 64; j++) len += sizes[j];
        size_t cn = ZSTD_compress_usingCDict(c2, c, cap, in + off, len, cd);
        size_t dn = ZSTD_decompress_usingDDict(d2, tmp, n + 1, c, cn, dd);
        ok &= dn == len && memcmp(tmp, in + off, len) == 0;
        total += cn;
        off += len;
      }
      printf("  dictionary %zu bytes (id %u): chunks %zu bytes, round trip %s\n", dsz,
             ZDICT_getDictID(dict, dsz), total, ok ? "ok" : "MISMATCH");
      free(tmp);
      ZSTD_freeCDict(cd); ZSTD_freeDDict(dd); ZSTD_freeCCtx(c2); ZSTD_freeDCtx(d2);
    }
    free(sizes); free(in); free(c); free(d);
  }
  return 0;
}
