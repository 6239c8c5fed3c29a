"""Bundled fixture databases: find them, build them, cache them. A build into another engine goes
through the loader beside this module (nl2sql/fixture_load/), which ``eval --on`` uses too.

A fixture is a folder with ``schema.sql`` and ``generate.py`` (exposing ``build(out, today=,
scale=, seed=)``). In a wheel the folders ship as ``nl2sql/_fixtures``; in a source checkout they
are the top-level ``fixtures/``. Generators are loaded by path only when a fixture is built, so
nothing here is needed at import time.
"""

from __future__ import annotations

import importlib.util
from datetime import date
from pathlib import Path
from types import ModuleType

from nl2sql.db.targets import DUCKDB, DUCKDB_SUFFIXES, SPARK, SQLITE, Target, parse_url
from nl2sql.errors import UsageError
from nl2sql.paths import cache_dir
from nl2sql.sidecars import server_sidecar, sidecar_for

# Bump when a generator changes, so that cached copies are rebuilt rather than reused.
FIXTURE_VERSION = 1


def _roots() -> list[Path]:
    package = Path(__file__).resolve().parent
    return [package / "_fixtures", package.parent / "fixtures"]


def available() -> list[str]:
    names: set[str] = set()
    for root in _roots():
        if root.is_dir():
            names.update(p.name for p in root.iterdir() if (p / "generate.py").is_file())
    return sorted(names)


def fixture_dir(name: str) -> Path:
    for root in _roots():
        candidate = root / name
        if (candidate / "generate.py").is_file():
            return candidate
    known = ", ".join(available()) or "none"
    raise UsageError(f"Unknown fixture {name!r} (available: {known}).")


def _generator(name: str) -> ModuleType:
    path = fixture_dir(name) / "generate.py"
    spec = importlib.util.spec_from_file_location(f"nl2sql_fixture_{name}", path)
    if spec is None or spec.loader is None:
        raise UsageError(f"Cannot load the generator of fixture {name!r}.")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def domain_file(name: str) -> Path | None:
    path = fixture_dir(name) / "domain.toml"
    return path if path.is_file() else None


def build(name: str, out: str | Path, *, today: date | None = None, scale: float = 1.0,
          seed: int = 42, replace: bool = False) -> dict[str, int]:
    """Build fixture ``name`` into ``out``; the same arguments always give the same rows.

    ``out`` is a SQLite file, a DuckDB one (``x.duckdb``, ``duckdb:///x``) or a PostgreSQL
    database (``postgresql://...``): the generator writes SQLite and the one loader copies it, so
    every engine gets the same rows. An existing file is replaced atomically, a server's tables in
    one transaction. The fixture's domain config is written beside a file (``out.nl2sql.toml``), or
    for a server in nl2sql's data directory, where ``--db`` on the same URL finds it. What is there
    already (a file, a domain config the user may have written, or a server's tables of the fixture's
    names) is replaced only with ``replace``; a refusal writes nothing, neither database nor config.
    """
    import tempfile

    from nl2sql.fixture_load import load  # opening a fixture, which every session may do, needs none of these

    if scale <= 0:
        raise UsageError("--scale must be greater than 0.")
    generator = _generator(name)
    target = output_target(out)
    config = domain_file(name)
    sidecar = None if config is None else server_sidecar(target) if target.is_server else sidecar_for(target.path)
    _check_places(target, sidecar)
    if not replace:
        _keep_what_is_there(target, sidecar, config)
    # The config is written first under a temporary name, and named last: a failure on the way (a
    # full disk, a refused server) leaves no new config beside an old database. (A SQLite build
    # replaces its file before the config is named: a failure between the two leaves the new
    # database beside the old config, which the next build with --force replaces.)
    staged = _stage(config, sidecar) if config is not None and sidecar is not None else None
    try:
        if target.engine == SQLITE:
            counts: dict[str, int] = generator.build(target.path, today=today or date.today(), scale=scale,
                                                     seed=seed)
        else:
            with tempfile.TemporaryDirectory(prefix="nl2sql-fixture-") as scratch:
                source = Path(scratch) / f"{name}.sqlite"
                counts = generator.build(source, today=today or date.today(), scale=scale, seed=seed)
                if target.is_server and not replace:
                    _keep_server_tables(target, set(counts))
                load(source, target)
        if staged is not None and sidecar is not None:
            staged.replace(sidecar)
    finally:
        if staged is not None:
            staged.unlink(missing_ok=True)
    return counts


def output_target(out: str | Path) -> Target:
    """Where ``fixtures build --out`` writes: a URL, or a path whose suffix names the engine."""
    text = str(out)
    if "://" in text:
        return parse_url(text)
    path = Path(text).expanduser()
    return Target(DUCKDB if path.suffix.lower() in DUCKDB_SUFFIXES else SQLITE, path, path.name)


def _check_places(target: Target, sidecar: Path | None) -> None:
    """A folder where a file goes is refused even with ``--force``: replacing means a file, never a tree."""
    if target.engine != SPARK and not target.is_server and target.path.is_dir():
        raise UsageError(f"{target.path} is a folder; name a file to build the fixture in.")
    if sidecar is not None and sidecar.is_dir():
        raise UsageError(f"{sidecar} is a folder where the fixture's domain config goes; move it, or build "
                         "elsewhere.")


def _keep_what_is_there(target: Target, sidecar: Path | None, config: Path | None) -> None:
    """Refuse, naming it, to replace a database file or a domain config someone may have written: the
    config beside a file is where a user keeps what their database's words mean. A config that is the
    fixture's own, byte for byte, holds nothing to lose and is written again without asking."""
    theirs = sidecar is not None and config is not None and not _same_file_bytes(sidecar, config)
    if not target.is_server and target.path.exists():
        also = f" (and its domain config {sidecar})" if theirs else ""
        raise UsageError(f"{target.path} already exists; pass --force to replace it{also}.")
    if theirs:
        raise UsageError(f"{sidecar} already exists (the domain config of {target.display}); pass --force to "
                         "replace it.")


def _same_file_bytes(path: Path, config: Path) -> bool:
    """Whether ``path`` holds ``config``'s bytes; True too when there is nothing at ``path``."""
    if not path.exists() and not path.is_symlink():
        return True
    try:
        return path.read_bytes() == config.read_bytes()
    except OSError:  # unreadable: someone's file all the same
        return False


def _stage(config: Path, sidecar: Path) -> Path:
    """``config``'s bytes in a new file beside ``sidecar``, with an ordinary new file's permissions."""
    import errno
    import os
    import secrets

    data = config.read_bytes()
    try:
        sidecar.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(100):
            partial = sidecar.with_name(f".{sidecar.name}.{secrets.token_hex(4)}.partial")
            try:  # O_EXCL: never an existing file (or a link planted under the name); mode 0666 less the umask
                fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except FileExistsError:
                continue
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
            except BaseException:
                partial.unlink(missing_ok=True)
                raise
            return partial
    except OSError as err:  # named as the config, not the temporary file nobody asked for
        raise OSError(err.errno, err.strerror, str(sidecar)) from None
    raise OSError(errno.EEXIST, "no free temporary name beside it", str(sidecar))


def _keep_server_tables(target: Target, names: set[str]) -> None:
    """Refuse to drop a server's tables that happen to share the fixture's names (``users`` is common)."""
    from contextlib import closing

    from nl2sql.db import open_database

    with closing(open_database(target.url)) as db:
        clash = sorted(t.name for t in db.schema.tables if t.name.lower() in names)
    if clash:
        raise UsageError(f"{target.display} already has tables named {', '.join(clash)}; pass --force to replace "
                         "them.")


def cached(name: str) -> Path:
    """The fixture's file in the user's cache, built on first use with today's date and then reused."""
    fixture_dir(name)
    path = cache_dir() / f"{name}-v{FIXTURE_VERSION}.sqlite"
    if not path.is_file():
        try:
            build(name, path, replace=True)  # another process may have built it meanwhile
        except OSError as err:
            raise UsageError(f"Cannot build the {name} fixture in {path.parent} ({err.strerror or err}); point "
                             "NL2SQL_CACHE_DIR or XDG_CACHE_HOME at a writable folder.") from None
    return path
