"""A fake model that knows the answers: it replies to each prompt with the gold SQL of the turn it is about.

With it, whatever the LLM pipeline gets wrong is the pipeline's fault (prompting, parsing,
validation, repair, context), which is what tests and ``benchmarks/llm_fidelity.py`` measure.
It finds the turn the way a model would have to: the line is the last user message, and a
follow-up is told apart from the same words in another conversation only by the earlier turns
the prompt carries (and, between databases, by the tables the schema shows). Without the
conversation in the prompt, it cannot answer a follow-up.

Variants: ``noisy`` first replies wrap or damage the SQL the way real models do (prose and
fences, identifiers in another case, a misspelled column, an undefined alias) and replies to a
repair message cleanly; ``right`` below 1 answers each sample with the gold SQL at that rate and
otherwise with another gold query of the same database.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections import defaultdict
from typing import Any

import sqlglot
from sqlglot import exp

from nl2sql.evaluation.datasets import Conversation

REPAIR_OPENINGS = ("That SQL does not work here", "A filter of that SQL matches no row")
CONTEXT_OPENING = "The conversation so far"
NOISES = ("fenced", "case", "typo", "alias", "clean")


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _tables(sql: str) -> set[str]:
    try:
        return {t.name.lower() for t in sqlglot.parse_one(sql, read="sqlite").find_all(exp.Table)}
    except sqlglot.errors.SqlglotError:
        return set()


class GoldModel:
    def __init__(self, conversations: list[Conversation], *, noisy: bool = False, right: float = 1.0) -> None:
        self.noisy = noisy
        self.right = right
        self.by_line: dict[str, list[tuple[Conversation, int]]] = defaultdict(list)
        self.by_db: dict[str, list[str]] = defaultdict(list)
        for conversation in conversations:
            for n, (text, golds) in enumerate(zip(conversation.turns, conversation.golds, strict=False)):
                if golds:
                    self.by_line[_norm(text)].append((conversation, n))
                    self.by_db[conversation.db_id].append(golds[0])
        self.calls = 0
        self.unknown = 0  # prompts whose turn could not be told (missing context, or a line never seen)

    def __call__(self, body: dict[str, Any]) -> list[tuple]:
        self.calls += 1
        messages = body["messages"]
        text = "\n".join(str(m.get("content") or "") for m in messages)
        line = next((str(m["content"]) for m in reversed(messages) if m["role"] == "user"
                     and not str(m["content"]).startswith((*REPAIR_OPENINGS, CONTEXT_OPENING))), "")
        repairing = str(messages[-1].get("content") or "").startswith(REPAIR_OPENINGS)
        found = self.turn(line.split("\n")[0], text)
        if found is None:
            self.unknown += 1
            return [("text", "I cannot tell which query you mean.")] * int(body.get("n") or 1)
        conversation, n = found
        gold = conversation.golds[n][0]
        intent = "refinement" if n else "new_query"
        return [self._answer(conversation, gold, intent, line, k, repairing) for k in range(int(body.get("n") or 1))]

    def turn(self, line: str, prompt: str) -> tuple[Conversation, int] | None:
        """The benchmark turn a prompt is about: the line, with the most earlier turns present in the prompt."""
        seen = _norm(prompt)
        best: tuple[int, int, tuple[Conversation, int]] | None = None
        for conversation, n in self.by_line.get(_norm(line), []):
            before = list(conversation.turns[:n])
            fresh = max((i + 1 for i, t in enumerate(before) if t.strip() == "/new"), default=0)
            earlier = [t for t in before[fresh:] if not t.startswith("/")]  # /new: the model sees none before it
            if not all(_norm(json.dumps(t))[1:-1] in seen or _norm(t) in seen for t in earlier):
                continue
            tables = _tables(conversation.golds[n][0])
            shown = sum(f"create table {t}" in seen for t in tables) == len(tables)
            score = (len(earlier), int(shown), (conversation, n))
            if best is None or score[:2] > best[:2]:
                best = score
        return best[2] if best is not None else None

    def _answer(self, conversation: Conversation, gold: str, intent: str, line: str, k: int,
                repairing: bool) -> tuple:
        draw = random.Random(zlib.crc32(f"{conversation.id}|{line}|{k}|{repairing}".encode()))
        sql = gold
        if draw.random() >= self.right:
            others = [g for g in self.by_db[conversation.db_id] if g != gold]
            sql = draw.choice(others) if others else gold
        reply = {"sql": sql, "explanation": "The gold query.", "confidence": 0.9, "intent": intent}
        if not self.noisy or repairing:
            return ("json", reply)
        noise = NOISES[zlib.crc32(f"{conversation.id}|{line}".encode()) % len(NOISES)]
        return damaged(noise, sql, reply)


def damaged(noise: str, sql: str, reply: dict[str, Any]) -> tuple:
    """The reply as a sloppy model sends it; only ``typo`` and ``alias`` need a repair round."""
    if noise == "fenced":
        return ("text", f"Sure! Here is the query:\n```sql\n{sql};\n```\nIt should answer the question.")
    tree = sqlglot.parse_one(sql, read="sqlite")
    # a double-quoted name SQLite may read as a string is left alone: changing it would change a value
    columns = [c for c in tree.find_all(exp.Column) if c.name and c.name != "*" and not c.this.args.get("quoted")]
    if noise == "case":
        for node in (*tree.find_all(exp.Table), *columns):
            if isinstance(node.this, exp.Identifier) and not node.this.args.get("quoted"):
                node.this.set("this", node.name.upper())
    elif noise == "typo" and columns:
        columns[0].this.set("this", columns[0].name[:-1] + "x" if len(columns[0].name) > 2 else columns[0].name + "x")
    elif noise == "alias":
        qualified = [c for c in columns if c.table]
        if qualified:
            qualified[0].set("table", exp.to_identifier("zz9"))
    damaged_sql = tree.sql(dialect="sqlite") if noise != "clean" else sql
    return ("json", {**reply, "sql": re.sub(r"\s+", " ", damaged_sql)})
