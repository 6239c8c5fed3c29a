"""Databases: open one by fixture name, path or URL; introspect; run read-only statements."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from nl2sql.db.database import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database, QueryResult
from nl2sql.db.schema import Column, ForeignKey, Schema, Table
from nl2sql.errors import UsageError

if TYPE_CHECKING:
    from nl2sql.db.sqlite import SqliteDatabase

__all__ = [
    "DEFAULT_MAX_ROWS", "DEFAULT_TIMEOUT_S", "Column", "Database", "ForeignKey", "QueryResult",
    "Schema", "Table", "open_database", "sidecar_for",
]

_SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3", ".db3")
SIDECAR_SUFFIX = ".nl2sql.toml"


def sidecar_for(database_file: Path) -> Path:
    """Where a database file's own domain config lives: ``shop.db`` -> ``shop.db.nl2sql.toml``."""
    return database_file.with_name(database_file.name + SIDECAR_SUFFIX)


def _with_sidecar(db: SqliteDatabase) -> SqliteDatabase:
    for candidate in (sidecar_for(db.path), db.path.with_suffix(".nl2sql.toml")):
        if candidate.is_file():
            db.domain_file = candidate
            break
    return db


def open_database(target: str) -> Database:
    """Open ``target``: a bundled fixture name, a SQLite file, or a ``sqlite:///`` URL."""
    from nl2sql import fixtures
    from nl2sql.db.sqlite import SqliteDatabase

    if "://" in target:
        scheme, _, rest = target.partition("://")
        if scheme == "sqlite":
            return _with_sidecar(SqliteDatabase(
                rest[1:] if rest.startswith("/") and not rest.startswith("//") else rest, display_name=target))
        raise UsageError(f"Databases of type {scheme!r} are not supported yet; use a SQLite file or a fixture name.")
    path = Path(target).expanduser()
    if path.is_file():
        with path.open("rb") as handle:
            header = handle.read(16)
        if header.startswith(b"SQLite format 3") or path.stat().st_size == 0:
            return _with_sidecar(SqliteDatabase(path, display_name=path.name))
        raise UsageError(f"{target} is not a SQLite database file.")
    if target in fixtures.available():
        db = SqliteDatabase(fixtures.cached(target), display_name=target)
        db.domain_file = fixtures.domain_file(target)
        return db
    if path.suffix.lower() in _SQLITE_SUFFIXES or "/" in target:
        raise UsageError(f"No database file at {target}.")
    known = ", ".join(fixtures.available())
    raise UsageError(f"Unknown database {target!r}: not a file, a URL, or a fixture name ({known}).")
