struct obj { int refs; int kind; };
union payload { void *ptr; double num; };
struct value { union payload u; long tag; };
struct iter { struct value target; int index; };
struct plain { long n; struct obj *o; };
struct iter g_iter;
struct plain g_plain;
int main(void) { return g_iter.index + (int)g_plain.n; }
