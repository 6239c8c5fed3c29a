"""Words the query's shape expresses, beside the words its parts came from.

Each step of a reading reports the words it used, and ``used.query_words`` adds the words whose
link names something the query reads. Some words name no table, column or value and still say
something the built query does: a verb that its join is ("captains who commanded ships"),
the "number of" of a count it ranks by. Each rule here states what the query must do for the
word to be expressed; a word whose rule does not hold stays unused, so the reading stays
partial and is confirmed.
"""

from __future__ import annotations

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.relations import crossed_keys, one_way, relation_words
from nl2sql.engines.builtin.spec import QuerySpec
from nl2sql.engines.builtin.used import query_tables
from nl2sql.linking.lexicon import TABLE
from nl2sql.linking.text import name_words


def accounted(a: Analysis, spec: QuerySpec, schema: Schema, used: frozenset[int]) -> frozenset[int]:
    """The words a reading used, with those the query's shape expresses."""
    tables = query_tables(spec, schema)
    out = set(used) | relation_words(a, spec, schema, used, tables) | count_words(a, spec, schema, used, tables)
    out |= role_words(a, spec, schema, tables)
    return frozenset(out)


def _runs(positions: frozenset[int]) -> list[frozenset[int]]:
    """Positions split into runs of neighbours: the separate phrases of one cue."""
    runs: list[list[int]] = []
    for i in sorted(positions):
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return [frozenset(run) for run in runs]


def count_words(a: Analysis, spec: QuerySpec, schema: Schema, used: frozenset[int], tables: set[str]) -> set[int]:
    """ "number of <rows>" when the query counts those rows: after a superlative ("the most number
    of ships") the query ranks by that count; otherwise it shows the count. A count of other
    rows, one the query computes but neither shows nor ranks by, or one of rows reached along one
    of two keys (a port's voyages: leaving or arriving?) leaves the words unused."""
    keys = crossed_keys(spec, schema, tables)
    out: set[int] = set()
    for phrase in _runs(a.count_span):
        link = a.next_link(max(phrase), max_gap=2)
        if phrase <= used or link is None or link.first not in used:
            continue
        named = {c.table for c in link.candidates if c.kind == TABLE}
        ranked = _after_superlative(a, min(phrase))
        for i, ag in enumerate(spec.aggregates):
            counted = ag.column.table if ag.column is not None and ag.column.column else spec.entity
            if ag.func != "count" or counted not in named or not one_way(schema, keys, spec.entity, counted, ""):
                continue
            if any(o.aggregate == i for o in spec.order_by) if ranked else ag.shown:
                out |= phrase
    return out


def _after_superlative(a: Analysis, i: int) -> bool:
    """Whether a superlative stands just before position ``i`` ("the greatest number of")."""
    return any(s.index in (i - 1, i - 2) and all(a.tokens[j].text == "the" for j in range(s.index + 1, i))
               for s in a.superlatives)


_KEY_WORDS = frozenset({"id", "code", "no", "num", "number", "key"})


def role_words(a: Analysis, spec: QuerySpec, schema: Schema, tables: set[str]) -> set[int]:
    """A word that names the rows a foreign key the query crosses points to, by the key's own
    name: a friendship.member_id -> person calls those rows "members". A key the query does
    not cross (the friend_id beside it) names nothing the query reads."""
    roles: set[str] = set()
    for fk in crossed_keys(spec, schema, tables):
        words = [w for w in name_words(fk.column) if w not in _KEY_WORDS]
        if len(words) == 1:
            roles.add(words[0])
    return {i for i, t in enumerate(a.tokens) if t.norm in roles and a.link_at(i) is None}
