"""The schema cache: a file's schema is read back while the file is unchanged, and read afresh
as soon as it changes; its entries are private; a cache that cannot be used costs nothing but time."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from nl2sql.db.sqlite import SqliteDatabase
from nl2sql.db.sqlite.catalog import Catalog


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    path = tmp_path / "shop.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT)")
    conn.executemany("INSERT INTO customers VALUES (?, ?, ?)",
                     [(1, "Ann", "France"), (2, "Bob", "Spain"), (3, "Cy", "France")])
    conn.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id))")
    conn.commit()
    conn.close()
    return path


def _entries() -> list[Path]:
    return sorted((Path(os.environ["NL2SQL_CACHE_DIR"]) / "schemas").glob("*.json"))


def test_an_unchanged_file_is_read_from_the_cache(shop: Path) -> None:
    first = SqliteDatabase(shop).schema
    [entry] = _entries()
    assert SqliteDatabase(shop).schema == first
    # The entry, not the file, is what the second open read: a change made to the entry shows.
    data = json.loads(entry.read_text())
    data["tables"][0]["row_count"] = 12345
    entry.write_text(json.dumps(data))
    assert SqliteDatabase(shop).schema.table("customers").row_count == 12345


def test_a_changed_file_is_read_afresh(shop: Path) -> None:
    assert SqliteDatabase(shop).schema.table("customers").column("country").values == ("France", "Spain")
    conn = sqlite3.connect(shop)
    conn.execute("INSERT INTO customers VALUES (4, 'Di', 'Peru')")
    conn.commit()
    conn.close()
    schema = SqliteDatabase(shop).schema
    assert schema.table("customers").row_count == 4
    assert "Peru" in schema.table("customers").column("country").values


def test_a_new_table_is_seen(shop: Path) -> None:
    assert SqliteDatabase(shop).schema.table("refunds") is None
    conn = sqlite3.connect(shop)
    conn.execute("CREATE TABLE refunds (id INTEGER PRIMARY KEY)")
    conn.commit()
    conn.close()
    assert SqliteDatabase(shop).schema.table("refunds") is not None


def test_entries_are_private(shop: Path) -> None:
    assert SqliteDatabase(shop).schema.tables
    [entry] = _entries()
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600
    assert stat.S_IMODE(entry.parent.stat().st_mode) == 0o700


def test_a_damaged_entry_is_read_afresh(shop: Path) -> None:
    first = SqliteDatabase(shop).schema
    [entry] = _entries()
    entry.write_text('{"tables": [{"name": ')
    assert SqliteDatabase(shop).schema == first


def test_an_unusable_cache_folder_costs_only_time(shop: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("NL2SQL_CACHE_DIR", str(blocker))
    schema = SqliteDatabase(shop).schema
    assert schema.table("orders").foreign_keys[0].ref_table == "customers"
    assert blocker.read_text() == "a file where the cache folder would be"


def test_a_schema_read_with_a_gap_is_used_but_not_kept(shop: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A count or a value list that ran out of time is unknown this once; kept, it would stay unknown (and
    its values unlinkable) for as long as the file is unchanged."""
    conn = sqlite3.connect(shop)
    conn.execute("CREATE VIEW forever AS "
                 "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n")
    conn.commit()
    monkeypatch.setattr(Catalog, "budget", 0.05)
    schema = SqliteDatabase(shop).schema
    assert schema.table("forever").row_count is None
    assert schema.table("customers").column("country").values == ("France", "Spain")
    assert _entries() == []
    conn.execute("DROP VIEW forever")
    conn.commit()
    conn.close()
    assert SqliteDatabase(shop).schema.table("forever") is None
    assert len(_entries()) == 1  # nothing left out: kept


def test_an_entry_of_another_key_is_not_used(shop: Path) -> None:
    """Entries are named by a checksum of their key: one under the same name for another file's state
    (a collision) must cost a fresh read, not give that file's schema."""
    assert SqliteDatabase(shop).schema.tables
    [entry] = _entries()
    data = json.loads(entry.read_text())
    data["key"] = data["key"].replace("shop.db", "other.db")
    data["tables"][0]["row_count"] = 12345
    entry.write_text(json.dumps(data))
    assert SqliteDatabase(shop).schema.table("customers").row_count == 3
