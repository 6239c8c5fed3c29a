"""What a ``--db`` string (or a ``fixtures build --out`` URL) names: which engine, and where.

A file is told apart by its first bytes, not its suffix, because people name DuckDB files
``.db`` as often as SQLite ones. URLs follow SQLAlchemy's convention: ``sqlite:///rel.db`` and
``sqlite:////abs.db``, the same for ``duckdb:``. Server URLs (``postgresql://user@host:port/db``,
``postgres://``, ``mysql://user@host:port/db``, ``mariadb://``) are kept whole for the driver, and
shown only with their password taken out. ``spark:///dir`` (``spark:////abs/dir``) names a folder of
tables for a local Spark session; ``sc://host:port`` a Spark Connect server.
Nothing here imports a driver.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from nl2sql.errors import UsageError

SQLITE, DUCKDB, POSTGRES, MYSQL, SPARK = "sqlite", "duckdb", "postgresql", "mysql", "spark"
SERVER_SCHEMES = {"postgresql": POSTGRES, "postgres": POSTGRES, "mysql": MYSQL, "mariadb": MYSQL, "sc": SPARK}
DUCKDB_SUFFIXES = (".duckdb", ".ddb")
_URL_PASSWORD = re.compile(r"^([a-z][a-z0-9+.-]*://[^/@:?#]*):[^/@?#]*@", re.IGNORECASE)
_PARAM_PASSWORD = re.compile(r"([?&])password=[^&#]*&?", re.IGNORECASE)


@dataclass(frozen=True)
class Target:
    """Where ``--db`` points, told apart once: the engine, a path or URL, and a display name free of secrets."""
    engine: str
    path: Path
    display: str  # what nl2sql shows and stores: never a password
    url: str = ""  # a server's connection URL as given (it may hold a password): for the driver only

    @property
    def is_server(self) -> bool:
        return bool(self.url)


def redact(url: str) -> str:
    """``url`` without its password (``user:secret@`` and ``?password=``): the only form of a server
    URL that may reach output, errors, logs, history or saved state."""
    shown = _URL_PASSWORD.sub(r"\1@", url)
    return _PARAM_PASSWORD.sub(lambda m: m.group(1), shown).rstrip("?&")


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
    return Path(rest[1:] if rest.startswith("/") else rest).expanduser()


def parse_url(target: str) -> Target:
    """A ``scheme://...`` target; refuses what cannot be opened with one line that says why."""
    scheme, _, rest = target.partition("://")
    scheme = scheme.lower()
    if scheme in (SQLITE, DUCKDB):
        if rest.strip("/") in ("", ":memory:"):
            raise UsageError(f"{target} names an empty in-memory database, with nothing to ask about; "
                             f"give a {scheme} file, e.g. {scheme}:///shop.{'db' if scheme == SQLITE else 'duckdb'}.")
        return Target(scheme, _url_path(rest), target)
    if scheme == SPARK:
        if not rest.startswith("/") or rest.strip("/") == "":
            raise UsageError(f"{target} names no folder; give the folder of tables, e.g. spark:///data/shop "
                             "(relative) or spark:////abs/data/shop.")
        return Target(SPARK, _url_path(rest), target)
    if scheme in SERVER_SCHEMES:
        return Target(SERVER_SCHEMES[scheme], Path(), redact(target), url=target)
    raise UsageError(f"Unknown database URL scheme {scheme!r}: use sqlite:///, duckdb:///, postgresql://, "
                     "mysql://, spark:/// or sc://, or a file path.")
