"""A period said of the rows a query counts, on a lending library built here: "only loans from this
year" after the patrons ranked by their loans dates the loans, not the patrons' own joining date; "only
patrons from this year" after the loans counted per patron dates the patrons."""

from __future__ import annotations

import pytest

from tests.helpers import answers_after, schema_database

LIBRARY = """
CREATE TABLE patrons (patron_id INTEGER PRIMARY KEY, patron_name TEXT, joined_on TEXT);
CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, patron_id INTEGER REFERENCES patrons (patron_id),
                    loaned_at TEXT, returned_at TEXT);
INSERT INTO patrons VALUES (1, 'Ann Lee', '2026-02-01'), (2, 'Bo Dahl', '2024-05-06'), (3, 'Cy Moss', '2025-09-09');
INSERT INTO loans VALUES (1, 1, '2025-03-01 09:00:00', '2025-03-02 21:00:00'),
    (2, 1, '2025-04-01 10:00:00', '2025-04-03 22:00:00'), (3, 1, '2025-05-01 08:00:00', NULL),
    (4, 2, '2026-01-05 12:00:00', '2026-01-06 00:00:00'), (5, 2, '2026-02-05 12:00:00', '2026-02-05 20:00:00'),
    (6, 3, '2026-03-01 07:00:00', '2026-03-04 19:00:00');
"""


@pytest.fixture(scope="module")
def library_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "library", LIBRARY) as db:
        yield db


def test_a_period_after_the_counted_rows_dates_them(library_db) -> None:
    answers_after(library_db, ["top 2 patrons by number of loans", "only loans from this year"],
                  "SELECT p.patron_name, COUNT(*) AS n FROM patrons p JOIN loans l ON l.patron_id = p.patron_id "
                  "WHERE l.loaned_at >= '2026-01-01' GROUP BY p.patron_id ORDER BY n DESC LIMIT 2")


def test_a_period_after_the_main_rows_still_dates_them(library_db) -> None:
    answers_after(library_db, ["number of loans per patron", "only patrons from this year"],
                  "SELECT p.patron_name, COUNT(*) FROM patrons p JOIN loans l ON l.patron_id = p.patron_id "
                  "WHERE p.joined_on >= '2026-01-01' GROUP BY p.patron_id")
