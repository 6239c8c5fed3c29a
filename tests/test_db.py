"""SQLite's own database layer: opening files and URLs, and the values index. The contract every
engine keeps (read-only always, time limits, row caps with honest counts, schema) is in
tests/test_database_contract.py."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.errors import UsageError


def test_a_text_column_with_more_values_than_the_index_holds_has_none_indexed(tmp_path: Path) -> None:
    from nl2sql.db.base import MAX_INDEXED_VALUES

    path = tmp_path / "codes.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE code (few TEXT, many TEXT)")
        conn.executemany("INSERT INTO code VALUES (?, ?)",
                         ((f"f{n % 3}", f"m{n}") for n in range(MAX_INDEXED_VALUES + 1)))
        conn.commit()
    with closing(open_database(str(path))) as db:
        table = db.schema.table("code")
        assert sorted(table.column("few").values) == ["f0", "f1", "f2"]
        assert table.column("many").values == ()


def test_open_database_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="Unknown database"):
        open_database("no_such_fixture")
    with pytest.raises(UsageError, match="No database file"):
        open_database(str(tmp_path / "missing.db"))
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(UsageError, match="not a SQLite or DuckDB database"):
        open_database(str(text))
    with pytest.raises(UsageError, match="No folder of tables"):
        open_database(f"spark:///{tmp_path / 'no_such_folder'}")
    with pytest.raises(UsageError, match="Unknown database URL scheme"):
        open_database("oracle://x")


def test_sqlite_url(ecommerce_path: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    shutil.copy(ecommerce_path, copy)
    db = open_database(f"sqlite:///{copy}")
    assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    db.close()
    assert sqlite3.connect(copy).execute("SELECT COUNT(*) FROM categories").fetchone() == (8,)
