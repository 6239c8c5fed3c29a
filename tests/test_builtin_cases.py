"""Reading rules of the built-in engine, one case each, kept as data (tests/data/builtin_cases.jsonl).

The engine's code describes each rule in general words; the concrete question that shows it
lives here, run against the ecommerce fixture or a small schema built from tests/data.
"""

from __future__ import annotations

import ast
import json
import re
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


ENGINE_CODE = [Path(__file__).parents[1] / "nl2sql" / "engines" / "builtin",
               Path(__file__).parents[1] / "nl2sql" / "linking"]
SHARED = Path(__file__).resolve().parents[2] / "shared"


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def test_engine_functions_stay_short() -> None:
    """Rules stay readable one at a time: no function of the engine or of linking over 60 lines."""
    long = []
    for path in (p for root in ENGINE_CODE for p in sorted(root.rglob("*.py"))):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and (node.end_lineno or 0) - node.lineno + 1 > 60:
                long.append(f"{path.name}:{node.name}")
    assert long == []


@pytest.mark.skipif(not (SHARED / "benchmarks" / "spider" / "dev.json").is_file(), reason="no benchmark data")
def test_engine_code_quotes_no_benchmark_question() -> None:
    """The engine describes its rules in general words; the questions that show them live in tests/data."""
    questions = {_words(i["question"]) for i in json.loads((SHARED / "benchmarks/spider/dev.json").read_text())}
    for name in ("sparc", "cosql"):
        source = SHARED / "benchmarks" / name / "dev.json"
        if source.is_file():
            questions |= {_words(t["utterance"]) for i in json.loads(source.read_text()) for t in i["interaction"]}
    dev = SHARED / "eval" / "ecommerce_dev.jsonl"
    if dev.is_file():
        questions |= {_words(t) for line in dev.read_text().splitlines() if line.strip()
                      for t in json.loads(line).get("turns", [])}
    questions = {q for q in questions if len(q.split()) >= 5}
    code = {path: _words(path.read_text()) for root in ENGINE_CODE for path in sorted(root.rglob("*.py"))}
    assert [(path.name, q) for path, text in code.items() for q in questions if q in text] == []
