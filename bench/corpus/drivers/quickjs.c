/* Corpus driver for QuickJS (libquickjs-sys crate): evaluates each
   JavaScript file named on the command line in a fresh runtime with the
   std helpers (console.log, print), reporting uncaught exceptions and
   running pending jobs. Written for dtrans's corpus (bench/corpus.py). */
#include "common.h"
#include "quickjs.h"
#include "quickjs-libc.h"

int main(int argc, char **argv) {
  int status = 0;
  for (int i = 1; i < argc; i++) {
    JSRuntime *rt = JS_NewRuntime();
    JSContext *ctx = JS_NewContext(rt);
    js_std_add_helpers(ctx, 0, NULL);
    size_t n;
    char *src = (char *)corpus_read(argv[i], &n);
    src = realloc(src, n + 1);
    src[n] = 0;
    JSValue v = JS_Eval(ctx, src, n, argv[i], JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(v)) {
      js_std_dump_error(ctx);
      status = 1;
    }
    JS_FreeValue(ctx, v);
    js_std_loop(ctx);
    free(src);
    JS_FreeContext(ctx);
    JS_FreeRuntime(rt);
  }
  return status;
}
