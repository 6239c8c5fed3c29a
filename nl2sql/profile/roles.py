"""What a column is for, read from its name and kind: money, a quantity, a measure with a unit.

A database brought without a domain config still says a lot in its names: ``unit_price``,
``quantity``, ``length_ms``, ``reports_to``. These rules read only generic English name words and
the column's kind, so that they hold for any schema, never for one we know.
"""

from __future__ import annotations

from dataclasses import dataclass

from nl2sql.db.schema import INTEGER, NUMERIC_KINDS, REAL, Column, Table, labels_rows
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.text import name_words

# Name words of a column that holds an amount of money.
MONEY_WORDS = frozenset({"price", "amount", "total", "cost", "salary", "fee", "charge", "revenue", "payment",
                         "paid", "income", "balance", "budget", "spend", "spent", "wage", "fare", "subtotal",
                         "sale", "turnover", "earning", "gross", "net", "value", "pay", "refund", "tax", "tip",
                         "deposit", "freight", "postage", "carriage"})
# Money words that measure what was sold (revenue), not what was paid out or held.
SOLD_WORDS = frozenset({"price", "amount", "total", "revenue", "sale", "subtotal", "turnover", "gross", "value",
                        "payment", "paid", "charge", "fare"})
# Name words of an amount planned, not one that came in: a campaign's target, a forecast.
PLAN_WORDS = frozenset({"target", "goal", "quota", "forecast", "estimate", "estimated", "planned", "projected",
                        "expected", "budget", "budgeted"})
# Money words that are not revenue on their own, whatever else the name says (a fee of dated events
# is read as what was taken only where no sale carries a total: profile._charges).
NOT_SOLD_WORDS = frozenset({"salary", "wage", "budget", "cost", "balance", "tax", "discount", "fee", "freight",
                            "shipping", "rate", "refund", "return", "credit", "expense", "loss", "deposit",
                            "withdrawal", "penalty", "fine", "commission", "outlay", "expenditure",
                            "outgoing"}) | PLAN_WORDS
# Names of tables of people who work for the business or sell to it: those a sale refers to are not its customers.
WORKER_WORDS = frozenset({"staff", "employee", "worker", "agent", "rep", "representative", "salesperson", "clerk",
                          "cashier", "operator", "driver", "vet", "doctor", "nurse", "manager", "seller",
                          "vendor", "supplier", "courier", "technician", "teacher", "instructor"})
PRICE_WORDS = frozenset({"price", "rate", "fare"})
QUANTITY_WORDS = frozenset({"quantity", "qty", "unit", "units", "count"})

# Units a column's name can carry, by the dimension they measure, with their size in the base unit
# (milliseconds for time, bytes for size).
TIME_UNITS = {"millisecond": 1.0, "ms": 1.0, "msec": 1.0, "second": 1000.0, "sec": 1000.0, "secs": 1000.0,
              "minute": 60_000.0, "min": 60_000.0, "mins": 60_000.0, "hour": 3_600_000.0, "hr": 3_600_000.0,
              "hrs": 3_600_000.0, "day": 86_400_000.0, "night": 86_400_000.0, "week": 604_800_000.0}
SIZE_UNITS = {"byte": 1.0, "bytes": 1.0, "kb": 1024.0, "kilobyte": 1024.0, "mb": 1024.0 ** 2,
              "megabyte": 1024.0 ** 2, "gb": 1024.0 ** 3, "gigabyte": 1024.0 ** 3}
# Lengths in millimetres and weights in grams: "height_cm" compared with "1 meter".
LENGTH_UNITS = {"mm": 1.0, "millimeter": 1.0, "millimetre": 1.0, "cm": 10.0, "centimeter": 10.0,
                "centimetre": 10.0, "m": 1000.0, "meter": 1000.0, "metre": 1000.0, "km": 1_000_000.0,
                "kilometer": 1_000_000.0, "kilometre": 1_000_000.0}
WEIGHT_UNITS = {"mg": 0.001, "milligram": 0.001, "g": 1.0, "gram": 1.0, "kg": 1000.0, "kilogram": 1000.0,
                "tonne": 1_000_000.0, "lb": 453.592, "lbs": 453.592, "pound": 453.592, "oz": 28.3495,
                "ounce": 28.3495}
# Money in its major unit: an amount is said in cents as often as in dollars ("under 99 cents").
MONEY_UNITS = {"cent": 0.01, "cents": 0.01, "penny": 0.01, "pennies": 0.01, "pence": 0.01, "dollar": 1.0,
               "dollars": 1.0, "euro": 1.0, "euros": 1.0, "buck": 1.0, "bucks": 1.0, "pound": 1.0, "pounds": 1.0,
               "quid": 1.0, "usd": 1.0, "eur": 1.0, "gbp": 1.0, "chf": 1.0, "jpy": 1.0}
# Name words that can only mean money ("pound" is also a weight): what a column's name says it is kept in.
_CURRENCY_WORDS = frozenset({"cent", "penny", "pence", "dollar", "euro", "usd", "eur", "gbp", "chf", "jpy"})
TIME, SIZE, LENGTH, WEIGHT, MONEY = "time", "size", "length", "weight", "money"
# Name words that say only that a column holds a moment: what is left of ``shipped_at`` is the event.
UNITS = {TIME: TIME_UNITS, SIZE: SIZE_UNITS, LENGTH: LENGTH_UNITS, WEIGHT: WEIGHT_UNITS, MONEY: MONEY_UNITS}
# Words that say a column measures a span of time: its "min" is minutes, not a minimum
# (``first_response_min``), and "duration" alone says no unit.
DURATION_WORDS = frozenset({"duration", "length", "runtime", "elapsed", "time", "response", "wait", "waiting",
                             "delay", "lead", "resolution", "handling", "turnaround", "travel", "commute", "ride",
                             "trip", "session", "call", "hold", "play", "watch", "downtime", "uptime", "life",
                             "shelf", "stay", "overdue", "notice", "term",
                             # a span planned beside the one it took: "planned_min", "actual_mins"
                             "actual", "planned", "scheduled", "estimated", "booked"})


@dataclass(frozen=True)
class Unit:
    """A column that measures time or size in a unit its name gives: ``length_ms`` is time in ms."""
    table: str
    column: str
    dimension: str  # TIME, SIZE, LENGTH, WEIGHT or MONEY
    unit: str  # the name word that gave the unit
    factor: float  # the unit's size in the dimension's base unit (ms, bytes)


def said_unit(unit: str) -> str:
    """A unit said of many: "milliseconds", "minutes", but "ms" and "kb" stay as they are."""
    if unit in ("pence", "penny"):
        return "pence"
    return unit if len(unit) <= 3 or unit.endswith("s") else unit + "s"


def _plain(table: Table, col: Column) -> bool:
    """A measured value: numeric, and neither a key nor a reference."""
    return (col.kind in NUMERIC_KINDS and not col.primary_key and col.name not in table.fk_columns
            and name_words(col.name)[-1:] != ("id",) and not labels_rows(col.name))  # no "sale_status"


# Words of a column that holds a share of something, not an amount: "tip_pct", "tax_share".
_SHARE_WORDS = frozenset({"pct", "percent", "percentage", "ratio", "share"})


def _a_ratio(words: set[str]) -> bool:
    """A share ("tip_pct"), or the rate of another money word ("tax_rate"), unlike a price per
    something ("nightly_rate", "hourly_rate")."""
    return bool(words & _SHARE_WORDS) or "rate" in words


# Whole words of a length of time that end the name of a column keeping one ("payment_terms_days").
_SPAN_WORDS = frozenset({"day", "week", "month", "hour", "minute", "second", "night"})


def is_money(table: Table, col: Column) -> bool:
    said = name_words(col.name)
    if said[-1:] and said[-1] in _SPAN_WORDS and "per" not in said:
        return False  # "paymentTermsDays": a length of time, whatever else the name says (not "price_per_night")
    words = set(expand(said))  # "amt", "bal", "sal" as the words they shorten
    short = _said_money_unit(col.name, col.kind) in MINOR_SHORT.values()
    if _plain(table, col) and (words & _CURRENCY_WORDS or short) and not words & _SHARE_WORDS:
        return True  # "hourly_rate_cents", "invoice_total_gbp", "discount_p": a currency says money, whatever else
    return _plain(table, col) and bool(words & MONEY_WORDS) and not words & QUANTITY_WORDS - {"unit"} \
        and not _a_ratio(words)


def is_sold_money(table: Table, col: Column) -> bool:
    """Money that measures a sale: a total, an amount, a price (not a salary, a cost or a tax)."""
    words = set(expand(name_words(col.name)))  # "amt_pence" is an amount
    return is_money(table, col) and bool(words & SOLD_WORDS) and not words & NOT_SOLD_WORDS


def is_plan(col: Column) -> bool:
    """An amount planned (``TargetAmt``, ``budget``): not what "how much" asks was taken."""
    return bool(set(expand(name_words(col.name))) & PLAN_WORDS)


def is_price(table: Table, col: Column) -> bool:
    return is_sold_money(table, col) and bool(set(expand(name_words(col.name))) & PRICE_WORDS)


def money_kept(table: Table) -> Column | None:
    """The one amount of money a table keeps for each row, neither a price nor a plan (a fuel fill's
    cost, a damage report's repair cost): what its rows cost or came to; None when it keeps no such
    column, or several."""
    money = [col for col in table.columns if not col.computed and is_money(table, col)
             and not is_price(table, col) and not is_plan(col)]
    return money[0] if len(money) == 1 else None


def is_money_taken(table: Table, col: Column) -> bool:
    """Money a row itself took (a sale's total, a payment, a bill's amount), not a price per unit."""
    return is_sold_money(table, col) and not is_price(table, col)


def is_quantity(table: Table, col: Column) -> bool:
    """A count of items on a row: ``quantity``, ``qty``, ``units`` (not ``unit_price``)."""
    words = name_words(col.name)
    return (_plain(table, col) and col.kind in (INTEGER, REAL) and bool(set(words) & QUANTITY_WORDS)
            and not set(words) & MONEY_WORDS and "stock" not in words and "reorder" not in words)


def is_additive(table: Table, col: Column) -> bool:
    """Whether a column's values add up across rows (a quantity, money spent or earned), rather than
    stand as a level each (a rating, a unit price): what a row's many child rows are totalled or
    averaged by."""
    return is_quantity(table, col) or (is_money(table, col) and not is_price(table, col))


def adds_up(table: Table, col: Column) -> bool:
    """Whether rows are totalled by the column when it is said as what a grouping measures ("hours
    per project"): an additive amount, or a measure in a unit of its own (hours, kilograms), and
    never a rate or a price by its name."""
    return (is_additive(table, col) or unit_of(table, col) is not None) \
        and not set(name_words(col.name)) & PRICE_WORDS


def is_taken(table: Table, col: Column) -> bool:
    """Whether a column's values add up to what was sold or taken (units, a sale's money), so that
    groups of rows are compared by their total; a salary or a budget is a level each row has."""
    return is_quantity(table, col) or is_money_taken(table, col)


def is_duration(table: Table, col: Column) -> bool:
    """Whether the column holds how long something took, in the unit of time its name gives."""
    unit = unit_of(table, col)
    return unit is not None and unit.dimension == TIME


def unit_of(table: Table, col: Column) -> Unit | None:
    """The unit a measure's name gives (``milliseconds``, ``duration_sec``, ``size_bytes``), if any.
    A rate (``hours_per_week``) is no amount of either unit: it has none."""
    if not _plain(table, col):
        return None
    words = name_words(col.name)
    if "per" in words:
        return None
    for word in reversed(words):
        if word in TIME_UNITS and (len(words) == 1 or set(expand(words)) & DURATION_WORDS or len(word) > 3):
            return Unit(table.name, col.name, TIME, word, TIME_UNITS[word])
        if word in SIZE_UNITS:
            return Unit(table.name, col.name, SIZE, word, SIZE_UNITS[word])
        for dimension in (LENGTH, WEIGHT):
            if word in UNITS[dimension] and len(words) > 1:  # "height_cm", "weight_kg": a unit beside a measure
                return Unit(table.name, col.name, dimension, word, UNITS[dimension][word])
    return None


# Short forms of a minor unit, said only as the last word of a longer name (``amt_p``, ``cost_ct``).
MINOR_SHORT = {"p": "pence", "ct": "cents", "cts": "cents"}


def _said_money_unit(column_name: str, kind: str = "") -> str | None:
    """The money unit a column's name says (``price_cents``: "cent"; ``amt_p``: pence), if any. A
    letter alone (``unit_p``) says pence only of whole numbers: a decimal 2.80 is pounds."""
    words = name_words(column_name)
    if len(words) > 1 and words[-1] in MINOR_SHORT and set(expand(words[:-1])) & (MONEY_WORDS | {"discount", "unit"}):
        return MINOR_SHORT[words[-1]] if kind != REAL else None
    return next((w for w in reversed(words) if w in MONEY_UNITS), None)


def minor_unit(column_name: str, kind: str = "") -> float:
    """The size of the money unit a column's name says it keeps (0.01 for ``price_cents``,
    ``total_pence``), 1.0 when it names none: what its sums are divided by to read as money."""
    said = _said_money_unit(column_name, kind)
    return MONEY_UNITS[said] if said is not None else 1.0


def money_unit(table: Table, col: Column) -> Unit | None:
    """The unit a money column keeps its amounts in: cents when its name says so (``price_cents``),
    else the major unit when its values are decimal amounts. An integer amount without a unit in
    its name could be either, so it has none."""
    if not is_money(table, col):
        return None
    said = _said_money_unit(col.name, col.kind)
    if said is not None:
        return Unit(table.name, col.name, MONEY, said, MONEY_UNITS[said])
    return Unit(table.name, col.name, MONEY, "dollar", 1.0) if is_real_money(col) else None


def is_real_money(col: Column) -> bool:
    """A decimal-looking amount: a real column, or a declared decimal/numeric/money type."""
    declared = col.type.lower()
    return col.kind == REAL or any(t in declared for t in ("dec", "numeric", "money", "real", "double", "float"))
