"""Comparing results by execution, the way the evaluation does: values, not SQL text."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from nl2sql.db import Database, QueryResult, open_database
from nl2sql.db.schema import Schema
from nl2sql.engines.base import Draft
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.evaluation.matching import lenient_match, strict_match
from nl2sql.evaluation.ranking import gold_ties
from tests.conftest import TODAY

LIBRARY_TABLES = """
    CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT);
    CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, genre TEXT,
                        author_id INTEGER REFERENCES authors (id), pages INTEGER, published TEXT);
    CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT, joined_on TEXT);
    CREATE TABLE loans (id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES books (id),
                        member_id INTEGER REFERENCES members (id), loaned_at TEXT, returned_at TEXT);
"""  # a small library: a schema the engine was never tuned on (each test file brings its own rows)

def same_answer(result: QueryResult, gold_rows: list[tuple], *, ordered: bool = False) -> bool:
    """The product's own rule for its question files (``lenient_match``, the rule ``nl2sql eval``
    and the fixture's scorer judge by), so a test is exactly as strict as the product: each gold
    column is a result column of its own (extra result columns allowed, as the engine shows a
    measure beside a name), the rows are the gold rows as a multiset (the same sequence when
    ``ordered``), numbers rounded to 2 decimals. No gold column is named here, so none is taken
    for a key that any distinct column may stand for. A result cut short by its row cap is never
    the whole answer."""
    if result.row_count != len(gold_rows) or len(result.rows) != len(gold_rows):
        return False
    width = len(gold_rows[0]) if gold_rows else 0
    return lenient_match([""] * width, gold_rows, result.rows, ordered=ordered)


def same_rows(gold_db: Database, gold_sql: str, gold_rows: list[tuple], rows: list[tuple], *,
              ordered: bool = False) -> bool:
    """``rows`` are ``gold_rows`` (what ``gold_sql`` returned on ``gold_db``) as the benchmark judges
    them: in order where asked, rows that tie on the gold's sort keys in any order, and any rows
    of a tie its LIMIT cut."""
    ties = gold_ties(gold_db, gold_sql, gold_rows, timeout=20.0) if ordered else None
    return strict_match(gold_rows, rows, ordered=ordered, ties=ties)


def built_sqlite(directory: Path, name: str, script: str) -> Path:
    """A SQLite file made by running ``script``: a schema the engine was never tuned on."""
    path = directory / f"{name}.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript(script)
        conn.commit()
    return path


@contextmanager
def opened(path: Path) -> Iterator[Database]:
    db = open_database(str(path))
    try:
        yield db
    finally:
        db.close()


@contextmanager
def schema_database(factory: Any, name: str, script: str) -> Iterator[Database]:
    """A database built by ``script`` in a fresh folder of ``factory`` (a module's tmp_path_factory),
    open while the block runs: what a module-scoped fixture of an invented schema yields."""
    with opened(built_sqlite(Path(factory.mktemp(name)), name, script)) as db:
        yield db


def drafted(db: Database, question: str) -> Draft[Any]:
    """The built-in engine's reading of ``question``, on the tests' today."""
    return BuiltinEngine(today=TODAY).draft(question, db)


def read(db: Database, question: str) -> tuple[Draft[Any], QueryResult]:
    """The built-in engine's reading of ``question`` and the rows its SQL returns, all of them."""
    draft = drafted(db, question)
    return draft, db.execute(draft.sql, max_rows=None)


def shown(db: Database, question: str) -> tuple[list[str], list[tuple]]:
    """The columns and rows the built-in engine's reading of ``question`` returns, all of them."""
    _, result = read(db, question)
    return result.columns, [tuple(row) for row in result.rows]


def all_rows(db: Database, sql: str) -> list[tuple]:
    return list(db.execute(sql, max_rows=None).rows)


def answers(db: Database, question: str, gold: str, *, ordered: bool = False, named: bool = False) -> None:
    """The built-in engine's reading of ``question`` returns what ``gold`` returns (the benchmark's match);
    ``named``: the rows, and beside them the names of whom they are for too (``parties.py``)."""
    draft = drafted(db, question)
    result = db.execute(draft.sql, max_rows=None)
    gold_rows = list(db.execute(gold, max_rows=None).rows)
    if named:
        assert same_answer(result, gold_rows, ordered=ordered), draft.sql
    else:
        assert strict_match(gold_rows, list(result.rows), ordered=ordered), draft.sql


def reads_whole(db: Database, question: str, gold: str) -> None:
    """The reading of ``question`` returns ``gold``'s rows (the project's own, lenient match) and uses
    every word of the line: what runs unasked when the confidence agrees."""
    draft, result = read(db, question)
    assert same_answer(result, all_rows(db, gold)), draft.sql
    assert not draft.unused, draft.unused


def assert_same_schema(lite: Schema, other: Schema) -> None:
    """Another engine's copy of a SQLite database introspects to the same tables, keys, kinds and values."""
    assert [t.name for t in other.tables] == [t.name for t in lite.tables]
    for table in lite.tables:
        twin_table = other.table(table.name)
        assert twin_table is not None and twin_table.row_count == table.row_count
        assert set(twin_table.foreign_keys) == set(table.foreign_keys)
        for column in table.columns:
            twin = twin_table.column(column.name)
            assert twin is not None
            # the same distinct values; engines list them in their own order (an index's, or the rows')
            assert (twin.kind, twin.primary_key, twin.unique, twin.nullable, sorted(twin.values)) == \
                   (column.kind, column.primary_key, column.unique, column.nullable, sorted(column.values)), column.name


# A tiny Spider dev file about a zoo database that each `eval --on` test copies into its engine.
ZOO_QUESTIONS = [
    {"db_id": "zoo", "question": "How many animals are there?", "query": "SELECT count(*) FROM animal"},
    {"db_id": "zoo", "question": "Show the names of lions.", "query": "SELECT name FROM animal WHERE species = 'lion'"},
    {"db_id": "zoo", "question": "Give the average weight of animals.", "query": "SELECT avg(weight) FROM animal"},
    {"db_id": "zoo", "question": "Names of animals with weight above 180",
     "query": "SELECT name FROM animal WHERE weight > 180"},
]


HOSTILE = [json.loads(line) for line in (Path(__file__).parent / "data" / "hostile.jsonl").read_text().splitlines()
           if line.strip()]


def hostile_statements(dialect: str) -> list[str]:
    """The corpus's statements the guard must refuse in ``dialect`` (tests/data/hostile.jsonl)."""
    return [e["sql"] for e in HOSTILE if "sql" in e and dialect in e.get("dialects", [dialect])]


def answers_after(db: Database, turns: list[str], gold: str) -> None:
    """The conversation's last answer, every turn run as it is read (nothing confirmed), is ``gold``'s
    (in ``gold``'s order when it sorts)."""
    from nl2sql.workflows import SessionOptions, open_session

    workflow = open_session(str(db.path), SessionOptions(today=TODAY, confirm_below=0.0))
    for text in turns:
        result = workflow.process_turn(text)
    assert result.result is not None, result
    ordered = "ORDER BY" in gold
    assert same_answer(result.result, list(db.execute(gold, max_rows=None).rows), ordered=ordered), result.query
