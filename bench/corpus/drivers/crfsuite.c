/* crfsuite.c - a driver for CRFsuite 0.12.2 (the C library and command-line
 * front end bundled in the python-crfsuite sdist), used instead of the
 * front end's main.c. The files given are cut into C tokens; each token
 * is an item labelled with its kind (keyword, identifier, upper-case
 * name, number, punctuation) with the token, its neighbours, its prefix,
 * suffix and length as attributes, 25 tokens a sequence. Four fifths go
 * to train.crf, the rest to test.crf (in the current directory). The
 * front end then trains with L-BFGS, averaged perceptron and L2 SGD
 * (what it prints goes to train-ALG.log: it holds timings), tags the test
 * data with each model and dumps the first model (to dump.txt); the driver
 * prints what is deterministic: the tags and checksums of the models and
 * the dump. (The front end's -l option is not used: it builds the log's
 * name with strcat into fresh realloc'd memory.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

int main_learn(int argc, char *argv[], const char *argv0);
int main_tag(int argc, char *argv[], const char *argv0);
int main_dump(int argc, char *argv[], const char *argv0);

#define SEQ 25

/* The front end's main.c, which this driver replaces, defines this (the
 * tag command's help calls it). */
void show_copyright(FILE *fp)
{
    fprintf(fp, "CRFsuite front end (corpus driver)\n\n");
}

static char **toks;
static long ntoks, captoks;

static void add_tok(const char *s, int len)
{
    if (ntoks == captoks) {
        captoks = captoks ? 2 * captoks : 4096;
        toks = realloc(toks, captoks * sizeof *toks);
        if (!toks) { printf("out of memory\n"); exit(1); }
    }
    char *t = malloc(len + 1);
    memcpy(t, s, len);
    t[len] = 0;
    toks[ntoks++] = t;
}

static void read_tokens(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { printf("cannot open %s\n", path); exit(1); }
    char buf[64];
    int len = 0, c, kind = 0; /* kind 1: word, 2: number */
    while ((c = getc(f)) != EOF) {
        int w = isalpha(c) || c == '_', d = isdigit(c);
        if (len > 0 && ((kind == 1 && (w || d)) || (kind == 2 && (d || isalpha(c)))) && len < 60) {
            buf[len++] = (char)c;
            continue;
        }
        if (len > 0) add_tok(buf, len);
        len = 0;
        if (w || d) {
            kind = w ? 1 : 2;
            buf[len++] = (char)c;
        } else if (!isspace(c) && c < 128) {
            buf[0] = (char)c;
            add_tok(buf, 1);
        }
    }
    if (len > 0) add_tok(buf, len);
    fclose(f);
}

static const char *label(const char *t)
{
    static const char *kw[] = {"if", "else", "for", "while", "return", "static", "int", "void", "const", "case",
                               "break", "switch", "struct", "do", "char", "goto", "default", "sizeof", "unsigned",
                               "typedef", NULL};
    for (int i = 0; kw[i]; i++)
        if (strcmp(t, kw[i]) == 0) return "KW";
    if (isdigit((unsigned char)t[0])) return "NUM";
    if (isalpha((unsigned char)t[0]) || t[0] == '_') {
        for (const char *p = t; *p; p++)
            if (islower((unsigned char)*p)) return "ID";
        return "UP";
    }
    return "P";
}

/* An attribute value: ':' and '\' escaped as the data format wants. */
static void put_attr(FILE *f, const char *name, const char *v, int n)
{
    fprintf(f, "\t%s=", name);
    for (int i = 0; v[i] && i < n; i++) {
        if (v[i] == ':' || v[i] == '\\') putc('\\', f);
        putc(v[i], f);
    }
}

static void write_data(const char *path, long from, long to)
{
    FILE *f = fopen(path, "w");
    if (!f) { printf("cannot write %s\n", path); exit(1); }
    for (long s = from; s < to; s += SEQ) {
        long e = s + SEQ < to ? s + SEQ : to;
        for (long i = s; i < e; i++) {
            const char *t = toks[i];
            int n = (int)strlen(t);
            char lenbuf[8];
            snprintf(lenbuf, sizeof lenbuf, "%d", n < 8 ? n : 8);
            fputs(label(t), f);
            put_attr(f, "w[0]", t, 64);
            put_attr(f, "w[-1]", i > s ? toks[i - 1] : "_B", 64);
            put_attr(f, "w[1]", i + 1 < e ? toks[i + 1] : "_E", 64);
            put_attr(f, "pre", t, 2);
            put_attr(f, "suf", n > 2 ? t + n - 2 : t, 2);
            put_attr(f, "len", lenbuf, 8);
            putc('\n', f);
        }
        putc('\n', f);
    }
    fclose(f);
}

/* Run a front-end command in a child process (learn closes its output
 * stream, stdout when no log file is named); with to, the child's
 * standard output goes to that file. Returns its exit status. */
static int run(int (*cmd)(int, char **, const char *), char **args, const char *to)
{
    int n = 0, status = 0;
    while (args[n]) n++;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { printf("fork failed\n"); exit(1); }
    if (pid == 0) {
        if (to && !freopen(to, "w", stdout)) _exit(127);
        int rc = cmd(n, args, "crfsuite");
        exit(rc & 0xff); /* exit, not _exit: profiles and buffers are written */
    }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) return -1;
    return WEXITSTATUS(status);
}

static unsigned long long file_hash(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    unsigned long long h = 1469598103934665603ULL;
    int c;
    while ((c = getc(f)) != EOF) h = (h ^ (unsigned)c) * 1099511628211ULL;
    fclose(f);
    return h;
}

int main(int argc, char **argv)
{
    for (int a = 1; a < argc; a++) read_tokens(argv[a]);
    long cut = ntoks * 4 / 5 / SEQ * SEQ;
    write_data("train.crf", 0, cut);
    write_data("test.crf", cut, ntoks);
    printf("%ld tokens, %ld for training\n", ntoks, cut);

    static const char *algs[3][6] = {
        {"lbfgs", "max_iterations=60", "c2=1.0"},
        {"ap", "max_iterations=8", "epsilon=0"},
        {"l2sgd", "max_iterations=6", "c2=1.0"},
    };
    for (int k = 0; k < 3; k++) {
        char model[32], log[32], p1[64], p2[64];
        snprintf(model, sizeof model, "%s.model", algs[k][0]);
        snprintf(log, sizeof log, "train-%s.log", algs[k][0]);
        snprintf(p1, sizeof p1, "%s", algs[k][1]);
        snprintf(p2, sizeof p2, "%s", algs[k][2]);
        char *learn[] = {"learn", "-a", (char *)algs[k][0], "-p", p1, "-p", p2,
                         "-m", model, "-e2", "train.crf", "test.crf", NULL};
        if (run(main_learn, learn, log) != 0) { printf("learn %s failed\n", algs[k][0]); return 1; }
        printf("model %s: %llu\n", algs[k][0], file_hash(model));
        char *tag[] = {"tag", "-m", model, "-r", "test.crf", NULL};
        run(main_tag, tag, NULL);
    }
    char *dump[] = {"dump", "lbfgs.model", NULL};
    run(main_dump, dump, "dump.txt");
    printf("dump: %llu\n", file_hash("dump.txt"));
    for (long i = 0; i < ntoks; i++) free(toks[i]);
    free(toks);
    return 0;
}
