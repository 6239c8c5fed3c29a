"""What a gold query asks for, read with sqlglot: its difficulty, its main table, and how a wrong
prediction differs from it. Documented in docs/evaluation.md.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

logging.getLogger("sqlglot").setLevel(logging.ERROR)

EASY, MEDIUM, HARD, EXTRA = "easy", "medium", "hard", "extra"
NO_PARSE, WRONG_TABLE, WRONG_JOIN, MISSING_NESTING = "no parse", "wrong table", "wrong join", "missing nesting"
WRONG_AGGREGATION, WRONG_COLUMN, WRONG_VALUE, OTHER = "wrong aggregation", "wrong column", "wrong value", "other"
INVALID_SQL = "invalid SQL"  # a model's SQL still refused by validation after its repair rounds


@dataclass(frozen=True)
class Shape:
    tables: frozenset[str]
    joins: int
    aggregates: frozenset[str]
    group_by: frozenset[str]
    nested: int
    set_ops: int
    columns: frozenset[str]  # selected columns
    filter_columns: frozenset[str]
    values: frozenset[str]
    conditions: int
    has_order: bool
    has_having: bool
    main_table: str | None


def shape(sql: str) -> Shape | None:
    try:
        tree = sqlglot.parse_one(sql, read="sqlite")
    except SqlglotError:
        return None
    if tree is None:
        return None
    selects = list(tree.find_all(exp.Select))
    outer = tree if isinstance(tree, exp.Select) else (selects[0] if selects else None)
    from_ = (outer.args.get("from_") or outer.args.get("from")) if outer is not None else None
    main = from_.this.name.lower() if from_ is not None and isinstance(from_.this, exp.Table) else None
    where = [w for w in tree.find_all(exp.Where)]
    conditions = sum(1 + len(list(w.find_all(exp.And))) + len(list(w.find_all(exp.Or))) for w in where)
    columns = frozenset(
        c.name.lower() for s in selects for e in s.expressions for c in e.find_all(exp.Column)
    ) | frozenset("*" for s in selects for e in s.expressions if isinstance(e, exp.Star))
    return Shape(
        tables=frozenset(t.name.lower() for t in tree.find_all(exp.Table)),
        joins=len(list(tree.find_all(exp.Join))),
        aggregates=frozenset(type(a).__name__.lower() for a in tree.find_all(exp.AggFunc)),
        group_by=frozenset(c.name.lower() for g in tree.find_all(exp.Group) for c in g.find_all(exp.Column)),
        nested=len(selects) - 1 - len(list(tree.find_all(exp.Union, exp.Intersect, exp.Except))),
        set_ops=len(list(tree.find_all(exp.Union, exp.Intersect, exp.Except))),
        columns=columns,
        filter_columns=frozenset(c.name.lower() for w in where for c in w.find_all(exp.Column)),
        values=frozenset(str(lit.this).lower() for w in where for lit in w.find_all(exp.Literal)),
        conditions=conditions,
        has_order=any(True for _ in tree.find_all(exp.Order)),
        has_having=any(True for _ in tree.find_all(exp.Having)),
        main_table=main,
    )


def difficulty(sql: str) -> str:
    """easy / medium / hard / extra from the gold query's components (rule in docs/evaluation.md)."""
    s = shape(sql)
    if s is None:
        return EXTRA
    if s.set_ops and s.nested:
        return EXTRA
    points = (s.joins + len(s.aggregates) + 2 * max(0, s.nested) + 2 * s.set_ops + bool(s.group_by)
              + s.has_order + s.has_having + max(0, s.conditions - 1))
    if points <= 1:
        return EASY
    if points <= 3:
        return MEDIUM
    if points <= 5:
        return HARD
    return EXTRA


def main_table(sql: str) -> str | None:
    s = shape(sql)
    return s.main_table if s else None


def failure_category(predicted: str | None, gold: str) -> str:
    """Why a wrong prediction is wrong, checked from the coarsest difference to the finest."""
    if not predicted:
        return NO_PARSE
    p, g = shape(predicted), shape(gold)
    if p is None or g is None:
        return NO_PARSE if p is None else OTHER
    if (g.nested > 0 or g.set_ops > 0) and p.nested <= 0 and p.set_ops == 0:
        return MISSING_NESTING
    if p.tables != g.tables:
        return WRONG_TABLE
    if p.joins != g.joins:
        return WRONG_JOIN
    if p.aggregates != g.aggregates or p.group_by != g.group_by:
        return WRONG_AGGREGATION
    if p.columns != g.columns or p.filter_columns != g.filter_columns:
        return WRONG_COLUMN
    if p.values != g.values:
        return WRONG_VALUE
    return OTHER
