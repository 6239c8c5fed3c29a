"""Named databases from the config file, as pgcli's ``[alias_dsn]``: ``--db shop`` opens a stored URL.

The config file's ``[databases]`` table is read and checked by nl2sql/config.py; here a name becomes
the URL a driver is given. Which wins when a name could mean two things is nl2sql/opening.py's order:
a file that exists under that name, then the config file's name, then a bundled fixture. A name
with ``/`` or ``://`` is never looked up. The password travels to the driver as the URL's
``password`` parameter, which ``targets.redact`` takes out of everything shown or stored, so the
display name is the URL without it.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from nl2sql.errors import UsageError


def named_url(target: str) -> str | None:
    """The URL (password included, for the driver only) that the config file stores under ``target``;
    None when ``target`` is a URL, a path, an existing file or a name the file does not hold."""
    if "://" in target or "/" in target or Path(target).expanduser().is_file():
        return None
    from nl2sql.config import config_path, database_entry, database_password, warn_if_readable

    entry = database_entry(target)
    if entry is None:
        return None
    from nl2sql.db.targets import redact

    url, password = entry["url"], database_password(target, entry)
    if "password" in entry or redact(url) != url:
        warn_if_readable(config_path())
    return _with_password(target, url, password) if password else url


def _with_password(name: str, url: str, password: str) -> str:
    """``url`` with ``password`` as its ``password`` parameter (libpq and the MySQL adapter read it)."""
    from nl2sql.db.targets import SERVER_SCHEMES, redact

    scheme = url.partition("://")[0].lower()
    if scheme not in SERVER_SCHEMES:
        raise UsageError(f"[databases.{name}] has a password, but {scheme}:// databases take none.")
    if redact(url) != url:
        raise UsageError(f"[databases.{name}] gives a password in its url and beside it; keep one.")
    return f"{url}{'&' if '?' in url else '?'}password={quote(password, safe='')}"
