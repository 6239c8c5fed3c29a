"""A number said as money ("over £100", "500 dollars or more") is compared with an amount of money;
one said as a length of time ("less than a week") with the rows' one duration.

The word before a comparison often names a verb or a flag, not the amount ("donors who gave more
than £100": a gift-aid flag shares the verb's root). When the number carries a currency, the
column compared is money: the one the word names if it is money, else the one money column of the
rows asked about, else of the rows in play, else of the rows that refer to them (the donations of
donors), where a condition keeps the rows some such row meets. Of several, the money taken.
"""

from __future__ import annotations

from nl2sql.engines.builtin.analysis import Comparison
from nl2sql.engines.builtin.reader import ReadContext
from nl2sql.engines.builtin.spec import ColumnRef
from nl2sql.linking.text import STOPWORDS, singular
from nl2sql.profile import profile_of, roles


def said_as_money(ctx: ReadContext, comp: Comparison) -> bool:
    """Whether the comparison's number is followed by a currency ("£100" reads as "100 pounds")."""
    return ctx.a.word(comp.after) in roles.MONEY_UNITS


def money_or_named(ctx: ReadContext, comp: Comparison, named: ColumnRef | None, entity: str,
                   in_play: set[str]) -> ColumnRef | None:
    """The column a comparison is on: the money column a number said as money is compared with,
    when the word before it named no money, else the column that word named (``named``)."""
    if not said_as_money(ctx, comp) or (named is not None and _money(ctx, named)):
        return named
    return _money_column(ctx, entity, in_play) or named


def _money_column(ctx: ReadContext, entity: str, in_play: set[str]) -> ColumnRef | None:
    """The one money column of the rows, of the rows in play, or of the rows that refer to them."""
    sold = {r.table for r in profile_of(ctx.schema).revenues}
    referring = sorted({t for t, fk in ctx.schema.neighbours(entity) if fk.ref_table == entity and t != entity})
    for tables in ([entity], sorted(in_play - {entity}), referring):
        found = [ColumnRef(t, col.name) for t in tables if (table := ctx.schema.table(t)) is not None
                 for col in table.columns if _money(ctx, ColumnRef(t, col.name))]
        taken = [ref for ref in found if ref.table in sold]  # of several, money the business took
        if len(found) == 1 or len(taken) == 1:
            return found[0] if len(found) == 1 else taken[0]
        if found:
            return None  # several amounts: the word before the number has to say which
    return None


def _money(ctx: ReadContext, ref: ColumnRef) -> bool:
    table = ctx.schema.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    return col is not None and table is not None and roles.money_unit(table, col) is not None \
        and not roles.is_plan(col) and col.name not in table.fk_columns and not col.primary_key


# Words after a length of time that say it is the rows' own: "over 2 hours long".
_LONG = frozenset({"long", "each", "apiece", "total", "altogether", "overall"})


def time_of_another(ctx: ReadContext, comp: Comparison) -> bool:
    """ "less than 24 hours' notice": a length of time said of a noun after it that names nothing
    of the rows, the time of something they keep no length of."""
    word, nxt = ctx.a.word(comp.after), ctx.a.word(comp.after + 1)
    return (word in roles.TIME_UNITS or singular(word) in roles.TIME_UNITS) and nxt.isalpha() \
        and nxt not in STOPWORDS and nxt not in _LONG and ctx.a.link_at(comp.after + 1) is None \
        and not nxt.endswith(("ed", "ing"))  # "calls over 10 minutes answered by": a verb of the rows


def duration_or_named(ctx: ReadContext, comp: Comparison, named: ColumnRef | None, entity: str,
                      in_play: set[str]) -> ColumnRef | None:
    """ "produce that keeps for less than a week": a number said with a unit of time is compared
    with the one column of the rows kept in a unit of time, when the word before named none."""
    word = ctx.a.word(comp.after)
    if word not in roles.TIME_UNITS and singular(word) not in roles.TIME_UNITS:
        return named
    if named is not None and _in_time(ctx, named):
        return named
    if time_of_another(ctx, comp):
        return named
    for tables in ([entity], sorted(in_play - {entity})):
        found = [ColumnRef(t, col.name) for t in tables if (table := ctx.schema.table(t)) is not None
                 for col in table.columns if _in_time(ctx, ColumnRef(t, col.name))]
        if len(found) == 1:
            return found[0]
        if found:
            return named
    return named


def _in_time(ctx: ReadContext, ref: ColumnRef) -> bool:
    table = ctx.schema.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    unit = roles.unit_of(table, col) if table is not None and col is not None else None
    return unit is not None and unit.dimension == roles.TIME
