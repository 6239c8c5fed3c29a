"""Question -> SQL latency of the built-in engine: on the fixture, and on a 100-table schema.

Prints figures, never asserts. The baseline, measured in the same run, is sqlglot parsing the SQL
the engine produced: the ratio says how many SQL parses one answer costs.

    python benchmarks/engine_latency.py [--questions ../shared/eval/ecommerce_dev.jsonl] [--rounds 20]
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import tempfile
import time
from datetime import date
from pathlib import Path

import sqlglot

from nl2sql import fixtures
from nl2sql.db import open_database
from nl2sql.domain import load_domain
from nl2sql.engines.base import RefinementContext
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import Nl2SqlError
from nl2sql.opening import domain_file

TODAY = date(2026, 6, 15)
DEFAULT_QUESTIONS = Path(__file__).resolve().parents[2] / "shared" / "eval" / "ecommerce_dev.jsonl"
WORDS = ["warehouse", "shipment", "supplier", "invoice", "ticket", "agent", "campaign", "coupon", "store",
         "region", "vehicle", "driver", "route", "contract", "asset", "device", "sensor", "branch", "team", "task"]


def _conversations(path: Path) -> list[list[str]]:
    items = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [[t for t in item["turns"]] for item in items if item["kind"] in ("single", "chain")]


def _widen(db_path: Path, tables: int) -> None:
    """Add generated tables (names, statuses, dates, amounts, foreign keys) until there are ``tables``."""
    rng = random.Random(7)
    conn = sqlite3.connect(db_path)
    existing = conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
    previous = None
    for n in range(tables - existing):
        name = f"{WORDS[n % len(WORDS)]}_{n // len(WORDS) + 1}"
        ref = f", {previous}_id INTEGER REFERENCES {previous} (id)" if previous else ""
        conn.execute(f"CREATE TABLE {name} (id INTEGER PRIMARY KEY, label TEXT, state TEXT, opened_at TEXT, "
                     f"amount REAL{ref})")
        states = [f"{WORDS[(n + k) % len(WORDS)]}_state_{k}" for k in range(5)]
        rows = [(i, f"{name} {i}", rng.choice(states), f"2026-0{rng.randint(1, 6)}-1{rng.randint(0, 9)} 10:00:00",
                 round(rng.uniform(1, 1000), 2)) + ((rng.randint(1, 20),) if previous else ())
                for i in range(1, 21)]
        conn.executemany(f"INSERT INTO {name} VALUES ({', '.join('?' * len(rows[0]))})", rows)
        previous = name
    conn.commit()
    conn.close()


def _measure(db_path: Path, conversations: list[list[str]], rounds: int) -> tuple[list[float], list[float], float]:
    started = time.perf_counter()
    db = open_database(str(db_path))
    config = domain_file(str(db_path))
    domain = load_domain(config, db.schema) if config else None
    engine = BuiltinEngine(today=TODAY, domain=domain)
    engine.lexicon(db.schema)
    setup = time.perf_counter() - started
    times, parse_times = [], []
    for _ in range(rounds):
        for turns in conversations:
            spec, sql, first = None, None, None
            for text in turns:
                if text.startswith("/"):
                    spec = None
                    continue
                t0 = time.perf_counter()
                try:
                    if spec is None:
                        draft = engine.draft(text, db)
                        first = text
                    else:
                        draft = engine.refine(RefinementContext(first or text, sql or "", text, None, spec), db)
                except Nl2SqlError:
                    times.append(time.perf_counter() - t0)
                    continue
                times.append(time.perf_counter() - t0)
                spec, sql = draft.spec, draft.sql
                t1 = time.perf_counter()
                sqlglot.parse_one(draft.sql, read="sqlite")
                parse_times.append(time.perf_counter() - t1)
    db.close()
    return times, parse_times, setup


def _report(label: str, times: list[float], parse_times: list[float], setup: float) -> None:
    ordered = sorted(times)
    p50, p95 = statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))]
    base = sorted(parse_times)[int(0.95 * (len(parse_times) - 1))]
    print(f"{label:<28} p50 {p50 * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms  "
          f"(p95 = {p95 / base:.1f}x parsing the SQL it wrote)  introspection and index, once: {setup * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--tables", type=int, default=100)
    args = parser.parse_args()
    conversations = _conversations(args.questions)
    with tempfile.TemporaryDirectory() as tmp:
        fixture = Path(tmp) / "ecommerce.db"
        fixtures.build("ecommerce", fixture, today=TODAY)
        _report("fixture (7 tables)", *_measure(fixture, conversations, args.rounds))
        _widen(fixture, args.tables)
        _report(f"fixture in {args.tables} tables", *_measure(fixture, conversations, args.rounds))


if __name__ == "__main__":
    main()
