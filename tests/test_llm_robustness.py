"""What a misbehaving model server sends cannot crash the session, hang it or leak a key: an error
body that echoes the key, an answer with no choices, tool arguments that are not an object, an
answer trickled a byte at a time past the time limit."""

from __future__ import annotations

import time

import pytest

from nl2sql.config import ModelChoice
from nl2sql.engines import make_engine
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY
from tests.llm_server import ScriptedServer

KEY = "sk-live-Pl4ntedKey0123456789"


def _session(db, server: ScriptedServer, timeout: float = 5.0, key_env: str | None = None) -> InteractiveWorkflow:
    engine = make_engine("llm", today=TODAY, model=ModelChoice("openai/test-model", server.url, key_env, timeout))
    return InteractiveWorkflow(db, engine, max_rows=None, clarify="ask", confirm_below=0.0)


def test_an_error_body_that_echoes_the_key_is_shown_without_it(ecommerce_db, server: ScriptedServer,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOP_MODEL_KEY", KEY)
    server.replies.append(("status", 400, f"Invalid request for key {KEY}; api_key={KEY[:12]}xyzxyzxyz"))
    result = _session(ecommerce_db, server, key_env="SHOP_MODEL_KEY").process_turn("how many users")
    assert result.error is not None and "rejected the request" in result.error.message
    assert KEY not in result.error.message and KEY[:12] not in result.error.message, result.error.message
    assert server.requests[0]["messages"]  # the key did go to the server, in its header


def test_an_answer_with_no_choices_is_one_retryable_error(ecommerce_db, server: ScriptedServer) -> None:
    server.responder = lambda body: []
    session = _session(ecommerce_db, server)
    result = session.process_turn("how many users")
    assert result.error is not None and result.error.can_retry and "empty answer" in result.error.message
    server.responder = None
    server.reply_sql("SELECT COUNT(*) FROM categories")
    assert session.process_turn("how many categories").result.rows == ((8,),)  # the session goes on


@pytest.mark.parametrize("arguments", [[1, 2], "just text", 7, None])
def test_tool_arguments_that_are_not_an_object_do_not_crash(ecommerce_db, server: ScriptedServer,
                                                            arguments: object) -> None:
    server.replies.append(("tool", "request_clarification", arguments))
    result = _session(ecommerce_db, server).process_turn("show me the important ones")
    assert result.error is not None or result.request is not None
    assert result.error is None or "Internal error" not in result.error.message, result.error.message


def test_the_time_limit_is_a_wall_clock_against_a_trickling_server(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("trickle", 0.02, ("json", {"sql": "SELECT 1", "explanation": "x" * 400})))
    started = time.monotonic()
    result = _session(ecommerce_db, server, timeout=1.0).process_turn("anything")
    assert result.error is not None and "in time" in result.error.message
    assert time.monotonic() - started < 5.0  # the whole answer takes over 10 s to arrive
