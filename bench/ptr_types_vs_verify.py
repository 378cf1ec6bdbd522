#!/usr/bin/env python3
"""Cost of `dtrans ptr-types` against `opt-19 -passes=verify`.

Every tests/programs/*.c is compiled with `clang-19 -g` (at -O0 and at -O2)
and linked into one module, then into a module of N renamed copies (the
linking and renaming of bench/annotate_vs_verify.py). On each module the
script alternates `opt-19 -passes=verify -disable-output M` and `dtrans
ptr-types M --function F` (F: one small function, so that printing stays
negligible; the types are still built from debug info in memory, the module
still verified, and every function of the module still analysed), R times
each after a warm-up, and prints the median wall times and the ratio
dtrans/opt. Both parse and verify the module, so the ratio shows what
building the types and recovering every value's type cost on top. The
per-copy times show whether growth is linear. Target (issue 8): ratio at
most 2 on the 10x module. A benchmark, not a test: nothing fails on a
number.

Usage
    python3 bench/ptr_types_vs_verify.py [--runs R] [--copies 1,10]
        [--levels O0,O2] [--dtrans PATH]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from annotate_vs_verify import ROOT, build_module, run, timed  # noqa: E402


def pick_function(dtrans, module):
    """A small defined function of the module (its output is a few lines)."""
    out = subprocess.run([dtrans, "ptr-types", module], check=True, capture_output=True, text=True).stdout
    counts = {}
    current = None
    for line in out.splitlines():
        if line.startswith("function @"):
            current = line[len("function @"):]
            counts[current] = 0
        elif current is not None:
            counts[current] += 1
    return min(counts, key=lambda f: (counts[f], f))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--copies", default="1,10")
    ap.add_argument("--levels", default="O0,O2")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    args = ap.parse_args()
    print(f"{'level':<6}{'copies':>7}{'IR bytes':>12}{'opt verify s':>14}{'ptr-types s':>13}{'ratio':>7}"
          f"{'opt s/copy':>12}{'dtrans s/copy':>15}")
    for level in args.levels.split(","):
        for copies in [int(c) for c in args.copies.split(",")]:
            with tempfile.TemporaryDirectory() as tmp:
                m = build_module(tmp, copies, opt_level=level)
                fn = pick_function(args.dtrans, m)
                opt = ["opt-19", "-passes=verify", "-disable-output", m]
                dt = [args.dtrans, "ptr-types", m, "--function", fn]
                run(opt)
                run(dt)
                to, td = [], []
                for _ in range(args.runs):
                    to.append(timed(opt))
                    td.append(timed(dt))
                mo, md = statistics.median(to), statistics.median(td)
                size = os.path.getsize(m)
                print(f"{level:<6}{copies:>7}{size:>12}{mo:>14.3f}{md:>13.3f}{md / mo:>7.2f}"
                      f"{mo / copies:>12.4f}{md / copies:>15.4f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
