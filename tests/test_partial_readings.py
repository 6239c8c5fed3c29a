"""A reading that leaves words out is never run unasked: the words are named, the score stays under
the confirmation threshold, and the session shows the SQL and asks before running it.

Each case drops one kind of part (a comparison, a table, a number) on the fixture (with its domain
config, as ``nl2sql chat --db ecommerce`` opens it) and on a schema built here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.dialog import AWAITING_CONFIRMATION, IDLE
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY
from tests.helpers import built_sqlite, opened

THRESHOLD = 0.75

HARBOUR = """
    CREATE TABLE ports (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
    CREATE TABLE ships (id INTEGER PRIMARY KEY, name TEXT NOT NULL, tonnage INTEGER,
                        port_id INTEGER REFERENCES ports (id));
    INSERT INTO ports VALUES (1, 'Genoa', 'Italy'), (2, 'Rotterdam', 'Netherlands');
    INSERT INTO ships VALUES (1, 'Aurora', 1200, 1), (2, 'Borea', 800, 2), (3, 'Calypso', 300, 1);
"""


@pytest.fixture(scope="module")
def harbour_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_sqlite(tmp_path_factory.mktemp("harbour"), "harbour", HARBOUR)


@pytest.fixture(scope="module")
def harbour(harbour_path: Path):
    with opened(harbour_path) as db:
        yield db


SHOP_CASES = [  # (question, words the query cannot use)
    ("users older than 30", {"older", "30"}),  # a comparison on a column the table does not have
    ("products bought by users with a wishlist", {"wishlist"}),  # a table the schema does not have
    ("average price of products in 3 categories", {"3"}),  # a number with nothing to count
]
HARBOUR_CASES = [
    ("ships older than 30", {"older", "30"}),  # no age column: never compared with the tonnage instead
    ("ships with a crew of sailors", {"crew", "sailors"}),
    ("average tonnage of ships in 2 ports", {"2"}),
]


def _check_partial(db, engine: BuiltinEngine, question: str, dropped: set[str]) -> None:
    draft = engine.draft(question, db)
    assert dropped <= set(draft.unused), (draft.sql, draft.unused)
    assert draft.confidence < THRESHOLD, (draft.sql, draft.confidence)
    named = draft.explanation.partition("I did not use:")[2]
    assert named and all(w in named for w in dropped), draft.explanation
    wf = InteractiveWorkflow(db, engine, max_rows=None)
    asked = wf.process_turn(question)
    assert asked.mode == AWAITING_CONFIRMATION and asked.query == draft.sql and asked.result is None
    assert set(asked.to_json()["unusedWords"]) >= dropped and asked.to_json()["confidence"] != "high"
    assert wf.state.turns == ()  # nothing ran, nothing was committed
    ran = wf.process_turn("y")
    assert ran.mode == IDLE and ran.ok and ran.query == draft.sql and wf.state.turn_count == 1


@pytest.mark.parametrize(("question", "dropped"), SHOP_CASES, ids=[c[0] for c in SHOP_CASES])
def test_a_partial_reading_on_the_fixture_asks_first(ecommerce_db, shop_engine, question: str,
                                                     dropped: set[str]) -> None:
    _check_partial(ecommerce_db, shop_engine, question, dropped)


@pytest.mark.parametrize(("question", "dropped"), HARBOUR_CASES, ids=[c[0] for c in HARBOUR_CASES])
def test_a_partial_reading_on_a_new_schema_asks_first(harbour, question: str, dropped: set[str]) -> None:
    _check_partial(harbour, BuiltinEngine(today=TODAY), question, dropped)


def test_the_whole_reading_of_a_configured_question_runs_unasked(ecommerce_db, shop_engine) -> None:
    """The other side of the threshold: a question whose every word is used runs at once."""
    wf = InteractiveWorkflow(ecommerce_db, shop_engine, max_rows=None)
    result = wf.process_turn("products cheaper than 30")
    assert result.mode == IDLE and result.ok and result.unused == () and result.confidence > THRESHOLD


def test_ask_reports_a_partial_reading_with_its_sql_and_exits_3(harbour_path: Path) -> None:
    out = CliRunner().invoke(cli, ["ask", "--db", str(harbour_path), "--format", "json", "--clarify", "never",
                                   "ships with a crew of sailors"])
    assert out.exit_code == 3, out.output
    data = json.loads(out.output)
    assert data["mode"] == AWAITING_CONFIRMATION and data["query"].upper().startswith("SELECT")
    assert data["rows"] is None and data["confidence"] in ("low", "medium")
    assert {"crew", "sailors"} <= set(data["unusedWords"])
    ran = CliRunner().invoke(cli, ["ask", "--db", str(harbour_path), "--format", "json", "--clarify", "auto",
                                   "ships with a crew of sailors"])
    assert ran.exit_code == 0 and json.loads(ran.output)["rowCount"] == 3
