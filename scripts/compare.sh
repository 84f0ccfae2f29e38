#!/usr/bin/env bash
# Differential check of two pdnkit binaries: every subcommand that reads PDN, on every file of
# a corpus, must print the same output and exit with the same code. Used to show that a speed
# change changes nothing a user sees.
#
#   scripts/compare.sh OLD_BINARY NEW_BINARY [CORPUS_DIR]
#   ONLY=dedupe scripts/compare.sh ...   # only the forms that match the regular expression
#
# The corpus (default /tmp/pdnkit-compare) is made once: the fixtures, the fuzz corpus of the
# reader, generated archives (both game types), and mutated copies of all of them (bytes
# flipped, inserted, deleted, lines swapped, cut short). Prints each difference and a count;
# exits 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2
dir=${3:-/tmp/pdnkit-compare}

if [[ ! -d $dir ]]; then
    mkdir -p "$dir"
    i=0
    while IFS= read -r -d '' f; do
        cp "$f" "$dir/seed-$((i++)).pdn"
    done < <(find fixtures fuzz/corpus/reader -type f -print0 | sort -z)
    for seed in 1 2 3; do
        "$new" random --games 300 --seed "$seed" > "$dir/random-41-$seed.pdn"
        "$new" random --games 300 --seed "$seed" --game-type 25 > "$dir/random-25-$seed.pdn"
    done
    python3 - "$dir" <<'EOF'
import glob, os, random, sys
d = sys.argv[1]
rng = random.Random(7)
seeds = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(d, "*.pdn")))]
SPECIAL = b"[]{}()\"\\%;:-x*/.!?$ \n\r\t\x00\xff0123456789abcdefghijkK"
for n in range(1500):
    data = bytearray(rng.choice(seeds))
    if len(data) > 20000:
        start = rng.randrange(len(data) - 20000)
        data = data[start:start + 20000]
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(6)
        at = rng.randrange(len(data) + 1) if data else 0
        if op == 0 and data:
            data[min(at, len(data) - 1)] = rng.choice(SPECIAL)
        elif op == 1:
            data[at:at] = bytes([rng.choice(SPECIAL)]) * rng.randint(1, 3)
        elif op == 2:
            del data[at:at + rng.randint(1, 8)]
        elif op == 3:
            lines = bytes(data).split(b"\n")
            if len(lines) > 2:
                a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[a], lines[b] = lines[b], lines[a]
            data = bytearray(b"\n".join(lines))
        elif op == 4:
            data = data[:at]
        else:
            data[at:at] = rng.choice(seeds)[:rng.randint(0, 400)]
    open(os.path.join(d, f"mutated-{n}.pdn"), "wb").write(bytes(data))
EOF
fi

commands=(
    "validate --format jsonl -j1"
    "validate --format jsonl -j2"
    "validate --syntax-only --format jsonl -j1"
    "validate --syntax-only --format jsonl -j2"
    "validate --format human -j1"
    "stats --format json -j1"
    "stats --format json -j2"
    "convert --to jsonl -j1"
    "convert --to jsonl -j2"
    "convert --to pdn -j1"
    "convert --to pdn -j2"
    "validate --format human -j2"
    "positions -j1"
    "positions -j2"
    "select --result 1-0 -j2"
    "merge -j2"
    "merge --dedupe -j2"
    "dedupe -j1"
    "dedupe --min-plies 1 --format human -j2"
    "dedupe --exact -j2"
    "dedupe -o - -j2"
)
if [[ -n ${ONLY:-} ]]; then
    selected=()
    for c in "${commands[@]}"; do
        if [[ $c =~ $ONLY ]]; then selected+=("$c"); fi
    done
    commands=("${selected[@]}")
fi
differences=0 runs=0
for f in "$dir"/*.pdn; do
    for c in "${commands[@]}"; do
        # Standard output, the exit code, then standard error (how the two streams
        # interleave on one pipe depends on when each is flushed, which is no contract).
        # shellcheck disable=SC2086
        a=$({ "$old" $c --no-progress "$f" 2>"$dir.stderr"; echo "exit $?"; cat "$dir.stderr"; } | md5sum)
        # shellcheck disable=SC2086
        b=$({ "$new" $c --no-progress "$f" 2>"$dir.stderr"; echo "exit $?"; cat "$dir.stderr"; } | md5sum)
        runs=$((runs + 1))
        if [[ $a != "$b" ]]; then
            differences=$((differences + 1))
            echo "DIFFERENT: pdnkit $c $f"
        fi
    done
done
echo "compare: $runs runs on $(find "$dir" -name '*.pdn' | wc -l) files, $differences differences"
[[ $differences -eq 0 ]]
