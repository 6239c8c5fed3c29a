"""Databases: open one by path or URL; introspect; run read-only statements.

Each engine is a folder (``sqlite/``, ``duckdb/``, ``postgres/``, ``mysql/``, ``spark/``): an adapter
and a catalogue over the skeleton in ``base.py``, opened through ``registry.py``. A bundled fixture's
name, and the domain config that belongs to a database, are for whoever opens the session
(``nl2sql/opening.py``): nothing here reads or writes either.
"""

from __future__ import annotations

from pathlib import Path

from nl2sql.db.database import DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S, Database, QueryResult
from nl2sql.db.schema import Column, ForeignKey, Schema, Table
from nl2sql.db.targets import DUCKDB_SUFFIXES, SPARK, file_engine, parse_url
from nl2sql.errors import UsageError

__all__ = [
    "DEFAULT_MAX_ROWS", "DEFAULT_TIMEOUT_S", "Column", "Database", "ForeignKey", "QueryResult",
    "Schema", "Table", "UnknownDatabase", "open_database", "open_file",
]

_SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3", ".db3")


class UnknownDatabase(UsageError):
    """A bare name that is not a file, a URL or a ``[databases]`` name."""

    def __init__(self, target: str, also: str = "") -> None:
        super().__init__(f"Unknown database {target!r}: not a file, a URL{', ' if also else ' or '}a [databases] "
                         f"name in the config file{also}.")
        self.target = target


def open_file(engine: str, path: Path, display: str) -> Database:
    """The adapter for ``engine`` on ``path``; a file it cannot open is a usage error (exit 2)."""
    from nl2sql.db.registry import FILES
    from nl2sql.errors import DatabaseError

    try:
        return FILES[engine](path, display)
    except DatabaseError as err:
        raise UsageError(str(err)) from None


def open_database(target: str) -> Database:
    """Open ``target``: a SQLite or DuckDB file, a ``sqlite:///`` or ``duckdb:///`` URL, a
    ``postgresql://`` or ``mysql://`` server, a ``spark:///`` folder or an ``sc://`` Spark Connect
    server. Files are told apart by their header; drivers are imported on use. A name the config
    file's ``[databases]`` holds opens its URL (nl2sql/db/named.py says which wins when a name is also
    a file); any other bare name is ``UnknownDatabase``. A server that cannot be reached is one line, exit 2."""
    from nl2sql.db.named import named_url

    target = named_url(target) or target

    if "://" in target:
        url = parse_url(target)
        if url.is_server:
            from nl2sql.db.registry import SERVERS

            return SERVERS[url.engine](url.url, url.display)
        if url.engine == SPARK:
            from nl2sql.db.registry import FILES

            return FILES[SPARK](url.path, url.display)
        if not url.path.is_file():
            raise UsageError(f"No database file at {url.path} (from {target}).")
        found = file_engine(url.path)
        if found is not None and found != url.engine:
            raise UsageError(f"{url.path} is a {found} database, not a {url.engine} one; use {found}:///.")
        return open_file(url.engine, url.path, target)
    path = Path(target).expanduser()
    if path.is_file():
        engine = file_engine(path)
        if engine is None:
            raise UsageError(f"{target} is not a SQLite or DuckDB database file.")
        return open_file(engine, path, path.name)
    if path.is_dir():
        raise UsageError(f"{target} is a folder, not a database file (a folder of tables is spark://{path.resolve()}).")
    if path.suffix.lower() in (*_SQLITE_SUFFIXES, *DUCKDB_SUFFIXES) or "/" in target:
        raise UsageError(f"No database file at {target}.")
    raise UnknownDatabase(target)
