"""A capital letter beside the name of the column that stores it is that value ("X-rated plays",
"plays rated U", "grade B", "rated U or X"); an inflected word is a whole column name before a piece of a longer
one ("rated" is the rating, not part of ticket_rate). The schema is invented here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import read, schema_database

# (id, title, rating, grade, ticket rate)
PLAYS = [(1, "Lear", "U", "A", 20.0), (2, "Faust", "X", "B", 25.0), (3, "Oedipus", "X", "A", 18.0),
         (4, "Tartuffe", "PG", "B", 22.0), (5, "Volpone", "U", "C", 15.0)]
STAGE = "\n".join([
    "CREATE TABLE plays (play_id INTEGER PRIMARY KEY, title TEXT, rating TEXT, grade TEXT, ticket_rate REAL);",
    *(f"INSERT INTO plays VALUES ({p}, '{t}', '{r}', '{g}', {rate});" for p, t, r, g, rate in PLAYS),
])


@pytest.fixture(scope="module")
def stage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "stage", STAGE) as db:
        yield db


def _titles(db: Database, question: str) -> set[str]:
    _, result = read(db, question)
    return {row[result.columns.index("title")] for row in result.rows}


@pytest.mark.parametrize(("question", "expected"), [
    ("list the X-rated plays", {t for _, t, r, _, _ in PLAYS if r == "X"}),
    ("plays rated U", {t for _, t, r, _, _ in PLAYS if r == "U"}),
    ("show plays of grade B", {t for _, t, _, g, _ in PLAYS if g == "B"}),
    ("which plays are rated PG?", {t for _, t, r, _, _ in PLAYS if r == "PG"}),
    ("plays rated U or X", {t for _, t, r, _, _ in PLAYS if r in ("U", "X")}),  # the second after "or"
    ("plays rated PG or X", {t for _, t, r, _, _ in PLAYS if r in ("PG", "X")}),
    ("show plays of grade A or C", {t for _, t, _, g, _ in PLAYS if g in ("A", "C")}),
])
def test_a_letter_beside_its_column_is_its_value(stage: Database, question: str, expected: set[str]) -> None:
    assert _titles(stage, question) == expected
