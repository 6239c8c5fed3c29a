"""The catalogue contract: what every engine's introspection reads of a database's own description of
itself (comments, views told from tables, primary and foreign keys, column kinds and values, another
schema's tables), written once and run on each engine over one invented shop.

The shop is built in each engine's own DDL, kept here as data (``DDL``, and ``SPARK_FOLDERS`` for a
folder of Parquet files). What an engine cannot hold is an expected value in ``SHOPS`` (SQLite keeps
no comments; a Spark folder has no views, schemas or table comments), never a skip.

The ecommerce fixture's schema as SQLite reads it, on every engine, is in tests/test_database_contract.py;
what only one engine does (URL options, privileges, drivers) stays in tests/test_<engine>.py.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from nl2sql.db import open_database
from nl2sql.db.database import Database
from nl2sql.db.schema import Column, Table
from nl2sql.engines.builtin.engine import BuiltinEngine
from tests.conftest import TODAY
from tests.test_database_contract import ENGINES


def _rows(refunds: str, loose: str, code: str) -> tuple[str, ...]:
    """The shop's rows, the same in every engine (``code``: a literal of its opaque type): a ticket is
    a sale at a shop; a refund pays a ticket back."""
    return ("INSERT INTO shops VALUES (1, 'North', '2024-01-02'), (2, 'South', '2024-03-04')",
            f"INSERT INTO tickets VALUES (1, 1, 120.50, '2025-01-01 10:00:00', true, 'card', {code}), "
            "(2, 2, 80, '2025-02-01 11:00:00', false, 'cash', NULL)",
            f"INSERT INTO {refunds} VALUES (1, 2, 80), (2, 1, 20.5)", "INSERT INTO staff VALUES (1, 'Ann')",
            f"INSERT INTO {loose} VALUES (1, 1)")


_VIEW = "CREATE VIEW big_tickets AS SELECT * FROM tickets WHERE total > 100"
_UUID = "00000000-0000-0000-0000-000000000001"

# Each engine's DDL for the shop. ``tickets`` holds money, a moment, a flag, a closed list of words and
# an opaque value in the engine's own types; ``Loose`` declares its join key in a column comment
# (SQLite, which keeps no comments, has it bare); ``staff`` is also the name of a table in ``sales``,
# another schema, beside ``refunds`` (SQLite has no schemas: its ``refunds`` is a plain table);
# ``secrets`` is a table the reading user may not SELECT (the servers).
DDL: dict[str, tuple[str, ...]] = {
    "sqlite": (
        "CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT, opened DATE)",
        "CREATE TABLE tickets (id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shops (id), total DECIMAL(8, 2), "
        "sold_at TIMESTAMP, paid BOOLEAN, kind TEXT, code BLOB)",
        "CREATE TABLE refunds (id INTEGER PRIMARY KEY, ticket_id INTEGER REFERENCES tickets (id), amount DOUBLE)",
        "CREATE TABLE staff (id INTEGER, name TEXT)",
        'CREATE TABLE "Loose" ("Id" INTEGER, "ShopRef" INTEGER)',
        _VIEW, *_rows("refunds", '"Loose"', "X'01'"),
    ),
    "duckdb": (
        "CREATE TYPE ticket_kind AS ENUM ('card', 'cash')",
        "CREATE TABLE shops (id INTEGER PRIMARY KEY, name VARCHAR, opened DATE)",
        "COMMENT ON TABLE shops IS 'Stores we run'", "COMMENT ON COLUMN shops.name IS 'What the sign says'",
        "CREATE TABLE tickets (id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shops (id), total DECIMAL(8, 2), "
        "sold_at TIMESTAMP, paid BOOLEAN, kind ticket_kind, code UUID)",
        "CREATE TABLE staff (id INTEGER, name VARCHAR)",
        "CREATE SCHEMA sales",
        # DuckDB refuses a foreign key across schemas: the key is declared in a comment instead
        "CREATE TABLE sales.refunds (id INTEGER PRIMARY KEY, ticket_id INTEGER, amount DOUBLE)",
        "COMMENT ON COLUMN sales.refunds.ticket_id IS 'references tickets.id'",
        "CREATE TABLE sales.staff (id INTEGER, region VARCHAR)", "INSERT INTO sales.staff VALUES (1, 'East')",
        'CREATE TABLE "Loose" ("Id" INTEGER, "ShopRef" INTEGER)',
        """COMMENT ON COLUMN "Loose"."ShopRef" IS 'references shops.id'""",
        _VIEW, *_rows("sales.refunds", '"Loose"', f"'{_UUID}'"),
    ),
    "postgres": (
        "CREATE TYPE ticket_kind AS ENUM ('card', 'cash')",
        "CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT, opened DATE)",
        "COMMENT ON TABLE shops IS 'Stores we run'", "COMMENT ON COLUMN shops.name IS 'What the sign says'",
        "CREATE TABLE tickets (id INTEGER PRIMARY KEY, shop_id INTEGER REFERENCES shops (id), total NUMERIC(8, 2), "
        "sold_at TIMESTAMP, paid BOOLEAN, kind ticket_kind, code UUID)",
        "CREATE TABLE staff (id INTEGER, name TEXT)",
        "CREATE SCHEMA sales",
        "CREATE TABLE sales.refunds (id INTEGER PRIMARY KEY, ticket_id INTEGER REFERENCES tickets (id), amount FLOAT8)",
        "CREATE TABLE sales.staff (id INTEGER, region TEXT)", "INSERT INTO sales.staff VALUES (1, 'East')",
        'CREATE TABLE "Loose" ("Id" INTEGER, "ShopRef" INTEGER)',
        """COMMENT ON COLUMN "Loose"."ShopRef" IS 'references shops.id'""",
        _VIEW, "CREATE TABLE secrets (id INTEGER, note TEXT)",
        *_rows("sales.refunds", '"Loose"', f"'{_UUID}'"),
    ),
    "mysql": (
        "CREATE TABLE shops (id INT PRIMARY KEY, name VARCHAR(40) COMMENT 'What the sign says', opened DATE) "
        "COMMENT 'Stores we run'",
        "CREATE TABLE tickets (id INT PRIMARY KEY, shop_id INT, total DECIMAL(8, 2), sold_at DATETIME, "
        "paid BOOLEAN, kind ENUM('card', 'cash'), code BLOB, FOREIGN KEY (shop_id) REFERENCES shops (id))",
        "CREATE TABLE staff (id INT, name VARCHAR(20))",
        "CREATE TABLE sales.refunds (id INT PRIMARY KEY, ticket_id INT, amount DOUBLE, "
        "FOREIGN KEY (ticket_id) REFERENCES shop_meta.tickets (id))",
        "CREATE TABLE sales.staff (id INT, region VARCHAR(20))", "INSERT INTO sales.staff VALUES (1, 'East')",
        "CREATE TABLE Loose (Id INT, ShopRef INT COMMENT 'references shops.id')",
        _VIEW, "CREATE TABLE secrets (id INT, note TEXT)",
        *_rows("sales.refunds", "Loose", "X'01'"),
    ),
}

# The shop as a folder of Parquet tables (Spark has no DDL for a folder): each table's rows as DuckDB
# writes them, its column comments as Spark keeps them (a Parquet field's metadata), and its keys in
# the folder's keys file.
SPARK_FOLDERS: dict[str, str] = {
    "shops": "SELECT * FROM (VALUES (1, 'North', DATE '2024-01-02'), (2, 'South', DATE '2024-03-04')) "
             "AS t(id, name, opened)",
    "tickets": "SELECT id, shop_id, total::DECIMAL(8, 2) AS total, sold_at::TIMESTAMP AS sold_at, paid, kind, "
               "code::BLOB AS code FROM (VALUES (1, 1, 120.50, '2025-01-01 10:00:00', true, 'card', '\\x01'), "
               "(2, 2, 80, '2025-02-01 11:00:00', false, 'cash', NULL)) AS t(id, shop_id, total, sold_at, paid, "
               "kind, code)",
    "refunds": "SELECT * FROM (VALUES (1, 2, 80.0::DOUBLE), (2, 1, 20.5)) AS t(id, ticket_id, amount)",
    "staff": "SELECT 1 AS id, 'Ann' AS name",
    "Loose": 'SELECT 1 AS "Id", 1 AS "ShopRef"',
}
SPARK_COMMENTS = {("shops", "name"): "What the sign says", ("Loose", "ShopRef"): "references shops.id"}
SPARK_KEYS = {"shops": {"primary_key": ["id"]},
              "tickets": {"primary_key": ["id"], "foreign_keys": [[["shop_id"], "shops", ["id"]]]},
              "refunds": {"primary_key": ["id"], "foreign_keys": [[["ticket_id"], "tickets", ["id"]]]}}
_SPARK_TYPES = {"INTEGER": "integer", "VARCHAR": "string", "DATE": "date"}  # the commented tables' DuckDB types

Fixtures = Callable[[str], Any]  # request.getfixturevalue: a conftest fixture by name


def _sqlite(get: Fixtures) -> str:
    path = get("tmp_path_factory").mktemp("shop") / "shop.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        for statement in DDL["sqlite"]:
            conn.execute(statement)
        conn.commit()
    return str(path)


def _duckdb(get: Fixtures) -> str:
    import duckdb

    path = get("tmp_path_factory").mktemp("shop") / "shop.db"  # named .db: opened as DuckDB by its header
    with closing(duckdb.connect(str(path))) as conn:
        for statement in DDL["duckdb"]:
            conn.execute(statement)
    return str(path)


def _postgres(get: Fixtures) -> str:
    """The shop in its own database, read as the plain role (which may not read ``secrets``); made again
    when asked twice."""
    from tests.pg_server import READER, READER_PASSWORD

    server = get("pg_server")
    server.admin("DROP DATABASE IF EXISTS shop_meta WITH (FORCE)", "CREATE DATABASE shop_meta")
    server.admin(*DDL["postgres"], f"GRANT USAGE ON SCHEMA sales TO {READER}",
                 f'GRANT SELECT ON shops, tickets, big_tickets, staff, "Loose", sales.refunds, sales.staff TO {READER}',
                 database="shop_meta")
    return server.url("shop_meta", user=READER, password=READER_PASSWORD)


def _mysql(get: Fixtures) -> str:
    """The shop in database ``shop_meta`` and ``sales`` beside it, read as a user who may not read ``secrets``
    (made again when asked twice: tests/test_mysql.py reads it with a URL option)."""
    server = get("mysql_server")
    server.admin("DROP DATABASE IF EXISTS sales", "DROP DATABASE IF EXISTS shop_meta", "DROP USER IF EXISTS meta",
                 "CREATE DATABASE shop_meta", "CREATE DATABASE sales")
    server.admin(*DDL["mysql"], "CREATE USER meta IDENTIFIED BY 'meta-pw'",
                 *(f"GRANT SELECT ON shop_meta.{t} TO meta" for t in ("shops", "tickets", "big_tickets", "staff",
                                                                       "Loose")),
                 "GRANT SELECT ON sales.* TO meta", database="shop_meta")
    return server.url("shop_meta", user="meta", password="meta-pw")


def _spark(get: Fixtures) -> str:
    import duckdb

    get("spark_ready")
    root = get("tmp_path_factory").mktemp("shop") / "shop"
    with closing(duckdb.connect()) as conn:
        for name, sql in SPARK_FOLDERS.items():
            (root / name).mkdir(parents=True)
            _write_parquet(conn, sql, root / name / "part-0.parquet",
                           {column: note for (table, column), note in SPARK_COMMENTS.items() if table == name})
    (root / "_nl2sql_keys.json").write_text(json.dumps({"tables": SPARK_KEYS}))
    return f"spark:///{root}"


def _write_parquet(conn: Any, sql: str, out: Path, comments: dict[str, str]) -> None:
    """``sql``'s rows as a Parquet file; ``comments`` go where Spark keeps a column's comment (the
    Spark schema in the file's metadata), as a Parquet file written by Spark itself has them."""
    if not comments:
        conn.sql(sql).write_parquet(str(out))
        return
    rows = conn.sql(sql)
    fields = [{"name": column, "type": _SPARK_TYPES[str(kind)], "nullable": True,
               "metadata": {"comment": comments[column]} if column in comments else {}}
              for column, kind in zip(rows.columns, rows.types, strict=True)]
    spark_schema = json.dumps({"type": "struct", "fields": fields}).replace("'", "''")
    conn.execute(f"COPY ({sql}) TO '{out}' "
                 f"(FORMAT PARQUET, KV_METADATA {{'org.apache.spark.sql.parquet.row.metadata': '{spark_schema}'}})")


# -- What each engine reads of it -----------------------------------------------------------------------

@dataclass(frozen=True)
class Shop:
    """One engine's shop: how it is built and opened, and what its catalogue reads where engines differ."""
    build: Callable[[Fixtures], str]  # makes the shop; the --db target that opens it
    adapter: str  # the class open_database picks for that target
    tables: tuple[str, ...]  # every table and view the catalogue lists, as it names them
    code: object  # tickets.code (the engine's own opaque type) of the first ticket, as it reads back
    refunds_sql: str  # how the built-in engine's SQL names the refunds table
    loose_sql: str  # ... and the mixed-case "Loose"
    views: tuple[str, ...] = ("big_tickets",)  # the tables read as views
    table_comments: bool = True  # False: the engine keeps none, and the description is empty
    column_comments: bool = True  # ... for a column's (and a key declared in one is no key)

    @property
    def refunds(self) -> str:
        """The refunds table as the catalogue names it: qualified where it is off the search path."""
        return next(t for t in self.tables if t.rpartition(".")[2] == "refunds")

    @property
    def namespaced(self) -> dict[str, str]:
        """The tables named with their schema, and that schema (the tables off the search path)."""
        return {t: t.partition(".")[0] for t in self.tables if "." in t}


_SERVER_TABLES = ("Loose", "big_tickets", "sales.refunds", "sales.staff", "shops", "staff", "tickets")
SHOPS: dict[str, Shop] = {
    "sqlite": Shop(_sqlite, "SqliteDatabase", ("Loose", "big_tickets", "refunds", "shops", "staff", "tickets"),
                   code=b"\x01", refunds_sql="FROM refunds", loose_sql="FROM Loose",
                   table_comments=False, column_comments=False),
    # DuckDB finds a table of any schema by its bare name: sales.refunds is "refunds"; of the two
    # "staff", the one bare queries find (see test_a_name_in_two_schemas_is_the_search_paths_first)
    "duckdb": Shop(_duckdb, "DuckdbDatabase", ("Loose", "big_tickets", "refunds", "shops", "staff", "tickets"),
                   code=_UUID, refunds_sql="FROM refunds", loose_sql="FROM Loose"),
    "postgres": Shop(_postgres, "PostgresDatabase", _SERVER_TABLES, code=_UUID, refunds_sql='FROM "sales"."refunds"',
                     loose_sql='FROM "Loose"'),
    "mysql": Shop(_mysql, "MysqlDatabase", _SERVER_TABLES, code=b"\x01", refunds_sql="FROM `sales`.`refunds`",
                  loose_sql="FROM Loose"),
    # a folder of files: no views, no schemas, no table comments (a column's is in its Parquet field)
    "spark": Shop(_spark, "SparkDatabase", ("Loose", "refunds", "shops", "staff", "tickets"), code=b"\x01",
                  refunds_sql="FROM refunds", loose_sql="FROM Loose", views=(), table_comments=False),
}

# tickets' columns as every engine reads them, whatever its own types.
TICKET_KINDS = [("id", "integer"), ("shop_id", "integer"), ("total", "real"), ("sold_at", "date"),
                ("paid", "boolean"), ("kind", "text"), ("code", "other")]
SHOP_KINDS = [("id", "integer"), ("name", "text"), ("opened", "date")]
ROW_COUNTS = {"Loose": 1, "big_tickets": 1, "refunds": 2, "shops": 2, "staff": 1, "tickets": 2}  # by bare name
PRIMARY_KEYS = {"refunds": ["id"], "shops": ["id"], "tickets": ["id"]}  # by bare name; the rest have none


@dataclass(frozen=True)
class Opened:
    """The shop opened in one engine, with what that engine is expected to read of it."""
    name: str
    spec: Shop
    db: Database


@pytest.fixture(scope="module")
def shop(request: pytest.FixtureRequest) -> Iterator[Opened]:
    """The shop in one engine, built through conftest's fixtures for it and opened once per module."""
    spec = SHOPS[request.param]
    with closing(open_database(spec.build(request.getfixturevalue))) as db:
        yield Opened(request.param, spec, db)


def _table(shop: Opened, name: str) -> Table:
    table = shop.db.schema.table(name)
    assert table is not None, f"{shop.name} lists no table {name}"
    return table


def _column(shop: Opened, table: str, name: str) -> Column:
    column = _table(shop, table).column(name)
    assert column is not None, f"{shop.name} lists no column {table}.{name}"
    return column


EACH = pytest.mark.parametrize("shop", list(SHOPS), indirect=True)  # every engine's shop


# -- The contract -----------------------------------------------------------------------------------------

def test_every_engine_of_the_database_contract_has_a_shop() -> None:
    """A new adapter joins both contracts: its entry in ENGINES wants one here too."""
    assert list(SHOPS) == list(ENGINES)


@EACH
def test_the_target_opens_with_the_engines_adapter(shop: Opened) -> None:
    assert type(shop.db).__name__ == shop.spec.adapter


@EACH
def test_every_readable_table_and_view_is_listed_by_the_name_queries_use(shop: Opened) -> None:
    """The search path's tables by bare name, another schema's qualified (DuckDB's bare: it finds every
    schema's), a table the user may not read left out."""
    assert [t.name for t in shop.db.schema.tables] == list(shop.spec.tables)
    assert {t.name: t.namespace for t in shop.db.schema.tables if t.namespace} == shop.spec.namespaced


@EACH
def test_views_are_read_as_views(shop: Opened) -> None:
    """A view may leave rows out: a join path goes through one only when no path of stored tables exists."""
    assert {t.name for t in shop.db.schema.tables if not t.stored} == set(shop.spec.views)


@EACH
def test_tables_and_views_count_their_rows(shop: Opened) -> None:
    assert {t.name: t.row_count for t in shop.db.schema.tables} == \
        {name: ROW_COUNTS[name.rpartition(".")[2]] for name in shop.spec.tables}


@EACH
def test_comments_are_descriptions(shop: Opened) -> None:
    assert _table(shop, "shops").description == ("Stores we run" if shop.spec.table_comments else "")
    assert _column(shop, "shops", "name").description == ("What the sign says" if shop.spec.column_comments else "")


@EACH
def test_primary_keys(shop: Opened) -> None:
    assert {t.name: [c.name for c in t.columns if c.primary_key] for t in shop.db.schema.tables} == \
        {name: PRIMARY_KEYS.get(name.rpartition(".")[2], []) for name in shop.spec.tables}


@EACH
def test_foreign_keys_declared_in_the_schema_or_in_a_comment(shop: Opened) -> None:
    """A key the database declares, across schemas too, and a column comment "references table.column"
    (a join key the database does not enforce) where the engine keeps comments."""
    declared = {("tickets", "shop_id", "shops", "id"), (shop.spec.refunds, "ticket_id", "tickets", "id")}
    commented = {("Loose", "ShopRef", "shops", "id")} if shop.spec.column_comments else set()
    assert {(fk.table, fk.column, fk.ref_table, fk.ref_column)
            for t in shop.db.schema.tables for fk in t.foreign_keys} == declared | commented


@EACH
def test_each_engines_types_read_as_the_same_kinds(shop: Opened) -> None:
    assert [(c.name, c.kind) for c in _table(shop, "tickets").columns] == TICKET_KINDS
    assert [(c.name, c.kind) for c in _table(shop, "shops").columns] == SHOP_KINDS


@EACH
def test_a_text_columns_values_are_listed_in_the_order_of_their_rows(shop: Opened) -> None:
    """An enumerated type's labels are text values like any other's."""
    assert _column(shop, "shops", "name").values == ("North", "South")
    assert _column(shop, "tickets", "kind").values == ("card", "cash")


@EACH
def test_values_come_back_plain(shop: Opened) -> None:
    """Money as a float, a moment as SQLite's text, a flag as 1 or 0 (or True and False, which equal them)."""
    assert shop.db.execute("SELECT total, sold_at, paid, code FROM tickets ORDER BY id").rows == (
        (120.5, "2025-01-01 10:00:00", 1, shop.spec.code), (80.0, "2025-02-01 11:00:00", 0, None))
    assert shop.db.execute(f"SELECT amount FROM {shop.spec.refunds} ORDER BY id").rows == ((80.0,), (20.5,))


@EACH
def test_the_catalogue_describes_the_table_a_bare_name_finds(shop: Opened) -> None:
    """Of two tables named staff (the search path's and another schema's), the one the catalogue
    describes by the bare name is the one a query by that name reads."""
    assert [c.name for c in _table(shop, "staff").columns] == list(shop.db.execute("SELECT * FROM staff").columns)


@EACH
def test_a_name_in_two_schemas_is_the_search_paths_first(shop: Opened) -> None:
    """The bare name is the default schema's table (public, main, the URL's database), as people mean it."""
    assert [c.name for c in _table(shop, "staff").columns] == ["id", "name"]
    assert shop.db.execute("SELECT * FROM staff").rows == ((1, "Ann"),)


@EACH
def test_the_builtin_engine_reaches_another_schema_and_a_mixed_case_name(shop: Opened) -> None:
    engine = BuiltinEngine(today=TODAY)
    total = engine.draft("total amount of refunds", shop.db).sql
    assert shop.spec.refunds_sql in total and shop.db.execute(total).rows == ((100.5,),), total
    for question in ("how many loose are there", "how many Loose are there"):
        loose = engine.draft(question, shop.db).sql
        assert shop.spec.loose_sql in loose and shop.db.execute(loose).rows == ((1,),), loose
