"""A plural that names only pieces of the main rows' column names, said for the rows themselves
("which month do we get the most leases" of tenancies keeping a lease_start), counts them per period;
the noun of a state's verb ("cancellations") names the state before a piece of a column's name
(a cancel_note)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, same_answer, schema_database

LETTINGS = """
    CREATE TABLE tenants (tenant_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL);
    CREATE TABLE tenancies (tenancy_id INTEGER PRIMARY KEY, tenant_id INTEGER REFERENCES tenants (tenant_id),
                            lease_start TEXT NOT NULL, rent REAL NOT NULL, state TEXT NOT NULL, cancel_note TEXT);
    INSERT INTO tenants VALUES (1, 'Ana Ruiz'), (2, 'Ben Cole'), (3, 'Cy Holt');
    INSERT INTO tenancies VALUES (1, 1, '2025-03-01', 900, 'Active', NULL), (2, 2, '2025-03-15', 950, 'Ended', NULL),
        (3, 3, '2025-04-01', 800, 'Cancelled', 'moved away'), (4, 1, '2025-09-01', 920, 'Cancelled', 'job move'),
        (5, 2, '2025-03-20', 990, 'Active', NULL);
"""  # a letting agent's tenancies


@pytest.fixture(scope="module")
def lettings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "lettings", LETTINGS) as db:
        yield db


def test_a_plural_of_column_pieces_counts_the_rows_per_period(lettings: Database) -> None:
    draft = drafted(lettings, "which month do we get the most leases")
    assert same_answer(lettings.execute(draft.sql), [("2025-03",)]), draft.sql


def test_the_noun_of_a_state_names_it_before_a_piece_of_a_name(lettings: Database) -> None:
    draft = drafted(lettings, "how many cancellations did we have in 2025")
    assert lettings.execute(draft.sql).rows == ((2,),), draft.sql
