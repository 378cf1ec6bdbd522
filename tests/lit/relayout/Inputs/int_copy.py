"""Rewrites clang's -O0 IR of peel-index.c for peel-index-int-copy.c: after
the first load of a `prev` field (field 2 of %struct.node), the field is
read as an i64 and written back unchanged. Semantics stay; the access
reads a pointer field as an integer, which the analysis accepts."""
import re
import sys

text = open(sys.argv[1]).read()
gep = re.search(r"  (%\d+) = getelementptr inbounds %struct\.node, ptr %\d+, i32 0, i32 2, !dbg !\d+\n"
                r"  %\d+ = load ptr, ptr \1, align 8, !dbg !\d+\n", text)
if gep is None:
    sys.exit("int_copy.py: no load of a prev field found")
addr = gep.group(1)
copy = f"  %int.copy = load i64, ptr {addr}, align 8\n  store i64 %int.copy, ptr {addr}, align 8\n"
text = text[:gep.end()] + copy + text[gep.end():]
open(sys.argv[2], "w").write(text)
