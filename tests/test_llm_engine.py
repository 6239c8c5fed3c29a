"""The LLM engine against a local OpenAI-compatible server, through the real litellm client."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.config import ModelChoice
from nl2sql.dialog import AWAITING_CLARIFICATION, IDLE
from nl2sql.engines import make_engine
from nl2sql.engines.llm.client import litellm_module, start_background_import
from nl2sql.engines.llm.engine import LlmEngine
from nl2sql.engines.llm.memory import Memory
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY, rows_of
from tests.llm_server import ScriptedServer

MODEL = "openai/test-model"  # not in litellm's cost map: cost is unknown, tokens are still counted


def _workflow(db, server: ScriptedServer, *, timeout: float = 5.0, no_data: bool = False,
              clarify: str = "ask") -> InteractiveWorkflow:
    engine = make_engine("llm", today=TODAY, model=ModelChoice(MODEL, server.url, None, timeout), no_data=no_data)
    return InteractiveWorkflow(db, engine, max_rows=None, clarify=clarify, confirm_below=0.0)


def test_generation_is_grounded_and_counts_tokens(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT COUNT(*) AS n FROM users")
    result = _workflow(ecommerce_db, server).process_turn("How many users are there?")
    assert result.ok, result.error
    assert result.result.rows == ((1000,),)
    request = server.requests[0]
    prompt = server.prompt_text()
    assert request["model"] == "test-model" and "CREATE TABLE users" in prompt and TODAY.isoformat() in prompt
    assert "FOREIGN KEY (user_id) REFERENCES users (id)" in prompt and "'card'" in prompt
    assert [t["function"]["name"] for t in request["tools"]] == ["request_clarification"]
    assert request["response_format"] == {"type": "json_object"}
    usage = result.to_json()["usage"]
    assert usage["promptTokens"] == 120 and usage["completionTokens"] == 30 and usage["cost"] is None
    assert usage["session"]["promptTokens"] == 120


def test_refinement_sends_the_current_sql_and_a_sample(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    server.reply_sql("SELECT * FROM payments WHERE method = 'paypal'")
    wf.process_turn("Show payments made with paypal")
    server.reply_sql("SELECT * FROM payments WHERE method = 'bkash'", summary="method paypal -> bkash")
    result = wf.process_turn("what about bkash?")
    assert result.intent == "refinement" and result.refinement_summary == "method paypal -> bkash"
    prompt = server.prompt_text()
    assert "\"Show payments made with paypal\" -> SQL: SELECT * FROM payments WHERE method = 'paypal'" in prompt
    assert "Current query (from \"Show payments made with paypal\"" in prompt and "A few rows of its result" in prompt
    assert "'paypal'" in prompt.split("A few rows of its result")[1] and '"paypal"' not in prompt  # SQL literals
    assert result.result.rows == tuple(rows_of(ecommerce_db, "SELECT * FROM payments WHERE method = 'bkash'"))


def test_no_data_to_model_sends_schema_only(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server, no_data=True)
    server.reply_sql("SELECT * FROM payments WHERE method = 'paypal'")
    wf.process_turn("Show payments made with paypal")
    server.reply_sql("SELECT * FROM payments WHERE method = 'bkash'")
    wf.process_turn("what about bkash?")
    for n in range(2):
        prompt = server.prompt_text(n)
        assert "CREATE TABLE payments" in prompt and "stored values" not in prompt
        assert "rows of its result" not in prompt


def test_repair_after_an_unknown_column(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT nme FROM users")
    server.reply_sql("SELECT name FROM users")
    result = _workflow(ecommerce_db, server).process_turn("names of users")
    assert result.ok and len(server.requests) == 2
    assert "no column nme" in server.prompt_text() and "did you mean name" in server.prompt_text()
    assert result.to_json()["usage"]["promptTokens"] == 240


def test_writes_are_refused_whatever_the_model_says(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("DELETE FROM reviews")
    server.reply_sql("DROP TABLE reviews")
    result = _workflow(ecommerce_db, server).process_turn("clean up the reviews")
    assert result.error is not None and result.query is None
    assert rows_of(ecommerce_db, "SELECT COUNT(*) FROM reviews") == [(3000,)]


def test_clarification_through_the_tool(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("tool", "request_clarification", {
        "context": "best is ambiguous", "level": "specific",
        "questions": [{"text": "Rank customers by?", "question_type": "single_choice",
                       "choices": ["Total spent", "Number of orders"], "required": True, "default_choice": 1}]}))
    wf = _workflow(ecommerce_db, server)
    asked = wf.process_turn("Who are our best customers?")
    assert asked.mode == AWAITING_CLARIFICATION and asked.clarification["level"] == "specific"
    assert asked.clarification["questions"][0]["choices"] == ["Total spent", "Number of orders"]
    server.reply_sql("SELECT user_id, COUNT(*) AS n FROM orders GROUP BY user_id ORDER BY n DESC LIMIT 10")
    done = wf.process_turn("2")
    assert done.ok and done.mode == IDLE
    assert "Answer to 'Rank customers by?': Number of orders" in server.prompt_text()


def test_auto_answers_a_models_question_with_its_default(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("tool", "request_clarification", {
        "context": "which", "level": "partial",
        "questions": [{"text": "Which table?", "question_type": "single_choice", "choices": ["users", "products"]}]}))
    server.reply_sql("SELECT COUNT(*) FROM users")
    result = _workflow(ecommerce_db, server, clarify="auto").process_turn("count them")
    assert result.ok and result.clarification["answeredBy"] == "defaults"
    assert result.to_json()["usage"]["promptTokens"] == 240  # the asking round counts in the turn's usage


def test_rate_limit_is_retried(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("status", 429, "slow down"))
    server.reply_sql("SELECT 1 AS one")
    result = _workflow(ecommerce_db, server).process_turn("anything")
    assert result.ok and len(server.requests) == 2


def test_bad_key_is_not_retried(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("status", 401, "invalid api key"))
    result = _workflow(ecommerce_db, server).process_turn("anything")
    assert result.error is not None and not result.error.can_retry and "API key" in result.error.message
    assert len(server.requests) == 1  # neither litellm nor the OpenAI SDK retried on their own


def test_timeout_is_bounded_and_retryable(ecommerce_db, server: ScriptedServer) -> None:
    for _ in range(3):
        server.replies.append(("sleep", 1.5, ("text", "late")))
    started = time.monotonic()
    result = _workflow(ecommerce_db, server, timeout=0.3).process_turn("anything")
    elapsed = time.monotonic() - started
    assert result.error is not None and result.error.can_retry and "in time" in result.error.message
    assert len(server.requests) == 1  # --llm-timeout is the whole call's: no retry past it
    assert elapsed < 1.45  # a wall clock: before the server's 1.5 s answer, however it trickles


def test_refused_connection_is_a_clear_error(ecommerce_db) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    engine = make_engine("llm", today=TODAY, model=ModelChoice(MODEL, f"http://127.0.0.1:{port}/v1", None, 2.0))
    result = InteractiveWorkflow(ecommerce_db, engine).process_turn("anything")
    assert result.error is not None and result.error.can_retry and "reach the model server" in result.error.message


def test_plain_text_and_fenced_sql_still_work(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("text", "Sure:\n```sql\nSELECT COUNT(*) FROM categories;\n```"))
    result = _workflow(ecommerce_db, server).process_turn("how many categories")
    assert result.ok and result.result.rows == ((8,),)


def test_malformed_output_twice_is_an_error_and_the_session_goes_on(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("text", "I am not sure."))
    server.replies.append(("text", "{broken json"))
    wf = _workflow(ecommerce_db, server)
    failed = wf.process_turn("anything")
    assert failed.error is not None and "did not work" in failed.error.message
    server.reply_sql("SELECT 1 AS one")
    assert wf.process_turn("anything else").ok


def test_memory_offers_similar_examples(ecommerce_db, server: ScriptedServer, tmp_path: Path) -> None:
    wf = _workflow(ecommerce_db, server)
    server.reply_sql("SELECT COUNT(*) FROM orders WHERE status = 'pending'")
    wf.process_turn("How many orders are pending?")  # ran well: remembered automatically
    server.reply_sql("SELECT COUNT(*) FROM orders WHERE status = 'paid'")
    wf.process_turn("/new")
    wf.process_turn("How many orders are paid?")
    roles = [m["role"] for m in server.requests[-1]["messages"]]
    assert roles.count("assistant") == 1 and "How many orders are pending?" in server.prompt_text()
    assert "Remembered" in wf.process_turn("/remember").message
    examples = Memory().similar(ecommerce_db.identity, "how many orders are shipped")
    assert {e.question for e in examples} == {"How many orders are pending?", "How many orders are paid?"}


def test_large_schemas_are_pruned(ecommerce_path: Path, tmp_path: Path) -> None:
    import shutil
    import sqlite3

    from nl2sql.db import open_database
    from nl2sql.engines.llm.client import ModelSettings

    wide = tmp_path / "wide.db"
    shutil.copy(ecommerce_path, wide)
    conn = sqlite3.connect(wide)
    for n in range(30):
        conn.execute(f"CREATE TABLE warehouse_{n} (id INTEGER PRIMARY KEY, label TEXT, capacity REAL)")
    conn.commit()
    conn.close()
    db = open_database(str(wide))
    engine = LlmEngine(ModelSettings(MODEL), today=TODAY)
    prompt = engine.schema_prompt("How many orders are pending?", db)
    assert "CREATE TABLE orders" in prompt and "CREATE TABLE users" in prompt  # a foreign-key neighbour
    assert "warehouse_" not in prompt and "CREATE TABLE reviews" not in prompt
    small = engine.schema_prompt("How many orders are pending?", open_database(str(ecommerce_path)))
    assert "CREATE TABLE reviews" in small  # small schemas are sent whole


def test_cli_model_flags(ecommerce_path: Path, server: ScriptedServer) -> None:
    server.reply_sql("SELECT COUNT(*) AS n FROM users")
    result = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--model", MODEL, "--api-base", server.url,
                                      "--format", "json", "--", "How many users are there?"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.splitlines()[0])["rows"] == [[1000]]
    missing = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--model", MODEL, "--api-base",
                                       server.url, "--api-key-env", "NO_SUCH_KEY_VARIABLE", "x"])
    assert missing.exit_code == 1 and "NO_SUCH_KEY_VARIABLE" in missing.output


def test_natural_answers_and_why_follow_ups(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    assert "now natural" in wf.process_turn("/answer natural").message
    server.reply_sql("SELECT COUNT(*) AS n FROM users")
    server.replies.append(("text", "There are 1,000 customers."))
    result = wf.process_turn("How many users are there?")
    assert result.answer == "There are 1,000 customers."
    server.replies.append(("text", "Because every user row is counted."))
    why = wf.process_turn("why so many?")
    assert why.explanation == "Because every user row is counted." and why.query == result.query
    asked_why = next(r for r in server.requests if "Follow-up: why so many?" in json.dumps(r))
    assert "rows [[1000]]" in json.dumps(asked_why)
    assert wf.process_turn("/answer loud").error is not None


def test_importing_the_engine_does_not_import_litellm() -> None:
    code = ("import sys, nl2sql.engines.llm.engine, nl2sql.cli; "
            "print('litellm' in sys.modules, 'openai' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "False False", proc.stderr


def test_background_import_finishes() -> None:
    start_background_import()
    module = litellm_module()
    assert module.suppress_debug_info is True


def test_cancel_stops_a_call_in_flight(ecommerce_db, server: ScriptedServer) -> None:
    import threading

    server.replies.append(("sleep", 3.0, ("text", "too late")))
    wf = _workflow(ecommerce_db, server, timeout=10.0)
    litellm_module()  # loaded, as it is by the time a user presses Ctrl-C
    timer = threading.Timer(0.3, wf.interrupt)  # what the REPL's Ctrl-C handler does
    timer.start()
    started = time.monotonic()
    result = wf.process_turn("anything")
    timer.join()
    assert result.error is not None and "cancelled" in result.error.message
    assert time.monotonic() - started < 2.0 and wf.state.mode.name == IDLE
