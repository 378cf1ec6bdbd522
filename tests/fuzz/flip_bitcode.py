#!/usr/bin/env python3
"""Flips random bytes of real bitcode and runs every dtrans command that reads
a module on each mutant. A command must exit 0, or exit 1 with a message that
names the file; it may never die by a signal, exit otherwise, panic or hang.

Usage: python3 tests/fuzz/flip_bitcode.py [--n N] [--seed S] [--flips K]
                                          [--dtrans PATH] [--keep DIR]
                                          [--reference TOOL]

The bitcode comes from tests/programs/*.c: at clang-19 -g -O0, annotated by
dtrans so that the DTrans metadata readers see mutants too, and at -g -O2,
not annotated, so that annotate builds structures from mutated debug info.
Mutant i flips K bytes of input i mod 10 (a seeded random position, a random
new value).
Prints one line per failure and the totals `files F, runs R, exit0 A, exit1 B,
signal C, bad D`; exits 1 if C or D is not 0. With --reference (e.g.
llvm-dis-19), also runs that tool on each mutant and prints how many mutants
kill it by a signal (`reference TOOL crashes K`): a round with K > 0 shows
that it held inputs that crash LLVM's reader. Failing mutants are kept in the
temporary directory named on the failure line (or in --keep).
"""
import argparse
import glob
import os
import random
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def no_core_files():
    """The reference tool is expected to crash: no core file for it."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def build_inputs(dtrans, tmp):
    """The clean bitcode files: each program at -O0, annotated (so the
    metadata readers see mutants), and at -O2, not annotated (so annotate
    lays out structures from mutated debug info)."""
    out = []
    # The bitcode must not depend on where the checkout lives: the mutants
    # (and whether LLVM's reader crashes on them) follow from these bytes.
    # Relative source paths and a fixed compilation directory make it so.
    same_everywhere = ["-fdebug-compilation-dir=/dtrans"]
    for c in sorted(glob.glob(os.path.join("tests", "programs", "*.c"), root_dir=ROOT)):
        base = os.path.join(tmp, os.path.basename(c)[:-2])
        clang = ["clang-19", "-std=c11", "-g", "-c", "-emit-llvm"] + same_everywhere
        subprocess.run(clang + ["-O0", c, "-o", base + ".bc"], check=True, cwd=ROOT)
        subprocess.run([dtrans, "annotate", base + ".bc", "-o", base + ".ann.bc"], check=True, capture_output=True)
        out.append(open(base + ".ann.bc", "rb").read())
        subprocess.run(clang + ["-O2", c, "-o", base + ".O2.bc"], check=True, cwd=ROOT)
        out.append(open(base + ".O2.bc", "rb").read())
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20, help="number of mutants")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--flips", type=int, default=5, help="bytes changed per mutant")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    ap.add_argument("--keep", help="directory for the mutants (default: a new temporary one)")
    ap.add_argument("--reference", help="an LLVM tool to run on each mutant for comparison (llvm-dis-19)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tmp = args.keep or tempfile.mkdtemp(prefix="dtrans-bcflip-")
    os.makedirs(tmp, exist_ok=True)
    inputs = build_inputs(args.dtrans, tmp)
    counts = {"exit0": 0, "exit1": 0, "signal": 0, "bad": 0}
    per_command = {}
    runs = 0
    reference_crashes = 0
    for i in range(args.n):
        data = bytearray(inputs[i % len(inputs)])
        for _ in range(args.flips):
            pos = rng.randrange(len(data))
            data[pos] = (data[pos] + rng.randrange(1, 256)) % 256  # always a different byte
        path = os.path.join(tmp, f"mutant{i}.bc")
        with open(path, "wb") as f:
            f.write(data)
        if args.reference:
            r = subprocess.run(
                [args.reference, path, "-o", os.devnull], capture_output=True, timeout=120, preexec_fn=no_core_files
            )
            reference_crashes += r.returncode < 0
        failed = False
        for cmd in (
            ["types", path],
            ["annotate", path, "-o", os.path.join(tmp, "ann.bc")],
            ["rewrite-metadata", path, "-o", os.path.join(tmp, "out.bc")],
            ["typeflow", path],
            ["ptr-types", path],
            ["analyze", path],
        ):
            runs += 1
            try:
                r = subprocess.run([args.dtrans] + cmd, capture_output=True, text=True, errors="replace", timeout=120)
            except subprocess.TimeoutExpired:
                counts["bad"] += 1
                failed = True
                print(f"BAD (timeout): dtrans {' '.join(cmd)}")
                continue
            name = os.path.basename(path)
            exits = per_command.setdefault(cmd[0], {})
            exits[r.returncode] = exits.get(r.returncode, 0) + 1
            if r.returncode < 0:
                counts["signal"] += 1
                failed = True
                print(f"CRASH (signal {-r.returncode}): dtrans {' '.join(cmd)}")
            elif r.returncode == 0 and "panicked" not in r.stderr:
                counts["exit0"] += 1
            elif r.returncode == 1 and name in r.stderr and "panicked" not in r.stderr:
                counts["exit1"] += 1
            else:
                counts["bad"] += 1
                failed = True
                why = r.stderr.strip().splitlines()[-1:] or ["no message"]
                print(f"BAD (exit {r.returncode}): dtrans {' '.join(cmd)}: {why[0]}")
        if not failed and not args.keep:
            os.remove(path)
    print(
        f"files {args.n}, runs {runs}, exit0 {counts['exit0']}, exit1 {counts['exit1']}, "
        f"signal {counts['signal']}, bad {counts['bad']}"
    )
    if args.reference:
        print(f"reference {os.path.basename(args.reference)} crashes {reference_crashes}")
    print("per command (exit status: count): " + "; ".join(f"{c} {dict(sorted(e.items()))}" for c, e in per_command.items()))
    return 1 if counts["signal"] or counts["bad"] else 0


if __name__ == "__main__":
    sys.exit(main())
