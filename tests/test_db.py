"""The database layer: read-only always, time limits, row caps with honest counts."""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql.db import open_database
from nl2sql.db.guard import ensure_read_only
from nl2sql.errors import DatabaseError, QueryTimeout, UsageError
from tests.helpers import hostile_statements

WRITES = hostile_statements("sqlite")


@pytest.mark.parametrize("sql", WRITES)
def test_guard_refuses_anything_but_one_read(sql: str) -> None:
    with pytest.raises(DatabaseError):  # a write (ReadOnlyViolation), or SQL it cannot read
        ensure_read_only(sql, "sqlite")


@pytest.mark.parametrize("sql", WRITES)
def test_writes_leave_the_data_unchanged(ecommerce_db, sql: str) -> None:
    before = ecommerce_db.execute("SELECT COUNT(*) FROM reviews").rows
    with pytest.raises(DatabaseError):
        ecommerce_db.execute(sql)
    assert ecommerce_db.execute("SELECT COUNT(*) FROM reviews").rows == before


def test_connection_is_read_only_even_past_the_guard(ecommerce_db) -> None:
    # _run skips the guard: the connection itself must still refuse to write.
    with pytest.raises(DatabaseError):
        ecommerce_db._run("DELETE FROM reviews", None, 5.0)
    assert ecommerce_db.execute("SELECT COUNT(*) FROM reviews").rows == ((3000,),)


@pytest.mark.parametrize("sql", [
    "SELECT 1",
    "WITH x AS (SELECT id FROM users) SELECT COUNT(*) FROM x",
    "SELECT name FROM users UNION SELECT name FROM products",
    "select * from orders where status = 'paid';",
])
def test_reads_pass(ecommerce_db, sql: str) -> None:
    assert ecommerce_db.execute(sql).columns


def test_unparseable_sql_is_a_clear_error() -> None:
    with pytest.raises(DatabaseError, match="does not parse"):
        ensure_read_only("SELECT * FROM", "sqlite")


def test_row_cap_reports_n_of_m(ecommerce_db) -> None:
    result = ecommerce_db.execute("SELECT * FROM users", max_rows=50)
    assert result.row_count == 50 and result.truncated and result.total_rows == 1000
    full = ecommerce_db.execute("SELECT * FROM users", max_rows=None)
    assert full.row_count == 1000 and not full.truncated and full.total_rows == 1000
    exact = ecommerce_db.execute("SELECT * FROM categories", max_rows=8)
    assert exact.row_count == 8 and not exact.truncated


SLOW = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n"


def test_time_limit_stops_a_runaway_query(ecommerce_db) -> None:
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="longer than"):
        ecommerce_db.execute(SLOW, timeout=0.3)
    assert time.monotonic() - started < 5
    assert ecommerce_db.execute("SELECT COUNT(*) FROM users").rows == ((1000,),)


def test_interrupt_cancels_a_query_in_flight(ecommerce_db) -> None:
    timer = threading.Timer(0.2, ecommerce_db.interrupt)
    timer.start()
    with pytest.raises(QueryTimeout, match="cancelled"):
        ecommerce_db.execute(SLOW, timeout=30)
    timer.join()


def test_schema_introspection(ecommerce_db) -> None:
    schema = ecommerce_db.schema
    orders = schema.table("orders")
    assert orders is not None
    assert orders.primary_key.name == "id"
    assert {(fk.column, fk.ref_table, fk.ref_column) for fk in orders.foreign_keys} == {("user_id", "users", "id")}
    assert set(orders.column("status").values) == {"pending", "paid", "shipped", "delivered", "cancelled", "refunded"}
    assert orders.column("created_at").kind == "date"
    assert orders.default_date_column.name == "created_at"
    assert schema.table("users").column("email").unique
    assert len(schema.table("users").column("email").values) == schema.table("users").row_count  # all unique
    assert [t for t, _ in schema.join_path("reviews", "categories")] == ["products", "categories"]


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
