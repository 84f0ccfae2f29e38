#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml run by the pre-commit tool itself: pre-commit
# (from PyPI) goes into a virtual environment, a scratch git repository takes this checkout
# (its committed HEAD) as its hook repository, and both hooks are shown to fail on a bad
# file and to pass on a good one, through `git commit` as a user meets them.
#
# pre-commit builds pdnkit with `cargo install` (language: rust). To reuse what is built,
# CARGO_TARGET_DIR defaults to this checkout's target/ (set it to build elsewhere).
# Needs: python3 with venv, git, cargo. Prints what pre-commit prints; exit 0 when every step
# turned out as expected, 1 otherwise. Not part of scripts/test (it needs PyPI and a build).
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$checkout" rev-parse HEAD)
git -C "$checkout" cat-file -e "$rev:.pre-commit-hooks.yaml" || {
    echo "pre-commit-scenario: HEAD has no .pre-commit-hooks.yaml (commit it first)" >&2
    exit 2
}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$checkout/target}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export PRE_COMMIT_HOME=$scratch/cache
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check pre-commit
export PATH=$scratch/venv/bin:$PATH
echo "== $(pre-commit --version), hooks from $checkout at $rev"

repo=$scratch/archive
git init --quiet "$repo"
cd "$repo"
git config user.name scenario
git config user.email scenario@example.invalid
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $checkout
    rev: $rev
    hooks:
      - id: pdnkit-validate
      - id: pdnkit-fmt
YAML
git add .pre-commit-config.yaml
git commit --quiet --no-verify -m "pre-commit configuration"
pre-commit install
echo "== building the hooks' environment (cargo install)"
pre-commit install-hooks

failed=0
# expect WHAT VALIDATE FMT: runs `git commit`, shows what it printed, and checks each hook's
# verdict (Passed or Failed) and that the commit was made only when both passed.
expect() {
    local what=$1 validate=$2 fmt=$3 code=0 out
    echo "== $what"
    out=$(git commit -m "$what" 2>&1) || code=$?
    printf '%s\n' "$out"
    local ok=1
    grep -Eq "^pdnkit validate\.+$validate\$" <<<"$out" || ok=0
    grep -Eq "^pdnkit fmt\.+$fmt\$" <<<"$out" || ok=0
    if [ "$validate$fmt" = PassedPassed ]; then [ $code -eq 0 ] || ok=0; else [ $code -ne 0 ] || ok=0; fi
    if [ $ok -eq 1 ]; then
        echo "-- as expected: validate $validate, fmt $fmt, git commit exit $code"
    else
        echo "-- NOT as expected: wanted validate $validate, fmt $fmt; git commit exit $code"
        failed=1
    fi
}

# An illegal move (c3-b5: b5 is a light square) in a file out of shape: both hooks fail (fmt
# rewrites the file, as canonical PDN writes an invalid game: with pdnkit's note before it).
printf '[GameType "25"]\n[Result "*"]\n1.c3-b5 *\n' > bad.pdn
git add bad.pdn
expect "bad.pdn: an illegal move, out of shape" Failed Failed
git reset --quiet bad.pdn && rm bad.pdn

# A valid game out of shape: only fmt fails (it rewrites the file); staged again, it passes.
printf '[GameType "25"]\n[Result "*"]\n1.c3-d4   f6-g5 *\n' > messy.pdn
git add messy.pdn
expect "messy.pdn: valid, not canonical" Passed Failed
echo "-- messy.pdn as fmt left it:"
cat messy.pdn
git add messy.pdn
expect "messy.pdn: as fmt rewrote it" Passed Passed

# A valid canonical game passes both.
printf '[GameType "25,W,8,8,A0,0"]\n[Result "*"]\n\n1. c3-d4 f6-g5 *\n' > good.pdn
git add good.pdn
expect "good.pdn: valid and canonical" Passed Passed

echo "== git log:"
git log --oneline
exit $failed
