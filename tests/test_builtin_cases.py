"""Reading rules of the built-in engine, one case each, kept as data (tests/data/builtin_cases.jsonl).

The engine's code describes each rule in general words; the concrete question that shows it
lives here, run against the ecommerce fixture or a small schema built from tests/data.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import sqlite3
from pathlib import Path

import pytest
from radon.complexity import cc_visit

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


COMPLEXITY_LIMIT = 25


def test_engine_blocks_stay_simple() -> None:
    """No block of the engine above cyclomatic complexity 25: a longer ladder of branches is a list
    of cues waiting to be a table, or several rules waiting to be helpers with one job each."""
    complex_blocks = [f"{path.name}:{block.fullname}:{block.complexity}"
                      for path in sorted(ENGINE_CODE[0].rglob("*.py")) for block in cc_visit(path.read_text())
                      if block.complexity > COMPLEXITY_LIMIT]
    assert complex_blocks == [], f"blocks above complexity {COMPLEXITY_LIMIT}: {', '.join(complex_blocks)}"


@pytest.mark.skipif(not (SHARED / "benchmarks" / "spider" / "dev.json").is_file(), reason="no benchmark data")
def test_engine_code_quotes_no_benchmark_question() -> None:
    """No comment, docstring or test case is built from a benchmark question.

    The engine describes its rules in general words, and the tests show them with their own wording:
    no run of six or more consecutive words of the engine, of linking or of any file under tests/
    may be shared with a question of Spider dev, SParC, CoSQL, Spider-Syn or the fixture's dev set.
    """
    bench = SHARED / "benchmarks"
    questions = [i["question"] for i in json.loads((bench / "spider/dev.json").read_text())]
    syn = bench / "spider_syn" / "dev.json"
    if syn.is_file():
        questions += [i[key] for i in json.loads(syn.read_text()) for key in ("question", "spider_question")]
    for name in ("sparc", "cosql"):
        source = bench / name / "dev.json"
        if source.is_file():
            questions += [t["utterance"] for i in json.loads(source.read_text()) for t in i["interaction"]]
    dev = SHARED / "eval" / "ecommerce_dev.jsonl"
    if dev.is_file():
        questions += [t for line in dev.read_text().splitlines() if line.strip()
                      for t in json.loads(line).get("turns", [])]
    size = 6
    windows = {tuple(w[k:k + size]) for w in (_words(q).split() for q in questions)
               for k in range(len(w) - size + 1)}
    tests = Path(__file__).parent
    checked = [p for root in ENGINE_CODE for p in sorted(root.rglob("*")) if p.suffix in (".py", ".toml")]
    checked += [p for p in sorted(tests.rglob("*")) if p.is_file() and "__pycache__" not in p.parts]
    own = inspect.getsource(test_engine_code_quotes_no_benchmark_question)
    hits = []
    for path in checked:
        text = path.read_text(errors="replace")
        if path.resolve() == Path(__file__).resolve():
            text = text.replace(own, "")
        words = _words(text).split()
        covered = [False] * (len(words) + 1)
        for k in range(len(words) - size + 1):
            if tuple(words[k:k + size]) in windows:
                covered[k:k + size] = [True] * size
        k = 0
        while k < len(words):
            if covered[k]:
                j = k
                while covered[j]:
                    j += 1
                hits.append((str(path.relative_to(tests.parent)), " ".join(words[k:j])))
                k = j
            else:
                k += 1
    assert hits == []
