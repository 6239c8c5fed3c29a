"""Which options a server URL may hand its driver, and the values each may take.

Drivers take options that read local files and echo them in errors (PyMySQL's option files),
write them (libpq's ``sslkeylogfile``), switch protocols (``replication``), forward credentials
(``gssdelegation``) or wait for ever (``connect_timeout=0``). A URL comes from a command line, a
config file or a ``[databases]`` entry someone else wrote, so only a reviewed list passes: TLS
settings, a connect timeout of at least a second, names and the like. Anything else, or a bad
value for an allowed option, is one line naming it, before a driver sees the URL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from urllib.parse import parse_qsl, urlsplit

from nl2sql.errors import UsageError

MAX_CONNECT_TIMEOUT_S = 3600
# ASCII digits only: str.isdigit() also takes "²" and "٣", which int() then refuses.
_DIGITS = re.compile(r"[0-9]+")
Check = Callable[[str], str | None]  # a value -> what it should have been, or None when it is fine


def _text(value: str) -> str | None:
    return None if "\x00" not in value else "text without NUL characters"


def _seconds(value: str) -> str | None:
    fine = _DIGITS.fullmatch(value.strip()) is not None and 1 <= int(value) <= MAX_CONNECT_TIMEOUT_S
    return None if fine else f"whole seconds from 1 to {MAX_CONNECT_TIMEOUT_S}"


def _count(value: str) -> str | None:
    return None if _DIGITS.fullmatch(value.strip()) and int(value) <= 10**6 else "a whole number"


def _choice(*allowed: str) -> Check:
    def check(value: str) -> str | None:
        return None if value.lower() in allowed else "one of " + ", ".join(allowed)
    return check


_FLAG = _choice("1", "0", "true", "false", "yes", "no", "on", "off")
# -c settings a PostgreSQL URL's ``options`` may make: where names are looked up, and the time zone.
_PG_SETTINGS = frozenset({"search_path", "timezone"})
_PG_SETTING = re.compile(r"(?:-c\s*|--)([A-Za-z_][A-Za-z0-9_.-]*)=(?:\\\s|\S)*")


def _pg_settings(value: str) -> str | None:
    """``-c search_path=sales`` (``-csearch_path=...``, ``--search_path=...``), nothing else: other
    settings or server switches could loosen what the session enforces before nl2sql sets it."""
    if not value.strip():
        return None
    for part in re.split(r"(?<!\\)\s+(?=-)", value.strip()):
        found = _PG_SETTING.fullmatch(part)
        if found is None or found.group(1).lower().replace("-", "_") not in _PG_SETTINGS:
            return "-c SETTING=VALUE with SETTING one of " + ", ".join(sorted(_PG_SETTINGS))
    return None


POSTGRES: dict[str, Check] = {
    # where and who: the URL's own parts, and libpq's names for them
    "host": _text, "hostaddr": _text, "port": _text, "dbname": _text, "user": _text, "password": _text,
    "service": _text, "target_session_attrs": _choice("any", "read-write", "read-only", "primary", "standby",
                                                      "prefer-standby"),
    "load_balance_hosts": _choice("disable", "random"),
    "application_name": _text, "fallback_application_name": _text, "options": _pg_settings,
    # time limits and liveness of the connection
    "connect_timeout": _seconds, "keepalives": _choice("0", "1"), "keepalives_idle": _count,
    "keepalives_interval": _count, "keepalives_count": _count, "tcp_user_timeout": _count,
    # TLS and authentication the client insists on
    "sslmode": _choice("disable", "allow", "prefer", "require", "verify-ca", "verify-full"),
    "sslnegotiation": _choice("postgres", "direct"), "sslrootcert": _text, "sslcert": _text, "sslkey": _text,
    "sslcrl": _text, "sslcrldir": _text, "sslsni": _choice("0", "1"),
    "ssl_min_protocol_version": _choice("tlsv1", "tlsv1.1", "tlsv1.2", "tlsv1.3"),
    "ssl_max_protocol_version": _choice("tlsv1", "tlsv1.1", "tlsv1.2", "tlsv1.3"),
    "channel_binding": _choice("disable", "prefer", "require"), "require_auth": _text, "requirepeer": _text,
    "gssencmode": _choice("disable", "prefer", "require"), "krbsrvname": _text,
}

MYSQL: dict[str, Check] = {
    "databases": _text,  # nl2sql's own: which other databases to read
    "password": _text, "unix_socket": _text, "socket": _text,
    "charset": _choice("utf8mb4", "utf8mb3", "utf8", "latin1", "ascii"),
    "connect_timeout": _seconds,
    "ssl_ca": _text, "ssl_cert": _text, "ssl_key": _text,
    "ssl_verify_cert": _FLAG, "ssl_verify_identity": _FLAG, "ssl_disabled": _FLAG,
    # an option file's [client] group, read by nl2sql (mysql_connect.py), never by the driver
    "read_default_file": _text,
}


def _shown(text: str) -> str:
    """A name or value as it may appear in a message: escaped, and short."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


def check_options(pairs: Iterable[tuple[str, str]], allowed: dict[str, Check], server: str) -> None:
    """Refuse the first option ``allowed`` does not list, or whose value its check refuses."""
    for name, value in pairs:
        check = allowed.get(name)
        if check is None:
            raise UsageError(f"The {server} URL option {_shown(name)} is not one nl2sql passes on "
                             "(docs/databases.md lists those it does).")
        wanted = check(value)
        if wanted is not None:
            shown = "the value given" if name == "password" else _shown(value)
            raise UsageError(f"The {server} URL option {name} takes {wanted}, not {shown}.")


def query_options(url: str) -> list[tuple[str, str]]:
    """The ``?name=value`` pairs of a URL, in order, repeats kept (a driver takes the last one)."""
    return parse_qsl(urlsplit(url).query, keep_blank_values=True)
