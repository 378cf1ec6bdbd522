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

Fields may be aggregates (their own generator per seed, so the rest of a
seed's program stays what it was): `double _Complex`/`float _Complex`,
small arrays (`char name[N]` written by snprintf and read as a string,
`int`/`double` arrays indexed at constant and variable positions) and a
nested `struct pt { int x, y; double w; }`, which peel and aos-to-soa move
as units; some are copied whole between elements, memset, or written
through a pointer to a part of them, and with the `agg_address` near miss
the address of one is given to a function.

Every program is deterministic (its own LCG), free of undefined behaviour
(unsigned arithmetic for checksums, indices in range) and prints the
checksums of every field at the end.

`--shape multi` writes another kind of program, for a pass that lays a
structure out in blocks inside every heap allocation of it: per structure
type (one or two, the fields and aggregate fields as above) 2 to 4 arrays
alive at once, each allocated with malloc, calloc or realloc, or with a
user wrapper of malloc (`xmalloc`, or `xfilled`, which fills the block with
0x5a) or of calloc (`xcalloc`)
(counts 50..3000 or so, constants or computed at run time by `count()`),
held in locals, globals or the `items`/`n` fields of a heap-allocated
`struct owner_S { struct S *items; long n; }`. An array is made by malloc,
by calloc (partly filled, the rest calloc's zeros), by realloc from null
doubling its capacity, by freeing and allocating it again in a loop (three
counts), or as a copy of an earlier array (memcpy of n*sizeof(struct S),
or element by element `b[i] = a[i]`, maybe reversed); then it may be
doubled or halved by realloc (every result checked), have elements deleted
by memmove of the tail, or be memset to zero whole and half refilled.
Pointer fields stay null until every array has stopped moving, then point
into their own array (or another structure's first array). The functions
take the array and its count: hot loops (a few fields every round, as
above), pointer walks (`p - a`, `p[-2]` .. `p[3]`, `&a[n / 2]` stepped by
++ and --, element pointers compared, a walk down), a sweep through the
owner's fields, and a report printing one checksum per field (the dead
ones never read) per array. At most one near miss per program (none in
about a third): an array resized by a user wrapper of realloc `xrealloc`,
a field's address passed to a function, a single element
`malloc(sizeof(struct S))`, or a local array of the structure on the
stack; or instead a qsort of one array (once a near miss, now rewritten
by blocks). About 40% of the structures also have a zeroed global array
(5000 to 12000 elements; or, half the time, a local array of main of
2500 or 4000, zeroed by its initializer; one or two dimensions; written through typed
steps over the global, walked like the rest, maybe memset or with elements
deleted; never resized or freed), drawn from a second random stream so
that the rest of each seed's program is what it was without them.

Usage
    python3 tests/exec/gen_arrays.py --seed S --n N --out DIR [--shape one|multi]
writes DIR/arraysS.c ... DIR/arrays(S+N-1).c (`--shape one`, the default:
one array per structure, as above) or DIR/multiS.c ... (`--shape multi`);
then
    python3 tests/exec/compare.py DIR/*.c --passes LIST
builds and compares them (a summary line counts the programs whose
structures were changed).
"""

import argparse
import os
import random
import re

# Eight-byte fields weigh more: records must stay above a cache line after
# deletion and reordering for the splitting passes to consider them.
SCALARS = [("char", 1), ("short", 2), ("int", 4), ("long", 8), ("unsigned", 4), ("double", 8), ("float", 4),
           ("long", 8), ("double", 8), ("long", 8)]
NEAR_MISSES = ["field_address", "memset", "element_copy", "second_alloc", "alloc_in_loop", "realloc", "qsort",
               "assign_copy"]
# Aggregate fields: (kind, element C type, length). Kinds: complex (a
# `TYPE _Complex`), array (`TYPE name[LEN]`), nested (`struct pt`).
AGGREGATES = [("complex", "double", 0), ("complex", "float", 0), ("array", "char", 12), ("array", "char", 20),
              ("array", "int", 3), ("array", "double", 2), ("nested", "struct pt", 0)]


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
        self.ops = {}  # aggregate field -> what the work loop does with it

    def add_aggregates(self, agg):
        """Aggregate fields from generator `agg` (not the program's own, so
        the other fields and the code around them stay what they were):
        none, one or two, anywhere (the first field too), hot with every
        field hot or at random, each maybe copied whole, memset or written
        through a pointer to a part of it."""
        for _ in range(agg.choice([0, 1, 1, 2, 2])):
            kind, elem, n = agg.choice(AGGREGATES)
            name = f"g{len(self.fields)}"
            self.fields.insert(agg.randint(0, len(self.fields)), (name, elem, f"agg:{kind}:{n}"))
            if self.all_hot or agg.random() < 0.25:
                self.hot.append(name)
            self.ops[name] = [op for op in ("copy", "memset", "part") if agg.random() < 0.3]

    def decl(self):
        def one(n, t, k):
            if k.startswith("agg:array:"):
                return f"    {t} {n}[{k.split(':')[2]}];\n"
            if k.startswith("agg:complex"):
                return f"    {t} _Complex {n};\n"
            return f"    {t} {n};\n" if t.endswith("*") is False else f"    {t}{n};\n"
        body = "".join(one(n, t, k) for n, t, k in self.fields)
        return f"struct {self.name} {{\n{body}}};\n"


def agg_kind(kind):
    """(kind, length) of an aggregate field's kind string, or None."""
    if not kind.startswith("agg:"):
        return None
    _, k, n = kind.split(":")
    return k, int(n)


def agg_read(expr, ctype, kind):
    """A long-valued read of aggregate field `expr` (parts of it)."""
    k, n = agg_kind(kind)
    if k == "complex":
        re, im = ("crealf", "cimagf") if ctype == "float" else ("creal", "cimag")
        return f"(long)({re}({expr}) * 2 + {im}({expr}))"
    if k == "nested":
        return f"(long)({expr}.x - {expr}.y + {expr}.w * 4)"
    if ctype == "char":
        return f"(long){expr}[i % {n - 1}]"
    return f"(long)({expr}[0] + {expr}[i % {n}])"


def agg_init(name, ctype, kind):
    """Statements giving aggregate field `p->name` its first value."""
    k, n = agg_kind(kind)
    f = f"p->{name}"
    if k == "complex":
        return (f"        {{ {ctype} re = ({ctype})(next() % 100) / 2; {ctype} im = ({ctype})(next() % 7);"
                f" {f} = re + im * I; }}\n")
    if k == "nested":
        return (f"        {f}.x = (int)(next() % 100); {f}.y = -(int)(next() % 50);"
                f" {f}.w = (double)(next() % 64) / 8;\n")
    if ctype == "char":
        # (Every byte set: the loops read past the string's end.)
        return (f"        memset({f}, 0, sizeof {f});\n"
                f"        snprintf({f}, sizeof {f}, \"n%u\", next() % 100000);\n")
    return (f"        for (int k = 0; k < {n}; k++) {f}[k] = ({ctype})(next() % 50){' / 4' if ctype == 'double' else ''};\n")


def agg_report(name, ctype, kind):
    """Checksum lines over every part of aggregate field `p->name`."""
    k, n = agg_kind(kind)
    f = f"p->{name}"
    if k == "complex":
        re, im = ("crealf", "cimagf") if ctype == "float" else ("creal", "cimag")
        return (f"        c = c * 31 + (unsigned long long)(long)({re}({f}) * 8);\n"
                f"        c = c * 31 + (unsigned long long)(long)({im}({f}) * 8);\n")
    if k == "nested":
        return (f"        c = c * 31 + (unsigned long long)(long){f}.x;\n"
                f"        c = c * 31 + (unsigned long long)(long){f}.y;\n"
                f"        c = c * 31 + (unsigned long long)(long)({f}.w * 8);\n")
    if ctype == "char":
        return (f"        for (int k = 0; k < {n} && {f}[k]; k++) c = c * 31 + (unsigned char){f}[k];\n"
                f"        c += strlen({f});\n")
    return f"        for (int k = 0; k < {n}; k++) c = c * 31 + (unsigned long long)(long)({f}[k] * 8);\n"


def agg_ops(s, a, n):
    """The work loop's uses of aggregate fields as wholes and parts (round
    `r`) in array `a` of `n` elements: copied from another element, memset,
    a part written through a pointer into the field."""
    out = []
    for name, ctype, kind in s.fields:
        ops = s.ops.get(name, [])
        k, ln = agg_kind(kind) or (None, 0)
        dst, src = f"{a}[(r + 1) % {n}].{name}", f"{a}[(r + 2) % {n}].{name}"
        if "copy" in ops:
            if k == "array":
                out.append(f"        memcpy({dst}, {src}, sizeof {dst});\n")
            else:
                out.append(f"        {dst} = {src};\n")
        if "memset" in ops:
            out.append(f"        memset(&{a}[(r + 3) % {n}].{name}, 0, sizeof {a}[0].{name});\n")
        if "part" in ops:
            e = f"{a}[(r + 4) % {n}].{name}"
            if k == "complex":
                out.append(f"        {{ {ctype} *q = ({ctype} *)&{e}; q[1] = q[1] + 1; }}\n")
            elif k == "nested":
                out.append(f"        {{ struct pt *q = &{e}; q->y = q->y + 1; q->w = q->w / 2; }}\n")
            elif ctype == "char":
                out.append(f"        {{ char *q = {e} + 1; if (*q) *q = 'a' + (char)(r % 26); }}\n")
            else:
                out.append(f"        {{ {ctype} *q = &{e}[{ln - 1}]; *q = *q + 1; }}\n")
    return out


def report_line(name, ctype, kind, base, other_base):
    """Checksum lines (into `c`) over field `p->name`: pointer fields as
    the index they point at (from `base`, their own array, or
    `other_base(NAME)` for a pointer to structure NAME) plus one, null 0."""
    if agg_kind(kind):
        return agg_report(name, ctype, kind)
    if kind == "self":
        return f"        c = c * 31 + (p->{name} ? (unsigned long long)(p->{name} - {base}) + 1 : 0);\n"
    if kind.startswith("other:"):
        o = kind[6:]
        return f"        c = c * 31 + (p->{name} ? (unsigned long long)(p->{name} - {other_base(o)}) + 1 : 0);\n"
    if ctype in ("double", "float"):
        return f"        c = c * 31 + (unsigned long long)(long)(p->{name} * 8);\n"
    return f"        c = c * 31 + (unsigned long long)(long)p->{name};\n"


def value(rng, ctype, expr):
    if ctype in ("double", "float"):
        return f"({ctype})(({expr}) % 1000) / 8"
    return f"({ctype})({expr})"


# What both shapes (`generate`, `generate_multi`) write alike, written once;
# each shape passes what differs (array and count expressions, index type,
# its own near misses).

def structures(rng, seed, most):
    """1 to `most` structure types from `rng`, then their aggregate fields
    from a generator of their own (not `rng`, so the rest of a seed's
    program stays what it was); returns the structures, that generator
    (for later draws of the aggregates' own) and the aggregate fields."""
    structs = []
    for k in range(rng.randint(1, most)):
        structs.append(Struct(rng, k, list(structs)))
    agg = random.Random(seed * 7919 + 5)
    for s in structs:
        s.add_aggregates(agg)
    return structs, agg, [f for s in structs for f in s.fields if agg_kind(f[2])]


def prelude(seed, aggregates):
    """The includes (complex.h too with aggregate fields) and the program's
    own LCG `next()`, seeded from `seed`."""
    return ["#include <complex.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
            if aggregates else "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n",
            "static unsigned long long state = %dULL;\n" % (seed * 2654435761 % 2**63 + 1),
            "static unsigned next(void) { state = state * 6364136223846793005ULL + 1442695040888963407ULL;"
            " return (unsigned)(state >> 33); }\n"]


def declarations(structs, aggregates):
    """The structure types: declared first (pointer fields may name a later
    one), `struct pt` if a field nests it, then each defined."""
    out = [f"struct {s.name};\n" for s in structs]
    if any(agg_kind(f[2])[0] == "nested" for f in aggregates):
        out.append("struct pt { int x, y; double w; };\n")
    out.extend(s.decl() for s in structs)
    return out


def hot_fields(s):
    """The hot fields of `s`: (scalars, aggregates). The loops read the
    scalars whole and the aggregates part by part (`agg_read`)."""
    kinds = {f[0]: f[2] for f in s.fields}
    return [h for h in s.hot if not agg_kind(kinds[h])], [h for h in s.hot if agg_kind(kinds[h])]


def weigh_function(s):
    """`weigh_NAME(p)`: a per-element helper summing the hot scalars."""
    expr = " + ".join(f"(long)p->{h}" for h in hot_fields(s)[0])
    return f"static long weigh_{s.name}(struct {s.name} *p) {{ return {expr}; }}\n"


def init_function(rng, s, head, a, n, index, pointer):
    """Function `head` writing every field of elements `a[0]` .. `a[n - 1]`
    (C expressions), `index` the indices' C type: pointer fields as
    `pointer(name, kind)` says (the shapes point them differently), the
    others a value from `next()` (3 for the constant fields)."""
    t = f"struct {s.name}"
    lines = [f"static void {head} {{\n",
             f"    for ({index} i = 0; i < {n}; i++) {{\n        {t} *p = &{a}[i];\n"]
    for name, ctype, kind in s.fields:
        if kind == "self" or kind.startswith("other:"):
            lines.append(pointer(name, kind))
        elif agg_kind(kind):
            lines.append(agg_init(name, ctype, kind))
        elif name in s.constant:
            lines.append(f"        p->{name} = 3;\n")
        else:
            lines.append(f"        p->{name} = {value(rng, ctype, 'next() % 100')};\n")
    lines.append("    }\n}\n")
    return "".join(lines)


def work_function(rng, s, params, a, n, index, before=(), after=(), keep_end=True):
    """`work_NAME(params)`, the hot loops: `rounds` times, a few of several
    forms of walking array `a` of `n` elements (C expressions: the global
    array and its count, or parameters; `index` the indices' C type), each
    reading a few fields (the rest are read once, in the report), then the
    aggregate operations. `before` and `after` are the near misses' lines
    of the round, before the aggregate operations and after the hot
    aggregates' loop. With `keep_end` false, `end` is declared only if a
    loop uses it (the one-array shape always declares it)."""
    t = f"struct {s.name}"
    kinds = {f[0]: (f[1], f[2]) for f in s.fields}
    hot, hot_agg = hot_fields(s)
    h0 = hot[0]
    ctype0 = kinds[h0][0]
    ptrs = [f[0] for f in s.fields if f[2] == "self"]
    loops = []
    forms = rng.sample(["index", "pointer", "helper", "chase", "diff", "update"], rng.randint(2, 4))
    if s.all_hot:
        # Every field as often as every other: the aos-to-soa case.
        forms = ["index", "helper"] if rng.random() < 0.5 else ["index"]
    for form in forms:
        if form == "index":
            # (With every field hot, the pointer fields are read here too.)
            terms = [f"(long){a}[i].{h}" for h in hot]
            terms += [agg_read(f"{a}[i].{h}", kinds[h][0], kinds[h][1]) for h in hot_agg]
            if s.all_hot:
                terms += [f"({a}[i].{f} != 0)" for f, _, k in s.fields if k != "scalar" and not agg_kind(k)]
            loops.append(f"        for ({index} i = 0; i < {n}; i++) acc += (unsigned long long)({' + '.join(terms)});\n")
        elif form == "pointer":
            loops.append(f"        for ({t} *p = {a}; p < end; p++) acc = acc * 3 + (unsigned long long)(long)p->{h0};\n")
        elif form == "helper":
            loops.append(f"        for ({index} i = r; i < {n}; i += 2) acc += (unsigned long long)weigh_{s.name}(&{a}[i]);\n")
        elif form == "chase" and ptrs:
            loops.append(f"        {{ {t} *q = &{a}[r % {n}]; for (int k = 0; q && k < 50; k++) {{"
                         f" acc += (unsigned long long)(q - {a}) + (unsigned long long)(long)q->{h0}; q = q->{ptrs[0]}; }} }}\n")
        elif form == "diff":
            loops.append(f"        {{ {t} *best = {a}; for ({t} *p = {a}; p != end; p++)"
                         f" if ((long)p->{h0} > (long)best->{h0}) best = p; acc += (unsigned long long)(best - {a}); }}\n")
        elif form == "update":
            if ctype0 in ("double", "float"):
                loops.append(f"        for ({index} i = 0; i < {n}; i += 3) {a}[i].{h0} = {a}[i].{h0} / 2 + 1;\n")
            else:
                loops.append(f"        for ({index} i = 0; i < {n}; i += 3) {a}[i].{h0} = ({ctype0})({a}[i].{h0} + r);\n")
    loops.extend(before)
    loops.extend(agg_ops(s, a, n))
    if hot_agg and "index" not in forms:
        # (Hot aggregates are read in the loops like the hot scalars.)
        terms = " + ".join(agg_read(f"{a}[i].{h}", kinds[h][0], kinds[h][1]) for h in hot_agg)
        loops.append(f"        for ({index} i = 0; i < {n}; i++) acc += (unsigned long long)({terms});\n")
    loops.extend(after)
    end = f"    {t} *end = {a} + {n};\n"
    if not keep_end and not re.search(r"\bend\b", "".join(loops)):
        end = ""
    return (f"static unsigned long long work_{s.name}({params}) {{\n    unsigned long long acc = 0;\n{end}"
            "    for (int r = 0; r < rounds; r++) {\n" + "".join(loops) + "    }\n    return acc;\n}\n")


def generate(seed):
    rng = random.Random(seed)
    structs, agg, aggregates = structures(rng, seed, 3)
    misses = [m for m in NEAR_MISSES if rng.random() < 0.12]
    if aggregates and agg.random() < 0.1:
        misses.append("agg_address")
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
    out = prelude(seed, aggregates) + [
           "static void *xmalloc(size_t n) { void *p = malloc(n); if (!p) { puts(\"oom\"); exit(2); } return p; }\n",
           "static void *xcalloc(size_t n, size_t s) { void *p = calloc(n, s); if (!p) { puts(\"oom\"); exit(2); }"
           " return p; }\n\n"]
    out.extend(declarations(structs, aggregates))
    for s in structs:
        out.append(f"static struct {s.name} *{s.name}_arr;\nstatic int {s.name}_n;\n")
        if s.alloc == "global" and s.rows:
            out.append(f"static struct {s.name} {s.name}_store[{s.rows}][{s.count // s.rows}];\n")
        elif s.alloc == "global":
            out.append(f"static struct {s.name} {s.name}_store[{s.count}];\n")
    out.append("\n")
    if "field_address" in misses:
        out.append("static void bump(unsigned *u) { *u += 1; }\nstatic void bumpl(long *u) { *u += 1; }\n")
    if "agg_address" in misses:
        out.append("static void flip(void *p) { ((unsigned char *)p)[0] ^= 1; }\n")
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
        f0 = next(f[0] for f in s.fields if not agg_kind(f[2]))
        code += (f"    {{ {t} *extra = malloc(4 * sizeof({t})); if (!extra) return 2;"
                 f" extra[1].{f0} = extra[0].{f0} = 0; free(extra); }}\n")
    if "memset" in misses:
        code += f"    memset({s.name}_arr, 0, {n} * sizeof({t}));\n"
    return code


def functions(rng, s, structs, misses):
    t = f"struct {s.name}"
    a = f"{s.name}_arr"
    n = f"{s.name}_n"
    out = []

    # Initialization: every field written (pointer fields to elements of
    # their array or null).
    def pointer(name, kind):
        if kind == "self":
            return f"        p->{name} = (next() % 4) ? &{a}[next() % {n}] : NULL;\n"
        o = kind[6:]
        return f"        p->{name} = (next() % 3) ? &{o}_arr[next() % {o}_n] : NULL;\n"
    out.append(init_function(rng, s, f"init_{s.name}(void)", a, n, "int", pointer))
    # A per-element helper taking a pointer.
    out.append(weigh_function(s))
    # The hot loops over the global array, with this shape's near misses.
    before, after = [], []
    if "field_address" in misses:
        scal = [f for f in s.fields if f[1] in ("unsigned", "long")]
        if scal:
            fn = "bump" if scal[0][1] == "unsigned" else "bumpl"
            before.append(f"        {fn}(&{a}[r % {n}].{scal[0][0]});\n")
    if "agg_address" in misses:
        aggs = [f[0] for f in s.fields if agg_kind(f[2])]
        if aggs:
            after.append(f"        flip(&{a}[r % {n}].{aggs[0]});\n")
    if "element_copy" in misses and s.count > 2:
        after.append(f"        memcpy(&{a}[0], &{a}[1], sizeof({t}));\n")
    if "assign_copy" in misses and s.count > 3:
        after.append(f"        {a}[2] = {a}[3];\n")
    out.append(work_function(rng, s, "int rounds", a, n, "int", before, after))
    # The report: every field but the dead ones read once.
    rep = [f"static unsigned long long report_{s.name}(void) {{\n    unsigned long long c = 0;\n",
           f"    for (int i = 0; i < {n}; i++) {{\n        {t} *p = &{a}[i];\n"]
    for name, ctype, kind in s.fields:
        if name in s.dead:
            continue
        rep.append(report_line(name, ctype, kind, a, lambda o: f"{o}_arr"))
    rep.append("    }\n")
    rep.append(f'    printf("{s.name} %llu\\n", c);\n    return c;\n}}\n')
    out.extend(rep)
    if "qsort" in misses:
        h0 = hot_fields(s)[0][0]
        out.append(f"static int cmp_{s.name}(const void *x, const void *y) {{\n"
                   f"    long a = (long)(({t} *)x)->{h0}, b = (long)(({t} *)y)->{h0};\n"
                   f"    return (a > b) - (a < b);\n}}\n")
    return out


# --shape multi: near misses (at most one per program; "qsort" is one no
# more, kept in the list so that a seed still makes the program it made),
# how each array is held and made, and what is done to it once every
# array exists.
MULTI_NEAR_MISSES = ["realloc_wrapper", "qsort", "field_address", "single", "stack"]
MULTI_HOLDERS = ["local", "local", "global", "owner"]
MULTI_MAKES = ["malloc", "calloc", "grown", "recycled"]
MULTI_COPIES = ["memcpy", "elemcopy"]
MULTI_OPS = ["double", "halve", "delete", "memset"]
# The user wrappers of the allocation functions an array may be made or
# resized by (xrealloc: the near miss).
MULTI_WRAPPERS = {
    "xmalloc": "static void *xmalloc(size_t n) { void *p = malloc(n); if (!p) { puts(\"oom\"); exit(2); } return p; }\n",
    "xfilled": "static void *xfilled(size_t n) {\n    void *p = malloc(n);\n    if (!p) { puts(\"oom\"); exit(2); }\n"
               "    memset(p, 0x5a, n);\n    return p;\n}\n",
    "xcalloc": "static void *xcalloc(size_t n, size_t size) {\n    void *p = calloc(n, size);\n"
               "    if (!p) { puts(\"oom\"); exit(2); }\n    return p;\n}\n",
    "xrealloc": "static void *xrealloc(void *q, size_t n) {\n    void *p = realloc(q, n);\n"
                "    if (!p) { puts(\"oom\"); exit(2); }\n    return p;\n}\n",
}


class MArray:
    """One of the arrays of structure `s` in a --shape multi program: where
    its pointer and count live (`holder`), how it is made (`make`, from
    array `src` for the copies), its count (a constant or a (lo, span)
    computed at run time), what is done to it afterwards (`ops`)."""

    def __init__(self, rng, s, j):
        self.s, self.j = s, j
        self.holder = rng.choice(MULTI_HOLDERS)
        self.make = rng.choice(MULTI_MAKES + (MULTI_COPIES if j else []))
        self.src = rng.randrange(j) if self.make in MULTI_COPIES else None
        self.count = (rng.choice([50, 97, 500, 1000, 3000]) if rng.random() < 0.5 else
                      (rng.choice([50, 200, 400, 1000, 2000]), rng.choice([1, 100, 700, 1000])))
        self.calloc = rng.random() < 0.4  # (recycled arrays: calloc instead of malloc)
        self.extra = rng.choice([0, 0, 17, 300])  # (memcpy copies: elements after the copied ones)
        self.reverse = rng.random() < 0.5  # (element copies: b[i] = a[n - 1 - i])
        self.ops = [op for op in MULTI_OPS if rng.random() < 0.3]
        rng.shuffle(self.ops)
        self.rounds = rng.randint(2, 6)
        self.alloc = rng.choice(["malloc", "malloc", "malloc", "xmalloc", "xfilled"])
        self.calloc_fn = rng.choice(["calloc", "calloc", "calloc", "xcalloc"])
        self.realloc_fn = "realloc"  # or xrealloc: the realloc wrapper near miss
        if self.holder == "owner":
            self.ptr, self.n = f"{s.name}_o{j}->items", f"{s.name}_o{j}->n"
        else:
            self.ptr, self.n = f"{s.name}_a{j}", f"{s.name}_n{j}"
        self.tag = f"{s.name}.a{j}"

    def count_expr(self, extra=""):
        if isinstance(self.count, int):
            return f"{self.count}{extra}"
        lo, span = self.count
        return f"count({lo}{extra}, {span})"


def msize(rng, n, t):
    """`n` elements of `t` in bytes, in one of the forms programs write."""
    return rng.choice([f"{n} * sizeof({t})", f"sizeof({t}) * {n}", f"(size_t){n} * sizeof({t})"])


def multi_functions(rng, s, structs, miss, target, owned):
    """fill, link, weigh, work, walk, sweep (arrays held by an owner),
    report and, for the qsort near miss, cmp for structure `s`; every one
    takes the array and its count as parameters."""
    t = f"struct {s.name}"
    kinds = {f[0]: (f[1], f[2]) for f in s.fields}
    scal = [f[0] for f in s.fields if f[2] == "scalar"]
    hot = hot_fields(s)[0]
    h0, h1 = hot[0], hot[1] if len(hot) > 1 else hot[0]
    ptrs = [f[0] for f in s.fields if f[2] == "self"]
    others = sorted({f[2][6:] for f in s.fields if f[2].startswith("other:")})
    out = []
    # fill: every field of n elements from a (pointer fields null: link
    # sets them once no array moves any more).
    out.append(init_function(rng, s, f"fill_{s.name}({t} *a, long n)", "a", "n", "long",
                             lambda name, kind: f"        p->{name} = NULL;\n"))
    # link: pointer fields to elements of the same array or of the first
    # array of another structure.
    oparams = "".join(f", struct {o} *b_{o}, long b_{o}n" for o in others)
    if ptrs or others:
        lines = [f"static void link_{s.name}({t} *a, long n{oparams}) {{\n",
                 "    for (long i = 0; i < n; i++) {\n"]
        for name, ctype, kind in s.fields:
            if kind == "self":
                lines.append(f"        a[i].{name} = (next() % 4) ? &a[next() % n] : NULL;\n")
            elif kind.startswith("other:"):
                o = kind[6:]
                lines.append(f"        a[i].{name} = (next() % 3) ? &b_{o}[next() % b_{o}n] : NULL;\n")
        lines.append("    }\n}\n")
        out.extend(lines)
    bump = []
    if miss == "field_address" and s is target:
        f = rng.choice(scal)
        ft = kinds[f][0]
        out.append(f"static void bump({ft} *u) {{ *u = ({ft})(*u + 1); }}\n")
        bump.append(f"        bump(&a[r % n].{f});\n")
    # work: the hot loops over the array passed, a few fields read every
    # round (the rest once, in report).
    work = work_function(rng, s, f"{t} *a, long n, int rounds", "a", "n", "long", bump, keep_end=False)
    # (weigh: for the helper loop and the single near miss.)
    if f"weigh_{s.name}(" in work or (miss == "single" and s is target):
        out.append(weigh_function(s))
    out.append(work)
    # walk: pointers over the elements (differences, neighbours at
    # negative and positive offsets, a pointer stepped both ways,
    # comparisons, a walk down).
    rd = lambda e, h: f"(unsigned long long)(long){e}->{h}"
    walks = {
        "up": f"    for ({t} *p = a; p < a + n; p++) acc = acc * 5 + (unsigned long long)(p - a) * {rd('p', h0)};\n",
        "near": f"    for (long i = 2; i + 3 < n; i += {rng.choice([1, 3, 5])}) {{ {t} *p = &a[i];"
                f" acc += (unsigned long long)((long)p[-2].{h0} - (long)p[-1].{h1} + (long)p[1].{h0} + (long)p[3].{h1}); }}\n",
        "step": f"    {{ {t} *q = &a[n / 2];\n"
                f"      for (int k = 0; k < 20 && q + 1 < a + n; k++) {{ q++; acc = acc * 3 + {rd('q', h0)}; }}\n"
                f"      for (int k = 0; k < 30 && q > a; k++) {{ q--; acc = acc * 3 + {rd('q', h1)}; }}\n"
                f"      acc += (unsigned long long)(q - a); }}\n",
        "range": f"    {{ {t} *lo = &a[next() % n], *hi = &a[next() % n];\n"
                 f"      if (lo > hi) {{ {t} *x = lo; lo = hi; hi = x; }}\n"
                 f"      for (; lo < hi; lo++) acc += {rd('lo', h0)};\n"
                 f"      acc += (unsigned long long)(lo == hi) + (unsigned long long)(hi - a) + (unsigned long long)(hi >= a); }}\n",
        "down": f"    for ({t} *p = a + n; p != a; ) {{ --p; acc = acc * 7 + {rd('p', h1)}; }}\n",
    }
    keep = ["up", "near"] + rng.sample(["step", "range", "down"], rng.randint(1, 3))
    out.append(f"static unsigned long long walk_{s.name}({t} *a, long n) {{\n    unsigned long long acc = 0;\n"
               + "".join(walks[w] for w in walks if w in keep) + "    return acc;\n}\n")
    if owned:
        g = f"(unsigned long long)(long)o->items[i].{h0}"
        out.append(f"static unsigned long long sweep_{s.name}(struct owner_{s.name} *o) {{\n"
                   "    unsigned long long acc = 0;\n"
                   f"    for (long i = 0; i < o->n; i++) acc = acc * 7 + {g};\n"
                   f"    for (long i = 1; i < o->n; i += 2) o->items[i].{h1} = o->items[i - 1].{h1};\n"
                   "    return acc;\n}\n")
    # report: one checksum per field (the dead ones never read), on one line.
    bparams = "".join(f", struct {o} *b_{o}" for o in others)
    rep = [f"static unsigned long long report_{s.name}(const char *tag, {t} *a, long n{bparams}) {{\n",
           "    unsigned long long t = 0, c;\n    printf(\"%s\", tag);\n"]
    for name, ctype, kind in s.fields:
        if name in s.dead:
            continue
        rep.append(f"    c = 0;\n    for (long i = 0; i < n; i++) {{\n        {t} *p = &a[i];\n")
        rep.append(report_line(name, ctype, kind, "a", lambda o: f"b_{o}"))
        rep.append('    }\n    printf(" %llu", c);\n    t = t * 1000003 + c;\n')
    rep.append('    printf("\\n");\n    return t;\n}\n')
    out.extend(rep)
    if miss == "qsort" and s is target:
        # (Every scalar field compared: elements equal in all of them are
        # equal in all, so the order qsort leaves is the only one.)
        cmp = [f"    if (x->{f} != y->{f}) return x->{f} < y->{f} ? -1 : 1;\n" for f in scal]
        out.append(f"static int cmp_{s.name}(const void *l, const void *r) {{\n"
                   f"    const {t} *x = l, *y = r;\n" + "".join(cmp) + "    return 0;\n}\n")
    return out


def multi_make(rng, arr, arrays):
    """Statements of main making array `arr` (`arrays`: the structure's
    arrays, for the copies' sources)."""
    s, p, n = arr.s, arr.ptr, arr.n
    t = f"struct {s.name}"
    fill = f"fill_{s.name}"
    code = []
    if arr.make in ("malloc", "calloc"):
        code.append(f"    {n} = {arr.count_expr()};\n")
        if arr.make == "calloc":
            # (Partly filled: the rest is calloc's zeros.)
            code.append(f"    {p} = {arr.calloc_fn}({n}, sizeof({t}));\n    if (!{p}) return 2;\n"
                        f"    {fill}({p}, {n} - {n} / 3);\n")
        else:
            code.append(f"    {p} = {arr.alloc}({msize(rng, n, t)});\n    if (!{p}) return 2;\n    {fill}({p}, {n});\n")
    elif arr.make == "grown":
        # (From null, doubling, each new part filled.)
        code.append(f"    {{ long want = {arr.count_expr()};\n"
                    f"      for (long cap = {rng.choice([4, 8, 16])}; ; cap *= 2) {{\n"
                    f"        {t} *g = {arr.realloc_fn}({p}, {msize(rng, 'cap', t)});\n        if (!g) return 2;\n"
                    f"        {fill}(g + {n}, cap - {n});\n        {p} = g;\n        {n} = cap;\n"
                    "        if (cap >= want) break;\n      }\n    }\n")
    elif arr.make == "recycled":
        # (Freed and allocated again, each time with another count.)
        alloc = f"{arr.calloc_fn}({n}, sizeof({t}))" if arr.calloc else f"{arr.alloc}({msize(rng, n, t)})"
        code.append(f"    for (int r = 0; r < 3; r++) {{\n        free({p});\n"
                    f"        {n} = {arr.count_expr(' + 37 * r')};\n"
                    f"        {p} = {alloc};\n        if (!{p}) return 2;\n"
                    f"        {fill}({p}, {n});\n        sum += work_{s.name}({p}, {n}, 1);\n    }}\n")
    else:
        src = arrays[arr.src]
        if arr.make == "memcpy":
            code.append(f"    {n} = {src.n} + {arr.extra};\n"
                        f"    {p} = {arr.alloc}({msize(rng, n, t)});\n    if (!{p}) return 2;\n"
                        f"    memcpy({p}, {src.ptr}, {msize(rng, src.n, t)});\n"
                        f"    {fill}({p} + {src.n}, {arr.extra});\n")
        else:
            at = f"{src.n} - 1 - i" if arr.reverse else "i"
            code.append(f"    {n} = {src.n};\n"
                        f"    {p} = {arr.alloc}({msize(rng, n, t)});\n    if (!{p}) return 2;\n"
                        f"    for (long i = 0; i < {n}; i++) {p}[i] = {src.ptr}[{at}];\n")
        # (The copy then differs from its source.)
        f = rng.choice([f[0] for f in s.fields if f[2] == "scalar"])
        ft = dict((x[0], x[1]) for x in s.fields)[f]
        code.append(f"    for (long i = 0; i < {n}; i += {rng.choice([2, 5, 9])}) {p}[i].{f} = {value(rng, ft, 'next() % 100')};\n")
    for op in arr.ops:
        if op == "double":
            code.append(f"    {{ long m = {n} * 2; {t} *g = {arr.realloc_fn}({p}, {msize(rng, 'm', t)}); if (!g) return 2;"
                        f" {fill}(g + {n}, m - {n}); {p} = g; {n} = m; }}\n")
        elif op == "halve":
            code.append(f"    {{ long m = {n} - {n} / 2; {t} *g = {arr.realloc_fn}({p}, {msize(rng, 'm', t)}); if (!g) return 2;"
                        f" {p} = g; {n} = m; }}\n")
        elif op == "delete":
            # (An element deleted by moving the tail down, a few times.)
            code.append(f"    for (int d = 0; d < {rng.randint(1, 5)}; d++) {{ long at = next() % {n};"
                        f" memmove(&{p}[at], &{p}[at + 1], ({n} - at - 1) * sizeof({t})); {n}--; }}\n")
        elif op == "memset":
            code.append(f"    memset({p}, 0, {n} * sizeof({t}));\n    {fill}({p}, {n} / 2);\n")
    return "".join(code)


class MStatic:
    """A zeroed global array of structure `s` in a --shape multi program,
    or a local array of main zeroed by its initializer (`local`; one or
    two dimensions, `count` elements in all), walked through a local
    pointer to its first element like the heap arrays; memset and element
    deletion by memmove may happen to it, never realloc or free."""

    def __init__(self, srng, s, j):
        self.s, self.j = s, j
        # (A local array in main, zeroed by its initializer, is smaller:
        # its blocks are on the stack.)
        self.local = srng.random() < 0.5
        self.count = srng.choice([2500, 4000] if self.local else [5000, 9000, 12000])
        self.rows = srng.choice([0, 0, 2, 3])
        self.store = f"{s.name}_g{j}"
        self.ptr, self.n = f"{s.name}_s{j}", f"{s.name}_sn{j}"
        self.ops = [op for op in ["delete", "memset"] if srng.random() < 0.3]
        self.rounds = srng.randint(2, 6)
        self.tag = f"{s.name}.g{j}"

    def declaration(self, local=False):
        """The global's declaration (or, with `local`, main's local's)."""
        if local != self.local:
            return ""
        t = f"struct {self.s.name}"
        dims = f"[{self.rows}][{self.count // self.rows}]" if self.rows else f"[{self.count}]"
        return f"    {t} {self.store}{dims} = {{0}};\n" if local else f"static {t} {self.store}{dims};\n"

    def make(self, srng):
        """main's statements: the pointer and count, a fill (typed steps
        over the global itself for some fields), the ops."""
        s, t = self.s, f"struct {self.s.name}"
        first = f"&{self.store}[0][0]" if self.rows else self.store
        code = [self.declaration(local=True), f"    {t} *{self.ptr} = {first};\n    long {self.n} = {self.count - (self.count % self.rows if self.rows else 0)};\n",
                f"    fill_{s.name}({self.ptr}, {self.n} - {self.n} / 4);\n"]
        scal = [f for f in s.fields if f[2] == "scalar"]
        name, ctype, _ = srng.choice(scal)
        if self.rows:
            cols = self.count // self.rows
            code.append(f"    for (int r = 0; r < {self.rows}; r++)\n        for (long c = 0; c < {cols}; c += 3)"
                        f" {self.store}[r][c].{name} = {value(srng, ctype, '(unsigned)(r * 7 + c)')};\n")
        else:
            code.append(f"    for (long i = 1; i < {self.count}; i += 4) {self.store}[i].{name} ="
                        f" {value(srng, ctype, '(unsigned)i')};\n")
        for op in self.ops:
            if op == "delete":
                code.append(f"    for (int d = 0; d < {srng.randint(1, 4)}; d++) {{ long at = next() % {self.n};"
                            f" memmove(&{self.ptr}[at], &{self.ptr}[at + 1], ({self.n} - at - 1) * sizeof({t})); {self.n}--; }}\n")
            else:
                code.append(f"    memset({self.ptr}, 0, {self.n} * sizeof({t}));\n    fill_{s.name}({self.ptr}, {self.n} / 2);\n")
        return "".join(code)


def generate_multi(seed):
    """A --shape multi program (see the docstring)."""
    rng = random.Random(seed)
    # (Global arrays from their own stream: the rest of a seed's program
    # is what it was before they existed.)
    srng = random.Random(f"static{seed}")
    structs, _, aggregates = structures(rng, seed, 2)
    miss = rng.choice(MULTI_NEAR_MISSES) if rng.random() < 0.7 else None
    target = rng.choice(structs)
    arrays = {}
    for s in structs:
        arrs = [MArray(rng, s, j) for j in range(rng.randint(2, 4))]
        if not any(a.make == "grown" or "double" in a.ops for a in arrs):
            rng.choice(arrs).ops.append("double")
        arrays[s.name] = arrs
    if miss == "realloc_wrapper":
        arr = rng.choice(arrays[target.name])
        if arr.make != "grown" and "double" not in arr.ops:
            arr.ops.append("double")
        arr.realloc_fn = "xrealloc"
    sorted_arr = rng.choice(arrays[target.name]) if miss == "qsort" else None
    statics = {s.name: [MStatic(srng, s, j) for j in range(1 if srng.random() < 0.4 else 0)] for s in structs}
    out = prelude(seed, aggregates)
    if any(not isinstance(a.count, int) and a.make not in MULTI_COPIES for arrs in arrays.values() for a in arrs):
        out.append("static long count(long lo, long span) { return lo + (long)(next() % (unsigned)span); }\n")
    used = {f for arrs in arrays.values() for a in arrs for f in (a.alloc, a.calloc_fn, a.realloc_fn)}
    out.extend(code for name, code in MULTI_WRAPPERS.items() if name in used)
    out.append("\n")
    out.extend(declarations(structs, aggregates))
    owned = {s.name: any(a.holder == "owner" for a in arrays[s.name]) for s in structs}
    for s in structs:
        if owned[s.name]:
            out.append(f"struct owner_{s.name} {{ struct {s.name} *items; long n; }};\n")
    for s in structs:
        for a in arrays[s.name]:
            if a.holder == "global":
                out.append(f"static struct {s.name} *{a.ptr};\nstatic long {a.n};\n")
        out.extend(g.declaration() for g in statics[s.name])
    out.append("\n")
    for s in structs:
        out.extend(multi_functions(rng, s, structs, miss, target, owned[s.name]))
    out.append("int main(void) {\n    unsigned long long sum = 0;\n")
    for s in structs:
        for a in arrays[s.name]:
            if a.holder == "local":
                out.append(f"    struct {s.name} *{a.ptr} = NULL;\n    long {a.n} = 0;\n")
            elif a.holder == "owner":
                o = f"{s.name}_o{a.j}"
                out.append(f"    struct owner_{s.name} *{o} = malloc(sizeof(struct owner_{s.name}));\n"
                           f"    if (!{o}) return 2;\n    {o}->items = NULL;\n    {o}->n = 0;\n")
    for s in structs:
        for a in arrays[s.name]:
            out.append(multi_make(rng, a, arrays[s.name]))
    for s in structs:
        for g in statics[s.name]:
            out.append(g.make(srng))
    if sorted_arr:
        out.append(f"    qsort({sorted_arr.ptr}, {sorted_arr.n}, sizeof(struct {target.name}), cmp_{target.name});\n")
    # Pointer fields set once no array moves any more; the other
    # structures' pointers go to their first array.
    links = {}
    for s in structs:
        others = sorted({f[2][6:] for f in s.fields if f[2].startswith("other:")})
        first = {o: arrays[o][0] for o in others}
        links[s.name] = ("".join(f", {first[o].ptr}, {first[o].n}" for o in others),
                         "".join(f", {first[o].ptr}" for o in others),
                         any(f[2] == "self" for f in s.fields) or others)
    for s in structs:
        largs, _, has = links[s.name]
        if has:
            for a in arrays[s.name] + statics[s.name]:
                out.append(f"    link_{s.name}({a.ptr}, {a.n}{largs});\n")
    for s in structs:
        for a in arrays[s.name] + statics[s.name]:
            out.append(f"    sum += work_{s.name}({a.ptr}, {a.n}, {a.rounds});\n"
                       f"    sum += walk_{s.name}({a.ptr}, {a.n});\n")
            if getattr(a, "holder", None) == "owner":
                out.append(f"    sum += sweep_{s.name}({s.name}_o{a.j});\n")
    for s in structs:
        for a in arrays[s.name] + statics[s.name]:
            out.append(f"    sum += report_{s.name}(\"{a.tag}\", {a.ptr}, {a.n}{links[s.name][1]});\n")
    t = f"struct {target.name}"
    largs, rargs, has = links[target.name]
    if miss == "single":
        # (One element on its own, not an array.)
        out.append(f"    {t} *one = malloc(sizeof({t}));\n    if (!one) return 2;\n    fill_{target.name}(one, 1);\n"
                   + (f"    link_{target.name}(one, 1{largs});\n" if has else "")
                   + f"    sum += (unsigned long long)weigh_{target.name}(one);\n"
                   f"    sum += report_{target.name}(\"{target.name}.one\", one, 1{rargs});\n    free(one);\n")
    if miss == "stack":
        out.append(f"    {{\n        {t} loc[16];\n        fill_{target.name}(loc, 16);\n"
                   + (f"        link_{target.name}(loc, 16{largs});\n" if has else "")
                   + f"        sum += work_{target.name}(loc, 16, 2);\n        sum += walk_{target.name}(loc, 16);\n"
                   f"        sum += report_{target.name}(\"{target.name}.stack\", loc, 16{rargs});\n    }}\n")
    out.append('    printf("total %llu\\n", sum);\n')
    for s in structs:
        for a in arrays[s.name]:
            out.append(f"    free({a.ptr});\n")
            if a.holder == "owner":
                out.append(f"    free({s.name}_o{a.j});\n")
    out.append("    return 0;\n}\n")
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--out", required=True)
    ap.add_argument("--shape", choices=["one", "multi"], default="one",
                    help="one: one array per structure (the default); multi: several live arrays per structure")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for k in range(args.n):
        seed = args.seed + k
        name, gen = ("multi", generate_multi) if args.shape == "multi" else ("arrays", generate)
        with open(os.path.join(args.out, f"{name}{seed}.c"), "w") as f:
            f.write(gen(seed))


if __name__ == "__main__":
    main()
