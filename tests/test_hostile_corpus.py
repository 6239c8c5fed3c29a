"""No writes, ever: the hostile corpus (tests/data/hostile.jsonl) against each of the three layers
alone, on every engine, with the data checksummed before and after.

- The guard alone: every statement is refused in each dialect it names (all, unless it names some:
  a function one engine has is refused in that engine's dialect).
- The connection alone: every statement runs with the guard skipped (``Database._run``), as a
  login that may only read; whatever each one does, the rows, the tables and (for files) the bytes
  are the same afterwards, and no file appears in /tmp.
- The engine alone: every English phrasing gives no SQL, or SQL that is one read by its own parse
  (no guard asked), and running it past the guard changes nothing either.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
import sqlglot
from sqlglot import exp

from nl2sql.db import open_database
from nl2sql.db.base import table_ref
from nl2sql.db.guard import ensure_read_only
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import DatabaseError, EngineError, Nl2SqlError
from tests.conftest import TODAY
from tests.helpers import HOSTILE

CORPUS = HOSTILE
STATEMENTS = [e for e in CORPUS if "sql" in e]
PHRASINGS = [e["english"] for e in CORPUS if "english" in e]
DIALECTS = ("sqlite", "duckdb", "postgres", "mysql", "spark")
ENGINES = ("sqlite", "duckdb", "postgres", "mysql", "spark")
_WRITES = (exp.Insert, exp.Update, exp.Delete, exp.Merge, exp.Create, exp.Drop, exp.Alter, exp.Command,
           exp.Pragma, exp.Attach, exp.Detach, exp.Into, exp.TruncateTable, exp.Set, exp.Transaction, exp.Copy)


def test_the_corpus_is_large_and_has_every_kind() -> None:
    assert len(CORPUS) >= 150 and len(PHRASINGS) >= 30
    assert any("/*" in e["sql"] for e in STATEMENTS) and any(not e["sql"].isascii() for e in STATEMENTS)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_guard_alone_refuses_every_statement(dialect: str) -> None:
    let_through = []
    for entry in STATEMENTS:
        if dialect not in entry.get("dialects", DIALECTS):
            continue
        try:
            ensure_read_only(entry["sql"], dialect)
            let_through.append(entry["sql"])
        except DatabaseError:
            pass
    assert let_through == []


def _checksum(target: str, path: Path | None) -> str:
    """Every table's rows (in a fresh connection), and the bytes of a file engine's file or folder."""
    digest = hashlib.sha256()
    with closing(open_database(target)) as db:
        for table in sorted(db.schema.tables, key=lambda t: t.name):
            rows = db.execute(exp.select("*").from_(table_ref(table.name)).sql(db.dialect), max_rows=None).rows
            digest.update(table.name.encode() + repr(sorted(map(repr, rows))).encode())
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path is not None and path.is_dir() else [path]
    for file in files:
        if file is not None:
            digest.update(str(file).encode() + file.read_bytes())
    return digest.hexdigest()


def _leaks() -> set[str]:
    return {str(p) for p in Path("/tmp").glob("nl2sql-*") if not p.is_dir()}


@pytest.fixture(scope="module", params=ENGINES)
def reading(request: pytest.FixtureRequest) -> Iterator[tuple[str, Path | None]]:
    """The fixture in each engine, as a login that may only read: (what --db takes, its file if any)."""
    if request.param == "sqlite":
        yield str(request.getfixturevalue("ecommerce_path")), request.getfixturevalue("ecommerce_path")
    elif request.param == "duckdb":
        yield str(request.getfixturevalue("ecommerce_duckdb_path")), request.getfixturevalue("ecommerce_duckdb_path")
    elif request.param == "postgres":
        from tests.pg_server import READER, READER_PASSWORD

        server = request.getfixturevalue("pg_server")
        request.getfixturevalue("ecommerce_pg_url")
        server.admin(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {READER}", database="nl2sql_test")
        yield server.url(user=READER, password=READER_PASSWORD), None
    elif request.param == "spark":
        folder = request.getfixturevalue("ecommerce_spark_path")
        yield f"spark:///{folder}", folder
    else:
        from tests.mysql_server import READER, READER_PASSWORD

        server = request.getfixturevalue("mysql_server")
        request.getfixturevalue("ecommerce_mysql_url")
        yield server.url(user=READER, password=READER_PASSWORD, query="databases="), None


def test_the_connection_alone_changes_nothing(reading: tuple[str, Path | None]) -> None:
    target, path = reading
    before, leaks = _checksum(target, path), _leaks()
    with closing(open_database(target)) as db:
        for entry in STATEMENTS:
            try:
                db._run(entry["sql"], 5, 2.0)  # the guard skipped on purpose
            except Nl2SqlError:
                pass
    assert _checksum(target, path) == before
    assert _leaks() == leaks


def test_the_engine_alone_writes_nothing(reading: tuple[str, Path | None]) -> None:
    target, path = reading
    before = _checksum(target, path)
    with closing(open_database(target)) as db:
        engine = BuiltinEngine(today=TODAY)
        for text in PHRASINGS:
            try:
                sql = engine.draft(text, db).sql
            except EngineError:
                continue
            parsed = sqlglot.parse(sql, read=db.dialect)
            assert len(parsed) == 1 and isinstance(parsed[0], exp.Query), (text, sql)
            assert not any(parsed[0].find_all(*_WRITES)), (text, sql)
            db._run(sql, 5, 5.0)
    assert _checksum(target, path) == before


def test_english_that_asks_for_a_write_is_refused_in_words(ecommerce_db) -> None:
    engine = BuiltinEngine(today=TODAY)
    for text in ("delete all users", "drop the orders table", "update all prices to 0", "truncate payments"):
        with pytest.raises(EngineError, match="only reads data"):
            engine.draft(text, ecommerce_db)
