"""Reading rules of the built-in engine, one case each, kept as data (tests/data/builtin_cases.jsonl).

The engine's code describes each rule in general words; the concrete question that shows it
lives here, run against the ecommerce fixture or a small schema built from tests/data.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.engines.base import RefinementContext
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY, rows_of
from tests.helpers import same_answer

DATA = Path(__file__).parent / "data"
CASES = [json.loads(line) for line in (DATA / "builtin_cases.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def databases(ecommerce_db, tmp_path_factory: pytest.TempPathFactory):
    """The fixture, and every small schema of tests/data/builtin_schemas built once."""
    opened = {"ecommerce": ecommerce_db}
    for script in sorted((DATA / "builtin_schemas").glob("*.sql")):
        path = tmp_path_factory.mktemp("schemas") / f"{script.stem}.db"
        with sqlite3.connect(path) as con:
            con.executescript(script.read_text())
        opened[script.stem] = open_database(str(path))
    yield opened
    for name, db in opened.items():
        if name != "ecommerce":
            db.close()


@pytest.mark.parametrize("case", CASES, ids=[c["rule"][:60] for c in CASES])
def test_rule(case: dict, databases: dict) -> None:
    db = databases[case["schema"]]
    engine = BuiltinEngine(today=TODAY)
    first, *follow_ups = case["turns"]
    draft = engine.draft(first, db)
    for line in follow_ups:
        draft = engine.refine(RefinementContext(first, draft.sql, line, current_spec=draft.spec), db)
    result = db.execute(draft.sql, max_rows=None)
    assert same_answer(result, rows_of(db, case["sql"]), ordered=case.get("ordered", False)), draft.sql
