"""A statement the engine did not write, seen as one table, so that follow-ups can refine it.

The user edited the SQL by hand (``/edit``), or a resumed conversation brought back only SQL: no
query spec says what it means. Its output is still a table, though. The statement becomes a
virtual one-table schema whose columns are its output columns (kinds and stored values taken
from the source columns where a column is passed through as it is), the follow-up is read
against that table with the usual reader, and the table is put back as the derived table
``(<statement>) AS <name>``, as a sqlglot expression. An ORDER BY and LIMIT on output columns
move into the spec, so "descending" flips the statement's own order and "top 3" keeps it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.db import QueryResult
from nl2sql.db.schema import BOOLEAN, DATE, INTEGER, OTHER, REAL, TEXT, Column, Schema, Table
from nl2sql.engines.builtin.portable import adapt
from nl2sql.engines.builtin.render import render
from nl2sql.engines.builtin.spec import ColumnRef, OrderKey, QuerySpec
from nl2sql.errors import EngineError

if TYPE_CHECKING:
    from sqlglot.optimizer.scope import Scope

DEFAULT_NAME = "result"  # the derived table's name when the statement reads no one table
MAX_SAMPLE_VALUES = 50  # distinct texts of a computed column kept for linking ("only France")


@dataclass(frozen=True)
class Derived:
    """An adopted statement as one table: what the reader links words to and what the SQL reads."""

    name: str
    core: str  # the statement (in the database's dialect) without the ORDER BY / LIMIT moved to ``spec``
    schema: Schema  # one table: the statement's output columns
    spec: QuerySpec  # SELECT * FROM the table, with the moved ORDER BY / LIMIT

    def sql(self, spec: QuerySpec, dialect: str) -> str:
        """``spec`` as SQL over the statement: each reference to the table becomes the derived table."""
        tree = adapt(render(spec, self.schema), self.schema, dialect)
        core = sqlglot.parse_one(self.core, read=dialect)

        def swap(node: exp.Expr) -> exp.Expr:
            if isinstance(node, exp.Table) and node.name == self.name and not node.args.get("db"):
                alias = node.alias or self.name
                return exp.Subquery(this=core.copy(), alias=exp.TableAlias(this=exp.to_identifier(alias)))
            return node

        return tree.transform(swap).sql(dialect=dialect)


def derive(sql: str, source: Schema, dialect: str, sample: QueryResult | None = None) -> Derived:
    """The statement ``sql`` as a one-table schema and the spec that reads all of it.

    Raises ``EngineError`` when the statement is not a query whose output columns can be named."""
    # sqlglot's optimizer is needed only here: loaded when a refinement first needs it, not at start-up
    from sqlglot.optimizer.annotate_types import annotate_types
    from sqlglot.optimizer.qualify import qualify
    from sqlglot.optimizer.scope import build_scope

    try:
        original = sqlglot.parse_one(sql, read=dialect)
        mapping = _mapping(source)
        tree = qualify(original.copy(), schema=mapping, dialect=dialect,
                       validate_qualify_columns=False, quote_identifiers=False)
        annotate_types(tree, schema=mapping, dialect=dialect)
    except (sqlglot.errors.SqlglotError, ValueError, KeyError) as err:
        raise EngineError(f"I could not read the current SQL to refine it ({err}).") from None
    if not isinstance(tree, exp.Query) or not tree.selects:
        raise EngineError("The current statement is not a query I can refine; ask a new question instead.")
    _name_as_shown(tree, sample)
    scope = build_scope(tree)
    name = _table_name(scope)
    columns = _columns(tree, scope, source, sample)
    if not columns:
        raise EngineError("I could not tell the columns of the current SQL; ask a new question instead.")
    lifted = _lift_order(tree, name, {c.name for c in columns})
    core = _core(original if _named(original) else tree, lifted is not None)
    # no row ids of its own (stored=False): nothing may count by them
    table = Table(name, columns, row_count=sample.total_rows if sample is not None else None, stored=False)
    order, limit = lifted or ((), None)
    spec = QuerySpec(entity=name, order_by=order, limit=limit, source=core.sql(dialect=dialect))
    return Derived(name, spec.source or "", Schema((table,), dialect=dialect), spec)


def _named(tree: exp.Expr) -> bool:
    """Whether every output column of the statement as typed has a name a derived table can use: then
    it is kept as typed, else its qualified form (each column named) stands for it."""
    return isinstance(tree, exp.Query) and all(
        isinstance(s, (exp.Star, exp.Column, exp.Alias)) for s in tree.selects)


def _core(tree: exp.Expr, lifted: bool) -> exp.Expr:
    """The statement without the ORDER BY and LIMIT the spec took over."""
    if not lifted:
        return tree
    core = tree.copy()
    core.set("order", None)
    core.set("limit", None)
    return core


def _name_as_shown(tree: exp.Query, sample: QueryResult | None) -> None:
    """An unnamed computed column ("SUM(total_amount)") keeps the name the result showed it under,
    not the placeholder sqlglot gives it, so the follow-up can name it as the user saw it."""
    if sample is None or len(sample.columns) != len(tree.selects):
        return
    for select, shown in zip(tree.selects, sample.columns, strict=True):
        placeholder = select.alias if isinstance(select, exp.Alias) else ""
        if placeholder.startswith("_col_") and shown != placeholder:
            select.set("alias", exp.to_identifier(shown, quoted=True))
            for ref in list(tree.find_all(exp.Column)):  # ORDER BY 2 became ORDER BY _col_1
                if not ref.table and ref.name == placeholder:
                    ref.set("this", exp.to_identifier(shown, quoted=True))


def _mapping(schema: Schema) -> dict[str, object]:
    """The schema as sqlglot's mapping; a declared type sqlglot does not know reads as unknown."""
    out: dict[str, object] = {}
    for table in schema.tables:
        out[table.name] = {c.name: _known_type(c.type) for c in table.columns}
    return out


def _known_type(declared: str) -> str:
    try:
        exp.DataType.build(declared or "UNKNOWN")
    except (sqlglot.errors.SqlglotError, ValueError):
        return "UNKNOWN"
    return declared or "UNKNOWN"


def _table_name(scope: Scope | None) -> str:
    """The derived table is called like the one table the statement reads from, so that the follow-up's
    "orders" still names it; a statement over a subquery or a CTE gets a neutral name."""
    if scope is None:
        return DEFAULT_NAME
    from_ = scope.expression.args.get("from_") if isinstance(scope.expression, exp.Select) else None
    first = from_.this if from_ is not None else None
    if isinstance(first, exp.Table) and isinstance(scope.sources.get(first.alias_or_name), exp.Table):
        return first.name
    return DEFAULT_NAME


def _columns(tree: exp.Query, scope: Scope | None, source: Schema,
             sample: QueryResult | None) -> tuple[Column, ...]:
    seen: dict[str, Column] = {}
    for select in tree.selects:
        name = select.alias_or_name
        if not name or name.lower() in seen:  # a repeated name cannot be told apart in a derived table
            continue
        inner = select.unalias()
        origin = _origin(scope, inner, source) if isinstance(inner, exp.Column) and scope is not None else None
        seen[name.lower()] = _column(name, origin, select.type, _sampled(sample, name))
    return tuple(seen.values())


def _column(name: str, origin: Column | None, typed: exp.DataType | None, values: list[Any]) -> Column:
    """A passed-through column keeps its source's kind and stored values; a computed one gets a kind from
    its type, else from the values it returned."""
    if origin is not None:
        return Column(name, origin.type, origin.kind, values=origin.values, description=origin.description)
    kind = _kind_of_type(typed) or _kind_of_values(values)
    texts = sorted({v for v in values if isinstance(v, str)})[:MAX_SAMPLE_VALUES] if kind == TEXT else []
    return Column(name, typed.sql() if typed is not None else "", kind, values=tuple(texts))


def _origin(scope: Scope, column: exp.Column, source: Schema, depth: int = 0) -> Column | None:
    """The stored column a projection passes through unchanged, following subqueries and CTEs."""
    from sqlglot.optimizer.scope import Scope

    found = scope.sources.get(column.table)
    if isinstance(found, exp.Table):
        table = source.table(f"{found.db}.{found.name}" if found.db else found.name) or source.table(found.name)
        return table.column(column.name) if table is not None else None
    if not isinstance(found, Scope) or depth > 8 or not isinstance(found.expression, exp.Select):
        return None
    for select in found.expression.selects:
        inner = select.unalias()
        if select.alias_or_name == column.name and isinstance(inner, exp.Column):
            return _origin(found, inner, source, depth + 1)
    return None


def _sampled(sample: QueryResult | None, name: str) -> list[Any]:
    if sample is None or name not in sample.columns:
        return []
    at = list(sample.columns).index(name)
    return [row[at] for row in sample.rows if row[at] is not None]


def _kind_of_type(typed: exp.DataType | None) -> str | None:
    if typed is None or typed.is_type(exp.DataType.Type.UNKNOWN, exp.DataType.Type.NULL):
        return None
    if typed.is_type(*exp.DataType.INTEGER_TYPES):
        return INTEGER
    if typed.is_type(*exp.DataType.REAL_TYPES):
        return REAL
    if typed.is_type(*exp.DataType.TEXT_TYPES):
        return TEXT
    if typed.is_type(*exp.DataType.TEMPORAL_TYPES):
        return DATE
    if typed.is_type(exp.DataType.Type.BOOLEAN):
        return BOOLEAN
    return None


def _kind_of_values(values: list[Any]) -> str:
    if not values:
        return OTHER
    first = values[0]
    if isinstance(first, bool):
        return BOOLEAN
    if isinstance(first, int):
        return INTEGER
    if isinstance(first, float):
        return REAL
    if isinstance(first, (datetime.date, datetime.datetime)):
        return DATE
    return TEXT if isinstance(first, str) else OTHER


def _lift_order(tree: exp.Query, name: str, columns: set[str]) -> tuple[tuple[OrderKey, ...], int | None] | None:
    """The statement's ORDER BY and LIMIT as the spec's, when they sort by output columns and keep a
    plain number of rows; else None: they stay in the statement, and the follow-up's order and limit
    apply to its rows as they come."""
    if not isinstance(tree, exp.Select) or tree.args.get("offset"):
        return None
    order = tree.args.get("order")
    limit = tree.args.get("limit")
    keys: list[OrderKey] = []
    for ordered in order.expressions if order is not None else []:
        output = _output_name(tree, ordered.this)
        if output is None or output not in columns:
            return None
        keys.append(OrderKey(column=ColumnRef(name, output), descending=bool(ordered.args.get("desc"))))
    count = None
    if limit is not None:
        value = limit.expression
        if not (isinstance(value, exp.Literal) and value.is_int) or limit.args.get("offset"):
            return None
        count = int(value.this)
    return tuple(keys), count


def _output_name(tree: exp.Select, key: exp.Expr) -> str | None:
    for select in tree.selects:
        if select.unalias() == key or (isinstance(key, exp.Column) and not key.table
                                       and key.name == select.alias_or_name):
            return select.alias_or_name
    return None
