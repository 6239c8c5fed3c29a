"""Rewording: question words that are not the schema's words still link, more weakly than exact ones."""

from __future__ import annotations

import subprocess
import sys

import pytest

from nl2sql.db.schema import DATE, INTEGER, REAL, TEXT, Column, Schema, Table
from nl2sql.linking import COLUMN, TABLE, Candidate, Lexicon
from nl2sql.linking import synonyms as wordnet
from nl2sql.linking.text import tokenize


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    schema = Schema((
        Table("employee", (
            Column("id", "INTEGER", INTEGER, primary_key=True),
            Column("full_name", "TEXT", TEXT),
            Column("hire_date", "DATE", DATE),
            Column("dob", "DATE", DATE),
            Column("salary_amt", "REAL", REAL),
        )),
        Table("vehicle", (
            Column("id", "INTEGER", INTEGER, primary_key=True),
            Column("model", "TEXT", TEXT),
            Column("horsepower", "INTEGER", INTEGER),
            Column("mfr", "TEXT", TEXT),
        )),
    ))
    return Lexicon(schema)


def _links(lexicon: Lexicon, question: str) -> dict[str, list[Candidate]]:
    tokens = tokenize(question)
    return {" ".join(t.text for t in tokens[link.first:link.last + 1]): list(link.candidates)
            for link in lexicon.link(tokens, set())}


def _columns(cands: list[Candidate]) -> set[tuple[str, str | None]]:
    return {(c.table, c.column) for c in cands if c.kind == COLUMN}


@pytest.mark.parametrize(("question", "word", "column"), [
    ("Employees hired after 2020", "hired", ("employee", "hire_date")),  # an inflection
    ("When were the employees born?", "born", ("employee", "dob")),  # irregular form, then birth
    ("What is the average wage of employees?", "wage", ("employee", "salary_amt")),  # a synonym
    ("employees paid the most", "paid", ("employee", "salary_amt")),  # irregular form, then a synonym
    ("Which makers build vehicles with more than 200 horsepower?", "makers", ("vehicle", "mfr")),
    ("the manufacturer of each vehicle", "manufacturer", ("vehicle", "mfr")),  # an abbreviation spelled out
    ("vehicles with the most hp", "hp", ("vehicle", "horsepower")),
])
def test_reworded_words_link_to_the_right_column(lexicon: Lexicon, question: str, word: str,
                                                  column: tuple[str, str]) -> None:
    links = _links(lexicon, question)
    assert column in _columns(links[word])


def test_plural_table_names_link_exactly(lexicon: Lexicon) -> None:
    links = _links(lexicon, "How many vehicles and employees are there?")
    assert [(c.kind, c.table, c.match) for c in links["vehicles"]] == [(TABLE, "vehicle", "exact")]
    assert [(c.kind, c.table, c.match) for c in links["employees"]] == [(TABLE, "employee", "exact")]


def test_a_synonym_link_scores_below_an_exact_link(lexicon: Lexicon) -> None:
    exact = _links(lexicon, "the manufacturer of each vehicle")["manufacturer"]
    synonym = _links(lexicon, "the maker of each vehicle")["maker"]
    assert {c.match for c in exact} == {"exact"}
    assert {c.match for c in synonym} == {"synonym"}
    assert max(c.score for c in synonym) < min(c.score for c in exact)
    stem = _links(lexicon, "employees hired in May")["hired"]
    assert {c.match for c in stem} == {"stem"}


@pytest.mark.parametrize("question", [
    "the weather in spring",
    "Which planets have rings?",
    "show the quantity",  # a quantity word is read by the engine, never reworded into a name
])
def test_unrelated_words_do_not_link(lexicon: Lexicon, question: str) -> None:
    assert _links(lexicon, question) == {}


def test_a_spelled_out_abbreviation_names_a_piece_of_a_column(lexicon: Lexicon) -> None:
    """``salary_amt`` is an amount as it is a salary: the piece as said, not only as written."""
    pieces = {(c.table, c.column, c.score) for c in _links(lexicon, "show the amount")["amount"]}
    assert pieces == {(c.table, c.column, c.score) for c in _links(lexicon, "show the salary")["salary"]}


def test_candidates_built_the_old_way_are_exact() -> None:
    cand = Candidate(COLUMN, "t", "c", None, 0.9)
    assert cand.match == "exact" and not cand.fuzzy


def test_wordnet_table_ships_with_the_package() -> None:
    assert wordnet.available()
    assert "salary" in wordnet.synonyms("wage")
    assert wordnet.base_forms("born") == ["bear"]


def test_importing_the_cli_does_not_load_wordnet() -> None:
    code = ("import sys, nl2sql.cli; import nl2sql.linking.lexicon; "
            "assert 'nl2sql.linking.synonyms' not in sys.modules, 'loaded at import'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_question_whose_words_all_link_never_loads_wordnet() -> None:
    code = (
        "import sys\n"
        "from nl2sql.db.schema import INTEGER, Column, Schema, Table\n"
        "from nl2sql.linking import Lexicon\n"
        "from nl2sql.linking.text import tokenize\n"
        "lex = Lexicon(Schema((Table('users', (Column('id', 'INTEGER', INTEGER, primary_key=True),)),)))\n"
        "lex.link(tokenize('How many users are there?'), set())\n"
        "assert 'nl2sql.linking.synonyms' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
