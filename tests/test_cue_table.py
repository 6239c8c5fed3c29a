"""Every cue of the built-in engine's cue table (nl2sql/engines/builtin/cues.toml) is shown by at
least two examples on two different schemas built here (tests/data/builtin_schemas), and each
example both fires its cue and returns the rows of its SQL. A cue without examples fails."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.engines.base import RefinementContext
from nl2sql.engines.builtin.analysis import analyse
from nl2sql.engines.builtin.cues import Cue, Example, cues
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.engines.builtin.fired import fired
from tests.conftest import TODAY, rows_of
from tests.helpers import same_answer

SCHEMAS = Path(__file__).parent / "data" / "builtin_schemas"
CUES = cues()


@pytest.fixture(scope="module")
def databases(tmp_path_factory: pytest.TempPathFactory):
    opened = {}
    for script in sorted(SCHEMAS.glob("*.sql")):
        path = tmp_path_factory.mktemp("cue_schemas") / f"{script.stem}.db"
        with sqlite3.connect(path) as con:
            con.executescript(script.read_text())
        opened[script.stem] = open_database(str(path))
    yield opened
    for db in opened.values():
        db.close()


def test_the_table_has_unique_ids_and_every_family_a_reader_knows() -> None:
    assert len({cue.id for cue in CUES}) == len(CUES)
    assert {cue.family for cue in CUES} == {"aggregate", "superlative", "comparator", "count", "group", "bucket",
                                            "negation", "share", "distinct", "projection", "direction", "edit",
                                            "event", "rate", "times", "upper"}


@pytest.mark.parametrize("cue", CUES, ids=[c.id for c in CUES])
def test_every_cue_has_examples_on_two_schemas(cue: Cue) -> None:
    assert len(cue.examples) >= 2 and len({e.schema for e in cue.examples}) >= 2, cue.id


def check_example(cue_id: str, example: Example, databases: dict) -> None:
    """The example's line (or its follow-up, ``then``) fires the cue, and the engine's reading of it
    returns the example's rows."""
    db = databases[example.schema]
    engine = BuiltinEngine(today=TODAY)
    said = example.then or example.line
    analysis = analyse(said, engine.lexicon(engine.schema(db)), TODAY)
    follow_up = example.then is not None
    assert cue_id in fired(analysis, follow_up=follow_up), (said, fired(analysis, follow_up=follow_up))
    draft = engine.draft(example.line, db)
    if example.then is not None:
        draft = engine.refine(RefinementContext(example.line, draft.sql, example.then, current_spec=draft.spec), db)
    result = db.execute(draft.sql, max_rows=None)
    assert same_answer(result, rows_of(db, example.sql), ordered=example.ordered), (example.line, draft.sql)


EXAMPLES = [(cue.id, example) for cue in CUES for example in cue.examples]


@pytest.mark.parametrize(("cue_id", "example"), EXAMPLES,
                         ids=[f"{c}: {e.line}" + (f" / {e.then}" if e.then else "") for c, e in EXAMPLES])
def test_every_example_fires_its_cue_and_returns_its_rows(cue_id: str, example: Example, databases: dict) -> None:
    check_example(cue_id, example, databases)
