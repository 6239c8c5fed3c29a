"""``nl2sql eval ... --engine llm --dry-run``: build every prompt the LLM engine would send, call no
model, and measure what schema pruning keeps.

Recall is the share of the gold query's tables and columns present in the pruned prompt; the
ratio compares its size with the whole schema's. Sizes are in approximate tokens (characters / 4),
so the figures need no tokenizer and no network.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from nl2sql.db import Database, open_database
from nl2sql.engines.llm.client import ModelSettings
from nl2sql.engines.llm.engine import LlmEngine
from nl2sql.engines.llm.prompts import schema_text
from nl2sql.evaluation.classify import shape
from nl2sql.evaluation.datasets import Conversation, database_path


def _tokens(text: str) -> float:
    return len(text) / 4


def dry_run(conversations: list[Conversation], data_dir: Path | None, database: str | None,
            today: date | None = None) -> str:
    engine = LlmEngine(ModelSettings("dry-run"), today=today)
    databases: dict[str, Database] = {}
    kept = wanted = 0
    pruned_tokens = full_tokens = 0.0
    prompts = 0
    for conversation in conversations:
        if conversation.db_id not in databases:
            target = str(database_path(data_dir, conversation.db_id)) if data_dir else (database or conversation.db_id)
            databases[conversation.db_id] = open_database(target)
        db = databases[conversation.db_id]
        full = schema_text(list(db.schema.tables), db.dialect, None, False)
        real = {c.name.lower() for t in db.schema.tables for c in t.columns}
        for text, golds in zip(conversation.turns, conversation.golds, strict=False):
            if not golds:
                continue
            prompt = engine.schema_prompt(text, db)
            prompts += 1
            pruned_tokens += _tokens(prompt)
            full_tokens += _tokens(full)
            gold = shape(golds[0])
            if gold is None:
                continue
            lowered = prompt.lower()
            for table in gold.tables:
                wanted += 1
                kept += bool(re.search(rf"create table \"?{re.escape(table)}\"?\b", lowered))
            for column in gold.columns | gold.filter_columns:
                if column not in real:  # "*", or a double-quoted string SQLite read as a literal
                    continue
                wanted += 1
                kept += bool(re.search(rf"\b{re.escape(column)}\b", lowered))
    recall = 100.0 * kept / wanted if wanted else 100.0
    ratio = pruned_tokens / full_tokens if full_tokens else 1.0
    return (f"dry run: {prompts} prompts built, no model called\n"
            f"  schema recall   {recall:.1f}% of gold tables and columns kept ({kept}/{wanted})\n"
            f"  prompt size     {pruned_tokens / max(1, prompts):.0f} tokens on average, {ratio:.0%} of the whole "
            f"schema's (approximate tokens: characters / 4)")
