/* Corpus driver for LZ4 (lz4-sys crate): each file compressed with the fast
   compressor (accelerations 1 and 8), the HC compressor (levels 4, 9, 12)
   and the frame format (block-linked, checksums), decompressed and
   compared. Written for dtrans's corpus (bench/corpus.py). */
#include "common.h"
#include "lz4.h"
#include "lz4hc.h"
#include "lz4frame.h"

static void check(const char *what, const unsigned char *a, size_t an, const unsigned char *b, size_t bn) {
  printf("  %-10s round trip %s\n", what, an == bn && memcmp(a, b, an) == 0 ? "ok" : "MISMATCH");
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    int cap = LZ4_compressBound((int)n);
    unsigned char *c = malloc(cap), *d = malloc(n + 1);
    printf("%s: %zu bytes\n", corpus_base(argv[i]), n);
    for (int acc = 1; acc <= 8; acc += 7) {
      int cn = LZ4_compress_fast((const char *)in, (char *)c, (int)n, cap, acc);
      int dn = LZ4_decompress_safe((const char *)c, (char *)d, cn, (int)n + 1);
      printf("  fast %d: %d bytes, hash %016llx\n", acc, cn, corpus_hash(c, cn));
      check("fast", in, n, d, dn < 0 ? 0 : dn);
    }
    for (int lvl = 4; lvl <= 12; lvl += lvl == 4 ? 5 : 3) {
      int cn = LZ4_compress_HC((const char *)in, (char *)c, (int)n, cap, lvl);
      int dn = LZ4_decompress_safe((const char *)c, (char *)d, cn, (int)n + 1);
      printf("  hc %d: %d bytes, hash %016llx\n", lvl, cn, corpus_hash(c, cn));
      check("hc", in, n, d, dn < 0 ? 0 : dn);
    }
    LZ4F_preferences_t prefs;
    memset(&prefs, 0, sizeof prefs);
    prefs.frameInfo.blockSizeID = LZ4F_max64KB;
    prefs.frameInfo.blockMode = LZ4F_blockLinked;
    prefs.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
    prefs.compressionLevel = 6;
    size_t fcap = LZ4F_compressFrameBound(n, &prefs);
    unsigned char *f = malloc(fcap);
    size_t fn = LZ4F_compressFrame(f, fcap, in, n, &prefs);
    LZ4F_dctx *dctx;
    LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION);
    size_t got = 0, src = 0;
    while (src < fn) {
      size_t outsz = n + 1 - got, insz = fn - src < 1000 ? fn - src : 1000;
      size_t r = LZ4F_decompress(dctx, d + got, &outsz, f + src, &insz, NULL);
      if (LZ4F_isError(r)) { printf("frame error %s\n", LZ4F_getErrorName(r)); return 4; }
      got += outsz;
      src += insz;
    }
    LZ4F_freeDecompressionContext(dctx);
    printf("  frame 6: %zu bytes, hash %016llx\n", fn, corpus_hash(f, fn));
    check("frame", in, n, d, got);
    free(f); free(in); free(c); free(d);
  }
  return 0;
}
