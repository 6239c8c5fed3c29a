"""The engines nl2sql reads, and how each is opened: one opener per engine, whose adapter and driver
are imported only when a database of its kind is opened. Importing ``nl2sql.db``, or opening a
SQLite file, loads none of DuckDB, psycopg, PyMySQL or pyspark."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from operator import attrgetter
from pathlib import Path

from nl2sql.db.database import Database
from nl2sql.db.targets import DUCKDB, MYSQL, POSTGRES, SPARK, SQLITE

# Opens a database from where it is (a path, or a server's URL) and the name it is shown under.
Opener = Callable[[Path | str, str], Database]


def _opener(module: str, name: str) -> Opener:
    """An opener calling ``module``'s ``name`` (an adapter class or ``Class.method``), which is
    imported only when a database of its kind is opened."""
    def open_(where: Path | str, display: str) -> Database:
        opened: Database = attrgetter(name)(import_module(module))(where, display_name=display)
        return opened

    return open_


# A file (or a folder of tables) by its engine: the path and the name it is shown under.
FILES: dict[str, Opener] = {
    SQLITE: _opener("nl2sql.db.sqlite", "SqliteDatabase"), DUCKDB: _opener("nl2sql.db.duckdb", "DuckdbDatabase"),
    SPARK: _opener("nl2sql.db.spark", "SparkDatabase.local"),
}
# A server by its engine: the URL for the driver, and the name shown (without the password).
SERVERS: dict[str, Opener] = {
    POSTGRES: _opener("nl2sql.db.postgres", "PostgresDatabase"), MYSQL: _opener("nl2sql.db.mysql", "MysqlDatabase"),
    SPARK: _opener("nl2sql.db.spark.connect", "SparkConnectDatabase.open"),
}
