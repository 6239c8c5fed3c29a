"""The same dialogue on every engine: the dev questions and the reading cases give SQLite's rows on
DuckDB, PostgreSQL, MariaDB and Spark.

Each dialogue (questions, refinements, /new, clarification and its answers, a refused write) runs
as one session on the SQLite fixture and on its copy in each engine, built by the same loader:
every turn must ask the same questions and return the same rows (in the same order where the item
says order matters, rows that tie on the sort keys in any order: no engine is told how to break a
tie, as ``eval --on`` judges them). The dialogues are this suite's own (tests/data/dialogues.jsonl) and, when
../shared is beside the checkout, the dev questions too. The reading cases of tests/data run on copies of their
schemas and are judged against their gold SQL run on SQLite, as ``eval --on`` does.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from nl2sql import fixtures
from nl2sql.db import open_database
from nl2sql.db.targets import Target
from nl2sql.dialog.questions import Reply, answer_one
from nl2sql.domain import load_domain
from nl2sql.engines.base import RefinementContext
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.fixture_load import load
from nl2sql.fixture_load.mysql import copy_database as copy_mysql
from nl2sql.fixture_load.postgres import copy_database
from nl2sql.workflows import InteractiveWorkflow
from nl2sql.workflows.turn import TurnResult
from tests.conftest import TODAY, rows_of
from tests.helpers import same_answer, same_rows

DEV = Path(__file__).resolve().parents[2] / "shared" / "eval" / "ecommerce_dev.jsonl"
ITEMS = [json.loads(line) for line in DEV.read_text().splitlines() if line.strip()] if DEV.is_file() else []
DATA = Path(__file__).parent / "data"
OWN = [json.loads(line) for line in (DATA / "dialogues.jsonl").read_text().splitlines() if line.strip()]
DIALOGUES = OWN + [i for i in ITEMS if i["kind"] in ("single", "chain", "ambiguous")]
CASES = [json.loads(line) for line in (DATA / "builtin_cases.jsonl").read_text().splitlines() if line.strip()]
ENGINES = ["duckdb", "postgres", "mysql", "spark"]
_OPENED = {"duckdb": "ecommerce_duckdb", "postgres": "ecommerce_pg", "mysql": "ecommerce_mysql",
           "spark": "ecommerce_spark"}


def _norm(rows: tuple[tuple, ...], ordered: bool) -> object:
    plain = [tuple(round(float(v), 2) if isinstance(v, (int, float)) and not isinstance(v, bool) else v for v in r)
             for r in rows]
    return plain if ordered else Counter(plain)


def _session(db) -> InteractiveWorkflow:
    engine = BuiltinEngine(today=TODAY, domain=load_domain(fixtures.domain_file("ecommerce"), db.schema))
    return InteractiveWorkflow(db, engine, max_rows=None, clarify="ask")


def _turn(session: InteractiveWorkflow, text: str, answers: list[str] | None) -> tuple[TurnResult, object]:
    """Run a line; when it asks, answer it (``answers`` in order, else the defaults). Returns the
    result and what was asked, so two engines can be held to the same questions."""
    result = session.process_turn(text)
    asked = result.request.to_json() if result.request else None
    if result.request is not None:
        questions = result.request.questions
        replies = answers or [""] * len(questions)
        result = session.answer(Reply({n: answer_one(q, raw) for n, (q, raw) in
                                       enumerate(zip(questions, replies, strict=True), start=1)}))
    return result, asked


@pytest.fixture(scope="module", params=ENGINES)
def other(request: pytest.FixtureRequest):
    """The fixture's copy in each engine besides SQLite."""
    return request.getfixturevalue(_OPENED[request.param])


@pytest.mark.parametrize("item", DIALOGUES, ids=[i["id"] for i in DIALOGUES])
def test_dialogue_gives_sqlite_rows(item: dict, ecommerce_db, other) -> None:
    lite, there = _session(ecommerce_db), _session(other)
    ordered = item.get("ordered_turns") or [item.get("ordered", False)] * len(item["turns"])
    answers = item.get("answers") or [None] * len(item["turns"])
    for n, text in enumerate(item["turns"]):
        (a, asked_a), (b, asked_b) = _turn(lite, text, answers[n]), _turn(there, text, answers[n])
        assert asked_b == asked_a, text  # the same clarification, word for word
        assert (a.error is None) == (b.error is None), (text, b.query, b.error)
        if a.result is not None:
            assert b.result is not None, (text, b.query)
            if ordered[n]:
                assert a.query is not None
                assert same_rows(ecommerce_db, a.query, list(a.result.rows), list(b.result.rows), ordered=True), \
                    (text, a.query, b.query)
            else:
                assert _norm(b.result.rows, False) == _norm(a.result.rows, False), (text, a.query, b.query)


def _case_sources(folder: Path) -> dict[str, Path]:
    sources = {}
    for script in sorted((DATA / "builtin_schemas").glob("*.sql")):
        source = folder / f"{script.stem}.db"
        with sqlite3.connect(source) as con:
            con.executescript(script.read_text())
        sources[script.stem] = source
    return sources


@pytest.fixture(scope="module", params=ENGINES)
def case_schemas(request: pytest.FixtureRequest, ecommerce_db, tmp_path_factory: pytest.TempPathFactory):
    """Each reading-case schema as a SQLite file (for the gold SQL) and its copy in the engine."""
    folder = tmp_path_factory.mktemp("engines")
    opened = {"ecommerce": (ecommerce_db, request.getfixturevalue(_OPENED[request.param]))}
    if request.param in ("postgres", "mysql"):
        server = request.getfixturevalue({"postgres": "pg_server", "mysql": "mysql_server"}[request.param]).url()
    for name, source in _case_sources(folder).items():
        if request.param == "duckdb":
            copy = folder / f"{name}.duckdb"
            load(source, Target("duckdb", copy, copy.name))
            target = str(copy)
        elif request.param == "spark":
            copy = folder / f"{name}_spark"
            load(source, Target("spark", copy, copy.name))
            target = f"spark:///{copy}"
        elif request.param == "mysql":
            target = copy_mysql(source, server, f"case_{name}")
        else:
            target = copy_database(source, server, f"case_{name}")
        opened[name] = (open_database(str(source)), open_database(target))
    yield opened
    for name, pair in opened.items():
        if name != "ecommerce":
            for db in pair:
                db.close()


@pytest.mark.parametrize("case", CASES, ids=[c["rule"][:60] for c in CASES])
def test_reading_case_gives_sqlite_rows(case: dict, case_schemas: dict) -> None:
    lite, there = case_schemas[case["schema"]]
    engine = BuiltinEngine(today=TODAY)
    first, *follow_ups = case["turns"]
    draft = engine.draft(first, there)
    for line in follow_ups:
        draft = engine.refine(RefinementContext(first, draft.sql, line, current_spec=draft.spec), there)
    result = there.execute(draft.sql, max_rows=None)
    assert same_answer(result, rows_of(lite, case["sql"]), ordered=case.get("ordered", False)), draft.sql


def test_dates_and_text_render_for_duckdb(ecommerce_duckdb) -> None:
    """Date buckets, relative dates, case-blind matching and limits, in DuckDB's spelling."""
    engine = BuiltinEngine(today=TODAY)
    by_month = engine.draft("Number of orders per month", ecommerce_duckdb).sql
    assert "STRFTIME(created_at, '%Y-%m')" in by_month
    last_month = engine.draft("orders from last month", ecommerce_duckdb).sql
    assert "'2026-05-01'" in last_month and "'2026-06-01'" in last_month
    rows = ecommerce_duckdb.execute(last_month, max_rows=None)
    assert rows.row_count > 0 and all(r[3].startswith("2026-05") for r in rows.rows)
    contains = engine.draft("products whose name contains 'wireless'", ecommerce_duckdb).sql
    assert "ILIKE" in contains
    assert ecommerce_duckdb.execute(contains, max_rows=None).row_count > 0  # stored as 'Wireless ...'


def test_an_average_of_days_keeps_each_rows_fraction(ecommerce_db, other) -> None:
    """An average of the days between two moments averages each row's exact days, as a person
    writes it: whole days per row would pull the average down. The same figure on every engine."""
    question = "On average, how many days does it take to ship an order?"
    exact = rows_of(ecommerce_db, "SELECT AVG(JULIANDAY(shipped_at) - JULIANDAY(created_at)) FROM orders")[0][0]
    whole = rows_of(ecommerce_db, "SELECT AVG(CAST(JULIANDAY(shipped_at) - JULIANDAY(created_at) AS INTEGER)) "
                                  "FROM orders")[0][0]
    assert abs(exact - whole) > 0.1  # the fixture's orders ship at times of day that tell the two apart
    for db in (ecommerce_db, other):
        sql = BuiltinEngine(today=TODAY).draft(question, db).sql
        assert float(db.execute(sql, max_rows=None).rows[0][0]) == pytest.approx(exact, rel=1e-6), sql
