"""A currency said of money the query reads in whole units ("in pounds", "over £40") asks for
nothing the query lacks: the amounts are kept as 12.50, or summed from cents and shown in whole
units. Said of no money at all, it stays unused. On a fair's books built here."""

from __future__ import annotations

import pytest

from tests.helpers import answers, read, schema_database

SCHEMA = """
CREATE TABLE trader (trader_id INTEGER PRIMARY KEY, name TEXT, pitch TEXT);
CREATE TABLE takings (takings_id INTEGER PRIMARY KEY, trader_id INTEGER REFERENCES trader (trader_id),
                      taken_on DATE, amount REAL);
CREATE TABLE fee (fee_id INTEGER PRIMARY KEY, trader_id INTEGER REFERENCES trader (trader_id), fee_cents INTEGER);
CREATE TABLE crate (crate_id INTEGER PRIMARY KEY, trader_id INTEGER REFERENCES trader (trader_id), weight REAL);
INSERT INTO trader VALUES (1, 'Pip', 'A1'), (2, 'Rue', 'B2'), (3, 'Sol', 'C3');
INSERT INTO takings VALUES (1, 1, '2025-06-01', 30.5), (2, 1, '2025-06-02', 20.0), (3, 2, '2025-06-01', 12.25),
    (4, 3, '2025-06-02', 80.0);
INSERT INTO fee VALUES (1, 1, 1500), (2, 2, 2500), (3, 3, 1000);
INSERT INTO crate VALUES (1, 1, 12.0), (2, 2, 30.0);
"""


@pytest.fixture(scope="module")
def fair_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "fair", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("total takings amount in pounds", "SELECT SUM(amount) FROM takings"),
    ("takings with an amount over £25", "SELECT * FROM takings WHERE amount > 25"),
])
def test_a_currency_of_whole_amounts_is_read(fair_db, question: str, gold: str) -> None:
    answers(fair_db, question, gold)
    draft, _rows = read(fair_db, question)
    assert draft.unused == (), draft.sql


@pytest.mark.parametrize(("question", "word"), [
    ("crates with a weight over 20 pounds", "pounds"),  # a weight kept in no unit its name says
    ("crates with a weight over 20 euros", "euros"),
])
def test_a_unit_said_of_no_money_stays_unused(fair_db, question: str, word: str) -> None:
    draft, _rows = read(fair_db, question)
    assert word in draft.unused, draft.sql
