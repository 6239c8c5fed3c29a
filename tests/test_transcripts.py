"""Whole transcripts, compared line for line with only session ids and timings normalised (as
simonw/llm's tests do), and a confidence score read as the side of the threshold it is on: a
change anywhere in what a user sees shows up here."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from click.testing import CliRunner
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from nl2sql.cli import cli
from nl2sql.config import CONFIRM_BELOW
from nl2sql.repl import ChatApp
from nl2sql.workflows import InteractiveWorkflow
from tests.conftest import TODAY

CANADA = "SELECT COUNT(*) AS user_count FROM users WHERE country = 'Canada'"
CONSUMER = CANADA + " AND segment = 'consumer'"
PER_STATUS = "SELECT status, COUNT(*) AS order_count FROM orders GROUP BY status"
STATUS_ROWS = [["cancelled", 1006], ["delivered", 7156], ["paid", 413], ["pending", 338], ["refunded", 608],
               ["shipped", 479]]
TURNS = ("How many users are from Canada?", "only consumer ones", "Number of orders per status")


def _recent(n: int) -> list[dict]:
    intents = ("new_query", "refinement", "new_query")
    return [{"turnNumber": k, "text": TURNS[k - 1], "intent": intents[k - 1], "ok": True} for k in range(1, n + 1)]


def _turn(n: int, **fields: object) -> dict:
    """One JSON line of ``ask``: the fields every turn of this conversation shares, then its own."""
    return {"turnNumber": n, "sessionId": "<session>", "intentConfidence": "high", "command": None,
            "truncated": False, "refinementSummary": None, "refinesTurn": None, "clarification": None,
            "message": None, "mode": "idle", "editSql": None, "usage": None, "unusedWords": [], "hint": None,
            "engine": "builtin", "error": None, **fields}


ASK_TRANSCRIPT = [
    _turn(1, intent="new_query", query=CANADA, columns=["user_count"], rows=[[86]], rowCount=1, totalRows=1,
          explanation="Counts the users whose country is Canada.",
          answer="There are 86 users whose country is Canada.", confidence="high", confidenceScore="above",
          conversationContext={"currentQuestion": TURNS[0], "currentQuery": CANADA, "historyLength": 1,
                               "recentTurns": _recent(1)}),
    _turn(2, intent="refinement", query=CONSUMER, columns=["user_count"], rows=[[72]], rowCount=1, totalRows=1,
          explanation="Counts the users whose country is Canada and whose segment is consumer.",
          answer="There are 72 users whose country is Canada and whose segment is consumer.",
          confidence="high", confidenceScore="above",
          refinementSummary="added filter: segment = 'consumer'", refinesTurn=1,
          # a refinement keeps the question it refines as the current one
          conversationContext={"currentQuestion": TURNS[0], "currentQuery": CONSUMER, "historyLength": 2,
                               "recentTurns": _recent(2)}),
    _turn(3, intent="new_query", query=PER_STATUS, columns=["status", "order_count"], rows=STATUS_ROWS,
          rowCount=6, totalRows=6, explanation="Shows the number of orders per status.", answer=None,
          confidence="high", confidenceScore="above",
          conversationContext={"currentQuestion": TURNS[2], "currentQuery": PER_STATUS, "historyLength": 3,
                               "recentTurns": _recent(3)}),
]


def test_ask_json_transcript(ecommerce_path: Path) -> None:
    result = CliRunner().invoke(cli, ["ask", "--db", str(ecommerce_path), "--today", TODAY.isoformat(),
                                      "--format", "json", "--", *TURNS])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    turns = [json.loads(line) for line in lines]  # every line is one turn's JSON object, nothing else
    assert len({t["sessionId"] for t in turns}) == 1  # one session for the whole conversation
    # the score itself moves with every refit of the confidence; which side of the threshold it is on is behaviour
    seen = [{**t, "sessionId": "<session>", "confidenceScore": "above" if t["confidenceScore"] > CONFIRM_BELOW
             else "at or below"} for t in turns]
    assert seen == ASK_TRANSCRIPT


REPL_TRANSCRIPT = f"""\
nl2sql <version> on ecommerce.db (7 tables, engine: builtin). Ask in plain English; /help for commands, \
Ctrl-D to quit.
{CANADA}
Counts the users whose country is Canada.
There are 86 users whose country is Canada.
+--------------+
|   user_count |
|--------------|
|           86 |
+--------------+
(1 row, <ms>)
{CONSUMER}
refinement of turn 1: added filter: segment = 'consumer'
Counts the users whose country is Canada and whose segment is consumer.
There are 72 users whose country is Canada and whose segment is consumer.
+--------------+
|   user_count |
|--------------|
|           72 |
+--------------+
(1 row, <ms>)
{PER_STATUS}
Shows the number of orders per status.
+-----------+---------------+
| status    |   order_count |
|-----------+---------------|
| cancelled |         1,006 |
| delivered |         7,156 |
| paid      |           413 |
| pending   |           338 |
| refunded  |           608 |
| shipped   |           479 |
+-----------+---------------+
(6 rows, <ms>)
  1  new_query   How many users are from Canada?
       {CANADA}
  2  refinement  only consumer ones
       SELECT
         COUNT(*) AS user_count
       FROM users
       WHERE
         country = 'Canada' AND segment = 'consumer'
  3  new_query   Number of orders per status
       {PER_STATUS}
Bye.
"""


def _normalised(out: str) -> str:
    out = out.replace("\r\n", "\n")
    out = re.sub(r"^nl2sql \S+ on ", "nl2sql <version> on ", out, flags=re.MULTILINE)
    return re.sub(r"(\(\d+ rows?), [\d.,]+ m?s\)", r"\1, <ms>)", out)


def test_repl_transcript(ecommerce_db, engine) -> None:
    """What ``nl2sql chat`` shows for the same three turns and /history: each runs unasked, as in ``ask``."""
    workflow = InteractiveWorkflow(ecommerce_db, engine)
    buffer = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("\n".join([*TURNS, "/history", "/exit"]) + "\n")
        pipe.close()
        ChatApp(workflow, session=PromptSession(input=pipe, output=DummyOutput()), output=PlainTextOutput(buffer)).run()
    assert _normalised(buffer.getvalue()) == REPL_TRANSCRIPT
