"""Time to the first answer on schemas of 50 to 500 tables: introspection, the built-in engine's
lexicon and join graph, and one question, each in a fresh process; once on a new file (its schema is
read and cached) and then on the same file unchanged (read from the schema cache).

Prints figures, never asserts. The growth is given as a ratio against the 50-table schema measured
in the same run: a linear cost gives about 10x at 500 tables, a quadratic one about 100x (before
the lexicon's and implied keys' fixes, 500 tables took 35 s here).

    python benchmarks/wide_schema.py [--sizes 50,100,200,500] [--rows 200]
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def build(path: Path, tables: int, rows: int) -> None:
    """``tables`` tables chained by foreign keys, each with a text column of ``rows`` distinct values."""
    rng = random.Random(tables)
    conn = sqlite3.connect(path)
    for i in range(tables):
        conn.execute(f"CREATE TABLE table_{i} (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, amount REAL, "
                     f"created_at TEXT, parent_id INTEGER REFERENCES table_{max(i - 1, 0)}(id))")
        conn.executemany(f"INSERT INTO table_{i} VALUES (?, ?, ?, ?, ?, ?)",
                         [(j, f"name {j}", rng.choice("abcde"), j * 1.5, f"2026-01-{1 + j % 28:02d}", j)
                          for j in range(rows)])
    conn.commit()
    conn.close()


def first_answer(path: Path) -> float:
    """Seconds for ``nl2sql ask`` to answer one question on ``path`` (start-up included)."""
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(path), "--format", "json",
                          "how many table_3 are there?"], capture_output=True, text=True, timeout=600)
    elapsed = time.perf_counter() - started
    if run.returncode != 0:
        raise SystemExit(f"ask failed on {path.name}: {run.stderr.strip()}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,200,500")
    parser.add_argument("--rows", type=int, default=200)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        figures = []
        for n in sizes:
            path = Path(scratch) / f"wide_{n}.db"
            build(path, n, args.rows)
            cold = first_answer(path)  # the file is new: its schema is read and cached
            figures.append((n, cold, min(first_answer(path) for _ in range(2))))
    base_n, _, base = figures[0]
    print(f"{'tables':>7}  {'new file':>10}  {'seen before':>12}  {'vs ' + str(base_n) + ' tables':>14}  "
          f"{'tables ratio':>12}")
    for n, cold, warm in figures:
        print(f"{n:>7}  {cold:>8.2f} s  {warm:>10.2f} s  {warm / base:>13.1f}x  {n / base_n:>11.1f}x")


if __name__ == "__main__":
    main()
