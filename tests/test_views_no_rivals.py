"""A view's copy of a column ("customer" of a booking view) is no rival to the stored table a word
names: "how many customers have more than one booking" still counts the customers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import reads_whole, schema_database

LAUNDRY = """
    CREATE TABLE customers (cust_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL);
    CREATE TABLE bookings (booking_id INTEGER PRIMARY KEY, cust_id INTEGER REFERENCES customers (cust_id),
                           picked_up_on TEXT NOT NULL, bags INTEGER NOT NULL);
    CREATE VIEW v_booking_detail AS SELECT b.booking_id, c.first_name || ' ' || c.last_name AS customer,
                                           b.picked_up_on FROM bookings b JOIN customers c ON c.cust_id = b.cust_id;
    INSERT INTO customers VALUES (1, 'Rae', 'Moss'), (2, 'Ivo', 'Tate'), (3, 'Una', 'Bell');
    INSERT INTO bookings VALUES (1, 1, '2026-03-01', 2), (2, 1, '2026-03-08', 1), (3, 2, '2026-03-02', 3),
                                (4, 3, '2026-03-03', 1), (5, 3, '2026-03-10', 2), (6, 3, '2026-03-17', 1);
"""  # a laundry collection round


@pytest.fixture(scope="module")
def laundry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "laundry", LAUNDRY) as db:
        yield db


def test_a_view_column_does_not_unname_the_table(laundry: Database) -> None:
    reads_whole(laundry, "how many customers have more than one booking", "SELECT 2")
