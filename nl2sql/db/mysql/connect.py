"""Connecting to MySQL or MariaDB: a ``mysql://`` (or ``mariadb://``) URL made into PyMySQL's
arguments, the password found where MySQL users keep it, and errors as one line without it.

The password comes from the URL (``mysql://user:secret@host/db``), else ``MYSQL_PWD``, else an
option file: the URL's ``read_default_file`` or ``~/.my.cnf`` when it exists, read as the ``mysql``
client reads its ``[client]`` group (it also fills in a user, host, port or database the URL leaves
out). What the URL says wins over the environment, which wins over the file. nl2sql reads that file
itself, never PyMySQL: a file that is not an option file is one line that quotes none of it.

Besides the server's own connection settings (``unix_socket``, ``charset``, ``connect_timeout``,
``ssl_ca``/``ssl_cert``/``ssl_key``/``ssl_verify_cert``/``ssl_verify_identity``), one parameter is
nl2sql's: ``databases`` names the other databases to read besides the URL's (a comma-separated list;
empty for none; every one the user may read when it is absent). Any other parameter, or a bad
value, is one line naming it (url_options.py). Connecting, the whole handshake included, has a
wall-clock limit (``connect_timeout``): a server that accepts and stays silent, or drips its
greeting, is given up on when it runs out.
"""

from __future__ import annotations

import configparser
import os
import re
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from nl2sql.db.base import CONNECT_TIMEOUT_S
from nl2sql.db.base import one_line as first_line
from nl2sql.db.deadline import cut_after
from nl2sql.db.drivers import load_driver
from nl2sql.db.url_options import MYSQL, check_options
from nl2sql.errors import UsageError

DEFAULT_PORT = 3306
_TEXT_PARAMS = ("password", "unix_socket", "charset", "ssl_ca", "ssl_cert", "ssl_key", "read_default_file")
_FLAG_PARAMS = ("ssl_verify_cert", "ssl_verify_identity", "ssl_disabled")
_OPTION_FILE = "~/.my.cnf"
_OPTION_FILE_MAX = 64 * 1024
# What an option file's [client] group may fill in: where and who, as the driver's argument names.
_FILE_KEYS = {"user": "user", "password": "password", "host": "host", "port": "port", "database": "database",
              "socket": "unix_socket"}


@dataclass
class MysqlUrl:
    """What a URL asks for: the driver's arguments, and which other databases to read."""

    params: dict[str, Any]
    others: tuple[str, ...] | None = None  # None: every database the user may read
    secret: str | None = field(default=None, repr=False)

    @property
    def database(self) -> str | None:
        return self.params.get("database")

    @property
    def connect_timeout(self) -> float:
        return float(self.params["connect_timeout"])


def _query_params(query: str, params: dict[str, Any]) -> tuple[str, ...] | None:
    """The URL's query string into ``params``, reviewed options only; returns the ``databases`` choice."""
    others: tuple[str, ...] | None = None
    pairs = parse_qsl(query, keep_blank_values=True)
    check_options(pairs, MYSQL, "MySQL")
    for key, value in pairs:
        if key == "databases":
            others = tuple(n.strip() for n in value.split(",") if n.strip())
        elif key == "socket":
            params["unix_socket"] = value
        elif key in _TEXT_PARAMS:
            params[key] = value
        elif key in _FLAG_PARAMS:  # check_options let only true and false through, however spelled
            params[key] = value.lower() in ("1", "true", "yes", "on")
        elif key == "connect_timeout":
            params[key] = int(value)
    return others


def _parse_option_file(path: Path, text: str) -> dict[str, Any]:
    """The [client] group's where and who; a file that does not parse is named, never quoted."""
    parser = configparser.RawConfigParser(allow_no_value=True, strict=False, interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        raise UsageError(f"{path} is not a MySQL option file (it has lines outside a [group]"
                         " or that do not read as settings).") from None
    found: dict[str, Any] = {}
    if parser.has_section("client"):
        for key, value in parser.items("client"):
            name = _FILE_KEYS.get(key.replace("_", "-"))
            if name and value is not None:
                found[name] = _unquote(value.strip())
    if "port" in found:
        if not re.fullmatch(r"[0-9]+", str(found["port"])):
            raise UsageError(f"The MySQL option file {path} gives a port that is not a number.")
        found["port"] = int(found["port"])
    return found


def _unquote(value: str) -> str:
    """A value as the mysql client reads it: quotes around it are not part of it."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def read_option_file(path: Path, *, named: bool) -> dict[str, Any]:
    """An option file's [client] settings as the driver's arguments. A file the URL names must be
    readable; ``~/.my.cnf`` that cannot be read is passed over, as the ``mysql`` client does."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(_OPTION_FILE_MAX + 1)
    except OSError as err:
        if not named:
            return {}
        raise UsageError(f"Cannot read the MySQL option file {path}: {err.strerror or type(err).__name__}.") from None
    if len(raw) > _OPTION_FILE_MAX:
        raise UsageError(f"{path} is not a MySQL option file (over {_OPTION_FILE_MAX // 1024} KB).")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a MySQL option file (not UTF-8 text).") from None
    return _parse_option_file(path, text)


def _fill_from_option_file(params: dict[str, Any]) -> None:
    """What the URL and the environment leave out, from the option file; the URL's host wins over
    the file's socket (and the file's host over nothing)."""
    given = params.pop("read_default_file", None)
    option_file = Path(given or _OPTION_FILE).expanduser()
    if not option_file.is_file():
        if given:
            raise UsageError(f"No MySQL option file at {given}.")
        return
    for name, value in read_option_file(option_file, named=bool(given)).items():
        if name == "unix_socket" and "host" in params:
            continue
        params.setdefault(name, value)


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
    _fill_from_option_file(params)
    return MysqlUrl(params, others, params.get("password") or None)


def one_line(err: BaseException, secret: str | None = None) -> str:
    """The server's (or the driver's) message as one line, never the password."""
    args: tuple[object, ...] = tuple(getattr(err, "args", ()))
    return first_line(str(args[1]) if len(args) > 1 else str(err), type(err).__name__, secret)


def connect(url: MysqlUrl, display: str, what: str, **extra: Any) -> Any:
    """A PyMySQL connection (autocommit, one statement per call, no LOCAL INFILE); failing to
    connect, or the server not finishing its handshake within ``connect_timeout``, is one line, exit 2."""
    return connect_link(url, display, what, **extra)[0]


def connect_link(url: MysqlUrl, display: str, what: str, **extra: Any) -> tuple[Any, int]:
    """``connect``, and the descriptor of the connection's socket, which stays the connection's for
    as long as it is open (TLS wraps the same one): what a wall-clock limit shuts down."""
    pymysql = load_driver("pymysql", what)
    deadline = time.monotonic() + url.connect_timeout
    try:
        conn = pymysql.connect(**url.params, autocommit=True, local_infile=False, defer_connect=True, **extra)
    except (OSError, ValueError) as err:  # a certificate that cannot be read
        raise UsageError(f"Cannot connect to {display}: {one_line(err, url.secret)}") from None
    sock = _reach(url, display)
    if url.params.get("unix_socket"):
        conn._secure = True  # as PyMySQL marks the unix sockets it opens: no TLS needed to send a password
    fd = sock.fileno()
    with cut_after(fd, max(0.5, deadline - time.monotonic())) as cut:
        try:
            conn.connect(sock)
        except (pymysql.Error, OSError) as err:
            reason = _silent(url.connect_timeout) if cut.fired else one_line(err, url.secret)
            raise UsageError(f"Cannot connect to {display}: {reason}") from None
    return conn, fd


def _reach(url: MysqlUrl, display: str) -> socket.socket:
    """The server's socket, or one line saying why not."""
    try:
        return _open_socket(url.params, url.connect_timeout)
    except TimeoutError:
        raise UsageError(f"Cannot connect to {display}: {_silent(url.connect_timeout)}") from None
    except OSError as err:  # refused, unreachable, no such socket file
        where = url.params.get("unix_socket") or url.params.get("host") or "localhost"
        reason = f"Can't connect to MySQL server on {where!r} ({err.strerror or err})"
        raise UsageError(f"Cannot connect to {display}: {first_line(reason, '', url.secret)}") from None


def _silent(limit: float) -> str:
    return f"the server did not answer within {limit:g} s (connect_timeout)"


def _open_socket(params: dict[str, Any], limit: float) -> socket.socket:
    """The connection's socket, opened here rather than by PyMySQL so that the handshake that
    follows can be cut off when ``limit`` runs out (PyMySQL bounds only each read, not the whole)."""
    path = params.get("unix_socket")
    if path:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(limit)
        try:
            sock.connect(path)
        except OSError:
            sock.close()
            raise
        return sock
    sock = socket.create_connection((params.get("host") or "localhost", params.get("port") or DEFAULT_PORT), limit)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    return sock
