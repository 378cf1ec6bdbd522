// The library's unit: `struct handle` is only declared here (an opaque
// handle behind a typedef, as in lua.h), used through pointers and
// passed on.
typedef struct handle handle;
struct other;
int handle_get(handle *h);
int twice(handle *h) { return 2 * handle_get(h); }
// Declared here and defined differently in two other units: no one
// definition, so it stays as it was.
int other_get(struct other *o);
int other_twice(struct other *o) { return 2 * other_get(o); }
