"""The LLM engine on DuckDB, PostgreSQL, MariaDB and Spark: the prompt names the engine's dialect, a reply
in that dialect is validated in it and runs, a reply the engine refuses is repaired, and the
database's own table and column comments reach the prompt.

The model is the local OpenAI-compatible server (tests/llm_server.py) reached through the real
litellm client; the databases are the session's fixture copies and throwaway servers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nl2sql.config import ModelChoice
from nl2sql.db import open_database
from nl2sql.engines import make_engine
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY, rows_of
from tests.llm_server import ScriptedServer

MODEL = "openai/test-model"
ENGINES = ["ecommerce_duckdb", "ecommerce_pg", "ecommerce_mysql", "ecommerce_spark"]
NAMES = {"duckdb": "DuckDB", "postgres": "PostgreSQL", "mysql": "MySQL (MariaDB)", "spark": "Spark SQL"}
# A reply each engine accepts and SQLite would not read the same way (or at all).
NATIVE = {
    "duckdb": "SELECT country, COUNT(*) AS n FROM users GROUP BY ALL",
    "postgres": "SELECT country, COUNT(*) AS n FROM users WHERE country ILIKE '%a%' GROUP BY country",
    "mysql": "SELECT `country`, COUNT(*) AS `n` FROM `users` WHERE `country` LIKE '%a%' GROUP BY `country`",
    "spark": "SELECT `country`, COUNT(*) AS `n` FROM `users` WHERE `country` ILIKE '%a%' GROUP BY ALL",
}
SQLITE_EQUIVALENT = {
    "duckdb": "SELECT country, COUNT(*) FROM users GROUP BY country",
    "postgres": "SELECT country, COUNT(*) FROM users WHERE LOWER(country) LIKE '%a%' GROUP BY country",
    "mysql": "SELECT country, COUNT(*) FROM users WHERE LOWER(country) LIKE '%a%' GROUP BY country",
    "spark": "SELECT country, COUNT(*) FROM users WHERE LOWER(country) LIKE '%a%' GROUP BY country",
}
# A reply written as for SQLite that the engine itself refuses, and the repair the model then sends.
REFUSED = {
    "duckdb": ('SELECT COUNT(*) FROM users WHERE country = "Germany"', "write text values in single quotes"),
    "postgres": ("SELECT strftime('%Y', created_at) AS y, COUNT(*) FROM orders GROUP BY y", "strftime"),
    "mysql": ("SELECT COUNT(*) FROM users WHERE nation = 'Germany'", "nation"),
    "spark": ("SELECT strftime('%Y', created_at) AS y, COUNT(*) FROM orders GROUP BY y", "strftime"),
}
REPAIRED = "SELECT COUNT(*) FROM users WHERE country = 'Germany'"


def _workflow(db, server: ScriptedServer) -> InteractiveWorkflow:
    engine = make_engine("llm", today=TODAY, model=ModelChoice(MODEL, server.url, None, 5.0))
    return InteractiveWorkflow(db, engine, max_rows=None, clarify="ask", confirm_below=0.0)


def _system(server: ScriptedServer, n: int = 0) -> str:
    return str(server.requests[n]["messages"][0]["content"])


def _sorted(rows) -> list[tuple]:
    return sorted(tuple(float(v) if isinstance(v, (int, float)) else v for v in row) for row in rows)


@pytest.mark.parametrize("fixture", ENGINES)
def test_a_reply_in_the_engines_dialect_is_named_validated_and_run(request: pytest.FixtureRequest, fixture: str,
                                                                  ecommerce_db, server: ScriptedServer) -> None:
    db = request.getfixturevalue(fixture)
    server.reply_sql(NATIVE[db.dialect])
    result = _workflow(db, server).process_turn("number of users per country with an a in its name")
    assert f"a {NAMES[db.dialect]} database" in _system(server)
    assert f"in {NAMES[db.dialect]}'s own SQL dialect" in _system(server)
    quotes = "backticks" if db.dialect in ("mysql", "spark") else "double quotes"
    assert f"{quotes} are for names only" in _system(server)
    assert result.ok, result.error
    assert len(server.requests) == 1  # valid as written: no repair round
    assert _sorted(result.result.rows) == _sorted(rows_of(ecommerce_db, SQLITE_EQUIVALENT[db.dialect]))


@pytest.mark.parametrize("fixture", ENGINES)
def test_a_reply_the_engine_refuses_is_repaired(request: pytest.FixtureRequest, fixture: str, ecommerce_db,
                                                server: ScriptedServer) -> None:
    db = request.getfixturevalue(fixture)
    refused, because = REFUSED[db.dialect]
    server.reply_sql(refused)
    server.reply_sql(REPAIRED)
    result = _workflow(db, server).process_turn("How many users live in Germany?")
    assert result.ok, result.error
    assert len(server.requests) == 2
    repair = str(server.requests[1]["messages"][-1]["content"])
    # refused by the database, or before it by the guard (a function PostgreSQL and Spark do not have)
    assert ("the database refused it" in repair or "refusing" in repair) and because in repair.lower(), repair
    assert list(result.result.rows) == rows_of(ecommerce_db, REPAIRED)


def _comments_reach_the_prompt(db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT nm, sal FROM emp")
    result = _workflow(db, server).process_turn("names and salaries of the staff")
    assert result.ok, result.error
    prompt = str(server.requests[0]["messages"][1]["content"])
    assert "-- emp: people employed by the company" in prompt, prompt
    assert "-- emp.sal: monthly salary in euros, before tax" in prompt, prompt
    assert "-- emp.nm: full name" in prompt
    assert "-- dept:" not in prompt and "-- dept.id" not in prompt  # nothing said about what has no comment
    db.close()


def test_duckdb_comments_reach_the_prompt(tmp_path: Path, server: ScriptedServer) -> None:
    import duckdb

    path = tmp_path / "staff.duckdb"
    with duckdb.connect(str(path)) as conn:
        conn.execute("CREATE TABLE dept (id INTEGER PRIMARY KEY, title TEXT)")
        conn.execute("CREATE TABLE emp (id INTEGER PRIMARY KEY, nm TEXT, sal DOUBLE, dept_id INTEGER)")
        conn.execute("INSERT INTO emp VALUES (1, 'Ann', 3000, 1)")
        conn.execute("COMMENT ON TABLE emp IS 'people employed by the company'")
        conn.execute("COMMENT ON COLUMN emp.sal IS 'monthly salary in euros,\nbefore tax'")
        conn.execute("COMMENT ON COLUMN emp.nm IS 'full name'")
        conn.execute("COMMENT ON COLUMN emp.dept_id IS 'references dept.id'")
    db = open_database(str(path))
    _comments_reach_the_prompt(db, server)
    prompt = str(server.requests[0]["messages"][1]["content"])
    assert "FOREIGN KEY (dept_id) REFERENCES dept (id)" in prompt and "references dept.id" not in prompt


def test_postgres_comments_reach_the_prompt(pg_server, server: ScriptedServer) -> None:
    pg_server.admin("CREATE DATABASE llm_notes")
    pg_server.admin("CREATE TABLE dept (id INTEGER PRIMARY KEY, title TEXT)",
                    "CREATE TABLE emp (id INTEGER PRIMARY KEY, nm TEXT, sal NUMERIC(10, 2), "
                    "dept_id INTEGER REFERENCES dept (id))",
                    "INSERT INTO dept VALUES (1, 'Sales')", "INSERT INTO emp VALUES (1, 'Ann', 3000, 1)",
                    "COMMENT ON TABLE emp IS 'people employed by the company'",
                    "COMMENT ON COLUMN emp.sal IS 'monthly salary in euros, before tax'",
                    "COMMENT ON COLUMN emp.nm IS 'full name'", database="llm_notes")
    _comments_reach_the_prompt(open_database(pg_server.url("llm_notes")), server)


def test_mysql_comments_reach_the_prompt(mysql_server, server: ScriptedServer) -> None:
    mysql_server.admin("CREATE DATABASE llm_notes")
    mysql_server.admin("CREATE TABLE dept (id INT PRIMARY KEY, title TEXT)",
                       "CREATE TABLE emp (id INT PRIMARY KEY, nm TEXT COMMENT 'full name', "
                       "sal DECIMAL(10, 2) COMMENT 'monthly salary in euros, before tax', dept_id INT, "
                       "FOREIGN KEY (dept_id) REFERENCES dept (id)) COMMENT = 'people employed by the company'",
                       "INSERT INTO dept VALUES (1, 'Sales')", "INSERT INTO emp VALUES (1, 'Ann', 3000, 1)",
                       database="llm_notes")
    _comments_reach_the_prompt(open_database(mysql_server.url("llm_notes", query="databases=")), server)
