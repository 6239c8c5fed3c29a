"""The oracle the reading tests share (tests/helpers.py ``same_answer``) is as strict as a row: a
result with two groups' totals swapped holds each column's values and is still a wrong answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import built_sqlite, opened, same_answer

SALES = """
    CREATE TABLE sales (region TEXT, total REAL, orders INTEGER);
    INSERT INTO sales VALUES ('north', 10.0, 2), ('south', 25.5, 3), ('west', 7.25, 1);
"""
GOLD = [("north", 10.0, 2), ("south", 25.5, 3), ("west", 7.25, 1)]


@pytest.fixture
def db(tmp_path: Path):
    with opened(built_sqlite(tmp_path, "sales", SALES)) as database:
        yield database


def _result(db, sql: str):
    return db.execute(sql, max_rows=None)


def test_the_same_rows_in_any_order_and_column_order_are_the_same_answer(db) -> None:
    result = _result(db, "SELECT orders, region, total FROM sales ORDER BY total DESC")
    assert same_answer(result, GOLD)
    assert same_answer(result, [(r, t) for r, t, _ in GOLD])  # extra result columns are allowed
    assert not same_answer(result, GOLD, ordered=True)  # but asked for in order, the order counts


def test_two_groups_totals_swapped_are_a_different_answer(db) -> None:
    swapped = _result(db, "SELECT region, CASE region WHEN 'north' THEN 25.5 WHEN 'south' THEN 10.0 "
                          "ELSE total END AS total, orders FROM sales")
    assert not same_answer(swapped, GOLD)  # every column holds the gold's values, no row does
    assert not same_answer(swapped, [(r, t) for r, t, _ in GOLD])


def test_a_missing_or_extra_row_and_a_value_off_past_rounding_are_different(db) -> None:
    assert not same_answer(_result(db, "SELECT region, total, orders FROM sales WHERE orders > 1"), GOLD)
    assert not same_answer(_result(db, "SELECT region, total, orders FROM sales"), [*GOLD, GOLD[0]])
    assert same_answer(_result(db, "SELECT region, total + 0.001, orders FROM sales"), GOLD)  # 2 decimals
    assert not same_answer(_result(db, "SELECT region, total + 0.01, orders FROM sales"), GOLD)


def test_one_result_column_cannot_stand_for_two_gold_columns(db) -> None:
    result = _result(db, "SELECT orders FROM sales")
    assert same_answer(result, [(2,), (3,), (1,)])
    assert not same_answer(result, [(2, 2), (3, 3), (1, 1)])
