"""Shared fixtures: an isolated user directory for every test, one ecommerce database per run."""

from __future__ import annotations

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
    """Nothing a test does touches the real cache, history or data directories."""
    monkeypatch.setenv("NL2SQL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NL2SQL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("NL2SQL_DEBUG", raising=False)


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
