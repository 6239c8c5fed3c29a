"""What ``--db`` names, opened for a session: the database, and the domain config that belongs to it.

A name is looked for in this order: a file that exists under that name (what the user can see on
disk), then the config file's ``[databases]`` (chosen by the user), then a bundled fixture (demo data).
Files, URLs and ``[databases]`` names are nl2sql/db's to open; a fixture's name is opened here, as
its cached SQLite file. The domain config is found here too, by whoever opens the session (the CLI,
``open_session``, the evaluator): beside a file or a folder of tables, in the data directory for a
server, shipped with a fixture.
"""

from __future__ import annotations

from pathlib import Path

from nl2sql.db import Database, UnknownDatabase, open_database, open_file
from nl2sql.db.named import named_url
from nl2sql.db.targets import SQLITE, parse_url
from nl2sql.sidecars import found_beside, server_sidecar


def _fixture(target: str) -> str | None:
    """``target`` when it names a bundled fixture and nothing before one (a file, a URL, a ``[databases]`` name)."""
    if "://" in target or Path(target).expanduser().is_file() or named_url(target) is not None:
        return None
    from nl2sql import fixtures

    return target if target in fixtures.available() else None


def open_target(target: str) -> Database:
    """Open what ``--db`` names: a file, a URL, a ``[databases]`` name or a bundled fixture."""
    from nl2sql import fixtures

    if _fixture(target) is not None:
        return open_file(SQLITE, fixtures.cached(target), target)
    try:
        return open_database(target)
    except UnknownDatabase:
        raise UnknownDatabase(target, f", or a fixture name ({', '.join(fixtures.available())})") from None


def domain_file(target: str) -> Path | None:
    """The domain config that belongs to what ``--db`` names, if there is one."""
    if _fixture(target) is not None:
        from nl2sql import fixtures

        return fixtures.domain_file(target)
    target = named_url(target) or target
    if "://" not in target:
        path = Path(target).expanduser()
        return found_beside(path) if path.is_file() else None
    url = parse_url(target)
    if not url.is_server:
        return found_beside(url.path)
    sidecar = server_sidecar(url)
    return sidecar if sidecar.is_file() else None
