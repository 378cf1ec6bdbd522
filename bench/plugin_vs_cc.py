#!/usr/bin/env python3
"""Run time of programs built through lld with the dtrans plugin vs `dtrans cc`.

For each program (bench/programs/NAME/NAME.c by default, or the C files
given) the script builds, at -O2 (--level):
    base    clang-19 -O2 NAME.c -o base -lm
    cc      dtrans cc -O2 NAME.c -o cc -lm --report cc.json
    plugin  dtrans cc -O2 -c NAME.c -o NAME.o, then
            DTRANS_REPORT=plugin.json clang-19 -O2 -flto -fuse-ld=lld NAME.o
              -Wl,--load-pass-plugin=target/release/libdtrans_plugin.so -o plugin -lm
checks that the three print the same, runs each once (a benchmark, one
run: the machines are noisy) and prints the times, the ratio plugin/cc
(1.00: as fast as dtrans cc's own build; below 1: faster), the ratio
cc/base, and whether the two reports list the same structure changes.
Nothing fails on a timing; the exit status is 1 only when a build fails or
an output differs.

Usage
    python3 bench/plugin_vs_cc.py [FILES...] [--level -O2] [--dtrans PATH] [--plugin PATH] [--keep]
"""
import argparse
import glob
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LIBS = ["-lm"]


def default_programs():
    progs = []
    for d in sorted(glob.glob(os.path.join(HERE, "programs", "*"))):
        main = os.path.join(d, os.path.basename(d) + ".c")
        if os.path.exists(main):
            progs.append(main)
    return progs


def run(cmd, cwd, env=None):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr.strip()}")
    return p


def timed(exe, cwd):
    start = time.perf_counter()
    p = subprocess.run([exe], cwd=cwd, capture_output=True, timeout=900)
    wall = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"{exe} exited with {p.returncode}")
    return wall, p.stdout


def changes(path):
    with open(path) as f:
        return [(c["name"], c["pass"], c.get("new_size")) for c in json.load(f)["changed"]]


def bench(args, src, d):
    name = os.path.basename(src)[:-2]
    env = dict(os.environ, DTRANS_REPORT=os.path.join(d, "plugin.json"))
    run(["clang-19", args.level, src, *LIBS, "-o", "base"], d)
    run([args.dtrans, "cc", args.level, src, *LIBS, "-o", "cc", "--report", "cc.json"], d)
    run([args.dtrans, "cc", args.level, "-c", src, "-o", f"{name}.o"], d)
    run(["clang-19", args.level, "-flto", "-fuse-ld=lld", f"{name}.o",
         f"-Wl,--load-pass-plugin={args.plugin}", "-o", "plugin", *LIBS], d, env)
    times, outs = {}, {}
    for way in ["base", "cc", "plugin"]:
        times[way], outs[way] = timed(os.path.join(d, way), d)
    same_out = outs["cc"] == outs["base"] and outs["plugin"] == outs["base"]
    same_report = changes(os.path.join(d, "cc.json")) == changes(os.path.join(d, "plugin.json"))
    return name, times, same_out, same_report


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("programs", nargs="*")
    ap.add_argument("--level", default="-O2")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target", "release", "libdtrans_plugin.so"))
    ap.add_argument("--keep", action="store_true", help="keep the build directories")
    args = ap.parse_args()
    ok = True
    ratios = []
    print(f"{'program':<12} {'base s':>8} {'cc s':>8} {'plugin s':>9} {'plugin/cc':>10} {'cc/base':>8}  same report")
    for src in args.programs or default_programs():
        src = os.path.abspath(src)
        d = tempfile.mkdtemp(prefix="plugin-vs-cc-")
        try:
            name, t, same_out, same_report = bench(args, src, d)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print(f"{os.path.basename(src)}: FAIL\n  {e}")
            ok = False
            continue
        finally:
            if args.keep:
                print(f"  kept {d}")
            else:
                shutil.rmtree(d, ignore_errors=True)
        ratio = t["plugin"] / t["cc"]
        ratios.append(ratio)
        note = "" if same_out else "  OUTPUT DIFFERS"
        ok &= same_out
        print(f"{name:<12} {t['base']:8.3f} {t['cc']:8.3f} {t['plugin']:9.3f} {ratio:10.2f} "
              f"{t['cc'] / t['base']:8.2f}  {'yes' if same_report else 'NO'}{note}")
    if ratios:
        print(f"geometric mean plugin/cc: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
