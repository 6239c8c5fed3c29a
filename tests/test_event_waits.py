"""The wait before an event of a row, named by the event: "the approval time", "time to first reply",
"days to pay". A table that keeps when a row was lodged and when later things happened to it stores
no such wait; the engine measures it from the row's start, in the unit the line asks for.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from tests.helpers import drafted, reads_whole, schema_database

CLAIMS = """
    CREATE TABLE adjusters (adjuster_id INTEGER PRIMARY KEY, adjuster_name TEXT NOT NULL);
    CREATE TABLE claims (claim_id INTEGER PRIMARY KEY, adjuster_id INTEGER REFERENCES adjusters (adjuster_id),
                         lodged_at TEXT NOT NULL, first_reply_at TEXT, approved_at TEXT, due_on TEXT,
                         peril TEXT NOT NULL, payout REAL);
    CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, claim_id INTEGER REFERENCES claims (claim_id),
                           issued_on DATE NOT NULL, paid_on DATE, amount REAL NOT NULL);
    INSERT INTO adjusters VALUES (1, 'Noor'), (2, 'Ivo');
    INSERT INTO claims VALUES
      (1, 1, '2026-03-02 09:00:00', '2026-03-02 09:30:00', '2026-03-04 09:00:00', '2026-03-30', 'Flood', 900),
      (2, 1, '2026-03-05 10:00:00', '2026-03-05 12:00:00', '2026-03-05 16:00:00', '2026-04-02', 'Fire', 4000),
      (3, 2, '2026-03-09 08:00:00', '2026-03-09 08:10:00', NULL, '2026-04-06', 'Flood', NULL),
      (4, 2, '2026-03-11 14:00:00', '2026-03-12 14:00:00', '2026-03-20 14:00:00', '2026-04-08', 'Theft', 700);
    INSERT INTO invoices VALUES (1, 1, '2026-03-05', '2026-03-15', 900), (2, 2, '2026-03-06', '2026-03-08', 4000),
                                (3, 4, '2026-03-21', NULL, 700);
    CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, delivery_date TEXT NOT NULL, created_at TEXT NOT NULL,
                          shipped_at TEXT);
    INSERT INTO parcels VALUES (1, '2026-03-20', '2026-03-02 10:00:00', '2026-03-03 10:00:00'),
                               (2, '2026-03-21', '2026-03-04 09:00:00', '2026-03-04 21:00:00');
"""  # an insurer: each claim lodged, first answered, approved; invoices issued and paid

_REPLY = "(JULIANDAY(first_reply_at) - JULIANDAY(lodged_at)) * 1440"
_APPROVAL = "(JULIANDAY(approved_at) - JULIANDAY(lodged_at)) * 1440"
_PAID = "JULIANDAY(paid_on) - JULIANDAY(issued_on)"


@pytest.fixture(scope="module")
def claims(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "claims", CLAIMS) as db:
        yield db


@pytest.mark.parametrize(("line", "gold"), [
    ("average time to first reply in minutes", f"SELECT AVG({_REPLY}) FROM claims"),
    ("average first reply time", f"SELECT AVG({_REPLY}) FROM claims"),
    ("average approval time in hours by peril", f"SELECT peril, AVG({_APPROVAL}) / 60 FROM claims GROUP BY peril"),
    ("claims with an approval time over 2 days", f"SELECT * FROM claims WHERE {_APPROVAL} > 2880"),
    ("average hours to approve a claim", f"SELECT AVG({_APPROVAL}) / 60 FROM claims"),
    ("average days to pay an invoice", "SELECT AVG(JULIANDAY(paid_on) - JULIANDAY(issued_on)) FROM invoices"),
    ("average payment delay", "SELECT AVG(JULIANDAY(paid_on) - JULIANDAY(issued_on)) FROM invoices"),
    ("average time to pay an invoice in hours", f"SELECT AVG({_PAID}) * 24 FROM invoices"),
    ("invoices that took more than 5 days to pay", f"SELECT * FROM invoices WHERE {_PAID} > 5"),
    ("average time from issue to payment of invoices", f"SELECT AVG({_PAID}) FROM invoices"),
])
def test_a_wait_is_named_by_its_event(claims: Database, line: str, gold: str) -> None:
    reads_whole(claims, line, gold)


def test_a_wait_runs_from_when_the_row_was_made(claims: Database) -> None:
    """A parcel's delivery date, kept first, is a plan: the wait to shipping runs from its creation."""
    reads_whole(claims, "average time to ship in hours",
                "SELECT AVG((JULIANDAY(shipped_at) - JULIANDAY(created_at)) * 24) FROM parcels")


def test_a_plan_is_no_event(claims: Database) -> None:
    """A due date is when something should happen, not a moment that followed: "due time" is no wait."""
    assert "due_on" not in drafted(claims, "average due time of claims").sql


def test_time_alone_names_no_wait(claims: Database) -> None:
    """Of three moments after the lodging, "the time" alone says none of them."""
    assert "JULIANDAY" not in drafted(claims, "average time of claims").sql


def test_the_unit_asked_is_not_a_column(claims: Database) -> None:
    """ "in minutes" asks for a unit, though a wait kept in minutes is called so."""
    draft = drafted(claims, "average approval time in minutes")
    assert "approved_at" in draft.sql and "first_reply_at" not in draft.sql, draft.sql
    assert not draft.unused, draft.unused
