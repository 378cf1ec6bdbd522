#!/usr/bin/env bash
# Checks that `dtrans opt -p optbase-test` changes nothing but type names
# (issue 10): each program is compiled at -O0, -O2 -Xclang
# -disable-llvm-passes and -O2, transformed, the `__DDT_` prefix removed
# again, and the result compared with the original by llvm-diff-19 (every
# function) and by text (everything but the ModuleID and the structure type
# definitions). Prints one line per program and level and a summary; exit 1
# on any difference.
# Usage: tests/exec/names_only.sh [FILE.c...]   (default: tests/programs/*.c)
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
dtrans=${DTRANS:-$here/target/release/dtrans}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$here"/tests/programs/*.c)
bad=0; runs=0; changed=0
for src in "${files[@]}"; do
    name=$(basename "$src" .c)
    for level in O0 NP O2; do
        case $level in O0) flags=-O0 ;; NP) flags="-O2 -Xclang -disable-llvm-passes" ;; O2) flags=-O2 ;; esac
        runs=$((runs + 1))
        orig=$work/$name.$level.ll
        # shellcheck disable=SC2086
        clang-19 -g $flags -S -emit-llvm "$src" -o "$orig"
        # The original as dtrans reads and prints it (no pass changes it):
        # what parsing and printing alone do is not the transformation's.
        "$dtrans" opt "$orig" -p annotation-cleaner -o "$work/rt.ll" && orig=$work/rt.ll
        if ! "$dtrans" opt "$orig" -p optbase-test -o "$work/t.ll" 2> "$work/err"; then
            echo "$name $level: FAIL dtrans opt: $(head -c 300 "$work/err")"; bad=$((bad + 1)); continue
        fi
        n=$(grep -c "optbase-test: " "$work/err")
        [ "$n" -gt 0 ] && changed=$((changed + 1))
        sed 's/%__DDT_struct\./%struct./g; s/%__DDT_union\./%union./g' "$work/t.ll" > "$work/back.ll"
        if ! llvm-diff-19 "$orig" "$work/back.ll" > "$work/diff" 2>&1; then
            echo "$name $level: FAIL llvm-diff: $(head -c 300 "$work/diff")"; bad=$((bad + 1)); continue
        fi
        # (Block predecessor comments follow use-list order, and attribute
        # groups are renumbered when the module is printed again.)
        norm() { grep -v '^; ModuleID\|^%struct\|^%union\|^$\|^attributes #' "$1" | sed 's/ *; preds = .*//; s/ #[0-9][0-9]*//g'; }
        if ! diff <(norm "$orig") <(norm "$work/back.ll") > "$work/tdiff"; then
            echo "$name $level: FAIL text: $(head -c 300 "$work/tdiff")"; bad=$((bad + 1)); continue
        fi
        echo "$name $level: OK ($n structures renamed)"
    done
done
echo "names-only: runs $runs, differences $bad, transformed $changed"
[ "$bad" -eq 0 ]
