"""A table of links before a role's key: "employees on the Apollo project" are the project's members
(an assignments table links the two), not its lead (a project's lead_emp_id, the shorter join).

A key named for a role (``lead_emp_id`` into employees, not ``employee_id``) joins two tables only
when the question says the role ("the lead of", "led by"); else the rows are related through the
one table of links between them, as a membership is.
"""

from __future__ import annotations

from nl2sql.db.schema import Schema, names_its_table
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.named_keys import KEY_WORDS, role_words
from nl2sql.engines.builtin.relations import verb_names_column
from nl2sql.engines.builtin.spec import QuerySpec
from nl2sql.engines.builtin.used import spec_refs
from nl2sql.linking import synonyms
from nl2sql.linking.lexicon import COLUMN, VALUE
from nl2sql.linking.text import stem
from nl2sql.profile import profile_of

# A code key ("lead_code") is no role either: saying "code" names no one.
_KEY_WORDS = KEY_WORDS | {"code"}


def member_bridges(a: Analysis, spec: QuerySpec, schema: Schema) -> tuple[str, ...]:
    """The tables of links the joins of ``spec`` should pass through instead of a role's key."""
    said = {(c.table, c.column) for link in a.links for c in link.of_kind(COLUMN)}
    out: list[str] = []
    for table in sorted({r.table for r in spec_refs(spec)} - {spec.entity}):
        path = schema.join_path(spec.entity, table) or []
        if len(path) != 1 or names_its_table(fk := path[0][1]) or (fk.table, fk.column) in said \
                or _role_said(a, fk.column, fk.ref_table):
            continue
        bridge = _bridge(schema, spec.entity, table)
        if bridge is not None and bridge not in spec.via:
            out.append(bridge)
    return tuple(out)


def _role_said(a: Analysis, column: str, target: str) -> bool:
    """Whether a word says the role a key's name gives, past the name of the table it points to:
    "lead", "leads", "led" for lead_emp_id into employees."""
    role = {stem(w) for w in role_words(column, target, _KEY_WORDS)}
    for i, token in enumerate(a.tokens):
        forms = {stem(token.text), *(stem(b) for b in synonyms.base_forms(token.text))}
        if forms & role or verb_names_column(a, i, column):
            return True
    return False


def _bridge(schema: Schema, one: str, other: str) -> str | None:
    """The one table of links between the two: a key into each side, and either nothing else (the
    profile's bridges) or a primary key made of those keys (a member's role and hours beside them).
    A table of events that also holds both keys (timesheets, each entry its own key) records acts."""
    found = []
    for table in schema.tables:
        keys = {fk.ref_table: fk.column for fk in table.foreign_keys}
        if table.name in (one, other) or not table.stored or not {one, other} <= set(keys):
            continue
        pk = {c.name for c in table.columns if c.primary_key}
        if table.name in profile_of(schema).bridges or pk == {keys[one], keys[other]}:
            found.append(table.name)
    return found[0] if len(found) == 1 else None


def members_of(a: Analysis, schema: Schema, entity: str) -> str | None:
    """ "who works on the Apollo project": asked "who" of a row named by a stored value, the one table
    of people linked to the rows through a table of links, the rows' members; ``None`` when the rows
    are people themselves, none is named ("who is the youngest pet"), or there is no one such table."""
    table = schema.table(entity)
    if a.word(0) != "who" or table is None or table.person_name is not None \
            or not any(c.table == entity for link in a.links for c in link.of_kind(VALUE)):
        return None
    people = [t.name for t in schema.tables if t.stored and t.name != entity and t.person_name is not None
              and _bridge(schema, t.name, entity) is not None]
    return people[0] if len(people) == 1 else None

