#!/usr/bin/env python3
"""Score `dtrans ptr-types` against the types clang's debug information names.

Ground truth
    clang-19 -g describes source variables with debug records:
    `#dbg_value(ptr %v, !VAR, !DIExpression(), ...)` says the SSA value %v
    holds variable VAR, and `#dbg_declare(ptr %a, !VAR, !DIExpression(), ...)`
    says the alloca %a is VAR's storage, so %a points to VAR's type. A point
    is a (function, value) whose type so obtained is a pointer, at any depth,
    to a named structure or union (typedefs and qualifiers looked through;
    an anonymous structure named by a typedef takes the typedef's name, as
    `dtrans annotate` does). Records with a non-empty DIExpression describe
    a computed value, not the value itself, and are skipped; so are values
    that two records give different types (one SSA value holding a
    `struct S *` and a `void *` variable, say), which are counted apart.

Score per program and level
    points     values with such a type
    recovered  `dominant` in `dtrans ptr-types --format json` equals it,
               or does but for a suffix the linker added to a structure's
               name (`%struct.lua_State.4`: a second type of that name in
               a linked module; counted as `renamed` too), or the value is
               ambiguous between structures sharing a prefix and its
               `prefix_type` (the type it holds, see `dtrans ptr-types`)
               equals it (counted as `prefix` too), or the value has
               neither and the `used_as` type all its uses agree on
               equals it (an origin the recovery does not follow, such
               as a variable byte offset; counted as `by-use` too)
    outer      `dominant` is a structure that starts with it (the same
               address: `&v->adj` at -O2 is `v`), and the value is also
               listed as used as the debug type, or the debug layouts say
               `dominant` begins with it (as for `inner`, the other way
               round: a union with it as a member, also by the members
               the report lists for a union the analysis named, such as
               `%union.anon.3`, and a pointer at a member's start: Lua
               5.4's `&uv->u.open.next`, an `UpVal **`, is the address of
               the union); not counted as recovered
    inner      `dominant` (or, with none, `prefix_type`, else `used_as`)
               is a structure the
               debug type begins with, by the debug information's layouts:
               nested at offset 0 (through unions too) or a strictly
               smaller structure whose members are the debug type's first
               members (C inheritance, Lua's CommonHeader), or the scalar
               or pointer it begins with (through first members, arrays
               and a union's members: brotli's `H2` is only a `uint32_t
               buckets_[65537]`, which is all the IR shows of it, so
               `i32*`; a `record_t *` whose one use loads its first
               member `char *str` is `i8**`; a union is also the integer
               of its size, as clang copies it); where the debug type
               begins with a `void *` that way, also a pointer to any
               pointer (QuickJS's `JSArrayIteratorData` begins with a
               `JSValue` whose `void *ptr` the value's uses load as a
               `JSString *`: `%struct.JSString**`). Another view of the
               same address, like `outer`; not counted as recovered, nor
               as wrong
    merged     the answer (`dominant`, else `prefix_type`, else
               `used_as`) is the type of another variable the same SSA
               value stands for: -O2 gives `void *p` and `struct S *s = p`
               one value, with a record for each, and the value holds both
               (`void *` is `i8*` here, `int *` `i32*`; an answer `[N x
               T]*` is compared as the `T*` it decays to); not recovered,
               not wrong
    generic    the answer is `i8*` (or `i8**`, ..., no deeper than the debug
               type): `void *`, a pointer to nothing the analysis can name
               (a `void *` result of `luaL_checkudata` or `JS_GetOpaque`
               never used as a structure). No structure claimed: not
               recovered, not wrong; with `unknown`, what remains to
               recover
    wrong      `dominant` is another type, or there is none and
               `prefix_type` (else `used_as`) is another type (a
               structure of the same layout under another name, which
               llvm-link may give a value, is wrong)
    unknown    no dominant type (unknown, ambiguous, or no information);
               split into unknown-flag / ambiguous / no-dominant
    The columns are exclusive, tried in the order recovered, merged,
    generic, then the rest (a `merged` `i8*` is not also `generic`);
    points = recovered + wrong + outer + inner + merged + generic +
    unknown.
    Target (issue 21): wrong 0, recovered >= 97% at -O0 and -O2.

Usage
    python3 bench/ptr_types_eval.py [--levels O0,O2,O2-nopasses] [--show]
        [--cflags FLAGS] [--dtrans PATH] [FILE.c ...]

    Without files, every tests/programs/*.c. A `.bc` or `.ll` file is
    scored as it is, once (level `module`), e.g. the linked
    whole programs `bench/corpus.py --ptr-types` writes,
    bench/out/corpus/NAME/linked-O2.bc (shown as NAME). --show lists
    every point that was not recovered, its kind (wrong, outer, inner,
    merged, generic, unknown) first, with the
    reason dtrans gives. Exit status 1 when a
    point is wrong (a recovered type that is not the debug type).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LEVELS = {
    "O0": ["-O0"],
    "O2": ["-O2"],
    "O2-nopasses": ["-O2", "-Xclang", "-disable-llvm-passes"],
}

MD_LINE = re.compile(r"^!(\d+) = (?:distinct )?!(\w+)\((.*)\)\s*$")
FIELD = re.compile(r"(\w+): (\"(?:[^\"\\]|\\.)*\"|![0-9]+|[\w.]+)")
DEFINE = re.compile(r"^define .*?@(\"[^\"]*\"|[\w.$]+)\(")
RECORD = re.compile(r"#dbg_(value|declare)\(ptr (%[\w.$\"-]+), !(\d+), !DIExpression\(\)")


def parse_metadata(lines):
    """!N -> (kind, {field: value}) for every specialized metadata node."""
    nodes = {}
    for line in lines:
        m = MD_LINE.match(line)
        if m:
            nodes[int(m.group(1))] = (m.group(2), dict(FIELD.findall(m.group(3))))
    return nodes


def ref(value):
    return int(value[1:]) if value and value.startswith("!") and value[1:].isdigit() else None


def unquote(s):
    return s[1:-1] if s and s.startswith('"') else s


def spec_type(nodes, n, depth=0):
    """The specification's notation of debug type !n when it is a pointer
    (any depth) to a named structure or union, else None."""
    if n is None or depth > 64 or n not in nodes:
        return None
    kind, f = nodes[n]
    if kind == "DIDerivedType":
        tag = f.get("tag")
        if tag == "DW_TAG_pointer_type":
            inner = spec_type(nodes, ref(f.get("baseType")), depth + 1)
            if inner is not None:
                return inner + "*"
            base = struct_name(nodes, ref(f.get("baseType")), depth + 1)
            return base + "*" if base else None
        if tag in ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type",
                   "DW_TAG_restrict_type", "DW_TAG_atomic_type"):
            return spec_type(nodes, ref(f.get("baseType")), depth + 1)
    return None


def struct_name(nodes, n, depth=0, typedef_name=None):
    """`%struct.S` / `%union.U` for a named composite behind !n (through
    typedefs and qualifiers), else None."""
    if n is None or depth > 64 or n not in nodes:
        return None
    kind, f = nodes[n]
    if kind == "DIDerivedType":
        tag = f.get("tag")
        if tag == "DW_TAG_typedef":
            # The typedef nearest the anonymous composite names it
            # (`typedef union {...} pthread_mutex_t; typedef pthread_mutex_t
            # mythread_mutex;` is %union.pthread_mutex_t), as in annotate.
            return struct_name(nodes, ref(f.get("baseType")), depth + 1, unquote(f.get("name")))
        if tag in ("DW_TAG_const_type", "DW_TAG_volatile_type", "DW_TAG_restrict_type",
                   "DW_TAG_atomic_type"):
            return struct_name(nodes, ref(f.get("baseType")), depth + 1, typedef_name)
        return None
    if kind == "DICompositeType":
        tag = f.get("tag")
        prefix = {"DW_TAG_structure_type": "struct", "DW_TAG_union_type": "union"}.get(tag)
        if prefix is None:
            return None
        name = unquote(f.get("name")) or typedef_name
        return f"%{prefix}.{name}" if name else None
    return None


def any_type(nodes, n, depth=0):
    """The notation of debug type !n when it is a pointer to anything this
    script can name: a structure or union (as `spec_type`), `void` and
    `char` (`i8`), an integer or float (`iN`, `float`, `double`), a
    pointer; else None. For the other variables a value stands for."""
    if n is None or depth > 64 or n not in nodes:
        return None
    kind, f = nodes[n]
    if kind != "DIDerivedType":
        return None
    tag = f.get("tag")
    if tag in QUALIFIERS:
        return any_type(nodes, ref(f.get("baseType")), depth + 1)
    if tag != "DW_TAG_pointer_type":
        return None
    b = ref(f.get("baseType"))
    if b is None:
        return "i8*"
    inner = any_type(nodes, b, depth + 1)
    if inner is not None:
        return inner + "*"
    s = struct_name(nodes, b, depth + 1)
    if s:
        return s + "*"
    scalar = scalar_name(nodes, b, depth + 1)
    return scalar + "*" if scalar else None


def scalar_name(nodes, n, depth=0):
    """`iN`, `float` or `double` for a basic type behind !n (`void`,
    `char`: `i8`), else None."""
    while n is not None and depth < 64 and n in nodes:
        kind, f = nodes[n]
        if kind == "DIBasicType":
            size = int(f.get("size", "0"))
            if f.get("encoding") == "DW_ATE_float":
                return {32: "float", 64: "double"}.get(size)
            return f"i{size}" if size else None
        if kind != "DIDerivedType" or f.get("tag") not in QUALIFIERS:
            return None
        n = ref(f.get("baseType"))
        depth += 1
    return None


TUPLE = re.compile(r"^!(\d+) = (?:distinct )?!\{(.*)\}\s*$")
QUALIFIERS = ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type", "DW_TAG_restrict_type",
              "DW_TAG_atomic_type")


class Layouts:
    """The debug information's structure layouts: which structure begins
    with which (for `inner`)."""

    def __init__(self, lines, nodes):
        self.nodes = nodes
        self.tuples = {}
        for line in lines:
            m = TUPLE.match(line)
            if m:
                self.tuples[int(m.group(1))] = [ref(x.strip()) for x in m.group(2).split(",")]
        # `%struct.S` -> the composites of that name (a linked module has
        # one per unit), by tag name or by the typedef naming an anonymous one.
        self.by_name = {}
        for n, (kind, f) in nodes.items():
            if kind == "DICompositeType" and f.get("tag") in ("DW_TAG_structure_type", "DW_TAG_union_type"):
                name = struct_name(nodes, n)
                if name:
                    self.by_name.setdefault(name, set()).add(n)
            elif kind == "DIDerivedType" and f.get("tag") == "DW_TAG_typedef":
                c = self.composite(n)
                if c is not None and not unquote(nodes[c][1].get("name")):
                    name = struct_name(nodes, n)
                    if name:
                        self.by_name.setdefault(name, set()).add(c)
        self.memo = {}

    def composite(self, n, depth=0):
        """The composite behind !n through typedefs and qualifiers."""
        while n is not None and depth < 64 and n in self.nodes:
            kind, f = self.nodes[n]
            if kind == "DICompositeType":
                return n
            if kind != "DIDerivedType" or f.get("tag") not in QUALIFIERS:
                return None
            n = ref(f.get("baseType"))
            depth += 1
        return None

    def type_key(self, n, depth=0):
        """A comparable name of debug type !n (members of two units)."""
        if n is None or depth > 16 or n not in self.nodes:
            return "void"
        kind, f = self.nodes[n]
        if kind == "DIBasicType":
            return unquote(f.get("name"))
        if kind == "DIDerivedType":
            tag = f.get("tag")
            if tag in QUALIFIERS:
                return self.type_key(ref(f.get("baseType")), depth + 1)
            if tag == "DW_TAG_pointer_type":
                return "ptr"
            return tag
        if kind == "DICompositeType":
            if f.get("tag") == "DW_TAG_array_type":
                return f"[{f.get('size')}]" + self.type_key(ref(f.get("baseType")), depth + 1)
            return struct_name(self.nodes, n) or f"anon{f.get('size')}"
        return kind

    def members(self, c):
        """(offset, type node, key) of composite !c's members."""
        out = []
        for e in self.tuples.get(ref(self.nodes[c][1].get("elements")), []):
            kind, f = self.nodes.get(e, (None, {}))
            if kind == "DIDerivedType" and f.get("tag") == "DW_TAG_member":
                t = ref(f.get("baseType"))
                out.append((int(f.get("offset", "0")), t, self.type_key(t)))
        return out

    def size(self, c):
        return int(self.nodes[c][1].get("size", "0"))

    def begins_with(self, d, base, depth=0):
        """Composite !d begins with a structure named `base`."""
        key = (d, base)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = False
        bases = self.by_name.get(base, set())
        found = d in bases
        mine = self.members(d)
        if not found and depth < 8:
            for off, t, _ in mine:
                c = self.composite(t)
                if off == 0 and c is not None and self.begins_with(c, base, depth + 1):
                    found = True
                    break
        if not found:
            have = {(off, k) for off, _, k in mine}
            for b in bases:
                theirs = self.members(b)
                if theirs and self.size(b) < self.size(d) and all((off, k) in have for off, _, k in theirs):
                    found = True
                    break
        self.memo[key] = found
        return found

    def first_views(self, d, depth=0):
        """The non-structure types a composite !d begins with: its first
        member (every member of a union), through arrays and nested
        composites at offset 0, named as `scalar_name` names a scalar and
        `any_type` a pointer (`char *str` first: `i8*`)."""
        out = set()
        if d is None or depth > 16:
            return out
        is_union = self.nodes[d][1].get("tag") == "DW_TAG_union_type"
        if is_union and self.size(d) in (8, 16, 32, 64):
            # clang copies a union as an integer of its size (QuickJS's
            # `JSValueUnion` of an `int32_t`, a `double` and a `void *` is
            # loaded as an `i64`).
            out.add(f"i{self.size(d)}")
        mine = [m for m in self.members(d) if m[0] == 0]
        for _, t, _ in (mine if is_union else mine[:1]):
            while True:
                c = self.composite(t)
                if c is None or self.nodes[c][1].get("tag") != "DW_TAG_array_type":
                    break
                t = ref(self.nodes[c][1].get("baseType"))
            name = scalar_name(self.nodes, t) or any_type(self.nodes, t)
            if name is not None:
                out.add(name)
            else:
                out |= self.first_views(self.composite(t), depth + 1)
        return out

    def inner(self, expected, answer):
        """`answer` names a structure that the debug type `expected`
        begins with, as pointers of the same depth."""
        if not expected or not answer:
            return False
        e, a = unrenamed(expected), unrenamed(answer)
        stars = len(e) - len(e.rstrip("*"))
        e = e.rstrip("*")
        # A pointer to the scalar or pointer the structure begins with (its
        # first member, an array's first element, a union's member):
        # brotli's `H2` is only its `uint32_t buckets_[65537]`, and the IR
        # knows only the array; CRFsuite's `record_t *` whose one use
        # loads its first member `char *str` is `i8**`.
        views = {v for d in self.by_name.get(e, ()) for v in self.first_views(d)}
        if any(v + "*" * stars == a for v in views):
            return True
        # A `void *` there holds any pointer: an answer naming what the
        # slot points to (QuickJS's `JSArrayIteratorData` begins with a
        # `JSValue` whose `void *ptr` member the value's uses load as a
        # `JSString *`) is as much a view of its start.
        if "i8*" in views and a.endswith("*" * (stars + 1)) and a.startswith("%"):
            return True
        if stars != len(a) - len(a.rstrip("*")):
            return False
        a = a.rstrip("*")
        if e == a or not a.startswith("%"):
            return False
        return any(self.begins_with(d, a) for d in self.by_name.get(e, ()))


def ground_truth(ll_text):
    """{(function, value): expected type} and the count of conflicting values."""
    lines = ll_text.splitlines()
    nodes = parse_metadata(lines)
    var_type = {}
    for n, (kind, f) in nodes.items():
        if kind == "DILocalVariable":
            var_type[n] = ref(f.get("type"))
    seen = {}
    # Every type the value's records name, pointers to scalars too: the
    # other variables an SSA value stands for at -O2.
    named = {}
    fn = None
    for line in lines:
        m = DEFINE.match(line)
        if m:
            fn = unquote(m.group(1))
            continue
        if line.startswith("}"):
            fn = None
            continue
        if fn is None or "#dbg_" not in line:
            continue
        for kind, value, var in RECORD.findall(line):
            t = var_type.get(int(var))
            if kind == "value":
                expected = spec_type(nodes, t)
            else:
                # The alloca points to the variable's type.
                inner = spec_type(nodes, t)
                s = struct_name(nodes, t)
                expected = inner + "*" if inner else (s + "*" if s else None)
            if expected is not None:
                seen.setdefault((fn, value), set()).add(expected)
            if kind == "value":
                other = any_type(nodes, t)
                if other is not None:
                    named.setdefault((fn, value), set()).add(other)
    truth = {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}
    conflicts = sum(1 for v in seen.values() if len(v) > 1)
    others = {k: named.get(k, set()) - {v} for k, v in truth.items()}
    return truth, conflicts, Layouts(lines, nodes), others


# LLVM renames a structure type when a module brings a second one of the
# same name (llvm-link, lld's LTO merge): `%struct.lua_State.4`. C names
# cannot hold a dot, so everything after the first identifier is such a
# suffix, and the type is the source's structure of that name.
RENAMED = re.compile(r"(%(?:struct|union)\.[A-Za-z_$][\w$]*)(?:\.\d+)+")


def unrenamed(t):
    return RENAMED.sub(r"\1", t) if t else t


GENERIC = re.compile(r"^i8\*+$")
ARRAY_PTR = re.compile(r"^\[\d+ x (.+)\](\*+)$")


def decayed(t):
    """`[N x T]*` as the `T*` it decays to (any depth of the outer pointer)."""
    m = ARRAY_PTR.match(t)
    return m.group(1) + m.group(2) if m else t


def union_holds(unions, answer, expected):
    """`answer` points to a union whose storage may be the debug type (a
    member, or at a member's start, through member unions, a pointer there
    too: Lua 5.4's `&uv->u.open.next` is an `UpVal **`): the analysis
    names anonymous unions itself (`%union.anon.3`), and its report lists
    what each one holds."""
    a, e = unrenamed(answer), unrenamed(expected)
    stars = len(a) - len(a.rstrip("*"))
    return any(unrenamed(m) + "*" * stars == e for m in unions.get(answer.rstrip("*"), ()))


def score(dtrans, bc, ll_text):
    truth, conflicts, layouts, others = ground_truth(ll_text)
    out = subprocess.run([dtrans, "ptr-types", bc, "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    unions = data.get("unions", {})
    info = {}
    for f in data["functions"]:
        for v in f["values"]:
            info[(f["name"], v["value"])] = v
    s = {"points": 0, "recovered": 0, "renamed": 0, "base": 0, "outer": 0, "inner": 0, "merged": 0, "generic": 0,
         "wrong": 0, "unknown": 0, "by-use": 0,
         "unknown-flag": 0, "ambiguous": 0, "no-dominant": 0, "conflicts": conflicts}
    misses = []
    for key, expected in sorted(truth.items()):
        kind = "unknown"
        s["points"] += 1
        v = info.get(key)
        dom = v["dominant"] if v else None
        if dom == expected:
            s["recovered"] += 1
            continue
        if dom is not None and unrenamed(dom) == expected:
            # The same source structure under a name the linker changed.
            s["recovered"] += 1
            s["renamed"] += 1
            continue
        if dom is None and v and v.get("prefix_type") and unrenamed(v["prefix_type"]) == expected:
            # Ambiguous only through inheritance or a union at the start,
            # and the type the recovery names beside the ambiguity is the
            # debug type: recovered, and counted apart.
            s["recovered"] += 1
            s["base"] += 1
            continue
        if dom is None and v and not v.get("prefix_type") and v.get("used_as") \
                and unrenamed(v["used_as"]) == expected:
            # No dominant type (an origin the recovery does not follow, or
            # a value declared as one type and used as another), and every
            # use agrees on the debug type: recovered, counted apart.
            s["recovered"] += 1
            s["by-use"] += 1
            continue
        side = (v or {}).get("prefix_type") or (v or {}).get("used_as")
        answer = dom if dom is not None else side
        if answer is not None and decayed(unrenamed(answer)) in others.get(key, ()):
            # -O2 gave two source variables one SSA value (`void *p` and
            # `struct S *s = p`), and the answer is the other one's type
            # (or an array of it: SQLite's `char *z`, which may point to a
            # `char zSpace[100]`, is `[100 x i8]*`).
            s["merged"] += 1
            misses.append((key, "merged", expected, answer, (v or {}).get("reason", "not listed")))
            continue
        if answer is not None and GENERIC.match(answer) and len(answer) - 2 <= len(expected) - len(expected.rstrip("*")):
            # `void *` (at some pointer level): a pointer, to nothing the
            # analysis can name; no structure claimed.
            s["generic"] += 1
            misses.append((key, "generic", expected, answer, (v or {}).get("reason", "not listed")))
            continue
        if dom is None and side:
            # The base the recovery names for an ambiguous value, or the
            # type its uses agree on, is its answer: a structure the debug
            # type begins with is a less specific view of it, another type
            # is wrong.
            dom = side
            if layouts.inner(expected, dom):
                kind = "inner"
            elif layouts.inner(dom, expected):
                # The base is a structure that begins with the debug type
                # (Lua's `UpVal *` for a `GCObject *owner` it also is).
                kind = "outer"
            else:
                kind = "wrong"
            s[kind] += 1
        elif dom is not None and v and not v["ambiguous"] and (
                expected in map(unrenamed, v["declared"] + v["usage"]) or layouts.inner(dom, expected)
                or union_holds(unions, dom, expected)):
            # The value is also used as the debug type, and the dominant
            # type explains it (else the value would be ambiguous): the same
            # address seen as the structure that starts with it (`&v->adj`
            # is the `vertex` itself at -O2), or a structure or union the
            # debug layouts say begins with it (Lua 5.1's `GCObject` union
            # for a `Closure *`).
            s["outer"] += 1
            kind = "outer"
        elif dom is None:
            s["unknown"] += 1
            if v and v["unknown"]:
                s["unknown-flag"] += 1
            elif v and v["ambiguous"]:
                s["ambiguous"] += 1
            else:
                s["no-dominant"] += 1
        else:
            kind = "inner" if layouts.inner(expected, dom) else "wrong"
            s[kind] += 1
        misses.append((key, kind, expected, dom, (v or {}).get("reason", "not listed")))
    return data["type_source"], s, misses


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--levels", default="O0,O2")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--cflags", default="", help="extra clang flags (e.g. -I/usr/include/csmith)")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", str(REPO / "target" / "release" / "dtrans")))
    args = ap.parse_args()
    files = [Path(f) for f in args.files] or sorted((REPO / "tests" / "programs").glob("*.c"))
    levels = args.levels.split(",")
    totals = {lv: {} for lv in levels + ["module"]}
    print(f"{'program':<14}{'level':<13}{'source':<12}{'points':>7}{'recov':>7}{'wrong':>7}"
          f"{'outer':>6}{'inner':>6}{'merged':>7}{'generic':>8}{'unkn':>6}{'(flag':>6}{'ambig':>6}{'none)':>6}{'confl':>6}{'prefix':>7}{'by-use':>7}{'recov%':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for c in files:
            for lv in levels:
                if c.suffix in (".bc", ".ll"):
                    # A module as it is (bench/corpus.py's linked programs):
                    # scored once, its level whatever it was compiled at.
                    if lv != levels[0]:
                        continue
                    bc = str(c)
                    lv = "module"
                else:
                    bc = os.path.join(tmp, f"{c.stem}.{lv}.bc")
                    subprocess.run(["clang-19", "-g", *LEVELS[lv], *args.cflags.split(), "-c", "-emit-llvm", str(c),
                                    "-o", bc], check=True)
                ll = subprocess.run(["llvm-dis-19", bc, "-o", "-"], check=True, capture_output=True, text=True).stdout
                source, s, misses = score(args.dtrans, bc, ll)
                for k, v in s.items():
                    totals[lv][k] = totals[lv].get(k, 0) + v
                pct = 100.0 * s["recovered"] / s["points"] if s["points"] else 100.0
                # bench/corpus.py's modules are NAME/linked-O2.bc.
                name = c.parent.name if c.stem.startswith("linked") else c.stem
                print(f"{name:<14}{lv:<13}{source:<12}{s['points']:>7}{s['recovered']:>7}{s['wrong']:>7}"
                      f"{s['outer']:>6}{s['inner']:>6}{s['merged']:>7}{s['generic']:>8}{s['unknown']:>6}{s['unknown-flag']:>6}{s['ambiguous']:>6}{s['no-dominant']:>6}"
                      f"{s['conflicts']:>6}{s['base']:>7}{s['by-use']:>7}{pct:>7.1f}%")
                if args.show:
                    for (fn, val), kind, exp, dom, why in misses:
                        print(f"    {kind:<8}{fn} {val}: debug {exp}, dtrans {dom or '-'} ({why})")
    bad = False
    for lv in levels + ["module"]:
        t = totals[lv]
        if not t:
            continue
        pct = 100.0 * t["recovered"] / t["points"] if t["points"] else 100.0
        print(f"{'all':<14}{lv:<13}{'':<12}{t['points']:>7}{t['recovered']:>7}{t['wrong']:>7}"
              f"{t['outer']:>6}{t['inner']:>6}{t['merged']:>7}{t['generic']:>8}{t['unknown']:>6}{t['unknown-flag']:>6}{t['ambiguous']:>6}{t['no-dominant']:>6}"
              f"{t['conflicts']:>6}{t['base']:>7}{t['by-use']:>7}{pct:>7.1f}%")
        bad |= t["wrong"] > 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
