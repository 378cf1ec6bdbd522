/* Corpus driver for SQLite (libsqlite3-sys crate, bundled amalgamation):
   runs each SQL script named on the command line in a fresh in-memory
   database and prints every result row. Written for dtrans's corpus
   (bench/corpus.py). */
#include "common.h"
#include "sqlite3.h"

static int row(void *arg, int n, char **vals, char **cols) {
  (void)cols;
  int *count = arg;
  ++*count;
  for (int i = 0; i < n; i++) printf("%s%s", i ? "|" : "", vals[i] ? vals[i] : "NULL");
  printf("\n");
  return 0;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    size_t n;
    char *sql = (char *)corpus_read(argv[i], &n);
    sql = realloc(sql, n + 1);
    sql[n] = 0;
    sqlite3 *db;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 2;
    int count = 0;
    char *err = NULL;
    int rc = sqlite3_exec(db, sql, row, &count, &err);
    printf("-- %s: rc %d, %d rows%s%s\n", corpus_base(argv[i]), rc, count, err ? ", error: " : "", err ? err : "");
    sqlite3_free(err);
    sqlite3_close(db);
    free(sql);
    if (rc != SQLITE_OK) return 1;
  }
  return 0;
}
