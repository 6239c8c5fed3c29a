"""Copy a SQLite database into another engine: the one loader behind ``fixtures build --out
x.duckdb|postgresql://...|mysql://...|spark:///dir`` and ``eval --on duckdb|postgresql://...|mysql://...|spark``.

The copy keeps every row (``plan`` types the columns and keeps the keys the rows keep); ``duckdb``
writes a DuckDB file, ``postgres`` PostgreSQL, ``mysql`` MySQL and MariaDB, ``spark`` a folder of
Parquet tables. These are nl2sql's only writers: they read databases through nl2sql/db, which
writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nl2sql.db.targets import DUCKDB, MYSQL, POSTGRES, SPARK, Target
from nl2sql.errors import UsageError
from nl2sql.fixture_load.plan import plan, read_sqlite

# Bump when the copy changes (types, keys), so that cached benchmark copies are made again.
LOADER_VERSION = 3


@dataclass(frozen=True)
class LoadReport:
    rows: dict[str, int]
    dropped_keys: tuple[str, ...]  # keys the rows break, left out of the copy


def load(source: Path, target: Target) -> LoadReport:
    """Copy the SQLite file ``source`` to ``target``, replacing it atomically as the SQLite build does
    (a file is renamed into place; a server's tables are replaced in one transaction)."""
    if target.engine not in (DUCKDB, POSTGRES, MYSQL, SPARK) or (target.engine == SPARK and target.is_server):
        raise UsageError(f"Cannot load into {target.display} (a {target.engine} target).")
    tables = read_sqlite(source)
    dropped = plan(tables, align=target.engine in (DUCKDB, SPARK))
    if target.engine == SPARK:
        from nl2sql.fixture_load.spark import write_spark

        write_spark(tables, target.path)
        return LoadReport({t.name: len(t.rows) for t in tables}, tuple(dropped))
    if target.engine in (POSTGRES, MYSQL):
        if target.engine == POSTGRES:
            from nl2sql.fixture_load.postgres import write_postgres

            write_postgres(tables, target)
        else:
            from nl2sql.fixture_load.mysql import write_mysql

            write_mysql(tables, target)
        return LoadReport({t.name: len(t.rows) for t in tables}, tuple(dropped))
    out = target.path
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f".{out.name}.partial")
    partial.unlink(missing_ok=True)
    partial.with_name(partial.name + ".wal").unlink(missing_ok=True)
    from nl2sql.fixture_load.duckdb import write_duckdb

    try:
        write_duckdb(tables, partial)
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
        partial.with_name(partial.name + ".wal").unlink(missing_ok=True)
    return LoadReport({t.name: len(t.rows) for t in tables}, tuple(dropped))
