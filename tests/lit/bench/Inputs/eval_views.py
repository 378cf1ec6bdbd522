"""Prints what bench/ptr_types_eval.py's view rules say of a few answers
for the debug types of the C file given (eval-void-slot.test)."""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(sys.argv[1]) / "bench"))
import ptr_types_eval as E  # noqa: E402

ll = subprocess.run(["clang-19", "-g", "-O0", "-S", "-emit-llvm", sys.argv[2], "-o", "-"],
                    check=True, capture_output=True, text=True).stdout
_, _, layouts, _ = E.ground_truth(ll)
for expected, answer in [("%struct.iter*", "%struct.obj**"), ("%struct.iter*", "%struct.obj*"),
                         ("%struct.iter*", "i8**"), ("%struct.plain*", "%struct.obj**"),
                         ("%struct.iter**", "%struct.obj***")]:
    print(f"inner {expected} {answer}: {layouts.inner(expected, answer)}")
for t in ["[100 x i8]*", "[4 x %struct.obj]**", "i8*"]:
    print(f"decayed {t}: {E.decayed(t)}")
holds = {"%union.anon.1": ["%struct.UpVal*", "%struct.anon.2"]}
for expected in ["%struct.UpVal**", "%struct.anon.2*", "%struct.UpVal*"]:
    print(f"union %union.anon.1* {expected}: {E.union_holds(holds, '%union.anon.1*', expected)}")
