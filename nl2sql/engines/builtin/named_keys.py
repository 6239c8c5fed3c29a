"""A key shown for the row it points to: "each staff member and their manager", "shows with their stage manager".

A key named for a role (``manager_id``, ``stage_manager_id``, ``reports_to``) is what a question asks
for when it says the role: the manager, not the manager's number. Such a key among the columns a
listing shows is shown by the label of the row it points to (a person's two names), read through a
LEFT JOIN under the role's name, so that a row whose key is empty is still listed. Not when the
question asks for the key itself ("manager id"), nor for a key named like the table it points to
(``country_id`` is that country's number, read as the reference it is), nor on grouped or counted
rows, whose groups the key decides, nor when the key is all a listing of every row shows ("list all
managers" asks for the rows keys point to, each once, not for each row's; "the manager of store 2"
asks for that row's).
"""

from __future__ import annotations

from nl2sql.db.schema import ForeignKey, Schema, Table
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.spec import ColumnRef, QuerySpec
from nl2sql.linking.lexicon import COLUMN, Link
from nl2sql.linking.text import name_words, singular

# Words that say the key itself is asked for: "the manager id of each employee".
KEY_SAID = frozenset({"id", "ids", "key", "keys", "number", "numbers", "no", "code", "codes"})
# Name words of a key that say it is one, not what it is for.
KEY_WORDS = frozenset({"id", "key", "no", "num", "fk", "ref"})
# Name words of a key that say it is a code for its row rather than what it is for ("plan_cd").
_CODE_WORDS = KEY_WORDS | {"cd", "code"}


def keys_said(a: Analysis) -> set[tuple[str, str]]:
    """The (table, column) keys a question names with a word that asks for the key itself."""
    return {(c.table, c.column or "") for lk in a.links for c in lk.of_kind(COLUMN)
            if a.word(lk.last) in KEY_SAID or a.word(lk.last + 1) in KEY_SAID}


def with_named_keys(spec: QuerySpec, a: Analysis, schema: Schema) -> QuerySpec:
    """``spec`` with each role key it lists shown by the row the key points to (``named_keys``)."""
    # a key shown alone is the rows keys point to ("list all managers"), unless the rows are picked
    # by a condition of their own: "who is the manager of store 2" asks for that store's manager
    alone = len(spec.projections) == 1 and not any(f.op in ("=", "in") for f in spec.filters)
    if spec.is_aggregate and spec.named_keys and set(spec.named_keys) <= {g.column for g in spec.group_by
                                                                          if not g.bucket}:
        return spec  # groups by a key to the rows' own table, each shown by the row it points to
    if spec.is_aggregate or spec.source is not None or spec.count_rows or not spec.projections or alone:
        return spec.with_(named_keys=()) if spec.named_keys else spec
    said = keys_said(a)
    pointed = {their_key(a, schema, link, spec.entity) for link in a.links}
    # a key named for a role, or one asked for by its row ("and their team") now or before
    named = tuple(ref for ref in spec.projections if (ref.table, ref.column) not in said
                  and (role_key(schema, ref) is not None
                       or (ref in spec.named_keys or ref in pointed)
                       and role_key(schema, ref, any_key=True) is not None))
    return spec.with_(named_keys=named) if named != spec.named_keys else spec


def role_key(schema: Schema, ref: ColumnRef, *, any_key: bool = False) -> tuple[ForeignKey, Table, str] | None:
    """(the key, the table it points to, the role's name) of a numeric key named for a role, whose
    rows have a label of their own; ``any_key``: any key, a text code or one named for its table
    too, the role then that table's noun (a party beside rows with no name, ``parties.py``; a row
    asked for by its key's name, "add their team")."""
    table = schema.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    fk = next((f for f in table.foreign_keys if f.column == ref.column), None) if table is not None else None
    target = schema.table(fk.ref_table) if fk is not None else None
    if table is None or col is None or fk is None or target is None or not (col.is_numeric or any_key):
        return None
    label = target.label_column
    role = role_words(ref.column, target.name, _CODE_WORDS if any_key else KEY_WORDS)
    if label is None or label.primary_key or not (role or any_key):
        return None
    alias = "_".join(role or name_words(target.name))  # "manager_staff_id": the manager
    if any(alias.lower() == t.name.lower() for t in schema.tables):
        alias += "_row"
    return fk, target, alias


def role_words(column: str, target: str, key_words: frozenset[str] = KEY_WORDS) -> tuple[str, ...]:
    """The words of a key's name that say the role of the row it points to, past the words that say it
    is a key and the name of the table it points to: "manager" of ``manager_staff_id`` into staff;
    none of ``country_id``, which is that country's number."""
    table_words = {singular(w) for w in name_words(target)}
    return tuple(w for w in name_words(column) if w not in key_words and singular(w) not in table_words)


def labels(target: Table) -> tuple[str, ...]:
    """The columns that name one of ``target``'s rows: a person's two names, else its label."""
    named = target.person_name or ((target.label_column,) if target.label_column is not None else ())
    return tuple(col.name for col in named)


def their_key(a: Analysis, schema: Schema, link: Link, entity: str) -> ColumnRef | None:
    """ "add their team": the key of ``entity``'s rows to the row the link's words name, shown by
    that row's name (``named_keys``, through a LEFT JOIN), where the words say the key's name less
    its key words (``team_id``) or the table it points to; none where the key itself is said ("their
    team id"), the key is named for a role or points back into ``entity`` (a manager:
    ``with_named_keys``), or the rows point to that table by more than one key."""
    table = schema.table(entity)
    words = tuple(a.word(k) for k in range(link.first, link.last + 1))
    if table is None or a.word(link.last + 1) in KEY_SAID or words[-1] in KEY_SAID:
        return None
    said = tuple(singular(w) for w in words)
    # a key named for its table only (a role, ``manager_id``, is ``with_named_keys``' to show)
    fits = [fk for fk in table.foreign_keys if fk.ref_table != entity
            and not role_words(fk.column, fk.ref_table, _CODE_WORDS)
            and said in (tuple(singular(w) for w in name_words(fk.column) if w not in _CODE_WORDS),
                         tuple(singular(w) for w in name_words(fk.ref_table)))]
    alone = len(fits) == 1 and sum(fk.ref_table == fits[0].ref_table for fk in table.foreign_keys) == 1
    key = ColumnRef(entity, fits[0].column) if alone else None
    return key if key is not None and role_key(schema, key, any_key=True) is not None else None
