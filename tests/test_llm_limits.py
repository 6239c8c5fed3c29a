"""Model work has limits that hold against a server that will not finish: --llm-timeout is a wall
clock for a call however its bytes arrive, a cancelled call does not hold up the exit, --samples is
capped, and a turn reads only the candidates it asked for and votes within its own time budget."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from nl2sql.config import ModelChoice
from nl2sql.engines import make_engine
from nl2sql.engines.llm.client import MAX_SAMPLES, TURN_CALLS, litellm_module
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY
from tests.llm_server import ScriptedServer

# A query SQLite accepts and never finishes: each candidate made of it runs until its time is up.
ENDLESS_SQL = "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT COUNT(*) FROM r"
# What starting a Python with nl2sql and litellm costs on a slow machine, over the limits under test.
STARTUP_S = 20.0


def _session(db, server: ScriptedServer, timeout: float, samples: int = 1) -> InteractiveWorkflow:
    engine = make_engine("llm", today=TODAY, model=ModelChoice("openai/test-model", server.url, None, timeout),
                         samples=samples)
    return InteractiveWorkflow(db, engine, max_rows=None, clarify="ask", confirm_below=0.0)


def _timed_turn(session: InteractiveWorkflow, line: str) -> tuple[object, float]:
    litellm_module()  # loaded before the clock starts: the limits are the call's, not the import's
    started = time.monotonic()
    result = session.process_turn(line)
    return result, time.monotonic() - started


def test_a_server_dripping_a_byte_per_half_second_is_cut_off_at_the_limit(ecommerce_db,
                                                                        server: ScriptedServer) -> None:
    server.replies.append(("trickle", 0.5, ("json", {"sql": "SELECT 1", "explanation": "x" * 200})))
    result, elapsed = _timed_turn(_session(ecommerce_db, server, timeout=2.0), "how many users")
    assert result.error is not None and "in time" in result.error.message
    assert elapsed < 6.0, elapsed  # retries included; the answer would take over 2 minutes to arrive
    assert server.dropped.wait(2.0)  # and the call's thread stopped reading: it hung up


def test_a_chunked_body_that_never_ends_is_cut_off_at_the_limit(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("endless", 0.05))
    result, elapsed = _timed_turn(_session(ecommerce_db, server, timeout=1.0), "how many users")
    assert result.error is not None and "in time" in result.error.message
    assert elapsed < 5.0, elapsed  # a body that never ends: without the limit, never
    assert server.dropped.wait(2.0)


def test_ask_against_a_dripping_server_ends_with_one_line_in_bounded_time(ecommerce_path: Path,
                                                                          server: ScriptedServer) -> None:
    """The process, not only the turn: an exit that waited for the call's thread took minutes."""
    server.replies.append(("trickle", 0.5, ("json", {"sql": "SELECT 1", "explanation": "x" * 200})))
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "nl2sql", "ask", "--db", str(ecommerce_path), "--engine", "llm",
                          "--model", "openai/test-model", "--api-base", server.url, "--llm-timeout", "2",
                          "how many users"],
                         capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - started
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "in time" in lines[0], run.stderr
    assert elapsed < 2.0 + STARTUP_S, elapsed


def test_exit_after_a_cancelled_call_is_prompt(ecommerce_path: Path, server: ScriptedServer) -> None:
    """In the REPL, on a terminal: a question to a server that never answers, Ctrl-C, then /exit. Nothing
    waits for the abandoned call (the exit used to wait for the call's whole time limit, here 60 s)."""
    server.replies.append(("sleep", 60.0, ("text", "too late")))
    master, slave = os.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    proc = subprocess.Popen([sys.executable, "-m", "nl2sql", "chat", "--db", str(ecommerce_path), "--engine", "llm",
                             "--model", "openai/test-model", "--api-base", server.url, "--llm-timeout", "60"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    screen = bytearray()

    def read_until(done: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, bytes(screen[-1500:])
            if select.select([master], [], [], 0.1)[0]:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the other end closed: the process ended
                    return
                screen.extend(chunk)
                if b"\x1b[6n" in chunk:  # prompt-toolkit asks where the cursor is; a terminal answers
                    os.write(master, b"\x1b[1;1R")

    try:
        read_until(lambda: b"nl2sql>" in screen, 60)
        os.write(master, b"how many users\r")
        read_until(lambda: bool(server.requests), 60)  # the call is in flight
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)  # Ctrl-C, as the terminal sends it
        read_until(lambda: b"cancelled" in screen and screen.rfind(b"nl2sql>") > screen.find(b"cancelled"), 10)
        os.write(master, b"/exit\r")
        started = time.monotonic()
        read_until(lambda: proc.poll() is not None, 30)
        assert proc.wait(timeout=30) == 0
        # At most the rest of an import the call's thread was in (a thread frozen inside one would hang
        # the exit for good), never the call's 60 s.
        assert time.monotonic() - started < 10.0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)


def test_samples_are_capped_with_a_one_line_error(ecommerce_path: Path) -> None:
    from click.testing import CliRunner

    from nl2sql.cli import MAX_SAMPLES as CLI_MAX
    from nl2sql.cli import cli

    assert CLI_MAX == MAX_SAMPLES  # the CLI's copy (kept to keep start-up light) is the engine's number
    run = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--engine", "llm", "--model",
                                   "openai/test-model", "--samples", "100000", "how many users"])
    assert run.exit_code == 2 and "Traceback" not in run.output, run.output
    assert f"100000 is not in the range 1<=x<={MAX_SAMPLES}" in run.output, run.output


def test_samples_past_the_cap_are_refused_through_the_python_api_too(ecommerce_db, server: ScriptedServer) -> None:
    import pytest

    from nl2sql.errors import UsageError

    with pytest.raises(UsageError, match=f"between 1 and {MAX_SAMPLES}"):
        _session(ecommerce_db, server, timeout=5.0, samples=MAX_SAMPLES + 1)


def test_a_server_sending_forty_candidates_for_two_is_read_for_two(ecommerce_db, server: ScriptedServer) -> None:
    """38 extra candidates that would each run until the vote's timeout: none of them is read."""
    good = ("json", {"sql": "SELECT COUNT(*) FROM categories", "explanation": "count", "confidence": 0.9})
    slow = ("json", {"sql": ENDLESS_SQL, "explanation": "slow", "confidence": 0.9})
    server.responder = lambda body: [good, good] + [slow] * 38
    result, elapsed = _timed_turn(_session(ecommerce_db, server, timeout=5.0, samples=2), "how many categories")
    assert result.ok and result.result.rows == ((8,),), result.error
    assert server.requests[0]["n"] == 2
    assert elapsed < 4.5, elapsed  # under one vote's time limit (5 s): no slow candidate was run


def test_the_vote_of_a_turn_keeps_to_the_turns_budget(ecommerce_db, server: ScriptedServer) -> None:
    """Ten candidates that each run until stopped: the vote gives up when the turn's model budget is
    spent, not after ten vote timeouts (50 s)."""
    slow = ("json", {"sql": ENDLESS_SQL, "explanation": "slow", "confidence": 0.9})
    server.responder = lambda body: [slow] * int(body.get("n") or 1)
    timeout = 1.0
    result, elapsed = _timed_turn(_session(ecommerce_db, server, timeout=timeout, samples=MAX_SAMPLES),
                                  "count forever")
    assert result.request is not None  # no candidate got a vote: agreement 0, so the reading is put to the user
    assert elapsed < timeout * TURN_CALLS + 2.0, elapsed


def test_an_answer_past_the_size_limit_is_not_read_to_its_end(ecommerce_db, server: ScriptedServer,
                                                               monkeypatch) -> None:
    from nl2sql.engines.llm import client

    monkeypatch.setattr(client, "MAX_REPLY_BYTES", 20_000)
    server.replies.append(("json", {"sql": "SELECT 1", "explanation": "x" * 100_000}))
    result = _session(ecommerce_db, server, timeout=5.0).process_turn("how many users")
    assert result.error is not None and "too long" in result.error.message, result.error
