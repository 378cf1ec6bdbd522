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
--reduce runs creduce on each failing csmith program (slow; not in CI).

Prints one line per program and level (OK, DIFF, CRASH, VERIFY, BUILD,
with the number of structures the passes changed), then a summary line:
  summary: programs P, runs R, ok K, diff D, crash C, verify V, build B,
           skipped S, transformed T
Exit status 1 when any run differs, crashes or fails to build or verify.

Usage
    python3 tests/exec/compare.py [PROGRAM...] [--passes LIST]
        [--levels O0,NP,O2] [--csmith N] [--seed S] [--jobs J]
        [--timeout SECONDS] [--dtrans PATH] [--keep DIR] [--reduce]
"""

import argparse
import concurrent.futures
import glob
import json
import os
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


def build(units, level, work, tag, cflags, passes, dtrans):
    """Builds one executable; returns (path, structures changed)."""
    bcs = []
    for k, u in enumerate(units):
        bc = os.path.join(work, f"{tag}.{k}.bc")
        sh(["clang-19", "-g", *LEVELS[level], "-w", *cflags, "-c", "-emit-llvm", u, "-o", bc], f"clang {u}")
        bcs.append(bc)
    linked = os.path.join(work, f"{tag}.linked.bc")
    sh(["llvm-link-19", *bcs, "-o", linked], "llvm-link")
    changed = 0
    if passes:
        out = os.path.join(work, f"{tag}.dtrans.bc")
        report = os.path.join(work, f"{tag}.report.json")
        r = subprocess.run([dtrans, "opt", linked, "-p", passes, "-o", out, "--report", report],
                           capture_output=True, text=True, errors="replace", timeout=600)
        if r.returncode < 0 or "panicked" in r.stderr:
            raise Failure("CRASH", f"dtrans opt: {r.stderr.strip()[:400]}")
        if r.returncode != 0:
            kind = "VERIFY" if "verif" in r.stderr.lower() else "BUILD"
            raise Failure(kind, f"dtrans opt: {r.stderr.strip()[:400]}")
        try:
            changed = len(json.load(open(report)).get("changed", []))
        except (OSError, ValueError):
            changed = 0
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
    """One program at one level: a result line and its counts."""
    tag = f"{name}.{level}"
    try:
        base, _ = build(units, level, work, tag + ".base", cflags, None, args.dtrans)
        try:
            want = run(base, args.timeout)
        except subprocess.TimeoutExpired:
            return "SKIP", 0, f"{name} {level}: SKIP (baseline did not finish in {args.timeout} s)"
        if not args.passes:
            if expected is not None and want[1] != expected:
                return "DIFF", 0, f"{name} {level}: DIFF (baseline differs from {name}.expected)"
            return "OK", 0, f"{name} {level}: OK"
        exe, changed = build(units, level, work, tag + ".new", cflags, args.passes, args.dtrans)
        try:
            got = run(exe, args.timeout * 4)
        except subprocess.TimeoutExpired:
            return "DIFF", changed, f"{name} {level}: DIFF (transformed program did not finish)"
        if got != want:
            return "DIFF", changed, f"{name} {level}: DIFF (exit {want[0]} -> {got[0]}, output changed) transformed {changed}"
        return "OK", changed, f"{name} {level}: OK transformed {changed}"
    except Failure as f:
        return f.kind, 0, f"{name} {level}: {f.kind} {f.detail}"
    except subprocess.TimeoutExpired as e:
        return "BUILD", 0, f"{name} {level}: BUILD timeout in {e.cmd[0]}"


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
        out.append((name, units, [], expected, None))
    probs = csmith_probabilities(work) if args.csmith else None
    for k in range(args.csmith):
        seed = args.seed + k
        src = os.path.join(work, f"csmith{seed}.c")
        subprocess.run(["csmith", "--seed", str(seed), *CSMITH_OPTS, "--probability-configuration", probs, "-o", src],
                       check=True, capture_output=True)
        out.append((f"csmith{seed}", [src], ["-I" + CSMITH_INCLUDE], None, src))
    return out


def reduce(src, level, args, work):
    """creduce a failing csmith program; the result is kept next to it."""
    if shutil.which("creduce") is None:
        return "creduce not installed"
    test = os.path.join(work, f"reduce-{os.path.basename(src)}.sh")
    me = os.path.abspath(__file__)
    with open(test, "w") as f:
        f.write("#!/bin/sh\n")
        f.write(f"python3 {me} {os.path.basename(src)} --levels {level} --passes {args.passes} "
                f"--dtrans {args.dtrans} --timeout {args.timeout} | grep -q -E ': (DIFF|CRASH|VERIFY)'\n")
    os.chmod(test, 0o755)
    d = os.path.dirname(src)
    subprocess.run(["creduce", "--n", "1", test, os.path.basename(src)], cwd=d, capture_output=True)
    return f"reduced: {src}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--passes")
    ap.add_argument("--levels", default="O0,NP,O2")
    ap.add_argument("--csmith", type=int, default=0)
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
    try:
        progs = programs(args, work)
        jobs = [(p, lv) for p in progs for lv in levels]
        counts = {k: 0 for k in ["OK", "DIFF", "CRASH", "VERIFY", "BUILD", "SKIP"]}
        transformed = 0
        failing = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            futs = [ex.submit(check, p[0], p[1], lv, args, work, p[2], p[3]) for p, lv in jobs]
            for (p, lv), fu in zip(jobs, futs):
                kind, changed, line = fu.result()
                print(line, flush=True)
                counts[kind] += 1
                transformed += changed > 0
                if kind in ("DIFF", "CRASH", "VERIFY", "BUILD"):
                    failing.append((p, lv))
        if args.reduce and args.passes:
            for p, lv in failing:
                if p[4]:
                    print(reduce(p[4], lv, args, work))
        print(f"summary: programs {len(progs)}, runs {len(jobs)}, ok {counts['OK']}, diff {counts['DIFF']}, "
              f"crash {counts['CRASH']}, verify {counts['VERIFY']}, build {counts['BUILD']}, "
              f"skipped {counts['SKIP']}, transformed {transformed}")
        return 1 if failing else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
