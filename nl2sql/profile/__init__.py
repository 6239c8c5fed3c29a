"""A profile of any schema: what its columns and tables are for, read from names, kinds and keys.

Most people point nl2sql at a database they already have, with no domain config. The profile is
what an analyst sees on a first look: the money, the line items (price x quantity), durations and
sizes with their unit, each table's label, self-references (an employee's manager), bridge tables,
and which tables are views. The engine reads the user's words through it, and
``nl2sql domain init`` writes it out as a config draft the user can correct.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from nl2sql.db.schema import BOOLEAN, INTEGER, REAL, TEXT, Column, ForeignKey, Schema, Table, bought_in, per_schema
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.text import name_words, singular, spoken
from nl2sql.profile.roles import (
    MONEY_UNITS,
    NOT_SOLD_WORDS,
    TIME,
    TIME_UNITS,
    WORKER_WORDS,
    Unit,
    is_money,
    is_money_taken,
    is_price,
    is_quantity,
    is_real_money,
    is_sold_money,
    minor_unit,
    money_unit,
    unit_of,
)

if TYPE_CHECKING:
    from sqlglot import exp

# How a line's discount takes money off: a share of the line (0.15), a percentage (15), an amount.
FRACTION, PERCENT, AMOUNT = "fraction", "percent", "amount"
_DISCOUNT_WORDS = frozenset({"discount", "rebate"})
_PERCENT_WORDS = frozenset({"percent", "percentage", "pct", "rate"})
_AMOUNT_WORDS = frozenset({"amount", "value", "sum"})
# A text column with at most this many values is a category to group by ("per status").
MAX_CATEGORIES = 12
# Name words of a column that is a total of a whole row (a sale's total), preferred over other money.
_TOTAL_WORDS = ("total", "amount", "subtotal", "revenue", "sale")


@dataclass(frozen=True)
class LineItems:
    """A table of lines (one product on one sale): money per line is price x quantity, less the
    line's discount when it has one."""
    table: str
    price: str
    quantity: str
    parent: str | None  # the table whose rows the lines make up (the sale), if a key says so
    discount: str | None = None
    discount_kind: str = FRACTION  # FRACTION (0.15), PERCENT (15) or AMOUNT (money off the line)
    discount_nullable: bool = False  # a line without one keeps NULL, which takes nothing off
    price_kind: str = ""  # the price's kind: a REAL ``unit_p`` is pounds, not pence
    amount_each: bool = False  # priced by an amount each (``unit_amt``): see ``Profile.charged_lines``

    def money_sql(self, dialect: str) -> str:
        """The lines' money as an aggregate: ``SUM(price * quantity * (1 - discount))`` and the like."""
        from sqlglot import exp

        from nl2sql.identifiers import column

        gross: exp.Expr = exp.Mul(this=column(self.price), expression=column(self.quantity))
        if self.discount is not None:
            off: exp.Expr = column(self.discount)
            if self.discount_nullable:  # no discount on a line is none taken off, not a line left out
                off = exp.Coalesce(this=off, expressions=[exp.Literal.number(0)])
            if self.discount_kind == AMOUNT:
                gross = exp.Sub(this=gross, expression=off)
            else:
                percent = exp.Div(this=off.copy(), expression=exp.Literal.number(100))
                # a decimal discount is a share (0.15); one kept as a percentage (15) is read as one
                share = exp.Case().when(exp.GT(this=off.copy(), expression=exp.Literal.number(1)), percent).else_(
                    off) if self.discount_kind == FRACTION else percent
                gross = exp.Mul(this=gross, expression=exp.Paren(this=exp.Sub(this=exp.Literal.number(1),
                                                                              expression=share)))
        return _in_major_unit(exp.Sum(this=gross), self.price, self.price_kind).sql(dialect=dialect)

    @property
    def said(self) -> str:
        """How the money is read, in words: "unit price x quantity less discount"."""
        less = f" less {spoken(self.discount)}" if self.discount is not None else ""
        return f"{spoken(self.price)} x {spoken(self.quantity)}{less}"


@dataclass(frozen=True)
class Revenue:
    """The schema's best measure of money taken, and how it was read (for the explanation)."""
    table: str
    expression: str  # an aggregate over ``table``'s columns: "SUM(unit_price * quantity)"
    description: str  # "the sum of unit price x quantity of the sale lines"
    line: LineItems | None = None
    where: str | None = None  # the rows counted: no sale that was called off ("status <> 'cancelled'")
    left_out: str = ""  # the states ``where`` leaves out, said: "cancelled or planned"


@dataclass(frozen=True)
class SelfReference:
    """A key that points back into its own table: an employee's manager, a category's parent."""
    table: str
    column: str
    ref_column: str


@dataclass(frozen=True)
class Profile:
    money: tuple[tuple[str, str], ...]
    quantities: tuple[tuple[str, str], ...]
    lines: tuple[LineItems, ...]
    # lines kept at an amount each beside a bill's own total: what the total is made of, read only
    # where a condition or a grouping is of the lines ("rent income"), never as sales of units
    charged_lines: tuple[LineItems, ...]
    revenues: tuple[Revenue, ...]  # every reading of money taken, the best first
    spending: tuple[Revenue, ...]  # money paid out for what is bought, line by line (a purchase's lines)
    units: tuple[Unit, ...]
    dates: tuple[tuple[str, str], ...]
    labels: tuple[tuple[str, str], ...]
    self_references: tuple[SelfReference, ...]
    bridges: tuple[str, ...]
    categories: tuple[tuple[str, str], ...]
    views: tuple[str, ...]

    @property
    def revenue(self) -> Revenue | None:
        return self.revenues[0] if self.revenues else None

    def unit(self, table: str, column: str) -> Unit | None:
        return next((u for u in self.units if u.table == table and u.column == column), None)


def _parent(schema: Schema, table: Table) -> str | None:
    """The table a line belongs to (its sale), not what the line is of (its product).

    The sale is the referenced table that carries a total of its own, else one that refers to
    something itself and has a date (an event), else the first key's table.
    """
    refs = [t for fk in table.foreign_keys if fk.ref_table != table.name
            if (t := schema.table(fk.ref_table)) is not None]

    def rank(ref: Table) -> int:
        if any(is_money_taken(ref, c) for c in ref.columns):
            return 0
        return 1 if ref.foreign_keys and ref.date_columns else 2

    return min(refs, key=rank).name if refs else None


# Money words of what a line charges for each unit beside its quantity, when no price is named.
_FEE_WORDS = frozenset({"fee", "charged"})


def _charged_each(table: Table, col: Column) -> bool:
    """A fee charged on a line that keeps a quantity (``fee_charged_p`` beside ``qty``): its price."""
    return is_money(table, col) and bool(_FEE_WORDS & set(name_words(col.name))) and \
        not _DISCOUNT_WORDS & set(name_words(col.name))


def _amount_each(table: Table, col: Column) -> bool:
    """An amount said per unit beside a quantity (``unit_amt``, ``amt_each``): a line's price."""
    words = set(expand(name_words(col.name)))
    return is_sold_money(table, col) and "amount" in words and bool(words & {"unit", "each", "ea"})


def _priced(table: Table) -> tuple[list[Column], list[Column]]:
    """A line's prices and quantities: a price, else a fee charged beside a quantity, else time
    billed at a rate."""
    quantities = [c for c in table.columns if is_quantity(table, c)]
    prices = [c for c in table.columns if is_price(table, c)] or \
        [c for c in table.columns if quantities and _charged_each(table, c)] or \
        [c for c in table.columns if quantities and _amount_each(table, c)]
    if not (prices and quantities) and (billed := _billed_time(table)) is not None:
        return [billed[0]], [billed[1]]
    return prices, quantities


def _lines(schema: Schema) -> tuple[LineItems, ...]:
    out = []
    for table in schema.tables:
        if not table.stored:
            continue
        prices, quantities = _priced(table)
        if prices and quantities and table.foreign_keys:
            found = _discount(table)
            discount, kind = found if found is not None else (None, FRACTION)
            kept = table.column(discount) if discount is not None else None
            out.append(LineItems(table.name, prices[0].name, quantities[0].name, _parent(schema, table),
                                 discount, kind, kept is not None and kept.nullable, prices[0].kind,
                                 _amount_each(table, prices[0])))
    # a table other lines refer to is what is sold (a product's price and stock), not a sale's lines;
    # so is one that rows with a price of their own refer to (a seat band's price and seat count,
    # each ticket sold at its own price)
    referred = _referred_by(schema, out)
    referred |= {fk.ref_table for t in schema.tables if t.stored and any(is_price(t, c) for c in t.columns)
                 for fk in t.foreign_keys if fk.ref_table != t.name}
    return tuple(ln for ln in out if ln.table not in referred)


def _referred_by(schema: Schema, lines: list[LineItems]) -> set[str]:
    """The tables lines refer to: what is sold or bought (a product, a wine), never lines themselves."""
    return {fk.ref_table for ln in lines if (t := schema.table(ln.table)) is not None for fk in t.foreign_keys}


# The name words a rate billed for time may have beside "rate" (not a pay rate, a heart rate, a tax rate).
_BILLED_RATE_WORDS = frozenset({"rate", "hourly", "hour", "bill", "billing", "billed", "billable", "charge",
                                "standard", "std", "unit"})
# Name words of what a bought line pays for each unit ("unit_cost", "cost_each", "case_cost_p").
_COST_WORDS = frozenset({"cost", "price", "rate"})
_EACH_WORDS = frozenset({"unit", "each", "ea", "per", "item"})
# Name words of the price a thing is sold at, never what was paid for it.
_SELLING_WORDS = frozenset({"retail", "list", "sell", "selling", "sale", "rrp", "shelf"})


def _bought_lines(schema: Schema) -> tuple[LineItems, ...]:
    """The lines of what the business buys (a purchase order's lines): a cost or price for each unit
    beside how many were bought; what was spent, never money taken."""
    out = []
    for table in schema.tables:
        if not table.stored or not table.foreign_keys or not bought_in(schema, table):
            continue
        found = _paid_each(table)
        if found is not None:
            cost, quantity = found
            out.append(LineItems(table.name, cost.name, quantity.name, _parent(schema, table), price_kind=cost.kind))
    referred = _referred_by(schema, out)  # a wine's cost per case: what is bought, not a purchase's lines
    return tuple(ln for ln in out if ln.table not in referred)


def _paid_each(table: Table) -> tuple[Column, Column] | None:
    """(cost of one, how many) of a bought line: a cost said per unit, a cost named for the unit its
    count is kept in (``case_cost_p`` beside ``cases``, before a count of bottles), else a price; never
    the price it sells at (``retail_price``)."""
    counts = [c for c in table.columns if c.kind == INTEGER and not c.primary_key and c.name not in table.fk_columns
              and not is_money(table, c)]
    quantities = [c for c in table.columns if is_quantity(table, c)]
    costs = []
    for cost in (c for c in table.columns if is_money(table, c) and not c.computed):
        words = set(expand(name_words(cost.name)))
        if words & _COST_WORDS and not words & (set(_TOTAL_WORDS) | _DISCOUNT_WORDS | _SELLING_WORDS):
            costs.append((cost, words))
    costs.sort(key=lambda found: "cost" not in found[1])  # what is paid before a price
    for cost, words in costs:
        paired = [c for c in counts if {w.removesuffix("s") for w in name_words(c.name)} & words - _COST_WORDS]
        if paired:
            return cost, paired[0]
        if quantities and (is_price(table, cost) or words & _EACH_WORDS or "cost" in words):
            return cost, quantities[0]
    return None


# Name words of a table of bills, whose lines may bill time.
_BILL_WORDS = frozenset({"invoice", "bill", "billing", "statement"})


def _billed_time(table: Table) -> tuple[Column, Column] | None:
    """(rate, hours) of the lines of a bill that charge for time: hours at an hourly rate are their
    price x quantity. Hours beside a pay rate on a timesheet are wages, not money taken."""
    parents = [fk.ref_table for fk in table.foreign_keys]
    if not (set(name_words(table.name)) | {w for p in parents for w in name_words(p)}) & _BILL_WORDS:
        return None
    hours = [c for c in table.columns if (u := unit_of(table, c)) is not None and u.dimension == TIME
             and u.factor == TIME_UNITS["hour"]]
    rates = [c for c in table.columns if c.is_numeric and "rate" in (words := set(name_words(c.name)))
             and words <= _BILLED_RATE_WORDS | set(name_words(table.name)) and c.name not in table.fk_columns]
    return (rates[0], hours[0]) if len(hours) == 1 and len(rates) == 1 else None


def _discount(table: Table) -> tuple[str, str] | None:
    """A line's discount column and how it is kept: named so, as a percentage or an amount when the
    name says so (a decimal one named a percentage is read row by row too), else as a share of the
    line when it holds decimals (one above 1 is a percentage: the SQL tells them apart row by row).
    An integer called discount says neither, and is left out rather than guessed."""
    for col in table.columns:
        words = set(name_words(col.name)) | set(expand(name_words(col.name)))  # "disc_pct"
        if not words & _DISCOUNT_WORDS or not col.is_numeric or col.primary_key or col.name in table.fk_columns:
            continue
        if words & _PERCENT_WORDS:  # a percentage kept as a decimal may be a share still (0.15)
            return col.name, FRACTION if col.kind == REAL else PERCENT
        if words & _AMOUNT_WORDS or is_money(table, col):
            return col.name, AMOUNT
        if col.kind == REAL:
            return col.name, FRACTION
    return None


def _totals(schema: Schema) -> list[tuple[Table, str]]:
    """Money totals of rows that are events (they refer to something and often carry a date)."""
    found = []
    for table in schema.tables:
        if not table.stored or not table.foreign_keys or set(name_words(table.name)) & NOT_SOLD_WORDS \
                or bought_in(schema, table):
            continue  # a refund's amount is money, but not money taken
        for col in table.columns:
            words = name_words(col.name)
            # a ticket's own price; a dated booking's, of no quantity, that no line counts out
            one = is_price(table, col) and (_sold_one_by_one(schema, table) or _priced_event(schema, table))
            if is_sold_money(table, col) and (one or (("total" in words or not is_price(table, col))
                                                      and (set(words) & set(_TOTAL_WORDS) or _just_an_amount(words)))) \
                    and (is_real_money(col) or minor_unit(col.name, col.kind) != 1.0):
                found.append((table, col.name))
    found.sort(key=lambda tc: (not tc[0].date_columns, -(tc[0].row_count or 0)))
    return found


def _sold_one_by_one(schema: Schema, table: Table) -> bool:
    """Whether each row is one thing sold at its own price (a ticket of an order): it belongs to a
    dated sale, keeps no quantity, and nothing refers to it."""
    dated = any((parent := schema.table(fk.ref_table)) is not None and parent.date_columns
                and parent.name != table.name for fk in table.foreign_keys)
    return dated and not any(is_quantity(table, c) for c in table.columns) \
        and not any(fk.ref_table == table.name for t in schema.tables for fk in t.foreign_keys if t.name != table.name)


# Name words of a price of one of several: per head, per hour, per unit.
_PER_WORDS = frozenset({"per", "pp", "unit", "each", "head", "hourly", "daily", "nightly", "weekly", "monthly"})


def _priced_event(schema: Schema, table: Table) -> bool:
    """Whether each row is one dated thing sold whole at its price (a hire, a booking): it keeps a date
    of its own and no quantity, has one price, and no table counts it out in quantities (as order
    lines count a product)."""
    prices = [c for c in table.columns if is_price(table, c)]
    if len(prices) != 1 or set(expand(name_words(prices[0].name))) & _PER_WORDS:
        return False  # a price per head, per hour or per unit is no row's whole price
    # a course several enrol on, a listing viewed many times, a book sold again and again: a catalogue
    counted = counted_out(schema, table) or any(fk.ref_table == table.name and _as_many(t, table)
                                                for t in schema.tables if t.stored for fk in t.foreign_keys
                                                if t.name != table.name)
    # bought by someone: a hire's customer, a game's team; not a listing only an agent is named on
    payer = any(not set(name_words(fk.ref_table)) & WORKER_WORDS
                for fk in table.foreign_keys if fk.ref_table != table.name)
    return table.default_date_column is not None and not counted and payer \
        and not any(is_quantity(table, c) for c in table.columns)


def counted_out(schema: Schema, table: Table) -> bool:
    """Whether rows of another stored table count the table's rows out in quantities (a product on
    order lines): a catalogue of things, whatever each costs."""
    return any(fk.ref_table == table.name and any(is_quantity(t, c) for c in t.columns)
               for t in schema.tables if t.stored for fk in t.foreign_keys if t.name != table.name)


def _as_many(rows: Table, than: Table) -> bool:
    """Whether a table holds at least as many rows as another, both counted."""
    return rows.row_count is not None and than.row_count is not None and rows.row_count >= than.row_count


def _just_an_amount(words: tuple[str, ...]) -> bool:
    """ "amt", "amt_pence", "amt_p": a row's amount and nothing more said of it (not a ``declaredValueAmt``)."""
    if len(words) > 1 and minor_unit("_".join(words)) != 1.0:
        words = words[:-1]  # the unit it is kept in, said last
    return set(expand(words)) - set(MONEY_UNITS) == {"amount"}


# What an event costs its customer, when no total says what was taken: a rental's fee, a ride's fare,
# a consignment's freight (a shop's freight beside its sale lines is not read: the lines come first).
_CHARGE_WORDS = frozenset({"fee", "charge", "fare", "freight", "carriage", "postage"})


def _charges(schema: Schema) -> list[tuple[Table, str]]:
    """The fees of rows that are events (they refer to something and carry a date): what a service
    business takes, where no sale carries a total. Amounts kept in cents count too."""
    found = []
    for table in schema.tables:
        if not table.stored or not table.foreign_keys or not table.date_columns \
                or set(name_words(table.name)) & NOT_SOLD_WORDS or bought_in(schema, table):
            continue
        for col in table.columns:
            unit = money_unit(table, col)
            if unit is not None and set(name_words(col.name)) & _CHARGE_WORDS:
                found.append((table, col.name))
    found.sort(key=lambda tc: -(tc[0].row_count or 0))
    return found


def _in_major_unit(total: exp.Expr, money_column: str, kind: str = "") -> exp.Expr:
    """A sum of ``money_column`` read in its major unit: ``SUM(total_cents) / 100.0``, as a person reads it."""
    from sqlglot import exp

    factor = minor_unit(money_column, kind)
    return total if factor == 1.0 else exp.Div(this=total, expression=exp.Literal.number(f"{1 / factor:.1f}"))


def charge_sql(dialect: str, column_name: str, kind: str = "") -> str:
    """``SUM(total)``, or ``SUM(total_cents) / 100.0`` for an amount kept in cents."""
    from sqlglot import exp

    from nl2sql.identifiers import column

    return _in_major_unit(exp.Sum(this=column(column_name)), column_name, kind).sql(dialect=dialect)


# Name words of a table of a sale's lines: each line one thing sold, the sale's total their sum.
_LINE_WORDS = ("item", "line", "detail", "entry", "position", "product")  # "orderline", "lineitem" too


# Stored states of a sale, a bill or a delivery that was called off: no money was taken by it, none is owed.
CALLED_OFF = frozenset({"cancelled", "canceled", "void", "voided", "refunded", "failed", "declined", "rejected",
                        "written off", "written_off", "credited"})
# Stored states of a row that has not happened yet (a lesson booked, a delivery planned, a job quoted):
# no money has been taken by it so far.
STILL_TO_COME = frozenset({"planned", "scheduled", "booked", "quoted", "draft", "tentative", "provisional", "pending",
                     "requested", "awaiting", "enquiry", "inquiry", "prospect"})
# Words of a table's name that say its rows are money paid to the business (against its bills).
PAYMENT_WORDS = frozenset({"payment", "receipt", "remittance", "instalment", "installment"})


def called_off(table: Table, taken: bool = False) -> tuple[Column, tuple[str, ...]] | None:
    """The one column of states of ``table`` (a few stored values, one of them saying a row was called
    off) with the values that say so; with ``taken``, also those of rows still to come, which have
    brought no money in yet."""
    left_out = CALLED_OFF | STILL_TO_COME if taken else CALLED_OFF
    found = [(col, tuple(v for v in col.values if isinstance(v, str) and v.strip().lower() in left_out))
             for col in table.columns if col.kind == TEXT and len(col.values) > 1
             and any(isinstance(v, str) and v.strip().lower() in CALLED_OFF for v in col.values)]
    return found[0] if len(found) == 1 else None


# Words of a yes/no column that says a row was called off or taken back (``is_void``, ``deleted``); not an
# outcome kept as yes/no (a test ``failed``, an application ``rejected``).
_GONE_WORDS = frozenset({"cancelled", "canceled", "void", "voided", "deleted", "removed", "refunded", "withdrawn"})
_FLAG_WORDS = frozenset({"is", "was", "has", "been", "flag", "yn"})
# Of those, the words no one counts rows by: an integer ``deleted`` is a yes/no (a ``cancelled`` may count).
_NO_COUNT_WORDS = frozenset({"deleted", "voided"})  # not "void": a void property is an empty one
# Name words of a table of documents, whose integer ``void`` is a yes/no: a credit note or a receipt voided.
_DOCUMENT_WORDS = frozenset({"note", "invoice", "receipt", "ticket", "payment", "sale", "order", "transaction",
                             "voucher", "bill", "refund", "credit", "docket", "chit", "tab"})
_YES_TEXT = frozenset({"y", "yes", "true", "t"})


def void_flag(table: Table) -> tuple[Column, object] | None:
    """The one yes/no column whose name says its row was called off (``is_void``, ``cancelled`` kept
    as 0/1), and the value that says it was."""
    found: list[tuple[Column, object]] = []
    for col in table.columns:
        words = expand(name_words(col.name))  # a ``del_flg``: deleted, flag
        said = [w for w in words if w not in _FLAG_WORDS]
        if len(said) != 1 or said[0] not in _GONE_WORDS or col.primary_key:
            continue
        if col.kind == BOOLEAN:
            found.append((col, True))
        elif col.kind == INTEGER and (len(said) < len(words) or said[0] in _NO_COUNT_WORDS
                                      or (said[0] == "void" and _of_documents(table, col))):
            # "is_void", "deleted_flag", "deleted": no count of them
            found.append((col, 1))
        elif col.kind == TEXT and len(col.values) == 2:
            yes = [v for v in col.values if isinstance(v, str) and v.strip().lower() in _YES_TEXT]
            found += [(col, yes[0])] if len(yes) == 1 else []
    return found[0] if len(found) == 1 else None


# Name words of counts of what became of a sale's things, beside which a ``void`` counts those voided.
_OUTCOME_COUNTS = frozenset({"sold", "comp", "comps", "issued", "scanned", "used", "refunded", "returned", "free"})


def _of_documents(table: Table, void: Column) -> bool:
    """Whether an integer ``void`` marks a document voided: of a table of documents, beside no count
    of other outcomes (tickets sold, comps and void are three counts of a sale)."""
    outcomes = [c for c in table.columns if c.kind == INTEGER and c is not void and c.name not in table.fk_columns
                and set(name_words(c.name)) & _OUTCOME_COUNTS]
    return not outcomes and bool(_DOCUMENT_WORDS & {singular(w) for w in name_words(table.name)})


def _gone_word(col: Column) -> str:
    """What a yes/no column of rows called off says of them ("void" of ``is_void``)."""
    return next(w for w in expand(name_words(col.name)) if w not in _FLAG_WORDS)


def kept_test(table: Table, qualified: bool = False, taken: bool = False) -> tuple[exp.Expr, tuple[str, ...]] | None:
    """The condition keeping the rows of ``table`` not called off ("status <> 'cancelled'", a row with
    no state kept too), and the states it leaves out; None when no column says a row was. ``taken``
    reads the money the rows brought in: a row still to come (booked, planned) has brought none."""
    from sqlglot import exp

    from nl2sql.identifiers import identifier

    state = called_off(table, taken)
    flag = void_flag(table) if state is None else None
    if state is not None:
        col, states = state
        values: list[exp.Expr] = [exp.Literal.string(v) for v in states]
    elif flag is not None:
        col, states = flag[0], (_gone_word(flag[0]),)
        values = [exp.convert(flag[1])]  # "is void": yes
    else:
        return None
    test: exp.Expr = exp.Column(this=identifier(col.name), table=identifier(table.name) if qualified else None)
    kept = test.neq(values[0]) if len(values) == 1 else exp.not_(test.isin(*values))
    if col.nullable:  # NULL <> 'cancelled' is not true: a row with no state is no row called off
        kept = exp.Paren(this=exp.or_(test.copy().is_(exp.null()), kept))
    return kept, states


def _kept_sql(schema: Schema, reading: Revenue) -> Revenue:
    """``reading`` leaving out the rows called off: its own rows' state, else the state of the sale its
    lines make up (through the lines' key to it)."""
    from sqlglot import exp

    from nl2sql.identifiers import identifier

    table = schema.table(reading.table)
    parent = schema.table(reading.line.parent) if reading.line is not None and reading.line.parent else None
    for held in (table, parent):
        kept = kept_test(held, qualified=held is parent, taken=True) if held is not None else None
        if held is None or kept is None:
            continue
        test, states = kept
        if held is parent and table is not None:
            fk = next((k for k in table.foreign_keys if k.ref_table == held.name), None)
            if fk is None:
                return reading
            sales = exp.select(exp.Column(this=identifier(fk.ref_column), table=identifier(held.name))) \
                .from_(exp.Table(this=identifier(held.name))).where(test)
            test = exp.Column(this=identifier(fk.column), table=identifier(table.name)).isin(query=sales)
        left_out = " or ".join(states)
        return replace(reading, where=test.sql(dialect=schema.dialect), left_out=left_out,
                       description=f"{reading.description}{said_left_out(left_out)}")
    return reading


def sales_kept(profile: Profile, line: LineItems) -> tuple[str | None, str]:
    """The condition leaving out the sales of ``line`` that brought no money in (called off, still to
    come), as the revenue reads it, and its words for an explanation (", cancelled ones left out")."""
    taken = next((r for r in profile.revenues if r.line == line and r.where), None)
    return (taken.where, said_left_out(taken.left_out)) if taken is not None else (None, "")


_LEFT_OUT = " ones left out"


def said_left_out(states: str) -> str:
    """How a reading's description ends when it leaves rows out by their state: ", cancelled ones left out"."""
    return f", {states}{_LEFT_OUT}"


def without_left_out(description: str) -> str:
    """A description without the states it said were left out (the line itself named the state)."""
    return description.rsplit(", ", 1)[0] if description.endswith(_LEFT_OUT) else description


def _revenues(schema: Schema, lines: tuple[LineItems, ...]) -> tuple[Revenue, ...]:
    """Every reading of money taken, the best first: line money when a line table has price and
    quantity (the lines of a sale before other lines), else the totals of event tables."""
    totals = tuple(Revenue(table.name, charge_sql(schema.dialect, column, _kind(table, column)),
                           f"the sum of {spoken(column)} of the {spoken(table.name)}")
                   for table, column in _totals(schema) or _charges(schema))
    if not lines:
        return totals
    # a sale's lines first: of a parent, and named as lines (sale_lines before a hire's fee x qty)
    ordered = sorted(lines, key=lambda ln: (ln.parent is None,
                                            not any(w.endswith(_LINE_WORDS) for w in name_words(ln.table))))
    readings = tuple(Revenue(ln.table, ln.money_sql(schema.dialect), f"the sum of {ln.said} of the {spoken(ln.table)}",
                             ln) for ln in ordered)
    # Lines that are no sale's lines but extras charged beside a total of their own (a booking's
    # extras), a price per head beside the row's own quoted total, or lines of one kind of what a
    # job charged (its parts, beside its labour) under the job's bill: the total is what was sold
    # first, and the lines are asked about beside it.
    first = ordered[0]
    kept = sorted((t for t in totals if t.table in (first.table, first.parent) or _whole_bill(schema, first, t.table)),
                  key=lambda t: (t.table != first.table, t.table != first.parent))
    if kept and not any(w.endswith(_LINE_WORDS) for w in name_words(first.table)):
        return (kept[0], *readings)
    return readings


def _kind(table: Table, name: str) -> str:
    col = table.column(name)
    return col.kind if col is not None else ""


def _whole_bill(schema: Schema, lines: LineItems, table: str) -> bool:
    """Whether ``table`` bills the whole of what the lines' parent charged, of which the lines are
    one kind: a table named a bill keyed to the parent, beside another table of the parent's money."""
    held, parent = schema.table(table), lines.parent
    if held is None or parent is None or not set(name_words(table)) & _BILL_WORDS \
            or not any(fk.ref_table == parent for fk in held.foreign_keys):
        return False
    return any(t.stored and t.name not in (lines.table, table) and any(fk.ref_table == parent for fk in t.foreign_keys)
               and any(is_money(t, c) or (c.is_numeric and "rate" in name_words(c.name)) for c in t.columns)
               for t in schema.tables)  # labour at a rate is charged too


def names_of(schema: Schema, table_name: str) -> tuple[str, ...]:
    """The columns a person names a row by: first and last name together, else the table's label."""
    table = schema.table(table_name)
    if table is None:
        return ()
    if table.person_name is not None:
        return tuple(c.name for c in table.person_name)
    label = table.label_column
    return (label.name,) if label is not None else ()


def _self_references(schema: Schema) -> tuple[SelfReference, ...]:
    return tuple(SelfReference(t.name, fk.column, fk.ref_column) for t in schema.tables for fk in t.foreign_keys
                 if fk.ref_table == t.name and fk.column != fk.ref_column)


_BOOKKEEPING = frozenset({"update", "updated", "modified", "changed"})


def _is_bridge(table: Table) -> bool:
    """Two or more keys to other tables and nothing of its own beside them (a record of when the row
    was last changed is bookkeeping, not its own): a many-to-many link."""
    keys: set[ForeignKey] = {fk for fk in table.foreign_keys if fk.ref_table != table.name}
    own = [c for c in table.columns if c.name not in table.fk_columns and not c.primary_key
           and not _BOOKKEEPING & set(name_words(c.name))]
    return len({fk.ref_table for fk in keys}) >= 2 and not own


def build_profile(schema: Schema) -> Profile:
    lines = _lines(schema)
    charged = tuple(ln for ln in lines if ln.amount_each)
    lines = tuple(ln for ln in lines if not ln.amount_each)
    sold = tuple(ln for ln in lines if (t := schema.table(ln.table)) is not None and not bought_in(schema, t))
    tables = [t for t in schema.tables]
    return Profile(
        money=tuple((t.name, c.name) for t in tables for c in t.columns if is_money(t, c)),
        quantities=tuple((t.name, c.name) for t in tables for c in t.columns if is_quantity(t, c)),
        lines=lines,
        charged_lines=charged,
        revenues=tuple(_kept_sql(schema, r) for r in _revenues(schema, sold)),
        spending=tuple(_kept_sql(schema, Revenue(ln.table, ln.money_sql(schema.dialect),
                                                 f"the sum of {ln.said} of the {spoken(ln.table)}", ln))
                       for ln in _bought_lines(schema)),
        units=tuple(u for t in tables for c in t.columns if (u := unit_of(t, c)) is not None),
        dates=tuple((t.name, c.name) for t in tables for c in t.date_columns),
        labels=tuple((t.name, ", ".join(names)) for t in tables if (names := names_of(schema, t.name))),
        self_references=_self_references(schema),
        bridges=tuple(t.name for t in tables if _is_bridge(t)),
        categories=tuple((t.name, c.name) for t in tables for c in t.columns
                         if c.kind == TEXT and 1 < len(c.values) <= MAX_CATEGORIES and c.name not in t.fk_columns),
        views=tuple(t.name for t in tables if not t.stored),
    )


@per_schema
def profile_of(schema: Schema) -> Profile:
    """The schema's profile, worked out once per schema object."""
    return build_profile(schema)


__all__ = ["LineItems", "Profile", "Revenue", "SelfReference", "Unit", "build_profile", "names_of", "profile_of"]
