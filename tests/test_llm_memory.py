"""The model's example memory: one per database (not per file name), its values kept from the model
under --no-data-to-model, private to its owner, bounded, and never the reason a turn fails."""

from __future__ import annotations

import shutil
import sqlite3
import stat
from contextlib import closing
from pathlib import Path

import pytest

from nl2sql.config import ModelChoice
from nl2sql.db import open_database
from nl2sql.engines import make_engine
from nl2sql.engines.llm import memory as memory_module
from nl2sql.engines.llm.memory import Memory
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY
from tests.llm_server import ScriptedServer

REMEMBERED = "SELECT COUNT(*) FROM orders WHERE status = 'pending'"


def _session(db, server: ScriptedServer, *, no_data: bool = False) -> InteractiveWorkflow:
    engine = make_engine("llm", today=TODAY, model=ModelChoice("openai/test-model", server.url, None, 5.0),
                         no_data=no_data)
    return InteractiveWorkflow(db, engine, max_rows=None, clarify="ask", confirm_below=0.0)


def _remember_once(db, server: ScriptedServer) -> None:
    server.reply_sql(REMEMBERED)
    assert _session(db, server).process_turn("How many orders are pending?").ok


def test_two_files_of_one_name_do_not_share_examples(ecommerce_path: Path, tmp_path: Path,
                                                      server: ScriptedServer) -> None:
    other = tmp_path / "elsewhere" / ecommerce_path.name
    other.parent.mkdir()
    shutil.copyfile(ecommerce_path, other)
    with closing(open_database(str(ecommerce_path))) as first, closing(open_database(str(other))) as second:
        _remember_once(first, server)
        server.reply_sql("SELECT COUNT(*) FROM orders")
        _session(second, server).process_turn("How many orders are paid?")
        assert "How many orders are pending?" not in server.prompt_text()
        server.reply_sql("SELECT COUNT(*) FROM orders")
        _session(first, server).process_turn("How many orders are paid?")
        assert "How many orders are pending?" in server.prompt_text()  # the same file: offered


def test_no_data_to_model_sends_remembered_sql_without_its_values(ecommerce_db, server: ScriptedServer) -> None:
    _remember_once(ecommerce_db, server)
    server.reply_sql("SELECT COUNT(*) FROM orders")
    _session(ecommerce_db, server, no_data=True).process_turn("How many orders are paid?")
    prompt = server.prompt_text()
    assert "How many orders are pending?" in prompt and "'pending'" not in prompt and "status = '?'" in prompt


def test_the_memory_file_is_private_and_bounded(ecommerce_db, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory_module, "MAX_PER_DATABASE", 5)
    memory = Memory()
    for n in range(12):
        memory.remember(ecommerce_db.identity, f"question {n}", f"SELECT {n}")
    memory.remember("another database", "question x", "SELECT 1")
    with closing(sqlite3.connect(memory.path)) as conn:
        kept = conn.execute("SELECT question FROM examples WHERE database = ?", (ecommerce_db.identity,)).fetchall()
        assert {q for (q,) in kept} == {f"question {n}" for n in range(7, 12)}
        assert conn.execute("SELECT COUNT(*) FROM examples WHERE database = 'another database'").fetchone() == (1,)
    assert stat.S_IMODE(memory.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(memory.path.parent.stat().st_mode) == 0o700


def test_a_locked_memory_file_does_not_fail_the_turn(ecommerce_db, server: ScriptedServer) -> None:
    path = Memory().path
    _remember_once(ecommerce_db, server)
    with closing(sqlite3.connect(path, isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        server.reply_sql("SELECT COUNT(*) FROM categories")
        result = _session(ecommerce_db, server).process_turn("How many categories are there?")
        assert result.ok and result.result.rows == ((8,),), result.error
        holder.execute("ROLLBACK")


def test_no_data_to_model_sends_no_literal_of_a_remembered_example(ecommerce_db, server: ScriptedServer) -> None:
    """Numbers and SQLite's double-quoted strings are values too; the request body is what went out."""
    import json

    remembered = ('SELECT COUNT(*) FROM orders WHERE status = "pending" AND user_id = 4711 AND total > 1234.5 '
                  "AND created_at >= x'0f' LIMIT 7")
    Memory().remember(ecommerce_db.identity, "How many orders are pending?", remembered, confirmed=True)
    server.reply_sql("SELECT COUNT(*) FROM orders")
    _session(ecommerce_db, server, no_data=True).process_turn("How many orders are paid?")
    body = json.dumps(server.requests[-1])
    assert "How many orders are pending?" in body  # the example was offered, in its shape
    for value in ("pending", "4711", "1234.5", "0f"):
        assert value not in body.replace("How many orders are pending?", ""), value
    assert "LIMIT 7" in body  # a count of rows is the question's, not the data's
