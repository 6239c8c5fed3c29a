"""A key named for the role of the row it points to: "tickets per case owner" groups by the owner
(an agent, shown by name), on a help desk schema built here. A key whose name says which row of
its table (a home address) is no role, and a code people read is grouped as it is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.linking.lexicon import COLUMN, Lexicon
from tests.conftest import TODAY
from tests.helpers import answers, schema_database

DESK = """
CREATE TABLE agent (agent_id INTEGER PRIMARY KEY, full_name TEXT);
CREATE TABLE address (address_id INTEGER PRIMARY KEY, street TEXT);
CREATE TABLE priority (priority_code TEXT PRIMARY KEY, meaning TEXT);
CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY, title TEXT,
                     case_owner_id INTEGER REFERENCES agent (agent_id),
                     home_address_id INTEGER REFERENCES address (address_id),
                     priority_code TEXT REFERENCES priority (priority_code));
INSERT INTO agent VALUES (1, 'Rui Costa'), (2, 'Lea Moor'), (3, 'Rui Costa');
INSERT INTO address VALUES (1, 'Elm Row'), (2, 'Kiln Lane');
INSERT INTO priority VALUES ('P1', 'urgent'), ('P2', 'normal');
INSERT INTO ticket VALUES (1, 'Printer jam', 1, 1, 'P1'), (2, 'Lost badge', 1, 2, 'P2'), (3, 'VPN down', 2, 1, 'P1'),
                          (4, 'Broken chair', 3, 2, 'P2');
"""


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "desk", DESK) as db:
        yield db


def test_groups_by_a_role_key_are_the_rows_it_points_to(desk: Database) -> None:
    """Two agents share a name: each is a group of its own, shown by name."""
    answers(desk, "number of tickets per case owner",
            "SELECT full_name, COUNT(*) FROM ticket JOIN agent ON case_owner_id = agent_id GROUP BY agent_id")
    sql = BuiltinEngine(today=TODAY).draft("number of tickets per case owner", desk).sql
    assert "full_name" in sql and "GROUP BY agent.agent_id" in sql, sql


def test_a_key_that_says_which_row_is_no_role(desk: Database) -> None:
    lexicon = Lexicon(desk.schema)
    assert [c for c in lexicon.lookup("case owner") if c.kind == COLUMN and c.column == "case_owner_id"]
    assert not [c for c in lexicon.lookup("home address") if c.kind == COLUMN and c.column == "home_address_id"]


def test_a_code_people_read_is_grouped_as_it_is(desk: Database) -> None:
    sql = BuiltinEngine(today=TODAY).draft("number of tickets per priority code", desk).sql
    assert "JOIN" not in sql and "priority_code" in sql, sql
