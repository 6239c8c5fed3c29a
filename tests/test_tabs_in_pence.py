"""A bowling alley's bar, invented here: tabs of lines priced per unit in pence (``unit_p``, with a
discount in pence), beside lanes hired at a fee per game (``fee_p`` x ``qty``) and a view that
repeats the lines. What was taken is the bar's lines ("kitchen takings": of the menu's kitchen
section); "lane hire income" is the hire's own fee x qty; an average of the lines' discount is
dated by their tabs, not by when a member joined."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import all_rows, built_sqlite, opened, read, same_answer, schema_database

ALLEY = """
    CREATE TABLE members (member_id INTEGER PRIMARY KEY, member_nm TEXT NOT NULL, joined_on TEXT);
    CREATE TABLE tabs (tab_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES members, opened_on TEXT);
    CREATE TABLE menu (item_id INTEGER PRIMARY KEY, item_nm TEXT NOT NULL, section TEXT NOT NULL);
    CREATE TABLE tab_lines (line_id INTEGER PRIMARY KEY, tab_id INTEGER REFERENCES tabs,
                            item_id INTEGER REFERENCES menu, qty INTEGER, unit_p INTEGER, disc_p INTEGER DEFAULT 0);
    CREATE TABLE lanes (lane_id INTEGER PRIMARY KEY, lane_nm TEXT);
    CREATE TABLE lane_hire (hire_id INTEGER PRIMARY KEY, lane_id INTEGER REFERENCES lanes,
                            member_id INTEGER REFERENCES members, hired_on TEXT, qty INTEGER, fee_p INTEGER);
    CREATE VIEW v_lines AS SELECT l.*, t.opened_on FROM tab_lines l JOIN tabs t ON t.tab_id = l.tab_id;
    INSERT INTO members VALUES (1, 'Rae', '2026-03-01'), (2, 'Sol', '2024-02-02');
    INSERT INTO tabs VALUES (1, 1, '2026-05-03'), (2, 2, '2026-05-20'), (3, 2, '2025-11-11');
    INSERT INTO menu VALUES (1, 'Cola', 'Bar'), (2, 'Chips', 'Kitchen'), (3, 'Ale', 'Bar');
    INSERT INTO tab_lines VALUES (1, 1, 1, 2, 250, 0), (2, 1, 2, 1, 300, 50), (3, 2, 3, 3, 450, 100),
        (4, 3, 3, 2, 450, 0);
    INSERT INTO lanes VALUES (1, 'Lane 1'), (2, 'Lane 2');
    INSERT INTO lane_hire VALUES (1, 1, 1, '2026-05-03', 2, 600), (2, 2, 2, '2026-05-20', 3, 600),
        (3, 1, 2, '2026-04-04', 1, 600);
"""  # today is 2026-06-15


@pytest.fixture(scope="module")
def alley(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "alley", ALLEY) as db:
        yield db


def test_takings_are_the_lines_priced_per_unit_in_pence(alley: Database) -> None:
    draft, result = read(alley, "how much did we take last month")
    gold = """SELECT SUM(qty * unit_p - disc_p) / 100.0 FROM tab_lines l JOIN tabs t ON t.tab_id = l.tab_id
              WHERE t.opened_on >= '2026-05-01' AND t.opened_on < '2026-06-01'"""
    assert same_answer(result, all_rows(alley, gold)), draft.sql


def test_income_said_of_other_rows_read_as_money_is_theirs(alley: Database) -> None:
    draft, result = read(alley, "lane hire income last month")
    gold = "SELECT SUM(fee_p * qty) / 100.0 FROM lane_hire WHERE hired_on >= '2026-05-01' AND hired_on < '2026-06-01'"
    assert same_answer(result, all_rows(alley, gold)), draft.sql


def test_an_average_of_lines_a_view_repeats_is_dated_by_their_tabs(alley: Database) -> None:
    draft, result = read(alley, "what's the average discount we've given members this year")
    gold = """SELECT AVG(disc_p) / 100.0 FROM tab_lines l JOIN tabs t ON t.tab_id = l.tab_id
              WHERE t.opened_on >= '2026-01-01'"""
    assert same_answer(result, all_rows(alley, gold)), draft.sql


def test_a_value_said_before_the_money_keeps_the_money_to_it(alley: Database) -> None:
    draft, result = read(alley, "kitchen takings last month")
    gold = """SELECT SUM(qty * unit_p - disc_p) / 100.0 FROM tab_lines l JOIN tabs t ON t.tab_id = l.tab_id
              JOIN menu m ON m.item_id = l.item_id
              WHERE m.section = 'Kitchen' AND t.opened_on >= '2026-05-01' AND t.opened_on < '2026-06-01'"""
    assert same_answer(result, all_rows(alley, gold)), draft.sql


def test_a_unit_price_kept_with_decimals_is_pounds(tmp_path) -> None:
    script = """
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_on TEXT);
    CREATE TABLE sale_lines (line_id INTEGER PRIMARY KEY, sale_id INTEGER REFERENCES sales, item TEXT,
                             qty INTEGER, unit_p REAL);
    INSERT INTO sales VALUES (1, '2026-05-01'), (2, '2026-05-02');
    INSERT INTO sale_lines VALUES (1, 1, 'Latte', 2, 2.80), (2, 2, 'Scone', 1, 3.20);
    """
    with opened(built_sqlite(tmp_path, "cafe", script)) as db:
        draft, result = read(db, "how much did we take last month")
        assert same_answer(result, all_rows(db, "SELECT SUM(qty * unit_p) FROM sale_lines")), draft.sql
