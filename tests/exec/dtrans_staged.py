#!/usr/bin/env python3
"""A `dtrans` for compare.py's --dtrans that builds as `dtrans cc` does at
-O1 and up when the pass list carries --block-step-calls:

    dtrans opt IN -p LIST --block-step-calls -o T1 (report kept)
    opt-19 -O2 T1 -o T2
    dtrans opt T2 -p blocks-loops -o OUT

(compare.py then runs opt-19 -O2 over OUT as it does over any output).
Every other command goes to the real dtrans unchanged. The real dtrans is
DTRANS_REAL (default target/release/dtrans of this checkout).

Usage: python3 tests/exec/compare.py PROGRAMS --passes "LIST --block-step-calls"
           --dtrans tests/exec/dtrans_staged.py
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.environ.get("DTRANS_REAL", os.path.join(HERE, "..", "..", "target", "release", "dtrans"))


def main():
    args = sys.argv[1:]
    if not args or args[0] != "opt" or "--block-step-calls" not in args or "-o" not in args:
        os.execv(REAL, [REAL] + args)
    k = args.index("-o")
    out = args[k + 1]
    with tempfile.TemporaryDirectory() as tmp:
        t1, t2 = os.path.join(tmp, "t1.bc"), os.path.join(tmp, "t2.bc")
        first = args[:k + 1] + [t1] + args[k + 2:]
        for cmd in ([REAL] + first, ["opt-19", "-O2", t1, "-o", t2],
                    [REAL, "opt", t2, "-p", "blocks-loops", "-o", out]):
            r = subprocess.run(cmd)
            if r.returncode != 0:
                sys.exit(r.returncode)


if __name__ == "__main__":
    main()
