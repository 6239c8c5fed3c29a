"""A column of a row against the same column of the row its table's own key points to: "lifeguards
who earn more than their supervisor", "hired before their own manager", "a higher rate than their
skipper". The schemas are invented here; each answer is checked against rows computed in Python."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.helpers import schema_database

# (id, name, hourly pay, started on, head_guard_id)
GUARDS = [(1, "Ola Brink", 30.0, "2016-05-01", None), (2, "Pia Storm", 26.0, "2014-06-01", 1),
          (3, "Rik Dune", 33.0, "2019-04-15", 1), (4, "Siv Tide", 24.0, "2021-07-01", 3),
          (5, "Tor Wave", 35.0, "2018-03-01", 3)]
POOL = "\n".join([
    "CREATE TABLE lifeguard (guard_id INTEGER PRIMARY KEY, full_name TEXT, hourly_pay REAL, started_on DATE,",
    "                        head_guard_id INTEGER REFERENCES lifeguard (guard_id));",
    "CREATE TABLE pool (pool_id INTEGER PRIMARY KEY, pool_name TEXT, length_m REAL);",
    *(f"INSERT INTO lifeguard VALUES ({g}, '{n}', {p}, '{s}', {h if h is not None else 'NULL'});"
      for g, n, p, s, h in GUARDS),
    "INSERT INTO pool VALUES (1, 'Lido', 50.0), (2, 'Tarn', 25.0);",
])


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "pool", POOL) as db:
        yield db


def _names(db: Database, question: str) -> tuple[set[str], str]:
    draft = BuiltinEngine(today=TODAY).draft(question, db)
    result = db.execute(draft.sql, max_rows=None)
    column = result.columns.index("full_name")
    return {row[column] for row in result.rows}, draft.explanation


def _head(guard: tuple) -> tuple:
    return next(g for g in GUARDS if g[0] == guard[4])


def _above(field: int) -> set[str]:
    return {g[1] for g in GUARDS if g[4] is not None and g[field] > _head(g)[field]}


def _below(field: int) -> set[str]:
    return {g[1] for g in GUARDS if g[4] is not None and g[field] < _head(g)[field]}


@pytest.mark.parametrize(("question", "expected"), [
    ("which lifeguards earn more than their supervisor?", _above(2)),  # the money the table keeps
    ("lifeguards with a higher hourly pay than their manager", _above(2)),  # named inside the comparator
    ("lifeguards whose hourly pay is lower than their boss's", _below(2)),  # named before it
    ("lifeguards who started before their own manager", _below(3)),  # a date: earlier
    ("which lifeguards have a higher hourly pay than their head guard?", _above(2)),  # the key's own name
])
def test_each_row_against_the_row_its_key_points_to(pool: Database, question: str, expected: set[str]) -> None:
    names, explanation = _names(pool, question)
    assert names == expected and expected, (question, names)
    assert "their" in explanation, explanation  # the reading says whose value it compared with


def test_the_row_at_the_top_points_to_none_and_is_left_out(pool: Database) -> None:
    """The head of the chain has no one above: no comparison holds for that row, either way."""
    above, _ = _names(pool, "which lifeguards earn more than their supervisor?")
    below, _ = _names(pool, "which lifeguards earn less than their supervisor?")
    assert "Ola Brink" not in above | below and above | below == {g[1] for g in GUARDS if g[4] is not None}


def test_a_number_after_the_comparator_is_still_a_number(pool: Database) -> None:
    names, _ = _names(pool, "lifeguards with an hourly pay higher than 30")
    assert names == {g[1] for g in GUARDS if g[2] > 30}


KIOSKS = """
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, full_name TEXT, salary REAL,
                    boss_id INTEGER REFERENCES staff (staff_id));
CREATE TABLE kiosk (kiosk_id INTEGER PRIMARY KEY, kiosk_name TEXT, run_by INTEGER REFERENCES staff (staff_id));
CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY, kiosk_id INTEGER REFERENCES kiosk (kiosk_id), sold_on DATE);
CREATE TABLE ticket_line (line_id INTEGER PRIMARY KEY, ticket_id INTEGER REFERENCES ticket (ticket_id),
                          unit_price REAL, quantity INTEGER);
INSERT INTO staff VALUES (1, 'Una Hale', 52000, NULL), (2, 'Vic Ives', 54000, 1), (3, 'Wyn Jory', 41000, 1);
INSERT INTO kiosk VALUES (1, 'Pier', 2), (2, 'Park', 3);
INSERT INTO ticket VALUES (1, 1, '2025-05-01'), (2, 2, '2025-05-02');
INSERT INTO ticket_line VALUES (1, 1, 4.0, 3), (2, 2, 6.0, 1);
"""


def test_earn_against_the_manager_is_pay_even_where_earn_names_revenue(tmp_path_factory) -> None:
    """Staff reach sale lines through the kiosks they run, so "earn" may name the money taken; said
    against their boss's, it is their own salary compared."""
    with schema_database(tmp_path_factory, "kiosks", KIOSKS) as db:
        draft = BuiltinEngine(today=TODAY).draft("which staff earn more than their boss?", db)
        result = db.execute(draft.sql, max_rows=None)
        assert [row[result.columns.index("full_name")] for row in result.rows] == ["Vic Ives"], draft.sql
