/* Corpus driver for libdeflate (libdeflate-sys crate): each file compressed
   at levels 1, 6, 9 and 12 in the deflate, zlib and gzip formats,
   decompressed and compared; crc32 and adler32. Written for dtrans's corpus
   (bench/corpus.py). */
#include "common.h"
#include "libdeflate.h"

int main(int argc, char **argv) {
  static const int levels[4] = {1, 6, 9, 12};
  struct libdeflate_decompressor *dec = libdeflate_alloc_decompressor();
  for (int i = 1; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    unsigned char *d = malloc(n + 1);
    printf("%s: %zu bytes crc32 %08x adler32 %08x\n", corpus_base(argv[i]), n, libdeflate_crc32(0, in, n),
           libdeflate_adler32(1, in, n));
    for (int l = 0; l < 4; l++) {
      struct libdeflate_compressor *comp = libdeflate_alloc_compressor(levels[l]);
      size_t cap = libdeflate_gzip_compress_bound(comp, n);
      unsigned char *c = malloc(cap);
      size_t got = 0;
      size_t cn = libdeflate_deflate_compress(comp, in, n, c, cap);
      enum libdeflate_result r = libdeflate_deflate_decompress(dec, c, cn, d, n + 1, &got);
      printf("  level %2d deflate: %zu bytes, hash %016llx, %s\n", levels[l], cn, corpus_hash(c, cn),
             r == LIBDEFLATE_SUCCESS && got == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
      cn = libdeflate_zlib_compress(comp, in, n, c, cap);
      r = libdeflate_zlib_decompress(dec, c, cn, d, n + 1, &got);
      printf("  level %2d zlib: %zu bytes, %s\n", levels[l], cn,
             r == LIBDEFLATE_SUCCESS && got == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
      cn = libdeflate_gzip_compress(comp, in, n, c, cap);
      r = libdeflate_gzip_decompress(dec, c, cn, d, n + 1, &got);
      printf("  level %2d gzip: %zu bytes, %s\n", levels[l], cn,
             r == LIBDEFLATE_SUCCESS && got == n && memcmp(d, in, n) == 0 ? "ok" : "MISMATCH");
      free(c);
      libdeflate_free_compressor(comp);
    }
    free(in); free(d);
  }
  libdeflate_free_decompressor(dec);
  return 0;
}
