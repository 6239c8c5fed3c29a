"""Money taken where a price per head sits beside the row's own quoted total, or parts used on a
job beside its labour under the job's invoice: the total is the revenue, the lines offered beside
it, and a line that names what the lines sold ("revenue by part") reads the lines alone. Lines of
a sale beside a table of invoices and nothing else charged stay the revenue.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nl2sql.db import Database
from nl2sql.profile import profile_of
from tests.helpers import drafted, read, schema_database

WORKSHOP = """
    CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, bike TEXT NOT NULL, taken_in TEXT NOT NULL, state TEXT);
    CREATE TABLE spares (spare_id INTEGER PRIMARY KEY, repair_id INTEGER REFERENCES repairs (repair_id),
                         item TEXT, unit_price REAL, qty INTEGER);
    CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, repair_id INTEGER REFERENCES repairs (repair_id),
                           invoiced_on TEXT NOT NULL, total_amt REAL NOT NULL);
    INSERT INTO repairs VALUES (1, 'Roadster', '2026-05-01', 'Done'), (2, 'Tourer', '2026-05-03', 'Done'),
                               (3, 'Fixie', '2026-05-04', 'Cancelled');
    INSERT INTO spares VALUES (1, 1, 'Chain', 20.0, 1), (2, 1, 'Pad', 5.0, 2), (3, 2, 'Tyre', 30.0, 2);
    INSERT INTO invoices VALUES (1, 1, '2026-05-02', 85.0), (2, 2, '2026-05-05', 120.0);
"""  # a bike workshop: spares used on each repair, and its invoice

SUPPERS = """
    CREATE TABLE hosts (host_id INTEGER PRIMARY KEY, host_name TEXT NOT NULL);
    CREATE TABLE suppers (supper_id INTEGER PRIMARY KEY, host_id INTEGER REFERENCES hosts (host_id),
                          held_on TEXT NOT NULL, guest_count INTEGER NOT NULL, price_pp REAL NOT NULL,
                          quoted_total REAL NOT NULL, state TEXT NOT NULL);
    INSERT INTO hosts VALUES (1, 'Ada'), (2, 'Bo');
    INSERT INTO suppers VALUES (1, 1, '2026-04-01', 10, 20.0, 230.0, 'Served'),
                               (2, 2, '2026-04-08', 20, 15.0, 290.0, 'Served'),
                               (3, 1, '2026-04-15', 12, 25.0, 300.0, 'Cancelled');
"""  # a supper club: each supper's quote adds drinks to the guests at a price per head


BOATYARD = """
    CREATE TABLE refits (refit_id INTEGER PRIMARY KEY, boat TEXT NOT NULL, taken_in TEXT NOT NULL);
    CREATE TABLE fittings (fitting_id INTEGER PRIMARY KEY, refit_id INTEGER REFERENCES refits (refit_id),
                           part TEXT, unit_price REAL, qty INTEGER);
    CREATE TABLE labour (labour_id INTEGER PRIMARY KEY, refit_id INTEGER REFERENCES refits (refit_id),
                         hours_worked REAL, rate REAL);
    CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, refit_id INTEGER REFERENCES refits (refit_id),
                           invoiced_on TEXT NOT NULL, total_amt REAL NOT NULL);
    INSERT INTO refits VALUES (1, 'Kestrel', '2026-05-01'), (2, 'Osprey', '2026-05-03'), (3, 'Merlin', '2026-05-09');
    INSERT INTO fittings VALUES (1, 1, 'Cleat', 10.0, 4), (2, 1, 'Winch', 200.0, 1), (3, 2, 'Cleat', 10.0, 2),
                                (4, 3, 'Winch', 200.0, 1);
    INSERT INTO labour VALUES (1, 1, 3, 40.0), (2, 2, 1, 40.0);
    INSERT INTO invoices VALUES (1, 1, '2026-05-02', 360.0), (2, 2, '2026-05-05', 60.0);
"""  # a boatyard: each refit's invoice charges the fittings and the labour; refit 3 not yet invoiced


@pytest.fixture(scope="module")
def boatyard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "boatyard", BOATYARD) as db:
        yield db


def test_the_bill_of_the_whole_comes_before_lines_of_one_kind(boatyard: Database) -> None:
    best, *others = profile_of(boatyard.schema).revenues
    assert (best.table, best.expression) == ("invoices", "SUM(total_amt)")
    assert any(r.table == "fittings" for r in others)


def test_revenue_by_what_the_lines_sold_reads_the_lines_of_every_job(boatyard: Database) -> None:
    """The winch of refit 3, not yet invoiced, is counted: no join to the invoices."""
    draft, result = read(boatyard, "revenue by part")
    assert "invoices" not in draft.sql, draft.sql
    assert sorted(result.rows) == [("Cleat", 60.0), ("Winch", 400.0)], draft.sql


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "workshop", WORKSHOP) as db:
        yield db


@pytest.fixture(scope="module")
def suppers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    with schema_database(tmp_path_factory, "suppers", SUPPERS) as db:
        yield db


def test_revenue_by_what_the_lines_sold_reads_the_lines_alone(workshop: Database) -> None:
    sql = drafted(workshop, "revenue by item").sql
    assert "spares" in sql and "invoices" not in sql, sql


def test_a_row_s_own_total_comes_before_its_price_per_head(suppers: Database) -> None:
    best, *others = profile_of(suppers.schema).revenues
    assert best.expression == "SUM(quoted_total)", best.expression
    assert any("price_pp" in r.expression for r in others)
    assert drafted(suppers, "revenue per host").sql.count("quoted_total") >= 1


def test_revenue_by_a_column_of_the_job_reads_the_bill(boatyard: Database) -> None:
    """The boat is the refit's: every reading reaches it, and the bill is the revenue."""
    sql = drafted(boatyard, "revenue by boat").sql
    assert "total_amt" in sql and "fittings" not in sql, sql
