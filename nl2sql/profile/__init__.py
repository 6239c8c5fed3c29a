"""A profile of any schema: what its columns and tables are for, read from names, kinds and keys.

Most people point nl2sql at a database they already have, with no domain config. The profile is
what an analyst sees on a first look: the money, the line items (price x quantity), durations and
sizes with their unit, each table's label, self-references (an employee's manager), bridge tables,
and which tables are views. The engine reads the user's words through it, and
``nl2sql domain init`` writes it out as a config draft the user can correct.
"""

from __future__ import annotations

from dataclasses import dataclass

from nl2sql.db.schema import TEXT, ForeignKey, Schema, Table
from nl2sql.linking.text import name_words, spoken
from nl2sql.profile.roles import (
    NOT_SOLD_WORDS,
    Unit,
    is_money,
    is_price,
    is_quantity,
    is_real_money,
    is_sold_money,
    unit_of,
)

# A text column with at most this many values is a category to group by ("per status").
MAX_CATEGORIES = 12
# Name words of a column that is a total of a whole row (a sale's total), preferred over other money.
_TOTAL_WORDS = ("total", "amount", "subtotal", "revenue", "sale")


@dataclass(frozen=True)
class LineItems:
    """A table of lines (one product on one sale): money per line is price x quantity."""
    table: str
    price: str
    quantity: str
    parent: str | None  # the table whose rows the lines make up (the sale), if a key says so


@dataclass(frozen=True)
class Revenue:
    """The schema's best measure of money taken, and how it was read (for the explanation)."""
    table: str
    expression: str  # an aggregate over ``table``'s columns: "SUM(unit_price * quantity)"
    description: str  # "the sum of unit price x quantity of the sale lines"
    line: LineItems | None = None


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
    revenues: tuple[Revenue, ...]  # every reading of money taken, the best first
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
        if any(is_sold_money(ref, c) and not is_price(ref, c) for c in ref.columns):
            return 0
        return 1 if ref.foreign_keys and ref.date_columns else 2

    return min(refs, key=rank).name if refs else None


def _lines(schema: Schema) -> tuple[LineItems, ...]:
    out = []
    for table in schema.tables:
        if not table.stored:
            continue
        prices = [c for c in table.columns if is_price(table, c)]
        quantities = [c for c in table.columns if is_quantity(table, c)]
        if prices and quantities and table.foreign_keys:
            out.append(LineItems(table.name, prices[0].name, quantities[0].name, _parent(schema, table)))
    return tuple(out)


def _totals(schema: Schema) -> list[tuple[Table, str]]:
    """Money totals of rows that are events (they refer to something and often carry a date)."""
    found = []
    for table in schema.tables:
        if not table.stored or not table.foreign_keys or set(name_words(table.name)) & NOT_SOLD_WORDS:
            continue  # a refund's amount is money, but not money taken
        for col in table.columns:
            words = name_words(col.name)
            if is_sold_money(table, col) and ("total" in words or not is_price(table, col)) \
                    and set(words) & set(_TOTAL_WORDS) \
                    and is_real_money(col):
                found.append((table, col.name))
    found.sort(key=lambda tc: (not tc[0].date_columns, -(tc[0].row_count or 0)))
    return found


def sum_sql(dialect: str, *columns: str) -> str:
    """``SUM(a)`` or ``SUM(a * b)`` over a table's own columns, each name quoted where it must be."""
    from sqlglot import exp

    from nl2sql.identifiers import column

    parts = [column(name) for name in columns]
    inner = parts[0] if len(parts) == 1 else exp.Mul(this=parts[0], expression=parts[1])
    return exp.Sum(this=inner).sql(dialect=dialect)


def _revenues(schema: Schema, lines: tuple[LineItems, ...]) -> tuple[Revenue, ...]:
    """Every reading of money taken, the best first: line money when a line table has price and
    quantity (the lines of a sale before other lines), else the totals of event tables."""
    if lines:
        ordered = sorted(lines, key=lambda ln: ln.parent is None)
        return tuple(Revenue(ln.table, sum_sql(schema.dialect, ln.price, ln.quantity),
                             f"the sum of {spoken(ln.price)} x {spoken(ln.quantity)} of the {spoken(ln.table)}", ln)
                     for ln in ordered)
    return tuple(Revenue(table.name, sum_sql(schema.dialect, column),
                         f"the sum of {spoken(column)} of the {spoken(table.name)}")
                 for table, column in _totals(schema))


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


def _is_bridge(table: Table) -> bool:
    """Two or more keys to other tables and nothing of its own beside them: a many-to-many link."""
    keys: set[ForeignKey] = {fk for fk in table.foreign_keys if fk.ref_table != table.name}
    own = [c for c in table.columns if c.name not in table.fk_columns and not c.primary_key]
    return len({fk.ref_table for fk in keys}) >= 2 and not own


def build_profile(schema: Schema) -> Profile:
    lines = _lines(schema)
    tables = [t for t in schema.tables]
    return Profile(
        money=tuple((t.name, c.name) for t in tables for c in t.columns if is_money(t, c)),
        quantities=tuple((t.name, c.name) for t in tables for c in t.columns if is_quantity(t, c)),
        lines=lines,
        revenues=_revenues(schema, lines),
        units=tuple(u for t in tables for c in t.columns if (u := unit_of(t, c)) is not None),
        dates=tuple((t.name, c.name) for t in tables for c in t.date_columns),
        labels=tuple((t.name, ", ".join(names)) for t in tables if (names := names_of(schema, t.name))),
        self_references=_self_references(schema),
        bridges=tuple(t.name for t in tables if _is_bridge(t)),
        categories=tuple((t.name, c.name) for t in tables for c in t.columns
                         if c.kind == TEXT and 1 < len(c.values) <= MAX_CATEGORIES and c.name not in t.fk_columns),
        views=tuple(t.name for t in tables if not t.stored),
    )


_PROFILES: dict[int, tuple[Schema, Profile]] = {}


def profile_of(schema: Schema) -> Profile:
    """The schema's profile, worked out once per schema object (hashing a schema's values costs more)."""
    entry = _PROFILES.get(id(schema))
    if entry is None or entry[0] is not schema:
        if len(_PROFILES) >= 8:
            _PROFILES.clear()
        entry = (schema, build_profile(schema))
        _PROFILES[id(schema)] = entry
    return entry[1]


__all__ = ["LineItems", "Profile", "Revenue", "SelfReference", "Unit", "build_profile", "names_of", "profile_of",
           "sum_sql"]
