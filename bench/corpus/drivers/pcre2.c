/* Corpus driver for PCRE2 (pcre2-sys crate, 8-bit library, interpreter):
   each pattern of a fixed list compiled and matched over each file named on
   the command line with pcre2_match (counting matches and summing capture
   lengths) and, for the first patterns, with pcre2_dfa_match; then a
   global substitution. `-n N` repeats the matching N times (the counts
   are of one round). Written for dtrans's corpus (bench/corpus.py). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "common.h"
#include "pcre2.h"

static const char *patterns[] = {
  "\\b(int|char|long|void)\\s+\\*?(\\w+)\\s*\\(",
  "/\\*.*?\\*/",
  "(?i)\\bstruct\\s+([a-z_]\\w*)",
  "\\b0x[0-9a-fA-F]+\\b",
  "(\\w+)\\s*=\\s*\\1\\s*[-+*/]",
  "^\\s*#\\s*(define|include|if|ifdef|ifndef|endif)\\b",
  "\"(?:[^\"\\\\]|\\\\.)*\"",
  "(?<=\\()\\s*\\w+\\s*(?=\\))",
  "[[:upper:]]{3,}_[[:upper:]_]+",
  "(a|b|c|d|e)+?(f|g|h)",
};

int main(int argc, char **argv) {
  const int np = sizeof patterns / sizeof patterns[0];
  pcre2_code *code[sizeof patterns / sizeof patterns[0]];
  for (int k = 0; k < np; k++) {
    int err;
    PCRE2_SIZE off;
    code[k] = pcre2_compile((PCRE2_SPTR)patterns[k], PCRE2_ZERO_TERMINATED, PCRE2_MULTILINE | PCRE2_DOTALL * (k == 1),
                            &err, &off, NULL);
    if (!code[k]) { printf("pattern %d: error %d at %zu\n", k, err, (size_t)off); return 2; }
    uint32_t caps;
    pcre2_pattern_info(code[k], PCRE2_INFO_CAPTURECOUNT, &caps);
    printf("pattern %d: %u captures\n", k, caps);
  }
  int firstarg = 1, repeat = 1;
  if (argc > 2 && strcmp(argv[1], "-n") == 0) { repeat = atoi(argv[2]); firstarg = 3; }
  for (int i = firstarg; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    printf("%s: %zu bytes\n", corpus_base(argv[i]), n);
    for (int rep = 0; rep < repeat; rep++)
    for (int k = 0; k < np; k++) {
      pcre2_match_data *md = pcre2_match_data_create_from_pattern(code[k], NULL);
      PCRE2_SIZE start = 0;
      long matches = 0, caplen = 0;
      char first[48] = "";
      int rc;
      while (start <= n && (rc = pcre2_match(code[k], in, n, start, 0, md, NULL)) > 0) {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        if (matches++ == 0) snprintf(first, sizeof first, "%.*s", (int)(ov[1] - ov[0] < 40 ? ov[1] - ov[0] : 40), in + ov[0]);
        for (int c = 1; c < rc; c++) if (ov[2 * c] != PCRE2_UNSET) caplen += (long)(ov[2 * c + 1] - ov[2 * c]);
        start = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
      }
      for (char *p = first; *p; p++) if (*p == '\n' || *p == '\t') *p = ' ';
      if (rep + 1 == repeat) printf("  %d: %ld matches, captures %ld bytes, first '%s'", k, matches, caplen, first);
      pcre2_match_data_free(md);
      if (k < 4) {
        pcre2_match_data *dmd = pcre2_match_data_create(32, NULL);
        int ws[4096];
        long dcount = 0;
        PCRE2_SIZE s2 = 0;
        int r;
        while (s2 < n && (r = pcre2_dfa_match(code[k], in, n, s2, 0, dmd, NULL, ws, 4096)) >= 0) {
          PCRE2_SIZE *ov = pcre2_get_ovector_pointer(dmd);
          dcount++;
          s2 = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
        }
        if (rep + 1 == repeat) printf(", dfa %ld", dcount);
        pcre2_match_data_free(dmd);
      }
      if (rep + 1 == repeat) printf("\n");
    }
    PCRE2_SIZE outlen = n * 2 + 1024;
    PCRE2_UCHAR *out = malloc(outlen);
    int subs = pcre2_substitute(code[2], in, n, 0, PCRE2_SUBSTITUTE_GLOBAL, NULL, NULL, (PCRE2_SPTR) "STRUCT<$1>",
                                PCRE2_ZERO_TERMINATED, out, &outlen);
    printf("  substitute: %d, %zu bytes, hash %016llx\n", subs, (size_t)outlen, corpus_hash(out, outlen));
    free(out);
    free(in);
  }
  for (int k = 0; k < np; k++) pcre2_code_free(code[k]);
  return 0;
}
