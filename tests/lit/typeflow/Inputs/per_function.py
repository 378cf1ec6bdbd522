#!/usr/bin/env python3
"""Compares the casts per function of two `dtrans typeflow` text outputs
(NEW OLD): how many functions have fewer casts in NEW, how many more."""
import re
import sys


def casts(path):
    out, fn = {}, None
    for line in open(path):
        if line.startswith("function "):
            fn = line.split()[1]
        m = re.match(r"  summary: \d+ nodes, \d+ edges, (\d+) casts", line)
        if m and fn:
            out[fn] = int(m.group(1))
    return out


new, old = casts(sys.argv[1]), casts(sys.argv[2])
if set(new) != set(old):
    sys.exit("the outputs list different functions")
fewer = sum(1 for f in new if new[f] < old[f])
more = sum(1 for f in new if new[f] > old[f])
print(f"functions with fewer casts: {fewer}, with more: {more}")
