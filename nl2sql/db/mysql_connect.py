"""Connecting to MySQL or MariaDB: a ``mysql://`` (or ``mariadb://``) URL made into PyMySQL's
arguments, the password found where MySQL users keep it, and errors as one line without it.

The password comes from the URL (``mysql://user:secret@host/db``), else ``MYSQL_PWD``, else an
option file: the URL's ``read_default_file`` or ``~/.my.cnf`` when it exists, read as the ``mysql``
client reads its ``[client]`` group (it also fills in a user, host, port or database the URL leaves
out). What the URL says wins over the environment, which wins over the file.

Besides the server's own connection settings (``unix_socket``, ``charset``, ``connect_timeout``,
``ssl_ca``/``ssl_cert``/``ssl_key``/``ssl_verify_cert``/``ssl_verify_identity``), one parameter is
nl2sql's: ``databases`` names the other databases to read besides the URL's (a comma-separated list;
empty for none; every one the user may read when it is absent).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from nl2sql.db.drivers import load_driver
from nl2sql.errors import UsageError

CONNECT_TIMEOUT_S = 5
DEFAULT_PORT = 3306
_TEXT_PARAMS = ("unix_socket", "charset", "ssl_ca", "ssl_cert", "ssl_key", "read_default_file")
_FLAG_PARAMS = ("ssl_verify_cert", "ssl_verify_identity", "ssl_disabled")
_OPTION_FILE = "~/.my.cnf"


@dataclass
class MysqlUrl:
    """What a URL asks for: the driver's arguments, and which other databases to read."""

    params: dict[str, Any]
    others: tuple[str, ...] | None = None  # None: every database the user may read
    secret: str | None = field(default=None, repr=False)

    @property
    def database(self) -> str | None:
        return self.params.get("database")


def _flag(name: str, value: str) -> bool:
    lowered = value.lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise UsageError(f"The URL parameter {name} takes true or false, not {value!r}.")


def _query_params(query: str, params: dict[str, Any]) -> tuple[str, ...] | None:
    """The URL's query string into ``params``; returns the ``databases`` choice."""
    others: tuple[str, ...] | None = None
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key == "databases":
            others = tuple(n.strip() for n in value.split(",") if n.strip())
        elif key == "password":
            params["password"] = value
        elif key == "socket":
            params["unix_socket"] = value
        elif key in _TEXT_PARAMS:
            params[key] = value
        elif key in _FLAG_PARAMS:
            params[key] = _flag(key, value)
        elif key == "connect_timeout":
            params[key] = int(value) if value.isdigit() else CONNECT_TIMEOUT_S
        else:
            raise UsageError(f"Unknown MySQL URL parameter {key!r} (see docs/databases.md).")
    return others


def parse_mysql_url(url: str) -> MysqlUrl:
    """``mysql://user:password@host:port/database?param=value`` as PyMySQL's arguments."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        raise UsageError("The MySQL URL's port is not a number.") from None
    params: dict[str, Any] = {"connect_timeout": CONNECT_TIMEOUT_S, "charset": "utf8mb4"}
    if parts.username:
        params["user"] = unquote(parts.username)
    if parts.password is not None:
        params["password"] = unquote(parts.password)
    if parts.hostname:
        params["host"] = parts.hostname
    if port:
        params["port"] = port
    database = unquote(parts.path.lstrip("/"))
    if database:
        params["database"] = database
    others = _query_params(parts.query, params)
    if "password" not in params and os.environ.get("MYSQL_PWD"):
        params["password"] = os.environ["MYSQL_PWD"]
    given = params.get("read_default_file")
    option_file = Path(given or _OPTION_FILE).expanduser()
    if option_file.is_file():
        params["read_default_file"] = str(option_file)
    elif given:
        raise UsageError(f"No MySQL option file at {given}.")
    return MysqlUrl(params, others, params.get("password") or None)


def one_line(err: BaseException, secret: str | None = None) -> str:
    """The server's (or the driver's) message as one line, never the password."""
    args: tuple[object, ...] = tuple(getattr(err, "args", ()))
    text = str(args[1]) if len(args) > 1 else str(err)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    line = lines[0] if lines else type(err).__name__
    return line.replace(secret, "***") if secret else line


def connect(url: MysqlUrl, display: str, what: str, **extra: Any) -> Any:
    """A PyMySQL connection (autocommit, one statement per call, no LOCAL INFILE); failing to
    connect is one line, exit 2."""
    pymysql = load_driver("pymysql", what)
    try:
        return pymysql.connect(**url.params, autocommit=True, local_infile=False, **extra)
    except pymysql.Error as err:
        raise UsageError(f"Cannot connect to {display}: {one_line(err, url.secret)}") from None
    except (OSError, ValueError) as err:  # an option file or a certificate that cannot be read
        raise UsageError(f"Cannot connect to {display}: {one_line(err, url.secret)}") from None
