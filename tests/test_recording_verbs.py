"""A verb that says a row was written down ("issued", "received", "logged"), said before the period
the query keeps its rows by, is read by that period when the date is the rows' record date: the
table's one date, or the one its name calls so. Before any other date it stays unused, and the
reading is confirmed. On a kennel's books built here."""

from __future__ import annotations

import pytest

from tests.helpers import answers, read, schema_database

SCHEMA = """
CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT, joined_on DATE);
CREATE TABLE bill (bill_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(owner_id),
                   bill_date DATE NOT NULL, due_date DATE, settled_date DATE, amount REAL);
CREATE TABLE deposit (deposit_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(owner_id),
                      paid_at DATE NOT NULL, amount REAL);
CREATE TABLE stay (stay_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(owner_id),
                   check_in DATE, check_out DATE);
CREATE TABLE dog (dog_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(owner_id), name TEXT, born_on DATE);
INSERT INTO owner VALUES (1, 'Ola', '2024-02-01'), (2, 'Pim', '2025-03-01');
INSERT INTO bill VALUES (1, 1, '2025-01-05', '2025-02-05', '2025-01-20', 40),
                        (2, 2, '2024-12-20', '2025-01-20', NULL, 25), (3, 1, '2025-03-02', '2025-04-02', NULL, 60);
INSERT INTO deposit VALUES (1, 1, '2025-01-03', 10), (2, 2, '2025-01-28', 15), (3, 2, '2025-02-10', 20);
INSERT INTO dog VALUES (1, 1, 'Rex', '2019-04-01'), (2, 2, 'Ida', '2024-06-01');
INSERT INTO stay VALUES (1, 1, '2025-01-02', '2025-01-09'), (2, 2, '2025-02-01', '2025-02-03');
"""


@pytest.fixture(scope="module")
def kennel_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "kennel", SCHEMA) as db:
        yield db


@pytest.mark.parametrize(("question", "gold"), [
    ("bills issued in 2025", "SELECT * FROM bill WHERE bill_date >= '2025-01-01' AND bill_date < '2026-01-01'"),
    ("deposits received per month", "SELECT STRFTIME('%Y-%m', paid_at), SUM(amount) FROM deposit GROUP BY 1"),
    ("how many deposits were logged in January 2025",
     "SELECT COUNT(*) FROM deposit WHERE paid_at >= '2025-01-01' AND paid_at < '2025-02-01'"),
])
def test_a_recording_verb_before_the_record_date_is_read(kennel_db, question: str, gold: str) -> None:
    answers(kennel_db, question, gold, named=True)
    draft, _rows = read(kennel_db, question)
    assert draft.unused == (), draft.sql


@pytest.mark.parametrize(("question", "verb"), [
    # a stay has two dates and neither is its record: "booked in January" is not its check-in
    ("stays booked in January 2025", "booked"),
    # an owner's one date is when they joined; being billed is a bill's act, kept by the bills
    ("how many owners were billed in 2025", "billed"),
    ("owners invoiced per month", "invoiced"),
    # a date named for an act of its own (a booking's checked-in day) is no record date
    ("stays invoiced in 2025", "invoiced"),
    # a dog's one date is its birth, not when it was written down
    ("how many dogs were registered in 2024", "registered"),
    ("dogs logged per month", "logged"),
])
def test_before_another_date_the_verb_stays_unused(kennel_db, question: str, verb: str) -> None:
    draft, _rows = read(kennel_db, question)
    assert verb in draft.unused, draft.sql


def test_a_verb_of_coming_to_be_is_read_by_a_tables_one_date(kennel_db) -> None:
    draft, _rows = read(kennel_db, "how many owners were registered in 2025")
    assert draft.unused == () and "joined_on >= '2025-01-01'" in draft.sql, draft.sql


GROOMING = """
CREATE TABLE groomer (groomer_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE grooming (grooming_id INTEGER PRIMARY KEY, groomer_id INTEGER REFERENCES groomer (groomer_id),
                       dog TEXT, booked_at DATETIME, starts_at DATETIME, status TEXT);
INSERT INTO groomer VALUES (1, 'Una'), (2, 'Vic');
INSERT INTO grooming VALUES (1, 1, 'Rex', '2026-06-01 10:00', '2026-07-03 09:00', 'booked'),
    (2, 2, 'Ida', '2026-07-02 11:00', '2026-07-20 14:00', 'booked'),
    (3, 2, 'Bo', '2026-07-05 16:00', '2026-08-01 10:00', 'booked'),
    (4, 2, 'Kit', '2026-06-10 08:00', '2026-06-30 12:00', 'done'),
    (5, 1, 'Moe', '2026-05-01 10:00', '2026-05-20 10:00', 'done');
"""


@pytest.mark.parametrize(("question", "gold"), [
    # a period after "for" is when the rows are for: their start, not when the booking was made
    ("how many groomings does each groomer have booked for next month",
     "SELECT g.name, COUNT(*) FROM grooming JOIN groomer g USING (groomer_id) "
     "WHERE starts_at >= '2026-07-01' AND starts_at < '2026-08-01' GROUP BY g.groomer_id"),
    # after "in" it is when the verb's act happened
    ("how many groomings were booked in July 2026",
     "SELECT COUNT(*) FROM grooming WHERE booked_at >= '2026-07-01' AND booked_at < '2026-08-01'"),
])
def test_a_period_the_rows_are_booked_for_is_their_own_date(tmp_path_factory: pytest.TempPathFactory,
                                                             question: str, gold: str) -> None:
    with schema_database(tmp_path_factory, "grooming", GROOMING) as db:
        answers(db, question, gold)


@pytest.mark.parametrize(("question", "gold"), [
    # a number between a word of time ahead, or a superlative, and the rows is how many to keep
    ("the next 2 groomings", "SELECT * FROM grooming WHERE starts_at >= '2026-06-15' ORDER BY starts_at LIMIT 2"),
    ("the earliest 2 groomings", "SELECT * FROM grooming ORDER BY starts_at LIMIT 2"),
    ("upcoming groomings", "SELECT * FROM grooming WHERE starts_at >= '2026-06-15'"),
])
def test_the_next_rows_are_the_soonest_from_today(tmp_path_factory: pytest.TempPathFactory,
                                                  question: str, gold: str) -> None:
    with schema_database(tmp_path_factory, "grooming", GROOMING) as db:
        answers(db, question, gold, ordered="LIMIT" in gold, named=True)
