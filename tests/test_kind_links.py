"""Kinds as names: a word one IS-A level from a table or column name links to it, more weakly than
a synonym ("workers" for an employee table, since an employee is a worker; "guests" for a visitor
table, since a guest is a visitor). Only whole names, only when one table or column is meant."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.db.schema import INTEGER, TEXT, Column, Schema, Table
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import EngineError
from nl2sql.linking import TABLE, Candidate, Lexicon
from nl2sql.linking import synonyms as wordnet
from nl2sql.linking.lexicon import SYNONYM_FACTOR
from nl2sql.linking.text import tokenize


def _table(name: str, *columns: str) -> Table:
    return Table(name, (Column("id", "INTEGER", INTEGER, primary_key=True),
                        *(Column(c, "TEXT", TEXT) for c in columns)))


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon(Schema((
        _table("employee", "full_name", "role"),
        _table("visitor", "full_name"),
        _table("ship", "flag"),
        _table("friend", "nickname"),
    )))


def _links(lexicon: Lexicon, question: str) -> dict[str, list[Candidate]]:
    tokens = tokenize(question)
    return {" ".join(t.text for t in tokens[link.first:link.last + 1]): list(link.candidates)
            for link in lexicon.link(tokens, set())}


def test_the_table_ships_kinds_both_ways() -> None:
    assert "worker" in wordnet.broader("employee")
    assert "employee" in wordnet.narrower("worker")


@pytest.mark.parametrize(("question", "word", "table"), [
    ("count the workers", "workers", "employee"),  # a broader word: an employee is a worker
    ("list every guest by name", "guest", "visitor"),  # a narrower word: a guest is a visitor
    ("which vessels fly a flag", "vessels", "ship"),
])
def test_a_kind_links_to_its_table_below_a_synonym(lexicon: Lexicon, question: str, word: str, table: str) -> None:
    cands = _links(lexicon, question)[word]
    assert [(c.kind, c.table, c.match) for c in cands] == [(TABLE, table, "synonym")]
    assert all(c.score < SYNONYM_FACTOR for c in cands)


def test_an_exact_name_is_not_read_as_a_kind(lexicon: Lexicon) -> None:
    cands = _links(lexicon, "count the employees")["employees"]
    assert [(c.table, c.match, c.score) for c in cands] == [("employee", "exact", 1.0)]


@pytest.mark.parametrize("question", [
    "the weather in spring",  # unrelated words
    "someone with a nickname",  # an indefinite pronoun is no kind of friend
    "rows of this table",  # the database's own parts
])
def test_unrelated_and_structural_words_link_to_no_kind(lexicon: Lexicon, question: str) -> None:
    links = _links(lexicon, question)
    assert not any(c.kind == TABLE for word, cands in links.items() if word != "nickname" for c in cands)


def test_a_general_word_with_two_kinds_in_the_schema_links_to_neither() -> None:
    lexicon = Lexicon(Schema((_table("employee", "full_name"), _table("freelancer", "full_name"))))
    assert "workers" not in _links(lexicon, "count the workers")


def test_a_kind_never_reaches_a_stored_value() -> None:
    schema = Schema((Table("staff", (Column("id", "INTEGER", INTEGER, primary_key=True),
                                      Column("title", "TEXT", TEXT, values=("employee", "contractor")))),))
    assert "workers" not in _links(Lexicon(schema), "count the workers")


@pytest.fixture(scope="module")
def harbour_db(tmp_path_factory: pytest.TempPathFactory):
    path = Path(tmp_path_factory.mktemp("kinds")) / "harbour.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE employee (id INTEGER PRIMARY KEY, full_name TEXT, age INTEGER)")
    con.execute("CREATE TABLE ship (id INTEGER PRIMARY KEY, ship_name TEXT, tonnage INTEGER)")
    con.executemany("INSERT INTO employee VALUES (?, ?, ?)", [(1, "Ann", 30), (2, "Bo", 41)])
    con.executemany("INSERT INTO ship VALUES (?, ?, ?)", [(1, "Gull", 900), (2, "Tern", 1200)])
    con.commit()
    con.close()
    db = open_database(str(path))
    yield db
    db.close()


def test_a_question_in_kind_words_counts_the_named_table(harbour_db) -> None:
    draft = BuiltinEngine().draft("how many workers does the harbour employ", harbour_db)
    assert draft.sql is not None and "FROM employee" in draft.sql and "COUNT(*)" in draft.sql.upper()
    assert dict(draft.signals)["synonym_links"] >= 1  # weaker than the table's own name


def test_a_question_about_nothing_in_the_database_stays_unlinked(harbour_db) -> None:
    with pytest.raises(EngineError, match="could not match 'planets'"):
        BuiltinEngine().draft("how many planets are there", harbour_db)


def test_a_word_of_the_same_small_kind_links_weakly_as_a_last_resort() -> None:
    """"town" and "city" are both municipalities: a town column stands for a city question, more
    weakly than a kind; under a kind with many members ("place") nothing is linked."""
    lexicon = Lexicon(Schema((_table("depot", "town", "region"), _table("crate", "label"))))
    cities = _links(lexicon, "depots in each city")["city"]
    assert [(c.table, c.column) for c in cities] == [("depot", "town")]
    assert cities[0].score < SYNONYM_FACTOR
    assert "birthplace" not in _links(Lexicon(Schema((_table("depot", "boatyard"),))), "the birthplace")


def test_a_piece_of_a_longer_name_also_offers_a_synonym_of_a_whole_one() -> None:
    """"state" is a piece of head_of_state and a synonym of country: the whole table is offered
    beside the piece, and weighs more; a word that names a whole name is left alone."""
    lexicon = Lexicon(Schema((_table("country", "head_of_state", "capital"), _table("river", "length_km"))))
    states = _links(lexicon, "the largest state")["state"]
    assert {(c.kind, c.table, c.column) for c in states} >= {("table", "country", None),
                                                            ("column", "country", "head_of_state")}
    assert max(states, key=lambda c: c.score).kind == TABLE
    capitals = _links(lexicon, "the capital")["capital"]
    assert [(c.table, c.column) for c in capitals] == [("country", "capital")]
