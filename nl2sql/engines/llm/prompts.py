"""What the model is told: the schema (pruned for large databases), values, vocabulary, examples.

Relevant tables are picked by schema and value linking (``nl2sql.linking``, shared with the
built-in engine), plus their foreign-key neighbours, so a 200-table database costs a prompt the size of the few tables a
question touches. With ``no_data`` the prompt holds the schema only: no sample values, no rows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db import QueryResult
from nl2sql.db.schema import Schema, Table, declared_key
from nl2sql.dialog.ambiguity import LEVELS
from nl2sql.domain import DomainConfig
from nl2sql.engines.base import History
from nl2sql.linking import Lexicon, linked_tables

PRUNE_ABOVE = 12  # schemas with more tables than this are pruned to the relevant ones
SAMPLE_VALUES = 5

SYSTEM = """You translate questions about a {dialect} database into one read-only SQL query, written
in {dialect}'s own SQL dialect (its functions, quoting and date arithmetic). Today is {today}.
Use only the tables and columns below. Write text values as SQL string literals in single quotes,
exactly as stored ('Paris', 'O''Brien'); {name_quotes} are for names only.
Answer with a JSON object: {{"sql": "...", "explanation": "one sentence", "confidence": 0.0-1.0,
"intent": "new_query" or "refinement", "summary": "what changed, for a refinement",
"needs_clarification": false}}. "intent" says whether the last line edits the current query
(refinement) or asks something new (new_query). If the question is ambiguous, call
request_clarification instead of guessing. Never write statements that change data."""

# How the system prompt names each engine's dialect (sqlglot's names are not always the product's).
DIALECT_NAMES = {"sqlite": "SQLite", "duckdb": "DuckDB", "postgres": "PostgreSQL", "mysql": "MySQL (MariaDB)",
                 "spark": "Spark SQL", "databricks": "Databricks SQL"}
_BACKTICK_DIALECTS = ("mysql", "spark", "databricks", "bigquery")  # where "..." is a string, not a name
COMMENT_CHARS = 300  # a longer table or column comment is cut: the prompt is for names, not documentation
HISTORY_CHARS = 6000  # about 1,500 tokens of earlier turns; the oldest go first when it is full
NO_ANSWER = ("Nobody can answer '{question}' now: assume the most likely meaning, say it in the explanation, "
             "and write the query.")

CLARIFY_TOOL = {
    "type": "function",
    "function": {
        "name": "request_clarification",
        "description": "Ask the user short typed questions when the request is ambiguous.",
        "parameters": {
            "type": "object",
            "properties": {
                "context": {"type": "string", "description": "why clarification is needed"},
                "level": {"type": "string", "enum": list(LEVELS)},
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


# Values written in SQL that are not exp.Literal: x'..', N'..', b'..', r'..', U&'..'.
_STRING_LIKE = (exp.HexString, exp.ByteString, exp.National, exp.RawString, exp.BitString, exp.UnicodeString)


def schema_names(schema: Schema) -> frozenset[str]:
    """Every table and column name, lower-cased: a quoted name outside it is a value (see without_values)."""
    return frozenset(n.lower() for t in schema.tables for n in (t.name, *(c.name for c in t.columns)))


def without_values(example: Example, dialect: str, names: frozenset[str] | None = None) -> Example | None:
    """``example`` with every value of its SQL replaced, for --no-data-to-model: a text as ``'?'``, a
    number as ``?`` (LIMIT and OFFSET counts stay: they are the question's, not the data's), and, given
    the schema's ``names``, a double-quoted "value" that names nothing (SQLite reads it as a string).
    None when its SQL does not parse (then it is not sent at all)."""
    try:
        tree = sqlglot.parse_one(example.sql, read=dialect)
    except (sqlglot.errors.SqlglotError, RecursionError):
        return None
    if tree is None:
        return None
    known = set(names or ()) | {a.lower() for node in tree.find_all(exp.Alias, exp.TableAlias, exp.CTE)
                                for a in [node.alias] if a}

    def mask(node: exp.Expr) -> exp.Expr:
        if isinstance(node, exp.Literal):
            if node.is_string:
                return exp.Literal.string("?")
            if not isinstance(node.parent, (exp.Limit, exp.Offset, exp.Fetch)):
                return exp.var("?")
        if isinstance(node, _STRING_LIKE):
            return exp.Literal.string("?")
        if (names is not None and isinstance(node, exp.Column) and not node.table and node.this.args.get("quoted")
                and node.name.lower() not in known):
            return exp.Literal.string("?")
        return node

    try:
        return Example(example.question, tree.transform(mask).sql(dialect=dialect))
    except (sqlglot.errors.SqlglotError, RecursionError):
        return None


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
    """A table as the CREATE TABLE statement a model reads best, built with sqlglot.

    A key of several columns is one table-level ``PRIMARY KEY (a, b)``: marking each column
    would tell the model that each alone is unique."""
    keys = [c.name for c in table.columns if c.primary_key]
    columns: list[exp.Expr] = []
    for col in table.columns:
        single = col.primary_key and len(keys) == 1
        constraints = [exp.ColumnConstraint(kind=exp.PrimaryKeyColumnConstraint())] if single else []
        columns.append(exp.ColumnDef(this=exp.to_identifier(col.name), kind=exp.DataType.build(col.type or "TEXT",
                                                                                              udt=True),
                                     constraints=constraints))
    if len(keys) > 1:
        columns.append(exp.PrimaryKey(expressions=[exp.to_identifier(k) for k in keys]))
    for fk in table.foreign_keys:
        columns.append(exp.ForeignKey(expressions=[exp.to_identifier(fk.column)],
                                      reference=exp.Reference(this=exp.Schema(this=exp.to_table(fk.ref_table),
                                                                              expressions=[exp.to_identifier(fk.ref_column)]))))
    create = exp.Create(this=exp.Schema(this=exp.to_table(table.name), expressions=columns), kind="TABLE")
    return create.sql(dialect=dialect)


def comment_lines(table: Table) -> list[str]:
    """The database's own comments on a table and its columns (COMMENT ON, MySQL's COMMENT), as SQL
    comments under its CREATE TABLE: they say what a cryptic name means, which the model needs as
    much as the linker does. A "references t.c" comment is left out: it is already a FOREIGN KEY."""
    lines = [f"-- {table.name}: {_one_line(table.description)}"] if table.description.strip() else []
    lines += [f"-- {table.name}.{c.name}: {_one_line(c.description)}" for c in table.columns
              if c.description.strip() and declared_key(c.description) is None]
    return lines


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= COMMENT_CHARS else flat[:COMMENT_CHARS] + " ..."


def schema_text(tables: list[Table], dialect: str, domain: DomainConfig | None, no_data: bool) -> str:
    parts = ["\n".join([create_table(t, dialect) + ";", *comment_lines(t)]) for t in tables]
    if not no_data:
        samples = [f"{t.name}.{c.name}: {', '.join(_literal(v, dialect) for v in c.values[:SAMPLE_VALUES])}"
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


def _literal(value: str, dialect: str) -> str:
    """A stored value as the SQL literal the model should copy (not Python's or JSON's quotes)."""
    return exp.Literal.string(value).sql(dialect=dialect)


def sample_text(result: QueryResult | None, no_data: bool, dialect: str = "sqlite") -> str:
    """A few rows of the current result, their text written as SQL literals (what a filter would copy)."""
    if result is None or no_data:
        return ""
    rows = ", ".join("[" + ", ".join(_cell(v, dialect) for v in row) + "]" for row in result.rows[:SAMPLE_VALUES])
    return f"A few rows of its result: columns {list(result.columns)}, rows [{rows}]\n"


def _cell(value: object, dialect: str) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value)
    return _literal(str(value), dialect)


@dataclass(frozen=True)
class Current:
    """The query a follow-up edits: the line that produced it, its SQL and a sample of its rows."""

    text: str
    sql: str
    sample: str = ""


def conversation_text(history: History, current: Current | None) -> str:
    """The earlier turns, newest kept first when the budget is short, with failed turns and their errors."""
    lines: list[str] = []
    used = 0
    for n, turn in reversed(list(enumerate(history, start=1))):
        outcome = f"SQL: {turn.sql}" if turn.sql else f"failed: {turn.error or 'no query'}"
        line = f"{n}. {json.dumps(turn.text)} -> {outcome}"
        line = line if len(line) <= HISTORY_CHARS // 4 else line[:HISTORY_CHARS // 4] + " ..."
        if used + len(line) > HISTORY_CHARS:
            break
        lines.insert(0, line)
        used += len(line)
    parts = ["The conversation so far, oldest first:", *lines] if lines else []
    if current is not None:
        parts += [f"Current query (from {json.dumps(current.text)}; a follow-up edits it): {current.sql}"]
        parts += [current.sample.rstrip()] if current.sample else []
    return "\n".join(parts)


def messages(line: str, schema: str, dialect: str, today: date, *, history: History = (),
             current: Current | None = None, examples: list[Example] | None = None,
             clarifications: list[str] | None = None) -> list[dict[str, str]]:
    """One prompt for every line: the schema, the conversation (when there is one), and the line."""
    named = DIALECT_NAMES.get(dialect, dialect)
    quotes = "backticks" if dialect in _BACKTICK_DIALECTS else "double quotes"
    out = [{"role": "system", "content": SYSTEM.format(dialect=named, today=today.isoformat(), name_quotes=quotes)},
           {"role": "system", "content": schema}]
    for example in examples or []:
        out.append({"role": "user", "content": example.question})
        out.append({"role": "assistant", "content": json.dumps({"sql": example.sql})})
    context = conversation_text(history, current)
    if context:
        out.append({"role": "user", "content": context})
    text = "\n".join([line, *(clarifications or [])])
    out.append({"role": "user", "content": text})
    return out


def repair_message(errors: list[str]) -> dict[str, str]:
    listed = "\n".join(f"- {e}" for e in errors)
    return {"role": "user", "content": f"That SQL does not work here:\n{listed}\nFix all of these and return "
                                       "the corrected JSON."}


def empty_result_message(hints: list[str]) -> dict[str, str]:
    listed = "\n".join(f"- {h}" for h in hints)
    return {"role": "user", "content": f"A filter of that SQL matches no row.\n{listed}\nIf one of these stored "
                                       "values was meant, use it exactly as written; otherwise return the same SQL."}
