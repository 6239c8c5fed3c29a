"""Benchmark databases copied into another engine for ``eval --on``, through the fixture loader.

A copy is made once per source file and kept in nl2sql's cache directory, named after the
source's path, size and modification time, so an edited source gets a fresh copy and a rerun
copies nothing.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from nl2sql.db.loader import LOADER_VERSION, load
from nl2sql.db.targets import DUCKDB, Target
from nl2sql.errors import UsageError
from nl2sql.paths import cache_dir

ENGINES = ("sqlite", DUCKDB)


def copy_path(source: Path, engine: str) -> Path:
    """Where the copy of ``source`` in ``engine`` lives (whether or not it is made yet)."""
    if engine not in ENGINES:
        raise UsageError(f"--on {engine} is not supported yet; use one of: {', '.join(ENGINES)}.")
    stat = source.stat()
    stamp = f"{source.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{LOADER_VERSION}"
    digest = hashlib.sha256(stamp.encode()).hexdigest()[:12]
    return cache_dir() / "benchmark-copies" / engine / f"{source.stem}-{digest}.{engine}"


def prepare_copies(sources: list[Path], engine: str) -> None:
    """Make every copy that is missing (in the calling process, before workers open them)."""
    for source in sources:
        if not source.is_file():
            continue
        out = copy_path(source, engine)
        if not out.is_file():
            load(source, Target(engine, out, out.name))
