"""Coverage-guided fuzzing of what reads untrusted text: the built-in engine's reader (a line a
user types), the read-only guard (a statement in each dialect), and the model-reply parser (what a
model server sends back). A finding is any exception that is not one of nl2sql's own one-line
errors: it would reach the user as "internal error", or crash the session.

    pip install atheris            # libFuzzer for Python; this machine's Python 3.11 has wheels
    python fuzz/fuzz_inputs.py reader -max_total_time=60
    python fuzz/fuzz_inputs.py guard -max_total_time=60
    python fuzz/fuzz_inputs.py reply -max_total_time=60

Each run prints libFuzzer's statistics (executions, coverage) and stops at the first finding with
its input saved as crash-*; every finding becomes a regression test in tests/.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
from datetime import date
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from nl2sql.db import open_database
    from nl2sql.db.guard import ensure_read_only
    from nl2sql.engines.builtin.engine import BuiltinEngine
    from nl2sql.engines.llm.reply import clarification, parse_model_reply
    from nl2sql.errors import Nl2SqlError

DIALECTS = ("sqlite", "duckdb", "postgres", "mysql", "spark")


def _shop() -> object:
    """A small database with a join, dates, numbers and text values for the reader to link."""
    path = Path(tempfile.mkdtemp()) / "shop.db"
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, country TEXT, created_at TEXT);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users(id), status TEXT,
                             total REAL, created_at TEXT);
        INSERT INTO users VALUES (1, 'Ada', 'France', '2026-01-02'), (2, 'Lin', 'Japan', '2026-02-03');
        INSERT INTO orders VALUES (1, 1, 'paid', 10.5, '2026-03-01'), (2, 2, 'shipped', 99.0, '2026-04-01');
    """)
    conn.commit()
    conn.close()
    return open_database(str(path))


def reader() -> None:
    db, engine = _shop(), BuiltinEngine(today=date(2026, 6, 15))

    def one(data: bytes) -> None:
        text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(400)
        try:
            engine.draft(text, db)
        except Nl2SqlError:
            pass

    atheris.Setup(sys.argv[:1] + sys.argv[2:], one)
    atheris.Fuzz()


def guard() -> None:
    def one(data: bytes) -> None:
        provider = atheris.FuzzedDataProvider(data)
        dialect = DIALECTS[provider.ConsumeIntInRange(0, len(DIALECTS) - 1)]
        try:
            ensure_read_only(provider.ConsumeUnicodeNoSurrogates(600), dialect)
        except Nl2SqlError:
            pass

    atheris.Setup(sys.argv[:1] + sys.argv[2:], one)
    atheris.Fuzz()


def reply() -> None:
    def one(data: bytes) -> None:
        text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(600)
        parse_model_reply(text)
        clarification(text)

    atheris.Setup(sys.argv[:1] + sys.argv[2:], one)
    atheris.Fuzz()


if __name__ == "__main__":
    targets = {"reader": reader, "guard": guard, "reply": reply}
    if len(sys.argv) < 2 or sys.argv[1] not in targets:
        raise SystemExit(f"usage: python fuzz/fuzz_inputs.py {{{'|'.join(targets)}}} [libFuzzer options]")
    targets[sys.argv[1]]()
