"""Readings of databases brought as they are, on an invented herbal dispensary and others: "the most
dispensed remedies" ranks by the act whose date is ``dispensed_on`` (how many dispensings), not by a
column; "<rows> with the <column>" shows the column beside the rows that have a name; "no <column>"
beside another table's value; "the N <values> with the highest <measure>" keeps N groups."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import schema_database

REMEDIES = [(1, "Chamomile", 4.0), (2, "Valerian", 7.5), (3, "Echinacea", 6.0), (4, "Arnica", 9.0)]
CLIENTS = [(1, "Oona Pike"), (2, "Per Holm"), (3, "Rhea Stone")]
# (id, client, remedy, dispensed on)
DISPENSINGS = [(1, 1, 1, "2025-03-01"), (2, 2, 1, "2025-03-02"), (3, 3, 2, "2025-03-04"), (4, 1, 1, "2025-03-09"),
               (5, 2, 3, "2025-04-01"), (6, 3, 3, "2025-04-02"), (7, 1, 1, "2025-04-05")]
# (id, client, paid on, amount)
PAYMENTS = [(1, 1, "2025-03-02", 20.0), (2, 2, "2025-03-03", 55.0), (3, 3, "2025-03-05", 12.0),
            (4, 1, "2025-04-06", 15.0)]
DISPENSARY = "\n".join([
    "CREATE TABLE remedies (remedy_id INTEGER PRIMARY KEY, remedy_name TEXT, price REAL);",
    "CREATE TABLE clients (client_id INTEGER PRIMARY KEY, full_name TEXT);",
    "CREATE TABLE dispensings (dispensing_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),",
    "                          remedy_id INTEGER REFERENCES remedies (remedy_id), dispensed_on DATE);",
    "CREATE TABLE payments (payment_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients (client_id),",
    "                       paid_on DATE, amount REAL);",
    *(f"INSERT INTO remedies VALUES ({r}, '{n}', {p});" for r, n, p in REMEDIES),
    *(f"INSERT INTO clients VALUES ({c}, '{n}');" for c, n in CLIENTS),
    *(f"INSERT INTO dispensings VALUES ({d}, {c}, {r}, '{on}');" for d, c, r, on in DISPENSINGS),
    *(f"INSERT INTO payments VALUES ({p}, {c}, '{on}', {a});" for p, c, on, a in PAYMENTS),
])


@pytest.fixture(scope="module")
def dispensary(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "dispensary", DISPENSARY) as db:
        yield db


def _read(db: Database, question: str) -> tuple[list[tuple], list[str], str]:
    draft = BuiltinEngine(today=TODAY).draft(question, db)
    result = db.execute(draft.sql, max_rows=None)
    assert not draft.unused, (question, draft.sql, draft.unused)
    return list(result.rows), list(result.columns), draft.sql


def test_the_most_done_act_counts_the_rows_its_date_is_kept_on(dispensary: Database) -> None:
    rows, _, sql = _read(dispensary, "the 2 most dispensed remedies")
    names = {r: n for r, n, _p in REMEDIES}
    counted = Counter(r for _d, _c, r, _on in DISPENSINGS)
    assert [row[0] for row in rows] == [names[r] for r, _n in counted.most_common(2)], sql


def test_with_the_column_shows_it_beside_the_rows(dispensary: Database) -> None:
    rows, columns, sql = _read(dispensary, "list the remedies with the price")
    assert "price" in columns and sorted(row[columns.index("price")] for row in rows) == sorted(
        p for _r, _n, p in REMEDIES), sql
    ranked, _, sql = _read(dispensary, "list the remedies with the highest price")  # a ranking, not a column
    assert "ORDER BY" in sql and ranked[0][0] == 4, sql


GYM = """
CREATE TABLE members (member_id INTEGER PRIMARY KEY, full_name TEXT, locker_code TEXT);
CREATE TABLE charges (charge_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members (member_id),
                      kind TEXT, amount REAL);
INSERT INTO members VALUES (1, 'Ana Bly', 'L12'), (2, 'Ben Cox', NULL), (3, 'Cat Dunn', NULL), (4, 'Dev Eng', 'L40');
INSERT INTO charges VALUES (1, 1, 'locker', 5.0), (2, 1, 'towel', 2.0), (3, 4, 'locker', 5.0), (4, 2, 'towel', 2.0);
"""


def test_no_column_of_the_rows_beside_a_value_of_another_table(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "members with no locker": the members' own locker column is empty; that "locker" is also a
    kind of charge, stored in another table, does not take the word from it."""
    with schema_database(tmp_path_factory, "gym", GYM) as gym:
        rows, _, sql = _read(gym, "How many members have no locker?")
        assert rows == [(2,)] and "IS NULL" in sql, sql


SHOPS = """
CREATE TABLE shops (shop_id INTEGER PRIMARY KEY, shop_name TEXT, region TEXT);
CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shops (shop_id), sold_on DATE,
                    amount REAL);
INSERT INTO shops VALUES (1, 'Quay', 'Coast'), (2, 'Mill', 'Valley'), (3, 'Fell', 'Upland'), (4, 'Dock', 'Coast'),
    (5, 'Weir', 'Valley');
INSERT INTO sales VALUES (1, 1, '2025-01-02', 40.0), (2, 2, '2025-01-03', 90.0), (3, 3, '2025-01-04', 20.0),
    (4, 4, '2025-01-05', 35.0), (5, 5, '2025-01-06', 10.0), (6, 3, '2025-01-07', 15.0);
"""


def test_the_n_values_of_a_column_ranked_as_groups(tmp_path_factory: pytest.TempPathFactory) -> None:
    """ "the 2 regions with the highest revenue": the regions are groups of shops, ranked by what
    their sales add up to, and 2 is how many to keep (not a region's key)."""
    with schema_database(tmp_path_factory, "shops", SHOPS) as shops:
        rows, _, sql = _read(shops, "What are the 2 regions with the highest revenue?")
        assert [row[0] for row in rows] == ["Valley", "Coast"], sql  # 100 and 75; the uplands took 35


def test_with_the_column_of_rows_without_a_name_keeps_the_rows(dispensary: Database) -> None:
    """Payments have no name to show beside an amount: listing the amount alone would say which
    payment it is of to no one, so the rows are listed whole."""
    draft = BuiltinEngine(today=TODAY).draft("list the payments with the amount", dispensary)
    columns = list(dispensary.execute(draft.sql, max_rows=None).columns)
    assert "payment_id" in columns and "amount" in columns, draft.sql
