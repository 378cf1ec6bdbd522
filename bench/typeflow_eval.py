#!/usr/bin/env python3
"""Evaluate `dtrans typeflow` against debug information, and time it.

What it measures
    1. Accuracy. Every tests/programs/*.c is compiled with `clang-19 -g` at
       -O0 and at -O2 (and, with --extra, at -O2 -Xclang -disable-llvm-passes:
       -O2 front-end output before any LLVM pass), and `dtrans typeflow --eval
       --format json` scores the module twice: as compiled ("normal") and as
       the lifter variant ("lifter": `--lift`, pointers turned into i64 with an
       inttoptr before each use). Each score has three modes: no propagation
       (IR types only), seeds only, full propagation. The script prints, per
       program, level, variant and mode: the points evaluated, the kind
       accuracy, the exact-type accuracy, the average TIE distance and the
       casts of the graph; then totals over the programs (accuracy and TIE
       distance weighted by points) and, per level and variant, whether full
       propagation beats both other modes on accuracy and TIE distance and
       has no more casts than either. Definitions: crates/typeflow/src/eval.rs.
       With --csmith N, N random programs from csmith (seeds S, S+1, ...,
       --seed S; the generator options of tests/exec/compare.py) are scored
       too, totalled apart from tests/programs ("csmith" rows). With
       --modules M ..., modules built elsewhere with -g are scored too
       ("corpus" rows; the real programs of bench/corpus.py --ptr-types,
       which leaves DIR/NAME/linked-O0.bc and linked-O2.bc). With
       --default-int, full propagation ends with `dtrans typeflow
       --default-int` (32-bit integers left without a sign become int: a
       default, not evidence; the casts per function compare that too).
    1b. Casts per function. For each module scored, `dtrans typeflow` (full
       propagation) is compared function by function with `--flood-only`
       (the propagation before the minimum cuts) and with `--no-propagate`
       (the bounds): the script counts the functions where full propagation
       has more casts than either, which must be none. With --baseline
       PATH, the full propagation of an older dtrans binary is compared the
       same way (its graph may differ: a report, not a requirement).
    2. Time. The programs are compiled with -g -O0, each with its `main`
       renamed, and linked with llvm-link-19 into modules of 1, 2, 4 and 8
       copies of all five (--copies). On each module the script alternates
       `opt-19 -passes=verify -disable-output` and `dtrans typeflow M
       --function F` (F: one small function, so that printing stays
       negligible; the graph of the whole module is still built, verified
       and propagated), R times each after a warm-up, and prints the median
       wall times and their ratio. Both tools parse and verify the module, so
       the ratio shows what building, checking and propagating the graph cost
       on top. It also prints the graph build and propagation times dtrans
       reports itself (DTRANS_LOG=info), and those times per thousand nodes,
       which stay flat when growth is linear. This is a benchmark, not a
       timed test: nothing fails on a number.

Usage
    python3 bench/typeflow_eval.py [--runs R] [--copies 1,2,4,8] [--extra]
        [--csmith N] [--seed S] [--no-programs] [--modules M ...]
        [--no-module-casts] [--default-int] [--baseline PATH]
        [--no-timing] [--no-eval] [--dtrans PATH] [--opt PATH] [--keep]

    --dtrans defaults to $DTRANS, then target/release/dtrans; --opt to $OPT,
    then opt-19. Modules go to bench/out/ (gitignored), removed unless
    --keep.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
PROGRAMS = REPO / "tests" / "programs"
MODES = ["no-propagation", "seeds-only", "full"]
LEVELS = {
    "O0": ["-O0"],
    "O2": ["-O2"],
    "O2-nopasses": ["-O2", "-Xclang", "-disable-llvm-passes"],
}


def sh(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, cmd))} exited {p.returncode}\n{p.stderr[:3000]}")
    return p


def compile_c(clang, src, flags, out, defines=()):
    sh([clang, "-g", *flags, *defines, "-S", "-emit-llvm", "-o", str(out), str(src)])


def evaluate(args, ll, lift):
    cmd = [args.dtrans, "typeflow", "--eval", "--format", "json", str(ll)]
    if lift:
        cmd.insert(2, "--lift")
    if args.default_int:
        cmd.insert(2, "--default-int")
    return json.loads(sh(cmd).stdout)


def casts_per_function(dtrans, ll, lift, extra=()):
    """{function: casts} from the text output of `dtrans typeflow`."""
    cmd = [dtrans, "typeflow", *(["--lift"] if lift else []), *extra, str(ll)]
    out, fn = {}, None
    for line in sh(cmd).stdout.splitlines():
        if line.startswith("function "):
            fn = line.split()[1]
        m = re.match(r"  summary: \d+ nodes, \d+ edges, (\d+) casts", line)
        if m and fn:
            out[fn] = int(m.group(1))
    return out


def compare_casts(args, ll, lift):
    """Functions where full propagation has more casts than the flood alone,
    than the bounds, and (with --baseline) than the baseline binary; and
    the totals of each."""
    full = casts_per_function(args.dtrans, ll, lift, ["--default-int"] if args.default_int else [])
    others = {
        "flood": casts_per_function(args.dtrans, ll, lift, ["--flood-only"]),
        "bounds": casts_per_function(args.dtrans, ll, lift, ["--no-propagate"]),
    }
    if args.baseline:
        others["baseline"] = casts_per_function(args.baseline, ll, lift)
    res = {"full": sum(full.values()), "functions": len(full)}
    for name, o in others.items():
        res[name] = sum(o.values())
        res[name + "_worse"] = sorted(f for f in full if f in o and full[f] > o[f])
    return res


def csmith_sources(args, out):
    """csmith programs (seeds args.seed ...), with tests/exec/compare.py's
    generator options and probabilities."""
    sys.path.insert(0, str(REPO / "tests" / "exec"))
    import compare  # noqa: E402  (its options and probability file)
    probs = compare.csmith_probabilities(str(out))
    srcs = []
    for k in range(args.csmith):
        seed = args.seed + k
        src = out / f"csmith{seed}.c"
        sh(["csmith", "--seed", str(seed), *compare.CSMITH_OPTS, "--probability-configuration", probs,
            "-o", str(src)], cwd=str(out))
        srcs.append(src)
    return srcs, ["-I" + compare.CSMITH_INCLUDE]


def accuracy_part(args, out):
    levels = ["O0", "O2"] + (["O2-nopasses"] if args.extra else [])
    groups = []  # (group, sources, extra cflags)
    if not args.no_programs:
        sources = sorted(PROGRAMS.glob("*.c"))
        if not sources:
            sys.exit(f"error: no programs in {PROGRAMS}")
        groups.append(("programs", sources, []))
    if args.csmith:
        srcs, flags = csmith_sources(args, out)
        groups.append(("csmith", srcs, flags))
    rows = []  # (group, program, level, variant, mode dict)
    casts = []  # (group, program, level, variant, compare_casts result)
    for group, sources, flags in groups:
        for src in sources:
            for level in levels:
                ll = out / f"eval_{src.stem}_{level}.ll"
                compile_c(args.clang, src, LEVELS[level] + flags, ll)
                for variant in ["normal", "lifter"]:
                    e = evaluate(args, ll, variant == "lifter")
                    for m in e["modes"]:
                        rows.append((group, src.stem, level, variant, m))
                    casts.append((group, src.stem, level, variant, compare_casts(args, ll, variant == "lifter")))
                if not args.keep:
                    ll.unlink()
            if group == "csmith" and not args.keep:
                src.unlink()
    # Modules built elsewhere (`bench/corpus.py --ptr-types` leaves each
    # corpus program linked at -O0 and -O2 with -g: DIR/NAME/linked-O0.bc).
    for mod in args.modules:
        mod = Path(mod)
        level = next((lv for lv in ("O0", "O2") if lv in mod.stem), mod.stem)
        prog = mod.parent.name if mod.stem.startswith("linked") else mod.stem
        for variant in ["normal", "lifter"]:
            e = evaluate(args, mod, variant == "lifter")
            for m in e["modes"]:
                rows.append(("corpus", prog, level, variant, m))
            if not args.no_module_casts:
                casts.append(("corpus", prog, level, variant, compare_casts(args, mod, variant == "lifter")))

    head = (f"{'program':<10} {'level':<11} {'variant':<7} {'mode':<15} {'points':>6} "
            f"{'accuracy':>9} {'exact':>7} {'TIE':>6} {'casts':>6}")
    print(head)
    print("-" * len(head))
    for _, prog, level, variant, m in rows:
        print(f"{prog:<10} {level:<11} {variant:<7} {m['mode']:<15} {m['points']:>6} "
              f"{100 * m['accuracy']:>8.1f}% {100 * m['exact_accuracy']:>6.1f}% "
              f"{m['tie_distance']:>6.3f} {m['casts']:>6}")

    verdicts = []
    for group, _, _ in groups:
        totals(rows, group, levels, verdicts)
    if args.modules:
        totals(rows, "corpus", sorted({lv for g, _, lv, _, _ in rows if g == "corpus"}), verdicts)
    print()
    for group, level, variant, beats in verdicts:
        word = "yes" if beats else "NO"
        print(f"{group} {level} {variant}: full propagation beats seeds-only and no-propagation "
              f"on accuracy and TIE distance with no more casts: {word}")
    cast_part(args, casts)


def cast_part(args, casts):
    """Casts per function: full propagation against the flood alone, the
    bounds and the baseline binary."""
    others = ["flood", "bounds"] + (["baseline"] if args.baseline else [])
    print("\nCasts per function (full propagation against the others, same module):\n")
    head = (f"{'group':<9} {'level':<11} {'variant':<7} {'functions':>9} {'full':>6} "
            + " ".join(f"{o:>8} {o + ' worse':>14}" for o in others))
    print(head)
    print("-" * len(head))
    keys = sorted({(g, lv, va) for g, _, lv, va, _ in casts}, key=lambda k: (k[0] != "programs", k))
    worse_total = {o: 0 for o in others}
    for g, lv, va in keys:
        sel = [r for gg, _, l2, v2, r in casts if (gg, l2, v2) == (g, lv, va)]
        line = f"{g:<9} {lv:<11} {va:<7} {sum(r['functions'] for r in sel):>9} {sum(r['full'] for r in sel):>6} "
        parts = []
        for o in others:
            w = sum(len(r[o + '_worse']) for r in sel)
            worse_total[o] += w
            parts.append(f"{sum(r[o] for r in sel):>8} {w:>14}")
        print(line + " ".join(parts))
    for g, prog, lv, va, r in casts:
        for o in others:
            if r[o + "_worse"]:
                print(f"  {g} {prog} {lv} {va}: more casts than {o} in {', '.join(r[o + '_worse'][:8])}")
    print()
    for o in others:
        print(f"functions with more casts than {o}: {worse_total[o]}")


def totals(rows, group, levels, verdicts):
    """Totals of one group of programs, per level and variant."""
    head = (f"{'':<10} {'level':<11} {'variant':<7} {'mode':<15} {'points':>6} "
            f"{'accuracy':>9} {'exact':>7} {'TIE':>6} {'casts':>6}")
    print(f"\nTotals over {group} (accuracy and TIE weighted by points):\n")
    print(head)
    print("-" * len(head))
    for level in levels:
        for variant in ["normal", "lifter"]:
            tot = {}
            for mode in MODES:
                sel = [m for g, _, lv, va, m in rows
                       if g == group and lv == level and va == variant and m["mode"] == mode]
                pts = sum(m["points"] for m in sel)
                tot[mode] = {
                    "points": pts,
                    "accuracy": sum(m["kind_correct"] for m in sel) / pts if pts else 0.0,
                    "exact": sum(m["exact"] for m in sel) / pts if pts else 0.0,
                    "tie": sum(m["tie_total"] for m in sel) / pts if pts else 0.0,
                    "casts": sum(m["casts"] for m in sel),
                }
                t = tot[mode]
                print(f"{'total':<10} {level:<11} {variant:<7} {mode:<15} {t['points']:>6} "
                      f"{100 * t['accuracy']:>8.1f}% {100 * t['exact']:>6.1f}% "
                      f"{t['tie']:>6.3f} {t['casts']:>6}")
            f, s, n = tot["full"], tot["seeds-only"], tot["no-propagation"]
            beats = (f["accuracy"] > max(s["accuracy"], n["accuracy"])
                     and f["tie"] < min(s["tie"], n["tie"])
                     and f["casts"] <= min(s["casts"], n["casts"]))
            verdicts.append((group, level, variant, beats))


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run_timed(cmd, env=None):
    start = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, cmd))} exited {p.returncode}\n{p.stderr[:3000]}")
    return elapsed, ANSI.sub("", p.stderr)


def field(text, name):
    m = re.search(rf"\b{name}=([0-9.]+)", text)
    return float(m.group(1)) if m else None


def linked_module(args, out, copies):
    """All programs, `copies` times each, -g -O0, linked into one module."""
    parts = []
    for k in range(copies):
        for src in sorted(PROGRAMS.glob("*.c")):
            ll = out / f"time_{src.stem}_{k}.ll"
            compile_c(args.clang, src, ["-O0"], ll, [f"-Dmain=main_{src.stem}_{k}"])
            parts.append(ll)
    path = out / f"typeflow_linked_{copies}.ll"
    sh([args.llvm_link, "-S", "-o", str(path), *map(str, parts)])
    for p in parts:
        p.unlink()
    return path, f"main_{sorted(PROGRAMS.glob('*.c'))[0].stem}_0"


def timing_part(args, out):
    env = dict(os.environ, DTRANS_LOG="dtrans=info", NO_COLOR="1")
    print(f"median of {args.runs} alternating runs each; dtrans runs `typeflow M --function F`\n")
    head = (f"{'copies':>6} {'MB':>6} {'nodes':>9} {'edges':>9} {'opt (s)':>8} {'dtrans (s)':>10} "
            f"{'ratio':>6} {'build (ms)':>10} {'prop (ms)':>9} {'(b+p) ms/knode':>14}")
    print(head)
    print("-" * len(head))
    ratios = {}
    for copies in args.copies:
        path, fn = linked_module(args, out, copies)
        opt_cmd = [args.opt, "-passes=verify", "-disable-output", str(path)]
        dt_cmd = [args.dtrans, "typeflow", str(path), "--function", fn]
        run_timed(opt_cmd)
        run_timed(dt_cmd, env)
        opt_t, dt_t, build, prop = [], [], [], []
        nodes = edges = None
        for _ in range(args.runs):
            opt_t.append(run_timed(opt_cmd)[0])
            t, err = run_timed(dt_cmd, env)
            dt_t.append(t)
            b, p = field(err, "build_ms"), field(err, "propagate_ms")
            if b is not None and p is not None:
                build.append(b)
                prop.append(p)
            nodes, edges = field(err, "nodes"), field(err, "edges")
        o, d = statistics.median(opt_t), statistics.median(dt_t)
        ratios[copies] = d / o
        b = statistics.median(build) if build else float("nan")
        p = statistics.median(prop) if prop else float("nan")
        per = (b + p) / (nodes / 1000) if nodes else float("nan")
        mb = path.stat().st_size / 1e6
        print(f"{copies:>6} {mb:>6.1f} {int(nodes or 0):>9} {int(edges or 0):>9} {o:>8.3f} {d:>10.3f} "
              f"{d / o:>6.2f} {b:>10.1f} {p:>9.1f} {per:>14.3f}", flush=True)
        if not args.keep:
            path.unlink()
    largest = max(args.copies)
    print(f"\nratio dtrans/opt on the largest module ({largest} copies): {ratios[largest]:.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 epilog="See the module docstring (or bench/README.md).")
    ap.add_argument("--runs", type=int, default=7, metavar="R", help="timed runs of each tool (default 7)")
    ap.add_argument("--copies", default="1,2,4,8", metavar="LIST",
                    help="module sizes, in copies of all programs (default 1,2,4,8)")
    ap.add_argument("--extra", action="store_true", help="also evaluate -O2 -Xclang -disable-llvm-passes")
    ap.add_argument("--no-timing", action="store_true", help="skip the timing part")
    ap.add_argument("--no-eval", action="store_true", help="skip the accuracy part")
    ap.add_argument("--csmith", type=int, default=0, metavar="N", help="also score N csmith programs")
    ap.add_argument("--seed", type=int, default=1, metavar="S", help="first csmith seed (default 1)")
    ap.add_argument("--no-programs", action="store_true", help="do not score tests/programs")
    ap.add_argument("--modules", nargs="+", default=[], metavar="M",
                    help="also score these modules (built with -g; the level is read from the name, as in "
                         "bench/corpus.py --ptr-types's DIR/NAME/linked-O0.bc), as group 'corpus'")
    ap.add_argument("--default-int", action="store_true",
                    help="full propagation ends with `--default-int` (sign-less 32-bit integers become int)")
    ap.add_argument("--no-module-casts", action="store_true",
                    help="skip the casts per function of --modules (three more runs of each)")
    ap.add_argument("--baseline", metavar="PATH", help="an older dtrans whose casts per function to compare")
    ap.add_argument("--dtrans", metavar="PATH",
                    default=os.environ.get("DTRANS", str(REPO / "target" / "release" / "dtrans")))
    ap.add_argument("--opt", metavar="PATH", default=os.environ.get("OPT", "opt-19"))
    ap.add_argument("--clang", metavar="PATH", default=os.environ.get("CLANG", "clang-19"))
    ap.add_argument("--llvm-link", metavar="PATH", default=os.environ.get("LLVM_LINK", "llvm-link-19"))
    ap.add_argument("--keep", action="store_true", help="keep the generated modules in bench/out/")
    args = ap.parse_args()
    try:
        args.copies = sorted({int(c) for c in args.copies.split(",") if c.strip()})
    except ValueError:
        ap.error("--copies takes a comma-separated list of positive integers")
    if args.runs < 1 or not args.copies or min(args.copies) < 1:
        ap.error("need --runs >= 1 and positive --copies")
    if not Path(args.dtrans).is_file():
        sys.exit(f"error: no dtrans binary at {args.dtrans} (cargo build --release, or pass --dtrans PATH)")
    out = BENCH / "out"
    out.mkdir(exist_ok=True)
    print(f"dtrans: {args.dtrans}\nopt:    {args.opt}\nclang:  {args.clang}\n")
    if not args.no_eval:
        accuracy_part(args, out)
    if not args.no_timing:
        if not args.no_eval:
            print()
        timing_part(args, out)


if __name__ == "__main__":
    main()
