"""The LLM pipeline keeps a model's right answer: validation, repair, context, voting, eval isolation.

Every test talks to a local OpenAI-compatible server through the real litellm client; the
database is the fixture. What the server says is scripted per test, or comes from the gold model
(``tests.gold_model``), which can only answer a follow-up when the prompt carries the conversation.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from nl2sql.cli import cli
from nl2sql.config import ModelChoice
from nl2sql.db.guard import statement_text
from nl2sql.engines import make_engine
from nl2sql.engines.llm.client import ModelSettings
from nl2sql.engines.llm.engine import LlmEngine
from nl2sql.engines.llm.prompts import create_table
from nl2sql.evaluation.datasets import Conversation
from nl2sql.evaluation.runner import Settings, run
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY, rows_of
from tests.gold_model import GoldModel
from tests.llm_server import ScriptedServer

MODEL = "openai/test-model"


def _workflow(db, server: ScriptedServer, *, clarify: str = "ask", samples: int = 1,
              confirm_below: float = 0.0) -> InteractiveWorkflow:
    engine = make_engine("llm", today=TODAY, model=ModelChoice(MODEL, server.url, None, 5.0), samples=samples)
    return InteractiveWorkflow(db, engine, max_rows=None, clarify=clarify, confirm_below=confirm_below)


def _user_messages(server: ScriptedServer, n: int = -1) -> list[str]:
    return [str(m["content"]) for m in server.requests[n]["messages"] if m["role"] == "user"]


@pytest.mark.parametrize("sql", [
    'SELECT COUNT(*) FROM users WHERE country = "Germany"',  # SQLite reads an unknown double-quoted name as text
    "SELECT COUNT(*) FROM users WHERE country = 'Germany';;",
    "SELECT COUNT(*) FROM users WHERE country = 'Germany'; -- users in Germany",
])
def test_sql_the_database_accepts_is_never_refused(ecommerce_db, server: ScriptedServer, sql: str) -> None:
    server.reply_sql(sql)
    result = _workflow(ecommerce_db, server).process_turn("How many users live in Germany?")
    assert result.ok, result.error
    assert len(server.requests) == 1  # no repair round was spent on it
    assert list(result.result.rows) == rows_of(ecommerce_db, "SELECT COUNT(*) FROM users WHERE country = 'Germany'")
    assert ecommerce_db.execute(sql).rows == result.result.rows  # and /sql runs the same text


def test_statement_text_keeps_semicolons_inside_strings() -> None:
    assert statement_text("SELECT 'a;b' AS x;; ", "sqlite") == "SELECT 'a;b' AS x"
    assert statement_text("SELECT 1; SELECT 2", "sqlite") == "SELECT 1; SELECT 2"  # the guard refuses it whole


def test_every_problem_is_in_one_repair_message(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT u.nme, u.emial FROM users AS u JOIN ordrs AS o ON o.user_id = u.id")
    server.reply_sql("SELECT u.name, u.email, total FROM users AS u")
    server.reply_sql("SELECT u.name, u.email FROM users AS u")
    result = _workflow(ecommerce_db, server).process_turn("names and emails of users")
    assert result.ok and len(server.requests) == 3  # two repair rounds
    first, second = _user_messages(server, 1)[-1], _user_messages(server, 2)[-1]
    assert "no table named ordrs; did you mean orders?" in first and "the database refused it" in first
    assert "users has no column nme; did you mean name?" in first and "users has no column emial" in first
    assert "no column total in users" in second
    assert result.to_json()["usage"]["promptTokens"] == 360  # all three calls counted


def test_still_invalid_after_two_repairs_is_its_own_error(ecommerce_db, server: ScriptedServer) -> None:
    for _ in range(3):
        server.reply_sql("SELECT nope FROM users")
    wf = _workflow(ecommerce_db, server)
    failed = wf.process_turn("the nope of users")
    assert failed.error is not None and failed.error.kind == "invalid_sql" and len(server.requests) == 3
    assert "no column nope in users" in failed.error.message


def test_a_filter_that_finds_nothing_gets_the_nearest_stored_values(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT COUNT(*) FROM payments WHERE method = 'PayPal '")
    server.reply_sql("SELECT COUNT(*) FROM payments WHERE method = 'paypal'")
    result = _workflow(ecommerce_db, server).process_turn("how many payments by paypal?")
    assert result.ok and "nearest stored: 'paypal'" in _user_messages(server)[-1]
    assert list(result.result.rows) == rows_of(ecommerce_db, "SELECT COUNT(*) FROM payments WHERE method = 'paypal'")


def test_no_hint_for_a_filter_that_finds_rows_in_a_subquery(ecommerce_db, server: ScriptedServer) -> None:
    category = rows_of(ecommerce_db, "SELECT name FROM categories LIMIT 1")[0][0]
    sql = f"SELECT name FROM products WHERE category_id IN (SELECT id FROM categories WHERE name = '{category}')"
    server.reply_sql(sql)
    result = _workflow(ecommerce_db, server).process_turn(f"products in {category}")
    assert result.ok and result.result.rows and len(server.requests) == 1


def test_an_unknown_value_is_a_hint_never_a_rejection(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT * FROM payments WHERE method = 'PAYPAL'")
    server.reply_sql("SELECT * FROM payments WHERE method = 'PAYPAL'")  # the model keeps it: so do we
    result = _workflow(ecommerce_db, server).process_turn("payments by PAYPAL")
    assert result.ok and result.result.rows == () and len(server.requests) == 2


def test_a_follow_up_routed_as_new_still_carries_the_conversation(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    server.reply_sql("SELECT * FROM products WHERE price > 100", intent="new_query")
    wf.process_turn("Show products over 100 dollars")
    server.reply_sql("SELECT name FROM products WHERE price > 100 ORDER BY price", intent="refinement",
                     summary="kept the names, sorted by price")
    result = wf.process_turn("List the names of the products sorted by price")  # reads as a question of its own
    context = _user_messages(server)[-2]
    assert context.startswith("The conversation so far")
    assert '"Show products over 100 dollars" -> SQL: SELECT * FROM products WHERE price > 100' in context
    assert result.intent == "refinement" and result.refinement_summary == "kept the names, sorted by price"


def test_a_failed_turn_reaches_the_next_prompt(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    server.reply_sql("SELECT COUNT(*) FROM orders")
    wf.process_turn("How many orders are there?")
    server.replies.extend([("text", "no idea")] * 3)
    failed = wf.process_turn("and the refunded ones by month")
    assert failed.error is not None
    server.reply_sql("SELECT COUNT(*) FROM orders WHERE status = 'refunded'")
    wf.process_turn("just the refunded ones then")
    context = _user_messages(server)[-2]
    assert '"How many orders are there?" -> SQL: SELECT COUNT(*) FROM orders' in context
    assert '"and the refunded ones by month" -> failed: ' in context


def test_new_starts_what_the_model_sees_afresh(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    server.reply_sql("SELECT * FROM products WHERE price > 100")
    wf.process_turn("Show products over 100 dollars")
    wf.process_turn("/new")
    server.reply_sql("SELECT COUNT(*) FROM users")
    wf.process_turn("how many are there?")
    assert "products over 100" not in server.prompt_text() and len(_user_messages(server)) == 1


def test_a_failing_model_is_asked_once_per_line(ecommerce_db, server: ScriptedServer) -> None:
    wf = _workflow(ecommerce_db, server)
    server.reply_sql("SELECT COUNT(*) FROM orders")
    wf.process_turn("How many orders are there?")
    server.responder = lambda body: [("json", {"sql": "SELECT nope FROM products"})]
    failed = wf.process_turn("How many users are there?")
    assert failed.error is not None and len(server.requests) == 1 + 3  # one reading and its two repairs


def test_auto_answers_do_not_resend_the_same_prompt(ecommerce_db, server: ScriptedServer) -> None:
    server.replies.append(("json", {"needs_clarification": True, "explanation": "which period?"}))
    server.reply_sql("SELECT COUNT(*) FROM orders")
    result = _workflow(ecommerce_db, server, clarify="auto").process_turn("orders in the period")
    assert result.ok and len(server.requests) == 2
    assert "Nobody can answer" in _user_messages(server)[-1] and "tools" not in server.requests[-1]
    assert result.to_json()["usage"]["promptTokens"] == 240  # the asking call counts too


def test_fenced_sql_without_json_runs_without_confirmation(ecommerce_path: Path, server: ScriptedServer) -> None:
    server.replies.append(("text", "Here you go:\n```sql\nSELECT COUNT(*) AS n FROM categories;\n```"))
    out = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--model", MODEL, "--api-base", server.url,
                                   "--format", "json", "--", "how many categories"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output.splitlines()[0])["rows"] == [[8]]


def test_samples_vote_by_result_and_agreement_is_the_confidence(ecommerce_db, server: ScriptedServer) -> None:
    server.reply_sql("SELECT COUNT(*) FROM users", confidence=0.95)
    server.reply_sql("SELECT COUNT(*) FROM products", confidence=0.95)
    server.reply_sql("SELECT COUNT(id) FROM products", confidence=0.95)  # same result, other words
    server.reply_sql("SELECT COUNT(*) AS n FROM products", confidence=0.95)
    server.reply_sql("SELECT COUNT(*) FROM orders", confidence=0.95)
    wf = _workflow(ecommerce_db, server, samples=5, confirm_below=0.75)
    result = wf.process_turn("how many products")
    assert server.requests[0]["n"] == 5 and server.requests[0]["temperature"] > 0
    assert result.mode == "awaiting_confirmation" and result.confidence == pytest.approx(0.6)  # 3 of 5 agree
    assert "products" in result.query
    ran = wf.process_turn("y")
    assert list(ran.result.rows) == rows_of(ecommerce_db, "SELECT COUNT(*) FROM products")


def test_the_prompt_writes_values_and_keys_as_sql_does(ecommerce_db, tmp_path: Path) -> None:
    path = tmp_path / "keys.db"
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE enrolment (student INTEGER, course INTEGER, grade TEXT, "
                       "PRIMARY KEY (student, course)); INSERT INTO enrolment VALUES (1, 2, 'O''K');")
    conn.commit()
    conn.close()
    from nl2sql.db import open_database

    db = open_database(str(path))
    table = db.schema.table("enrolment")
    assert create_table(table, "sqlite").endswith("PRIMARY KEY (student, course))")
    engine = LlmEngine(ModelSettings(MODEL), today=TODAY)
    prompt = engine.schema_prompt("grades", db)
    assert "'O''K'" in prompt and '"O\'K"' not in prompt
    assert engine.schema_prompt("grades", db) is prompt  # built once per schema and kept tables


def _conversations() -> list[Conversation]:
    """Two conversations whose second lines are the same words and mean different queries."""
    return [
        Conversation("a", "shop", ("Show the products", "How many are there?"),
                     (("SELECT * FROM products",), ("SELECT COUNT(*) FROM products",))),
        Conversation("b", "shop", ("Show the users from Germany", "How many are there?"),
                     (("SELECT * FROM users WHERE country = 'Germany'",),
                      ("SELECT COUNT(*) FROM users WHERE country = 'Germany'",))),
        Conversation("c", "shop", ("List the names and emails of users",),
                     (("SELECT u.name, u.email FROM users AS u ORDER BY u.name",),), (True,)),
        Conversation("d", "shop", ("Average product price per category",),
                     (("SELECT c.name, AVG(p.price) FROM products AS p JOIN categories AS c "
                       "ON p.category_id = c.id GROUP BY c.name",),)),
    ]


@pytest.mark.parametrize("noisy", [False, True])
def test_the_gold_model_keeps_every_answer_through_the_eval(ecommerce_path: Path, noisy: bool) -> None:
    conversations = _conversations()
    model = GoldModel(conversations, noisy=noisy)
    server = ScriptedServer(responder=model).start()
    try:
        settings = Settings(database=str(ecommerce_path), engine="llm", today=TODAY,
                            model=ModelChoice(MODEL, server.url, None, 5.0))
        records = [r for batch in run(conversations, settings) for r in batch]
    finally:
        server.stop()
    assert [r.ok for r in records] == [True] * 6, [(r.question, r.predicted, r.error) for r in records]
    assert model.unknown == 0
    assert len(server.requests) <= 6 * 3  # within two repair rounds


def test_eval_uses_no_example_memory_unless_asked(ecommerce_path: Path, tmp_path: Path,
                                                  server: ScriptedServer) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "q1", "kind": "single", "turns": ["How many orders are pending?"],
                                     "gold": ["SELECT COUNT(*) FROM orders WHERE status = 'pending'"]}) + "\n")
    server.responder = GoldModel([Conversation("q1", "shop", ("How many orders are pending?",),
                                               (("SELECT COUNT(*) FROM orders WHERE status = 'pending'",),))])
    args = ["eval", "questions", str(questions), "--db", str(ecommerce_path), "--engine", "llm", "--model", MODEL,
            "--api-base", server.url]
    for _ in range(2):
        assert CliRunner().invoke(cli, args).exit_code == 0
    assert all(m["role"] != "assistant" for r in server.requests for m in r["messages"])  # no examples offered
    memory = tmp_path / "data" / "memory.sqlite"
    assert not memory.exists()  # and none written to the user's memory
    built = sqlite3.connect(tmp_path / "mine.sqlite")
    built.executescript("CREATE TABLE examples (database TEXT, question TEXT, sql TEXT, confirmed INTEGER, "
                        "PRIMARY KEY (database, question)); INSERT INTO examples VALUES "
                        f"('{ecommerce_path.resolve()}', 'How many orders are paid?', "
                        "'SELECT COUNT(*) FROM orders WHERE status = ''paid''', 1);")
    built.commit()
    built.close()
    opted = CliRunner().invoke(cli, [*args, "--memory", str(tmp_path / "mine.sqlite")])
    assert opted.exit_code == 0, opted.output
    assert "How many orders are paid?" in json.dumps(server.requests[-1]["messages"])
    bad = CliRunner().invoke(cli, [*args, "--memory", str(questions)])
    assert bad.exit_code != 0 and "not an nl2sql example memory" in bad.output


def test_invalid_sql_is_its_own_failure_category(ecommerce_path: Path, server: ScriptedServer) -> None:
    server.responder = lambda body: [("json", {"sql": "SELECT nope FROM users"})]
    conversations = [Conversation("x", "shop", ("How many users?",), (("SELECT COUNT(*) FROM users",),))]
    settings = Settings(database=str(ecommerce_path), engine="llm", model=ModelChoice(MODEL, server.url, None, 5.0))
    [record] = [r for batch in run(conversations, settings) for r in batch]
    assert not record.ok and record.category == "invalid SQL"


def test_samples_without_a_model_is_a_usage_error(ecommerce_path: Path) -> None:
    out = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--samples", "3", "--", "how many users"])
    assert out.exit_code == 2 and "--samples needs a model" in out.output
