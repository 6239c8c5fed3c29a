"""What the model is told: the schema (pruned for large databases), values, vocabulary, examples.

Relevant tables are picked by schema and value linking (``nl2sql.linking``, shared with the
built-in engine), plus their foreign-key neighbours, so a 200-table database costs a prompt the size of the few tables a
question touches. With ``no_data`` the prompt holds the schema only: no sample values, no rows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from sqlglot import exp

from nl2sql.db import QueryResult
from nl2sql.db.schema import Schema, Table
from nl2sql.domain import DomainConfig
from nl2sql.linking import Lexicon, linked_tables

PRUNE_ABOVE = 12  # schemas with more tables than this are pruned to the relevant ones
SAMPLE_VALUES = 5

SYSTEM = """You translate questions about a {dialect} database into one read-only SQL query.
Today is {today}. Use only the tables and columns below; quote text values exactly as stored.
Answer with a JSON object: {{"sql": "...", "explanation": "one sentence", "confidence": 0.0-1.0,
"needs_clarification": false}}. If the question is ambiguous, call request_clarification instead
of guessing. Never write statements that change data."""

REFINE = """The user is refining a query.
Original question: {question}
Current SQL: {sql}
{sample}Follow-up: {feedback}
Return the edited SQL as JSON: {{"sql": "...", "explanation": "one sentence", "confidence": 0.0-1.0,
"summary": "one line saying what changed", "needs_clarification": false}}."""

CLARIFY_TOOL = {
    "type": "function",
    "function": {
        "name": "request_clarification",
        "description": "Ask the user short typed questions when the request is ambiguous.",
        "parameters": {
            "type": "object",
            "properties": {
                "context": {"type": "string", "description": "why clarification is needed"},
                "level": {"type": "string", "enum": ["general", "partial", "specific", "confirmation"]},
                "questions": {"type": "array", "items": {"type": "object", "properties": {
                    "text": {"type": "string"},
                    "question_type": {"type": "string", "enum": ["single_choice", "multiple_choice", "free_text"]},
                    "choices": {"type": "array", "items": {"type": "string"}},
                    "required": {"type": "boolean"},
                    "default_choice": {"type": "integer"},
                }, "required": ["text", "question_type"]}},
            },
            "required": ["context", "level", "questions"],
        },
    },
}


@dataclass(frozen=True)
class Example:
    question: str
    sql: str


def relevant_tables(question: str, schema: Schema, lexicon: Lexicon) -> list[Table]:
    """The tables a question links to, with their foreign-key neighbours; all of them for small schemas."""
    if len(schema.tables) <= PRUNE_ABOVE:
        return list(schema.tables)
    named = linked_tables(question, lexicon)
    keep = set(named)
    for name in named:
        keep.update(neighbour for neighbour, _ in schema.neighbours(name))
    return [t for t in schema.tables if t.name in keep] or list(schema.tables)


def create_table(table: Table, dialect: str) -> str:
    """A table as the CREATE TABLE statement a model reads best, built with sqlglot."""
    columns: list[exp.Expr] = []
    for col in table.columns:
        constraints = [exp.ColumnConstraint(kind=exp.PrimaryKeyColumnConstraint())] if col.primary_key else []
        columns.append(exp.ColumnDef(this=exp.to_identifier(col.name), kind=exp.DataType.build(col.type or "TEXT",
                                                                                              udt=True),
                                     constraints=constraints))
    for fk in table.foreign_keys:
        columns.append(exp.ForeignKey(expressions=[exp.to_identifier(fk.column)],
                                      reference=exp.Reference(this=exp.Schema(this=exp.to_table(fk.ref_table),
                                                                              expressions=[exp.to_identifier(fk.ref_column)]))))
    create = exp.Create(this=exp.Schema(this=exp.to_table(table.name), expressions=columns), kind="TABLE")
    return create.sql(dialect=dialect)


def schema_text(tables: list[Table], dialect: str, domain: DomainConfig | None, no_data: bool) -> str:
    parts = [create_table(t, dialect) + ";" for t in tables]
    if not no_data:
        samples = [f"{t.name}.{c.name}: {', '.join(repr(v) for v in c.values[:SAMPLE_VALUES])}"
                   for t in tables for c in t.columns if c.values]
        if samples:
            parts.append("-- Some stored values:\n" + "\n".join(f"-- {s}" for s in samples))
    if domain is not None:
        kept = {t.name for t in tables}
        words = [f"'{p}' means table {t}" for t, phrases in domain.table_synonyms.items() if t in kept for p in phrases]
        words += [f"'{p}' means {t}.{c}" for (t, c), phrases in domain.column_synonyms.items() if t in kept
                  for p in phrases]
        words += [f"metric {m.name}: {m.expression} FROM {m.table}" + (f" WHERE {m.where}" if m.where else "")
                  for m in domain.metrics.values() if m.table in kept]
        if words:
            parts.append("-- Vocabulary:\n" + "\n".join(f"-- {w}" for w in words))
    return "\n".join(parts)


def sample_text(result: QueryResult | None, no_data: bool) -> str:
    if result is None or no_data:
        return ""
    rows = [list(r) for r in result.rows[:SAMPLE_VALUES]]
    return f"A few rows of its result: columns {list(result.columns)}, rows {json.dumps(rows, default=str)}\n"


def generation_messages(question: str, schema: str, dialect: str, today: date, examples: list[Example],
                        clarifications: list[str]) -> list[dict[str, str]]:
    messages = [{"role": "system", "content": SYSTEM.format(dialect=dialect, today=today.isoformat())},
                {"role": "system", "content": schema}]
    for example in examples:
        messages.append({"role": "user", "content": example.question})
        messages.append({"role": "assistant", "content": json.dumps({"sql": example.sql})})
    text = question if not clarifications else question + "\n" + "\n".join(clarifications)
    messages.append({"role": "user", "content": text})
    return messages


def refinement_messages(question: str, sql: str, feedback: str, sample: str, schema: str, dialect: str,
                        today: date, clarifications: list[str]) -> list[dict[str, str]]:
    body = REFINE.format(question=question, sql=sql, sample=sample, feedback=feedback)
    if clarifications:
        body += "\n" + "\n".join(clarifications)
    return [{"role": "system", "content": SYSTEM.format(dialect=dialect, today=today.isoformat())},
            {"role": "system", "content": schema}, {"role": "user", "content": body}]


def repair_message(error: str) -> dict[str, str]:
    return {"role": "user", "content": f"That SQL does not work here: {error}\nReturn the corrected JSON."}
