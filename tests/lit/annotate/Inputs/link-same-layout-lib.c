// Second translation unit of link-same-layout.c: the same struct node.
#include <stdlib.h>

struct node {
  int key;
  struct node *next;
};

struct node *free_list;

struct node *node_new(int key, struct node *next) {
  struct node *n = free_list ? free_list : malloc(sizeof *n);
  if (n == free_list)
    free_list = n->next;
  n->key = key;
  n->next = next;
  return n;
}
