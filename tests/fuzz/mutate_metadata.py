#!/usr/bin/env python3
"""Mutates the DTrans metadata and attributes of the lit inputs at random and
runs every dtrans command on each mutant. A command may succeed or fail with
a message (exit 0 or 1); it may never panic, abort or crash.

Usage: python3 tests/fuzz/mutate_metadata.py [--seed S] [--per-file N] [--dtrans PATH]
Prints one line per crash and a total `runs R, crashes C`; exits 1 on any
crash. The lit suite runs a small seeded round; a long campaign is a larger
--per-file with varying seeds. Crashing inputs are kept in the temp dir named.
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INPUTS = ["tests/lit/types/*.ll", "tests/lit/rewrite/*.ll", "tests/lit/typeflow/*.ll"]


def mutate(rng, text):
    lines = text.split("\n")
    targets = [i for i, l in enumerate(lines) if l.startswith("!") or "intel_dtrans" in l]
    if not targets:
        return None
    for _ in range(rng.randint(1, 3)):
        i = rng.choice(targets)
        line, r = lines[i], rng.random()
        if r < 0.25:
            n = rng.choice([-5, -1, 0, 1, 2, 3, 64, 65, 100000, 2147483647])
            line = re.sub(r"i32 (-?\d+)", f"i32 {n}", line, count=1)
        elif r < 0.45:
            line = re.sub(r"!(\d+)", f"!{rng.randint(0, 30)}", line, count=1)
        elif r < 0.6:
            tag = rng.choice(['!"S"', '!"L"', '!"A"', '!"V"', '!"F"', '!"void"', '!"Q"'])
            line = re.sub(r'!"[A-Za-z]+"', tag, line, count=1)
        elif r < 0.7:
            line = re.sub(r", ![0-9]+\}", "}", line, count=1)
        elif r < 0.8:
            line = line.replace("i32 ", rng.choice(["i1 ", "i64 ", "i8 "]), 1)
        elif r < 0.9:
            idx = rng.choice(["0", "-1", "x", "99", "1"])
            line = re.sub(r'"intel_dtrans_func_index"="\d+"', f'"intel_dtrans_func_index"="{idx}"', line, count=1)
        else:
            line = line.replace("distinct ", "", 1)
        lines[i] = line
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-file", type=int, default=2)
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="dtrans-fuzz-")
    files = sorted(f for pattern in INPUTS for f in glob.glob(os.path.join(ROOT, pattern)))
    runs = crashes = 0
    for f in files:
        src = open(f).read()
        for _ in range(args.per_file):
            m = mutate(rng, src)
            if m is None:
                break
            path = os.path.join(tmp, "m.ll")
            open(path, "w").write(m)
            for cmd in (
                ["types", path],
                ["types", "--format", "json", path],
                ["rewrite-metadata", path, "-o", os.path.join(tmp, "out.ll")],
                ["annotate", "--allow-partial", path, "-o", os.path.join(tmp, "ann.ll")],
                ["typeflow", path],
                ["ptr-types", path],
                ["analyze", path],
            ):
                r = subprocess.run([args.dtrans] + cmd, capture_output=True, text=True, timeout=120)
                runs += 1
                if r.returncode not in (0, 1) or "panicked" in r.stderr:
                    crashes += 1
                    keep = os.path.join(tmp, f"crash{crashes}.ll")
                    open(keep, "w").write(m)
                    print(f"CRASH {cmd[0]} on a mutant of {os.path.relpath(f, ROOT)}: exit {r.returncode}, kept {keep}")
    print(f"runs {runs}, crashes {crashes}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
