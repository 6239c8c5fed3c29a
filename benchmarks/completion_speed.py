"""Time per key press of the chat prompt's completer on schemas of 50 to 500 tables (the schemas of
``wide_schema.py``: six columns a table, a low-cardinality text column in each).

Prints figures, never asserts. A key press must stay well under a frame (about 16 ms) on the
widest schema; the growth is given against the 50-table schema in the same run. The first key
press also builds the word lists, and is shown apart.

    python benchmarks/completion_speed.py [--sizes 50,100,200,500]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

sys.path.insert(0, str(Path(__file__).parent))
from wide_schema import build  # noqa: E402

from nl2sql.db import open_database  # noqa: E402
from nl2sql.repl.completion import ChatCompleter, Vocabulary  # noqa: E402

# What someone types, one key at a time: a question, a table argument, SQL, a fuzzy name.
TYPED = ("how many table_42 have kind a", "/schema table_3", "/sql SELECT amount FROM table_7 WHERE na", "tbl49")


def per_key(completer: ChatCompleter) -> float:
    """Mean seconds per key press over every prefix of every line in TYPED."""
    presses = [line[:i] for line in TYPED for i in range(1, len(line) + 1)]
    started = time.perf_counter()
    for text in presses:
        list(completer.get_completions(Document(text), CompleteEvent(text_inserted=True)))
    return (time.perf_counter() - started) / len(presses)


def measure(path: Path) -> tuple[float, float]:
    database = open_database(str(path))
    try:
        vocabulary = Vocabulary(database.schema)
        completer = ChatCompleter(lambda: vocabulary)
        started = time.perf_counter()
        list(completer.get_completions(Document("h"), CompleteEvent(text_inserted=True)))
        first = time.perf_counter() - started
        return first, min(per_key(completer) for _ in range(3))
    finally:
        database.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,200,500")
    parser.add_argument("--rows", type=int, default=200)
    args = parser.parse_args()
    figures = []
    with tempfile.TemporaryDirectory() as scratch:
        for n in (int(s) for s in args.sizes.split(",")):
            path = Path(scratch) / f"wide_{n}.db"
            build(path, n, args.rows)
            figures.append((n, *measure(path)))
    base_n, _, base = figures[0]
    versus = f"vs {base_n} tables"
    print(f"{'tables':>7}  {'first key':>10}  {'per key':>9}  {versus:>14}  {'tables ratio':>12}")
    for n, first, key in figures:
        print(f"{n:>7}  {first * 1000:>7.1f} ms  {key * 1000:>6.2f} ms  {key / base:>13.1f}x  {n / base_n:>11.1f}x")


if __name__ == "__main__":
    main()
