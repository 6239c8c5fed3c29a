"""Rows with no related rows at all, on a market schema built here: "vendors who don't have any
sales", "goods that were never sold", "vendors without sales" keep the rows no related row refers
to, whether the related rows are named by their table, by a contracted negation, or by the verb of
their act; a verb that names no table is a guess, and the reading says so."""

from __future__ import annotations

import pytest

from tests.helpers import read, same_answer, schema_database

SCHEMA = """
CREATE TABLE vendors (vendor_id INTEGER PRIMARY KEY, name TEXT, town TEXT);
CREATE TABLE goods (good_id INTEGER PRIMARY KEY, name TEXT, price REAL, grown_in TEXT);
CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, vendor_id INTEGER REFERENCES vendors (vendor_id),
                    good_id INTEGER REFERENCES goods (good_id), sold_on DATE, amount REAL);
CREATE TABLE stalls (stall_id INTEGER PRIMARY KEY, label TEXT);
CREATE TABLE rentals (rental_id INTEGER PRIMARY KEY, stall_id INTEGER REFERENCES stalls (stall_id), month TEXT);
INSERT INTO vendors VALUES (1, 'Aldo', 'Ely'), (2, 'Brit', 'Ash'), (3, 'Cato', 'Ely'), (4, 'Dora', 'Ash');
INSERT INTO goods VALUES (1, 'plums', 2.5, 'Ely'), (2, 'honey', 6.0, 'Ash'), (3, 'bread', 3.0, 'Ely'),
    (4, 'cider', 4.5, 'Ash');
INSERT INTO sales VALUES (1, 1, 1, '2025-05-01', 10.0), (2, 1, 2, '2025-05-02', 12.0), (3, 3, 1, '2025-05-03', 5.0),
    (4, 3, 3, '2025-05-04', 6.0);
INSERT INTO stalls VALUES (1, 'North'), (2, 'South'), (3, 'East');
INSERT INTO rentals VALUES (1, 1, 'May'), (2, 3, 'June');
"""

NO_SALES = "SELECT name FROM vendors WHERE vendor_id NOT IN (SELECT vendor_id FROM sales)"
NEVER_SOLD = "SELECT name FROM goods WHERE good_id NOT IN (SELECT good_id FROM sales)"


@pytest.fixture(scope="module")
def market_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "market", SCHEMA) as db:
        yield db



@pytest.mark.parametrize(("question", "gold"), [
    ("vendors who don't have any sales", NO_SALES),
    ("vendors that doesn't have sales", NO_SALES),
    ("vendors who haven't got any sales", NO_SALES),
    ("vendors with no sales", NO_SALES),
    ("vendors without sales", NO_SALES),
    ("vendors who did not make any sales", NO_SALES),
    # the verb of the act names the rows: "sold" is what a sale records
    ("goods that were never sold", NEVER_SOLD),
    ("goods that have never been sold", NEVER_SOLD),
    ("vendors who have not sold anything", NO_SALES),
    ("stalls that were never rented", "SELECT label FROM stalls WHERE stall_id NOT IN (SELECT stall_id FROM rentals)"),
    ("stalls without rentals", "SELECT label FROM stalls WHERE stall_id NOT IN (SELECT stall_id FROM rentals)"),
    # the act named by the date a sale records, and the goods every sale is of, say nothing more
    ("vendors who have never sold a good", NO_SALES),
    ("vendors who never sold any goods", NO_SALES),
])
def test_rows_with_no_relatedall_rows(market_db, question: str, gold: str) -> None:
    draft, result = read(market_db, question)
    assert draft.spec is not None and any(f.op == "not_exists" for f in draft.spec.filters), draft.sql
    assert same_answer(result, list(market_db.execute(gold, max_rows=None).rows)), draft.sql
    assert not draft.unused, (draft.sql, draft.unused)


def test_a_denied_value_is_no_anti_join(market_db) -> None:
    """ "vendors not in Ely": the value of the row's own column is denied, no related rows are asked for."""
    draft, result = read(market_db, "vendors not from Ely")
    assert "EXISTS" not in draft.sql.upper(), draft.sql
    assert same_answer(result, list(market_db.execute("SELECT name FROM vendors WHERE town <> 'Ely'",
                                                      max_rows=None).rows)), draft.sql


def test_a_verb_that_names_no_table_is_a_guess(market_db) -> None:
    """ "vendors who never traded anything": no table is named by "traded"; the one table whose rows
    refer to vendors is the likely reading, but it is said as a doubt and confirmed, not run unasked."""
    draft, result = read(market_db, "vendors who never traded anything")
    assert same_answer(result, list(market_db.execute(NO_SALES, max_rows=None).rows)), draft.sql
    assert draft.confidence <= 0.75, (draft.sql, draft.confidence)


@pytest.mark.parametrize(("question", "word"), [
    ("stalls that were never rented by a vendor", "vendor"),  # a rental is of a stall, never of a vendor
    ("vendors who never sold a good from Ely", "sold"),  # goods grown in Ely, or vendors there? not said
])
def test_a_row_the_absent_rows_never_have_stays_unused(market_db, question: str, word: str) -> None:
    draft, _result = read(market_db, question)
    assert word in draft.unused, draft.sql


def test_the_explanation_names_the_missingall_rows(market_db) -> None:
    draft, _result = read(market_db, "goods that were never sold")
    assert "with no sales" in draft.explanation, draft.explanation


CREW = """
CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name TEXT);
CREATE TABLE volunteers (volunteer_id INTEGER PRIMARY KEY, name TEXT, team_id INTEGER REFERENCES teams (team_id));
INSERT INTO teams VALUES (1, 'Gate'), (2, 'Kitchen'), (3, 'First aid');
INSERT INTO volunteers VALUES (1, 'Eva', 1), (2, 'Finn', NULL), (3, 'Gil', 2), (4, 'Hana', NULL);
"""


@pytest.mark.parametrize("question", ["Which volunteer isn't assigned to any team?",
                                      "volunteers that aren't in a team", "volunteers not assigned to a team"])
def test_rows_whose_own_key_is_empty_under_a_contracted_negation(tmp_path_factory, question: str) -> None:
    """The rows hold the key to their team: "isn't assigned to any team" is that key empty, said with
    a contraction or not, and the verb of the key's link is part of the condition (nothing unread)."""
    with schema_database(tmp_path_factory, "crew", CREW) as db:
        draft, result = read(db, question)
        assert same_answer(result, list(db.execute("SELECT name FROM volunteers WHERE team_id IS NULL",
                                                   max_rows=None).rows)), draft.sql
        assert not draft.unused, (draft.sql, draft.unused)
