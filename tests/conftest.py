"""Shared fixtures: an isolated user directory for every test, one ecommerce database per run."""

from __future__ import annotations

import json
import os
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
    """pyspark and Java, or a failure (CI installs both through the test extra and the JDK) unless
    NL2SQL_ALLOW_MISSING_SERVERS=1 says this machine may skip the Spark tests."""
    import importlib.util

    from nl2sql.db.spark_session import java_found

    missing = "pyspark" if importlib.util.find_spec("pyspark") is None else None if java_found() else "Java"
    _required(None if missing else True, f"Spark ({missing})", "openjdk-17-jre-headless; pip install -e '.[test]'")


@pytest.fixture(scope="session")
def ecommerce_spark_path(spark_ready, tmp_path_factory: pytest.TempPathFactory, ecommerce_path: Path) -> Path:
    """The same fixture rows as a folder of Parquet tables, through the loader every engine shares."""
    from nl2sql.db.loader import load
    from nl2sql.db.targets import parse_url

    path = tmp_path_factory.mktemp("fixture") / "ecommerce_spark"
    load(ecommerce_path, parse_url(f"spark:///{path}"))
    return path


@pytest.fixture(scope="session")
def ecommerce_spark(ecommerce_spark_path: Path):
    """The fixture in the session's one local Spark (started once for the whole test run)."""
    db = open_database(f"spark:///{ecommerce_spark_path}")
    db.domain_file = fixtures.domain_file("ecommerce")
    yield db
    db.close()


@pytest.fixture(scope="session")
def spark_connect_server(spark_ready):
    """A Spark Connect server on 127.0.0.1 (pyspark ships it), started once and stopped at the end."""
    from tests.spark_connect_server import start_server

    server = _required(start_server(), "Spark Connect", "openjdk-17-jre-headless; pip install -e '.[test]'")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def ecommerce_connect(spark_connect_server, ecommerce_spark_path: Path):
    """The fixture's Parquet folders as the Connect server's tables, a foreign key as a column comment
    ("references table.column"), read through sc://."""
    import warnings

    from nl2sql.db.spark_files import KEYS_FILE

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
    db.domain_file = fixtures.domain_file("ecommerce")
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
    return BuiltinEngine(today=TODAY, domain=load_domain(ecommerce_db.domain_file, ecommerce_db.schema))


@pytest.fixture
def workflow(ecommerce_db, engine) -> InteractiveWorkflow:
    """Answers every turn: clarifying questions take their defaults, as ``--clarify auto`` does."""
    return InteractiveWorkflow(ecommerce_db, engine, max_rows=None, clarify="auto")


def rows_of(db, sql: str) -> list[tuple]:
    """Rows of a reference query, through the same guarded path the product uses."""
    return list(db.execute(sql, max_rows=None).rows)


# -- PostgreSQL: one throwaway cluster per test session (tests/pg_server.py) ---------------------

def _servers_may_be_missing() -> bool:
    return os.environ.get("NL2SQL_ALLOW_MISSING_SERVERS") == "1"


def _required(server, name: str, package: str):
    """A started server, or a failure (CI installs it) unless NL2SQL_ALLOW_MISSING_SERVERS=1 says
    this machine may skip the server tests."""
    if server is None:
        if _servers_may_be_missing():
            pytest.skip(f"no {name} binaries (NL2SQL_ALLOW_MISSING_SERVERS=1)")
        pytest.fail(f"{name} is not installed (apt-get install {package}); the server tests need it. "
                    "Set NL2SQL_ALLOW_MISSING_SERVERS=1 to skip them on a machine without it.")
    return server


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL cluster on 127.0.0.1, started once for the session and removed at the end.

    No PostgreSQL installed is a failure (CI installs it), unless NL2SQL_ALLOW_MISSING_SERVERS=1
    says this machine may skip the server tests."""
    from tests.pg_server import start_server

    server = _required(start_server(), "PostgreSQL", "postgresql")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def ecommerce_pg_url(pg_server, ecommerce_path: Path) -> str:
    """The fixture's rows in the test server's database, through the loader every engine shares."""
    from nl2sql.db.loader import load
    from nl2sql.db.targets import parse_url

    url = pg_server.url()
    load(ecommerce_path, parse_url(url))
    return url


@pytest.fixture(scope="session")
def ecommerce_pg(ecommerce_pg_url: str):
    db = open_database(ecommerce_pg_url)
    db.domain_file = fixtures.domain_file("ecommerce")
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
    """A MariaDB server on 127.0.0.1, started once for the session and removed at the end.

    No MariaDB installed is a failure (CI installs it), unless NL2SQL_ALLOW_MISSING_SERVERS=1
    says this machine may skip the server tests."""
    from tests.mysql_server import start_server

    server = _required(start_server(_early_mysql.pop() if _early_mysql else None), "MariaDB", "mariadb-server")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def ecommerce_mysql_url(mysql_server, ecommerce_path: Path) -> str:
    """The fixture's rows in the test server's database, through the loader every engine shares;
    the URL reads that database alone (the server holds the other tests' databases too)."""
    from nl2sql.db.loader import load
    from nl2sql.db.targets import parse_url

    url = mysql_server.url(query="databases=")
    load(ecommerce_path, parse_url(url))
    return url


@pytest.fixture(scope="session")
def ecommerce_mysql(ecommerce_mysql_url: str):
    db = open_database(ecommerce_mysql_url)
    db.domain_file = fixtures.domain_file("ecommerce")
    yield db
    db.close()


@pytest.fixture
def server():
    """A local OpenAI-compatible model server (tests/llm_server.py), scripted by the test."""
    from tests.llm_server import ScriptedServer

    running = ScriptedServer().start()
    yield running
    running.stop()
