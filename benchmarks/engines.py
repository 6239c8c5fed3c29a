"""The dev questions on every engine at the same fixture scale: are the rows SQLite's, how long does a
turn take, and what does each driver cost at start-up.

Prints figures, never asserts. Ratios are against SQLite (or a bare ``python -c pass`` for start-up)
measured in the same run, so a slower or busier machine shifts both sides.

1. Rows. The ecommerce fixture is built into SQLite, DuckDB, PostgreSQL and MariaDB (and Spark, when
   ``nl2sql.db.spark`` exists and ``pyspark`` imports) with the same ``fixtures.build`` that
   ``nl2sql fixtures build ecommerce --out ...`` runs. PostgreSQL and MariaDB are throwaway servers on
   127.0.0.1 started by tests/pg_server.py and tests/mysql_server.py (temporary data directory,
   random port, removed at the end). Every single and chain of the dev questions is replayed as one
   session per engine through ``open_session`` / ``process_turn`` / ``settle`` (what ``nl2sql ask
   --clarify auto`` runs); each turn's rows are compared with SQLite's (in order where the item says
   order matters, as a multiset otherwise; numbers to 2 places), and so are errors and clarifications.
2. Time per turn: the wall time of ``process_turn`` + ``settle`` (engine, validation, the query on
   the server, fetching every row), p50 and p95 over every turn of every round, and p95 over
   SQLite's p95.
3. Start-up: ``nl2sql --help`` and a one-shot ``nl2sql ask`` on the SQLite fixture file, each in a new
   process, best of N, with every driver installed and without each one. "Without" is simulated
   in a separate process: a finder put first on ``sys.meta_path`` raises ModuleNotFoundError for the
   driver's top-level package and its submodules, which is what the import system raises when no
   finder has it (the directory scan a real miss costs, well under a millisecond, is skipped;
   the package's metadata stays visible, which nl2sql never reads for drivers). Both sides run
   through the same launcher (``python -c`` with the finder installed, blocking nothing for "all
   installed"). As a check that the simulation is honest, a PostgreSQL URL opened without psycopg
   must give the one-line "install nl2sql[postgres]" error a real absence gives.
4. First open: in a new process, the driver's import, then ``open_database`` and its introspection
   (tables, keys, comments, sample values), as the first ``--db`` on that engine pays them.

    python benchmarks/engines.py [--quick] [--rounds 5] [--repeat 5] [--scale 1.0]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TODAY = date(2026, 6, 15)
DEV = ROOT.parent / "shared" / "eval" / "ecommerce_dev.jsonl"
DRIVERS = {"duckdb": "duckdb", "postgresql": "psycopg", "mysql": "pymysql", "spark": "pyspark"}

LAUNCHER = """
import sys


class Uninstalled:
    # Top-level packages to answer for as if they were not installed.
    def __init__(self, names):
        self.names = names

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Uninstalled(set(filter(None, sys.argv[1].split(",")))))
sys.argv = ["nl2sql", *sys.argv[2:]]
from nl2sql.cli import main

main()
"""

FIRST_OPEN = """
import importlib, os, sys, time
from nl2sql.db import open_database
t0 = time.perf_counter()
importlib.import_module(sys.argv[1])
t1 = time.perf_counter()
db = open_database(os.environ["NL2SQL_BENCH_TARGET"])
db.schema
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def _items(path: Path) -> list[dict[str, Any]]:
    items = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [item for item in items if item["kind"] in ("single", "chain")]


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))]


# -- the engines ------------------------------------------------------------------------------------

def _spark_missing() -> str | None:
    """Why Spark is skipped, or None when it can run here."""
    if importlib.util.find_spec("nl2sql.db.spark") is None:
        return "nl2sql.db.spark does not exist on this branch"
    if importlib.util.find_spec("pyspark") is None:
        return "pyspark is not installed (pip install 'nl2sql[spark]')"
    return None


def _build(stack: ExitStack, tmp: Path, scale: float) -> tuple[dict[str, str], dict[str, str]]:
    """The fixture in every engine available: engine -> target, and engine -> why it was skipped."""
    from nl2sql import fixtures
    from tests.mysql_server import start_server as start_mysql
    from tests.pg_server import start_server as start_pg

    targets = {"sqlite": str(tmp / "ecommerce.db"), "duckdb": str(tmp / "ecommerce.duckdb")}
    skipped: dict[str, str] = {}
    pg = start_pg()
    if pg is None:
        skipped["postgresql"] = "no PostgreSQL binaries (apt-get install postgresql)"
    else:
        stack.callback(pg.stop)
        targets["postgresql"] = pg.url()
    mysql = start_mysql()
    if mysql is None:
        skipped["mysql"] = "no MariaDB binaries (apt-get install mariadb-server)"
    else:
        stack.callback(mysql.stop)
        targets["mysql"] = mysql.url(query="databases=")
    reason = _spark_missing()
    if reason:
        skipped["spark"] = reason
    else:
        targets["spark"] = f"spark:///{tmp / 'spark'}"
    for engine, target in list(targets.items()):
        started = time.perf_counter()
        try:
            fixtures.build("ecommerce", target, today=TODAY, scale=scale)
        except Exception as err:  # noqa: BLE001 - a benchmark reports what failed and goes on
            skipped[engine] = f"fixtures build failed: {str(err).splitlines()[0]}"
            del targets[engine]
            continue
        print(f"  built into {engine:<11} {time.perf_counter() - started:6.1f} s")
    return targets, skipped


def _version(db: Any) -> str:
    if db.dialect in ("postgres", "mysql"):
        text = str(db.execute("SELECT VERSION()", max_rows=1).rows[0][0])  # "PostgreSQL 15.18 (Debian ...) on ..."
        if db.dialect == "postgres":
            return " ".join(text.split()[:2])
        return f"{'MariaDB' if 'mariadb' in text.lower() else 'MySQL'} {text.split('-')[0]}"  # "10.11.18-MariaDB-..."
    if db.dialect in ("spark", "databricks"):
        import pyspark

        return f"Spark {pyspark.__version__}"
    if db.dialect == "duckdb":
        import duckdb

        return f"DuckDB {duckdb.__version__}"
    import sqlite3

    return f"SQLite {sqlite3.sqlite_version}"


# -- rows and time per turn -------------------------------------------------------------------------

def _norm(rows: tuple[tuple, ...] | None, ordered: bool) -> object:
    plain = [tuple(round(float(v), 2) if isinstance(v, (int, float)) and not isinstance(v, bool) else v for v in r)
             for r in rows or ()]
    return plain if ordered else Counter(plain)


def _replay(target: str, items: list[dict[str, Any]], rounds: int) -> tuple[list[float], list[Any], str]:
    """Every item as one session, ``rounds`` times: turn times, and the first round's answers."""
    from nl2sql.db import open_database
    from nl2sql.opening import domain_file
    from nl2sql.workflows import SessionOptions, open_session
    from nl2sql.workflows.dialogue import settle
    from nl2sql.workflows.session import make_session_engine

    db = open_database(target)
    options = SessionOptions(today=TODAY, domain=domain_file(target), max_rows=None, clarify="auto")
    engine = make_session_engine(db, options)
    times: list[float] = []
    answers: list[Any] = []
    for n in range(rounds):
        for item in items:
            session = open_session(db, options, engine=engine)
            flags = item.get("ordered_turns") or [item.get("ordered", False)] * len(item["turns"])
            for k, text in enumerate(item["turns"]):
                started = time.perf_counter()
                result = settle(session, session.process_turn(text), None)
                times.append(time.perf_counter() - started)
                if n == 0:
                    rows = result.result.rows if result.result is not None else None
                    answers.append((item["id"], k, result.error is None, result.request is None,
                                    _norm(rows, flags[k]), result.query))
    version = _version(db)
    db.close()
    return times, answers, version


def _mismatches(mine: list[Any], sqlite: list[Any]) -> list[str]:
    return [f"{a[0]}[{a[1]}] {a[5]!r} (SQLite: {b[5]!r})" for a, b in zip(mine, sqlite, strict=True)
            if a[2:5] != b[2:5]]


def _slowest(times: list[float], answers: list[Any]) -> str:
    """The turn that takes longest on this engine: its item and position, and its median time."""
    per_turn = [statistics.median(times[n::len(answers)]) for n in range(len(answers))]
    worst = max(range(len(answers)), key=per_turn.__getitem__)
    return f"{answers[worst][0]}[{answers[worst][1]}] {per_turn[worst] * 1000:.0f} ms"


def _report_turns(results: dict[str, tuple[list[float], list[Any], str]], skipped: dict[str, str]) -> None:
    base_times, base_answers, _ = results["sqlite"]
    _, base95 = _percentiles(base_times)
    turns = len(base_answers)
    print(f"\nRows identical to SQLite's, and time per turn (process_turn + settle; {turns} turns per round):")
    print(f"  {'engine':<11} {'version':<18} {'identical':>10} {'mismatches':>11} {'p50 ms':>8} {'p95 ms':>8} "
          f"{'p95 / SQLite':>13}")
    for engine, (times, answers, version) in results.items():
        wrong = _mismatches(answers, base_answers)
        p50, p95 = _percentiles(times)
        print(f"  {engine:<11} {version:<18} {turns - len(wrong):>5}/{turns:<4} {len(wrong):>11} {p50 * 1000:8.1f} "
              f"{p95 * 1000:8.1f} {p95 / base95:12.1f}x")
        for line in wrong:
            print(f"      mismatch: {line}")
    for engine, why in skipped.items():
        print(f"  {engine:<11} skipped: {why}")
    print("  slowest turn (median over rounds): " + "; ".join(
        f"{engine} {_slowest(times, answers)}" for engine, (times, answers, _) in results.items()))


# -- start-up ---------------------------------------------------------------------------------------

def _walls(commands: list[list[str]], env: dict[str, str], repeat: int) -> list[float]:
    """The best wall time of each command over ``repeat`` runs (start-up has a floor and only noise
    above it); the commands take turns, so that a load that comes and goes on a shared machine
    falls on all of them alike."""
    walls: list[list[float]] = [[] for _ in commands]
    for _ in range(repeat):
        for n, argv in enumerate(commands):
            started = time.perf_counter()
            subprocess.run(argv, env=env, capture_output=True, check=False)
            walls[n].append(time.perf_counter() - started)
    return [min(w) for w in walls]


def _launch(blocked: str, *args: str) -> list[str]:
    return [sys.executable, "-c", LAUNCHER, blocked, *args]


def _report_startup(sqlite_file: str, pg_target: str | None, env: dict[str, str], repeat: int) -> None:
    bare = _walls([[sys.executable, "-c", "pass"]], env, repeat)[0]
    drivers = [d for d in DRIVERS.values() if importlib.util.find_spec(d) is not None]
    variants = [("all installed", ""), *((f"no {d}", d) for d in drivers), ("none installed", ",".join(drivers))]
    commands = {"nl2sql --help": ["--help"],
                "nl2sql ask (SQLite)": ["ask", "--db", sqlite_file, "--today", TODAY.isoformat(), "--",
                                        "How many users are there?"]}
    print(f"\nStart-up, wall time, best of {repeat} new processes (bare python start-up {bare * 1000:.0f} ms):")
    print("  " + f"{'':<22}" + "".join(f"{label:>17}" for label, _ in variants))
    for name, args in commands.items():
        walls = _walls([_launch(blocked, *args) for _, blocked in variants], env, repeat)
        print(f"  {name:<22}" + "".join(f"{w * 1000:8.0f} ms {w / bare:4.1f}x" for w in walls))
    imports = subprocess.run([sys.executable, "-X", "importtime", "-c", LAUNCHER, "", *commands["nl2sql ask (SQLite)"]],
                             env=env, capture_output=True, text=True).stderr
    modules = {line.rsplit("|", 1)[-1].strip() for line in imports.splitlines() if "|" in line}
    loaded = [d for d in drivers if d in modules]
    print(f"  drivers imported by nl2sql ask on SQLite: {', '.join(loaded) or 'none'}; "
          f"pyspark {'installed' if 'pyspark' in drivers else 'not installed (no column)'}")
    if pg_target is not None:
        run = subprocess.run(_launch("psycopg", "schema", "--db", pg_target), env=env, capture_output=True, text=True)
        print(f"  check: a PostgreSQL URL with psycopg blocked exits {run.returncode}: {run.stderr.strip()}")


def _report_first_open(targets: dict[str, str], env: dict[str, str]) -> None:
    print("\nFirst open, in a new process (driver import; then open_database and its introspection):")
    for engine, target in targets.items():
        driver = DRIVERS.get(engine, "sqlite3")
        run = subprocess.run([sys.executable, "-c", FIRST_OPEN, driver], env={**env, "NL2SQL_BENCH_TARGET": target},
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"  {engine:<11} failed: {run.stderr.strip().splitlines()[-1:]}")
            continue
        imported, opened = (float(v) for v in run.stdout.split())
        print(f"  {engine:<11} import {driver:<8} {imported * 1000:6.0f} ms  open + introspect {opened * 1000:6.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=Path, default=DEV)
    parser.add_argument("--quick", action="store_true", help="one round of turns, three runs per start-up figure")
    parser.add_argument("--rounds", type=int, default=5, help="replays of every dev dialogue per engine")
    parser.add_argument("--repeat", type=int, default=5, help="new processes per start-up figure")
    parser.add_argument("--scale", type=float, default=1.0, help="fixture scale, the same in every engine")
    args = parser.parse_args()
    rounds, repeat = (1, 3) if args.quick else (args.rounds, args.repeat)
    items = _items(args.questions)
    begun = time.perf_counter()
    print(f"benchmarks/engines.py, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC: {len(items)} dev dialogues, {rounds} "
          f"round(s); ecommerce fixture at scale {args.scale}, today {TODAY}")
    with tempfile.TemporaryDirectory(prefix="nl2sql-bench-") as scratch, ExitStack() as stack:
        tmp = Path(scratch)
        os.environ.update(NL2SQL_DATA_DIR=str(tmp / "data"), NL2SQL_CACHE_DIR=str(tmp / "cache"),
                          NL2SQL_CONFIG=str(tmp / "config.toml"))  # the user's own files play no part
        targets, skipped = _build(stack, tmp, args.scale)
        results = {engine: _replay(target, items, rounds) for engine, target in targets.items()}
        _report_turns(results, skipped)
        env = dict(os.environ)
        _report_startup(targets["sqlite"], targets.get("postgresql"), env, repeat)
        _report_first_open(targets, env)
    print(f"\n(whole run {time.perf_counter() - begun:.0f} s)")


if __name__ == "__main__":
    main()
