// A second definition of `struct other`, unlike the main unit's.
struct other { double d; };
int other_size(struct other *o) { return (int)o->d; }
