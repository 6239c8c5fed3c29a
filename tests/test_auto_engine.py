"""`--engine auto`: the built-in engine's sure lines run without a model call; any other line goes
to the model once; follow-ups cross engines both ways; every result says who answered. The model
is the OpenAI-compatible server on 127.0.0.1 (tests/llm_server.py) reached through litellm."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.config import ModelChoice
from nl2sql.engines import make_engine
from nl2sql.engines.auto import AutoEngine
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY, rows_of
from tests.llm_server import ScriptedServer

MODEL = "openai/test-model"
SURE = "How many users are there?"  # read word for word by the built-in engine, well above 0.75
UNSURE = "which users behave like our most loyal regulars"  # nothing the built-in engine can settle


def _workflow(db, server: ScriptedServer) -> InteractiveWorkflow:
    engine = make_engine("auto", today=TODAY, model=ModelChoice(MODEL, server.url, None, 5.0))
    return InteractiveWorkflow(db, engine, max_rows=None, clarify="auto")


def test_a_sure_line_calls_no_model(ecommerce_db, server: ScriptedServer) -> None:
    result = _workflow(ecommerce_db, server).process_turn(SURE)
    assert result.ok and result.result.rows == ((1000,),)
    assert result.engine == "builtin" and result.to_json()["engine"] == "builtin"
    assert server.requests == []


def test_an_unsure_line_calls_the_model_once(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT name FROM users WHERE segment = 'business' ORDER BY created_at LIMIT 5")
    result = _workflow(ecommerce_db, server).process_turn(UNSURE)
    assert result.ok and result.engine == "llm", result.error
    assert len(server.requests) == 1
    assert list(result.result.rows) == rows_of(ecommerce_db, result.query)


def test_follow_ups_cross_engines_both_ways(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    server.reply_sql("SELECT name, country FROM users WHERE segment = 'business'")
    first = wf.process_turn(UNSURE)
    assert first.engine == "llm" and len(server.requests) == 1
    # the built-in engine edits the model's SQL (read as a table) when it is sure of the edit
    narrowed = wf.process_turn("sort by name")
    assert narrowed.ok and narrowed.engine == "builtin" and len(server.requests) == 1, narrowed.error
    names = [row[0] for row in narrowed.result.rows]
    assert names == sorted(names)
    # and the model edits the built-in engine's SQL when the built-in engine cannot
    wf.process_turn("/new")
    sure = wf.process_turn("How many orders are there?")
    assert sure.engine == "builtin" and len(server.requests) == 1
    server.reply_sql("SELECT COUNT(*) FROM orders WHERE status = 'paid' AND total_amount > 100")
    edited = wf.process_turn("only the ones that look like our loyal regulars' usual baskets")
    assert edited.ok and edited.engine == "llm" and len(server.requests) == 2, edited.error
    assert sure.query in server.prompt_text()  # the model edits the built-in engine's SQL


def test_stats_and_history_say_who_answered(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    wf.process_turn(SURE)
    server.reply_sql("SELECT COUNT(*) FROM orders")
    wf.process_turn(UNSURE)
    stats = wf.process_turn("/stats").message or ""
    assert "built-in engine 1, by the model 1" in stats
    history = (wf.process_turn("/history").message or "").splitlines()
    asked = [line for line in history if SURE in line or UNSURE in line]
    assert [line.endswith("(by the model)") for line in asked] == [False, True]


def test_auto_is_the_default_with_a_model_and_json_names_the_engine(ecommerce_path, server: ScriptedServer,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NL2SQL_MODEL", MODEL)
    monkeypatch.setenv("NL2SQL_API_BASE", server.url)
    args = ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(), "--format", "json", "--no-learn"]
    server.reply_sql("SELECT name FROM users WHERE segment = 'business'")
    out = CliRunner().invoke(cli, [*args, SURE, UNSURE, "/new", SURE])
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.output.splitlines() if line.startswith("{")]
    assert [row["engine"] for row in rows] == ["builtin", "llm", None, "builtin"] and len(server.requests) == 1
    server.requests.clear()
    named = CliRunner().invoke(cli, [*args, "--engine", "builtin", UNSURE])  # named: the model stays out
    assert server.requests == [] and "Traceback" not in named.output
    missing = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--engine", "auto", SURE],
                                 env={"NL2SQL_MODEL": ""})
    assert missing.exit_code == 2 and "needs a model" in missing.output


def test_the_engine_counts_what_each_side_answered(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    wf.process_turn(SURE)
    wf.process_turn("/new")
    wf.process_turn(SURE)
    assert isinstance(wf.engine, AutoEngine) and wf.engine.answered == {"builtin": 2, "llm": 0}


def test_eval_reports_calls_and_each_engines_share(ecommerce_path, tmp_path, server: ScriptedServer) -> None:
    questions = tmp_path / "q.jsonl"
    items = [{"id": "sure", "kind": "single", "turns": [SURE], "gold": ["SELECT COUNT(*) FROM users"]},
             {"id": "unsure", "kind": "single", "turns": [UNSURE],
              "gold": ["SELECT name FROM users WHERE segment = 'business'"]}]
    questions.write_text("\n".join(json.dumps(item) for item in items) + "\n")
    server.reply_sql("SELECT name FROM users WHERE segment = 'business'")
    out = tmp_path / "run.jsonl"
    run = CliRunner().invoke(cli, ["eval", "questions", str(questions), "--db", str(ecommerce_path), "--engine",
                                   "auto", "--model", MODEL, "--api-base", server.url, "--out", str(out)])
    assert run.exit_code == 0, run.output
    assert "0.50 calls" in run.output and "answered by" in run.output
    records = {r["conversation"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert (records["sure"]["engine"], records["sure"]["model_calls"]) == ("builtin", 0)
    assert (records["unsure"]["engine"], records["unsure"]["model_calls"]) == ("llm", 1)
    assert records["unsure"]["tokens"] > 0 and len(server.requests) == 1


def test_stats_price_the_calls_saved_when_the_provider_prices_are_known(ecommerce_db, server) -> None:
    from nl2sql.engines.base import Usage

    wf = _workflow(ecommerce_db, server)
    wf.process_turn(SURE)
    wf.process_turn(SURE)
    assert "saved" not in (wf.process_turn("/stats").message or "").split("(model calls saved")[-1]  # no price
    wf.engine.model.usage = Usage(1000, 100, cost=0.02, calls=4)  # four calls made, at $0.005 each
    assert "about $0.0100 saved" in (wf.process_turn("/stats").message or "")
