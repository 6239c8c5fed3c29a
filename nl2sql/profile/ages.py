"""How old a person is, when the table keeps when they were born.

"members over 65", "pets more than 10 years old", "the average age of our clients": a table often
keeps a birth date or a birth year and no age. The profile sees such a table as having one more
column, ``age``, in years on the day the session counts from (``--today``), so that "older than",
"younger than" and "the average age" read it as they read a stored age. From a birth date the age
is the years since, with their fraction, as an analyst writes it (``birth_date < today - 10 years``
is "more than 10 years old"); from a birth year, whole years. ``computed.written`` puts the
arithmetic in its place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from sqlglot import exp

from nl2sql.db.schema import REAL, Column, Schema, Table
from nl2sql.linking.text import name_words
from nl2sql.profile.spans import elapsed

AGE = "age"
_BORN_WORDS = frozenset({"birth", "dob", "born", "birthday", "birthdate"})
_DAYS_PER_YEAR = 365.25


@dataclass(frozen=True)
class Age:
    """An age from ``born`` (a date, or a year when ``yearly``), on ``today``, in years."""
    table: str
    born: str
    yearly: bool
    today: date

    @property
    def column(self) -> str:
        return AGE

    def sql(self, table: exp.Identifier | None, dialect: str) -> exp.Expr:
        born = exp.Column(this=exp.to_identifier(self.born), table=table.copy() if table is not None else None)
        if self.yearly:
            return exp.Sub(this=exp.Literal.number(self.today.year), expression=born)
        value, unit_seconds = elapsed(born, exp.Literal.string(self.today.isoformat()), dialect)
        per_year = exp.Literal.number(86400 * _DAYS_PER_YEAR / unit_seconds)
        return exp.Div(this=exp.Paren(this=value), expression=per_year, typed=True)


def _born(table: Table) -> tuple[Column, bool] | None:
    """The table's one birth date (or birth year), when it keeps no age of its own."""
    if not table.stored or any(AGE in name_words(c.name) for c in table.columns):
        return None
    found = [(c, False) for c in table.date_columns if set(name_words(c.name)) & _BORN_WORDS]
    found += [(c, True) for c in table.columns if c.is_numeric and set(name_words(c.name)) & _BORN_WORDS
              and "year" in name_words(c.name)]
    return found[0] if len(found) == 1 else None


_AGES: dict[int, tuple[Schema, tuple[Age, ...]]] = {}


def with_ages(schema: Schema, today: date) -> Schema:
    """The schema with an ``age`` column on each table of people born on a day or in a year it keeps
    (the same object when there is none); the ages count from ``today``."""
    found = [Age(t.name, col.name, yearly, today) for t in schema.tables if (born := _born(t)) is not None
             for col, yearly in [born]]
    if not found:
        return schema
    by_table = {a.table: a for a in found}
    tables = tuple(replace(t, columns=(*t.columns, Column(AGE, "", REAL, computed=True)))
                   if t.name in by_table else t for t in schema.tables)
    extended = Schema(tables, schema.dialect)
    if len(_AGES) >= 8:
        _AGES.clear()
    _AGES[id(extended)] = (extended, tuple(found))
    return extended


def ages(schema: Schema) -> tuple[Age, ...]:
    """The ages ``with_ages`` added to this schema object."""
    entry = _AGES.get(id(schema))
    return entry[1] if entry is not None and entry[0] is schema else ()


__all__ = ["AGE", "Age", "ages", "with_ages"]
