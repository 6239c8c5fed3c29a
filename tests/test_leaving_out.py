"""Words that leave rows out deny what follows as "not" does: "ignore", "disregard" and "leave out"
before a state kept as an empty-or-set date ("cancelled" of a cancelled_at) keep the rows without
it, never only those with it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import answers, schema_database

NURSERY = """
    CREATE TABLE plants (id INTEGER PRIMARY KEY, common_name TEXT NOT NULL, price REAL);
    CREATE TABLE sales (id INTEGER PRIMARY KEY, sold_on TEXT, cancelled_at TEXT);
    CREATE TABLE sale_lines (id INTEGER PRIMARY KEY, sale_id INTEGER REFERENCES sales (id),
                             plant_id INTEGER REFERENCES plants (id), qty INTEGER, unit_price REAL);
    INSERT INTO plants VALUES (1, 'fern', 8.0), (2, 'olive tree', 60.0), (3, 'lavender', 5.0);
    INSERT INTO sales VALUES (1, '2026-03-01', NULL), (2, '2026-03-04', '2026-03-05'), (3, '2026-04-10', NULL),
                             (4, '2026-05-02', '2026-05-02');
    INSERT INTO sale_lines VALUES (1, 1, 1, 3, 8.0), (2, 2, 2, 2, 60.0), (3, 3, 3, 10, 5.0), (4, 4, 2, 1, 60.0),
                                  (5, 3, 1, 1, 8.0);
"""  # a plant nursery: sales that may be cancelled, and their lines


@pytest.fixture(scope="module")
def nursery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "nursery", NURSERY) as db:
        yield db


@pytest.mark.parametrize("question", ["sales, leaving out the cancelled ones", "sales, leave out cancelled ones",
                                      "sales ignoring the cancelled ones", "sales, disregarding cancelled ones"])
def test_leaving_out_a_state_keeps_the_rows_without_it(nursery: Database, question: str) -> None:
    answers(nursery, question, "SELECT * FROM sales WHERE cancelled_at IS NULL")


def test_ignoring_a_state_keeps_a_ranking_to_the_rows_without_it(nursery: Database) -> None:
    answers(nursery, "top 2 plants by revenue? Ignore cancelled sales.",
            "SELECT p.common_name, SUM(l.qty * l.unit_price) AS revenue FROM sale_lines l "
            "JOIN plants p ON p.id = l.plant_id JOIN sales s ON s.id = l.sale_id WHERE s.cancelled_at IS NULL "
            "GROUP BY p.id ORDER BY revenue DESC LIMIT 2", ordered=True)
