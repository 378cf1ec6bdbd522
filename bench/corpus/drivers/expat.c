/* Corpus driver for Expat (expat-sys crate): parses each XML file named on
   the command line, in 1000-byte pieces, and prints the counts of elements,
   attributes, character data, processing instructions and comments, the
   deepest nesting, the ten most frequent element names, and the first
   error if any. `-n N` parses each file N times (the counts are of one
   parse). Written for dtrans's corpus (bench/corpus.py). */
#include "common.h"
#include "expat.h"

typedef struct { char name[64]; long count; } tag;
typedef struct {
  long elements, attributes, chars, pis, comments, depth, maxdepth;
  unsigned long long text_hash;
  tag tags[512];
  int ntags;
} stats;

static void start(void *ud, const XML_Char *name, const XML_Char **atts) {
  stats *s = ud;
  s->elements++;
  for (int i = 0; atts[i]; i += 2) s->attributes++;
  if (++s->depth > s->maxdepth) s->maxdepth = s->depth;
  for (int i = 0; i < s->ntags; i++)
    if (strcmp(s->tags[i].name, name) == 0) { s->tags[i].count++; return; }
  if (s->ntags < 512) {
    snprintf(s->tags[s->ntags].name, sizeof s->tags[0].name, "%s", name);
    s->tags[s->ntags++].count = 1;
  }
}
static void end(void *ud, const XML_Char *name) { (void)name; ((stats *)ud)->depth--; }
static void text(void *ud, const XML_Char *t, int len) {
  stats *s = ud;
  s->chars += len;
  for (int i = 0; i < len; i++) { s->text_hash ^= (unsigned char)t[i]; s->text_hash *= 1099511628211ULL; }
}
static void pi(void *ud, const XML_Char *target, const XML_Char *data) { (void)target; (void)data; ((stats *)ud)->pis++; }
static void comment(void *ud, const XML_Char *data) { (void)data; ((stats *)ud)->comments++; }
static int bycount(const void *a, const void *b) {
  const tag *x = a, *y = b;
  if (x->count != y->count) return x->count < y->count ? 1 : -1;
  return strcmp(x->name, y->name);
}

int main(int argc, char **argv) {
  int first = 1, repeat = 1;
  if (argc > 2 && strcmp(argv[1], "-n") == 0) { repeat = atoi(argv[2]); first = 3; }
  for (int i = first; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    static stats s;
    for (int rep = 0; rep < repeat; rep++) {
    memset(&s, 0, sizeof s);
    s.text_hash = 1469598103934665603ULL;
    XML_Parser p = XML_ParserCreate(NULL);
    XML_SetUserData(p, &s);
    XML_SetElementHandler(p, start, end);
    XML_SetCharacterDataHandler(p, text);
    XML_SetProcessingInstructionHandler(p, pi);
    XML_SetCommentHandler(p, comment);
    XML_SetParamEntityParsing(p, XML_PARAM_ENTITY_PARSING_NEVER);
    int ok = 1;
    for (size_t off = 0; ok && off <= n; off += 1000) {
      size_t len = n - off < 1000 ? n - off : 1000;
      ok = XML_Parse(p, (const char *)in + off, (int)len, off + len >= n) != XML_STATUS_ERROR;
      if (off + len >= n) break;
    }
    if (rep + 1 < repeat) { XML_ParserFree(p); continue; }
    printf("%s: %zu bytes, elements %ld, attributes %ld, chars %ld (hash %016llx), pis %ld, comments %ld, depth %ld\n",
           corpus_base(argv[i]), n, s.elements, s.attributes, s.chars, s.text_hash, s.pis, s.comments, s.maxdepth);
    if (!ok) {
      printf("  error at line %lu: %s\n", (unsigned long)XML_GetCurrentLineNumber(p), XML_ErrorString(XML_GetErrorCode(p)));
    }
    qsort(s.tags, s.ntags, sizeof s.tags[0], bycount);
    printf("  ");
    for (int k = 0; k < s.ntags && k < 10; k++) printf("%s%s=%ld", k ? " " : "", s.tags[k].name, s.tags[k].count);
    printf("\n");
    XML_ParserFree(p);
    }
    free(in);
  }
  return 0;
}
