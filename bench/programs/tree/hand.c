/* Hand-optimized variant (bench/layout_bench.py): tree.c with dead fields
 * deleted and `magic` folded to its constant; see README.md.  Only the
 * structure definitions and the code they force differ from the original;
 * the comments below are the original's. */
/* tree.c - Olden-style binary tree kernels (treeadd and a bisort-like
 * exchange pass) on a complete tree of millions of malloc'ed nodes.
 *
 * The tree is built depth first, one malloc per node, so a depth-first walk
 * first visits memory in order; every pass then rewrites the values and
 * exchanges the subtrees of nodes whose children are out of order (as bisort
 * does), so later walks jump around memory more and more.  Each pass is a
 * recursive sum (treeadd) followed by the recursive exchange pass.
 *
 * Layout: struct tnode interleaves a char, an int and a short with the
 * 8-byte fields (holes); it carries a visit mark, its depth, a weight and a
 * pass stamp that are written but never read, and a magic tag that is the
 * same constant in every node and only checked.  The walks need the value
 * and the two child pointers: 24 of its 64 bytes. */
#include <stdio.h>
#include <stdlib.h>

#define DEPTH 22
#define PASSES 4
#define NODE_MAGIC 0x7a5

struct tnode {
    long value;
    struct tnode *left;
    struct tnode *right;
};

static unsigned long long rng_state = 0x94d049bb133111ebULL;

static unsigned rng(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33);
}

static struct tnode *build(int depth, int level)
{
    struct tnode *t;
    if (depth == 0)
        return NULL;
    t = malloc(sizeof(struct tnode));
    if (!t) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    t->value = (long)(rng() % 100000);
    t->left = build(depth - 1, level + 1);
    t->right = build(depth - 1, level + 1);
    return t;
}

/* treeadd: the sum of the values of the subtree. */
static long tree_sum(struct tnode *t)
{
    long sum;
    if (!t)
        return 0;
    sum = t->value;
    sum += tree_sum(t->left);
    sum += tree_sum(t->right);
    return sum;
}

/* New values, and the subtrees of a node swapped when its left child's
 * value is the larger one.  Returns the number of swaps. */
static long tree_exchange(struct tnode *t, long pass)
{
    long swaps = 0;
    if (!t)
        return 0;
    t->value = (t->value * 1103 + pass * 7 + 12345) % 100003;
    swaps += tree_exchange(t->left, pass);
    swaps += tree_exchange(t->right, pass);
    if (t->left && t->left->value > t->right->value) {
        struct tnode *x = t->left;
        t->left = t->right;
        t->right = x;
        swaps++;
    }
    return swaps;
}

/* The values along the leftmost and rightmost paths. */
static unsigned long spine(struct tnode *t)
{
    unsigned long h = 0;
    struct tnode *l = t, *r = t;
    while (l) {
        h = h * 31 + (unsigned long)l->value;
        l = l->left;
    }
    while (r) {
        h = h * 37 + (unsigned long)r->value;
        r = r->right;
    }
    return h;
}

static void tree_free(struct tnode *t)
{
    if (!t)
        return;
    tree_free(t->left);
    tree_free(t->right);
    free(t);
}

int main(void)
{
    struct tnode *root = build(DEPTH, 0);
    unsigned long check = 0;
    long pass;

    printf("tree of depth %d: %ld nodes\n", DEPTH, (1L << DEPTH) - 1);
    for (pass = 0; pass < PASSES; pass++) {
        long sum = tree_sum(root);
        long swaps = tree_exchange(root, pass);
        check = check * 1000003 + (unsigned long)sum + (unsigned long)swaps;
        if (pass % 3 == 0 || pass == PASSES - 1)
            printf("pass %ld: sum %ld swaps %ld\n", pass, sum, swaps);
    }
    printf("final sum %ld spine %lu\n", tree_sum(root), spine(root));
    printf("checksum: %lu\n", check);
    tree_free(root);
    return 0;
}
