"""Named databases from the config file, as pgcli's ``[alias_dsn]``: ``--db shop`` opens a stored URL.

    [databases]
    local = "duckdb:////home/me/data/sales.duckdb"        # a name for a URL
    [databases.shop]
    url = "postgresql://analyst@db.internal:5432/shop"
    password_env = "SHOP_PW"                              # or: password = "..." (then chmod 600 the file)

Which wins when a name could mean two things: a file that exists under that name (what the user
can see on disk), then the config file's name (chosen by the user), then a bundled fixture (demo
data, still reachable through ``nl2sql fixtures build``). A name with ``/`` or ``://`` is never
looked up. The password travels to the driver as the URL's ``password`` parameter, which
``targets.redact`` takes out of everything shown or stored, so the display name is the URL without
it. A config file holding a password that group or others may read gets a one-line warning on
stderr, as libpq gives for ~/.pgpass (libpq then ignores the file; here the user is only told,
because the file also holds the model settings).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

from nl2sql.errors import UsageError

_warned: set[Path] = set()


def named_url(target: str) -> str | None:
    """The URL (password included, for the driver only) that the config file stores under ``target``;
    None when ``target`` is a URL, a path, an existing file or a name the file does not hold."""
    if "://" in target or "/" in target or Path(target).expanduser().is_file():
        return None
    from nl2sql.config import config_path, read_config

    entries = read_config().get("databases")
    if not isinstance(entries, dict) or target not in entries:
        return None
    from nl2sql.db.targets import redact

    entry = {"url": entries[target]} if isinstance(entries[target], str) else entries[target]
    if not isinstance(entry, dict) or not isinstance(entry.get("url"), str):
        raise UsageError(f"[databases.{target}] in {config_path()} needs url = \"...\" (see docs/databases.md).")
    url, password = entry["url"], _password(target, entry)
    if "password" in entry or redact(url) != url:
        _warn_if_readable(config_path())
    return _with_password(target, url, password) if password else url


def _password(name: str, entry: dict[str, Any]) -> str | None:
    """The entry's password: ``password``, else the variable ``password_env`` names (which must be set)."""
    if "password" in entry and "password_env" in entry:
        raise UsageError(f"[databases.{name}] has both password and password_env; keep one.")
    if "password" in entry:
        return str(entry["password"])
    variable = entry.get("password_env")
    if variable is None:
        return None
    value = os.environ.get(str(variable))
    if not value:
        raise UsageError(f"[databases.{name}] takes its password from ${variable}, which is not set.")
    return value


def _with_password(name: str, url: str, password: str) -> str:
    """``url`` with ``password`` as its ``password`` parameter (libpq and the MySQL adapter read it)."""
    from nl2sql.db.targets import SERVER_SCHEMES, redact

    scheme = url.partition("://")[0].lower()
    if scheme not in SERVER_SCHEMES:
        raise UsageError(f"[databases.{name}] has a password, but {scheme}:// databases take none.")
    if redact(url) != url:
        raise UsageError(f"[databases.{name}] gives a password in its url and beside it; keep one.")
    return f"{url}{'&' if '?' in url else '?'}password={quote(password, safe='')}"


def _warn_if_readable(path: Path) -> None:
    """One line on stderr, once per file, when a file holding a password is open to group or others."""
    if os.name != "posix" or path in _warned:
        return
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        _warned.add(path)
        print(f"nl2sql: warning: {path} holds a database password and group or others may read it; "
              f"run chmod 600 {path}", file=sys.stderr)
