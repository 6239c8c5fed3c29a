"""Where a database's own domain config lives: beside a file (``shop.db`` -> ``shop.db.nl2sql.toml``) or
a folder of tables, and for a server in nl2sql's data directory, named after its host, port and database.

``fixtures build`` writes a fixture's config there, ``domain init`` drafts one there, and whoever
opens a session looks for it there (nl2sql/opening.py). The database handle itself knows nothing of it.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from nl2sql.db.targets import Target
from nl2sql.paths import data_dir

SIDECAR_SUFFIX = ".nl2sql.toml"


def sidecar_for(database_file: Path) -> Path:
    """Where a database file's own domain config lives: ``shop.db`` -> ``shop.db.nl2sql.toml``."""
    return database_file.with_name(database_file.name + SIDECAR_SUFFIX)


def server_sidecar(target: Target) -> Path:
    """Where a server database's domain config lives, as a file has one beside it: in nl2sql's data
    directory, named after the host, port and database (never the user or the password)."""
    parts = urlsplit(target.display)
    where = f"{parts.hostname or 'local'}-{parts.port or 'default'}-{parts.path.strip('/') or 'default'}"
    return data_dir() / "databases" / f"{target.engine}-{re.sub(r'[^A-Za-z0-9_.-]', '_', where)}{SIDECAR_SUFFIX}"


def found_beside(path: Path) -> Path | None:
    """The domain config beside a database file or folder (``shop.db.nl2sql.toml``, or ``shop.nl2sql.toml``)."""
    return next((c for c in (sidecar_for(path), path.with_suffix(SIDECAR_SUFFIX)) if c.is_file()), None)
