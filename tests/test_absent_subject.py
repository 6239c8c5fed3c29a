"""A question about something the database does not hold runs nothing: on a harbour schema built
here, "the share price of <ship>" is not the ships' price, and "the wind speed in <port city>" is not
a ship's speed, although one word of each matches a column and another a stored value. New
questions and follow-ups alike get "I could not match ...", and the subject's words are named."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import EngineError
from nl2sql.workflows import SessionOptions, open_session
from tests.conftest import TODAY
from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE port (port_id INTEGER PRIMARY KEY, city TEXT, country TEXT);
CREATE TABLE ship (ship_id INTEGER PRIMARY KEY, name TEXT, speed REAL, price REAL,
                   port_id INTEGER REFERENCES port (port_id));
INSERT INTO port VALUES (1, 'Lisbon', 'Portugal'), (2, 'Porto', 'Portugal'), (3, 'Vigo', 'Spain');
INSERT INTO ship VALUES (1, 'Albatross', 21.5, 900, 1), (2, 'Petrel', 18.0, 750, 1), (3, 'Tern', 25.0, 1200, 3);
"""


@pytest.fixture(scope="module")
def harbour_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "harbour", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "subject"), [
    ("what is the share price of the Albatross", "share price"),
    ("show the wind speed in Lisbon", "wind speed"),
    ("the exchange price in Vigo", "exchange price"),
])
def test_a_subject_the_database_does_not_hold_is_not_matched(harbour_db, question: str, subject: str) -> None:
    with pytest.raises(EngineError, match="could not match") as refused:
        BuiltinEngine(today=TODAY).draft(question, harbour_db)
    assert all(word in str(refused.value) for word in subject.split())


@pytest.mark.parametrize(("question", "gold"), [
    # the word before the column is a word of the schema, a comparison's, or the column stands alone
    ("what is the ship speed of the Albatross", "SELECT speed FROM ship WHERE name = 'Albatross'"),
    ("which ships have a greater speed than 20", "SELECT * FROM ship WHERE speed > 20"),
    ("the price of the Tern", "SELECT price FROM ship WHERE name = 'Tern'"),
    ("average speed of ships in Lisbon",
     "SELECT AVG(speed) FROM ship JOIN port ON ship.port_id = port.port_id WHERE port.city = 'Lisbon'"),
])
def test_a_subject_that_is_here_is_still_read(harbour_db, question: str, gold: str) -> None:
    answers(harbour_db, question, gold)


def test_mid_conversation_an_absent_subject_runs_nothing(harbour_db) -> None:
    workflow = open_session(harbour_db, SessionOptions(today=TODAY, clarify="ask"))
    first = workflow.process_turn("list the ships in Lisbon")
    if first.request is not None:  # asked to confirm: yes
        first = workflow.process_turn("y")
    assert first.ok and first.result is not None and len(first.result.rows) == 2
    current = workflow.state.current
    for line in ("the wind speed in Porto", "what about the share price in Vigo"):
        turn = workflow.process_turn(line)
        assert turn.result is None and turn.request is None and turn.error is not None, line
        assert "could not" in turn.error.message
        assert workflow.state.current is current  # the query the next follow-up edits is the first one
