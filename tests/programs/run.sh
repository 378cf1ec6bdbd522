#!/usr/bin/env bash
# Execution tests for the C programs in this folder.
#
# Every NAME.c is built with clang-19 at -O0 and at -O2, both binaries are run,
# and their outputs must be identical; the output is then compared with
# NAME.expected, which is created when it does not exist yet.
#
# Usage: tests/programs/run.sh [--extra] [NAME...]
#   --extra  also build with -O2 -ffp-contract=off and with
#            -fsanitize=address,undefined, and require the same output
#   NAME     run only these programs (default: every *.c here)
# Environment: CC (default clang-19), CFLAGS (added to every build).
# Exit status: 0 when every program passes, 1 otherwise.
set -u

here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-clang-19}
extra=0
names=()
for arg in "$@"; do
    case $arg in
    --extra) extra=1 ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) names+=("${arg%.c}") ;;
    esac
done
if [ ${#names[@]} -eq 0 ]; then
    for src in "$here"/*.c; do
        [ -e "$src" ] && names+=("$(basename "$src" .c)")
    done
fi
if ! command -v "$cc" > /dev/null 2>&1; then
    echo "run.sh: compiler '$cc' not found" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

variants=("O0:-O0" "O2:-O2")
if [ $extra -eq 1 ]; then
    variants+=("O2-nofma:-O2 -ffp-contract=off"
               "san:-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all")
fi

failed=0
for name in "${names[@]}"; do
    src=$here/$name.c
    expected=$here/$name.expected
    status=ok
    note=
    if [ ! -f "$src" ]; then
        status="no such program: $src"
    fi
    for variant in "${variants[@]}"; do
        [ "$status" = ok ] || break
        tag=${variant%%:*}
        flags=${variant#*:}
        bin=$work/$name.$tag
        # shellcheck disable=SC2086  # flags are word lists on purpose
        if ! "$cc" -std=c11 -Wall -Wextra -Werror $flags ${CFLAGS:-} "$src" -o "$bin" -lm \
            > "$bin.log" 2>&1; then
            status="build failed at $tag"
            note=$(head -n 20 "$bin.log")
            break
        fi
        if ! timeout 120 "$bin" > "$bin.out" 2> "$bin.err"; then
            status="run failed at $tag"
            note=$(head -n 20 "$bin.err")
            break
        fi
        if [ "$tag" != O0 ] && ! cmp -s "$work/$name.O0.out" "$bin.out"; then
            status="output at $tag differs from -O0"
            note=$(diff "$work/$name.O0.out" "$bin.out" | head -n 20)
            break
        fi
    done
    if [ "$status" = ok ]; then
        lines=$(wc -l < "$work/$name.O0.out")
        if [ -f "$expected" ]; then
            if ! cmp -s "$expected" "$work/$name.O0.out"; then
                status="output differs from $name.expected"
                note=$(diff "$expected" "$work/$name.O0.out" | head -n 20)
            fi
        else
            cp "$work/$name.O0.out" "$expected"
            note="created $name.expected"
        fi
    fi
    if [ "$status" = ok ]; then
        printf 'PASS %-10s (%s lines, %d builds)%s\n' "$name" "$lines" "${#variants[@]}" \
            "${note:+: $note}"
    else
        failed=1
        printf 'FAIL %-10s %s\n' "$name" "$status"
        [ -n "$note" ] && printf '%s\n' "$note" | sed 's/^/    /'
    fi
done
exit $failed
