"""Time and memory to answer one long ``/sql`` line at the chat prompt, at 10 KB, 50 KB and 100 KB.

A long line must cost time linear in its length: the figures at 50 KB and 100 KB should be about 5
and 10 times the 10 KB one (they were about 25 and 100 times, and a 100 KB line took more than
300 s and 850 MB, when every key press re-read the whole line). Three ways in, each in a fresh
process (so the peak memory is the line's own):

- ``keys``: the line typed into the real prompt (a PromptSession on pipe input) one character per
  key, as a terminal without bracketed paste, or ``tmux send-keys``, delivers a paste; colour on, so
  the prompt's SQL colouring runs as on a terminal;
- ``paste``: the same line as one bracketed paste, as a modern terminal delivers it;
- ``turn``: the workflow alone (``process_turn``: the guard and the database), for comparison.

Prints figures, never asserts. CPU seconds of the process, so other load on the machine counts less.

    python benchmarks/long_line.py [--sizes 10000,50000,100000] [--shape in|plus|literal|columns]
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

SHAPES: dict[str, Callable[[int], str]] = {
    # SELECT ... WHERE id IN (1,2,3,...): answered with rows
    "in": lambda n: "/sql SELECT id FROM users WHERE id IN (" + ",".join(
        str(i % 1000) for i in range(max(1, (n - 45) // 4))) + ")",
    # SELECT 1 + 1 + ...: answered with the database's one-line refusal of so deep an expression
    "plus": lambda n: "/sql SELECT 1" + " + 1" * max(1, (n - 13) // 4),
    # one string literal: a single 100 KB token
    "literal": lambda n: "/sql SELECT '" + "x" * max(1, n - 20) + "' AS t",
    # SELECT u.id, u.id, ...: qualified names all along the line
    "columns": lambda n: "/sql SELECT " + ", ".join(["u.id"] * max(1, (n - 40) // 6)) + " FROM users u LIMIT 1",
}
WAYS = ("keys", "paste", "turn")


def one(way: str, shape: str, size: int, db_path: str) -> dict[str, float | bool | int]:
    """One measurement in this process: CPU seconds and whether the line was answered."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from prompt_toolkit.output.plain_text import PlainTextOutput

    from nl2sql.db import open_database
    from nl2sql.engines.builtin.engine import BuiltinEngine
    from nl2sql.repl import ChatApp
    from nl2sql.workflows import InteractiveWorkflow

    line = SHAPES[shape](size)
    workflow = InteractiveWorkflow(open_database(db_path), BuiltinEngine(), max_rows=50)
    workflow.prefs = dataclasses.replace(workflow.prefs, color=True)
    if way == "turn":
        started = time.process_time()
        result = workflow.process_turn(line)
        took = time.process_time() - started
        answered = result.command == "/sql" and (result.ok or result.error is not None)
        return {"length": len(line), "cpu": took, "answered": answered, "ok": result.ok}
    typed = f"\x1b[200~{line}\x1b[201~\n" if way == "paste" else line + "\n"
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        def feed() -> None:  # from a thread: a pipe holds 64 KB until the prompt reads it
            pipe.send_text(typed + "/exit\n")
            pipe.close()

        app = ChatApp(workflow, session=PromptSession(input=pipe, output=DummyOutput()),
                      output=PlainTextOutput(buffer))
        started = time.process_time()
        threading.Thread(target=feed, daemon=True).start()
        app.run()
        took = time.process_time() - started
    out = buffer.getvalue()
    answered = "Raw SQL, run as typed." in out or "Error: " in out
    return {"length": len(line), "cpu": took, "answered": answered, "ok": "Raw SQL, run as typed." in out}


def measure(way: str, shape: str, size: int, db_path: str) -> dict[str, float | bool | int]:
    """``one`` in a fresh interpreter, with its peak resident memory."""
    run = subprocess.run([sys.executable, __file__, "--one", way, "--shape", shape, "--sizes", str(size),
                          "--db", db_path], capture_output=True, text=True, timeout=1800)
    if run.returncode != 0:
        raise SystemExit(f"{way} at {size}: {run.stderr.strip().splitlines()[-1:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,50000,100000")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="in")
    parser.add_argument("--ways", default=",".join(WAYS))
    parser.add_argument("--one", choices=WAYS, help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.one:
        figures = one(args.one, args.shape, sizes[0], args.db)
        figures["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        print(json.dumps(figures))
        return
    from nl2sql import fixtures

    with tempfile.TemporaryDirectory() as scratch:
        db_path = str(Path(scratch) / "ecommerce.db")
        fixtures.build("ecommerce", Path(db_path))
        print(f"shape {args.shape!r}; CPU seconds; ratio to the {sizes[0]:,}-character line "
              f"(linear: {', '.join(f'{s / sizes[0]:g}' for s in sizes)})")
        for way in args.ways.split(","):
            rows = [measure(way, args.shape, size, db_path) for size in sizes]
            base = max(float(rows[0]["cpu"]), 1e-6)
            for row in rows:
                print(f"  {way:<5} {row['length']:>8,} chars  {row['cpu']:8.3f} s  x{float(row['cpu']) / base:5.1f}  "
                      f"peak {row['peak_mb']:>4} MB  answered {'yes' if row['answered'] else 'NO'}"
                      f"{'' if row['ok'] else ' (as an error)'}")


if __name__ == "__main__":
    main()
