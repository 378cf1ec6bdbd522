#!/usr/bin/env python3
"""Execution comparison: a program built with and without dtrans passes
must print the same (issue 10, item 7).

Per program and level (-O0, -O2 -Xclang -disable-llvm-passes, -O2): every
unit is compiled with `clang-19 -g LEVEL -c -emit-llvm`, the units are
linked with `llvm-link-19`, then
  baseline:    opt-19 -O2 -> clang-19 -> run
  transformed: dtrans opt -p PASSES (report kept) -> opt-19 -O2 -> clang-19 -> run
and the two runs must agree byte for byte on stdout and the exit status.
Without --passes only the baseline is built and run, and its output is
compared with NAME.expected when the program has one: that checks the
pipeline itself.

Programs: C files (one program each) or directories (all their .c files
are one program). Default: every tests/programs/*.c (none with --csmith).

Csmith (--csmith N): N random programs from Debian's csmith with fixed
seeds (--seed S, S+1, ...), generated with options and probabilities (CSMITH_PROBS) that make structures,
nested structures, pointers to them and arrays of them common, built at
the levels and compared like the programs above; a program whose baseline
does not finish within the time limit is skipped (and counted).
--csmith-bitfields-unions lets csmith use bit-fields and unions too.
--reduce runs creduce on each failing csmith program (slow; not in CI).

--passes may be given more than once: each list is built from the same
compiled and linked IR and compared with the same baseline run. Options
of `dtrans opt` may follow the list in the same argument
(`--passes "peel --index-width 32"`); "32-bit index" in the summary counts
the programs where a structure got index fields, "realloc" those where a
split structure's array is resized by realloc, "global array" those where
it is a global array, "aggregate moved" those where a field that is a
structure, an array or a complex number went to a side array.

Prints one line per program, level (and pass list, when there are
several: `NAME LEVEL [LIST]: ...`) with OK, DIFF, CRASH, VERIFY or BUILD
and the number of structures the passes changed, then a summary line per
pass list:
  summary: programs P, runs R, ok K, diff D, crash C, verify V, build B,
           skipped S, transformed T (runs; programs with a structure changed: N;
           PASS N' for each pass that changed a structure in N' programs;
           specialize-calls counts fields whose calls it made direct)
Exit status 1 when any run differs, crashes or fails to build or verify.

Usage
    python3 tests/exec/compare.py [PROGRAM...] [--passes LIST]...
        [--levels O0,NP,O2] [--csmith N] [--bitfields-unions] [--seed S] [--jobs J]
        [--timeout SECONDS] [--dtrans PATH] [--keep DIR] [--reduce]
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LEVELS = {"O0": ["-O0"], "NP": ["-O2", "-Xclang", "-disable-llvm-passes"], "O2": ["-O2"]}
CSMITH_OPTS = [
    "--max-funcs", "6", "--max-struct-fields", "8", "--max-pointer-depth", "3",
    "--no-bitfields", "--no-packed-struct", "--no-volatiles", "--no-volatile-pointers", "--no-unions",
]
# --csmith-bitfields-unions: csmith's bit-fields and unions allowed too
# (packed structures and volatiles stay off).
CSMITH_OPTS_RICH = [o for o in CSMITH_OPTS if o not in ("--no-bitfields", "--no-unions")]
CSMITH_INCLUDE = "/usr/include/csmith"


# Csmith's own probabilities with structures made much more likely (its
# defaults give many programs no structure at all) and no volatiles.
CSMITH_PROBS = {"more_struct_union_type_prob": 95, "struct_as_ltype_prob": 60,
                "field_volatile_prob": 0, "regular_volatile_prob": 0}


def csmith_probabilities(work):
    """A csmith probability file: its defaults with CSMITH_PROBS."""
    path = os.path.join(work, "csmith-probabilities.txt")
    subprocess.run(["csmith", "--dump-default-probabilities", path], check=True, capture_output=True, cwd=work)
    lines = []
    for line in open(path):
        key = line.split("=", 1)[0].strip()
        lines.append(f"{key}={CSMITH_PROBS[key]}\n" if key in CSMITH_PROBS else line)
    with open(path, "w") as f:
        f.writelines(lines)
    return path


class Failure(Exception):
    def __init__(self, kind, detail):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def sh(cmd, what, kind="BUILD", timeout=300):
    r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=timeout)
    if r.returncode != 0:
        raise Failure(kind, f"{what}: {r.stderr.strip()[:400]}")
    return r


def build_ir(units, level, work, tag, cflags):
    """Compiles every unit and links them; returns the linked bitcode."""
    bcs = []
    for k, u in enumerate(units):
        bc = os.path.join(work, f"{tag}.{k}.bc")
        sh(["clang-19", "-g", *LEVELS[level], "-w", *cflags, "-c", "-emit-llvm", u, "-o", bc], f"clang {u}")
        bcs.append(bc)
    linked = os.path.join(work, f"{tag}.linked.bc")
    sh(["llvm-link-19", *bcs, "-o", linked], "llvm-link")
    return linked


# Counted with the passes in the summary (report detail -> key): structures
# given index fields, split structures whose array realloc resizes or that
# live in a global array, structures with fields bit-packed into a word
# (compress-fields).
DETAIL_KEYS = {"32-bit index": "32-bit index", "array resized by realloc": "realloc",
               "a global array, side arrays": "global array", " bits of a u": "bit-packed",
               " bit of a u": "bit-packed"}


def finish(linked, work, tag, passes, dtrans):
    """dtrans opt (when passes are given), opt-19 -O2 and clang-19 to an
    executable; returns (path, structures changed per pass)."""
    changed = {}
    if passes:
        out = os.path.join(work, f"{tag}.dtrans.bc")
        report = os.path.join(work, f"{tag}.report.json")
        # A list may carry options of dtrans opt after it ("peel --index-width 32").
        plist, *extra = passes.split()
        r = subprocess.run([dtrans, "opt", linked, "-p", plist, *extra, "-o", out, "--report", report],
                           capture_output=True, text=True, errors="replace", timeout=600)
        if r.returncode < 0 or "panicked" in r.stderr:
            raise Failure("CRASH", f"dtrans opt: {r.stderr.strip()[:400]}")
        if r.returncode != 0:
            kind = "VERIFY" if "verif" in r.stderr.lower() else "BUILD"
            raise Failure(kind, f"dtrans opt: {r.stderr.strip()[:400]}")
        try:
            rep = json.load(open(report))
            # specialize-calls changes calls, not structures: one per field.
            for sp in rep.get("specialized", []):
                changed["specialize-calls"] = changed.get("specialize-calls", 0) + 1
            for c in rep.get("changed", []):
                changed[c.get("pass", "?")] = changed.get(c.get("pass", "?"), 0) + 1
                for key in sorted({k for text, k in DETAIL_KEYS.items() if text in c.get("detail", "")}):
                    changed[key] = changed.get(key, 0) + 1
                # A field that is an aggregate (a structure, an array, a
                # complex number) moved to a side array by peel or aos-to-soa.
                side = [e.split("] ", 1)[-1] for e in c.get("new_layout", []) if e.startswith("[")]
                if any(re.search(r": (\{|\[|%)", e) for e in side):
                    changed["aggregate moved"] = changed.get("aggregate moved", 0) + 1
        except (OSError, ValueError):
            changed = {}
        linked = out
    opt = os.path.join(work, f"{tag}.opt.bc")
    sh(["opt-19", "-O2", linked, "-o", opt], "opt-19 -O2", kind="VERIFY")
    exe = os.path.join(work, f"{tag}.exe")
    sh(["clang-19", opt, "-o", exe, "-lm"], "clang link")
    return exe, changed


def run(exe, timeout):
    r = subprocess.run([exe], capture_output=True, timeout=timeout)
    return r.returncode, r.stdout


def check(name, units, level, args, work, cflags, expected):
    """One program at one level: the baseline, then each pass list built
    from the same linked IR. One (kind, changed, line) per pass list (one
    for the baseline alone without --passes)."""
    tag = f"{name}.{level}"
    lists = args.passes or []
    label = (lambda i: f"{name} {level} [{lists[i]}]") if len(lists) > 1 else (lambda i: f"{name} {level}")
    every = lambda kind, detail: [(kind, {}, f"{label(i)}: {kind} {detail}") for i in range(max(1, len(lists)))]
    try:
        linked = build_ir(units, level, work, tag, cflags)
        base, _ = finish(linked, work, tag + ".base", None, args.dtrans)
        try:
            want = run(base, args.timeout)
        except subprocess.TimeoutExpired:
            return every("SKIP", f"(baseline did not finish in {args.timeout} s)")
    except Failure as f:
        return every(f.kind, f.detail)
    except subprocess.TimeoutExpired as e:
        return every("BUILD", f"timeout in {e.cmd[0]}")
    if not lists:
        if expected is not None and want[1] != expected:
            return [("DIFF", {}, f"{name} {level}: DIFF (baseline differs from {name}.expected)")]
        return [("OK", {}, f"{name} {level}: OK")]
    out = []
    for i, passes in enumerate(lists):
        try:
            exe, by_pass = finish(linked, work, f"{tag}.new{i}", passes, args.dtrans)
            changed = sum(n for k, n in by_pass.items() if k not in DETAIL_KEYS.values())
            try:
                got = run(exe, args.timeout * 4)
            except subprocess.TimeoutExpired:
                out.append(("DIFF", by_pass, f"{label(i)}: DIFF (transformed program did not finish)"))
                continue
            if got != want:
                out.append(("DIFF", by_pass,
                            f"{label(i)}: DIFF (exit {want[0]} -> {got[0]}, output changed) transformed {changed}"))
            else:
                out.append(("OK", by_pass, f"{label(i)}: OK transformed {changed}"))
        except Failure as f:
            out.append((f.kind, {}, f"{label(i)}: {f.kind} {f.detail}"))
        except subprocess.TimeoutExpired as e:
            out.append(("BUILD", {}, f"{label(i)}: BUILD timeout in {e.cmd[0]}"))
    return out


def programs(args, work):
    """(name, units, cflags, expected output or None, csmith source or None)."""
    out = []
    default = [] if args.csmith else sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.c")))
    paths = args.programs or default
    for p in paths:
        if os.path.isdir(p):
            units = sorted(glob.glob(os.path.join(p, "*.c")))
            name = os.path.basename(os.path.normpath(p))
            exp = os.path.join(p, "expected")
        else:
            units = [p]
            name = os.path.basename(p)[:-2]
            exp = p[:-2] + ".expected"
        expected = open(exp, "rb").read() if os.path.exists(exp) else None
        # Work files are named after the program: two programs of one name
        # (tests/programs/mcf.c, bench/programs/mcf/mcf.c) get distinct ones.
        taken = {o[0] for o in out}
        k = 2
        base = name
        while name in taken:
            name = f"{base}#{k}"
            k += 1
        out.append((name, units, [], expected, None))
    probs = csmith_probabilities(work) if args.csmith else None
    for k in range(args.csmith):
        seed = args.seed + k
        src = os.path.join(work, f"csmith{seed}.c")
        opts = CSMITH_OPTS_RICH if args.csmith_bitfields_unions else CSMITH_OPTS
        subprocess.run(["csmith", "--seed", str(seed), *opts, "--probability-configuration", probs, "-o", src],
                       check=True, capture_output=True)
        out.append((f"csmith{seed}", [src], ["-I" + CSMITH_INCLUDE], None, src))
    return out


def reduce(src, level, passes, args, work):
    """creduce a failing csmith program; the result is kept next to it."""
    if shutil.which("creduce") is None:
        return "creduce not installed"
    test = os.path.join(work, f"reduce-{os.path.basename(src)}.sh")
    me = os.path.abspath(__file__)
    with open(test, "w") as f:
        f.write("#!/bin/sh\n")
        f.write(f"python3 {me} {os.path.basename(src)} --levels {level} --passes {passes} "
                f"--dtrans {args.dtrans} --timeout {args.timeout} | grep -q -E ': (DIFF|CRASH|VERIFY)'\n")
    os.chmod(test, 0o755)
    d = os.path.dirname(src)
    subprocess.run(["creduce", "--n", "1", test, os.path.basename(src)], cwd=d, capture_output=True)
    return f"reduced: {src}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--passes", action="append",
                    help="a pass list; give it more than once to compare several lists on the same builds")
    ap.add_argument("--levels", default="O0,NP,O2")
    ap.add_argument("--csmith", type=int, default=0)
    ap.add_argument("--csmith-bitfields-unions", "--bitfields-unions", dest="csmith_bitfields_unions",
                    action="store_true",
                    help="csmith programs with bit-fields and unions (packed structures and volatiles stay off)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    ap.add_argument("--keep")
    ap.add_argument("--reduce", action="store_true")
    args = ap.parse_args()
    levels = args.levels.split(",")
    if args.passes:
        r = subprocess.run([args.dtrans, "opt", "--help"], capture_output=True)
        if r.returncode != 0:
            print("compare.py: this dtrans has no `opt` command yet", file=sys.stderr)
            return 2
    work = args.keep or tempfile.mkdtemp(prefix="dtrans-exec-")
    os.makedirs(work, exist_ok=True)
    lists = args.passes or [None]
    try:
        progs = programs(args, work)
        jobs = [(p, lv) for p in progs for lv in levels]
        counts = [{k: 0 for k in ["OK", "DIFF", "CRASH", "VERIFY", "BUILD", "SKIP"]} for _ in lists]
        transformed = [0 for _ in lists]
        changed_programs = [set() for _ in lists]
        # Per list: pass -> programs in which it changed a structure.
        by_pass = [{} for _ in lists]
        failing = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            futs = [ex.submit(check, p[0], p[1], lv, args, work, p[2], p[3]) for p, lv in jobs]
            for (p, lv), fu in zip(jobs, futs):
                for i, (kind, changed, line) in enumerate(fu.result()):
                    print(line, flush=True)
                    counts[i][kind] += 1
                    transformed[i] += bool(changed)
                    if changed:
                        changed_programs[i].add(p[0])
                    for name in changed:
                        by_pass[i].setdefault(name, set()).add(p[0])
                    if kind in ("DIFF", "CRASH", "VERIFY", "BUILD"):
                        failing.append((p, lv, lists[i]))
        if args.reduce and args.passes:
            for p, lv, passes in failing:
                if p[4]:
                    print(reduce(p[4], lv, passes, args, work))
        for i, passes in enumerate(lists):
            c = counts[i]
            head = f"summary [{passes}]" if len(lists) > 1 else "summary"
            print(f"{head}: programs {len(progs)}, runs {len(jobs)}, ok {c['OK']}, diff {c['DIFF']}, "
                  f"crash {c['CRASH']}, verify {c['VERIFY']}, build {c['BUILD']}, "
                  f"skipped {c['SKIP']}, transformed {transformed[i]} "
                  f"(runs; programs with a structure changed: {len(changed_programs[i])}"
                  + "".join(f"; {k} {len(v)}" for k, v in sorted(by_pass[i].items())) + ")")
        return 1 if failing else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
