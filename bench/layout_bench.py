#!/usr/bin/env python3
"""Run time and memory of the layout benchmark programs: clang, dtrans cc, hand-optimized.

For each program in bench/programs/NAME/ the script builds
    base      clang-19 -O2 NAME.c -o base -lm
    tool      DTRANS cc -O2 NAME.c -o tool -lm --report tool.json
    hand      clang-19 -O2 hand.c -o hand -lm
    hand_soa  clang-19 -O2 hand_soa.c -o hand_soa -lm   (when hand_soa.c exists)
    tool_pgo  DTRANS cc -O2 -fprofile-use (when train.txt exists: a
              -fprofile-generate build run once with its arguments)
    hand_pgo  the same with clang-19 and hand.c (a profile also helps
              the rest of the compilation: tool_pgo's fair comparison)
runs each once and requires every output to be byte-identical to base's,
then runs them R times, alternating, measuring the wall time and the peak
resident memory (ru_maxrss from os.wait4) of every run. It prints per
program the median times, the speedups over base (base time / time), the
share of the hand speedup the tool reached, the median over rounds of the
tool's time over the hand variant's in the same round (`tool/hand`, less
moved by the machine's drifts than the medians), the peak memory and the
structures the tool's report says it changed (the profile-guided builds in
a table of their own); then the geometric means of the speedups. A program whose build or output comparison fails is marked
FAIL (the error is printed) and the others go on. A benchmark, not a test:
nothing fails on a timing.

Then a calibration table: per program and variant, the traffic the cost
model predicts (relative to the original layouts; the hand variants'
layouts, from NAME/layouts.txt, are given to the model with --cost-eval)
beside the measured speedup, and per structure the layouts it considered.

`--tool-cc CMD` replaces `DTRANS cc` by another compiler command (e.g.
"clang-19"); the `--report` argument is dropped unless CMD runs dtrans.

Usage
    python3 bench/layout_bench.py [NAMES...] [--runs R] [--dtrans PATH] [--keep DIR] [--tool-cc CMD] [--plain]
"""

import argparse
import json
import math
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROGRAMS = os.path.join(HERE, "programs")
DEFAULT_NAMES = ["mcf", "particles", "hashtable", "tree", "graph", "mcf_cold", "chain", "events", "arc64", "scan8",
                 "groups3", "hashchain", "nosplit", "modes", "dispatch", "tally", "qregs", "bitpack", "edges"]
CC = "clang-19"
CFLAGS = ["-O2"]
LIBS = ["-lm"]


def is_dtrans(argv):
    return os.path.basename(argv[0]).startswith("dtrans")


def tail(text, lines=15):
    rows = text.rstrip().splitlines()
    return "\n".join(("    " + r) for r in rows[-lines:]) if rows else "    (no output)"


def build(cmd, log):
    """Runs a build command; returns None or the error text."""
    log.append(" ".join(shlex.quote(c) for c in cmd))
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        return f"cannot run {cmd[0]}: {e}"
    if p.returncode != 0:
        return f"{status_text(p.returncode)}\n{tail(p.stderr + p.stdout)}"
    return None


def status_text(code):
    return f"killed by signal {-code}" if code < 0 else f"exit status {code}"


def run_once(exe):
    """Output of one run (stdout bytes) or raises RuntimeError."""
    p = subprocess.run([exe], capture_output=True)
    if p.returncode != 0:
        raise RuntimeError(f"{status_text(p.returncode)}\n{tail(p.stderr.decode(errors='replace'))}")
    return p.stdout


def timed_run(exe):
    """Wall time (s) and peak RSS (KiB) of one run, output discarded."""
    start = time.perf_counter()
    child = subprocess.Popen([exe], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{status_text(child.returncode)} during timing")
    return wall, usage.ru_maxrss


def first_difference(a, b):
    la, lb = a.decode(errors="replace").splitlines(), b.decode(errors="replace").splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<end of output>"
        y = lb[i] if i < len(lb) else "<end of output>"
        if x != y:
            return f"line {i + 1}:\n      base: {x}\n      this: {y}"
    return "same lines, different bytes (line endings?)"


def report_changes(path):
    """`name size->new_size` for each structure the report says changed, or None."""
    try:
        with open(path) as f:
            rep = json.load(f)
    except (OSError, ValueError):
        return None
    changed = rep.get("changed") if isinstance(rep, dict) else None
    if not changed:
        return None
    # Passes run in order: a later pass may change the type an earlier one
    # produced (listed under its new name). Follow such chains so that each
    # structure prints once, from its original size to its final one.
    chains = []  # [original name, current name, size, new size]
    for c in changed:
        if not isinstance(c, dict) or "name" not in c:
            continue
        name, new = c.get("name"), c.get("new") or c.get("name")
        for ch in chains:
            if ch[1] == name:
                ch[1], ch[3] = new, c.get("new_size")
                break
        else:
            chains.append([name, new, c.get("size"), c.get("new_size")])
    fmt = lambda v: "?" if v is None else str(v)  # noqa: E731
    return [f"{ch[0]} {fmt(ch[2])}->{fmt(ch[3])}" for ch in chains]


def build_pgo(cc_cmd, source, train, out, log, name, extra=()):
    """A profile-guided build `name`: CC -fprofile-generate, one training
    run with the arguments of train.txt, llvm-profdata-19 merge, CC
    -fprofile-use (with `extra` arguments). Returns None or the error
    text."""
    prof = os.path.join(out, f"prof_{name}")
    shutil.rmtree(prof, ignore_errors=True)
    os.makedirs(prof)
    exe = os.path.join(out, f"train_{name}")
    err = build([*cc_cmd, *CFLAGS, "-fprofile-generate=" + prof, source, "-o", exe, *LIBS], log)
    if err:
        return err
    with open(train) as f:
        args = shlex.split(f.read())
    log.append(" ".join(shlex.quote(c) for c in [exe, *args]))
    p = subprocess.run([exe, *args], capture_output=True, cwd=out)
    if p.returncode != 0:
        return f"training run: {status_text(p.returncode)}"
    raws = [os.path.join(prof, f) for f in os.listdir(prof) if f.endswith(".profraw")]
    data = os.path.join(out, f"{name}.profdata")
    err = build(["llvm-profdata-19", "merge", "-o", data, *raws], log)
    if err:
        return err
    return build([*cc_cmd, *CFLAGS, "-fprofile-use=" + data, source, "-o", os.path.join(out, name), *LIBS, *extra],
                 log)


def eval_spec(src_dir):
    """The --cost-eval argument for the hand variants' layouts (layouts.txt:
    one `VARIANT STRUCT={...}{...}` a line), or None."""
    path = os.path.join(src_dir, "layouts.txt")
    if not os.path.isfile(path):
        return None
    items = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                variant, layout = line.split(None, 1)
                items.append(f"{variant}:{layout}")
    return ";".join(items) or None


def calibration(rep):
    """From a report: (per variant, predicted traffic relative to the
    original layouts over the structures the model saw; per structure, the
    layouts considered as (ratio, kind, layout, chosen))."""
    if not rep or not rep.get("predictions"):
        return None, None
    origin = {}
    for c in rep.get("changed", []):
        origin[c["new"]] = origin.get(c["name"], c["name"])
    per_struct = {}
    for p in rep["predictions"]:
        per_struct.setdefault(origin.get(p["name"], p["name"]), []).append(p)
    totals = {"as is": 0.0, "tool": 0.0}
    labels = set()
    considered = {}
    for s, preds in per_struct.items():
        t0 = preds[0]["layouts"][0]["traffic"]
        cum = 1.0
        mine = {}
        rows = []
        for p in preds:
            chosen = None
            for lay in p["layouts"][1:]:
                r = cum * lay["ratio"]
                if lay["kind"].startswith("evaluated"):
                    label = lay["kind"][len("evaluated"):].strip() or "evaluated"
                    labels.add(label)
                    mine.setdefault(label, r)
                    continue
                is_choice = p["choice"] == lay["kind"] and chosen is None
                if is_choice:
                    chosen = lay
                rows.append((r, lay["kind"], lay["layout"], is_choice))
            if chosen is not None:
                cum *= chosen["ratio"]
        totals["as is"] += t0
        totals["tool"] += t0 * cum
        for label, r in mine.items():
            totals[label] = totals.get(label, 0.0) + t0 * r
        for label in labels:
            if label not in mine:
                totals[label] = totals.get(label, 0.0) + t0
        # each layout once, with its best ratio
        best = {}
        for r, kind, lay, ch in rows:
            k = (kind, lay)
            if k not in best or r < best[k][0] or ch:
                best[k] = (r, kind, lay, ch or (k in best and best[k][3]))
        considered[s] = sorted(best.values(), key=lambda x: x[0])
    base = totals["as is"]
    if base <= 0:
        return None, considered
    return {k: v / base for k, v in totals.items()}, considered


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def bench_program(name, args, tool_cmd, workdir):
    """Builds, checks and times one program; returns its result dict."""
    src_dir = os.path.join(PROGRAMS, name)
    res = {"name": name, "ok": True, "errors": [], "time": {}, "rss": {}, "changes": None}
    original = os.path.join(src_dir, f"{name}.c")
    if not os.path.isfile(original):
        res["ok"] = False
        res["errors"].append(f"{original}: no such file")
        return res
    out = os.path.join(workdir, name)
    os.makedirs(out, exist_ok=True)
    report = os.path.join(out, "tool.json")
    if os.path.exists(report):
        os.remove(report)

    variants = [("base", [CC, *CFLAGS, original, "-o", os.path.join(out, "base"), *LIBS])]
    tool = [*tool_cmd, *CFLAGS, original, "-o", os.path.join(out, "tool"), *LIBS]
    if is_dtrans(tool_cmd):
        tool += ["--report", report]
        spec = None if args.plain else eval_spec(src_dir)
        if spec:
            tool += ["--cost-eval", spec]
    variants.append(("tool", tool))
    hands = sorted(f[:-2] for f in os.listdir(src_dir) if f.startswith("hand") and f.endswith(".c"))
    for v in sorted(hands, key=lambda h: (h != "hand", h != "hand_soa", h)):
        src = os.path.join(src_dir, f"{v}.c")
        variants.append((v, [CC, *CFLAGS, src, "-o", os.path.join(out, v), *LIBS]))
    train = os.path.join(src_dir, "train.txt")
    pgo = is_dtrans(tool_cmd) and os.path.isfile(train) and not args.plain
    if pgo:
        # The hand variant with a profile of its own too: a profile helps
        # the rest of the compilation, not only the layout.
        variants.insert(2, ("tool_pgo", None))
        if "hand" in hands:
            variants.append(("hand_pgo", None))
    res["variants"] = [v for v, _ in variants]

    log = []
    built = []
    for v, cmd in variants:
        if os.path.exists(os.path.join(out, v)):
            os.remove(os.path.join(out, v))  # never time a stale binary (--keep)
        if v == "tool_pgo":
            spec = eval_spec(src_dir)
            extra = ["--report", os.path.join(out, "tool_pgo.json")] + (["--cost-eval", spec] if spec else [])
            err = build_pgo(tool_cmd, original, train, out, log, v, extra)
            cmd = ["(profile-guided build)"]
        elif v == "hand_pgo":
            err = build_pgo([CC], os.path.join(src_dir, "hand.c"), train, out, log, v)
            cmd = ["(profile-guided build)"]
        else:
            err = build(cmd, log)
        if err:
            res["ok"] = False
            res["errors"].append(f"building {v} failed: {' '.join(shlex.quote(c) for c in cmd)}\n    {err}")
        else:
            built.append(v)
    if "tool_pgo" in built:
        try:
            with open(os.path.join(out, "tool_pgo.json")) as f:
                res["report_pgo"] = json.load(f)
        except (OSError, ValueError):
            res["report_pgo"] = None
    with open(os.path.join(out, "build.log"), "w") as f:
        f.write("\n".join(log) + "\n")
    if "base" not in built:
        return res
    if is_dtrans(tool_cmd) and "tool" in built:
        res["changes"] = report_changes(report)
        try:
            with open(report) as f:
                res["report"] = json.load(f)
        except (OSError, ValueError):
            res["report"] = None

    outputs, good = {}, []
    for v in built:
        try:
            outputs[v] = run_once(os.path.join(out, v))
        except RuntimeError as e:
            res["ok"] = False
            res["errors"].append(f"{v} failed to run: {e}")
            if v == "base":
                return res
            continue
        with open(os.path.join(out, f"{v}.out"), "wb") as f:
            f.write(outputs[v])
        if v != "base" and outputs[v] != outputs.get("base"):
            res["ok"] = False
            res["errors"].append(f"{v} prints something else than base: {first_difference(outputs['base'], outputs[v])}")
            continue
        good.append(v)
    if "base" not in good:
        return res

    times = {v: [] for v in good}
    rss = {v: [] for v in good}
    for _ in range(args.runs):
        for v in list(times):
            try:
                t, m = timed_run(os.path.join(out, v))
            except RuntimeError as e:
                res["ok"] = False
                res["errors"].append(f"{v}: {e}")
                del times[v]
                continue
            times[v].append(t)
            rss[v].append(m)
    for v in times:
        res["time"][v] = statistics.median(times[v])
        res["rss"][v] = max(rss[v]) / 1024.0
    # The tool's time over the hand variant's in the same round, median
    # over rounds: the machine's slow drifts (other jobs, the host) touch
    # both runs of a round alike.
    for v, hand, key in (("tool", "hand", "paired"), ("tool_pgo", "hand", "paired_pgo"),
                         ("tool_pgo", "hand_pgo", "paired_pgo_pgo")):
        if v in times and hand in times and len(times[v]) == len(times[hand]):
            res[key] = statistics.median(t / h for t, h in zip(times[v], times[hand]) if h > 0)
    return res


def fmt(v, spec, width):
    return f"{'-':>{width}}" if v is None else f"{v:>{width}{spec}}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help=f"programs under bench/programs (default: {' '.join(DEFAULT_NAMES)})")
    ap.add_argument("--runs", type=int, default=5, help="timed runs of each binary (default 5)")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", os.path.join(ROOT, "target", "release", "dtrans")))
    ap.add_argument("--keep", metavar="DIR", help="build in DIR and keep binaries, outputs, reports and build.log")
    ap.add_argument("--tool-cc", metavar="CMD", help='compiler command used instead of "DTRANS cc" (e.g. "clang-19")')
    ap.add_argument("--plain", action="store_true",
                    help="build the tool without --cost-eval, tool_pgo and hand_pgo (for a dtrans without the cost model)")
    args = ap.parse_args()
    names = args.names or DEFAULT_NAMES
    tool_cmd = shlex.split(args.tool_cc) if args.tool_cc else [args.dtrans, "cc"]
    if args.runs < 1:
        ap.error("--runs must be at least 1")

    print(f"tool: {' '.join(tool_cmd)}; {args.runs} timed runs of each binary, alternating; times are medians")
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        workdir, cleanup = os.path.abspath(args.keep), None
    else:
        cleanup = tempfile.mkdtemp(prefix="layout_bench.")
        workdir = cleanup

    results = []
    try:
        for name in names:
            print(f"{name}: building and running ...", file=sys.stderr, flush=True)
            r = bench_program(name, args, tool_cmd, workdir)
            for e in r["errors"]:
                print(f"error: {name}: {e}", flush=True)
            results.append(r)
    finally:
        if cleanup:
            shutil.rmtree(cleanup, ignore_errors=True)

    def speedup(r, v):
        t = r["time"]
        return t["base"] / t[v] if "base" in t and v in t and t[v] > 0 else None

    print()
    print(f"{'program':<11}{'status':>7}{'base s':>9}{'tool s':>9}{'hand s':>9}{'soa s':>9}"
          f"{'tool x':>8}{'hand x':>8}{'soa x':>8}{'of hand':>9}{'of soa':>8}{'tool/hand':>10}")
    for r in results:
        t = r["time"]
        st, sh, ss = speedup(r, "tool"), speedup(r, "hand"), speedup(r, "hand_soa")

        def share(hand):
            if st is None or hand is None or hand <= 1.01:
                return "n/a"
            return f"{100.0 * (st - 1.0) / (hand - 1.0):.0f}%"

        soa_share = share(ss) if "hand_soa" in r.get("variants", []) else "-"
        print(f"{r['name']:<11}{'ok' if r['ok'] else 'FAIL':>7}"
              f"{fmt(t.get('base'), '.3f', 9)}{fmt(t.get('tool'), '.3f', 9)}{fmt(t.get('hand'), '.3f', 9)}"
              f"{fmt(t.get('hand_soa'), '.3f', 9)}{fmt(st, '.2f', 8)}{fmt(sh, '.2f', 8)}{fmt(ss, '.2f', 8)}"
              f"{share(sh):>9}{soa_share:>8}{fmt(r.get('paired'), '.3f', 10)}")

    pgo = [r for r in results if "tool_pgo" in r["time"]]
    if pgo:
        print()
        print("profile-guided builds (tool_pgo, hand_pgo: trained with NAME/train.txt), timed in the same rounds;")
        print("speedups over base (built without a profile)")
        print(f"{'program':<11}{'pgo s':>9}{'pgo x':>8}{'of hand':>9}{'pgo/hand':>10}"
              f"{'hpgo x':>8}{'of hpgo':>9}{'pgo/hpgo':>10}{'pgo MiB':>9}")

        def share_of(sp, sh):
            return f"{100.0 * (sp - 1.0) / (sh - 1.0):.0f}%" if sp is not None and sh is not None and sh > 1.01 else "n/a"

        for r in pgo:
            sp, sh, shp = speedup(r, "tool_pgo"), speedup(r, "hand"), speedup(r, "hand_pgo")
            print(f"{r['name']:<11}{fmt(r['time']['tool_pgo'], '.3f', 9)}{fmt(sp, '.2f', 8)}{share_of(sp, sh):>9}"
                  f"{fmt(r.get('paired_pgo'), '.3f', 10)}{fmt(shp, '.2f', 8)}{share_of(sp, shp):>9}"
                  f"{fmt(r.get('paired_pgo_pgo'), '.3f', 10)}{fmt(r['rss'].get('tool_pgo'), '.1f', 9)}")

    print()
    print(f"{'program':<11}{'base MiB':>10}{'tool MiB':>10}{'hand MiB':>10}{'soa MiB':>10}  structures changed (tool report)")
    for r in results:
        m = r["rss"]
        changes = ", ".join(r["changes"]) if r["changes"] else "-"
        print(f"{r['name']:<11}{fmt(m.get('base'), '.1f', 10)}{fmt(m.get('tool'), '.1f', 10)}"
              f"{fmt(m.get('hand'), '.1f', 10)}{fmt(m.get('hand_soa'), '.1f', 10)}  {changes}")

    print()
    print("calibration: predicted traffic (relative to the original layouts, summed over the structures the")
    print("cost model saw; from the tool's report) beside the measured speedup over base (base time / time)")
    print(f"{'program':<11}{'variant':<10}{'predicted':>10}{'speedup':>9}   layouts considered (predicted)")
    for r in results:
        pred, considered = calibration(r.get("report"))
        if pred is None and not considered:
            continue
        if r.get("report_pgo"):
            pgo, _ = calibration(r["report_pgo"])
            if pgo and pred is not None:
                pred["tool_pgo"] = pgo.get("tool")
        variants = ["tool", "tool_pgo"] + [v for v in r.get("variants", []) if v.startswith("hand")]
        first = True
        for v in variants:
            ratio = pred.get(v) if pred else None
            if v == "tool_pgo" and "tool_pgo" not in r.get("variants", []):
                continue
            if ratio is None and v != "tool":
                continue
            print(f"{r['name'] if first else '':<11}{v:<10}{fmt(ratio, '.2f', 10)}{fmt(speedup(r, v), '.2f', 9)}")
            first = False
        for sname, rows in (considered or {}).items():
            if not rows:
                continue
            shown = [f"{kind}{' (chosen)' if ch else ''} {lay}: {ratio:.2f}" for ratio, kind, lay, ch in rows[:6]]
            more = f" (+{len(rows) - 6} more)" if len(rows) > 6 else ""
            print(f"{'':<40}{sname.lstrip('%')}: " + "; ".join(shown) + more)

    print()
    for v, label in (("tool", "tool"), ("hand", "hand"), ("hand_soa", "hand_soa")):
        xs = [s for s in (speedup(r, v) for r in results) if s is not None]
        g = geomean(xs)
        if g is not None:
            print(f"geometric mean speedup, {label}: {g:.3f} over {len(xs)} of {len(results)} programs")
        elif v != "hand_soa":
            print(f"geometric mean speedup, {label}: - (no program measured)")
    failed = [r["name"] for r in results if not r["ok"]]
    if failed:
        print(f"FAIL: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
