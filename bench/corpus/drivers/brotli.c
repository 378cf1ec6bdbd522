/* Corpus driver for Brotli (brotli-sys crate): each file compressed at
   qualities 1, 5, 9 and 11 (window 22; text mode at 9), decompressed with
   the one-shot and the streaming decoder, compared. Written for dtrans's
   corpus (bench/corpus.py). */
#include "common.h"
#include "brotli/encode.h"
#include "brotli/decode.h"

int main(int argc, char **argv) {
  static const int quality[4] = {1, 5, 9, 11};
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    size_t cap = BrotliEncoderMaxCompressedSize(n) + 1024;
    unsigned char *c = malloc(cap), *d = malloc(n + 1);
    printf("%s: %zu bytes\n", corpus_base(argv[i]), n);
    for (int q = 0; q < 4; q++) {
      size_t cn = cap;
      int ok = BrotliEncoderCompress(quality[q], 22, q == 2 ? BROTLI_MODE_TEXT : BROTLI_MODE_GENERIC, n, in, &cn, c);
      size_t dn = n + 1;
      BrotliDecoderResult r = BrotliDecoderDecompress(cn, c, &dn, d);
      printf("  quality %2d: %zu bytes, hash %016llx, rc %d/%d, round trip %s\n", quality[q], cn, corpus_hash(c, cn),
             ok, (int)r, dn == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
      /* streaming decode in 300-byte steps */
      BrotliDecoderState *s = BrotliDecoderCreateInstance(NULL, NULL, NULL);
      size_t avail_in = 0, avail_out = n + 1, off = 0;
      const uint8_t *next_in = c;
      uint8_t *next_out = d;
      BrotliDecoderResult res = BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT;
      while (res == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT && off < cn) {
        size_t step = cn - off < 300 ? cn - off : 300;
        avail_in += step;
        off += step;
        res = BrotliDecoderDecompressStream(s, &avail_in, &next_in, &avail_out, &next_out, NULL);
      }
      size_t got = (size_t)(next_out - d);
      BrotliDecoderDestroyInstance(s);
      printf("  stream %d: result %d, round trip %s\n", quality[q], (int)res,
             got == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
    }
    free(in); free(c); free(d);
  }
  return 0;
}
