#!/usr/bin/env python3
"""Throws mutated PDN files at every subcommand of the release binary.

    scripts/mutate.py [COUNT] [SEED]     (default 1000 files, seed 1)

Each file is a fixture or a generated game, mutated (bytes flipped, inserted, deleted,
duplicated, truncated, spliced with another file). Each subcommand must end within 20 s with
a documented exit code (0 or 1 for validate, stats and convert, whose inputs are all
readable; 0, 1 or 2 for `show`) and no panic on stderr, and `validate --format jsonl` must
still report the 20 games of the intact file given after the mutated one.
Prints the failures and a summary; exits 1 if any run failed.
"""
import glob, os, random, subprocess, sys, tempfile

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "pdnkit")
count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
root = os.path.join(os.path.dirname(__file__), "..")
seeds = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(root, "fixtures", "*.pdn")))]
seeds.append(subprocess.run([BIN, "random", "--games", "20", "--seed", "9"], capture_output=True).stdout)
SPECIAL = b"[]{}()\"\\%;:-x*/.!?$ \n\r\t\x00\xff0123456789abcdefghijkK"

def mutate(data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        op = rng.randrange(7)
        at = rng.randrange(len(data) + 1) if data else 0
        if op == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[at:at] = bytes([rng.choice(SPECIAL)]) * rng.randint(1, 4)
        elif op == 2:
            del data[at:at + rng.randint(1, 16)]
        elif op == 3 and data:
            start = rng.randrange(len(data))
            data[at:at] = data[start:start + rng.randint(1, 200)]
        elif op == 4:
            del data[at:]
        elif op == 5:
            other = rng.choice(seeds)
            start = rng.randrange(len(other) + 1)
            data[at:at] = other[start:start + rng.randint(1, 400)]
        else:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(data)

COMMANDS = [
    ["validate", "-q", "--no-progress"],
    ["validate", "--format", "jsonl", "--strict", "--no-progress"],
    ["validate", "--syntax-only", "--no-progress", "-j", "2"],
    ["stats", "--no-progress"],
    ["convert", "--to", "pdn", "--no-progress"],
    ["convert", "--to", "jsonl", "--no-progress"],
    ["convert", "--to", "pdn", "--notation", "numeric", "--captures", "full", "--no-progress"],
    ["show", "--ply", "7"],
]
failures, runs = [], 0
with tempfile.TemporaryDirectory() as tmp:
    good = os.path.join(tmp, "good.pdn")
    open(good, "wb").write(seeds[-1])
    for i in range(count):
        path = os.path.join(tmp, f"m{i}.pdn")
        data = mutate(rng.choice(seeds))
        open(path, "wb").write(data)
        for cmd in COMMANDS:
            args = [BIN] + cmd + ([path] if cmd[0] == "show" else [path, good])
            runs += 1
            try:
                p = subprocess.run(args, capture_output=True, timeout=20)
            except subprocess.TimeoutExpired:
                failures.append((path, cmd, "timeout"))
                continue
            bad = p.returncode not in (0, 1, 2) or b"panicked" in p.stderr
            if cmd[0] in ("validate", "stats", "convert") and p.returncode == 2:
                bad = True  # inputs are readable files: 2 would mean an internal failure
            if "jsonl" in cmd and cmd[0] == "validate":
                # Every game of the intact file after the mutated one is still reported.
                good_games = p.stdout.count(b'"file":"' + good.encode() + b'"')
                bad = bad or good_games != 20
            if bad:
                keep = os.path.join(tempfile.gettempdir(), f"mutate-fail-{i}.pdn")
                open(keep, "wb").write(data)
                failures.append((keep, cmd, f"exit {p.returncode}: {p.stderr[-300:]!r}"))
        if data and os.path.exists(path):
            assert open(path, "rb").read() == data, "an input was changed"
for f in failures[:20]:
    print(*f)
print(f"{count} mutated files, {runs} runs, {len(failures)} failures")
sys.exit(1 if failures else 0)
