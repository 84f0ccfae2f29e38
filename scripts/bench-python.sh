#!/usr/bin/env bash
# pdnkit against the Python draughts libraries, on the games they can read: Russian draughts
# on 8x8 (GameType 25). Neither library has the 10x8 board.
#
#   scripts/bench-python.sh [GAMES]     (default 2000; REPLAY=n games for pydraughts, default 100)
#
# Generates GAMES random legal games with `pdnkit random --game-type 25`, installs the two
# libraries from PyPI into their own virtual environments under target/bench/python (once;
# both are imported as `draughts`), and times on the same bytes:
# - pdnkit: `validate --syntax-only` and `validate`, one thread;
# - py-draughts: `RussianBoard.from_pdn` on each game (reads and replays the moves; games cut
#   at blank lines before a tag, which is how the archive is written);
# - pydraughts: `PDNReader` (reads the whole file, no replay), then every move of the first
#   REPLAY games replayed with `Move(board, pdn_move=...)` (it is slow: seconds per game).
#   pydraughts reads captures written `x` only, so it gets a copy with `:` made `x` (pdnkit
#   reads both).
# Prints seconds, games/s and how many games each accepted.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-2000}
replay=${REPLAY:-100}
cargo build --release --quiet
bin=$PWD/target/release/pdnkit
dir=$PWD/target/bench/python
mkdir -p "$dir"
file=$dir/russian-$games.pdn
[[ -s $file ]] || "$bin" random --games "$games" --seed 2026 --game-type 25 > "$file"
sed -E 's/([a-h][1-8]):/\1x/g' "$file" > "$dir/russian-$games-x.pdn"

venv() { # name package
    if [[ ! -x $dir/$1/bin/python ]]; then
        python3 -m venv "$dir/$1"
        "$dir/$1/bin/pip" install --quiet "$2"
    fi
}
venv py-draughts py-draughts
venv pydraughts pydraughts

# Wall time of a command in seconds.
seconds() {
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'
}

row() { # label seconds games accepted
    awk -v l="$1" -v s="$2" -v g="$3" -v a="$4" 'BEGIN {
        if (s < 0.001) s = 0.001
        printf "| %-44s | %8.3f | %10.0f | %8s |\n", l, s, g / s, a
    }'
}

accepted() { # pdnkit jsonl report lines -> valid games
    "$bin" validate "$@" --format jsonl --no-progress "$file" | grep -c '"valid":true' || true
}

echo "archive: $file ($(stat -c %s "$file") bytes, $games games)"
echo
echo "| tool and step                                |  seconds |    games/s | accepted |"
echo "|----------------------------------------------|---------:|-----------:|---------:|"
row "wc -l" "$(seconds wc -l "$file")" "$games" "-"
row "pdnkit validate --syntax-only -j1" \
    "$(seconds "$bin" validate --syntax-only -q -j1 --no-progress "$file")" "$games" \
    "$(accepted --syntax-only -j1)"
row "pdnkit validate -j1 (every move replayed)" \
    "$(seconds "$bin" validate -q -j1 --no-progress "$file")" "$games" "$(accepted -j1)"

py_draughts=$(
    "$dir/py-draughts/bin/python" - "$file" << 'EOF'
import re, sys, time
from draughts import RussianBoard
text = open(sys.argv[1], encoding="utf-8").read()
start = time.perf_counter()
ok = 0
for game in re.split(r"\n\s*\n(?=\[)", text):
    if game.strip():
        try:
            RussianBoard.from_pdn(game)
            ok += 1
        except Exception:
            pass
print(f"{time.perf_counter() - start:.3f} {ok}")
EOF
)
row "py-draughts RussianBoard.from_pdn (replays)" "${py_draughts% *}" "$games" "${py_draughts#* }"

pydraughts=$(
    "$dir/pydraughts/bin/python" - "$dir/russian-$games-x.pdn" "$replay" << 'EOF'
import sys, time
from draughts import Board, Move
from draughts.PDN import PDNReader
start = time.perf_counter()
reader = PDNReader(filename=sys.argv[1])
read = time.perf_counter() - start
start = time.perf_counter()
ok = 0
for game in reader.games[: int(sys.argv[2])]:
    board = Board(variant="russian")
    try:
        for text in game.moves:
            board.push(Move(board, pdn_move=text, variant="russian"))
        ok += 1
    except Exception:
        pass
print(f"{read:.3f} {len(reader.games)} {time.perf_counter() - start:.3f} {ok}")
EOF
)
read -r read_s read_games replay_s replay_ok <<< "$pydraughts"
row "pydraughts PDNReader (no replay)" "$read_s" "$read_games" "-"
row "pydraughts replay, first $replay games" "$replay_s" "$replay" "$replay_ok"
