#!/usr/bin/env python3
"""Archives of other shapes made from one archive of generated games (`pdnkit random`):
CRLF line ends, Cyrillic names and comments in UTF-8 and in windows-1251, strength marks and
NAGs on about one move in eight, upper-case squares, `x` for captures, move numbers glued to
their moves, variations (about one move in eight), endgames from a FEN full of kings, and one
file per game. Every game of every shape stays valid.

Usage: scripts/make-shapes.py SOURCE.pdn DIR BINARY   (writes DIR/plain.pdn, DIR/crlf.pdn, ...;
BINARY is pdnkit, whose `positions` gives the FENs of the endgames)"""
import json
import os
import random
import re
import shutil
import subprocess
import sys

source, d, binary = sys.argv[1:4]
os.makedirs(d, exist_ok=True)
text = open(source, encoding="utf-8").read()
shutil.copyfile(source, os.path.join(d, "plain.pdn"))
open(os.path.join(d, "crlf.pdn"), "wb").write(text.replace("\n", "\r\n").encode())
names = {
    "Lebedeva, Olga": "Лебедева, Ольга", "Volkova, Maria": "Волкова, Мария",
    "Kuznetsov, Oleg": "Кузнецов, Олег", "Smirnova, Anna": "Смирнова, Анна",
    "Pavlov, Nikolai": "Павлов, Николай",
}
cyrillic = text.replace("{a comment}", "{хороший ход}")
for latin, russian in names.items():
    cyrillic = cyrillic.replace(latin, russian)
open(os.path.join(d, "utf8-cyrillic.pdn"), "wb").write(cyrillic.encode("utf-8"))
open(os.path.join(d, "windows-1251.pdn"), "wb").write(cyrillic.encode("cp1251"))
rng = random.Random(1)


def annotate(m):
    r = rng.random()
    return m.group(0) + ("!" if r < 0.05 else "?" if r < 0.10 else " $1" if r < 0.13 else "")


marked = re.sub(r"(?<![\w])[a-k]\d{1,2}[-:][a-k\d:]+", annotate, text)
open(os.path.join(d, "annotated.pdn"), "w", encoding="utf-8").write(marked)
games = os.path.join(d, "one-file-per-game")
shutil.rmtree(games, ignore_errors=True)
os.makedirs(games)
for i, game in enumerate(re.split(r"(?=^\[Event )", text, flags=re.M)):
    if game:
        open(os.path.join(games, f"{i:05}.pdn"), "w", encoding="utf-8").write(game)


def movetext_only(transform):
    """Applies transform to the movetext lines (not the tags) of the source."""
    return "".join(line if line.startswith("[") else transform(line)
                   for line in text.splitlines(keepends=True))


MOVE = r"[a-k]\d{1,2}(?:[-:][a-k]\d{1,2})+"
open(os.path.join(d, "upper-case.pdn"), "w", encoding="utf-8").write(
    movetext_only(lambda line: re.sub(MOVE, lambda m: m.group(0).upper(), line)))
open(os.path.join(d, "x-captures.pdn"), "w", encoding="utf-8").write(
    movetext_only(lambda line: re.sub(MOVE, lambda m: m.group(0).replace(":", "x"), line)))
open(os.path.join(d, "glued-numbers.pdn"), "w", encoding="utf-8").write(
    movetext_only(lambda line: re.sub(r"\b(\d+)\. (?=[a-k])", r"\1.", line)))


def vary(m):
    # The variation replays the move pair it stands beside: legal wherever the game is.
    if rng.random() < 0.125:
        return f"{m.group(1)}. {m.group(2)} ({m.group(1)}. {m.group(2)} {m.group(3)}) {m.group(3)}"
    return m.group(0)


open(os.path.join(d, "variations.pdn"), "w", encoding="utf-8").write(
    movetext_only(lambda line: re.sub(rf"\b(\d+)\. ({MOVE}) ({MOVE})", vary, line)))
RESULT = {"win": "1-0", "loss": "0-1", "draw": "1/2-1/2"}


def endgame(number, rows):
    """The game from its first position with two kings or more on, from a FEN."""
    start = next((i for i, r in enumerate(rows) if r["white_kings"] + r["black_kings"] >= 2), None)
    if start is None or rows[start]["move_alpha"] is None:
        return ""
    result = RESULT.get(rows[0]["result"], "*")
    words = []
    for r in rows[start:]:
        if r["move_alpha"] is None:
            break
        number_of_move = r["ply"] // 2 + 1
        if r["side"] == "white":
            words.append(f"{number_of_move}.")
        elif not words:
            words.append(f"{number_of_move}...")
        words.append(r["move_alpha"])
    lines, line = [], ""
    for w in words + [result]:
        if len(line) + len(w) + 1 > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    tags = (f'[Event "Endgame {number}"]\n[Result "{result}"]\n[GameType "41"]\n'
            f'[SetUp "1"]\n[FEN "{rows[start]["fen"]}"]\n\n')
    return tags + "\n".join(lines) + "\n\n"


with open(os.path.join(d, "endgames.pdn"), "w", encoding="utf-8") as out:
    positions = subprocess.Popen([binary, "positions", "--no-progress", "-q", source],
                                 stdout=subprocess.PIPE, text=True)
    rows, game = [], None
    for line in positions.stdout:
        row = json.loads(line)
        if row.get("type") != "position":
            continue
        if row["game"] != game and rows:
            out.write(endgame(game, rows))
            rows = []
        game = row["game"]
        rows.append(row)
    if rows:
        out.write(endgame(game, rows))
    if positions.wait() != 0:
        sys.exit(f"{binary} positions failed")
