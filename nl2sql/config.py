"""User configuration: what to use when the command line does not say (docs/configuration.md).

Every setting has one order: the flag, then its environment variable, then the config file
(``NL2SQL_CONFIG``, or ``config.toml`` in click's app directory for nl2sql, which honours
``XDG_CONFIG_HOME``), then the built-in default. For the session and display settings
(``SETTINGS``) click applies that order itself: the file's values become the commands'
``default_map``, the variables are the options' ``envvar``. The model keys (``model``,
``api_base``, ``api_key_env``, ``llm_timeout``) are resolved here by ``model_choice``; no model
anywhere: the built-in engine.

On the first run the default file is written with every key commented out at its default, so
the user finds what can be set where they would look. A file named by ``NL2SQL_CONFIG`` is never
created: that path is the user's to fill, and a missing one means the defaults.

The same file names databases (``[databases]``, read and checked here, opened by nl2sql/db/named.py):
``--db shop`` opens the URL stored under ``shop``, with a password kept beside it or in an environment
variable::

    [databases]
    local = "duckdb:////home/me/data/sales.duckdb"        # a name for a URL
    [databases.shop]
    url = "postgresql://analyst@db.internal:5432/shop"
    password_env = "SHOP_PW"                              # or: password = "..." (then chmod 600 the file)

A config file holding a password that group or others may read gets a one-line warning on stderr,
as libpq gives for ~/.pgpass (libpq then ignores the file; here the user is only told, because the
file also holds the model settings).
"""

from __future__ import annotations

import os
import re
import stat
import sys
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nl2sql.errors import UsageError
from nl2sql.preferences import KEY_MODES, OUTPUT_FORMATS

# The most candidates --samples draws: each costs a model call's worth, and a vote gains little past
# a handful (the CLI's range and the model engine's cap).
MAX_SAMPLES = 10
# The confirmation threshold (--confirm-below): a reading at or under this confidence is shown before it runs,
# one above it runs unasked. The engines' own "sure enough" cut-offs and the eval's calibration are this value.
CONFIRM_BELOW = 0.75


@dataclass(frozen=True)
class ModelChoice:
    """The model behind the LLM engine and how to reach it; the key is named by its variable, never held."""
    model: str
    api_base: str | None = None
    api_key_env: str | None = None
    timeout: float = 30.0


def config_path() -> Path:
    override = os.environ.get("NL2SQL_CONFIG")
    if override:
        return Path(override)
    return default_config_path()


def default_config_path() -> Path:
    import click

    return Path(click.get_app_dir("nl2sql")) / "config.toml"


def read_config() -> dict[str, Any]:
    """The config file's contents ({} when there is none); invalid TOML is a usage error, not a crash."""
    return _file()


def _file() -> dict[str, Any]:
    """The file's tables; whatever keeps it from being read is one usage error naming the file, never a
    crash: the user named it (or it is theirs to fix), and running on the defaults instead would hide it."""
    path = config_path()
    try:
        if not path.is_file():
            return {}
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(f"The config file {path} is not UTF-8 text (byte {err.start}); TOML is UTF-8.") from None
    except OSError as err:
        raise UsageError(f"Cannot read the config file {path}: {err.strerror or err}.") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"{path} is not valid TOML: {err}.") from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise UsageError(f"{path} nests arrays or tables too deeply to read.") from None


def model_choice(model: str | None = None, api_base: str | None = None, api_key_env: str | None = None,
                 timeout: float | None = None) -> ModelChoice | None:
    """The model to use, from the flags, the environment, or the config file; None for the built-in engine."""
    stored = _file() if not model and not os.environ.get("NL2SQL_MODEL") else {}
    chosen = model or os.environ.get("NL2SQL_MODEL") or stored.get("model")
    if not chosen:
        return None
    return ModelChoice(
        model=str(chosen),
        api_base=api_base or os.environ.get("NL2SQL_API_BASE") or stored.get("api_base"),
        api_key_env=api_key_env or stored.get("api_key_env"),
        timeout=float(timeout or stored.get("llm_timeout") or 30.0),
    )


_warned: set[Path] = set()


def database_entry(name: str) -> dict[str, Any] | None:
    """The ``[databases]`` entry named ``name``, as a table with its ``url`` (a bare string is the url);
    None when the file holds no such name."""
    entries = _file().get("databases")
    if not isinstance(entries, dict) or name not in entries:
        return None
    entry = {"url": entries[name]} if isinstance(entries[name], str) else entries[name]
    if not isinstance(entry, dict) or not isinstance(entry.get("url"), str):
        raise UsageError(f"[databases.{name}] in {config_path()} needs url = \"...\" (see docs/databases.md).")
    return entry


def database_password(name: str, entry: dict[str, Any]) -> str | None:
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


def warn_if_readable(path: Path) -> None:
    """One line on stderr, once per file, when a file holding a password is open to group or others."""
    if os.name != "posix" or path in _warned:
        return
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        _warned.add(path)
        print(f"nl2sql: warning: {path} holds a database password and group or others may read it; "
              f"run chmod 600 {path}", file=sys.stderr)


def _choice(*allowed: str) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}")
        return value

    return check


def _number(low: float, high: float | None, whole: bool) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        kind_ok = isinstance(value, int) if whole else isinstance(value, (int, float))
        if isinstance(value, bool) or not kind_ok or value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of {low} or more"
            raise ValueError(f"must be {'a whole number' if whole else 'a number'} {span}")
        return value

    return check


def _text(value: Any) -> Any:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be a non-empty string")
    return os.path.expanduser(value) if value.startswith("~") else value


_FUNCTION_NAME = re.compile(r"[a-z_][a-z0-9_$]*(\.[a-z_][a-z0-9_$]*)?")


def function_names(names: Iterable[object]) -> frozenset[str]:
    """Functions a user opted in to (``allow_functions``, ``--allow-function``), lower case; ``ValueError``
    names the first that is not a function's name (``lower``, or ``schema.name`` for a function of a schema)."""
    chosen = set()
    for name in names:
        if not isinstance(name, str) or not _FUNCTION_NAME.fullmatch(name.strip().lower()):
            raise ValueError(f"{name!r} is not a function name (NAME or SCHEMA.NAME)")
        chosen.add(name.strip().lower())
    return frozenset(chosen)


def _function_names(value: Any) -> Any:
    if not isinstance(value, list):
        raise ValueError('must be a list of function names, such as ["my_report"]')
    return tuple(sorted(function_names(value)))


def _boolean(value: Any) -> Any:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


@dataclass(frozen=True)
class Setting:
    """One key of the file: the option it fills (its click parameter name), its variable, its default."""

    key: str
    option: str
    env: str
    default: Any  # shown in the written file; None: no default (shown as an example)
    example: str  # the TOML value the written file shows
    note: str
    check: Callable[[Any], Any]


SETTINGS = (
    Setting("database", "db", "NL2SQL_DB", None, '"~/data/shop.db"',
            "The database --db opens when none is given (no default): a file, URL, fixture or [databases] name.",
            _text),
    Setting("format", "fmt", "NL2SQL_FORMAT", "table", '"table"', "How results are shown: "
            + "|".join(OUTPUT_FORMATS) + ".", _choice(*OUTPUT_FORMATS)),
    Setting("pager", "pager", "NL2SQL_PAGER", True, "true",
            "In the REPL, long results go through $PAGER (NL2SQL_PAGER=on|off).", _boolean),
    Setting("confirm_below", "confirm_below", "NL2SQL_CONFIRM_BELOW", CONFIRM_BELOW, str(CONFIRM_BELOW),
            "Ask before running a reading whose confidence is at most this (0 to 1).", _number(0, 1, whole=False)),
    Setting("max_rows", "max_rows", "NL2SQL_MAX_ROWS", 50, "50", "Rows shown per result; 0 shows all.",
            _number(0, None, whole=True)),
    Setting("key_mode", "key_mode", "NL2SQL_KEY_MODE", "emacs", '"emacs"', "Line editing keys: emacs|vi.",
            _choice(*KEY_MODES)),
    Setting("color", "color", "NL2SQL_COLOR", "auto", '"auto"',
            "auto: colour on a terminal unless NO_COLOR is set; always; never.", _choice("auto", "always", "never")),
    Setting("engine", "engine", "NL2SQL_ENGINE", None, '"builtin"',
            "builtin (offline), llm (every line to the model) or auto (the built-in engine's sure lines, the "
            "model for the rest); default: auto when a model is set, else builtin.", _choice("builtin", "llm", "auto")),
    Setting("learn", "learn", "NL2SQL_LEARN", True, "true",
            "Remember your answers to clarifications per database and reuse them (--no-learn: neither "
            "keep nor use them).", _boolean),
    Setting("allow_functions", "allow_function", "NL2SQL_ALLOW_FUNCTIONS", None, '["my_report"]',
            "Functions to run beyond each engine's known read-only ones (--allow-function); only those you "
            "know write nothing.", _function_names),
)
_MODEL_LINES = (
    "# The language model (needs the llm extra); none: the built-in engine. Variable: NL2SQL_MODEL.",
    '# model = "openai/gpt-4o-mini"',
    '# api_base = "http://localhost:11434/v1"   # an OpenAI-compatible server (NL2SQL_API_BASE)',
    '# api_key_env = "OPENAI_API_KEY"           # the variable holding the key',
    "# llm_timeout = 30.0",
    "",
    "# Names for databases: --db shop (docs/databases.md).",
    "# [databases]",
    '# shop = "postgresql://analyst@db.internal:5432/shop"',
)


def default_text() -> str:
    """The file written on the first run: every key commented out, at its default, with its variable."""
    lines = ["# nl2sql configuration. Order: command-line flag, then environment variable, then this file.",
             "# Uncomment a line to change it; docs/configuration.md lists every key.", ""]
    for setting in SETTINGS:
        lines += [f"# {setting.note} Variable: {setting.env}.", f"# {setting.key} = {setting.example}", ""]
    return "\n".join([*lines, *_MODEL_LINES, ""])


def write_defaults() -> Path | None:
    """Write the commented default file on the first run; None when it exists, is named by
    NL2SQL_CONFIG, or cannot be written (a read-only home still runs, on the defaults)."""
    if os.environ.get("NL2SQL_CONFIG"):
        return None
    path = default_config_path()
    if path.exists():
        return None
    import tempfile

    partial: Path | None = None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # Written whole beside it, then linked into place: a full disk leaves no half file, and of two
        # first runs at once one writes it (link refuses an existing name). 0600: it may come to hold passwords.
        descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=".config-", suffix=".partial")
        partial = Path(name)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(default_text())
        os.link(partial, path)
    except OSError:
        return None
    finally:
        if partial is not None:
            partial.unlink(missing_ok=True)
    return path


def option_defaults() -> dict[str, Any]:
    """The file's session and display settings, checked, by click parameter name (a ``default_map``).

    A value of the wrong kind is a usage error naming the key and the file, before anything opens."""
    stored = _file()
    defaults: dict[str, Any] = {}
    for setting in SETTINGS:
        if setting.key not in stored:
            continue
        try:
            defaults[setting.option] = setting.check(stored[setting.key])
        except ValueError as err:
            raise UsageError(f"{setting.key} = {stored[setting.key]!r} in {config_path()}: {err}.") from None
    return defaults
