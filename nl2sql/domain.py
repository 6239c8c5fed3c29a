"""Domain config: what a database's words mean beyond its schema.

A small TOML file beside a database (``<db>.nl2sql.toml``, ``--domain PATH``, or a fixture's
``domain.toml``) gives synonyms for tables, columns and values, named metrics with their SQL, the
default date column of each table, and the key entities. It is validated against the schema when
loaded, so a typo in it is reported once, clearly, instead of silently linking nothing.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from nl2sql.db.schema import Schema
from nl2sql.errors import UsageError


@dataclass(frozen=True)
class ClarifyingQuestion:
    """A question to ask when a metric or entity is used and the conversation has not answered it."""

    text: str
    choices: tuple[str, ...] = ()  # none: a free-text question
    default: int | None = None  # 1-based index into choices
    # What each choice means to the engine; a "table.column" date column sets the date the metric uses.
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Metric:
    """A named business measure from the domain config ("revenue"): an aggregate and the rows it counts."""
    name: str
    table: str
    expression: str  # an aggregate in the database's dialect: "SUM(total_amount)"
    where: str | None = None  # rows the metric counts: "status NOT IN ('cancelled', 'refunded')"
    description: str = ""
    synonyms: tuple[str, ...] = ()
    question: ClarifyingQuestion | None = None


@dataclass(frozen=True)
class DomainConfig:
    """What a database's owner told nl2sql about it (synonyms, metrics, date columns): its ``.nl2sql.toml``,
    a fixture's ``domain.toml`` or the file ``--domain`` names."""
    table_synonyms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    column_synonyms: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    value_synonyms: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    metrics: dict[str, Metric] = field(default_factory=dict)
    date_columns: dict[str, str] = field(default_factory=dict)
    entities: tuple[str, ...] = ()
    source: Path | None = None
    table_questions: dict[str, ClarifyingQuestion] = field(default_factory=dict)


EMPTY = DomainConfig()


def _strings(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise UsageError(f"{where} must be a string or a list of strings.")


def _column(schema: Schema, dotted: str, where: str) -> tuple[str, str]:
    table_name, _, column_name = dotted.partition(".")
    table = schema.table(table_name)
    if table is None or not column_name or table.column(column_name) is None:
        raise UsageError(f"{where}: {dotted!r} is not a table.column of this database.")
    col = table.column(column_name)
    assert col is not None
    return table.name, col.name


def _sql(text: str, dialect: str, where: str) -> str:
    import sqlglot  # the REPL imports this module before its prompt; sqlglot loads behind it
    from sqlglot.errors import ParseError

    try:
        sqlglot.parse_one(text, read=dialect)
    except ParseError as err:
        raise UsageError(f"{where}: {text!r} is not valid SQL ({err.errors[0]['description']}).") from None
    return text


def _question(value: object, where: str) -> ClarifyingQuestion | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("text"), str):
        raise UsageError(f"{where}.question needs a text.")
    choices = _strings(value.get("choices", []), f"{where}.question.choices")
    default = value.get("default")
    if default is not None and (not isinstance(default, int) or not 1 <= default <= len(choices)):
        raise UsageError(f"{where}.question.default must be the number of one of its choices.")
    values = _strings(value.get("values", []), f"{where}.question.values")
    if values and len(values) != len(choices):
        raise UsageError(f"{where}.question.values needs one value per choice.")
    return ClarifyingQuestion(value["text"], choices, default, values)


def parse_domain(data: dict, schema: Schema, source: Path | None = None) -> DomainConfig:
    name = source.name if source else "domain config"
    table_synonyms: dict[str, tuple[str, ...]] = {}
    date_columns: dict[str, str] = {}
    entities: list[str] = []
    table_questions: dict[str, ClarifyingQuestion] = {}
    for table_name, spec in (data.get("tables") or {}).items():
        table = schema.table(table_name)
        if table is None:
            raise UsageError(f"{name}: [tables.{table_name}] names no table of this database.")
        if "synonyms" in spec:
            table_synonyms[table.name] = _strings(spec["synonyms"], f"{name}: tables.{table_name}.synonyms")
        if "date_column" in spec:
            date_columns[table.name] = _column(schema, f"{table.name}.{spec['date_column']}",
                                               f"{name}: tables.{table_name}.date_column")[1]
        if spec.get("entity"):
            entities.append(table.name)
        question = _question(spec.get("question"), f"{name}: tables.{table_name}")
        if question is not None:
            table_questions[table.name] = question
    column_synonyms = {
        _column(schema, dotted, f"{name}: [columns]"): _strings(words, f"{name}: columns.{dotted}")
        for dotted, words in (data.get("columns") or {}).items()
    }
    value_synonyms: dict[tuple[str, str], dict[str, str]] = {}
    for dotted, mapping in (data.get("values") or {}).items():
        if not isinstance(mapping, dict):
            raise UsageError(f"{name}: values.{dotted} must map phrases to stored values.")
        value_synonyms[_column(schema, dotted, f"{name}: [values]")] = {str(k): str(v) for k, v in mapping.items()}
    metrics: dict[str, Metric] = {}
    for metric_name, spec in (data.get("metrics") or {}).items():
        where = f"{name}: metrics.{metric_name}"
        table = schema.table(str(spec.get("table", "")))
        if table is None or "expression" not in spec:
            raise UsageError(f"{where} needs a table of this database and an expression.")
        metrics[metric_name] = Metric(
            name=metric_name, table=table.name,
            expression=_sql(str(spec["expression"]), schema.dialect, where),
            where=_sql(str(spec["where"]), schema.dialect, where) if spec.get("where") else None,
            description=str(spec.get("description", "")),
            synonyms=_strings(spec.get("synonyms", []), f"{where}.synonyms"),
            question=_question(spec.get("question"), where),
        )
    return DomainConfig(table_synonyms, column_synonyms, value_synonyms, metrics, date_columns, tuple(entities),
                        source, table_questions)


def load_domain(path: Path, schema: Schema) -> DomainConfig:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"No domain config at {path}.") from None
    except tomllib.TOMLDecodeError as err:
        raise UsageError(f"{path} is not valid TOML: {err}.") from None
    return parse_domain(data, schema, path)
