"""Benchmark databases copied into another engine for ``eval --on``, through the fixture loader.

A copy is made once per source file, named after the source's path, size and modification time
(and the loader's version), so an edited source gets a fresh copy and a rerun copies nothing. A
DuckDB copy is a file in nl2sql's cache directory, a Spark copy a folder of Parquet tables there;
a PostgreSQL or MySQL copy is a database of its own on the server ``--on`` names
(``nl2sql_<db>_<digest>``), so each benchmark database keeps its own table names and its schema
shows nothing of the others.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from nl2sql.db.targets import DUCKDB, MYSQL, SERVER_SCHEMES, SPARK, Target, redact
from nl2sql.errors import UsageError
from nl2sql.fixture_load import LOADER_VERSION, load
from nl2sql.paths import cache_dir

ENGINES = ("sqlite", DUCKDB, SPARK)


def check_engine(on: str) -> str:
    """``on`` if eval can run there: sqlite, duckdb, spark (a local session over Parquet copies), or a
    postgresql:// or mysql:// server URL."""
    scheme = on.partition("://")[0].lower() if "://" in on else ""
    if on in ENGINES or (scheme in SERVER_SCHEMES and SERVER_SCHEMES[scheme] != SPARK):
        return on
    raise UsageError(f"--on {redact(on)} is not supported; use sqlite, duckdb, spark, or a postgresql://user@host/db "
                     "or mysql://user@host/db URL.")


def engine_name(on: str) -> str:
    """What a report calls the engine: ``duckdb``, or ``postgresql`` or ``mysql`` for a server (never its URL)."""
    return SERVER_SCHEMES.get(on.partition("://")[0].lower(), on) if "://" in on else on


def _digest(source: Path) -> str:
    stat = source.stat()
    stamp = f"{source.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{LOADER_VERSION}"
    return hashlib.sha256(stamp.encode()).hexdigest()[:12]


def copy_path(source: Path, engine: str) -> Path:
    """Where the copy of ``source`` in a file engine lives (whether or not it is made yet); Spark's is a folder."""
    if engine not in ENGINES:
        raise UsageError(f"--on {engine} is not supported yet; use one of: {', '.join(ENGINES)}.")
    return cache_dir() / "benchmark-copies" / engine / f"{source.stem}-{_digest(source)}.{engine}"


def database_name(source: Path) -> str:
    """The server database holding ``source``'s copy: within PostgreSQL's 63 characters (MySQL's 64)."""
    stem = re.sub(r"[^a-z0-9_]", "_", source.stem.lower())[:40]
    return f"nl2sql_{stem}_{_digest(source)}"


def copy_target(source: Path, on: str) -> str:
    """What ``open_database`` opens for the copy of ``source`` on ``on`` (a file path or a URL)."""
    if on == SPARK:
        return f"spark:///{copy_path(source, on).resolve()}"
    if "://" not in on:
        return str(copy_path(source, on))
    if engine_name(on) == MYSQL:
        from nl2sql.fixture_load.mysql import database_url as mysql_url

        return mysql_url(on, database_name(source))
    from nl2sql.fixture_load.postgres import database_url

    return database_url(on, database_name(source))


def prepare_copies(sources: list[Path], on: str) -> None:
    """Make every copy that is missing (in the calling process, before workers open them)."""
    for source in sources:
        if not source.is_file():
            continue
        if "://" in on:
            if engine_name(on) == MYSQL:
                from nl2sql.fixture_load.mysql import copy_database as copy_mysql

                copy_mysql(source, on, database_name(source))
                continue
            from nl2sql.fixture_load.postgres import copy_database

            copy_database(source, on, database_name(source))
            continue
        out = copy_path(source, on)
        if not out.exists():
            load(source, Target(on, out, out.name))
