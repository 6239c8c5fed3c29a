"""The ecommerce fixture: exact schema, deterministic rows, realistic skew."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from nl2sql import fixtures
from nl2sql.errors import UsageError

EXPECTED_COLUMNS = {
    "users": ["id", "name", "email", "country", "city", "segment", "created_at"],
    "categories": ["id", "name"],
    "products": ["id", "name", "category_id", "price", "stock", "created_at"],
    "orders": ["id", "user_id", "status", "created_at", "shipped_at", "total_amount"],
    "order_items": ["id", "order_id", "product_id", "quantity", "unit_price"],
    "payments": ["id", "order_id", "method", "amount", "status", "paid_at"],
    "reviews": ["id", "product_id", "user_id", "rating", "comment", "created_at"],
}


def _digest(path: Path) -> str:
    conn = sqlite3.connect(path)
    h = hashlib.sha256()
    for table in EXPECTED_COLUMNS:
        for row in conn.execute(f"SELECT * FROM {table} ORDER BY id"):
            h.update(repr(row).encode())
    conn.close()
    return h.hexdigest()


def test_same_arguments_give_the_same_rows(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "c.db"
    fixtures.build("ecommerce", a, today=date(2026, 1, 31), scale=0.2, seed=7)
    fixtures.build("ecommerce", b, today=date(2026, 1, 31), scale=0.2, seed=7)
    fixtures.build("ecommerce", c, today=date(2026, 1, 31), scale=0.2, seed=8)
    assert _digest(a) == _digest(b)
    assert _digest(a) != _digest(c)


def test_schema_names_and_foreign_keys(ecommerce_path: Path) -> None:
    conn = sqlite3.connect(ecommerce_path)
    for table, columns in EXPECTED_COLUMNS.items():
        assert [r[1] for r in conn.execute(f"PRAGMA table_info({table})")] == columns
    fks = {(t, r[3], r[2]) for t in EXPECTED_COLUMNS for r in conn.execute(f"PRAGMA foreign_key_list({t})")}
    assert ("orders", "user_id", "users") in fks
    assert ("order_items", "product_id", "products") in fks
    assert ("reviews", "user_id", "users") in fks
    assert not conn.execute("PRAGMA foreign_key_check").fetchall()


def test_scale_one_sizes_and_skew(ecommerce_path: Path) -> None:
    conn = sqlite3.connect(ecommerce_path)
    one = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    assert one("SELECT COUNT(*) FROM users") == 1000
    assert one("SELECT COUNT(*) FROM products") == 200
    assert one("SELECT COUNT(*) FROM orders") == 10_000
    assert 22_000 <= one("SELECT COUNT(*) FROM order_items") <= 28_000
    assert one("SELECT COUNT(*) FROM reviews") == 3000
    assert one("SELECT COUNT(*) FROM users WHERE id NOT IN (SELECT user_id FROM orders)") >= 50
    assert one("SELECT COUNT(*) FROM products WHERE id NOT IN (SELECT product_id FROM reviews)") >= 6
    assert 5 <= one("SELECT COUNT(*) FROM products WHERE stock = 0") <= 15
    assert one("""SELECT COUNT(*) FROM categories c WHERE
                  EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id AND p.price < 50) AND
                  EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id AND p.price > 400)""") == 8
    # total_amount is the sum of the order's items
    assert one("""SELECT COUNT(*) FROM orders o WHERE ABS(o.total_amount -
                  (SELECT SUM(quantity * unit_price) FROM order_items WHERE order_id = o.id)) > 0.005""") == 0


def test_dates_cover_24_months_up_to_today(ecommerce_path: Path) -> None:
    conn = sqlite3.connect(ecommerce_path)
    months = conn.execute("SELECT COUNT(DISTINCT substr(created_at, 1, 7)), MAX(created_at) FROM orders").fetchone()
    assert months[0] >= 24
    assert months[1].startswith("2026-06-15")
    recent = conn.execute("SELECT COUNT(*) FROM orders WHERE created_at >= '2026-06-08'").fetchone()[0]
    assert recent > 0
    assert conn.execute("SELECT COUNT(*) FROM orders WHERE created_at > '2026-06-16'").fetchone()[0] == 0


def test_values_come_from_the_documented_sets(ecommerce_path: Path) -> None:
    conn = sqlite3.connect(ecommerce_path)
    distinct = lambda sql: {r[0] for r in conn.execute(sql)}  # noqa: E731
    assert distinct("SELECT DISTINCT status FROM orders") == {
        "pending", "paid", "shipped", "delivered", "cancelled", "refunded"}
    assert distinct("SELECT DISTINCT method FROM payments") == {
        "card", "paypal", "bkash", "bank_transfer", "cash_on_delivery"}
    assert distinct("SELECT DISTINCT segment FROM users") == {"consumer", "business"}
    assert len(distinct("SELECT DISTINCT country FROM users")) == 10


def test_unknown_fixture_and_bad_scale_are_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="Unknown fixture"):
        fixtures.build("nope", tmp_path / "x.db")
    with pytest.raises(UsageError, match="scale"):
        fixtures.build("ecommerce", tmp_path / "x.db", scale=0)
    assert not (tmp_path / "x.db").exists()


def test_cached_fixture_is_built_once(tmp_path: Path) -> None:
    first = fixtures.cached("ecommerce")
    stamp = first.stat().st_mtime_ns
    assert fixtures.cached("ecommerce") == first
    assert first.stat().st_mtime_ns == stamp
    assert str(first).startswith(str(tmp_path))


def test_two_processes_filling_an_empty_cache_at_once_both_succeed(tmp_path: Path) -> None:
    """Each build writes a partial file of its own and swaps it in: neither removes the other's."""
    import subprocess
    import sys

    env = {**os.environ, "NL2SQL_CACHE_DIR": str(tmp_path / "cache"), "NL2SQL_DATA_DIR": str(tmp_path / "data")}
    command = [sys.executable, "-m", "nl2sql", "ask", "--db", "ecommerce", "--format", "json", "how many categories"]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            for _ in range(3)]
    outputs = [run.communicate(timeout=300) for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0], [err for _, err in outputs]
    assert all('"rows": [[8]]' in out for out, _ in outputs)
    assert not list((tmp_path / "cache").glob("*.partial"))
