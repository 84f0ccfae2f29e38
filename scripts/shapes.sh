#!/usr/bin/env bash
# Cost of reading archives of other shapes than the generated one: the same 1 MB of games
# with CRLF line ends, in windows-1251 with Cyrillic names and comments, in UTF-8 with the
# same, with strength marks and NAGs on about one move in eight, and cut into one file per
# game (scripts/make-shapes.py). Counts instructions with callgrind (they do not vary with the
# machine's load).
#
#   scripts/shapes.sh [BINARY]     (default target/release/pdnkit, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -ge 1 ]]; then
    bin=$1
else
    cargo build --release --quiet
    bin=target/release/pdnkit
fi
dir=target/bench/shapes
mkdir -p "$dir"
archive=target/bench/archive-20.pdn
if [[ ! -s $archive ]]; then
    echo "run scripts/bench.sh first (it writes $archive)" >&2
    exit 1
fi
head -c 1048061 "$archive" > "$dir/slice.pdn"
scripts/make-shapes.py "$dir/slice.pdn" "$dir"

instructions() { # command... -> M instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        awk '/Collected/ { printf "%.1f", $4 / 1e6 }'
}

echo "| shape | MB | syntax-only, M instr/MB | validate, M instr/MB |"
echo "|---|--:|--:|--:|"
for shape in plain crlf utf8-cyrillic windows-1251 annotated one-file-per-game; do
    path=$dir/$shape
    [[ -d $path ]] || path=$path.pdn
    bytes=$(find "$path" -type f -printf '%s\n' | awk '{ t += $1 } END { print t }')
    mb=$(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1048576 }')
    s=$(instructions "$bin" validate --syntax-only -q -j1 --no-progress "$path")
    v=$(instructions "$bin" validate -q -j1 --no-progress "$path")
    awk -v n="$shape" -v mb="$mb" -v s="$s" -v v="$v" \
        'BEGIN { printf "| %s | %s | %.1f | %.1f |\n", n, mb, s / mb, v / mb }'
done
