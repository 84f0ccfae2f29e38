#!/usr/bin/env bash
# The table of docs/performance.md, "Every command": MB of input per CPU second of each
# command that reads games, on one thread, its ratio to `validate -j1` of the same build, its
# peak memory, and (J2=1) its peak memory and wall-time speed-up with -j 2.
#
#   scripts/perf-table.sh [BINARY]      (default: target/release/pdnkit, built first)
#
# Environment: GAMES (default 34000: about 20 MB; 340000: about 200 MB), SEED (2026), RUNS
# (5: the median of each command's runs is printed; all commands are run once per round, in
# turn, so that each sees the same moments of a shared machine), J2=1 also runs every command
# with -j 2 (wall seconds: the speed-up means something only with both cores free).
#
# Needs bash, awk and GNU time (/usr/bin/time). Output of every command goes to /dev/null
# (split: into target/perf-table/split, replaced each run).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-34000}
seed=${SEED:-2026}
runs=${RUNS:-5}
if [[ $# -gt 0 ]]; then
    bin=$1
else
    cargo build --release --quiet
    bin=target/release/pdnkit
fi
dir=target/perf-table
mkdir -p "$dir"
archive=$dir/random-$games-$seed.pdn
[[ -s $archive ]] || "$bin" random --games "$games" --seed "$seed" > "$archive"
bytes=$(stat -c %s "$archive")

# The command as shown, and as run (validate first: the base of the ratio).
names=("validate -q" "convert --format jsonl" "convert --format jsonl --no-positions"
    "convert --format json" "convert --format pdn" "stats" "select --valid" "dedupe"
    "split --by 1000" "merge" "positions" "report")
args=("validate -q" "convert --format jsonl" "convert --format jsonl --no-positions"
    "convert --format json" "convert --format pdn" "stats" "select --valid" "dedupe"
    "split --by 1000 -o $dir/split" "merge" "positions" "report")

# One run: prints "cpu_seconds wall_seconds peak_kb".
run_once() { # threads args...
    local threads=$1 start end
    shift
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    /usr/bin/time -o "$dir/time.txt" -f '%U %S %M' "$bin" $* -j "$threads" --no-progress \
        "$archive" > /dev/null 2> /dev/null || true
    end=$(date +%s%N)
    awk -v s="$start" -v e="$end" '{ printf "%.3f %.3f %d\n", $1 + $2, (e - s) / 1e9, $3 }' \
        "$dir/time.txt"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
max() { # a b
    echo $((($1 > $2) ? $1 : $2))
}

declare -A cpu wall peak wall2 peak2
for ((round = 0; round < runs; round++)); do
    for ((i = 0; i < ${#names[@]}; i++)); do
        read -r c w p < <(run_once 1 "${args[i]}")
        cpu[$i]+="$c "
        wall[$i]+="$w "
        peak[$i]=$(max "${peak[$i]:-0}" "$p")
        if [[ ${J2:-0} == 1 ]]; then
            read -r _ w p < <(run_once 2 "${args[i]}")
            wall2[$i]+="$w "
            peak2[$i]=$(max "${peak2[$i]:-0}" "$p")
        fi
    done
done

echo "archive: $archive ($(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1e6 }') MB), median of $runs runs"
echo
echo "| command | MB/s (CPU, -j1) | vs validate -j1 | peak MiB -j1 | peak MiB -j2 | -j2 speed-up (wall) |"
echo "|---|--:|--:|--:|--:|--:|"
base=$(tr ' ' '\n' <<< "${cpu[0]}" | grep . | median)
for ((i = 0; i < ${#names[@]}; i++)); do
    c=$(tr ' ' '\n' <<< "${cpu[$i]}" | grep . | median)
    speedup="-"
    p2="-"
    if [[ ${J2:-0} == 1 ]]; then
        w1=$(tr ' ' '\n' <<< "${wall[$i]}" | grep . | median)
        w2=$(tr ' ' '\n' <<< "${wall2[$i]}" | grep . | median)
        speedup=$(awk -v a="$w1" -v b="$w2" 'BEGIN { printf "%.2fx", a / b }')
        p2=$(awk -v p="${peak2[$i]}" 'BEGIN { printf "%.1f", p / 1024 }')
    fi
    awk -v n="${names[i]}" -v b="$bytes" -v c="$c" -v v="$base" -v p="${peak[$i]}" \
        -v p2="$p2" -v s="$speedup" \
        'BEGIN { printf "| `%s` | %.1f | %.2f | %.1f | %s | %s |\n", n, b / 1e6 / c, v / c, p / 1024, p2, s }'
done
