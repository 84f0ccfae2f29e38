#!/usr/bin/env bash
# Throughput benchmark of the release binary on generated archives.
#
#   scripts/bench.sh [SIZE_MB]      (default 200)
#
# Generates (once) an archive of random legal 10x8 games with `pdnkit random`, then times in
# one run: `wc -l` (the floor: reading the bytes), a syntax-only pass, `validate` on one
# thread and on all threads, and `stats` if this build has it. Prints MB/s, games/s and peak
# memory (maximum resident set size) of each. Also times a 20 MB archive to show that peak
# memory does not grow with the archive.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${1:-200}
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

measure() { # label file command...
    local label=$1 file=$2
    shift 2
    local bytes games out seconds rss
    bytes=$(stat -c %s "$file")
    games=$(grep -c '^\[Event ' "$file")
    /usr/bin/time -o "$dir/time.txt" -f '%e %M' "$@" > /dev/null 2> /dev/null || true
    out=$(tail -1 "$dir/time.txt")
    seconds=${out% *}
    rss=${out#* }
    awk -v l="$label" -v b="$bytes" -v g="$games" -v s="$seconds" -v r="$rss" 'BEGIN {
        if (s < 0.001) s = 0.001
        printf "| %-28s | %8.2f | %9.1f | %10.0f | %8.1f |\n", l, s, b / 1048576 / s, g / s, r / 1024
    }'
}

threads=$(nproc)
for mb in 20 "$size_mb"; do
    file=$dir/archive-$mb.pdn
    make_archive "$mb" "$file"
    echo
    echo "archive: $file ($(($(stat -c %s "$file") / 1048576)) MB, $(grep -c '^\[Event ' "$file") games), $threads cores"
    echo
    echo "| step                         | seconds |     MB/s |    games/s | peak MB |"
    echo "|------------------------------|--------:|---------:|-----------:|--------:|"
    measure "wc -l" "$file" wc -l "$file"
    measure "syntax only, 1 thread" "$file" "$bin" validate --syntax-only -q -j 1 --no-progress "$file"
    measure "validate, 1 thread" "$file" "$bin" validate -q -j 1 --no-progress "$file"
    measure "validate, $threads threads" "$file" "$bin" validate -q -j "$threads" --no-progress "$file"
    if "$bin" stats --help > /dev/null 2>&1; then
        measure "stats, $threads threads" "$file" "$bin" stats -j "$threads" --no-progress "$file"
    fi
done
