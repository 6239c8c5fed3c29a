"""Lines of a sale that refers to nothing (no customer kept) are dated by that sale: "revenue in 2025"
sums the lines whose sale is dated in 2025. A table named as a catalogue of something
(``cakeCatalog``) holds those things: "the grade A cakes" are its rows. The schema is invented here;
each answer is checked against values computed in Python."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import schema_database, shown

CAKES = [(1, "Lemon drizzle", "A"), (2, "Carrot", "B"), (3, "Battenberg", "A")]
SALES = [(1, "2024-11-02"), (2, "2025-01-15"), (3, "2025-03-09"), (4, "2026-02-01")]
# (line id, sale, cake, quantity, unit price)
LINES = [(1, 1, 1, 2, 3.5), (2, 2, 2, 1, 4.0), (3, 2, 3, 3, 2.5), (4, 3, 1, 1, 3.5), (5, 4, 2, 2, 4.0)]
BAKERY = "\n".join([
    "CREATE TABLE cakeCatalog (cakeId INTEGER PRIMARY KEY, cakeName TEXT, grade CHAR(1));",
    "CREATE TABLE till_sales (sale_no INTEGER PRIMARY KEY, sold_on DATE NOT NULL);",
    "CREATE TABLE till_lines (line_id INTEGER PRIMARY KEY, sale_no INTEGER REFERENCES till_sales (sale_no),",
    "                         cakeId INTEGER REFERENCES cakeCatalog (cakeId), qty INTEGER, unit_price NUMERIC);",
    *(f"INSERT INTO cakeCatalog VALUES ({c}, '{n}', '{g}');" for c, n, g in CAKES),
    *(f"INSERT INTO till_sales VALUES ({s}, '{d}');" for s, d in SALES),
    *(f"INSERT INTO till_lines VALUES ({i}, {s}, {c}, {q}, {p});" for i, s, c, q, p in LINES),
])


@pytest.fixture(scope="module")
def bakery(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "bakery", BAKERY) as db:
        yield db


def _revenue(year: str) -> float:
    dated = {s for s, day in SALES if day.startswith(year)}
    return sum(q * p for _, s, _, q, p in LINES if s in dated)


@pytest.mark.parametrize("year", ["2024", "2025"])
def test_revenue_in_a_year_is_dated_by_the_sale(bakery: Database, year: str) -> None:
    _, rows = shown(bakery, f"what was our revenue in {year}?")
    assert rows == [(pytest.approx(_revenue(year)),)]


def test_a_catalogue_holds_the_things_it_lists(bakery: Database) -> None:
    columns, rows = shown(bakery, "list the grade A cakes")
    names = {row[columns.index("cakeName")] for row in rows}
    assert names == {n for _, n, g in CAKES if g == "A"}
