"""What a thing sells for above what it costs, when a table keeps both.

A product table often keeps a selling price and a cost price and no margin: "the margin on each
plant", "products with a margin under 5", "the average margin by category" ask for the one less
the other. The profile sees such a table as having one more column, ``margin`` (``margin_pence``
where the prices are kept in pence, so that it reads in pounds as they do), and ``computed.written``
puts the subtraction in its place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlglot import exp

from nl2sql.db.schema import REAL, Column, Schema, Table, per_schema
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.text import name_words
from nl2sql.profile.roles import _said_money_unit, is_money, is_price

MARGIN = "margin"
# Name words of a column that already says what is left of a price after its cost.
_KEPT_WORDS = frozenset({"margin", "profit", "markup"})


# The words a selling price's and a cost price's names may hold: the thing's own prices, not a
# ticket's price beside a venue's cost.
_UNITS = {"pence", "penny", "cent", "cents", "p", "ct", "amount", "each", "unit", "per", "item"}
_PRICE_NAME = frozenset({"price", "sell", "selling", "sale", "retail", "list", "rrp"} | _UNITS)
_COST_NAME = frozenset({"cost", "price", "buy", "buying", "purchase", "wholesale", "landed", "standard"} | _UNITS)


@dataclass(frozen=True)
class Margin:
    """A row's ``price`` less its ``cost``, seen as the column ``column``."""
    table: str
    price: str
    cost: str
    unit: str | None  # the money unit both names say ("pence"), None for the major unit

    @property
    def column(self) -> str:
        return f"{MARGIN}_{self.unit}" if self.unit else MARGIN

    def sql(self, table: exp.Identifier | None, dialect: str) -> exp.Expr:
        def col(name: str) -> exp.Column:
            return exp.Column(this=exp.to_identifier(name), table=table.copy() if table is not None else None)
        return exp.Sub(this=col(self.price), expression=col(self.cost))


def margin_of(table: Table) -> Margin | None:
    """The table's one selling price and one cost, kept in the same unit, when it keeps no margin."""
    if not table.stored or any(set(name_words(c.name)) & _KEPT_WORDS for c in table.columns if not c.computed):
        return None
    prices = [c for c in table.columns if is_price(table, c) and set(expand(name_words(c.name))) <= _PRICE_NAME]
    costs = [c for c in table.columns if is_money(table, c) and "cost" in expand(name_words(c.name))
             and set(expand(name_words(c.name))) <= _COST_NAME]
    if len(prices) != 1 or len(costs) != 1 or _said_money_unit(prices[0].name) != _said_money_unit(costs[0].name):
        return None
    return Margin(table.name, prices[0].name, costs[0].name, _said_money_unit(prices[0].name))


@per_schema
def margins(schema: Schema) -> tuple[Margin, ...]:
    """The schema's margins, worked out once per schema object."""
    return tuple(m for table in schema.tables if (m := margin_of(table)) is not None)


def with_margins(schema: Schema) -> Schema:
    """The schema with each margin as one more numeric column of its table (the same object when it has none)."""
    found = {m.table: m for m in margins(schema)}
    if not found:
        return schema
    tables = tuple(replace(t, columns=(*t.columns, Column(found[t.name].column, "", REAL, computed=True)))
                   if t.name in found and not t.column(found[t.name].column) else t for t in schema.tables)
    return Schema(tables, schema.dialect)


__all__ = ["MARGIN", "Margin", "margin_of", "margins", "with_margins"]
