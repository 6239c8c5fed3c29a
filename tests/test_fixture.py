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


# -- fixtures build --out X: what is already at X and beside it ------------------------------------


def _build(out: Path | str, *more: str):
    from click.testing import CliRunner

    from nl2sql.cli import cli

    return CliRunner().invoke(cli, ["fixtures", "build", "ecommerce", "--today", "2026-01-31", "--scale", "0.05",
                                    "--out", str(out), *more])


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def _one_line_refusal(run, *names: str) -> str:
    message = run.output.strip()
    assert run.exit_code == 2 and "\n" not in message and "Traceback" not in message, run.output
    assert all(name in message for name in names) and "--force" in message
    return message


@pytest.mark.parametrize("name", ["x.db", "x.duckdb"])
def test_build_keeps_a_users_domain_config_beside_the_file_unless_forced(tmp_path: Path, name: str) -> None:
    """Issue 29: the build wrote its config over the user's own ``X.nl2sql.toml``. It refuses, naming the
    file, and writes nothing (no database either); --force replaces both."""
    out = tmp_path / name
    sidecar = tmp_path / f"{name}.nl2sql.toml"
    sidecar.write_text("[synonyms]\n# what my own database's words mean\n")
    before = _files(tmp_path)
    _one_line_refusal(_build(out), str(sidecar))
    assert _files(tmp_path) == before and not out.exists()  # not a byte written, no partial file
    forced = _build(out, "--force")
    assert forced.exit_code == 0, forced.output
    assert sidecar.read_bytes() == fixtures.domain_file("ecommerce").read_bytes()
    from contextlib import closing

    from nl2sql.db import open_database

    with closing(open_database(str(out))) as db:
        assert db.execute("SELECT COUNT(*) FROM categories").rows == ((8,),)
    assert sorted(p.name for p in tmp_path.iterdir()) == [name, sidecar.name]
    again = _build(out)  # the database is there now: refused, its config the fixture's own, not named
    assert "already exists; pass --force to replace it." in _one_line_refusal(again, str(out))
    out.unlink()
    rebuilt = _build(out)  # only the fixture's own config beside it: nothing of anyone's to lose
    assert rebuilt.exit_code == 0, rebuilt.output


def test_an_existing_database_and_its_config_are_kept_and_named_together(tmp_path: Path) -> None:
    out, sidecar = tmp_path / "shop.db", tmp_path / "shop.db.nl2sql.toml"
    out.write_bytes(b"my database")
    sidecar.write_bytes(b"my config")
    message = _one_line_refusal(_build(out), str(out), str(sidecar))
    assert message.startswith(f"Error: {out} already exists; pass --force")
    assert _files(tmp_path) == {"shop.db": b"my database", "shop.db.nl2sql.toml": b"my config"}
    assert _build(out, "--force").exit_code == 0
    assert out.read_bytes()[:16] == b"SQLite format 3\x00" and sidecar.read_bytes() != b"my config"


@pytest.mark.parametrize("folder", ["shop.db", "shop.db.nl2sql.toml"])
def test_a_folder_where_a_file_goes_is_refused_even_with_force(tmp_path: Path, folder: str) -> None:
    (tmp_path / folder).mkdir()
    (tmp_path / folder / "keep.txt").write_text("keep")
    for more in ((), ("--force",)):
        run = _build(tmp_path / "shop.db", *more)
        assert run.exit_code == 2 and "is a folder" in run.output and "\n" not in run.output.strip(), run.output
        assert sorted(p.name for p in tmp_path.iterdir()) == [folder]
        assert (tmp_path / folder / "keep.txt").read_text() == "keep"


def test_a_build_that_fails_writes_no_config(tmp_path: Path) -> None:
    """The config is named only once the database is in: a server that refuses the load leaves none."""
    from nl2sql.paths import data_dir

    run = _build("postgresql://nobody@127.0.0.1:1/shop")
    assert run.exit_code != 0 and "Traceback" not in run.output and "\n" not in run.output.strip(), run.output
    databases = data_dir() / "databases"
    assert not databases.exists() or list(databases.iterdir()) == []
