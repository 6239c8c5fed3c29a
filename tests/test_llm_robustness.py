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


# A key that looks like no provider's (no "sk-"), with characters that URL- and JSON-escaping change.
ODD_KEY = 'Zq9/"tRw+4\\kP'


@pytest.mark.parametrize("status", [400, 403, 404, 422])
def test_an_error_body_echoing_a_key_of_any_shape_shows_neither_it_nor_escapes(
        ecommerce_db, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch, status: int) -> None:
    from urllib.parse import quote

    monkeypatch.setenv("SHOP_MODEL_KEY", ODD_KEY)
    echoed = f"\x1b[2J\x1b]0;owned\x07bad key {ODD_KEY} (url {quote(ODD_KEY, safe='')}, masked {ODD_KEY[:9]}...)"
    server.replies.append(("status", status, echoed))
    result = _session(ecommerce_db, server, key_env="SHOP_MODEL_KEY").process_turn("how many users")
    message = result.error.message
    assert "\x1b" not in message and "\x07" not in message and "\\x1b" in message, message
    for form in (ODD_KEY, quote(ODD_KEY, safe=""), ODD_KEY[:9], "Zq9/\\\"tRw"):
        assert form not in message, message
    assert "\n" not in message


def test_a_reply_repeating_the_key_or_a_password_shows_neither(ecommerce_db, server: ScriptedServer,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOP_MODEL_KEY", ODD_KEY)
    monkeypatch.setenv("PGPASSWORD", "hunter2!")
    server.reply_sql(f"SELECT COUNT(*) AS n, '{ODD_KEY.upper()}' AS k FROM users",
                     explanation="Counts users; your password is hunter2! \x1b[31mred\x1b[0m")
    result = _session(ecommerce_db, server, key_env="SHOP_MODEL_KEY").process_turn("how many users")
    assert result.ok, result.error
    shown = f"{result.query} {result.explanation} {result.result.rows}"
    assert ODD_KEY.upper() not in shown and "hunter2!" not in shown and "\x1b" not in shown, shown
    assert result.result.rows[0][0] == 1000  # the query still ran, the key's place taken by ***


def test_names_that_look_like_keys_and_the_current_folder_survive_in_a_reply(
        ecommerce_db, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only configured secrets are taken out of a reply's SQL: "pk_user_count" or "key_..." are names,
    and $PWD (the current folder, which may be named like a table) is no password."""
    monkeypatch.setenv("SHOP_MODEL_KEY", ODD_KEY)
    monkeypatch.setenv("PWD", "/home/analyst/country_total")  # its last characters are in a name below
    monkeypatch.setenv("OLDPWD", "/srv/data/orders")
    sql = "SELECT COUNT(*) AS pk_user_count, COUNT(DISTINCT country) AS key_country_total FROM users"
    server.reply_sql(sql)
    result = _session(ecommerce_db, server, key_env="SHOP_MODEL_KEY").process_turn("how many users and countries")
    assert result.ok, result.error
    assert result.query == sql and result.result.columns == ("pk_user_count", "key_country_total")


def test_a_deeply_nested_reply_is_one_line(ecommerce_db, server: ScriptedServer) -> None:
    session = _session(ecommerce_db, server)
    server.replies.append(("text", '{"sql": ' + "[" * 100_000 + "]" * 100_000 + "}"))  # JSON: RecursionError
    server.reply_sql("SELECT " + "(" * 5_000 + "1" + ")" * 5_000)  # SQL: RecursionError in the parser
    server.reply_sql("SELECT " + "abs(" * 3_000 + "1" + ")" * 3_000)
    result = session.process_turn("how many users")
    assert result.error is not None and "Internal error" not in result.error.message, result.error.message
    assert "\n" not in result.error.message and "nest" in result.error.message, result.error.message
    server.reply_sql("SELECT COUNT(*) FROM categories")
    assert session.process_turn("how many categories").result.rows == ((8,),)  # the session goes on


@pytest.mark.parametrize("arguments", [
    {"context": 5, "level": ["general"], "questions": 7},
    {"context": "which?", "level": "specific", "questions": [{"text": 5, "question_type": "free_text"}]},
    {"context": ["x"], "questions": [{"text": "Which status?", "question_type": "single_choice", "choices": 3,
                                      "required": "yes", "default_choice": True}]},
    {"questions": "Which status?"},
])
def test_clarification_arguments_of_the_wrong_types_do_not_crash(ecommerce_db, server: ScriptedServer,
                                                                 arguments: dict) -> None:
    server.replies.append(("tool", "request_clarification", arguments))
    result = _session(ecommerce_db, server).process_turn("show me the important ones")
    assert result.error is None or "Internal error" not in result.error.message, result.error.message
    for question in result.request.questions if result.request else ():
        assert isinstance(question.text, str) and all(isinstance(c, str) for c in question.choices)


def test_clarification_choices_of_mixed_types_keep_the_usable_ones(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("tool", "request_clarification", {
        "context": "which status", "level": "specific",
        "questions": [{"text": "Which status?", "question_type": "single_choice",
                       "choices": ["paid", {"a": 1}, None, 7], "default_choice": 9}]}))
    result = _session(ecommerce_db, server).process_turn("show me the important ones")
    assert result.request is not None, result.error
    question = result.request.questions[0]
    assert question.text == "Which status?" and question.choices == ("paid", "7") and question.default_choice == 1


def test_a_missing_api_key_is_named_as_such(ecommerce_path) -> None:
    """No key for a provider that needs one: the one line says so, not that a server failed."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    proc = subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(ecommerce_path), "--engine", "llm",
                           "--model", "openai/gpt-4o-mini", "--no-learn", "how many users"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "No API key" in proc.stderr and "server failed" not in proc.stderr


def test_litellm_errors_are_sorted_by_their_classes_subclasses_included() -> None:
    """What a retry can help with, read from litellm's exception classes (not their names): a subclass, such
    as a context window exceeded (a bad request) or a caller's credentials refused, goes with its kind."""
    from nl2sql.engines.llm.client import TIMED_OUT, _classify, litellm_module

    errors = litellm_module().exceptions
    cases = [
        (errors.AuthenticationError("no", "openai", "m"), False, "refused the API key"),
        (errors.CallerCredentialAuthenticationError("no", "openai", "m"), False, "refused the API key"),
        (errors.RateLimitError("slow down", "openai", "m"), True, "rate limiting"),
        (errors.Timeout("late", "m", "openai"), True, TIMED_OUT),
        (errors.APIConnectionError("connection refused", "openai", "m"), True, "Could not reach"),
        (errors.ServiceUnavailableError("down", "openai", "m"), True, "server failed"),
        (errors.ContextWindowExceededError("too long", "m", "openai"), False, "rejected the request"),
        (errors.UnsupportedParamsError("no n", "openai", "m"), False, "rejected the request"),
        (ValueError("something else"), True, "The model call failed: ValueError"),
    ]
    for err, can_retry, says in cases:
        failure = _classify(err)
        assert failure.can_retry is can_retry and says in str(failure), (type(err).__name__, str(failure))
