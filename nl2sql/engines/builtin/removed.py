"""Rows a database keeps after they were taken away: a ``deleted`` flag (a member erased at their
request, kept for the records), an ``is_void`` or ``voided`` credit note. An analyst counts, lists
and adds up the rows that stand, so the main rows of a reading leave those out, unless the line
names the flag ("deleted members", "voided credit notes") or already tests it. Not a ``removed``
(a wasp nest removed is a job done), nor a bare integer ``void`` (a void property is an empty one).
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.spec import ColumnRef, Filter, QuerySpec
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.lexicon import COLUMN, VALUE
from nl2sql.linking.text import name_words, stem
from nl2sql.profile import void_flag

# Name words of a yes/no that says a row no longer stands: taken away, not merely called off (a
# cancelled booking is still one that was made and counted as such).
REMOVED_WORDS = frozenset({"deleted", "void", "voided"})  # not "removed": a nest removed is a job done


def without_removed(spec: QuerySpec, a: Analysis, schema: Schema) -> QuerySpec:
    """``spec`` with its main rows' removal flag tested, where the table keeps one."""
    table = schema.table(spec.entity)
    flag = void_flag(table) if table is not None and table.stored else None
    word = next((w for w in expand(name_words(flag[0].name)) if w in REMOVED_WORDS), None) if flag is not None else None
    if table is None or flag is None or word is None:
        return spec
    column, yes = flag
    ref = ColumnRef(table.name, column.name)
    if _said(a, ref):  # "how many of those were void": the rows kept out before are asked for now
        kept = tuple(f for f in spec.filters if not (f.column == ref and f.label == f"not {word}"))
        return replace(spec, filters=kept)
    if any(f.column == ref or f.other == ref for f in spec.filters):
        return spec
    op = "unsettled" if column.nullable else "!="  # a row never marked is no row taken away
    return replace(spec, filters=(*spec.filters, Filter(ref, op, (yes,), label=f"not {word}")))


def _said(a: Analysis, ref: ColumnRef) -> bool:
    """Whether a word of the line names the flag, or the word of its name ("deleted", "void")."""
    for link in a.links:
        if any(c.kind in (COLUMN, VALUE) and (c.table, c.column) == (ref.table, ref.column) for c in link.candidates):
            return True
    said = {stem(w) for w in expand(name_words(ref.column))} & {stem(w) for w in REMOVED_WORDS}
    return any(stem(t.text) in said for t in a.tokens)
