"""The period with the most rows, said with the period after the superlative ("the busiest month"),
also when the line names no table: then the rows are those of the business's dated table at the
middle of the most joins, and the reading is asked about, not run. Values compared with "vs" and
nothing measured are counted per value."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.dialog.ambiguity import GENERAL
from tests.helpers import all_rows, answers, drafted, reads_whole, same_answer, schema_database, shown

FERRY = """
    CREATE TABLE vessels (vessel_id INTEGER PRIMARY KEY, vessel_name TEXT NOT NULL, built_on TEXT);
    CREATE TABLE harbours (harbour_id INTEGER PRIMARY KEY, harbour_name TEXT NOT NULL);
    CREATE TABLE crossings (crossing_id INTEGER PRIMARY KEY, vessel_id INTEGER REFERENCES vessels (vessel_id),
                            harbour_id INTEGER REFERENCES harbours (harbour_id), sailed_on TEXT NOT NULL,
                            sea_state TEXT NOT NULL);
    CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, crossing_id INTEGER REFERENCES crossings (crossing_id),
                          paid_with TEXT NOT NULL, fare REAL NOT NULL, sold_on TEXT NOT NULL);
    CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, vessel_id INTEGER REFERENCES vessels (vessel_id),
                          done_on TEXT NOT NULL, cost REAL);
    INSERT INTO vessels VALUES (1, 'Skua', '2001-04-01'), (2, 'Puffin', '2011-05-01'), (3, 'Tern', '2019-06-01');
    INSERT INTO harbours VALUES (1, 'North Quay'), (2, 'Pier Head');
    INSERT INTO crossings VALUES (1, 1, 1, '2025-03-02', 'Calm'), (2, 2, 1, '2025-07-05', 'Calm'),
        (3, 1, 2, '2025-07-06', 'Rough'), (4, 2, 2, '2025-07-19', 'Calm'), (5, 1, 1, '2025-08-02', 'Rough'),
        (6, 2, 1, '2025-08-09', 'Calm'), (7, 1, 2, '2026-01-03', 'Calm');
    INSERT INTO tickets VALUES (1, 1, 'Card', 12.0, '2025-03-01'), (2, 2, 'Cash', 12.0, '2025-07-01'),
        (3, 3, 'Card', 15.0, '2025-07-01'), (4, 4, 'Card', 15.0, '2025-07-02'), (5, 5, 'Cash', 12.0, '2025-03-01'),
        (6, 6, 'Card', 12.0, '2025-03-01'), (7, 7, 'Card', 9.0, '2025-12-30'), (8, 7, 'Cash', 9.0, '2025-12-30'),
        (9, 6, 'Card', 12.0, '2025-03-01'), (10, 6, 'Card', 12.0, '2025-03-01');
    INSERT INTO repairs VALUES (1, 1, '2025-03-10', 400.0), (2, 1, '2025-03-20', 90.0), (3, 3, '2025-03-25', 60.0),
        (4, 2, '2025-09-01', 300.0);
"""  # a small island ferry: the tickets' busiest month (March) and the repairs' (March) are not the crossings' (July)


@pytest.fixture(scope="module")
def ferry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "ferry", FERRY) as db:
        yield db


def test_the_period_after_the_superlative_groups_the_rows_named(ferry: Database) -> None:
    reads_whole(ferry, "the busiest month of 2025 for crossings",
                "SELECT '2025-07' FROM crossings LIMIT 1")
    reads_whole(ferry, "quietest month for tickets in 2025", "SELECT '2025-12' FROM tickets LIMIT 1")


def test_a_line_naming_no_table_reads_the_business_rows_and_asks(ferry: Database) -> None:
    draft = drafted(ferry, "what was our busiest month in 2025?")
    result = ferry.execute(draft.sql, max_rows=None)
    assert same_answer(result, [("2025-07",)]), draft.sql
    assert "crossings" in draft.sql and draft.confidence <= 0.75, draft
    asked = [a for a in draft.ambiguities if a.level == GENERAL]
    assert asked and asked[0].question is not None and asked[0].question.values[0] == "crossings", draft.ambiguities


def test_a_line_naming_nothing_else_is_still_only_asked(ferry: Database) -> None:
    draft = drafted(ferry, "show me something")
    assert draft.confidence <= 0.5 and any(a.level == GENERAL for a in draft.ambiguities), draft


def test_values_compared_with_nothing_measured_are_counted_per_value(ferry: Database) -> None:
    answers(ferry, "card vs cash tickets", "SELECT paid_with, COUNT(*) FROM tickets GROUP BY paid_with")
    answers(ferry, "compare Calm and Rough crossings in 2025",
            "SELECT sea_state, COUNT(*) FROM crossings WHERE sailed_on LIKE '2025%' GROUP BY sea_state")


def test_rows_named_before_the_superlative_are_what_it_asks_for(ferry: Database) -> None:
    draft = drafted(ferry, "which vessel had the busiest month")
    assert "STRFTIME" not in draft.sql.split(" FROM ")[0] or draft.confidence <= 0.75, draft


def test_a_busiest_period_is_shown_with_its_count(ferry: Database) -> None:
    """A day of the week alone says little: the count that makes it the busiest is shown beside it."""
    columns, rows = shown(ferry, "which day of the week had the most crossings in 2025")
    assert len(columns) == 2 and rows == all_rows(ferry, """
        SELECT strftime('%w', sailed_on) AS d, COUNT(*) AS n FROM crossings WHERE sailed_on LIKE '2025%'
        GROUP BY d ORDER BY n DESC LIMIT 1"""), (columns, rows)


def test_a_year_kept_as_a_number_is_the_answer_alone(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A year column of its own is the group itself, as any column is: "which year had the most
    regattas" answers with the year, its count only ranking."""
    script = """CREATE TABLE regattas (regatta_id INTEGER PRIMARY KEY, season INTEGER NOT NULL, year INTEGER NOT NULL);
                INSERT INTO regattas VALUES (1, 1, 2023), (2, 2, 2024), (3, 1, 2024), (4, 2, 2025);"""
    with schema_database(tmp_path_factory, "regattas", script) as db:
        columns, rows = shown(db, "which year had the most regattas")
    assert rows == [(2024,)], (columns, rows)
