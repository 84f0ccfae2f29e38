#!/usr/bin/env python3
"""Checks by hand (not in CI) that DuckDB, Polars and pyarrow read pdnkit's Parquet.

    python3 -m venv /tmp/pq && /tmp/pq/bin/pip install duckdb polars pyarrow
    /tmp/pq/bin/python scripts/parquet-check.py ARCHIVE.pdn [PDNKIT]

For ARCHIVE it writes `positions` as JSON lines and as Parquet (plain, and partitioned by
year, event and game type) and `convert` as JSON lines and Parquet, into a temporary
directory, then:
- reads every Parquet with DuckDB, Polars and pyarrow and compares every row, field by
  field, with the JSON line pdnkit wrote for it;
- reads each partitioned layout with DuckDB's read_parquet(..., hive_partitioning = true)
  and prints the partition column's type and values;
- runs the query of docs/positions.md on the JSON lines and on the Parquet.
Exits 1 on the first difference.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import duckdb
import polars
import pyarrow.dataset
import pyarrow.parquet

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN"]


def pdnkit(binary, *args):
    run = subprocess.run([binary, *args], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"pdnkit {' '.join(args)}: exit {run.returncode}: {run.stderr[-2000:]}")
    return run.stdout


def json_lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def as_game_row(game):
    """convert's JSON object as its Parquet row holds it (docs/json.md)."""
    row = {}
    for name, value in game.items():
        if name == "tags":
            row["tags"] = {n: value.get(n) for n in ROSTER}
            row["other_tags"] = {n: v for n, v in value.items() if n not in ROSTER}
        else:
            row[name] = value
    for move in row["moves"]:
        move.setdefault("fen_after", None)
    return row


def normal(value):
    """A value read back, in JSON's terms: maps as objects (pyarrow and Polars give a MAP as
    a list of (key, value) pairs; DuckDB as a dict)."""
    if isinstance(value, dict):
        return {k: normal(v) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(isinstance(e, tuple) and len(e) == 2 for e in value):
            return {k: normal(v) for k, v in value}
        if value and all(isinstance(e, dict) and set(e) == {"key", "value"} for e in value):
            return {e["key"]: normal(e["value"]) for e in value}
        return [normal(e) for e in value]
    if isinstance(value, tuple):
        return [normal(e) for e in value]
    return value


def same(expected, rows, what):
    rows = [normal(r) for r in rows]
    if len(rows) != len(expected):
        sys.exit(f"{what}: {len(rows)} rows, the JSON lines have {len(expected)}")
    for i, (row, line) in enumerate(zip(rows, expected)):
        for name, value in line.items():
            got = row.get(name, "<missing>")
            if got == [] and value == {}:
                got = {}  # an empty MAP, as a list of pairs
            if got != value:
                sys.exit(f"{what}: row {i} field {name}: {got!r} != {value!r}")
        extra = set(row) - set(line)
        if extra:
            sys.exit(f"{what}: row {i} has fields the JSON line has not: {extra}")
    print(f"  {what}: {len(rows)} rows equal to the JSON lines, every field")


def read_all(directory, expected, label):
    files = f"{directory}/**/*.parquet"
    con = duckdb.connect()
    cursor = con.execute(f"SELECT * FROM read_parquet('{files}')")
    names = [d[0] for d in cursor.description]
    same(expected, [dict(zip(names, r)) for r in cursor.fetchall()], f"DuckDB {label}")
    same(expected, polars.read_parquet(files).to_dicts(), f"Polars {label}")
    table = pyarrow.dataset.dataset(directory, format="parquet").to_table()
    same(expected, table.to_pylist(), f"pyarrow {label}")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    archive = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else "target/release/pdnkit"
    print("duckdb", duckdb.__version__, "polars", polars.__version__, "pyarrow",
          pyarrow.__version__)
    with tempfile.TemporaryDirectory() as temp:
        temp = Path(temp)
        pdnkit(binary, "positions", archive, "-o", str(temp / "positions.jsonl"))
        rows = json_lines(temp / "positions.jsonl")
        pdnkit(binary, "positions", archive, "--format", "parquet", "-o", str(temp / "pq"))
        read_all(temp / "pq", rows, "positions")

        pdnkit(binary, "convert", archive, "--format", "jsonl", "-o", str(temp / "games.jsonl"))
        games = [as_game_row(g) for g in json_lines(temp / "games.jsonl")]
        pdnkit(binary, "convert", archive, "--format", "parquet", "-o", str(temp / "games"))
        read_all(temp / "games", games, "convert")

        query = """SELECT move_alpha, count(*) AS games, avg(score) AS white_score
            FROM {} WHERE game_type = 41 AND ply = 0 AND side = 'white'
            GROUP BY move_alpha ORDER BY games DESC, move_alpha LIMIT 3"""
        from_json = duckdb.sql(query.format(f"read_json_auto('{temp}/positions.jsonl')"))
        from_parquet = duckdb.sql(query.format(f"read_parquet('{temp}/pq/**/*.parquet')"))
        if from_json.fetchall() != from_parquet.fetchall():
            sys.exit("the query of docs/positions.md differs")
        print("  the query of docs/positions.md, on the JSON lines and on the Parquet:",
              from_parquet.fetchall())

        for by, column in [("year", "year"), ("event", "event"), ("game-type", "game_type")]:
            out = temp / f"by-{by}"
            pdnkit(binary, "positions", archive, "--format", "parquet", "--partition-by", by,
                   "-o", str(out))
            files = f"{out}/**/*.parquet"
            # Partitioned by game type, the directories name a column the files hold too.
            hive = duckdb.sql(f"SELECT * FROM read_parquet('{files}', hive_partitioning = true)")
            kind = dict(zip(hive.columns, hive.types))[column]
            values = duckdb.sql(f"""SELECT {column}, count(*) FROM read_parquet('{files}',
                hive_partitioning = true) GROUP BY ALL ORDER BY 1 NULLS FIRST LIMIT 4""")
            counted = hive.count("*").fetchall()[0][0]
            print(f"  DuckDB, --partition-by {by}: column {column} {kind},",
                  f"{counted} rows, first values {values.fetchall()}")
            if counted != len(rows):
                sys.exit(f"--partition-by {by}: {counted} rows, not {len(rows)}")
            # pyarrow takes a partition of digits for int32 unless told (game_type is the
            # files' int64 column too), and cannot guess the type of one whose every value
            # is Hive's null (an archive without dates).
            kinds = {"year": pyarrow.int64(), "event": pyarrow.string(),
                     "game_type": pyarrow.int64()}
            partitioning = pyarrow.dataset.partitioning(
                pyarrow.schema([(column, kinds[column])]), flavor="hive")
            table = pyarrow.dataset.dataset(out, format="parquet",
                                            partitioning=partitioning).to_table()
            frame = polars.read_parquet(files, hive_partitioning=True)
            print(f"    pyarrow {table.num_rows} rows ({table.schema.field(column).type}),",
                  f"Polars {frame.height} rows ({frame.schema[column]})")
    print("all checks passed")


if __name__ == "__main__":
    main()
