"""Ask less when the reading is complete: a follow-up that only adds a condition, an order or a limit,
or says a condition's value again, read word for word, is not confirmed again after the query it
refines was confirmed or ran without asking; one with an unread word, one that changes anything
else, or one on a guess still is.

``confirm_below=0.99`` makes every reading one the score alone would confirm, so these tests say
what the rule does whatever the engine's scores are."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nl2sql.dialog import AWAITING_CONFIRMATION, IDLE
from nl2sql.narrowing import only_narrows, same_rows
from nl2sql.workflows import InteractiveWorkflow, SessionOptions, open_session
from tests.helpers import built_sqlite
from tests.test_teach_once import STORE

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return built_sqlite(tmp_path, "store", STORE)


@pytest.fixture
def asking(store: Path) -> InteractiveWorkflow:
    return open_session(str(store), SessionOptions(confirm_below=0.99))


def test_list_then_only_then_sort_through_the_cli(store: Path) -> None:
    """The chain of the issue, typed into ``nl2sql chat`` from a pipe: only the first turn asks."""
    typed = "list customers\ny\nonly Germany\nsort by last name\nsort by last name backwards\nn\n"
    proc = subprocess.run([sys.executable, "-m", "nl2sql", "chat", "--db", str(store), "--format", "json",
                           "--confirm-below", "0.99"], input=typed, capture_output=True, text=True, cwd=REPO,
                          timeout=300, env=os.environ.copy())
    assert proc.returncode == 0, proc.stderr
    listed, only, ordered, unread = [json.loads(line) for line in proc.stdout.splitlines()]
    assert listed["clarification"]["level"] == "confirmation"  # asked, and the user said yes
    assert only["clarification"] is None and only["mode"] == IDLE
    assert only["query"] == "SELECT * FROM customers WHERE country = 'Germany'" and only["rowCount"] == 2
    assert ordered["clarification"] is None and ordered["query"].endswith("ORDER BY last_name ASC")
    assert unread["message"] == "Not run."  # 'backwards' was not read: confirmed, and declined
    assert proc.stderr.count("run it? [Y/n/e]") == 2


def test_a_limit_too_and_the_turns_run_without_asking_are_a_base(asking: InteractiveWorkflow) -> None:
    assert asking.process_turn("list customers").mode == AWAITING_CONFIRMATION
    asking.process_turn("y")
    for line in ("only Germany", "sort by last name", "top 1"):
        result = asking.process_turn(line)
        assert result.mode == IDLE and result.ok and result.clarification is None, line
    assert result.query == "SELECT * FROM customers WHERE country = 'Germany' ORDER BY last_name ASC LIMIT 1"


def test_a_follow_up_with_an_unread_word_still_asks(asking: InteractiveWorkflow) -> None:
    asking.process_turn("list customers")
    asking.process_turn("y")
    asked = asking.process_turn("sort by last name backwards")
    assert asked.mode == AWAITING_CONFIRMATION and "backwards" in asked.unused


def test_a_follow_up_that_changes_more_than_conditions_order_or_limit_still_asks(asking: InteractiveWorkflow) -> None:
    asking.process_turn("list customers")
    asking.process_turn("y")
    asking.process_turn("only Germany")
    counted = asking.process_turn("how many are there")  # the rows signed off, counted: not asked
    assert counted.mode == IDLE and counted.result is not None and list(counted.result.rows) == [(2,)], counted.query
    asking.process_turn("list invoices")
    asking.process_turn("y")
    assert asking.process_turn("only Germany").mode == IDLE
    summed = asking.process_turn("what is their total")  # one number in place of the rows: asked
    assert summed.mode == AWAITING_CONFIRMATION and "SUM(" in (summed.query or ""), summed.query


def test_other_columns_of_the_rows_signed_off_are_not_asked_again(asking: InteractiveWorkflow) -> None:
    """Showing another column of the same rows changes nothing the user signed off: the column is
    on the screen to be seen; counting them afterwards counts the same rows."""
    asking.process_turn("list customers")
    asking.process_turn("y")
    asking.process_turn("only Germany")
    shown = asking.process_turn("show their emails")
    assert shown.mode == IDLE and shown.clarification is None and shown.result is not None, shown.query
    assert sorted(row[shown.result.columns.index("email")] for row in shown.result.rows) == [
        "ann@example.com", "cid@example.com"]


def test_a_follow_up_of_a_guess_still_asks(asking: InteractiveWorkflow) -> None:
    asking.process_turn("Who are our best customers?")
    assert asking.process_turn("skip").ok  # ran on the default, which nobody chose
    assert asking.process_turn("only Germany").mode == AWAITING_CONFIRMATION
    asking.process_turn("n")
    asking.process_turn("Who are our best customers?")
    assert asking.process_turn("2").ok  # answered: it ran without a confirmation
    assert asking.process_turn("only Germany").mode == IDLE


@pytest.mark.parametrize(("before", "after", "narrows"), [
    ("SELECT * FROM t", "SELECT * FROM t WHERE a = 1", True),
    ("SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE b = 2 AND a = 1 ORDER BY c DESC", True),
    ("SELECT a, COUNT(*) FROM t GROUP BY a", "SELECT a, COUNT(*) FROM t GROUP BY a ORDER BY 2 LIMIT 3", True),
    ("SELECT * FROM t LIMIT 5", "SELECT * FROM t LIMIT 2", True),
    ("SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE a = 2", True),  # its value said again
    ("SELECT * FROM t WHERE d >= '2025-01-01' AND d < '2026-01-01' AND a = 1",
     "SELECT * FROM t WHERE d >= '2024-01-01' AND d < '2025-01-01' AND a = 1", True),  # another year
    ("SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE b = 1", False),  # moved to another column
    ("SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE a > 1", False),  # another comparison
    ("SELECT * FROM t WHERE a IN (1, 2)", "SELECT * FROM t WHERE a = 3", False),
    ("SELECT * FROM t WHERE a = 1 AND b = 2", "SELECT * FROM t WHERE a = 3", False),  # one dropped
    ("SELECT * FROM t WHERE d < '2020-01-01'",  # "before 2020", then "what about 2018?": another question
     "SELECT * FROM t WHERE d >= '2018-01-01' AND d < '2019-01-01'", False),
    ("SELECT * FROM t WHERE a = 1", "SELECT * FROM t", False),  # a condition dropped
    ("SELECT * FROM t", "SELECT b FROM t WHERE a = 1", False),  # other columns
    ("SELECT * FROM t", "SELECT * FROM t JOIN u ON u.id = t.u_id WHERE u.x = 1", False),  # a join
    ("SELECT * FROM t", "SELECT COUNT(*) FROM t WHERE a = 1", False),  # counted, and narrowed too
    ("SELECT b FROM t WHERE a = 1", "SELECT COUNT(*) AS n FROM t WHERE a = 1", True),  # the same rows, counted
    ("SELECT DISTINCT b FROM t", "SELECT COUNT(*) FROM t", False),  # not the rows listed
    ("SELECT * FROM t LIMIT 5", "SELECT COUNT(*) FROM t", False),
    ("SELECT b, COUNT(*) FROM t GROUP BY b", "SELECT COUNT(*) FROM t", False),
    ("SELECT * FROM t", "SELECT * FROM t UNION SELECT * FROM u", False),
    ("SELECT * FROM t", "not sql at all (", False),
])
def test_only_narrows(before: str, after: str, narrows: bool) -> None:
    assert only_narrows(before, after, "sqlite") is narrows


def test_a_condition_on_the_row_each_row_points_to_still_only_narrows(asking: InteractiveWorkflow) -> None:
    """"only Germany" on invoices joins each invoice's one customer: no invoice is repeated, so the
    follow-up narrows the confirmed listing and is not asked again; nor is a sort by the column
    called total."""
    assert asking.process_turn("list invoices").mode == AWAITING_CONFIRMATION
    asking.process_turn("y")
    only = asking.process_turn("only Germany")
    assert only.mode == IDLE and only.clarification is None and only.ok, only.query
    assert "JOIN customers" in (only.query or "")
    ordered = asking.process_turn("sort by total descending")
    assert ordered.mode == IDLE and (ordered.query or "").endswith("ORDER BY invoices.total DESC"), ordered.query
    assert ordered.result is not None and [row[0] for row in ordered.result.rows] == [1, 2]  # Ann: 10.5, then 4.0


@pytest.mark.parametrize(("after", "narrows"), [
    ("SELECT t.* FROM t JOIN u ON t.u_id = u.id WHERE t.a = 1 AND u.x = 2", True),
    ("SELECT t.* FROM t JOIN u ON t.u_id = u.id WHERE u.x = 2", False),  # t.a = 1 dropped
    ("SELECT t.* FROM t JOIN v ON v.t_id = t.id WHERE t.a = 1", False),  # rows that point to t: repeats
    ("SELECT t.* FROM t LEFT JOIN u ON t.u_id = u.id WHERE t.a = 1", False),
    ("SELECT t.b FROM t JOIN u ON t.u_id = u.id WHERE t.a = 1 AND u.x = 2", False),  # other columns
])
def test_a_join_narrows_only_by_a_key_of_the_joined_table(after: str, narrows: bool) -> None:
    unique = frozenset({("u", "id"), ("t", "id")})
    assert only_narrows("SELECT * FROM t WHERE a = 1", after, "sqlite", unique) is narrows
    assert not only_narrows("SELECT * FROM t WHERE a = 1", after, "sqlite")  # keys unknown: not a narrowing


@pytest.mark.parametrize(("before", "after", "narrows"), [
    # another key join beside the one there: each grouped row still meets one row of w
    ("SELECT t.b, COUNT(*) FROM t JOIN u ON t.u_id = u.id GROUP BY t.b",
     "SELECT t.b, COUNT(*) FROM t JOIN u ON t.u_id = u.id JOIN w ON u.w_id = w.id WHERE w.x = 1 GROUP BY t.b", True),
    ("SELECT t.b, COUNT(*) FROM t JOIN u ON t.u_id = u.id GROUP BY t.b",
     "SELECT t.b, COUNT(*) FROM t JOIN u ON t.u_id = u.id JOIN v ON v.u_id = u.id WHERE v.x = 1 GROUP BY t.b",
     False),  # rows of v point to u: a row of t is counted once per v
    ("SELECT t.b, COUNT(*) FROM t JOIN u ON t.u_id = u.id GROUP BY t.b",
     "SELECT t.b, COUNT(*) FROM t JOIN w ON t.w_id = w.id WHERE w.x = 1 GROUP BY t.b", False),  # u left out
    # counting rows shown with a column of the row each points to: that table need not be joined
    ("SELECT t.*, u.x FROM t JOIN u ON t.u_id = u.id WHERE t.a = 1", "SELECT COUNT(*) FROM t WHERE a = 1", True),
    ("SELECT t.*, u.x FROM t JOIN u ON t.u_id = u.id WHERE t.a = 1", "SELECT COUNT(*) FROM t", False),
    ("SELECT t.*, v.x FROM t JOIN v ON v.t_id = t.id WHERE t.a = 1", "SELECT COUNT(*) FROM t WHERE a = 1", False),
    # a name shown through a LEFT JOIN on the named row's key: every row kept once, even with no key
    ("SELECT t.*, p.x AS x FROM t LEFT JOIN u AS p ON p.id = t.u_id WHERE t.a = 1",
     "SELECT COUNT(*) FROM t WHERE a = 1", True),
    ("SELECT t.*, p.x AS x FROM t LEFT JOIN v AS p ON p.t_id = t.id WHERE t.a = 1",
     "SELECT COUNT(*) FROM t WHERE a = 1", False),  # rows of v point to t: a row of t once per v
])
def test_joins_beside_joins_and_counts_without_them(before: str, after: str, narrows: bool) -> None:
    assert only_narrows(before, after, "sqlite", frozenset({("u", "id"), ("w", "id"), ("t", "id")})) is narrows


@pytest.mark.parametrize(("before", "after", "same"), [
    ("SELECT * FROM t WHERE a = 1", "SELECT b FROM t WHERE a = 1", True),
    ("SELECT b FROM t", "SELECT b, c FROM t WHERE a = 1", True),  # a column, and a condition
    ("SELECT * FROM t", "SELECT t.*, u.x FROM t JOIN u ON t.u_id = u.id", True),  # a column of its one u
    ("SELECT * FROM t", "SELECT t.*, w.x FROM t JOIN w ON t.w_id = w.id", False),  # a w_id may be empty: rows lost
    ("SELECT * FROM t", "SELECT t.*, v.x FROM t JOIN v ON v.t_id = t.id", False),  # a t per row of v
    ("SELECT b FROM t WHERE a = 1", "SELECT c FROM t", False),  # a condition dropped
    ("SELECT b FROM t", "SELECT DISTINCT b, c FROM t", False),  # the columns decide the rows
    ("SELECT b FROM t", "SELECT SUM(c) FROM t", False),
    ("SELECT b, COUNT(*) FROM t GROUP BY b", "SELECT b, c, COUNT(*) FROM t GROUP BY b, c", False),
])
def test_other_columns_of_the_same_rows(before: str, after: str, same: bool) -> None:
    assert same_rows(before, after, "sqlite", frozenset({("u", "id"), ("t", "id"), ("w", "id")}),
                     frozenset({("t", "u_id")})) is same


VANS = """
    CREATE TABLE branches (branch_id INTEGER PRIMARY KEY, city TEXT);
    CREATE TABLE vans (van_id INTEGER PRIMARY KEY, branch_id INTEGER REFERENCES branches (branch_id),
                       plate TEXT UNIQUE);
    CREATE TABLE hires (hire_id INTEGER PRIMARY KEY, van_id INTEGER NOT NULL REFERENCES vans (van_id),
                        customer TEXT, started_on TEXT, fee REAL, driver_id INTEGER REFERENCES drivers (driver_id));
    CREATE TABLE drivers (driver_id INTEGER PRIMARY KEY, driver_name TEXT);
    INSERT INTO drivers VALUES (1, 'Ola'), (2, 'Pat');
    INSERT INTO branches VALUES (1, 'Leeds'), (2, 'York');
    INSERT INTO vans VALUES (1, 1, 'LD01'), (2, 1, 'LD02'), (3, 2, 'YK01');
    INSERT INTO hires VALUES (1, 1, 'Ann', '2026-01-03', 50, 1), (2, 1, 'Bob', '2026-02-03', 70, NULL),
        (3, 2, 'Cid', '2026-02-04', 40, 1), (4, 3, 'Dee', '2026-03-01', 90, 2);
"""


def test_a_place_two_keys_away_narrows_a_confirmed_grouping(tmp_path: Path) -> None:
    """Hires per van, confirmed; "only in Leeds" reaches the branch through the van's key: every
    group keeps its rows or loses them all, so it is not asked again; the plate of each hire,
    shown beside a confirmed listing, neither."""
    vans = open_session(str(built_sqlite(tmp_path, "vans", VANS)), SessionOptions(confirm_below=0.99))
    assert vans.process_turn("how many hires does each van have").mode == AWAITING_CONFIRMATION
    vans.process_turn("y")
    leeds = vans.process_turn("only in Leeds")
    assert leeds.mode == IDLE and "JOIN branches" in (leeds.query or ""), leeds.query
    assert leeds.result is not None and sorted(leeds.result.rows) == [("LD01", 2), ("LD02", 1)]
    assert vans.process_turn("list hires").mode == AWAITING_CONFIRMATION
    vans.process_turn("y")
    plated = vans.process_turn("add the plate")
    assert plated.mode == IDLE and plated.result is not None and len(plated.result.rows) == 4, plated.query
    counted = vans.process_turn("how many are there")
    assert counted.mode == IDLE and counted.result is not None and list(counted.result.rows) == [(4,)]


def test_a_column_joined_along_a_key_that_may_be_empty_is_asked(tmp_path: Path) -> None:
    """A hire's driver key may be empty: joining the driver to show a name would drop that hire
    (and a count after it would disagree), so the follow-up is confirmed, not run as the same rows."""
    vans = open_session(str(built_sqlite(tmp_path, "vans", VANS)), SessionOptions(confirm_below=0.99))
    vans.process_turn("list hires")
    vans.process_turn("y")
    added = vans.process_turn("add the driver name")
    assert added.mode == AWAITING_CONFIRMATION and "drivers" in (added.query or ""), added.query


def test_a_follow_up_right_after_a_line_not_understood_is_confirmed(store: Path) -> None:
    """The line before was not read, so the query a follow-up refines may lack what it said: shown
    first, however sure the follow-up's own reading is; a follow-up after that runs as before."""
    session = open_session(str(store), SessionOptions())  # the default threshold
    assert session.process_turn("list customers").ok
    assert not session.process_turn("only the ones with a zorblat").ok
    sorted_after_miss = session.process_turn("sort by last name")
    assert sorted_after_miss.mode == AWAITING_CONFIRMATION, sorted_after_miss
    session.process_turn("y")
    assert session.process_turn("top 1").mode == IDLE
