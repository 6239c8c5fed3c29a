"""A state denied by a negation of several words, or across the words that join it to the state,
keeps the rows without it: "leave out the warranty ones" (a 0/1 flag), "don't include refunded
ones", "leave out anything that was refunded" (a date kept when the state happened). A period said
beside a denied state dates the rows kept, by their own date, not the date of the state."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, answers_after, schema_database

WORKSHOP = """
    CREATE TABLE jobs (job_id INTEGER PRIMARY KEY, job_kind TEXT NOT NULL, booked_on TEXT NOT NULL,
                       is_warranty INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE gifts (gift_id INTEGER PRIMARY KEY, given_on TEXT NOT NULL, amount REAL NOT NULL,
                        refunded_on TEXT);
    INSERT INTO jobs VALUES (1, 'service', '2026-01-10', 0), (2, 'service', '2026-02-11', 1),
                            (3, 'puncture', '2026-03-02', 0), (4, 'puncture', '2025-06-01', 1),
                            (5, 'rebuild', '2026-04-04', 1), (6, 'service', '2025-09-09', 0);
    INSERT INTO gifts VALUES (1, '2026-01-05', 20.0, NULL), (2, '2025-12-30', 50.0, '2026-01-03'),
                             (3, '2026-02-14', 35.0, '2026-02-20'), (4, '2026-03-01', 10.0, NULL),
                             (5, '2025-05-05', 80.0, NULL);
"""  # a workshop's jobs (some under warranty) and a charity box's gifts (some refunded)


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "workshop", WORKSHOP) as db:
        yield db


@pytest.mark.parametrize("follow_up", ["Leave out the warranty ones.", "leaving out the warranty ones"])
def test_leaving_out_flagged_rows_in_a_follow_up(workshop: Database, follow_up: str) -> None:
    answers_after(workshop, ["how many jobs of each kind", follow_up],
                  "SELECT job_kind, COUNT(*) FROM jobs WHERE is_warranty = 0 GROUP BY job_kind")


def test_leaving_out_flagged_rows_in_a_question(workshop: Database) -> None:
    answers(workshop, "jobs booked this year, leaving out the warranty ones",
            "SELECT * FROM jobs WHERE is_warranty = 0 AND booked_on >= '2026-01-01'")


@pytest.mark.parametrize("follow_up", ["Don't include refunded ones.", "don't include the refunded gifts"])
def test_a_negated_verb_of_keeping_before_a_state(workshop: Database, follow_up: str) -> None:
    answers_after(workshop, ["total amount of gifts", follow_up],
                  "SELECT SUM(amount) FROM gifts WHERE refunded_on IS NULL")


def test_a_period_beside_a_denied_state_dates_the_rows_kept(workshop: Database) -> None:
    answers(workshop, "total amount of gifts this year? Leave out anything that was refunded.",
            "SELECT SUM(amount) FROM gifts WHERE given_on >= '2026-01-01' AND refunded_on IS NULL")


BAR = """
    CREATE TABLE drinks (drink_id INTEGER PRIMARY KEY, drink_name TEXT NOT NULL);
    CREATE TABLE tabs (tab_id INTEGER PRIMARY KEY, opened_at TEXT NOT NULL, voided_at TEXT);
    CREATE TABLE tab_lines (line_id INTEGER PRIMARY KEY, tab_id INTEGER REFERENCES tabs (tab_id),
                            drink_id INTEGER REFERENCES drinks (drink_id), qty INTEGER NOT NULL,
                            unit_price_cents INTEGER NOT NULL);
    INSERT INTO drinks VALUES (1, 'Stout'), (2, 'Cider'), (3, 'Lager');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80)
    INSERT INTO tabs SELECT i, date('2025-11-01', '+' || (i * 5) || ' days') || ' 19:30:00',
                            CASE WHEN i IN (60, 71, 77) THEN date('2025-11-01', '+' || (i * 5) || ' days') END
                     FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 160)
    INSERT INTO tab_lines SELECT i, (i + 1) / 2, 1 + i % 3, 1 + i % 2, 500 + 100 * (i % 3) FROM n;
"""  # a bar's tabs, voided only now and then: the first fifty tabs have no voided_at at all


@pytest.fixture(scope="module")
def bar(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "bar", BAR) as db:
        yield db


def test_a_date_set_on_few_rows_is_a_date(bar: Database) -> None:
    assert [c.name for c in bar.schema.table("tabs").date_columns] == ["opened_at", "voided_at"]


@pytest.mark.parametrize("question", ["drink sales in 2026, skip any voided tabs",
                                      "Which 2 drinks have earned the most this year? Don't count voided tabs.",
                                      "drink sales in 2026; voided tabs don't count"])
def test_a_state_of_the_rows_a_measure_reads_is_left_out(bar: Database, question: str) -> None:
    kept = "FROM tab_lines l JOIN tabs t ON t.tab_id = l.tab_id JOIN drinks d ON d.drink_id = l.drink_id " \
           "WHERE t.opened_at >= '2026-01-01' AND t.opened_at < '2027-01-01' AND t.voided_at IS NULL"
    ranked = question.startswith("Which")
    gold = f"SELECT d.drink_name, SUM(l.qty * l.unit_price_cents) / 100.0 AS n {kept} " \
           "GROUP BY d.drink_id ORDER BY n DESC LIMIT 2" if ranked else \
        f"SELECT SUM(l.qty * l.unit_price_cents) / 100.0 {kept}"
    answers(bar, question, gold, ordered=ranked)
