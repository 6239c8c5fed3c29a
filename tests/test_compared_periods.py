"""Two or more whole periods of one date column in one line ("fees in 2024 and in 2025", "compare
lessons in May 2025 with June 2025"): no row is dated in both, so they are never ANDed. A measure is
given once per period; a listing keeps the rows of any of them; "in 2024 or 2025" stays one total.
The schema is invented here; each answer is checked against values computed in Python."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import read, schema_database

# (lesson id, rider, taken on, fee)
LESSONS = [(1, "Ada", "2024-03-02", 40.0), (2, "Bo", "2024-11-20", 55.0), (3, "Ada", "2025-01-09", 40.0),
           (4, "Cy", "2025-05-14", 60.0), (5, "Bo", "2025-05-30", 55.0), (6, "Ada", "2025-06-02", 45.0),
           (7, "Cy", "2025-08-19", 60.0), (8, "Di", "2023-12-31", 35.0), (9, "Di", "2026-01-02", 35.0)]
STABLE = "\n".join([
    "CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, rider TEXT, taken_on DATE, fee REAL);",
    *(f"INSERT INTO lesson VALUES ({i}, '{r}', '{d}', {f});" for i, r, d, f in LESSONS),
])


@pytest.fixture(scope="module")
def stable(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "stable", STABLE) as db:
        yield db


def _answer(db: Database, question: str) -> tuple[list[str], list[tuple], str]:
    draft, result = read(db, question)
    return result.columns, [tuple(row) for row in result.rows], draft.explanation


def _per(prefix: tuple[str, ...], measure: str) -> dict[str, float]:
    """The fee total (or lesson count) per period, for the lessons whose date starts with a prefix."""
    out: Counter[str] = Counter()
    for _, _, day, fee in LESSONS:
        for p in prefix:
            if day.startswith(p):
                out[p] += fee if measure == "sum" else 1
    return dict(out)


@pytest.mark.parametrize(("question", "periods", "measure"), [
    ("total fees in 2024 and in 2025", ("2024", "2025"), "sum"),
    ("compare the total fee of lessons in 2024 with 2025", ("2024", "2025"), "sum"),
    ("how many lessons in 2024 versus 2025", ("2024", "2025"), "count"),
    ("number of lessons in May and June 2025", ("2025-05", "2025-06"), "count"),  # the year said once
    ("did we give more lessons in 2024 or in 2025?", ("2024", "2025"), "count"),
    ("compare lessons in May 2025 with June 2025", ("2025-05", "2025-06"), "count"),  # rows compared: counted
    ("compare fees in 2024 with 2025", ("2024", "2025"), "sum"),  # an amount compared: summed
    ("did we charge more fees in 2024 or 2025?", ("2024", "2025"), "sum"),
])
def test_a_measure_is_given_once_per_period(stable: Database, question: str, periods: tuple[str, ...],
                                            measure: str) -> None:
    _columns, rows, explanation = _answer(stable, question)
    got = {str(period): value for period, value in rows}
    assert got == pytest.approx(_per(periods, measure)), (question, rows)
    assert " or " in explanation and "per " in explanation


@pytest.mark.parametrize(("question", "prefixes"), [
    ("list the lessons in 2023 and in 2025", ("2023", "2025")),
    ("lessons taken in May and in August 2025", ("2025-05", "2025-08")),
    ("show lessons from January, May or June 2025", ("2025-01", "2025-05", "2025-06")),
])
def test_a_listing_keeps_the_rows_of_any_period(stable: Database, question: str, prefixes: tuple[str, ...]) -> None:
    columns, rows, _ = _answer(stable, question)
    ids = {row[columns.index("lesson_id")] for row in rows}
    assert ids == {i for i, _, day, _ in LESSONS if day.startswith(prefixes)}


def test_periods_joined_by_or_stay_one_total(stable: Database) -> None:
    _, rows, _ = _answer(stable, "how many lessons in 2024 or 2025?")
    assert rows == [(sum(1 for _, _, day, _ in LESSONS if day[:4] in ("2024", "2025")),)]


def test_overlapping_periods_keep_both_conditions(stable: Database) -> None:
    """A month inside a year said beside it is no second period: both conditions hold together."""
    _, rows, _ = _answer(stable, "how many lessons in 2025 in May?")
    assert rows == [(sum(1 for _, _, day, _ in LESSONS if day.startswith("2025-05")),)]


@pytest.mark.parametrize(("question", "prefixes", "measure"), [
    ("how many lessons did we give in May, June and July 2025?", ("2025-05", "2025-06", "2025-07"), "count"),
    ("total fees for May, June, July and August 2025", ("2025-05", "2025-06", "2025-07", "2025-08"), "sum"),
])
def test_a_stretch_of_periods_in_a_row_is_one_total(stable: Database, question: str, prefixes: tuple[str, ...],
                                                    measure: str) -> None:
    """Three or more periods in a row name one span of time ("the summer"): one total over it."""
    _, rows, _ = _answer(stable, question)
    assert rows == [(pytest.approx(sum(_per(prefixes, measure).values())),)], (question, rows)


def test_a_stretch_compared_or_split_is_still_given_per_period(stable: Database) -> None:
    _, rows, _ = _answer(stable, "compare lessons in May, June and July 2025")
    assert {str(period): value for period, value in rows} == _per(("2025-05", "2025-06", "2025-07"), "count")
    _, rows, _ = _answer(stable, "lessons in May, June and July 2025 per month")
    assert {str(period): value for period, value in rows} == _per(("2025-05", "2025-06", "2025-07"), "count")
    _, rows, _ = _answer(stable, "total fees in each of May, June and July 2025")
    assert {str(period): value for period, value in rows} == _per(("2025-05", "2025-06", "2025-07"), "sum")
    _, rows, _ = _answer(stable, "how many lessons in 2023, 2024 and 2025")  # years said one by one: compared
    assert {str(period): value for period, value in rows} == _per(("2023", "2024", "2025"), "count")
