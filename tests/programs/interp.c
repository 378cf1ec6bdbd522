/* interp.c - a small interpreter: tokenizer, recursive-descent parser building an AST of
 * tagged-union nodes (folding constants), tree-walking evaluator with environments as
 * linked lists of bindings, operators dispatched through a table of function pointers. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 8
#define MAX_DEPTH 200
#define STEP_LIMIT 5000000L
enum tok_kind { T_EOF, T_NUM, T_IDENT, T_KW, T_SYM };
enum node_kind { N_NUM, N_VAR, N_BIN, N_NEG, N_NOT, N_CALL, N_LET, N_ASSIGN, N_PRINT,
                 N_IF, N_WHILE, N_RETURN, N_FN, N_EXPR, N_BLOCK };

struct token { enum tok_kind kind; int num; int line; char text[24]; };
struct op { const char *name; int prec; int (*fn)(int, int); };
struct node {
    enum node_kind kind;
    int line;
    union {
        int num;                                           /* N_NUM */
        const char *name;                                  /* N_VAR, N_CALL, N_LET, N_ASSIGN */
        const struct op *op;                               /* N_BIN */
        struct { const char *name; int nparams; } fn;      /* N_FN: params in b, body in a */
    } u;
    struct node *a, *b, *c, *next;     /* children; next statement / argument */
};

/* Environments: linked lists of bindings, chained to the enclosing scope. */
struct binding { const char *name; int value; struct binding *next; };
struct env { struct binding *vars; struct env *parent; };
struct func { const char *name; const struct node *def; struct func *next; };
struct istats { long evals, calls, binops, lookups; };

struct interp {
    struct env global;
    struct func *funcs;
    int returning, retval, error, depth, maxdepth, nout;
    struct istats st;                                      /* nested by value */
    void (*emit)(struct interp *in, int value);            /* output hook */
    unsigned long long outhash;                            /* hash of everything printed */
    char msg[96];
};

struct parser { struct token *t; int pos, error, nodes, folds; char msg[96]; };
struct program { const char *name; const char *src; void (*emit)(struct interp *, int); };
static struct interp g_in;                                 /* global struct */

/* Arithmetic wraps (computed in unsigned) and division never traps. */
static int op_add(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
static int op_sub(int a, int b) { return (int)((unsigned)a - (unsigned)b); }
static int op_mul(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
static int op_div(int a, int b) { return b == 0 || (a == INT_MIN && b == -1) ? 0 : a / b; }
static int op_mod(int a, int b) { return b == 0 || (a == INT_MIN && b == -1) ? 0 : a % b; }
static int op_lt(int a, int b) { return a < b; }   static int op_le(int a, int b) { return a <= b; }
static int op_gt(int a, int b) { return a > b; }   static int op_ge(int a, int b) { return a >= b; }
static int op_eq(int a, int b) { return a == b; }  static int op_ne(int a, int b) { return a != b; }
static int op_and(int a, int b) { return a && b; } static int op_or(int a, int b) { return a || b; }

static const struct op ops[] = {
    { "||", 1, op_or }, { "&&", 2, op_and }, { "==", 3, op_eq }, { "!=", 3, op_ne },
    { "<=", 4, op_le }, { ">=", 4, op_ge }, { "<", 4, op_lt }, { ">", 4, op_gt },
    { "+", 5, op_add }, { "-", 5, op_sub }, { "*", 6, op_mul }, { "/", 6, op_div },
    { "%", 6, op_mod },
};
#define NOPS ((int)(sizeof ops / sizeof ops[0]))
static const char *const keywords[] = { "let", "fn", "if", "else", "while", "return", "print" };
static void *xrealloc(void *p, size_t n)
{
    if ((p = realloc(p, n)) == NULL) fprintf(stderr, "fatal: out of memory\n"), exit(2);
    return p;
}

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }
/* Tokenise a whole program; the last token is T_EOF. */
static int lex(const char *p, struct token **out)
{
    int n = 0, cap = 64, line = 1, i;
    struct token *t = xrealloc(NULL, (size_t)cap * sizeof *t);
    for (;;) {
        struct token *k;
        while (*p == ' ' || *p == '\n' || *p == '#')     /* blanks and comments */
            if (*p == '#') while (*p && *p != '\n') p++;
            else line += *p++ == '\n';
        if (n == cap) t = xrealloc(t, (size_t)(cap *= 2) * sizeof *t);
        k = &t[n++];
        memset(k, 0, sizeof *k), k->line = line;
        if (!*p) break;
        if (is_digit(*p) || is_alpha(*p)) {
            k->kind = is_digit(*p) ? T_NUM : T_IDENT;
            for (i = 0; is_alpha(*p) || is_digit(*p); p++) {
                k->num = k->num < 100000000 ? k->num * 10 + (*p - '0') : k->num;
                if (i < 23) k->text[i++] = *p;
            }
            for (i = 0; k->kind == T_IDENT && i < (int)(sizeof keywords / sizeof *keywords); i++)
                if (strcmp(k->text, keywords[i]) == 0) k->kind = T_KW;
        } else {
            k->kind = T_SYM;
            k->text[0] = *p++;
            if ((*p == '=' && strchr("=!<>", k->text[0])) || (*p == k->text[0] && strchr("&|", *p)))
                k->text[1] = *p++;
        }
    }
    *out = t;
    return n;
}

/* Parser primitives; the parser never moves past the T_EOF token. */
static struct token *peek(struct parser *p) { return &p->t[p->pos]; }
static int is(struct parser *p, const char *s)
{
    return (peek(p)->kind == T_SYM || peek(p)->kind == T_KW) && strcmp(peek(p)->text, s) == 0;
}
static int accept(struct parser *p, const char *s) { return is(p, s) ? (p->pos++, 1) : 0; }
static int prev_is(struct parser *p, char c) { return p->t[p->pos - 1].text[0] == c; }

static void fail(struct parser *p, const char *what)
{
    if (!p->error++)
        snprintf(p->msg, sizeof p->msg, "line %d: expected %s near '%s'", peek(p)->line, what,
                 peek(p)->kind == T_EOF ? "end of input" : peek(p)->text);
}
static void expect(struct parser *p, const char *s) { if (!accept(p, s)) fail(p, s); }
static struct node *new_node(struct parser *p, enum node_kind kind)
{
    struct node *n = memset(xrealloc(NULL, sizeof *n), 0, sizeof *n);
    n->kind = kind, n->line = peek(p)->line, p->nodes++;
    return n;
}

/* Names point into the token array, which outlives the tree. */
static const char *expect_ident(struct parser *p)
{
    if (peek(p)->kind == T_IDENT) return p->t[p->pos++].text;
    fail(p, "identifier");
    return "?";
}

static void free_node(struct node *n)
{
    if (!n) return;
    free_node(n->a), free_node(n->b), free_node(n->c), free_node(n->next);
    free(n);
}

/* Constant folding while the tree is built, through the dispatch table. */
static struct node *fold(struct parser *p, struct node *n)
{
    if (n->a->kind != N_NUM || (n->kind == N_BIN && n->b->kind != N_NUM)) return n;
    n->u.num = n->kind == N_BIN ? n->u.op->fn(n->a->u.num, n->b->u.num)
             : n->kind == N_NEG ? op_sub(0, n->a->u.num) : !n->a->u.num;
    free_node(n->a), free_node(n->b);
    n->a = n->b = NULL, n->kind = N_NUM;
    p->folds++;
    return n;
}

static struct node *parse_expr(struct parser *p, int minprec);
static struct node *parse_stmt(struct parser *p);

/* Parses statements up to close ("" = end of input) or comma-separated
 * arguments up to ")", appending through a tail pointer. */
static void parse_list(struct parser *p, struct node **tail, const char *close)
{
    int args = close[0] == ')';
    while (!p->error && !accept(p, close)) {
        if (peek(p)->kind == T_EOF) {
            if (*close) fail(p, close);
            return;
        }
        *tail = args ? parse_expr(p, 1) : parse_stmt(p);
        tail = &(*tail)->next;
        if (args && !is(p, close)) expect(p, ",");
    }
}

static struct node *parse_primary(struct parser *p)
{
    struct node *n;
    if (accept(p, "-") || accept(p, "!")) {
        n = new_node(p, prev_is(p, '-') ? N_NEG : N_NOT);
        n->a = parse_primary(p);
        n = fold(p, n);
    } else if (peek(p)->kind == T_NUM) {
        n = new_node(p, N_NUM);
        n->u.num = p->t[p->pos++].num;
    } else if (peek(p)->kind == T_IDENT) {
        n = new_node(p, N_VAR);
        n->u.name = expect_ident(p);
        if (accept(p, "(")) {
            n->kind = N_CALL;
            parse_list(p, &n->a, ")");
        }
    } else if (accept(p, "(")) {
        n = parse_expr(p, 1), expect(p, ")");
    } else {
        fail(p, "expression");
        n = new_node(p, N_NUM);
    }
    return n;
}

static const struct op *find_op(struct parser *p)
{
    int i;
    for (i = 0; peek(p)->kind == T_SYM && i < NOPS; i++)
        if (strcmp(ops[i].name, peek(p)->text) == 0) return &ops[i];
    return NULL;
}

static struct node *parse_expr(struct parser *p, int minprec)
{
    struct node *lhs = parse_primary(p);
    const struct op *op;
    while (!p->error && (op = find_op(p)) != NULL && op->prec >= minprec) {
        struct node *n = new_node(p, N_BIN);
        p->pos++;
        n->u.op = op, n->a = lhs;
        n->b = parse_expr(p, op->prec + 1);
        lhs = fold(p, n);
    }
    return lhs;
}

static struct node *parse_block(struct parser *p)
{
    struct node *n = new_node(p, N_BLOCK);
    expect(p, "{");
    parse_list(p, &n->a, "}");
    return n;
}

static struct node *parse_stmt(struct parser *p)
{
    struct node *n, *prm;
    int is_let;
    if (accept(p, "if") || accept(p, "while")) {
        n = new_node(p, prev_is(p, 'i') ? N_IF : N_WHILE);
        expect(p, "(");
        n->a = parse_expr(p, 1), expect(p, ")");
        n->b = parse_block(p);
        if (n->kind == N_IF && accept(p, "else"))
            n->c = is(p, "if") ? parse_stmt(p) : parse_block(p);
        return n;
    }
    if (accept(p, "fn")) {
        n = new_node(p, N_FN);
        n->u.fn.name = expect_ident(p);
        expect(p, "(");
        parse_list(p, &n->b, ")");
        for (prm = n->b; prm; prm = prm->next, n->u.fn.nparams++)
            if (prm->kind != N_VAR) fail(p, "parameter name");
        n->a = parse_block(p);
        return n;
    }
    is_let = accept(p, "let");
    if (is_let || (peek(p)->kind == T_IDENT && !strcmp(p->t[p->pos + 1].text, "="))) {
        n = new_node(p, is_let ? N_LET : N_ASSIGN);
        n->u.name = expect_ident(p);
        expect(p, "=");
    } else if (accept(p, "print") || accept(p, "return")) {
        n = new_node(p, prev_is(p, 'p') ? N_PRINT : N_RETURN);
    } else {
        n = new_node(p, N_EXPR);
    }
    n->a = parse_expr(p, 1);
    expect(p, ";");
    return n;
}

static void runtime_error(struct interp *in, const struct node *n, const char *what, const char *name)
{
    if (!in->error++) snprintf(in->msg, sizeof in->msg, "line %d: %s '%s'", n->line, what, name);
}

static int *lookup(struct interp *in, struct env *e, const char *name)
{
    struct binding *b;
    for (; e; e = e->parent)
        for (b = e->vars; b; b = b->next)
            if (in->st.lookups++, strcmp(b->name, name) == 0) return &b->value;
    return NULL;
}

static void bind(struct env *e, const char *name, int value)
{
    struct binding *b;
    for (b = e->vars; b && strcmp(b->name, name) != 0; b = b->next) continue;
    if (!b) {
        b = xrealloc(NULL, sizeof *b);
        b->name = name, b->next = e->vars;
        e->vars = b;
    }
    b->value = value;
}

static void env_clear(struct env *e)
{
    for (struct binding *b = e->vars, *nb; b; b = nb) nb = b->next, free(b);
    e->vars = NULL;
}

static void exec(struct interp *in, struct node *n, struct env *env);
static int call(struct interp *in, const struct node *n, struct env *env);

static int eval(struct interp *in, const struct node *n, struct env *env)
{
    int a, b, *v;
    if (in->error || ++in->st.evals > STEP_LIMIT)
        return runtime_error(in, n, "step limit exceeded in", "eval"), 0;
    switch (n->kind) {
    case N_NUM: return n->u.num;
    case N_VAR:
        if ((v = lookup(in, env, n->u.name)) != NULL) return *v;
        return runtime_error(in, n, "undefined variable", n->u.name), 0;
    case N_BIN:
        a = eval(in, n->a, env), b = eval(in, n->b, env), in->st.binops++;
        return n->u.op->fn(a, b);
    case N_NEG: return op_sub(0, eval(in, n->a, env));
    case N_NOT: return !eval(in, n->a, env);
    case N_CALL: return call(in, n, env);
    default: return runtime_error(in, n, "not an expression", "?"), 0;
    }
}

static int call(struct interp *in, const struct node *n, struct env *env)
{
    struct env local = { NULL, &in->global };
    const struct func *f;
    const struct node *arg, *prm;
    int args[MAX_ARGS], nargs = 0, i, result;
    for (arg = n->a; arg && !in->error; arg = arg->next) {
        if (nargs == MAX_ARGS) return runtime_error(in, n, "too many arguments to", n->u.name), 0;
        args[nargs++] = eval(in, arg, env);
    }
    for (f = in->funcs; f && strcmp(f->name, n->u.name) != 0; f = f->next) continue;
    if (!f) return runtime_error(in, n, "undefined function", n->u.name), 0;
    if (nargs != f->def->u.fn.nparams) runtime_error(in, n, "wrong argument count for", f->name);
    if (in->depth >= MAX_DEPTH) runtime_error(in, n, "recursion too deep in", f->name);
    if (in->error) return 0;
    for (prm = f->def->b, i = 0; prm; prm = prm->next) bind(&local, prm->u.name, args[i++]);
    in->st.calls++;
    if (++in->depth > in->maxdepth) in->maxdepth = in->depth;
    exec(in, f->def->a, &local);
    in->depth--;
    result = in->returning ? in->retval : 0, in->returning = 0;
    env_clear(&local);
    return result;
}

static void exec(struct interp *in, struct node *n, struct env *env)
{
    for (; n && !in->error && !in->returning; n = n->next) {
        int v, *slot;
        struct func *f;
        switch (n->kind) {
        case N_BLOCK: exec(in, n->a, env); break;
        case N_LET: v = eval(in, n->a, env); if (!in->error) bind(env, n->u.name, v); break;
        case N_ASSIGN:
            v = eval(in, n->a, env);
            if ((slot = lookup(in, env, n->u.name)) != NULL) *slot = v;
            else runtime_error(in, n, "assignment to undefined variable", n->u.name);
            break;
        case N_PRINT: v = eval(in, n->a, env); if (!in->error) in->emit(in, v); break;
        case N_IF:
            if (eval(in, n->a, env)) exec(in, n->b, env);
            else if (n->c && !in->error) exec(in, n->c, env);
            break;
        case N_WHILE:
            while (!in->returning && eval(in, n->a, env) && !in->error) exec(in, n->b, env);
            break;
        case N_RETURN: in->retval = eval(in, n->a, env); in->returning = !in->error; break;
        case N_FN:                            /* newest definition shadows older ones */
            f = xrealloc(NULL, sizeof *f);
            f->name = n->u.fn.name, f->def = n, f->next = in->funcs;
            in->funcs = f;
            break;
        default: eval(in, n->a, env); break;
        }
    }
}

static void record(struct interp *in, int v)
{
    in->outhash = (in->outhash ^ (unsigned)v) * 1099511628211ULL, in->nout++;
}
static void emit_print(struct interp *in, int v) { record(in, v); printf("  print %d\n", v); }
static void emit_hash(struct interp *in, int v) { record(in, v); }

static const struct program programs[] = {
    { "factorial", "fn fact(n) { if (n < 2) { return 1; } return n * fact(n - 1); }\n"
      "print fact(5); print fact(10); print fact(12);\n", emit_print },
    { "fibonacci", "fn fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }\n"
      "fn fibi(n) { let a = 0; let b = 1; while (n > 0) { let t = a + b; a = b; b = t; n = n - 1; }\n"
      "  return a; }\nprint fib(18); print fibi(30); print fibi(18) == fib(18);\n", emit_print },
    { "sums", "let s = 0; let i = 1; while (i <= 1000) { s = s + i; i = i + 1; } print s;\n"
      "let sq = 0; i = 1; while (i <= 100) { sq = sq + i * i; i = i + 1; } print sq;\n"
      "print (2 + 3) * (7 - 4) - 10 / 3 + -(4 % 3);  # folded at parse time\n", emit_print },
    { "primes", "fn isprime(n) { if (n < 2) { return 0; } let d = 2;\n"
      "  while (d * d <= n) { if (n % d == 0) { return 0; } d = d + 1; } return 1; }\n"
      "let count = 0; let last = 0; let k = 2;\n"
      "while (k < 3000) { if (isprime(k)) { count = count + 1; last = k; } k = k + 1; }\n"
      "print count; print last; print !isprime(2999) || isprime(2997);\n", emit_print },
    { "gcd-collatz", "fn gcd(a, b) { while (b != 0) { let t = a % b; a = b; b = t; } return a; }\n"
      "fn collatz(n) { let steps = 0; while (n != 1) {\n"
      "  if (n % 2 == 0) { n = n / 2; } else { n = 3 * n + 1; } steps = steps + 1; } return steps; }\n"
      "print gcd(1071, 462); print gcd(832040, 514229); let best = 0; let arg = 0; let k = 1;\n"
      "while (k < 1000) { let c = collatz(k); if (c > best) { best = c; arg = k; } k = k + 1; }\n"
      "print arg; print best; print best > 100 && 7 - 3 * 2 > 0;\n", emit_print },
    { "powmod", "fn powmod(b, e, m) { let r = 1; b = b % m;\n"
      "  while (e > 0) { if (e % 2 == 1) { r = r * b % m; } b = b * b % m; e = e / 2; } return r; }\n"
      "let i = 1; while (i <= 300) { print powmod(i, 65537, 1009); i = i + 1; }\n", emit_hash },
    { "runtime-error", "let x = 1; fn f(y) { return y + z; }\nprint x; print f(x);\n", emit_print },
    { "syntax-error", "let x = 1;\nlet = 5;\n", emit_print },
};

int main(void)
{
    unsigned long long check = 1469598103934665603ULL;
    int i;
    for (i = 0; i < (int)(sizeof programs / sizeof programs[0]); i++) {
        const struct program *pr = &programs[i];
        struct parser ps;
        struct node *root = NULL;
        struct token *toks;
        int ntoks = lex(pr->src, &toks);
        memset(&ps, 0, sizeof ps), ps.t = toks;
        parse_list(&ps, &root, "");
        printf("== %s: tokens=%d nodes=%d folded=%d\n", pr->name, ntoks, ps.nodes, ps.folds);
        memset(&g_in, 0, sizeof g_in);
        g_in.emit = pr->emit, g_in.outhash = 1469598103934665603ULL;
        if (ps.error) printf("  syntax error: %s\n", ps.msg);
        else exec(&g_in, root, &g_in.global);
        if (g_in.error) printf("  runtime error: %s\n", g_in.msg);
        printf("  outputs=%d hash=%016llx evals=%ld calls=%ld binops=%ld lookups=%ld depth=%d\n",
               g_in.nout, g_in.outhash, g_in.st.evals, g_in.st.calls, g_in.st.binops,
               g_in.st.lookups, g_in.maxdepth);
        check = (check ^ g_in.outhash) * 1099511628211ULL;
        check = (check ^ (unsigned long long)g_in.st.evals) * 1099511628211ULL;
        check = (check ^ (unsigned long long)(ps.nodes * 64 + ps.folds)) * 1099511628211ULL;
        env_clear(&g_in.global);
        for (struct func *f = g_in.funcs, *nf; f; f = nf) nf = f->next, free(f);
        free_node(root);
        free(toks);
    }
    printf("checksum: %016llx\n", check);
    return 0;
}
