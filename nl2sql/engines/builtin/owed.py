"""Money still owed: "what is each tenant still owing", "which clients owe us money".

What is owed is the amount of the bills not yet paid: the one table the question's rows reach that
keeps an amount of money and a date it was paid on, left empty until it is, summed where that date
is empty. Where payments are kept against each bill (part payments), what was paid on it is taken
off (a payment that failed takes nothing off). Read in the money's major unit (an amount kept in
pence is totalled in pounds).
"""

from __future__ import annotations

from sqlglot import exp

from nl2sql.domain import Metric
from nl2sql.engines.builtin.events import event_dates, participle
from nl2sql.engines.builtin.reader import ReadContext
from nl2sql.identifiers import column, identifier
from nl2sql.linking.text import name_words, spoken
from nl2sql.profile import PAYMENT_WORDS, kept_test, roles

OWE_WORDS = frozenset({"owe", "owes", "owed", "owing"})


def owed_money(ctx: ReadContext, entity: str) -> tuple[Metric, int] | None:
    """The sum of the unpaid bills' money, and where the question says "owe", if it does and one
    table of bills is in reach."""
    a = ctx.a
    at = next((i for i, t in enumerate(a.tokens) if t.text in OWE_WORDS), None)
    said = participle(a.word(at)) if at is not None else None  # "owed": not yet paid
    if at is None or said is None:
        return None
    found = []
    for table in ctx.schema.tables:
        if not table.stored or (table.name != entity and ctx.schema.join_path(entity, table.name) is None) \
                or PAYMENT_WORDS & set(name_words(table.name)):
            continue  # (a payment's own date is no bill's)
        money = [c for c in table.columns if roles.is_money_taken(table, c)]
        paid = event_dates(table, said[0])  # the date the bill is paid on, empty until it is
        if len(money) == 1 and len(paid) == 1:
            found.append((table.name, money[0].name, paid[0]))
    if len(found) != 1:
        return None
    bills, amount, paid_on = found[0]
    total: exp.Expr = exp.Sum(this=_less_paid(ctx, bills, amount))
    factor = roles.minor_unit(amount)
    if factor != 1.0:
        total = exp.Div(this=exp.Cast(this=total, to=exp.DataType.build("REAL")),
                        expression=exp.Literal.number(f"{1 / factor:.1f}"))
    dialect = ctx.schema.dialect
    unpaid: exp.Expr = exp.column(paid_on).is_(exp.null())
    held = ctx.schema.table(bills)
    kept = kept_test(held) if held is not None else None
    if kept is not None:  # a voided bill keeps no paid date and owes nothing
        unpaid = exp.and_(unpaid, kept[0])
    less = " less what was paid against them" if isinstance(total.find(exp.Subquery), exp.Subquery) else ""
    metric = Metric(name="owed", table=bills, expression=total.sql(dialect=dialect), where=unpaid.sql(dialect=dialect),
                    description=f"the {spoken(amount)} of the {spoken(bills)} not yet paid{less}")
    return metric, at


def _less_paid(ctx: ReadContext, bills: str, amount: str) -> exp.Expr:
    """A bill's amount less the money of the one table of payments made against it, if there is one."""
    table = ctx.schema.table(bills)
    key = table.primary_key if table is not None else None
    found = []
    for other in ctx.schema.tables:
        keys = [fk for fk in other.foreign_keys if fk.ref_table == bills]
        money = [c for c in other.columns if roles.is_money_taken(other, c)]
        if other.stored and other.name != bills and PAYMENT_WORDS & set(name_words(other.name)) \
                and len(keys) == 1 and len(money) == 1 \
                and roles.minor_unit(money[0].name) == roles.minor_unit(amount):
            found.append((other.name, keys[0].column, keys[0].ref_column, money[0].name))
    if key is None or len(found) != 1:
        return column(amount)
    payments, fk, to, paid = found[0]
    made = exp.select(exp.Sum(this=exp.Column(this=identifier(paid), table=identifier(payments)))) \
        .from_(exp.Table(this=identifier(payments))) \
        .where(exp.Column(this=identifier(fk), table=identifier(payments))
               .eq(exp.Column(this=identifier(to), table=identifier(bills))))
    payer = ctx.schema.table(payments)
    kept = kept_test(payer, qualified=True) if payer is not None else None
    if kept is not None:  # a payment that failed took nothing off
        made = made.where(kept[0])
    return exp.Sub(this=column(amount),
                   expression=exp.Coalesce(this=exp.Subquery(this=made), expressions=[exp.Literal.number(0)]))
