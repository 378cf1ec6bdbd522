#!/usr/bin/env python3
"""Whether two dtrans binaries transform the same programs identically.

An execution campaign (compare.py) runs for hours; when the analysis changes
during it, the programs already run need not be run again if the new binary
writes exactly the same module for each of them. This script builds each
program as compare.py does (every unit with `clang-19 -g LEVEL -c
-emit-llvm`, linked with llvm-link-19), runs `dtrans opt -p PASSES` with
both binaries and compares the output bitcode byte for byte (and the
reports' `changed` lists). It runs nothing.

Usage
    python3 tests/exec/same_output.py --old A --new B --passes LIST
        [--csmith N --seed S [--csmith-bitfields-unions]] [--levels O0,NP,O2]
        [--jobs J] [--staged] [programs.c ...]

Exit status 1 when a module differs (each is listed).
"""

import argparse
import concurrent.futures
import filecmp
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (its levels, build steps and csmith options)


STAGED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dtrans_staged.py")


def transform(dtrans, linked, passes, out, staged=False):
    plist, *extra = passes.split()
    report = out + ".json"
    cmd, env = [dtrans], None
    if staged:
        # As `dtrans cc` builds (see dtrans_staged.py): the passes, opt-19
        # -O2, then blocks-loops, each dtrans step with this binary.
        cmd, env = [sys.executable, STAGED], dict(os.environ, DTRANS_REAL=dtrans)
    r = subprocess.run([*cmd, "opt", linked, "-p", plist, *extra, "-o", out, "--report", report],
                       capture_output=True, text=True, errors="replace", timeout=600, env=env)
    if r.returncode != 0:
        return None, f"exit {r.returncode}: {r.stderr.strip()[:200]}"
    try:
        changed = sorted(f"{c.get('pass')}:{c.get('name')}" for c in json.load(open(report)).get("changed", []))
    except (OSError, ValueError):
        changed = []
    return changed, None


def check(prog, level, args):
    name, units, cflags = prog
    with tempfile.TemporaryDirectory() as work:
        try:
            linked = compare.build_ir(units, level, work, "p", cflags)
        except compare.Failure as e:
            return name, level, "skip", str(e)
        a, b = os.path.join(work, "a.bc"), os.path.join(work, "b.bc")
        ca, ea = transform(args.old, linked, args.passes, a, args.staged)
        cb, eb = transform(args.new, linked, args.passes, b, args.staged)
        if ea or eb:
            same = (ea is None) == (eb is None)
            return name, level, "same" if same else "DIFF", f"old: {ea}; new: {eb}"
        if ca != cb or not filecmp.cmp(a, b, shallow=False):
            return name, level, "DIFF", f"old changed {ca}, new changed {cb}"
        return name, level, "same", ", ".join(ca)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--passes", required=True)
    ap.add_argument("--levels", default="O0,NP,O2")
    ap.add_argument("--csmith", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--csmith-bitfields-unions", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--staged", action="store_true",
                    help="build as dtrans cc does (tests/exec/dtrans_staged.py; the pass list carries --block-step-calls)")
    args = ap.parse_args()
    progs = [(os.path.basename(p)[:-2], [p], []) for p in args.programs]
    gen = tempfile.mkdtemp(prefix="same-output-")
    if args.csmith:
        probs = compare.csmith_probabilities(gen)
        opts = compare.CSMITH_OPTS_RICH if args.csmith_bitfields_unions else compare.CSMITH_OPTS
        for k in range(args.csmith):
            seed = args.seed + k
            src = os.path.join(gen, f"csmith{seed}.c")
            subprocess.run(["csmith", "--seed", str(seed), *opts, "--probability-configuration", probs, "-o", src],
                           check=True, capture_output=True)
            progs.append((f"csmith{seed}", [src], ["-I" + compare.CSMITH_INCLUDE]))
    jobs = [(p, lv) for p in progs for lv in args.levels.split(",")]
    counts = {"same": 0, "DIFF": 0, "skip": 0}
    changed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, level, verdict, detail in pool.map(lambda j: check(j[0], j[1], args), jobs):
            counts[verdict] += 1
            changed += verdict == "same" and bool(detail)
            if verdict != "same":
                print(f"{name} {level}: {verdict} {detail}", flush=True)
    print(f"summary: modules {len(jobs)}, same {counts['same']} ({changed} with a structure changed), "
          f"different {counts['DIFF']}, not built {counts['skip']}")
    sys.exit(1 if counts["DIFF"] else 0)


if __name__ == "__main__":
    main()
