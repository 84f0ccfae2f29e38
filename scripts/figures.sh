#!/usr/bin/env bash
# The table of docs/performance.md: for a generated 10x8 archive and the shapes made from it
# (scripts/make-shapes.py), pdnkit validate's speed against pgn-reader's (the yardstick,
# scripts/yardstick.sh: median MB/s of CPU time, 7 alternating runs), `-j2` against
# `-j1` (median wall time of 5 alternating runs) and instructions per MB (callgrind, on the
# first MB of each shape; they do not vary with the machine's load).
#
#   scripts/figures.sh [--instructions-only] [BINARY]
#       BINARY: default target/release/pdnkit, built first; YARDSTICK=another script taking
#       BINARY PDN, default scripts/yardstick.sh; GAMES=80000. --instructions-only: the
#       callgrind columns alone, on the first MB of each shape (a few minutes; what
#       scripts/shapes.sh runs).
set -euo pipefail
cd "$(dirname "$0")/.."
only_instructions=false
if [[ ${1:-} == --instructions-only ]]; then
    only_instructions=true
    shift
fi
if [[ $# -ge 1 ]]; then
    bin=$1
else
    cargo build --release --quiet
    bin=target/release/pdnkit
fi
yardstick=${YARDSTICK:-scripts/yardstick.sh}
games=${GAMES:-80000}
dir=target/bench/figures
mkdir -p "$dir/full" "$dir/slice"
# 80,000 games, about 46 MB: the archive the yardstick generates by default.
[[ -s $dir/source-$games.pdn ]] || "$bin" random --games "$games" --seed 1 > "$dir/source-$games.pdn"
head -c 1048576 "$dir/source-$games.pdn" | python3 -c '
import sys; t = sys.stdin.read(); sys.stdout.write(t[: t.rfind("\n[Event ") + 1])' \
    > "$dir/slice.pdn"
scripts/make-shapes.py "$dir/slice.pdn" "$dir/slice" "$bin"
shapes="plain crlf utf8-cyrillic windows-1251 annotated upper-case x-captures glued-numbers
    variations endgames one-file-per-game"

megabytes() { find "$1" -type f -printf '%s\n' | awk '{ t += $1 } END { printf "%.2f", t / 1e6 }'; }

instructions_per_mb() { # path args... -> M instructions per MB of the path
    local path=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" validate -q \
        --no-progress "$@" "$path" 2>&1 >/dev/null |
        awk -v mb="$(megabytes "$path")" '/Collected/ { printf "%.1f", $4 / 1e6 / mb }'
}

# Median wall seconds of `validate -jN` over 5 runs, -j1 and -j2 taking turns: "j1 j2".
threads() {
    python3 - "$bin" "$1" << 'PY'
import statistics, subprocess, sys, time
bin, path = sys.argv[1:]
def wall(j):
    start = time.perf_counter()
    subprocess.run([bin, "validate", "-q", "--no-progress", "-j", str(j), path],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
one, two = [], []
for _ in range(5):
    one.append(wall(1))
    two.append(wall(2))
print(f"{statistics.median(one):.3f} {statistics.median(two):.3f}")
PY
}

if $only_instructions; then
    echo "| shape | MB | syntax-only, M instr/MB | validate, M instr/MB |"
    echo "|---|--:|--:|--:|"
    for shape in $shapes; do
        slice=$dir/slice/$shape
        [[ -d $slice ]] || slice=$slice.pdn
        echo "| $shape | $(megabytes "$slice") | $(instructions_per_mb "$slice" --syntax-only -j1) |" \
            "$(instructions_per_mb "$slice" -j1) |"
    done
    exit 0
fi
# The shapes are made once per archive (the script takes minutes on the whole archive).
if [[ ! -e $dir/full/made-from-$games ]]; then
    rm -rf "$dir/full" && mkdir -p "$dir/full"
    scripts/make-shapes.py "$dir/source-$games.pdn" "$dir/full" "$bin"
    touch "$dir/full/made-from-$games"
fi

echo "| shape | MB | pdnkit -j1 MB/s | pgn-reader MB/s | ratio | -j1 s | -j2 s | -j2 speed-up | syntax-only M instr/MB | validate M instr/MB |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
for shape in $shapes; do
    full=$dir/full/$shape slice=$dir/slice/$shape
    [[ -d $full ]] || { full=$full.pdn; slice=$slice.pdn; }
    if [[ -f $full ]]; then
        # "pdnkit validate -j1: 95 MB/s   pgn-reader validate: 59 MB/s   ratio 1.61"
        read -r ours theirs ratio < <("$yardstick" "$bin" "$full" |
            awk '{ print $4, $8, $11 }')
    else
        ours=- theirs=- ratio=-  # the yardstick reads one file
    fi
    read -r j1 j2 < <(threads "$full")
    speedup=$(awk -v a="$j1" -v b="$j2" 'BEGIN { printf "%.2f", a / b }')
    s=$(instructions_per_mb "$slice" --syntax-only -j1)
    v=$(instructions_per_mb "$slice" -j1)
    echo "| $shape | $(megabytes "$full") | $ours | $theirs | $ratio | $j1 | $j2 | ${speedup}x | $s | $v |"
done
