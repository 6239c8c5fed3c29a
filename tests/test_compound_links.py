"""A two-word name said another way links to the column it names: "family name" is a member's
last_name, "given name" the first_name, on a club schema built here. The phrase is English (WordNet
holds it), the head word is the schema's own, and a phrase that is no synonym of a name links nothing
new."""

from __future__ import annotations

import pytest

from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.linking.lexicon import SYNONYM, TABLE, Lexicon
from nl2sql.linking.text import tokenize
from tests.conftest import TODAY
from tests.helpers import answers, schema_database

SCHEMA = """
CREATE TABLE member (member_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, city TEXT);
INSERT INTO member VALUES (1, 'Ines', 'Alvarez', 'Braga'), (2, 'Tomas', 'Berg', 'Umea'), (3, 'Lena', 'Okafor', 'Braga');
"""


@pytest.fixture(scope="module")
def club_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "members", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("list the family name of every member", "SELECT last_name FROM member"),
    ("show each member's given name", "SELECT first_name FROM member"),
    ("members whose family name is Berg", "SELECT * FROM member WHERE last_name = 'Berg'"),
])
def test_a_compound_said_another_way_names_its_column(club_db, question: str, gold: str) -> None:
    answers(club_db, question, gold)


def test_the_compound_link_is_a_synonym_and_spans_both_words(club_db) -> None:
    lexicon = Lexicon(BuiltinEngine(today=TODAY).schema(club_db))
    links = lexicon.link(tokenize("the family name of members"), set())
    compound = next(link for link in links if link.first == 1)
    assert compound.last == 2
    assert [(c.column, c.match) for c in compound.candidates] == [("last_name", SYNONYM)]


def test_a_phrase_that_is_no_synonym_of_a_name_links_nothing_new(club_db) -> None:
    lexicon = Lexicon(BuiltinEngine(today=TODAY).schema(club_db))
    links = lexicon.link(tokenize("the pet name of members"), set())
    assert not any(link.first == 1 and link.last == 2 for link in links)  # no "pet name" link
    assert not any(c.match == SYNONYM for link in links for c in link.candidates)  # "name" stays itself


JOINED = """
CREATE TABLE port (port_id INTEGER PRIMARY KEY, port_name TEXT);
CREATE TABLE portcrane (crane_id INTEGER PRIMARY KEY, port_id INTEGER REFERENCES port(port_id), capacity INTEGER);
CREATE TABLE harbourmaster (master_id INTEGER PRIMARY KEY, full_name TEXT);
INSERT INTO port VALUES (1, 'Genoa'), (2, 'Bari');
INSERT INTO portcrane VALUES (1, 1, 40), (2, 1, 25), (3, 2, 60);
INSERT INTO harbourmaster VALUES (1, 'Ada Rossi');
"""


@pytest.fixture(scope="module")
def joined_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "joined", JOINED) as db:
        yield db


def test_a_name_written_as_one_word_after_another_tables_name_is_named_by_its_last_word(joined_db) -> None:
    """"portcrane" beside a port table is a crane of a port: "cranes" names it."""
    answers(joined_db, "how many cranes are there in Genoa?",
            "SELECT COUNT(*) FROM portcrane JOIN port ON portcrane.port_id = port.port_id WHERE port_name = 'Genoa'")


def test_a_name_that_only_begins_like_no_table_is_not_split(joined_db) -> None:
    """"harbourmaster" begins with no table's name: "master" alone does not name the table."""
    lexicon = Lexicon(joined_db.schema)
    assert not [c for c in lexicon.lookup("master") if c.table == "harbourmaster" and c.kind == TABLE]
    assert [c for c in lexicon.lookup("crane") if c.table == "portcrane" and c.kind == TABLE]
