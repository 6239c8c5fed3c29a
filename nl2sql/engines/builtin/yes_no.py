"""Which columns hold only yes and no, and the stored values that say each.

Read by the flag conditions ("retired horses") and by the choice of the rows a question is about
("which contractors ..." for a ``users`` table with ``is_contractor``): one definition for both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nl2sql.db.schema import BOOLEAN, INTEGER, REAL, TEXT, Column, Schema, Table
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, QuerySpec
from nl2sql.linking.text import name_words, singular

# Words that say an event has not happened yet, as "un-" does: an open ticket is not closed, money
# owed or outstanding is not paid. A state of the rows, never the name of a date.
NOT_YET = {"open": "closed", "outstanding": "paid", "owe": "paid", "owes": "paid", "owed": "paid", "owing": "paid"}
# Words before a verb that make it an act, not a state: "did customers open", "to open".
_ACTING = frozenset({"did", "do", "does", "will", "to", "can", "could", "would"})


def said_as_state(words: list[str], i: int) -> bool:
    """Whether the state word at ``i`` is said of rows: "open" is also the act ("did they open"),
    "owe" never is one."""
    return words[i] != "open" or not _ACTING & set(words[max(0, i - 3):i])


# First name words of an integer column that states something of its row: ``is_open``, ``has_stove``.
_PREDICATE_HEADS = frozenset({"is", "has", "have", "can", "was", "should", "allow", "allows", "uses", "needs",
                              "did", "does", "with", "include", "includes", "accepts"})
# Last name words of an integer column that is a yes/no by itself.
_FLAG_WORDS = frozenset({"active", "enabled", "disabled", "available", "visible", "hidden", "public", "private",
                         "valid", "flag", "current", "online", "deleted", "archived", "verified", "approved",
                         "default", "featured", "cancelled", "canceled", "closed", "open", "retired", "married",
                         "discontinued", "exempt", "taxable", "refundable", "primary", "locked", "banned",
                         # what a person or a thing is, said of it in a word: "gasSafe", "vegan", "urgent"
                         "safe", "vegan", "vegetarian", "organic", "local", "urgent", "remote", "premium", "free",
                         "live", "student", "member", "vip", "emergency", "void", "voided"})
# Name words of a number that counts or measures, whatever else the name says.
_MEASURE_WORDS = frozenset({"id", "count", "number", "num", "no", "qty", "quantity", "amount", "total", "level",
                            "rank", "year", "age", "size", "speed", "price", "score", "rating", "order", "seq",
                            "code", "days", "hours", "minutes", "weight", "height", "length", "percent", "rate",
                            "times", "sequence", "position", "version", "type", "kind", "status", "cost", "fee"})
# "-ed" words that are no participle: a number named so is no flag.
_NOT_PARTICIPLES = frozenset({"speed", "need", "seed", "breed", "feed", "hundred", "embed", "shed", "bed", "red",
                              "weed", "reed", "bleed", "deed", "greed", "steed", "tweed"})
_YES = frozenset({"y", "yes", "t", "true", "1"})
_NO = frozenset({"n", "no", "f", "false", "0"})


@dataclass(frozen=True)
class Flag:
    """A yes/no column and the stored values that say yes and no."""

    ref: ColumnRef
    yes: object
    no: object
    sure: bool = True  # False: an integer read as a yes/no by its name alone, its values unseen


def flag_of(table: Table, col: Column) -> Flag | None:
    """The column as a yes/no, or None when it holds something else (or cannot be told)."""
    ref = ColumnRef(table.name, col.name)
    if col.primary_key or col.name in table.fk_columns:
        return None
    if col.kind == BOOLEAN:
        return Flag(ref, True, False)
    if col.kind == TEXT and len(col.values) == 2:
        lowered = {v.strip().lower(): v for v in col.values}
        yes = [v for k, v in lowered.items() if k in _YES]
        no = [v for k, v in lowered.items() if k in _NO]
        return Flag(ref, yes[0], no[0]) if len(yes) == 1 and len(no) == 1 else None
    if col.kind == INTEGER and _predicate_name(col.name):
        return Flag(ref, 1, 0, sure=name_words(col.name)[0] in _PREDICATE_HEADS)
    if col.kind == REAL and _CHARACTERS.search(col.type) and _predicate_name(col.name):
        # a digit kept as a character ("active CHAR(1)" holding 1 and 0): compared as the character
        return Flag(ref, "1", "0", sure=name_words(col.name)[0] in _PREDICATE_HEADS)
    return None


_CHARACTERS = re.compile(r"char", re.IGNORECASE)


def said_words(name: str) -> tuple[str, ...]:
    """A column name's words as written, plurals kept: ``copies_owned`` -> ("copies", "owned")."""
    return tuple(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").replace("-", " ").lower().split())


def _predicate_name(name: str) -> bool:
    """Whether an integer column's name reads as a yes/no: ``is_open``, ``retired``, ``featured_flag``,
    ``billable`` (what can be done to the row: ``refundable``, ``visible``)."""
    words, said = name_words(name), said_words(name)
    if not words or set(words) & _MEASURE_WORDS:
        return False
    if words[0] in _PREDICATE_HEADS and len(words) > 1:
        return True
    if len(said) == 3 and said[0] in _MONEY_DEEDS and said[1] in ("to", "back") and singular(said[2]) in _PARTIES:
        return True  # "charged_to_customer", "billed_to_client": whether the money was passed on, and to whom
    last = words[-1]
    if len(said) > 1 and singular(said[-2]) != said[-2]:
        return False  # "copies_owned", "hours_worked": how many, not whether
    participle = (last.endswith("ed") and len(last) >= 5 and last not in _NOT_PARTICIPLES) or last in _IRREGULAR_DONE
    return last in _FLAG_WORDS or participle or (last.endswith(("able", "ible")) and len(last) >= 7)


# Participles that do not end in -ed, last in a yes/no's name (``induction_done``, ``deposit_paid``),
# with the forms of their verb a line says them by ("have done their induction").
PARTICIPLE_FORMS = {"done": ("do", "does", "did", "doing", "done"), "paid": ("pay", "pays", "paying", "paid"),
                    "sent": ("send", "sends", "sending", "sent"), "sold": ("sell", "sells", "selling", "sold"),
                    "given": ("give", "gives", "gave", "giving", "given"),
                    "taken": ("take", "takes", "took", "taking", "taken"),
                    "shown": ("show", "shows", "showed", "showing", "shown"), "seen": ("see", "sees", "saw", "seen")}
_IRREGULAR_DONE = frozenset(PARTICIPLE_FORMS) | {"won", "lost"}


# A yes/no named by a deed of money and the party it was passed to (``charged_to_customer``); other
# deeds so named are as often counts ("delivered_to_door") or keys ("signed_off_by").
_MONEY_DEEDS = frozenset({"charged", "recharged", "billed", "invoiced", "refunded", "passed"})
_PARTIES = frozenset({"customer", "client", "owner", "guest", "member", "patient", "tenant", "hirer", "buyer"})


def flag_noun(column: str) -> tuple[str, ...]:
    """The noun a yes/no column says its rows are, when its name is a predicate with one
    ("contractor" of ``is_contractor``), else nothing."""
    words = name_words(column)
    if len(words) != 2 or words[0] not in ("is", "was"):
        return ()
    return (words[1],)


def counted_yes(spec: QuerySpec, schema: Schema) -> QuerySpec:
    """ "how many callouts", read as the sum of an ``IsCallout`` yes/no: the rows it says yes of,
    counted. A sum counts them only where yes is 1; where it is -1 (Access) it counts backwards."""
    if len(spec.aggregates) != 1 or spec.having:
        return spec
    summed = spec.aggregates[0]
    table = schema.table(summed.column.table) if summed.column is not None else None
    column = table.column(summed.column.column) if table is not None and summed.column is not None else None
    flag = flag_of(table, column) if table is not None and column is not None else None
    if summed.func != "sum" or summed.distinct or summed.column is None or column is None \
            or column.kind != INTEGER or flag is None or not flag.sure:
        return spec  # "sold", "attended": a count by its name as much as a yes/no
    return spec.with_(aggregates=(Aggregate("count", shown=summed.shown),),
                      filters=(*spec.filters, Filter(summed.column, "=", (1,))))
