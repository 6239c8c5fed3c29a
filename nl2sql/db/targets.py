"""What a ``--db`` or ``--out`` string names: which engine, and where.

A file is told apart by its first bytes, not its suffix, because people name DuckDB files
``.db`` as often as SQLite ones. URLs follow SQLAlchemy's convention: ``sqlite:///rel.db`` and
``sqlite:////abs.db``, the same for ``duckdb:``. Nothing here imports a driver.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nl2sql.errors import UsageError

SQLITE, DUCKDB = "sqlite", "duckdb"
# Engines reached by URL that a later change adds; until then they get one clear line.
_PLANNED = ("postgresql", "postgres", "mysql", "mariadb", "spark", "sc")
DUCKDB_SUFFIXES = (".duckdb", ".ddb")


@dataclass(frozen=True)
class Target:
    engine: str
    path: Path
    display: str


def file_engine(path: Path) -> str | None:
    """The engine whose file this is, from its header; None for anything else.

    SQLite files start with "SQLite format 3"; DuckDB files carry "DUCK" at byte 8. An empty file
    is a new SQLite database, as sqlite3 itself treats it."""
    with path.open("rb") as handle:
        header = handle.read(16)
    if header.startswith(b"SQLite format 3") or not header:
        return SQLITE
    if header[8:12] == b"DUCK":
        return DUCKDB
    return None


def _url_path(rest: str) -> Path:
    """``/rel.db`` -> rel.db, ``//abs.db`` -> /abs.db (three slashes relative, four absolute)."""
    return Path(rest[1:] if rest.startswith("/") and not rest.startswith("//") else rest).expanduser()


def parse_url(target: str) -> Target:
    """A ``scheme://...`` target; refuses what cannot be opened with one line that says why."""
    scheme, _, rest = target.partition("://")
    scheme = scheme.lower()
    if scheme in (SQLITE, DUCKDB):
        if rest.strip("/") in ("", ":memory:"):
            raise UsageError(f"{target} names an empty in-memory database, with nothing to ask about; "
                             f"give a {scheme} file, e.g. {scheme}:///shop.{'db' if scheme == SQLITE else 'duckdb'}.")
        return Target(scheme, _url_path(rest), target)
    if scheme in _PLANNED:
        raise UsageError(f"Databases of type {scheme!r} are not supported yet; use a SQLite or DuckDB file "
                         "(see docs/databases.md).")
    raise UsageError(f"Unknown database URL scheme {scheme!r}: use sqlite:/// or duckdb:///, or a file path.")


def output_target(out: str | Path) -> Target:
    """Where ``fixtures build --out`` writes: a URL, or a path whose suffix names the engine."""
    text = str(out)
    if "://" in text:
        return parse_url(text)
    path = Path(text).expanduser()
    return Target(DUCKDB if path.suffix.lower() in DUCKDB_SUFFIXES else SQLITE, path, path.name)
