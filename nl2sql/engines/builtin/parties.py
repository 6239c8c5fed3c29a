"""Whom rows with no name of their own are for, shown beside them: "the upcoming weddings" lists
each event with its client's name, "the active subscriptions" each with its customer's.

A listing of every column of a table of dated rows with no name (events, subscriptions, invoices:
things that happened or were written, not things or people kept by a number) tells one row from
another by keys alone; a person reading it wants the name of whom or what each row is for. Each
key of the rows to a table whose rows have a name (not the staff who keyed them) is shown by that
name too, read through a LEFT JOIN so that no row is lost. Not when the question asks for the rows
as kept ("all the orders", "the details of"), nor for rows grouped, counted, or cut to columns.
"""

from __future__ import annotations

from nl2sql.db.schema import Schema, Table
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.shown import own_name
from nl2sql.engines.builtin.spec import ColumnRef, QuerySpec
from nl2sql.linking.lexicon import is_workforce

# Words that ask for the rows as they are kept, every column of them: "all the orders", "their details".
_EVERY_DETAIL = frozenset({"all", "information", "info", "details", "detail", "everything", "columns", "fields",
                           "record", "records", "data"})
_MOST_PARTIES = 3  # beyond, the rows point to so much that no one name says whom they are for


def party_keys(schema: Schema, table: Table) -> tuple[ColumnRef, ...]:
    """The keys of ``table``'s rows to the named rows they are for, each the only key to its table."""
    keys = []
    for fk in table.foreign_keys:
        target = schema.table(fk.ref_table)
        referenced = target.column(fk.ref_column) if target is not None else None
        # one row each: a key to a column that repeats (a history table's) would repeat the rows
        if target is None or target is table or is_workforce(target) or not own_name(target) \
                or referenced is None or not (referenced.primary_key or referenced.unique) \
                or sum(other.ref_table == fk.ref_table for other in table.foreign_keys) != 1:
            continue
        keys.append(ColumnRef(table.name, fk.column))
    return tuple(keys) if len(keys) <= _MOST_PARTIES else ()


def with_parties(spec: QuerySpec, a: Analysis, schema: Schema, *, following: bool = False) -> QuerySpec:
    """``spec`` listing, beside every column of its nameless rows, the names of whom they are for;
    ``following``: a follow-up, which keeps them where the query it refines showed them, and adds
    none where it did not ("all the orders", then "only delivered ones")."""
    table = schema.table(spec.entity)
    if table is None or not table.stored or not table.date_columns or spec.is_aggregate or spec.count_rows \
            or spec.distinct or spec.source is not None or own_name(table) \
            or any(t.text in _EVERY_DETAIL for t in a.tokens):
        return spec
    keys = party_keys(schema, table)
    listed = (ColumnRef(table.name, "*"), *keys)
    if not keys:
        return spec
    if not spec.projections:
        return spec if following else spec.with_(projections=listed, named_keys=(*spec.named_keys, *keys))
    if spec.projections[:len(listed)] == listed:  # a follow-up keeps them, and the columns it adds
        asked = set(spec.projections[len(listed):])  # "add their bench id": that key is shown as it is
        named = tuple(key for key in keys if key not in asked)
        return spec.with_(named_keys=tuple(dict.fromkeys((*spec.named_keys, *named))))
    return spec
