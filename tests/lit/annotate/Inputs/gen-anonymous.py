"""Writes two C files full of anonymous structures (typedef'd, in unions,
in locals) for annotate/deterministic-names.test."""
import sys

out = sys.argv[1]
for u in range(2):
    with open(f"{out}/u{u}.c", "w") as f:
        for i in range(40):
            f.write(f"typedef struct {{ int a{i}; union {{ long x; double y; }} u; "
                    f"struct {{ short s; char c; }} in; }} T{u}_{i};\n")
            f.write(f"T{u}_{i} g{u}_{i};\n")
            f.write(f"long f{u}_{i}(T{u}_{i} *p) {{ struct {{ int k; int j{i}; }} loc = {{ 1, 2 }}; "
                    f"return p->a{i} + p->u.x + p->in.s + loc.j{i}; }}\n")
        if u == 0:
            f.write("int main(void) { return 0; }\n")
