#!/usr/bin/env python3
"""Random C programs over heap arrays of structures, for the splitting
passes (peel, aos-to-soa) and the relayout passes before them.

Csmith keeps its structures in lone globals, locals and initialized
global arrays, which peel and aos-to-soa do not split (they need one array
holding every object, zero at first if global), so a csmith campaign says
little about them. These programs are shaped the
other way: each structure type has one array allocated once in `main`
(malloc, calloc or a wrapper), grown there by realloc from null, or a
global array (some two-dimensional), pointers into it kept in variables, fields
and globals, loops that read a few fields often and the rest once, pointer
comparisons, differences and walks. Some programs add what the passes must
refuse or handle with care (a field's address passed to a function, a
memset or a copy of an element, a second allocation, an allocation in a
loop, realloc, qsort, a whole element copied by assignment); these near
misses must print the same as well.

Every program is deterministic (its own LCG), free of undefined behaviour
(unsigned arithmetic for checksums, indices in range) and prints the
checksums of every field at the end.

Usage
    python3 tests/exec/gen_arrays.py --seed S --n N --out DIR
writes DIR/arraysS.c ... DIR/arrays(S+N-1).c; then
    python3 tests/exec/compare.py DIR/*.c --passes LIST
builds and compares them (a summary line counts the programs whose
structures were changed).
"""

import argparse
import os
import random

# Eight-byte fields weigh more: records must stay above a cache line after
# deletion and reordering for the splitting passes to consider them.
SCALARS = [("char", 1), ("short", 2), ("int", 4), ("long", 8), ("unsigned", 4), ("double", 8), ("float", 4),
           ("long", 8), ("double", 8), ("long", 8)]
NEAR_MISSES = ["field_address", "memset", "element_copy", "second_alloc", "alloc_in_loop", "realloc", "qsort",
               "assign_copy"]


class Struct:
    def __init__(self, rng, k, others):
        self.name = f"s{k}"
        self.fields = []  # (name, C type, kind) kind: scalar | self | other:NAME
        n = rng.randint(9, 16)
        for i in range(n):
            r = rng.random()
            if r < 0.12:
                self.fields.append((f"f{i}", f"struct {self.name} *", "self"))
            elif r < 0.2 and others:
                o = rng.choice(others)
                self.fields.append((f"f{i}", f"struct {o.name} *", "other:" + o.name))
            else:
                t = rng.choice(SCALARS)[0]
                self.fields.append((f"f{i}", t, "scalar"))
        self.count = rng.choice([97, 500, 1000, 3000])
        self.alloc = rng.choice(["malloc", "calloc", "wrapper", "wrapper_calloc"])
        # Hot fields: read in the loops; the rest are written once and read
        # (or not) at the end.
        names = [f[0] for f in self.fields if f[2] == "scalar"]
        rng.shuffle(names)
        # (All hot in some programs: the aos-to-soa case.)
        self.all_hot = rng.random() < 0.3
        self.hot = names if self.all_hot else names[: max(1, len(names) // 3)]
        self.dead = [f for f in names[len(self.hot):] if rng.random() < 0.25]
        self.constant = [f for f in names[len(self.hot):] if f not in self.dead and rng.random() < 0.2]

    def decl(self):
        body = "".join(f"    {t} {n};\n" if t.endswith("*") is False else f"    {t}{n};\n" for n, t, _ in self.fields)
        return f"struct {self.name} {{\n{body}}};\n"


def value(rng, ctype, expr):
    if ctype in ("double", "float"):
        return f"({ctype})(({expr}) % 1000) / 8"
    return f"({ctype})({expr})"


def generate(seed):
    rng = random.Random(seed)
    structs = []
    for k in range(rng.randint(1, 3)):
        structs.append(Struct(rng, k, list(structs)))
    misses = [m for m in NEAR_MISSES if rng.random() < 0.12]
    # Some arrays grow by realloc from null instead (their own generator,
    # so the rest of a seed's program stays what it was).
    grow = random.Random(seed * 1000003 + 17)
    for s in structs:
        if s.alloc in ("malloc", "wrapper") and grow.random() < 0.3:
            s.alloc = "grown"
        elif s.alloc in ("calloc", "wrapper_calloc") and grow.random() < 0.4:
            s.alloc = "global"  # a zeroed global array, like calloc's block
            # (Some two-dimensional: rows of ten.)
            s.rows = 10 if s.count % 10 == 0 and grow.random() < 0.5 else 0
    out = ["#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n",
           "static unsigned long long state = %dULL;\n" % (seed * 2654435761 % 2**63 + 1),
           "static unsigned next(void) { state = state * 6364136223846793005ULL + 1442695040888963407ULL;"
           " return (unsigned)(state >> 33); }\n",
           "static void *xmalloc(size_t n) { void *p = malloc(n); if (!p) { puts(\"oom\"); exit(2); } return p; }\n",
           "static void *xcalloc(size_t n, size_t s) { void *p = calloc(n, s); if (!p) { puts(\"oom\"); exit(2); }"
           " return p; }\n\n"]
    for s in structs:
        out.append(f"struct {s.name};\n")
    for s in structs:
        out.append(s.decl())
    for s in structs:
        out.append(f"static struct {s.name} *{s.name}_arr;\nstatic int {s.name}_n;\n")
        if s.alloc == "global" and s.rows:
            out.append(f"static struct {s.name} {s.name}_store[{s.rows}][{s.count // s.rows}];\n")
        elif s.alloc == "global":
            out.append(f"static struct {s.name} {s.name}_store[{s.count}];\n")
    out.append("\n")
    if "field_address" in misses:
        out.append("static void bump(unsigned *u) { *u += 1; }\nstatic void bumpl(long *u) { *u += 1; }\n")
    for s in structs:
        out.extend(functions(rng, s, structs, misses))
    out.append("int main(void) {\n    unsigned long long sum = 0;\n")
    for s in structs:
        out.append(allocation(s, misses))
    for s in structs:
        out.append(f"    init_{s.name}();\n")
    for s in structs:
        out.append(f"    sum += work_{s.name}({rng.randint(2, 6)});\n")
        # (Only an array nothing points into: pointers into the old block
        # would dangle.)
        pointed = any(k in ("self", "other:" + s.name) for o in structs for _, _, k in o.fields if o is s or
                      k == "other:" + s.name)
        if "realloc" in misses and not pointed and s.alloc != "global":
            out.append(f"    {s.name}_arr = realloc({s.name}_arr, ({s.name}_n + 3) * sizeof(struct {s.name}));\n"
                       f"    if (!{s.name}_arr) return 2;\n")
        if "qsort" in misses:
            out.append(f"    qsort({s.name}_arr, {s.name}_n, sizeof(struct {s.name}), cmp_{s.name});\n")
    for s in structs:
        out.append(f"    sum += report_{s.name}();\n")
    out.append('    printf("total %llu\\n", sum);\n')
    for s in structs:
        if s.alloc != "global":
            out.append(f"    free({s.name}_arr);\n")
    out.append("    return 0;\n}\n")
    return "".join(out)


def allocation(s, misses):
    t = f"struct {s.name}"
    n = s.count
    call = {"grown": "", "global": "", "malloc": f"malloc({n} * sizeof({t}))", "calloc": f"calloc({n}, sizeof({t}))",
            "wrapper": f"xmalloc({n} * sizeof({t}))", "wrapper_calloc": f"xcalloc({n}, sizeof({t}))"}[s.alloc]
    code = f"    {s.name}_n = {n};\n"
    if s.alloc == "global" and s.rows:
        code += f"    {s.name}_arr = &{s.name}_store[0][0];\n"
    elif s.alloc == "global":
        code += f"    {s.name}_arr = {s.name}_store;\n"
    elif s.alloc == "grown":
        code += (f"    for (int c = 8; ; c *= 2) {{ {s.name}_arr = realloc({s.name}_arr, c * sizeof({t}));"
                 f" if (!{s.name}_arr) return 2; if (c >= {n}) break; }}\n")
    elif "alloc_in_loop" in misses:
        code += (f"    for (int r = 0; r < 2; r++) {{ if (r) free({s.name}_arr); {s.name}_arr = {call};"
                 f" if (!{s.name}_arr) return 2; }}\n")
    else:
        code += f"    {s.name}_arr = {call};\n    if (!{s.name}_arr) return 2;\n"
    if "second_alloc" in misses:
        code += (f"    {{ {t} *extra = malloc(4 * sizeof({t})); if (!extra) return 2;"
                 f" extra[1].{s.fields[0][0]} = extra[0].{s.fields[0][0]} = 0; free(extra); }}\n")
    if "memset" in misses:
        code += f"    memset({s.name}_arr, 0, {n} * sizeof({t}));\n"
    return code


def functions(rng, s, structs, misses):
    t = f"struct {s.name}"
    a = f"{s.name}_arr"
    out = []
    # Initialization: every field written (pointer fields to elements of
    # their array or null).
    lines = [f"static void init_{s.name}(void) {{\n",
             f"    for (int i = 0; i < {s.name}_n; i++) {{\n        {t} *p = &{a}[i];\n"]
    for name, ctype, kind in s.fields:
        if kind == "self":
            lines.append(f"        p->{name} = (next() % 4) ? &{a}[next() % {s.name}_n] : NULL;\n")
        elif kind.startswith("other:"):
            o = kind[6:]
            lines.append(f"        p->{name} = (next() % 3) ? &{o}_arr[next() % {o}_n] : NULL;\n")
        elif name in s.constant:
            lines.append(f"        p->{name} = 3;\n")
        else:
            lines.append(f"        p->{name} = {value(rng, ctype, 'next() % 100')};\n")
    lines.append("    }\n}\n")
    out.extend(lines)
    # A per-element helper taking a pointer.
    hot = s.hot
    ptrs = [f[0] for f in s.fields if f[2] == "self"]
    expr = " + ".join(f"(long)p->{h}" for h in hot)
    out.append(f"static long weigh_{s.name}({t} *p) {{ return {expr}; }}\n")
    # The hot loops: several forms of walking the array.
    h0 = hot[0]
    ctype0 = dict((f[0], f[1]) for f in s.fields)[h0]
    body = [f"static unsigned long long work_{s.name}(int rounds) {{\n    unsigned long long acc = 0;\n",
            f"    {t} *end = {a} + {s.name}_n;\n",
            "    for (int r = 0; r < rounds; r++) {\n"]
    forms = rng.sample(["index", "pointer", "helper", "chase", "diff", "update"], rng.randint(2, 4))
    if s.all_hot:
        # Every field as often as every other: the aos-to-soa case.
        forms = ["index", "helper"] if rng.random() < 0.5 else ["index"]
    for form in forms:
        if form == "index":
            # (With every field hot, the pointer fields are read here too.)
            terms = [f"(long){a}[i].{h}" for h in hot]
            if s.all_hot:
                terms += [f"({a}[i].{n} != 0)" for n, _, k in s.fields if k != "scalar"]
            body.append(f"        for (int i = 0; i < {s.name}_n; i++) acc += (unsigned long long)"
                        f"({' + '.join(terms)});\n")
        elif form == "pointer":
            body.append(f"        for ({t} *p = {a}; p < end; p++) acc = acc * 3 + (unsigned long long)(long)p->{h0};\n")
        elif form == "helper":
            body.append(f"        for (int i = r; i < {s.name}_n; i += 2) acc += (unsigned long long)"
                        f"weigh_{s.name}(&{a}[i]);\n")
        elif form == "chase" and ptrs:
            body.append(f"        {{ {t} *q = &{a}[r % {s.name}_n]; for (int k = 0; q && k < 50; k++) {{"
                        f" acc += (unsigned long long)(q - {a}) + (unsigned long long)(long)q->{h0}; q = q->{ptrs[0]}; }} }}\n")
        elif form == "diff":
            body.append(f"        {{ {t} *best = {a}; for ({t} *p = {a}; p != end; p++)"
                        f" if ((long)p->{h0} > (long)best->{h0}) best = p; acc += (unsigned long long)(best - {a}); }}\n")
        elif form == "update":
            if ctype0 in ("double", "float"):
                body.append(f"        for (int i = 0; i < {s.name}_n; i += 3) {a}[i].{h0} = {a}[i].{h0} / 2 + 1;\n")
            else:
                body.append(f"        for (int i = 0; i < {s.name}_n; i += 3) {a}[i].{h0} = ({ctype0})({a}[i].{h0} + r);\n")
    if "field_address" in misses:
        scal = [f for f in s.fields if f[1] in ("unsigned", "long")]
        if scal:
            fn = "bump" if scal[0][1] == "unsigned" else "bumpl"
            body.append(f"        {fn}(&{a}[r % {s.name}_n].{scal[0][0]});\n")
    if "element_copy" in misses and s.count > 2:
        body.append(f"        memcpy(&{a}[0], &{a}[1], sizeof({t}));\n")
    if "assign_copy" in misses and s.count > 3:
        body.append(f"        {a}[2] = {a}[3];\n")
    body.append("    }\n    return acc;\n}\n")
    out.extend(body)
    # The report: every field but the dead ones read once.
    rep = [f"static unsigned long long report_{s.name}(void) {{\n    unsigned long long c = 0;\n",
           f"    for (int i = 0; i < {s.name}_n; i++) {{\n        {t} *p = &{a}[i];\n"]
    for name, ctype, kind in s.fields:
        if name in s.dead:
            continue
        if kind == "self":
            rep.append(f"        c = c * 31 + (p->{name} ? (unsigned long long)(p->{name} - {a}) + 1 : 0);\n")
        elif kind.startswith("other:"):
            o = kind[6:]
            rep.append(f"        c = c * 31 + (p->{name} ? (unsigned long long)(p->{name} - {o}_arr) + 1 : 0);\n")
        elif ctype in ("double", "float"):
            rep.append(f"        c = c * 31 + (unsigned long long)(long)(p->{name} * 8);\n")
        else:
            rep.append(f"        c = c * 31 + (unsigned long long)(long)p->{name};\n")
    rep.append("    }\n")
    rep.append(f'    printf("{s.name} %llu\\n", c);\n    return c;\n}}\n')
    out.extend(rep)
    if "qsort" in misses:
        out.append(f"static int cmp_{s.name}(const void *x, const void *y) {{\n"
                   f"    long a = (long)(({t} *)x)->{h0}, b = (long)(({t} *)y)->{h0};\n"
                   f"    return (a > b) - (a < b);\n}}\n")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for k in range(args.n):
        seed = args.seed + k
        with open(os.path.join(args.out, f"arrays{seed}.c"), "w") as f:
            f.write(generate(seed))


if __name__ == "__main__":
    main()
