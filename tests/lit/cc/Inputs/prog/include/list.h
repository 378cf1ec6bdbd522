/* A list of items, shared by main.c and list.c. */
#ifndef LIST_H
#define LIST_H
struct item {
  long value;
  int marked;
  struct item *next;
};
struct list {
  struct item *head;
  int count;
};
struct list *list_new(void);
void list_push(struct list *l, long value, int marked);
int list_count(const struct list *l);
long list_sum(const struct list *l);
int list_marked(const struct list *l);
void list_free(struct list *l);
#endif
