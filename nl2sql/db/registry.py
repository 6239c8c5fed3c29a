"""The engines nl2sql reads, and how each is opened: one opener per engine, whose adapter and driver
are imported only when a database of its kind is opened. Importing ``nl2sql.db``, or opening a
SQLite file, loads none of DuckDB, psycopg, PyMySQL or pyspark."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from nl2sql.db.database import Database
from nl2sql.db.targets import DUCKDB, MYSQL, POSTGRES, SPARK, SQLITE, Target


def _sqlite(path: Path, display: str) -> Database:
    from nl2sql.db.sqlite import SqliteDatabase

    return SqliteDatabase(path, display_name=display)


def _duckdb(path: Path, display: str) -> Database:
    from nl2sql.db.duckdb import DuckdbDatabase

    return DuckdbDatabase(path, display_name=display)


def _spark_folder(path: Path, display: str) -> Database:
    from nl2sql.db.spark import SparkDatabase

    return SparkDatabase.local(path, display_name=display)


def _postgres(target: Target) -> Database:
    from nl2sql.db.postgres import PostgresDatabase

    return PostgresDatabase(target.url, display_name=target.display)


def _mysql(target: Target) -> Database:
    from nl2sql.db.mysql import MysqlDatabase

    return MysqlDatabase(target.url, display_name=target.display)


def _spark_connect(target: Target) -> Database:
    from nl2sql.db.spark.connect import SparkConnectDatabase

    return SparkConnectDatabase.open(target.url, display_name=target.display)


# A file (or a folder of tables) by its engine: the path and the name it is shown under.
FILES: dict[str, Callable[[Path, str], Database]] = {SQLITE: _sqlite, DUCKDB: _duckdb, SPARK: _spark_folder}
# A server by its engine, from its target (the URL for the driver, the name shown without the password).
SERVERS: dict[str, Callable[[Target], Database]] = {POSTGRES: _postgres, MYSQL: _mysql, SPARK: _spark_connect}
