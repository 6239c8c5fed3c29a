"""The database's own comments as names: a column called x7 that the database describes as
"loyalty tier" is found by those words, as a weaker link than a name (like a synonym). A DuckDB
file built here keeps the comments (SQLite has none)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from nl2sql.db import open_database
from nl2sql.engines.builtin.engine import BuiltinEngine


@pytest.fixture(scope="module")
def staff_db(tmp_path_factory: pytest.TempPathFactory):
    path = Path(tmp_path_factory.mktemp("comments")) / "staff.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE staff (id INTEGER PRIMARY KEY, full_name VARCHAR, x7 VARCHAR, q2 INTEGER, r9 INTEGER)")
    con.execute("COMMENT ON TABLE staff IS 'employees'")
    con.execute("COMMENT ON COLUMN staff.x7 IS 'loyalty tier'")
    con.execute("COMMENT ON COLUMN staff.q2 IS 'the number of years this person has worked for the firm so far'")
    con.execute("COMMENT ON COLUMN staff.r9 IS 'references staff.id'")
    con.execute("INSERT INTO staff VALUES (1, 'Ann', 'gold', 3, NULL), (2, 'Bo', 'silver', 7, 1)")
    con.close()
    db = open_database(str(path))
    yield db
    db.close()


def test_a_short_comment_names_its_column_and_table(staff_db) -> None:
    draft = BuiltinEngine().draft("list the loyalty tier of each employee", staff_db)
    assert draft.sql == "SELECT x7 FROM staff"
    assert draft.unused == ()
    assert dict(draft.signals)["synonym_links"] >= 1  # weaker than the column's own name


def test_a_sentence_long_comment_is_no_name(staff_db) -> None:
    draft = BuiltinEngine().draft("show the years worked of each employee", staff_db)
    assert "q2" not in draft.sql
    assert {"years", "worked"} & set(draft.unused)


def test_a_declared_join_key_is_no_name(staff_db) -> None:
    draft = BuiltinEngine().draft("show the references of each employee", staff_db)
    assert "r9" not in draft.sql
