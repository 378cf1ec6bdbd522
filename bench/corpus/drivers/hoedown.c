/* Corpus driver for Hoedown (the Markdown renderer in PyPI's misaka sdist):
   renders each Markdown file named on the command line to HTML with the
   table, fenced code, footnote, autolink, strikethrough and other
   extensions, then again with SmartyPants and a table of contents, and
   prints the HTML and its size. `-n N` renders each file N times (printed
   once). Written for dtrans's corpus
   (bench/corpus.py). */
#include "common.h"
#include "document.h"
#include "html.h"

int main(int argc, char **argv) {
  int first = 1, repeat = 1;
  if (argc > 2 && strcmp(argv[1], "-n") == 0) { repeat = atoi(argv[2]); first = 3; }
  for (int i = first; i < argc; i++) {
    size_t n;
    unsigned char *in = corpus_read(argv[i], &n);
    for (int rep = 0; rep < repeat; rep++) {
    int last = rep + 1 == repeat;
    hoedown_extensions ext = HOEDOWN_EXT_TABLES | HOEDOWN_EXT_FENCED_CODE | HOEDOWN_EXT_FOOTNOTES |
                             HOEDOWN_EXT_AUTOLINK | HOEDOWN_EXT_STRIKETHROUGH | HOEDOWN_EXT_UNDERLINE |
                             HOEDOWN_EXT_HIGHLIGHT | HOEDOWN_EXT_QUOTE | HOEDOWN_EXT_SUPERSCRIPT;
    hoedown_renderer *r = hoedown_html_renderer_new(HOEDOWN_HTML_USE_XHTML, 0);
    hoedown_document *doc = hoedown_document_new(r, ext, 16);
    hoedown_buffer *html = hoedown_buffer_new(64);
    hoedown_document_render(doc, html, in, n);
    hoedown_buffer *smart = hoedown_buffer_new(64);
    hoedown_html_smartypants(smart, html->data, html->size);
    if (last) printf("<!-- %s: %zu bytes -> html %zu bytes, smartypants %zu bytes -->\n", corpus_base(argv[i]), n, html->size,
           smart->size);
    if (last) fwrite(smart->data, 1, smart->size, stdout);
    hoedown_document_free(doc);
    hoedown_html_renderer_free(r);
    hoedown_renderer *toc = hoedown_html_toc_renderer_new(3);
    hoedown_document *tdoc = hoedown_document_new(toc, ext, 16);
    hoedown_buffer *tb = hoedown_buffer_new(64);
    hoedown_document_render(tdoc, tb, in, n);
    if (last) printf("<!-- toc %zu bytes -->\n", tb->size);
    if (last) fwrite(tb->data, 1, tb->size, stdout);
    hoedown_document_free(tdoc);
    hoedown_html_renderer_free(toc);
    hoedown_buffer_free(html);
    hoedown_buffer_free(smart);
    hoedown_buffer_free(tb);
    }
    free(in);
  }
  return 0;
}
