#!/usr/bin/env python3
"""One view of legality: what `dtrans analyze` calls legal for a pass, the
pass must not refuse because it cannot rewrite it (issue 21, item 4).

Per program and level, every structure the analysis says is legal for a
transformation and that the transformation (run alone through `dtrans
opt`) then refuses with "cannot rewrite ..." is a disagreement: the
rewriter found a use the analysis did not see, so the verdict should have
said no, with the site. Refusals for profitability ("fits in one cache
line", "no cold fields") are the passes' own choice and not counted.

Prints one line per disagreement and a summary; exits 1 if there is any.

Usage
    python3 tests/exec/one_view.py [PROGRAM.c ...] [--levels O0,NP,O2] [--dtrans PATH]
Default programs: tests/programs/*.c and bench/programs/*.c.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LEVELS = {"O0": ["-O0"], "NP": ["-O2", "-Xclang", "-disable-llvm-passes"], "O2": ["-O2"]}
PASSES = ["reorder-fields", "delete-field", "aos-to-soa", "peel"]


def disagreements(dtrans, module, tmp):
    """(pass, structure, refusal) for each structure legal in the analysis
    and refused by the pass as impossible to rewrite."""
    out = subprocess.run([dtrans, "analyze", module, "--format", "json"], check=True, capture_output=True, text=True)
    legal = {s["name"]: s["legal"] for s in json.loads(out.stdout)["structs"]}
    found = []
    for p in PASSES:
        report = os.path.join(tmp, f"{p}.json")
        subprocess.run([dtrans, "opt", module, "-p", p, "-o", os.path.join(tmp, "out.ll"), "--report", report],
                       check=True, capture_output=True, text=True)
        with open(report) as f:
            rejected = json.load(f)["rejected"]
        for r in rejected:
            if r["reason"].startswith("cannot rewrite") and legal.get(r["name"], {}).get(p):
                found.append((p, r["name"], r["reason"]))
    return found


def sources(prog):
    """A C file, or a directory's C files except hand-optimized variants
    (`hand*.c`): one program."""
    if os.path.isdir(prog):
        return sorted(c for c in glob.glob(os.path.join(prog, "*.c")) if not os.path.basename(c).startswith("hand"))
    return [prog]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--levels", default="O0,NP,O2")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    args = ap.parse_args()
    programs = args.programs or sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.c"))
                                       + glob.glob(os.path.join(ROOT, "bench", "programs", "*")))
    total, runs = 0, 0
    for prog in programs:
        name = os.path.splitext(os.path.basename(os.path.normpath(prog)))[0]
        for level in args.levels.split(","):
            with tempfile.TemporaryDirectory() as tmp:
                module = os.path.join(tmp, "m.ll")
                units = sources(prog)
                bcs = []
                for k, src in enumerate(units):
                    bcs.append(os.path.join(tmp, f"{k}.bc"))
                    subprocess.run(["clang-19", "-g", *LEVELS[level], "-c", "-emit-llvm", src, "-o", bcs[-1]],
                                   check=True, capture_output=True)
                subprocess.run(["llvm-link-19", *bcs, "-S", "-o", module], check=True, capture_output=True)
                runs += 1
                for p, s, why in disagreements(args.dtrans, module, tmp):
                    total += 1
                    print(f"{name} {level} {p}: {s} legal in analyze, refused: {why[:200]}")
    print(f"one view: {runs} modules, {total} disagreements")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
