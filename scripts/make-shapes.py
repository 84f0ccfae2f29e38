#!/usr/bin/env python3
"""Archives of other shapes made from one archive of generated games (`pdnkit random`):
CRLF line ends, Cyrillic names and comments in UTF-8 and in windows-1251, strength marks and
NAGs on about one move in eight, and one file per game.

Usage: scripts/make-shapes.py SOURCE.pdn DIR   (writes DIR/plain.pdn, DIR/crlf.pdn, ...)"""
import os
import random
import re
import shutil
import sys

source, d = sys.argv[1:3]
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
