/* A small inventory: records kept in a heap array and in a linked list,
 * with fields the program writes but never reads (serial, note) and
 * padding between int and pointer fields: what dtrans cc relays out across
 * the files of a static library and the main program. */
#ifndef ITEMS_H
#define ITEMS_H

struct item {
  int qty;
  long serial;      /* written, never read */
  double price;
  char note[6];     /* written, never read */
  int bin;
  struct item *next;
};

struct stock {
  struct item *items; /* one array of every item */
  int count;
  struct item *restock; /* list through next */
};

struct stock *stock_new(int count, unsigned seed);
void stock_free(struct stock *s);
void stock_restock(struct stock *s, int below);
double stock_value(const struct stock *s);
long stock_units(const struct stock *s, int bin);
int stock_list_len(const struct stock *s);

#endif
