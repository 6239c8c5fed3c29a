"""Databases: open one by fixture name, path or URL; introspect; run read-only statements."""

from __future__ import annotations

from pathlib import Path

from nl2sql.db.database import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database, QueryResult
from nl2sql.db.schema import Column, ForeignKey, Schema, Table
from nl2sql.db.targets import DUCKDB, DUCKDB_SUFFIXES, MYSQL, SPARK, SQLITE, Target, file_engine, parse_url
from nl2sql.errors import UsageError

__all__ = [
    "DEFAULT_MAX_ROWS", "DEFAULT_TIMEOUT_S", "Column", "Database", "ForeignKey", "QueryResult",
    "Schema", "Table", "open_database", "server_sidecar", "sidecar_for",
]

_SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3", ".db3")
SIDECAR_SUFFIX = ".nl2sql.toml"


def sidecar_for(database_file: Path) -> Path:
    """Where a database file's own domain config lives: ``shop.db`` -> ``shop.db.nl2sql.toml``."""
    return database_file.with_name(database_file.name + SIDECAR_SUFFIX)


def server_sidecar(target: Target) -> Path:
    """Where a server database's domain config lives, as a file has one beside it: in nl2sql's data
    directory, named after the host, port and database (never the user or the password)."""
    import re
    from urllib.parse import urlsplit

    from nl2sql.paths import data_dir

    parts = urlsplit(target.display)
    where = f"{parts.hostname or 'local'}-{parts.port or 'default'}-{parts.path.strip('/') or 'default'}"
    return data_dir() / "databases" / f"{target.engine}-{re.sub(r'[^A-Za-z0-9_.-]', '_', where)}{SIDECAR_SUFFIX}"


def _open_server(target: Target) -> Database:
    """A database server by URL; failing to connect (password, host, database) is one line, exit 2."""
    db: Database
    if target.engine == SPARK:
        from nl2sql.db.spark import SparkDatabase

        db = SparkDatabase.connect(target.url, display_name=target.display)
    elif target.engine == MYSQL:
        from nl2sql.db.mysql import MysqlDatabase

        db = MysqlDatabase(target.url, display_name=target.display)
    else:
        from nl2sql.db.postgres import PostgresDatabase

        db = PostgresDatabase(target.url, display_name=target.display)
    sidecar = server_sidecar(target)
    if sidecar.is_file():
        db.domain_file = sidecar
    return db


def _with_sidecar(db: Database, path: Path) -> Database:
    for candidate in (sidecar_for(path), path.with_suffix(".nl2sql.toml")):
        if candidate.is_file():
            db.domain_file = candidate
            break
    return db


def _open_file(engine: str, path: Path, display: str) -> Database:
    """The adapter for ``engine`` on ``path``; a file it cannot open is a usage error (exit 2)."""
    from nl2sql.errors import DatabaseError

    try:
        if engine == DUCKDB:
            from nl2sql.db.duckdb import DuckdbDatabase

            return _with_sidecar(DuckdbDatabase(path, display_name=display), path)
        from nl2sql.db.sqlite import SqliteDatabase

        return _with_sidecar(SqliteDatabase(path, display_name=display), path)
    except DatabaseError as err:
        raise UsageError(str(err)) from None


def _open_folder(target: Target) -> Database:
    """A folder of tables (one sub-folder each) read by a local Spark session; its domain config
    sits beside it (``shop`` -> ``shop.nl2sql.toml``)."""
    from nl2sql.db.spark import SparkDatabase

    return _with_sidecar(SparkDatabase.local(target.path, display_name=target.display), target.path)


def open_database(target: str) -> Database:
    """Open ``target``: a bundled fixture name, a SQLite or DuckDB file, a ``sqlite:///`` or
    ``duckdb:///`` URL, a ``postgresql://`` or ``mysql://`` server, a ``spark:///`` folder or an
    ``sc://`` Spark Connect server. Files are told apart by their header; drivers are imported on use.
    A name the config file's ``[databases]`` holds opens its URL (nl2sql/db/named.py says which wins
    when a name is also a file or a fixture)."""
    from nl2sql.db.named import named_url

    target = named_url(target) or target

    if "://" in target:
        url = parse_url(target)
        if url.is_server:
            return _open_server(url)
        if url.engine == SPARK:
            return _open_folder(url)
        if not url.path.is_file():
            raise UsageError(f"No database file at {url.path} (from {target}).")
        found = file_engine(url.path)
        if found is not None and found != url.engine:
            raise UsageError(f"{url.path} is a {found} database, not a {url.engine} one; use {found}:///.")
        return _open_file(url.engine, url.path, target)
    path = Path(target).expanduser()
    if path.is_file():
        engine = file_engine(path)
        if engine is None:
            raise UsageError(f"{target} is not a SQLite or DuckDB database file.")
        return _open_file(engine, path, path.name)
    from nl2sql import fixtures

    if target in fixtures.available():
        db = _open_file(SQLITE, fixtures.cached(target), target)
        db.domain_file = fixtures.domain_file(target)
        return db
    if path.is_dir():
        raise UsageError(f"{target} is a folder, not a database file (a folder of tables is spark://{path.resolve()}).")
    if path.suffix.lower() in (*_SQLITE_SUFFIXES, *DUCKDB_SUFFIXES) or "/" in target:
        raise UsageError(f"No database file at {target}.")
    known = ", ".join(fixtures.available())
    raise UsageError(f"Unknown database {target!r}: not a file, a URL, a [databases] name in the config file, "
                     f"or a fixture name ({known}).")
