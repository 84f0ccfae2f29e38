#!/usr/bin/env bash
# Cost of reading archives of other shapes than the generated one (scripts/make-shapes.py:
# CRLF, windows-1251, upper case, `x` captures, glued move numbers, variations, FEN endgames
# full of kings, ...): instructions per MB counted with callgrind on the first MB of each (they
# do not vary with the machine's load). The instruction columns of scripts/figures.sh.
#
#   scripts/shapes.sh [BINARY]     (default target/release/pdnkit, built first)
exec "$(dirname "$0")/figures.sh" --instructions-only "$@"
