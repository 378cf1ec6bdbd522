#!/usr/bin/env python3
"""`dtrans advise` against `dtrans cc` on the bundled programs (issue 26).

For each program of bench/programs/ (NAME/NAME.c) and tests/programs/
(one .c file each), from the repository root:
    advise   dtrans advise -O2 SRC --format json -o advice.json --apply DIR
    tool     dtrans cc -O2 SRC -o tool --report report.json
    base     clang-19 -O2 SRC -o base
    applied  clang-19 -O2 DIR/SRC -o applied   (when --apply changed a structure)
It prints per program whether the advice names the structures dtrans cc
changes (those a pass changed itself, not as holders of another), how
many of them --apply made in the sources and why it left the others, and
when it made any: whether the applied program prints what the base
prints, the speedups over base (base time / time, median of R runs,
alternating) and the share of dtrans cc's speedup the applied sources
reach ((applied x - 1) / (tool x - 1), when --apply made every change
dtrans cc makes: the reorder and dead-field cases). A benchmark, not a test: nothing
fails on a timing; the exit status is 1 when a name differs, an applied
program does not build or prints something else.

Usage
    python3 bench/advise_bench.py [NAMES...] [--runs R] [--dtrans PATH] [--keep DIR]
"""

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def programs(names):
    out = []
    for d in sorted(glob.glob(os.path.join(ROOT, "bench", "programs", "*"))):
        n = os.path.basename(d)
        src = os.path.join(d, n + ".c")
        if os.path.exists(src):
            out.append((n, os.path.relpath(src, ROOT)))
    for src in sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.c"))):
        out.append(("tests/" + os.path.basename(src)[:-2], os.path.relpath(src, ROOT)))
    return [p for p in out if not names or p[0] in names or p[0].split("/")[-1] in names]


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, **kw)


def changed_by_cc(report):
    """Names (`struct.x`) of the structures a pass changed itself, by
    their first names."""
    rep = json.load(open(report))
    chains = []  # [first, current]
    own = set()
    for c in rep.get("changed", []):
        for ch in chains:
            if ch[1] == c["name"]:
                ch[1] = c["new"]
                if not c.get("dependent"):
                    own.add(ch[0])
                break
        else:
            chains.append([c["name"], c["new"]])
            if not c.get("dependent"):
                own.add(c["name"])
    return sorted(n.lstrip("%") for n in own)


def timed(exe, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([exe], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dtrans", default=os.path.join(ROOT, "target", "release", "dtrans"))
    ap.add_argument("--keep")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="dtrans-advise-")
    os.makedirs(work, exist_ok=True)
    bad = 0
    rows = []
    try:
        for name, src in programs(args.names):
            d = os.path.join(work, name.replace("/", "_"))
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            adv = os.path.join(d, "advice.json")
            applied_dir = os.path.join(d, "applied")
            r = sh([args.dtrans, "advise", "-O2", src, "--format", "json", "-o", adv, "--apply", applied_dir])
            if r.returncode != 0:
                print(f"{name}: advise failed: {r.stderr.strip()[:300]}")
                bad += 1
                continue
            advice = json.load(open(adv))
            advised = sorted(s["name"] for s in advice["structures"] if s["verdict"] == "change")
            applied = [s["c_name"] for s in advice["structures"] if s["verdict"] == "change" and not s["not_applied"]]
            left = [(s["c_name"], s["not_applied"]) for s in advice["structures"]
                    if s["verdict"] == "change" and s["not_applied"]]
            report = os.path.join(d, "report.json")
            tool = os.path.join(d, "tool")
            base = os.path.join(d, "base")
            r = sh([args.dtrans, "cc", "-O2", src, "-o", tool, "--report", report, "-lm"])
            r2 = sh(["clang-19", "-O2", src, "-o", base, "-lm"])
            if r.returncode != 0 or r2.returncode != 0:
                print(f"{name}: build failed: {(r.stderr + r2.stderr).strip()[:300]}")
                bad += 1
                continue
            by_cc = changed_by_cc(report)
            same = by_cc == advised
            if not same:
                bad += 1
            line = f"{name}: advice {'names' if same else 'DIFFERS from'} dtrans cc's changes {by_cc}"
            if not same:
                line += f" (advice: {advised})"
            line += f"; applied {len(applied)}"
            if left:
                line += "; left: " + "; ".join(f"{n}: {w}" for n, w in left)
            print(line, flush=True)
            if not applied:
                continue
            exe = os.path.join(d, "applied.exe")
            r = sh(["clang-19", "-O2", os.path.join(applied_dir, src), "-o", exe, "-lm"])
            if r.returncode != 0:
                print(f"  applied sources do not build: {r.stderr.strip()[:300]}")
                bad += 1
                continue
            want = subprocess.run([base], capture_output=True).stdout
            got = subprocess.run([exe], capture_output=True).stdout
            if want != got:
                print("  applied program prints something else")
                bad += 1
                continue
            tb, tt, ta = [], [], []
            for _ in range(args.runs):
                tb.append(timed(base, 1))
                tt.append(timed(tool, 1))
                ta.append(timed(exe, 1))
            b, t, a = statistics.median(tb), statistics.median(tt), statistics.median(ta)
            xt, xa = b / t, b / a
            # Comparable only when every change dtrans cc makes was applied.
            whole = not left
            share = (xa - 1) / (xt - 1) if xt > 1.02 and whole else float("nan")
            rows.append((name, b, t, a, xt, xa, share))
            print(f"  same output; base {b:.3f}s, dtrans cc {t:.3f}s ({xt:.2f}x), applied {a:.3f}s ({xa:.2f}x)"
                  + (f", {100 * share:.0f}% of dtrans cc's speedup" if share == share
                     else " (not every change applied)" if not whole else ""), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"summary: {len(rows)} programs with applied sources, {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
