"""`nl2sql domain init`: the schema's profile written as a config draft that loads as written,
is never written over unasked, and is what the engine then reads."""

from __future__ import annotations

import json
import shutil
import sqlite3
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.db import open_database
from nl2sql.domain import parse_domain
from nl2sql.sidecars import sidecar_for
from tests.conftest import TODAY


@pytest.fixture
def kiosk(tmp_path: Path) -> Path:
    """A small shop with tickets and ticket lines, and no config."""
    path = tmp_path / "kiosk.db"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE patrons (patron_id INTEGER PRIMARY KEY, name TEXT, town TEXT);
        CREATE TABLE snacks (snack_id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, patron_id INTEGER REFERENCES patrons (patron_id),
                              sold_on DATE, amount DECIMAL(8, 2));
        CREATE TABLE ticket_lines (id INTEGER PRIMARY KEY, ticket_id INTEGER REFERENCES tickets (ticket_id),
                                   snack_id INTEGER REFERENCES snacks (snack_id), price DECIMAL(8, 2),
                                   quantity INTEGER);
        INSERT INTO patrons VALUES (1, 'Ann', 'Oslo'), (2, 'Ben', 'Bergen');
        INSERT INTO snacks VALUES (1, 'Popcorn'), (2, 'Soda');
        INSERT INTO tickets VALUES (1, 1, '2026-05-01', 9.0), (2, 2, '2026-05-02', 4.0);
        INSERT INTO ticket_lines VALUES (1, 1, 1, 3.0, 2), (2, 1, 2, 1.5, 2), (3, 2, 2, 2.0, 2);
    """)
    con.commit()
    con.close()
    return path


def _init(*args: str):
    return CliRunner().invoke(cli, ["domain", "init", *args])


def test_the_draft_is_written_beside_the_database_and_loads(kiosk: Path) -> None:
    result = _init("--db", str(kiosk))
    assert result.exit_code == 0, result.output
    draft = sidecar_for(kiosk)
    config = parse_domain(tomllib.loads(draft.read_text()), open_database(str(kiosk)).schema, draft)
    revenue = config.metrics["revenue"]
    assert (revenue.table, revenue.expression) == ("ticket_lines", "SUM(price * quantity)")
    assert config.date_columns == {"tickets": "sold_on"}
    # the engine reads the draft: the same revenue per town, from the config this time
    asked = CliRunner().invoke(cli, ["ask", "--db", str(kiosk), "--today", TODAY.isoformat(), "--format", "json",
                                     "revenue by town"])
    turn = json.loads(asked.output.splitlines()[-1])
    assert sorted(turn["rows"]) == [["Bergen", 4.0], ["Oslo", 9.0]]


def test_an_existing_draft_is_replaced_only_with_force(kiosk: Path) -> None:
    draft = sidecar_for(kiosk)
    draft.write_text("# mine\n")
    refused = _init("--db", str(kiosk))
    assert refused.exit_code == 2 and "--force" in refused.output and len(refused.output.strip().splitlines()) == 1
    assert draft.read_text() == "# mine\n"
    forced = _init("--db", str(kiosk), "--force")
    assert forced.exit_code == 0 and "[metrics.revenue]" in draft.read_text()


def test_a_bundled_fixture_needs_out(tmp_path: Path) -> None:
    refused = _init("--db", "ecommerce")
    assert refused.exit_code == 2 and "--out" in refused.output
    out = tmp_path / "draft.toml"
    written = _init("--db", "ecommerce", "--out", str(out))
    assert written.exit_code == 0 and out.is_file()


def test_an_unwritable_place_is_one_line_and_leaves_nothing(kiosk: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("a file where a folder should be")
    result = _init("--db", str(kiosk), "--out", str(blocker / "draft.toml"))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert blocker.read_text() == "a file where a folder should be"


@pytest.mark.parametrize("dialect", ["sqlite", "duckdb", "postgres", "mysql", "spark"])
def test_the_fixture_draft_loads_in_every_dialect(ecommerce_path: Path, tmp_path: Path, dialect: str) -> None:
    copy = tmp_path / "shop.db"
    shutil.copy(ecommerce_path, copy)
    assert _init("--db", str(copy)).exit_code == 0
    schema = open_database(str(copy)).schema
    config = parse_domain(tomllib.loads(sidecar_for(copy).read_text()), replace(schema, dialect=dialect))
    assert config.metrics["revenue"].table == "order_items"


def test_the_draft_loads_on_duckdb(ecommerce_duckdb_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "duck.toml"
    assert _init("--db", str(ecommerce_duckdb_path), "--out", str(out)).exit_code == 0
    asked = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_duckdb_path), "--domain", str(out), "--today",
                                     TODAY.isoformat(), "--format", "json", "revenue by country"])
    turn = json.loads(asked.output.splitlines()[-1])
    assert turn["error"] is None and turn["rows"]


def test_the_database_itself_is_never_written_over(kiosk: Path) -> None:
    before = kiosk.read_bytes()
    refused = _init("--db", str(kiosk), "--out", str(kiosk), "--force")
    assert refused.exit_code == 2 and "database itself" in refused.output
    assert kiosk.read_bytes() == before
    empty = _init("--db", str(kiosk), "--out", "", "--force")
    assert empty.exit_code == 2 and "Traceback" not in empty.output and "internal" not in empty.output.lower()


def test_names_that_need_quotes_make_a_draft_that_loads(tmp_path: Path) -> None:
    path = tmp_path / "odd.db"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE "sale slips" (id INTEGER PRIMARY KEY, "sold on" DATE, "order" INTEGER);
        CREATE TABLE "slip lines" (id INTEGER PRIMARY KEY, slip INTEGER REFERENCES "sale slips" (id),
                                   "unit price" REAL, quantity INTEGER);
        INSERT INTO "sale slips" VALUES (1, '2026-05-01', 1);
        INSERT INTO "slip lines" VALUES (1, 1, 2.5, 4), (2, 1, 1.0, 3);
    """)
    con.commit()
    con.close()
    asked = CliRunner().invoke(cli, ["ask", "--db", str(path), "--format", "json", "--no-learn", "total revenue"])
    assert json.loads(asked.output.splitlines()[-1])["rows"] == [[13.0]]
    assert _init("--db", str(path)).exit_code == 0
    again = CliRunner().invoke(cli, ["ask", "--db", str(path), "--format", "json", "--no-learn", "total revenue"])
    assert json.loads(again.output.splitlines()[-1])["rows"] == [[13.0]]
