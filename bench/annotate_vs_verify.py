#!/usr/bin/env python3
"""Time `dtrans annotate` against `opt-19 -passes=verify` on the largest module.

The module: every program in tests/programs compiled with `clang-19 -g -O0`
(each `main` renamed so they link) and linked into one module with
`llvm-link-19`. Both commands read the whole module; annotate then walks the
debug information, builds the DTrans metadata, verifies and writes the
output. Runs alternate (opt, dtrans, opt, dtrans, ...) after one untimed
warm-up each; the script prints the median wall time of each and the ratio.
A benchmark, not a test: nothing fails on the ratio.

Usage: python3 bench/annotate_vs_verify.py [--runs R] [--dtrans PATH] [--copies N]
  --copies N links N renamed copies of every program (default 1) to show growth.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(cmd):
    t = time.perf_counter()
    run(cmd)
    return time.perf_counter() - t


def build_module(tmp, copies, opt_level="O0"):
    progs = sorted(p for p in os.listdir(os.path.join(ROOT, "tests", "programs")) if p.endswith(".c"))
    parts = []
    for k in range(copies):
        for p in progs:
            name = p[:-2]
            out = os.path.join(tmp, f"{name}{k}.ll")
            # Each copy renames its main; with several copies, everything
            # else is internalized so the copies do not collide at link time.
            run(["clang-19", "-g", f"-{opt_level}", f"-Dmain=main_{name}_{k}", "-S", "-emit-llvm",
                 os.path.join(ROOT, "tests", "programs", p), "-o", out])
            if copies > 1:
                run(["opt-19", "-S", f"-passes=internalize", f"-internalize-public-api-list=main_{name}_{k}",
                     out, "-o", out])
            parts.append(out)
    linked = os.path.join(tmp, "all.ll")
    run(["llvm-link-19", "-S", *parts, "-o", linked])
    return linked


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        m = build_module(tmp, args.copies)
        out = os.path.join(tmp, "out.ll")
        opt = ["opt-19", "-passes=verify", "-disable-output", m]
        dt = [args.dtrans, "annotate", m, "-o", out]
        run(opt)
        run(dt)
        run([args.dtrans, "types", "--strict", out])  # the output must read cleanly
        to, td = [], []
        for _ in range(args.runs):
            to.append(timed(opt))
            td.append(timed(dt))
        mo, md = statistics.median(to), statistics.median(td)
        size = os.path.getsize(m)
        print(f"module: {args.copies} copy(ies) of tests/programs, {size} bytes of IR")
        print(f"opt-19 -passes=verify: {mo:.3f} s   dtrans annotate: {md:.3f} s   ratio: {md / mo:.2f}")


if __name__ == "__main__":
    sys.exit(main())
