"""Rows that are amounts of money, named where a number is wanted: "top 3 members by total
donations" adds up each member's donations, "which member donated the most in 2025" ranks them by
the donations of that year, "who spent the most" is answered by the member, not by one donation,
and digits kept as text (a postcode) are never added up. On a charity built here."""

from __future__ import annotations

import pytest

from nl2sql.db.schema import Column, Table
from tests.helpers import answers, schema_database

# Postcodes are digits kept as text and larger than any sum of donations: a sum of them would rank first.
SCHEMA = """
CREATE TABLE members (member_id INTEGER PRIMARY KEY, name TEXT, email TEXT, postcode VARCHAR(10), joined DATE);
CREATE TABLE donations (donation_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                        given_on DATE, amount DECIMAL(8,2));
INSERT INTO members VALUES (1, 'Ava', 'ava@x.org', '90210', '2025-02-01'),
    (2, 'Ben', 'ben@x.org', '10001', '2024-01-15'), (3, 'Cai', 'cai@x.org', '30301', '2024-06-30'),
    (4, 'Dot', 'dot@x.org', '60601', '2025-03-03');
INSERT INTO donations VALUES (1, 1, '2024-05-01', 500), (2, 1, '2025-01-10', 20), (3, 2, '2025-02-11', 120),
    (4, 2, '2025-06-01', 150), (5, 3, '2024-12-24', 40), (6, 3, '2025-07-07', 60), (7, 4, '2025-08-08', 90),
    (8, 4, '2024-03-03', 15);
"""


@pytest.fixture(scope="module")
def charity_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "charity", SCHEMA) as db:
        yield db


def test_total_money_rows_rank_the_rows_they_belong_to(charity_db) -> None:
    answers(charity_db, "top 3 members by total donations",
            "SELECT members.name, SUM(donations.amount) FROM members JOIN donations "
            "ON donations.member_id = members.member_id GROUP BY members.member_id "
            "ORDER BY SUM(donations.amount) DESC LIMIT 3")


@pytest.mark.parametrize(("question", "gold"), [
    ("which member donated the most", "SELECT name FROM members WHERE member_id = 1"),
    ("which member donated the most in 2025", "SELECT name FROM members WHERE member_id = 2"),
])
def test_the_verb_of_money_rows_ranks_by_their_money(charity_db, question: str, gold: str) -> None:
    """In 2025 Ben gave 270; over all years Ava gave 520: the year is the donations', not the joining."""
    answers(charity_db, question, gold)


@pytest.mark.parametrize("question", ["who spent the most in 2025", "who gave the largest total amount in 2025"])
def test_who_is_answered_by_the_person_the_rows_belong_to(charity_db, question: str) -> None:
    """Not the largest single donation of 2025 (Dot's 90): the member whose donations add up most."""
    answers(charity_db, question, "SELECT members.name, SUM(donations.amount) FROM members JOIN donations "
                                  "ON donations.member_id = members.member_id WHERE donations.given_on >= '2025-01-01' "
                                  "AND donations.given_on < '2026-01-01' GROUP BY members.member_id "
                                  "ORDER BY 2 DESC LIMIT 1")


@pytest.mark.parametrize(("columns", "measure"), [
    ((Column("postcode", "VARCHAR(10)", kind="real"), Column("fee", "DECIMAL(8,2)", kind="real")), "fee"),
    ((Column("rating", "TEXT", kind="real"), Column("share", "REAL", kind="real")), "share"),
    ((Column("lost_yn", "VARCHAR(1)", kind="real"), Column("age", "VARCHAR(20)", kind="real")), "age"),
    ((Column("region", "TEXT", kind="text"), Column("amount", "TEXT", kind="real")), "amount"),
])
def test_the_measure_is_no_code_no_yes_no_and_text_only_last(columns: tuple[Column, ...], measure: str) -> None:
    """A postcode identifies, a _yn column says yes or no, digits typed as text come after real
    numbers; a table imported as text still has its amount."""
    table = Table(name="members", columns=(Column("member_id", "INTEGER", kind="integer", primary_key=True), *columns))
    assert table.measure_column is not None and table.measure_column.name == measure
