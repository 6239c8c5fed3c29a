"""Shared fixtures: an isolated user directory for every test, one ecommerce database per run."""

from __future__ import annotations

import json
import os
import sys
import types
from datetime import date
from pathlib import Path

import pytest

from nl2sql import fixtures
from nl2sql.db import open_database
from nl2sql.domain import load_domain
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.workflows import InteractiveWorkflow

TODAY = date(2026, 6, 15)


@pytest.fixture(autouse=True)
def _user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a test does touches the real cache, history, data directories or config file."""
    monkeypatch.setenv("NL2SQL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NL2SQL_CONFIG", str(tmp_path / "config" / "config.toml"))
    monkeypatch.setenv("NL2SQL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("NL2SQL_DEBUG", raising=False)
    from nl2sql.config import SETTINGS  # a developer's own settings must not change what a test sees

    for setting in SETTINGS:
        monkeypatch.delenv(setting.env, raising=False)


@pytest.fixture(scope="session")
def ecommerce_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fixture") / "ecommerce.db"
    fixtures.build("ecommerce", path, today=TODAY)
    return path


@pytest.fixture(scope="session")
def ecommerce_duckdb_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same fixture rows in a DuckDB file, through the loader every engine shares."""
    path = tmp_path_factory.mktemp("fixture") / "ecommerce.duckdb"
    fixtures.build("ecommerce", path, today=TODAY)
    return path


@pytest.fixture(scope="session")
def ecommerce_duckdb(ecommerce_duckdb_path: Path):
    db = open_database(str(ecommerce_duckdb_path))
    yield db
    db.close()


@pytest.fixture(scope="session")
def spark_ready() -> None:
    """pyspark and Java, or the Spark tests are skipped (a failure under NL2SQL_REQUIRE_SERVERS=1)."""
    import importlib.util

    from nl2sql.db.spark.session import java_found

    if importlib.util.find_spec("pyspark") is None:
        _required(None, "pyspark", "pip install -e '.[test]'")
    _required(True if java_found() else None, "Java", "apt install openjdk-17-jre-headless")


@pytest.fixture(scope="session")
def ecommerce_spark_path(spark_ready, tmp_path_factory: pytest.TempPathFactory, ecommerce_path: Path) -> Path:
    """The same fixture rows as a folder of Parquet tables, through the loader every engine shares."""
    from nl2sql.db.targets import parse_url
    from nl2sql.fixture_load import load

    path = tmp_path_factory.mktemp("fixture") / "ecommerce_spark"
    load(ecommerce_path, parse_url(f"spark:///{path}"))
    return path


@pytest.fixture(scope="session")
def ecommerce_spark(ecommerce_spark_path: Path):
    """The fixture in the session's one local Spark (started once for the whole test run)."""
    db = open_database(f"spark:///{ecommerce_spark_path}")
    yield db
    db.close()


@pytest.fixture(scope="session")
def spark_connect_server(spark_ready):
    """A Spark Connect server on 127.0.0.1 (pyspark ships it), started once and stopped at the end."""
    from tests.spark_connect_server import start_server

    server = _required(start_server(), "Spark Connect", "pip install -e '.[test]'")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def ecommerce_connect(spark_connect_server, ecommerce_spark_path: Path):
    """The fixture's Parquet folders as the Connect server's tables, a foreign key as a column comment
    ("references table.column"), read through sc://."""
    import warnings

    from nl2sql.db.spark.files import KEYS_FILE

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pyspark.sql.connect.session import SparkSession

    admin = SparkSession.builder.remote(spark_connect_server.url()).create()
    keys = json.loads((ecommerce_spark_path / KEYS_FILE).read_text())["tables"]
    for name, declared in keys.items():
        admin.sql(f"CREATE TABLE `{name}` USING parquet LOCATION '{(ecommerce_spark_path / name).resolve()}'")
        for cols, parent, refs in declared["foreign_keys"]:
            admin.sql(f"ALTER TABLE `{name}` ALTER COLUMN `{cols[0]}` COMMENT 'references {parent}.{refs[0]}'")
    admin.stop()
    db = open_database(spark_connect_server.url())
    yield db
    db.close()


@pytest.fixture(scope="session")
def ecommerce_db(ecommerce_path: Path):
    db = open_database(str(ecommerce_path))
    yield db
    db.close()


@pytest.fixture
def engine() -> BuiltinEngine:
    return BuiltinEngine(today=TODAY)


@pytest.fixture(scope="module")
def shop_engine(ecommerce_db) -> BuiltinEngine:
    """The built-in engine with the fixture's domain config (its synonyms, metrics and questions)."""
    return BuiltinEngine(today=TODAY, domain=load_domain(fixtures.domain_file("ecommerce"), ecommerce_db.schema))


@pytest.fixture
def workflow(ecommerce_db, engine) -> InteractiveWorkflow:
    """Answers every turn: clarifying questions take their defaults, as ``--clarify auto`` does."""
    return InteractiveWorkflow(ecommerce_db, engine, max_rows=None, clarify="auto")


def rows_of(db, sql: str) -> list[tuple]:
    """Rows of a reference query, through the same guarded path the product uses."""
    return list(db.execute(sql, max_rows=None).rows)


# -- Servers and tools outside the venv: skipped when absent, unless NL2SQL_REQUIRE_SERVERS=1 ----------

_ABSENT: dict[str, str] = {}  # what this session found missing -> how to get it


def _required(server, name: str, how: str):
    """A started server (or a found tool); when it is absent, the test is skipped and counted in the
    session's closing summary line, or fails where NL2SQL_REQUIRE_SERVERS=1 (.ci/run) says it must be here."""
    if server is None:
        if os.environ.get("NL2SQL_REQUIRE_SERVERS") == "1":
            pytest.fail(f"{name} is not installed ({how}); NL2SQL_REQUIRE_SERVERS=1 makes a missing server a "
                        "failure", pytrace=False)
        _ABSENT[name] = how
        pytest.skip(f"{name} not installed ({how})")
    return server


# The fixtures that start a server or need a tool from outside the venv; a test that uses one (or a
# fixture built on one) gets the ``servers`` marker, so ``pytest -m "not servers"`` needs the venv alone.
SERVER_FIXTURES = frozenset({"pg_server", "mysql_server", "spark_ready", "spark_connect_server", "tmux"})
# Parameters that name an engine behind a server, where the fixture or test taking them opens it
# through request.getfixturevalue (the cross-engine suites).
_SERVER_ENGINES = frozenset({"postgres", "postgresql", "mysql", "mariadb", "spark", "connect", "spark_connect"})


def _calls_getfixturevalue(code) -> bool:
    return "getfixturevalue" in code.co_names or any(
        _calls_getfixturevalue(c) for c in code.co_consts if hasattr(c, "co_names"))


def _uses_server(item: pytest.Item, name: str, seen: set[str]) -> bool:
    """Whether the fixture ``name`` (as ``item`` sees it) is, or depends on, one of the server fixtures."""
    if name in SERVER_FIXTURES:
        return True
    if name in seen:
        return False
    seen.add(name)
    return any(_uses_server(item, arg, seen)
               for fixturedef in item.session._fixturemanager.getfixturedefs(name, item) or ()
               for arg in fixturedef.argnames)


def _needs_server(item: pytest.Item) -> bool:
    """A server fixture in the test's closure, or a parameter naming one that is looked up by name."""
    if SERVER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
        return True
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return False
    for argname, value in callspec.params.items():
        if not isinstance(value, str):
            continue
        defs = item._fixtureinfo.name2fixturedefs.get(argname, ())  # type: ignore[attr-defined]
        func = getattr(defs[-1], "func", None) if defs else None
        if func is None or func.__name__ == "get_direct_param_fixture_func":
            func = getattr(item, "function", None)  # a direct parametrize: the test itself takes the value
        code = getattr(func, "__code__", None)
        if code is None or not _calls_getfixturevalue(code):
            continue
        if value in _SERVER_ENGINES or _uses_server(item, value, set()):
            return True
    return False


_SPAWNS = frozenset({"subprocess", "Popen"})


def _spawns(func, seen: set) -> bool:
    """Whether ``func``, or a function of the tests it calls by name, starts a process."""
    code = getattr(func, "__code__", None)
    if code is None or code in seen:
        return False
    seen.add(code)
    scope = getattr(func, "__globals__", {})

    def calls(c) -> bool:
        if _SPAWNS.intersection(c.co_names):
            return True
        # a function imported inside the body ("from tests.test_sessions import _cli"): from its module
        imported = [sys.modules.get(m) or sys.modules.get(m.rpartition(".")[2]) for m in c.co_names
                    if m.startswith("tests.")]
        for name in c.co_names:
            called = scope.get(name) or next((getattr(m, name) for m in imported if hasattr(m, name)), None)
            module = getattr(called, "__module__", None) or ""
            if (isinstance(called, types.FunctionType) and module.startswith(("tests", "test_", "conftest"))
                    and _spawns(called, seen)):
                return True
        return any(calls(const) for const in c.co_consts if isinstance(const, types.CodeType))

    return calls(code)


def _starts_a_process(item: pytest.Item) -> bool:
    """The test, or a fixture it uses, starts nl2sql (or another program) in a new process: about a
    second each, for the interpreter and the imports."""
    fixturedefs = item._fixtureinfo.name2fixturedefs  # type: ignore[attr-defined]
    funcs = [getattr(item, "function", None)]
    funcs += [fixturedefs[name][-1].func for name in getattr(item, "fixturenames", ()) if fixturedefs.get(name)]
    seen: set = set()
    return any(_spawns(func, seen) for func in funcs)


# Tests that take seconds in this process by design: they wait out a lock or a time limit, or type
# 100 kB key by key (also ``slow``, so the fast subset stays under two minutes).
_WAITS = frozenset({
    "test_awkward_input.py::test_a_locked_file_is_named_as_locked",
    "test_awkward_input.py::test_a_view_that_never_ends_leaves_its_count_unknown",
    "test_llm_limits.py::test_a_server_dripping_a_byte_per_half_second_is_cut_off_at_the_limit",
    "test_llm_limits.py::test_the_vote_of_a_turn_keeps_to_the_turns_budget",
    "test_llm_memory.py::test_a_locked_memory_file_does_not_fail_the_turn",
    "test_repl.py::test_a_100_kb_sql_line_is_answered_whole",
})


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _needs_server(item):
            item.add_marker(pytest.mark.servers)
        if _starts_a_process(item) or item.nodeid.split("[")[0].rpartition("/")[2] in _WAITS:
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(wrapper=True, tryfirst=True)  # around the short summary: the line comes last, above the counts
def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config):
    result = yield
    _absent_line(terminalreporter)
    return result


def _absent_line(terminalreporter) -> None:
    """One line naming what was skipped for want of a server and how to get it."""
    if not _ABSENT:
        return
    counts = dict.fromkeys(_ABSENT, 0)
    for report in terminalreporter.stats.get("skipped", ()):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        for name in counts:
            if f"{name} not installed (" in reason:
                counts[name] += 1
                break
    total = sum(counts.values())
    if not total:
        return
    if len(counts) == 1:
        what = ", ".join(f"{name} not installed ({how}, or run .ci/run)" for name, how in _ABSENT.items())
    else:
        what = ", ".join(f"{name} not installed ({counts[name]}; {how})" for name, how in _ABSENT.items()
                         if counts[name]) + "; or run .ci/run, which installs them all"
    terminalreporter.write_line(f"skipped {total} test{'s' if total != 1 else ''}: {what}", yellow=True)


@pytest.fixture(scope="session")
def tmux() -> str:
    """tmux on PATH, for the tests that drive nl2sql chat in a real terminal (tests/test_terminal_tmux.py)."""
    import shutil

    return _required(shutil.which("tmux"), "tmux", "apt install tmux")


# -- PostgreSQL: one throwaway cluster per test session (tests/pg_server.py) ---------------------

@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL cluster on 127.0.0.1, started once for the session and removed at the end
    (no PostgreSQL installed: the tests that need it are skipped; .ci/run installs it)."""
    from tests.pg_server import start_server

    server = _required(start_server(), "PostgreSQL", "apt install postgresql-15")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def ecommerce_pg_url(pg_server, ecommerce_path: Path) -> str:
    """The fixture's rows in the test server's database, through the loader every engine shares."""
    from nl2sql.db.targets import parse_url
    from nl2sql.fixture_load import load

    url = pg_server.url()
    load(ecommerce_path, parse_url(url))
    return url


@pytest.fixture(scope="session")
def ecommerce_pg(ecommerce_pg_url: str):
    db = open_database(ecommerce_pg_url)
    yield db
    db.close()


# -- MySQL/MariaDB: one throwaway server per test session (tests/mysql_server.py) ----------------

_early_mysql: list = []  # a server whose system tables are being written while the first tests run


def pytest_collection_finish(session: pytest.Session) -> None:
    """When the session will need the MariaDB server, start installing it now, in the background."""
    if any("mysql_server" in getattr(item, "fixturenames", ()) for item in session.items):
        from tests.mysql_server import new_server

        server = new_server()
        if server is not None:
            server.begin_install()
            _early_mysql.append(server)


def pytest_sessionfinish(session: pytest.Session) -> None:
    for server in _early_mysql:  # installed early but never used (the session stopped before)
        server.stop()


@pytest.fixture(scope="session")
def mysql_server():
    """A MariaDB server on 127.0.0.1, started once for the session and removed at the end
    (no MariaDB installed: the tests that need it are skipped; .ci/run installs it)."""
    from tests.mysql_server import start_server

    server = _required(start_server(_early_mysql.pop() if _early_mysql else None), "MariaDB",
                       "apt install mariadb-server")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def ecommerce_mysql_url(mysql_server, ecommerce_path: Path) -> str:
    """The fixture's rows in the test server's database, through the loader every engine shares;
    the URL reads that database alone (the server holds the other tests' databases too)."""
    from nl2sql.db.targets import parse_url
    from nl2sql.fixture_load import load

    url = mysql_server.url(query="databases=")
    load(ecommerce_path, parse_url(url))
    return url


@pytest.fixture(scope="session")
def ecommerce_mysql(ecommerce_mysql_url: str):
    db = open_database(ecommerce_mysql_url)
    yield db
    db.close()


@pytest.fixture
def server():
    """A local OpenAI-compatible model server (tests/llm_server.py), scripted by the test."""
    from tests.llm_server import ScriptedServer

    running = ScriptedServer().start()
    yield running
    running.stop()
