// Second translation unit of link-different-layout.c: a different struct
// node (a weighted binary tree node), and its own struct label.
#include <stdlib.h>

struct label {
  char *text;
};

struct node {
  double weight;
  struct label *label;
  struct node *left, *right;
};

struct node *tree_root;

struct node *tree_node(double weight, struct node *left, struct node *right) {
  struct node *n = calloc(1, sizeof *n);
  n->weight = weight;
  n->left = left;
  n->right = right;
  return n;
}

char *tree_label(const struct node *n) { return n->label ? n->label->text : "-"; }

double tree_weight(const struct node *n) {
  return n ? n->weight + tree_weight(n->left) + tree_weight(n->right) : 0;
}
