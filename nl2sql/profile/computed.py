"""Columns the engine computes, put back as the SQL that computes them.

The profile adds columns no table stores: how long a row lasted (``spans``), how long
after it began an event came (``waits``), how old a person is
(``ages``) and what a thing sells for above its cost (``margins``). The reader treats them as
columns; once a query is rendered, ``written`` replaces each reference to one with its expression
in the dialect, named as the column where it is shown.
"""

from __future__ import annotations

from typing import Protocol

from sqlglot import exp

from nl2sql.db.schema import Schema
from nl2sql.profile.ages import ages
from nl2sql.profile.margins import margins
from nl2sql.profile.spans import spans
from nl2sql.profile.waits import waits


class Computed(Protocol):
    """A column computed from others of its table."""

    @property
    def table(self) -> str: ...

    @property
    def column(self) -> str: ...

    def sql(self, table: exp.Identifier | None, dialect: str) -> exp.Expr: ...


def written(tree: exp.Expr, schema: Schema, dialect: str) -> exp.Expr:
    """``tree`` with each computed column replaced by its expression."""
    found: tuple[Computed, ...] = (*spans(schema), *waits(schema), *ages(schema), *margins(schema))
    if not found:
        return tree
    names = {c.column.lower() for c in found}

    def swap(node: exp.Expr) -> exp.Expr:
        if not isinstance(node, exp.Column) or node.name.lower() not in names:
            return node
        computed = _computed_of(node, found)
        if computed is None:
            return node
        qualifier = node.args.get("table")
        value = computed.sql(qualifier if isinstance(qualifier, exp.Identifier) else None, dialect)
        if isinstance(node.parent, exp.Select) and node.arg_key == "expressions":
            return exp.alias_(value, node.name)  # shown: named as the column it stands for
        arithmetic = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod, exp.Neg)
        return exp.Paren(this=value) if isinstance(node.parent, arithmetic) else value

    return tree.transform(swap)


def _computed_of(node: exp.Column, found: tuple[Computed, ...]) -> Computed | None:
    """The computed column a reference means: its table's, by the qualifier, else by the tables its query reads."""
    named = [c for c in found if c.column.lower() == node.name.lower()]
    if node.table:
        return next((c for c in named if c.table.lower() == node.table.lower()), None)
    select = node.find_ancestor(exp.Select)
    read = {t.name.lower() for t in select.find_all(exp.Table)} if select is not None else set()
    inside = [c for c in named if c.table.lower() in read]
    return inside[0] if len(inside) == 1 else None
