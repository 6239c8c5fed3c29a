"""Two columns of one row compared with each other, on a depot schema built here: "parcels delivered
late" (the delivery after the due date, both dates found by their names), "bins whose fill level is
below the refill mark", "bins below their refill mark" (the amount the bin holds against its
threshold), "arrived later than expected", and on a builds schema "finished later than planned"
(an end date beside its actual one). Where the column compared is not named and more than one could
be meant, the reading is a guess and is confirmed, not run unasked."""

from __future__ import annotations

import pytest

from tests.helpers import all_rows, read, reads_whole, same_answer, schema_database

SCHEMA = """
CREATE TABLE bins (bin_id INTEGER PRIMARY KEY, label TEXT, fill_level REAL, refill_mark REAL, capacity REAL);
CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, code TEXT, sent_on DATE, due_on DATE, delivered_on DATE,
                      weight REAL);
CREATE TABLE crates (crate_id INTEGER PRIMARY KEY, tag TEXT, packed_on DATE, needed_by DATE, shipped_on DATE);
CREATE TABLE tanks (tank_id INTEGER PRIMARY KEY, name TEXT, volume REAL, pressure REAL, alarm_point REAL);
INSERT INTO bins VALUES (1, 'B1', 10, 25, 100), (2, 'B2', 60, 20, 80), (3, 'B3', 5, 10, 50), (4, 'B4', 30, 30, 40);
INSERT INTO parcels VALUES (1, 'P1', '2025-03-01', '2025-03-05', '2025-03-04', 2.0),
    (2, 'P2', '2025-03-02', '2025-03-06', '2025-03-09', 1.5), (3, 'P3', '2025-03-03', '2025-03-07', '2025-03-07', 4.0),
    (4, 'P4', '2025-03-04', '2025-03-08', '2025-03-12', 0.5), (5, 'P5', '2025-03-05', '2025-03-10', NULL, 3.0);
INSERT INTO crates VALUES (1, 'C1', '2025-04-01', '2025-04-05', '2025-04-07'),
    (2, 'C2', '2025-04-02', '2025-04-08', '2025-04-03'), (3, 'C3', '2025-04-03', '2025-04-06', '2025-04-09');
INSERT INTO tanks VALUES (1, 'T1', 50, 3, 20), (2, 'T2', 10, 30, 15), (3, 'T3', 5, 2, 8);
"""

LATE = "SELECT code FROM parcels WHERE delivered_on > due_on"
LOW = "SELECT label FROM bins WHERE fill_level < refill_mark"


@pytest.fixture(scope="module")
def depot_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "depot", SCHEMA) as db:
        yield db




@pytest.mark.parametrize(("question", "gold"), [
    ("parcels delivered late", LATE),
    ("late parcels", LATE),
    ("parcels that were delivered late", LATE),
    ("parcels delivered after the due date", LATE),
    ("parcels delivered early", "SELECT code FROM parcels WHERE delivered_on < due_on"),
    ("parcels delivered before their due date", "SELECT code FROM parcels WHERE delivered_on < due_on"),
    # with no date of arrival kept, shipping is when it happened
    ("crates shipped late", "SELECT tag FROM crates WHERE shipped_on > needed_by"),
    ("bins whose fill level is below the refill mark", LOW),
    ("bins with a fill level lower than the refill mark", LOW),
    ("bins with less fill level than the refill mark", LOW),
    ("bins below their refill mark", LOW),
    ("bins with a fill level above the refill mark", "SELECT label FROM bins WHERE fill_level > refill_mark"),
])
def test_two_columns_of_a_row_compared(depot_db, question: str, gold: str) -> None:
    draft, result = read(depot_db, question)
    assert same_answer(result, all_rows(depot_db, gold)), draft.sql
    assert not draft.unused, (draft.sql, draft.unused)


def test_the_explanation_says_both_columns(depot_db) -> None:
    draft, _result = read(depot_db, "parcels delivered late")
    assert "whose delivered date is after the due date" in draft.explanation, draft.explanation


def test_a_threshold_with_no_clear_amount_is_a_guess(depot_db) -> None:
    """ "tanks below their alarm point": volume or pressure? Neither name says; the reading picks one
    and says so, below the confirmation threshold."""
    draft, result = read(depot_db, "tanks below their alarm point")
    assert draft.spec is not None and any(f.other is not None for f in draft.spec.filters), draft.sql
    assert draft.confidence <= 0.75, (draft.sql, draft.confidence)
    assert result.row_count >= 1


def test_an_event_said_by_another_verb_is_a_guess(depot_db) -> None:
    """ "crates that arrived after the needed by date": no arrival is kept; the shipping date is the
    nearest reading, said as a guess."""
    draft, result = read(depot_db, "crates that arrived after their needed by date")
    assert same_answer(result, all_rows(depot_db, "SELECT tag FROM crates WHERE shipped_on > needed_by")), draft.sql
    assert draft.confidence <= 0.75, (draft.sql, draft.confidence)


def test_a_comparison_with_a_number_is_unchanged(depot_db) -> None:
    draft, result = read(depot_db, "bins with a fill level below 20")
    assert same_answer(result, all_rows(depot_db, "SELECT label FROM bins WHERE fill_level < 20")), draft.sql


BUILDS = """
CREATE TABLE builds (build_id INTEGER PRIMARY KEY, site TEXT, start_date DATE, end_date DATE, actual_end_date DATE);
INSERT INTO builds VALUES (1, 'Quay', '2025-01-01', '2025-03-01', '2025-04-15'),
    (2, 'Mill', '2025-02-01', '2025-05-01', '2025-04-20'), (3, 'Barn', '2025-03-01', '2025-06-01', '2025-06-01'),
    (4, 'Lodge', '2025-04-01', '2025-07-01', '2025-09-30');
"""


@pytest.mark.parametrize(("question", "gold"), [
    ("How many parcels arrived later than expected?", "SELECT COUNT(*) FROM parcels WHERE delivered_on > due_on"),
    ("parcels delivered earlier than expected", "SELECT code FROM parcels WHERE delivered_on < due_on"),
])
def test_later_than_an_expectation_compares_the_event_with_its_due_date(depot_db, question: str, gold: str) -> None:
    reads_whole(depot_db, question, gold)


def test_the_date_beside_its_actual_one_is_the_plan(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``end_date`` beside ``actual_end_date``: "finished later than planned" is the actual end after the end."""
    with schema_database(tmp_path_factory, "builds", BUILDS) as db:
        draft, result = read(db, "Which builds finished later than planned?")
        assert same_answer(result, all_rows(db, "SELECT site FROM builds WHERE actual_end_date > end_date")), draft.sql


FERRIES = """
CREATE TABLE sailings (sailing_id INTEGER PRIMARY KEY, route TEXT, departure_time TIMESTAMP,
                       actual_departure_time TIMESTAMP, arrival_time TIMESTAMP, actual_arrival_time TIMESTAMP);
INSERT INTO sailings VALUES
    (1, 'A', '2025-05-01 08:00', '2025-05-01 08:20', '2025-05-01 10:00', '2025-05-01 09:50'),
    (2, 'B', '2025-05-01 09:00', '2025-05-01 08:55', '2025-05-01 11:00', '2025-05-01 11:30'),
    (3, 'C', '2025-05-02 07:00', '2025-05-02 07:00', '2025-05-02 09:00', '2025-05-02 09:00'),
    (4, 'D', '2025-05-02 12:00', '2025-05-02 12:40', '2025-05-02 14:00', '2025-05-02 14:45');
"""


@pytest.mark.parametrize(("question", "gold"), [
    ("Which sailings arrived later than planned?", "actual_arrival_time > arrival_time"),
    ("sailings that departed later than planned", "actual_departure_time > departure_time"),
    ("sailings that arrived earlier than planned", "actual_arrival_time < arrival_time"),
])
def test_each_event_is_compared_with_its_own_plan(tmp_path_factory, question: str, gold: str) -> None:
    """Two planned times, each beside its actual one: the verb says which pair is compared."""
    with schema_database(tmp_path_factory, "ferries", FERRIES) as db:
        draft, result = read(db, question)
        assert same_answer(result, all_rows(db, f"SELECT route FROM sailings WHERE {gold}")), draft.sql
