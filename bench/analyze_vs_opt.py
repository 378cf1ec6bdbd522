#!/usr/bin/env python3
"""Cost of `dtrans analyze` against `opt-19 -passes=verify` and `opt-19 -O2`.

The whole analysis (types from debug info, pointer type recovery, safety,
field information) on the linked tests/programs (compiled with `clang-19
-g` at each level, linked as bench/annotate_vs_verify.py does) and on
modules of N renamed copies. On each module the script alternates `opt-19
-passes=verify -disable-output M`, `opt-19 -O2 -disable-output M` and
`dtrans analyze M --struct S` (S: one structure, so that printing stays
negligible; every structure is still analysed), R times each after a
warm-up, and prints the median wall times, the ratios of dtrans to each
opt run, and the time per copy (flat when growth is linear). A benchmark,
not a test: nothing fails on a number.

Usage
    python3 bench/analyze_vs_opt.py [--runs R] [--copies 1,10] [--levels O0,O2] [--dtrans PATH]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from annotate_vs_verify import ROOT, build_module, run, timed  # noqa: E402


def pick_struct(dtrans, module):
    out = subprocess.run([dtrans, "analyze", module, "--format", "json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["structs"][0]["name"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--copies", default="1,10")
    ap.add_argument("--levels", default="O0,O2")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    args = ap.parse_args()
    print(f"{'level':<6}{'copies':>7}{'IR bytes':>12}{'verify s':>10}{'opt -O2 s':>11}{'analyze s':>11}"
          f"{'/verify':>9}{'/-O2':>7}{'analyze s/copy':>16}")
    for level in args.levels.split(","):
        for copies in [int(c) for c in args.copies.split(",")]:
            with tempfile.TemporaryDirectory() as tmp:
                m = build_module(tmp, copies, opt_level=level)
                s = pick_struct(args.dtrans, m)
                verify = ["opt-19", "-passes=verify", "-disable-output", m]
                o2 = ["opt-19", "-O2", "-disable-output", m]
                dt = [args.dtrans, "analyze", m, "--struct", s]
                for c in (verify, o2, dt):
                    run(c)
                tv, to, td = [], [], []
                for _ in range(args.runs):
                    tv.append(timed(verify))
                    to.append(timed(o2))
                    td.append(timed(dt))
                mv, mo, md = statistics.median(tv), statistics.median(to), statistics.median(td)
                print(f"{level:<6}{copies:>7}{os.path.getsize(m):>12}{mv:>10.3f}{mo:>11.3f}{md:>11.3f}"
                      f"{md / mv:>9.2f}{md / mo:>7.2f}{md / copies:>16.4f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
