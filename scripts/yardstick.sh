#!/usr/bin/env bash
# pdnkit validate against pgn-reader's own `validate` example program (chess games; the
# fastest Rust game-record validator we know), on this machine, in one run: the median MB/s of
# CPU time (user + system) of each over 7 alternating runs, and their ratio. The ratio, not
# the absolute figure, is what carries between machines (docs/performance.md).
#
#   scripts/yardstick.sh [BINARY] [PDN]
#
# BINARY: default target/release/pdnkit, built first. PDN: default an archive of
# `pdnkit random --games 80000 --seed 1` (about 46 MB). The chess archive is the TWIC sample
# that ships inside the pgn-reader crate, 40 times over (about 40 MB). pgn-reader 0.29.0 is
# fetched from crates.io and its example built as published, in a scratch directory ($WORK,
# default ${TMPDIR:-/tmp}/pdnkit-yardstick, kept between runs so that it is built once).
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK:-${TMPDIR:-/tmp}/pdnkit-yardstick}
mkdir -p "$work/fetch/src"
if [ -z "${1:-}" ]; then
    cargo build --release -q
fi
bin=$(realpath "${1:-target/release/pdnkit}")
pdn=${2:-$work/random-80000.pdn}
[ -s "$pdn" ] || "$bin" random --games 80000 --seed 1 > "$pdn"

# The published crate's source, through cargo's own download: a manifest that depends on it.
cat > "$work/fetch/Cargo.toml" <<'EOF'
[package]
name = "fetch-pgn-reader"
version = "0.0.0"
edition = "2021"

[dependencies]
pgn-reader = "=0.29.0"
EOF
touch "$work/fetch/src/lib.rs"
cargo fetch -q --manifest-path "$work/fetch/Cargo.toml"
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/pgn-reader-0.29.0 | head -1)
CARGO_TARGET_DIR=$work/target cargo build -q --release --example validate \
    --manifest-path "$src/Cargo.toml"
pgn=$work/target/release/examples/validate
chess=$work/twic-40.pgn
if [ ! -s "$chess" ]; then
    for _ in $(seq 40); do cat "$src/benches/twic1599_1000k.pgn"; done > "$chess"
fi

python3 - "$bin" "$pdn" "$pgn" "$chess" <<'PY'
import os, statistics, subprocess, sys

pdnkit, pdn, pgn, chess = sys.argv[1:]

def mb_per_cpu_second(command, path):
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0 and command[0] == pgn:
        sys.exit(f"{command} failed")
    return os.path.getsize(path) / 1e6 / (usage.ru_utime + usage.ru_stime)

ours, theirs = [], []
for _ in range(7):
    ours.append(mb_per_cpu_second([pdnkit, "validate", "-q", "-j", "1", "--no-config", pdn], pdn))
    theirs.append(mb_per_cpu_second([pgn, chess], chess))
a, b = statistics.median(ours), statistics.median(theirs)
print(f"pdnkit validate -j1: {a:.0f} MB/s   pgn-reader validate: {b:.0f} MB/s   ratio {a / b:.2f}")
PY
