#!/usr/bin/env python3
"""Builds each program four ways with dtrans and checks they agree.

Ways (at -O2 unless --level):
  one       dtrans cc -O2 SOURCES -o one --report one.json
  separate  dtrans cc -O2 -c SOURCE (one object each), then
            dtrans cc OBJECTS -o separate --report separate.json
            (no -O at the link: the level comes from the objects)
  library   every object but main's put in libprog.a by `dtrans ar rcs`
            (a one-file program: its only object), then
            dtrans cc [MAIN.o] -L. -lprog -o library --report library.json
  plugin    the objects of `separate` linked by lld with the dtrans plugin:
            DTRANS_REPORT=plugin.json clang-19 -O2 -flto -fuse-ld=lld OBJECTS
              -Wl,--load-pass-plugin=libdtrans_plugin.so -o plugin
            (--plugin, default: next to the dtrans binary)

Each program must print what the clang-19 build prints (and NAME.expected
or inventory.expected when there is one), and the four reports must be
identical (same structures changed the same way, same rejections).

Programs: tests/programs/*.c, bench/programs/NAME/NAME.c and the projects
of tests/projects/ (every .c of the directory, main's file found by
`int main(`), or the files and directories given.

--time N: builds the largest program N times each way (one and separate)
and prints the median times and their ratio (never asserted).

Exit status 0 when every program agrees, 1 otherwise.
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

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LIBS = ["-lm"]
WAYS = ["one", "separate", "library", "plugin"]


def default_programs():
    progs = sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.c")))
    for d in sorted(glob.glob(os.path.join(ROOT, "bench", "programs", "*"))):
        main = os.path.join(d, os.path.basename(d) + ".c")
        if os.path.exists(main):
            progs.append(main)
    progs += sorted(d for d in glob.glob(os.path.join(ROOT, "tests", "projects", "*")) if os.path.isdir(d))
    return progs


def program(path):
    """(name, sources, main source, expected output file or None)."""
    path = os.path.abspath(path)
    if os.path.isdir(path):
        sources = sorted(glob.glob(os.path.join(path, "*.c")))
        mains = [s for s in sources if "int main(" in open(s, errors="replace").read()]
        if len(mains) != 1:
            raise SystemExit(f"{path}: expected one file with main, found {len(mains)}")
        expected = glob.glob(os.path.join(path, "*.expected"))
        return os.path.basename(path), sources, mains[0], expected[0] if expected else None
    expected = path[:-2] + ".expected"
    return os.path.basename(path)[:-2], [path], path, expected if os.path.exists(expected) else None


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr.strip()}")
    return p


def output(exe, cwd):
    p = subprocess.run([exe], cwd=cwd, capture_output=True, timeout=600)
    return p.returncode, p.stdout


def build_one(dtrans, level, sources, d):
    run([dtrans, "cc", level, *sources, *LIBS, "-o", "one", "--report", "one.json"], d)


def build_separate(dtrans, level, sources, d, name="separate"):
    objs = []
    for n, s in enumerate(sources):
        o = f"{n}-{os.path.basename(s)[:-2]}.o"
        run([dtrans, "cc", level, "-c", s, "-o", o], d)
        objs.append(o)
    run([dtrans, "cc", *objs, *LIBS, "-o", name, "--report", f"{name}.json"], d)
    return objs


def build_plugin(plugin, level, objs, d):
    env = dict(os.environ, DTRANS_REPORT=os.path.join(d, "plugin.json"))
    env.pop("DTRANS_PASSES", None)
    cmd = ["clang-19", level, "-flto", "-fuse-ld=lld", *objs, *LIBS, f"-Wl,--load-pass-plugin={plugin}", "-o", "plugin"]
    p = subprocess.run(cmd, cwd=d, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise RuntimeError(f"DTRANS_REPORT=plugin.json {' '.join(cmd)} failed ({p.returncode}):\n{p.stderr.strip()}")


def build_library(dtrans, level, sources, main, d):
    objs = {}
    for n, s in enumerate(sources):
        o = f"lib{n}-{os.path.basename(s)[:-2]}.o"
        run([dtrans, "cc", level, "-c", s, "-o", o], d)
        objs[s] = o
    members = [o for s, o in objs.items() if s != main or len(sources) == 1]
    if os.path.exists(os.path.join(d, "libprog.a")):
        os.remove(os.path.join(d, "libprog.a"))
    run([dtrans, "ar", "rcs", "libprog.a", *members], d)
    first = [] if len(sources) == 1 else [objs[main]]
    run([dtrans, "cc", *first, "-L.", "-lprog", *LIBS, "-o", "library", "--report", "library.json"], d)


def check(dtrans, plugin, level, path, keep):
    name, sources, main, expected = program(path)
    d = tempfile.mkdtemp(prefix=f"ways-{name}-")
    problems = []
    try:
        run(["clang-19", level, *sources, *LIBS, "-o", "ref"], d)
        ref = output(os.path.join(d, "ref"), d)
        if expected and open(expected, "rb").read() != ref[1]:
            problems.append(f"clang-19's output differs from {os.path.relpath(expected, ROOT)}")
        build_one(dtrans, level, sources, d)
        objs = build_separate(dtrans, level, sources, d)
        build_library(dtrans, level, sources, main, d)
        build_plugin(plugin, level, objs, d)
        reports = {}
        for way in WAYS:
            got = output(os.path.join(d, way), d)
            if got != ref:
                problems.append(f"{way}: output differs from clang-19's (exit {got[0]} vs {ref[0]})")
            reports[way] = json.load(open(os.path.join(d, f"{way}.json")))
        for way in WAYS[1:]:
            if reports[way] != reports["one"]:
                problems.append(f"{way}: report differs from the one-command build's")
        changed = [f"{c['name']} ({c['pass']})" for c in reports["one"]["changed"]]
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        problems.append(str(e))
        changed = []
    finally:
        if keep:
            print(f"  kept {d}")
        else:
            shutil.rmtree(d, ignore_errors=True)
    status = "ok" if not problems else "FAIL"
    print(f"{name}: {status}; {len(changed)} changed: {', '.join(changed) or '-'}")
    for p in problems:
        print(f"  {p}")
    return not problems


def timing(dtrans, level, path, reps):
    name, sources, _, _ = program(path)
    times = {"one": [], "separate": []}
    d = tempfile.mkdtemp(prefix=f"ways-time-{name}-")
    try:
        for _ in range(reps):
            t = time.perf_counter()
            build_one(dtrans, level, sources, d)
            times["one"].append(time.perf_counter() - t)
            t = time.perf_counter()
            build_separate(dtrans, level, sources, d)
            times["separate"].append(time.perf_counter() - t)
    finally:
        shutil.rmtree(d, ignore_errors=True)
    one, sep = statistics.median(times["one"]), statistics.median(times["separate"])
    print(f"build time of {name} ({len(sources)} file(s), {level}, median of {reps}): "
          f"one command {one:.3f} s, separate -c and link {sep:.3f} s, ratio {sep / one:.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("programs", nargs="*", help="C files or project directories (default: all)")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    ap.add_argument("--plugin", default=None, help="libdtrans_plugin.so (default: next to --dtrans)")
    ap.add_argument("--level", default="-O2")
    ap.add_argument("--time", type=int, default=0, metavar="N", help="time the largest program N times each way")
    ap.add_argument("--keep", action="store_true", help="keep the build directories")
    args = ap.parse_args()
    progs = args.programs or default_programs()
    plugin = args.plugin or os.path.join(os.path.dirname(os.path.abspath(args.dtrans)), "libdtrans_plugin.so")
    if not os.path.exists(plugin):
        raise SystemExit(f"{plugin} not found: run `cargo build --release` (or give --plugin)")
    ok = all([check(args.dtrans, plugin, args.level, p, args.keep) for p in progs])
    if args.time:
        def lines(p):
            return sum(sum(1 for _ in open(s, errors="replace")) for s in program(p)[1])
        timing(args.dtrans, args.level, max(progs, key=lines), args.time)
    print("all ways agree" if ok else "some ways disagree")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
