"""Follow-ups that replace what they restate: a period said again moves the period the query keeps
(the sales' dates, not the shops' own), and "only count <rows>" keeps rows instead of counting them.
A verb and its particle name the column English writes as one word ("signed up", signup_date).
On a bakery chain built here, which no question was tuned on."""

from __future__ import annotations

import pytest

from nl2sql.dialog import AWAITING_CONFIRMATION, IDLE
from nl2sql.workflows import SessionOptions, open_session
from tests.conftest import TODAY
from tests.helpers import answers, answers_after, built_sqlite, read, schema_database

SCHEMA = """
CREATE TABLE bakery (bakery_id INTEGER PRIMARY KEY, name TEXT, town TEXT, opened_on DATE);
CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, bakery_id INTEGER REFERENCES bakery(bakery_id),
                   sold_at DATE NOT NULL, amount REAL, status TEXT);
CREATE TABLE patron (patron_id INTEGER PRIMARY KEY, full_name TEXT, signup_date DATE,
                     pickup_bakery_id INTEGER REFERENCES bakery(bakery_id));
INSERT INTO bakery VALUES (1, 'Crumb', 'Leeds', '2019-03-01'), (2, 'Loaf', 'York', '2024-05-01'),
                          (3, 'Knead', 'Leeds', '2024-09-01');
INSERT INTO sale VALUES (1, 1, '2024-02-03', 10, 'paid'), (2, 1, '2025-02-03', 20, 'paid'),
                        (3, 2, '2024-06-10', 5, 'refunded'), (4, 2, '2025-07-01', 40, 'paid'),
                        (5, 3, '2024-10-10', 8, 'paid'), (6, 3, '2025-03-03', 3, 'refunded'),
                        (7, 1, '2025-04-04', 6, 'refunded');
INSERT INTO patron VALUES (1, 'Ada Moss', '2026-05-03', 1), (2, 'Bo Lind', '2026-05-20', 2),
                          (3, 'Cy Hart', '2026-04-30', 1), (4, 'Di Ruiz', '2025-05-10', 3);
"""


@pytest.fixture(scope="module")
def bakery_db(tmp_path_factory: pytest.TempPathFactory):
    with schema_database(tmp_path_factory, "bakery", SCHEMA) as db:
        yield db


def test_a_period_said_again_moves_the_period_the_query_keeps(bakery_db) -> None:
    """Takings per bakery in 2025, then 2024: the sales of 2024, every bakery (not the bakeries that
    opened in 2024 with their sales of 2025)."""
    answers_after(bakery_db, ["total amount of sales per bakery in 2025", "what about 2024?"],
                  "SELECT bakery.name, SUM(sale.amount) FROM sale JOIN bakery ON sale.bakery_id = bakery.bakery_id "
                  "WHERE sale.sold_at >= '2024-01-01' AND sale.sold_at < '2025-01-01' GROUP BY bakery.bakery_id")


@pytest.mark.parametrize(("first", "kept"), [
    ("top 2 bakeries by total sales amount", " AND sale.status <> 'refunded'"),  # sales: the refunded left out
    ("total amount of sales per bakery", ""),  # the amount column named: every row's
])
def test_a_first_period_in_a_follow_up_dates_the_rows_measured(bakery_db, first: str, kept: str) -> None:
    """Takings per bakery, then "only 2025": the sales of 2025, not the bakeries opened in 2025."""
    gold = ("SELECT bakery.name, SUM(sale.amount) AS total FROM sale JOIN bakery ON sale.bakery_id = bakery.bakery_id "
            f"WHERE sale.sold_at >= '2025-01-01' AND sale.sold_at < '2026-01-01'{kept} GROUP BY bakery.bakery_id")
    answers_after(bakery_db, [first, "only from 2025"],
                  gold + (" ORDER BY total DESC LIMIT 2" if first.startswith("top") else ""))


def test_a_follow_up_naming_its_own_date_still_adds_a_condition(bakery_db) -> None:
    answers_after(bakery_db, ["total amount of sales per bakery in 2025", "only bakeries opened in 2024"],
                  "SELECT bakery.name, SUM(sale.amount) FROM sale JOIN bakery ON sale.bakery_id = bakery.bakery_id "
                  "WHERE sale.sold_at >= '2025-01-01' AND sale.sold_at < '2026-01-01' "
                  "AND bakery.opened_on >= '2024-01-01' AND bakery.opened_on < '2025-01-01' GROUP BY bakery.bakery_id")


@pytest.mark.parametrize(("line", "condition"), [
    ("only count the refunded ones", "sale.status = 'refunded'"),
    ("don't count the refunded ones", "sale.status <> 'refunded'"),
])
def test_only_count_keeps_rows_and_the_groups(bakery_db, line: str, condition: str) -> None:
    answers_after(bakery_db, ["total amount of sales per bakery", line],
                  "SELECT bakery.name, SUM(sale.amount) FROM sale JOIN bakery ON sale.bakery_id = bakery.bakery_id "
                  f"WHERE {condition} GROUP BY bakery.bakery_id")


def test_a_period_of_other_rows_is_not_read_as_the_kept_one(bakery_db) -> None:
    """ "what about those who bought in 2025?" after patrons who signed up in 2024: the patrons have no
    purchases to date, so the verb is not read and the reading is confirmed, not run as a sign-up year."""
    session = open_session(str(bakery_db.path), SessionOptions(today=TODAY, confirm_below=0.0))
    session.process_turn("patrons who signed up in 2025")
    result = session.process_turn("what about those with sales in 2024?")
    assert result.unused or result.query is None or "signup_date >= '2024" not in result.query, result.query


def test_only_count_in_a_new_question_still_counts(bakery_db) -> None:
    answers(bakery_db, "only count the sales over 10", "SELECT COUNT(*) FROM sale WHERE amount > 10")


@pytest.mark.parametrize(("bound", "gold"), [
    ("amount under 10", "SELECT * FROM sale WHERE amount < 10"),  # no row is both: said instead
    ("amount under 35", "SELECT * FROM sale WHERE amount > 15 AND amount < 35"),  # a range: kept beside it
])
def test_a_bound_no_row_meets_with_the_old_one_replaces_it(bakery_db, bound: str, gold: str) -> None:
    answers_after(bakery_db, ["sales with an amount over 15", bound], gold)


def test_count_them_still_counts(bakery_db) -> None:
    answers_after(bakery_db, ["sales in 2025", "count them"],
                  "SELECT COUNT(*) FROM sale WHERE sold_at >= '2025-01-01' AND sold_at < '2026-01-01'")


def test_a_narrowing_follow_up_of_a_confirmed_query_replaces_its_period_unasked(tmp_path) -> None:
    """Confirmed, then said again for another year: read word for word, the same condition with other
    values, it runs without asking twice."""
    path = built_sqlite(tmp_path, "bakery", SCHEMA)
    session = open_session(str(path), SessionOptions(today=TODAY, confirm_below=0.99))
    assert session.process_turn("total amount of sales per bakery in 2025").mode == AWAITING_CONFIRMATION
    session.process_turn("y")
    result = session.process_turn("what about 2024?")
    assert result.mode == IDLE and result.clarification is None, result.query
    assert "sale.sold_at >= '2024-01-01'" in result.query and "opened_on" not in result.query
    assert "sold_at >= '2025-01-01'" not in result.query


@pytest.mark.parametrize(("question", "gold"), [
    ("how many patrons signed up last month", "SELECT COUNT(*) FROM patron WHERE signup_date >= '2026-05-01' "
                                              "AND signup_date < '2026-06-01'"),
    ("patrons who signed up in 2025", "SELECT * FROM patron WHERE signup_date >= '2025-01-01' "
                                      "AND signup_date < '2026-01-01'"),
])
def test_a_verb_and_its_particle_name_the_one_word_column(bakery_db, question: str, gold: str) -> None:
    answers(bakery_db, question, gold, named=True)
    draft, _rows = read(bakery_db, question)
    assert draft.unused == ()


@pytest.mark.parametrize("turns", [
    ["total amount of sales per town", "don't count the ones from Crumb"],
    ["total amount of sales per town, not including the ones from Crumb"],
])
def test_rows_not_counted_by_a_value_far_from_the_negation_are_left_out(bakery_db, turns: list[str]) -> None:
    """The negation is on "count", five words before the bakery's name: still those sales left out."""
    answers_after(bakery_db, turns,
                  "SELECT bakery.town, SUM(sale.amount) FROM sale JOIN bakery ON sale.bakery_id = bakery.bakery_id "
                  "WHERE bakery.name <> 'Crumb' GROUP BY bakery.town")
