#!/usr/bin/env python3
"""Cost of `dtrans opt -p optbase-test` against `opt-19 -O2`.

The linked tests/programs (clang-19 -g at each level, linked as
bench/annotate_vs_verify.py does) at 1 and 10 renamed copies: alternates
`opt-19 -O2 M -o /dev/null` and `dtrans opt M -p optbase-test -o OUT.bc`
(analysis, replacement of the legal structures, verification and writing
included), R times each after a warm-up, and prints the medians, the ratio
and the structures replaced. A benchmark, not a test.

Usage
    python3 bench/optbase_vs_opt.py [--runs R] [--copies 1,10] [--levels O0,O2]
"""

import argparse
import json
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from annotate_vs_verify import ROOT, build_module, run, timed  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--copies", default="1,10")
    ap.add_argument("--levels", default="O0,O2")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    args = ap.parse_args()
    print(f"{'level':<6}{'copies':>7}{'opt -O2 s':>11}{'dtrans opt s':>14}{'ratio':>7}{'replaced':>10}")
    for level in args.levels.split(","):
        for copies in [int(c) for c in args.copies.split(",")]:
            with tempfile.TemporaryDirectory() as tmp:
                m = build_module(tmp, copies, opt_level=level)
                out = os.path.join(tmp, "out.bc")
                report = os.path.join(tmp, "r.json")
                o2 = ["opt-19", "-O2", m, "-o", os.devnull]
                dt = [args.dtrans, "opt", m, "-p", "optbase-test", "-o", out, "--report", report]
                run(o2)
                run(dt)
                replaced = len(json.load(open(report))["changed"])
                to, td = [], []
                for _ in range(args.runs):
                    to.append(timed(o2))
                    td.append(timed(dt))
                mo, md = statistics.median(to), statistics.median(td)
                print(f"{level:<6}{copies:>7}{mo:>11.3f}{md:>14.3f}{md / mo:>7.2f}{replaced:>10}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
