#!/usr/bin/env bash
# Throughput benchmark of the release binary on generated archives.
#
#   scripts/bench.sh [SIZE_MB]      (default 200; RUNS=n rounds, default 3)
#
# Generates (once) an archive of random legal 10x8 games with `pdnkit random`, then times in
# one run: `wc -l` (the floor: reading the bytes), a syntax-only pass (every token read and
# checked, nothing replayed) on one thread and on all threads, `validate` on one thread and
# on all threads, and `stats`. Each round runs every step once; each step's figure is its
# best round. Prints MB/s, games/s and peak memory (maximum resident set size, the largest
# of the rounds) of each. Also times a 20 MB archive to show that peak memory does not grow
# with the archive.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${1:-200}
runs=${RUNS:-3}
cargo build --release --quiet
bin=target/release/pdnkit
dir=target/bench
mkdir -p "$dir"

# About 600 bytes per game: ask for enough games to pass the size.
make_archive() { # size_mb path
    local games=$(($1 * 1024 * 1024 / 580))
    if [[ ! -s $2 ]]; then
        echo "generating $2 ($games games)..." >&2
        "$bin" random --games "$games" --seed 2026 > "$2"
    fi
}

# One timed run of a command: sets `took` (seconds) and `peak` (KB of resident memory).
run_once() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -o "$dir/time.txt" -f '%M' "$@" > /dev/null 2> /dev/null || true
    end=$(date +%s%N)
    took=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    peak=$(tail -1 "$dir/time.txt")
}

# Times every step of `steps` on `file`, best of $runs rounds. Each round runs every step
# once, so that all steps see the same moments of a shared machine (whose speed may change
# by half from one minute to the next), and the fastest run is the least disturbed one.
measure_steps() { # file
    local file=$1 bytes games i round
    bytes=$(stat -c %s "$file")
    games=$(grep -c '^\[Event ' "$file")
    local -a best rss
    for ((i = 0; i < ${#steps[@]}; i++)); do
        best[i]="" rss[i]=0
    done
    for ((round = 0; round < runs; round++)); do
        for ((i = 0; i < ${#steps[@]}; i++)); do
            # shellcheck disable=SC2086
            run_once ${commands[i]//FILE/$file}
            if [[ -z ${best[i]} ]] || awk -v a="$took" -v b="${best[i]}" 'BEGIN { exit !(a < b) }'; then
                best[i]=$took
            fi
            rss[i]=$((rss[i] > peak ? rss[i] : peak))
        done
    done
    for ((i = 0; i < ${#steps[@]}; i++)); do
        awk -v l="${steps[i]}" -v b="$bytes" -v g="$games" -v s="${best[i]}" -v r="${rss[i]}" 'BEGIN {
            if (s < 0.001) s = 0.001
            printf "| %-28s | %8.3f | %9.1f | %10.0f | %8.1f |\n", l, s, b / 1048576 / s, g / s, r / 1024
        }'
    done
}

threads=$(nproc)
steps=("wc -l" "syntax only, 1 thread" "syntax only, $threads threads" "validate, 1 thread"
    "validate, $threads threads" "stats, $threads threads")
commands=("wc -l FILE"
    "$bin validate --syntax-only -q -j 1 --no-progress FILE"
    "$bin validate --syntax-only -q -j $threads --no-progress FILE"
    "$bin validate -q -j 1 --no-progress FILE"
    "$bin validate -q -j $threads --no-progress FILE"
    "$bin stats -j $threads --no-progress FILE")
for mb in $(printf '%s\n' 20 "$size_mb" | sort -nu); do
    file=$dir/archive-$mb.pdn
    make_archive "$mb" "$file"
    echo
    echo "archive: $file ($(($(stat -c %s "$file") / 1048576)) MB, $(grep -c '^\[Event ' "$file") games), $threads cores, best of $runs rounds"
    echo
    echo "| step                         | seconds |     MB/s |    games/s | peak MB |"
    echo "|------------------------------|--------:|---------:|-----------:|--------:|"
    measure_steps "$file"
done
