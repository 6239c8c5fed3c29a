"""What a reading used of the line, and how sure it is because of it.

The words a query uses are those its parts came from (each step reports them) and those whose
link names something the built query reads; a word the lexicon linked but the query left out is
not used, so it lowers both the share of the line accounted for and the confidence.
"""

from __future__ import annotations

from nl2sql.db.schema import BIRTH_WORDS, Schema
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.spec import ColumnRef, QuerySpec
from nl2sql.linking.lexicon import COLUMN, METRIC, SYNONYM, TABLE, VALUE, Candidate, Link
from nl2sql.linking.text import name_words, singular


def content_positions(a: Analysis) -> list[int]:
    """Positions of the line's content words: what a reading must use or report as unused."""
    return [i for i in range(len(a.tokens)) if i not in a.function_words]


def confidence(a: Analysis, used: frozenset[int], doubts: tuple[str, ...]) -> float:
    """How sure the reading is: the share of content words the built query used, less doubts and typos."""
    content = [i for i, t in enumerate(a.tokens) if i not in a.function_words and not t.is_number]
    if not content:
        return 0.9 - 0.15 * sum(1 for link in a.links if link.fuzzy)
    score = 0.35 + 0.65 * sum(1 for i in content if i in used) / len(content)
    score -= 0.05 * len(doubts)
    # A typo read as a stored value is a guess, worth confirming.
    score -= 0.15 * sum(1 for link in a.links if link.fuzzy and link.first in used)
    return max(0.05, min(1.0, score))


def spec_refs(spec: QuerySpec) -> list[ColumnRef]:
    """Every column the query reads."""
    refs = [*spec.projections, *(g.column for g in spec.group_by), *(f.column for f in spec.filters)]
    refs += [f.other for f in spec.filters if f.other is not None]
    refs += [ag.column for ag in spec.aggregates if ag.column is not None]
    refs += [ag.since for ag in spec.aggregates if ag.since is not None]
    refs += [o.column for o in spec.order_by if o.column is not None]
    return refs


def query_words(a: Analysis, spec: QuerySpec, schema: Schema) -> frozenset[int]:
    """Words whose link names something the query reads: a table on its join path, a column it
    selects, filters, groups or sorts on, a value it filters by, a metric it computes."""
    refs = spec_refs(spec)
    columns = {(r.table, r.column) for r in refs}
    values = {(f.column.table, f.column.column, str(v)) for f in spec.filters for v in f.values}
    metrics = {ag.metric.name for ag in spec.aggregates if ag.metric is not None}
    tables = query_tables(spec, schema)
    names = {r.column.lower() for r in refs}  # a key column's name is the same in the tables it joins
    used: set[int] = set()

    def names_read(c: Candidate) -> bool:
        return (c.kind == COLUMN and ((c.table, c.column) in columns or (c.column or "").lower() in names)) \
            or (c.kind == TABLE and c.table in tables) or (c.kind == VALUE and (c.table, c.column, c.value) in values) \
            or (c.kind == METRIC and c.value in metrics)

    for link in a.links:
        named = [c for c in link.candidates if names_read(c)]
        if named or _recorded_event(schema, link, tables, spec) or _counted_half(schema, link, spec):
            used.update(range(link.first, link.last + 1))
            used.update(_name_words_before(a, link, named))
            used.update(_new_before(a, link, schema, spec, {c.table for c in named}))
    used.update(_recording_verbs(a, spec, schema))
    for func, anchor in a.aggregates:  # "total" before a metric that is itself a sum
        if any(m.expression.strip().upper().startswith(func.upper() + "(") for ag in spec.aggregates
               if (m := ag.metric) is not None):
            used.update(a.span(anchor))
    return frozenset(used)


_NEW = frozenset({"new", "newly"})
_SINCE_OPS = frozenset({"range", ">=", ">", "between"})


def _new_before(a: Analysis, link: Link, schema: Schema, spec: QuerySpec, tables: set[str]) -> set[int]:
    """ "new members in 2025": "new" says the rows that began in the period the query keeps."""
    return {link.first - 1} if a.word(link.first - 1) in _NEW and _dated(schema, spec, tables) else set()


def _dated(schema: Schema, spec: QuerySpec, tables: set[str]) -> bool:
    """Whether the query keeps rows of ``tables`` by when they came to be (a period of a date of theirs)."""
    for f in spec.filters:
        table = schema.table(f.column.table)
        if f.column.table in tables and f.op in _SINCE_OPS and table is not None \
                and any(d.name == f.column.column for d in table.date_columns):
            return True
    return False


def _counted_half(schema: Schema, link: Link, spec: QuerySpec) -> bool:
    """A word naming one half of the pair that keys the counted rows, the other half fixed by the
    filters: a spoken_language table keyed by (country, language), counted for one country, counts
    that country's languages. Counted over every country it would not ("how many languages" there
    are is a count of distinct ones), so the word stays unused."""
    table = schema.table(spec.entity)
    if table is None or spec.group_by or not any(ag.func == "count" and ag.column is None and ag.metric is None
                                                 for ag in spec.aggregates):
        return False
    key = [c.name for c in table.columns if c.primary_key]
    named = {c.column for c in link.candidates if c.kind == COLUMN and c.table == table.name}
    if len(key) < 2 or len(named & set(key)) != 1:
        return False
    return all(_fixed(schema, table.name, other, spec) for other in key if other not in named)


def _fixed(schema: Schema, table_name: str, column: str, spec: QuerySpec) -> bool:
    """Whether the filters keep one value of a column: compared with one value, or a key to a
    table whose one row the filters name."""
    table = schema.table(table_name)
    refs = {fk.ref_table for fk in (table.foreign_keys if table is not None else ()) if fk.column == column}
    return any(f.op == "=" and len(f.values) == 1
               and ((f.column.table, f.column.column) == (table_name, column)
                    or (f.column.table in refs and _names_one_row(schema, f.column)))
               for f in spec.filters)


def _names_one_row(schema: Schema, ref: ColumnRef) -> bool:
    """Whether a value of the column names one row: its key, a unique column, the rows' label
    (a country's name, not its continent)."""
    table = schema.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    label = table.label_column if table is not None else None
    return col is not None and (col.primary_key or col.unique or (label is not None and label.name == col.name))


def query_tables(spec: QuerySpec, schema: Schema) -> set[str]:
    """The tables the query reads: those it names and those its joins pass through."""
    refs = spec_refs(spec)
    tables = {spec.entity, *spec.via, *(r.table for r in refs), *(m.table for ag in spec.aggregates
                                                                  if (m := ag.metric) is not None)}
    for table in list(tables):
        tables.update(hop for hop, _fk in schema.join_path(spec.entity, table) or [])
    return tables


def _recorded_event(schema: Schema, link: Link, tables: set[str], spec: QuerySpec) -> bool:
    """A word naming when a row's event happened ("amount paid" with a paid_at that is never empty):
    every row of that table records the event, so the word adds no condition the query lacks.
    A date that can be empty ("shipped") would: the word stays unused."""
    filtered = {(f.column.table, f.column.column) for f in spec.filters}
    for c in link.candidates:
        if c.kind != COLUMN or c.table not in tables or c.column is None or (c.table, c.column) in filtered:
            continue
        table = schema.table(c.table)
        if table is not None and any(d.name == c.column and not d.nullable for d in table.date_columns):
            return True
    return False


# Verbs that say a row was written down: its record date is when. Said before the period the query
# keeps its rows by ("invoices issued in 2025", "payments received per month"), they add nothing.
RECORDING_VERBS = frozenset({"issued", "created", "made", "placed", "opened", "raised", "filed", "submitted",
                             "logged", "recorded", "registered", "added", "received", "entered", "generated",
                             "billed", "invoiced", "posted", "booked", "written", "signed", "enrolled", "joined",
                             # what a counter does with a sale or a booking: "tickets each till rang up"
                             "take", "took", "taken", "ring", "rang", "rung"})
# Of those, the ones that say only that a row came to be, whatever it is: read by a table's one date.
# "Invoiced", "booked", "billed" are acts of their own (a bill, a booking), which another table may hold.
_CAME_TO_BE = frozenset({"created", "made", "recorded", "logged", "entered", "added", "received", "registered",
                         "signed", "enrolled", "joined", "take", "took", "taken", "ring", "rang", "rung"})
# A particle after the verb is the verb's ("signed up"), as is its object when it is the business
# ("joined us"): skipped on the way back from the period.
_PARTICLES = frozenset({"up", "on", "in", "us"})
_PERIOD_LEADS = frozenset({"per", "each", "every", "by"})
_BEFORE_PERIOD = frozenset({"in", "the", "during", "over", "within", "since", "from", "this", "last"})
# Words of a date's name for an event that is not the row's coming to be: a pet's birth, a bill's due day.
_OTHER_EVENTS = BIRTH_WORDS | {"due", "deadline", "expiry", "expire", "expires", "expired", "end", "ended", "ends",
                               "closed", "left", "death", "died"}
# Words of a date's name that say it is when its row was written down (an opened_on is an act of its own).
_RECORD_NAMES = frozenset({"create", "created", "creation", "recorded", "logged", "entered", "record", "entry"})
# Words of a date's name that say when its row's holder came in: what "joined", "signed up" date.
_BEGAN_NAMES = frozenset({"signup", "registration", "registered", "joined", "enrolled", "enrolment", "enrollment",
                          "start", "started", "since", "member"})


def _recording_verbs(a: Analysis, spec: QuerySpec, schema: Schema) -> set[int]:
    """A recording verb just before a date phrase or a per-period grouping, when the date the query
    reads there is the record date of its rows: their table's one date, or one its name calls so
    (a date named for the table, a creation or a recording)."""
    dated = [(min(f.words), f.column) for f in spec.filters if f.op == "range" and f.words]
    dated += [(i, g.column) for g in spec.group_by if g.bucket for unit, i in a.buckets if unit == g.bucket]
    out: set[int] = set()
    for start, column in dated:
        i = start - 1
        while i > 0 and (a.word(i) in _PERIOD_LEADS or a.word(i) in _BEFORE_PERIOD):
            i -= 1  # "joined in the last 3 months": the verb before the phrase's preposition
        particle = i if i > 0 and a.word(i) in _PARTICLES and a.word(i - 1) in RECORDING_VERBS else None
        i -= particle is not None
        if i >= 0 and a.word(i) in RECORDING_VERBS and _unnamed(a, i) \
                and _record_date(schema, column, a.word(i) in _CAME_TO_BE):
            out.update(k for k in (i, particle) if k is not None)
        elif len(dated) == 1:  # "since March, how many new members have signed up": the verb said after
            out.update(_coming_to_be_after(a, start, schema, column))
    return out


def _coming_to_be_after(a: Analysis, start: int, schema: Schema, column: ColumnRef) -> set[int]:
    """A verb that says only that rows came to be ("signed up", "joined"), said after the period
    that keeps them by the date they came to be."""
    for i in range(start + 1, len(a.tokens)):
        if a.word(i) in _CAME_TO_BE and _unnamed(a, i) and _record_date(schema, column, True):
            return {i, i + 1} if a.word(i + 1) in _PARTICLES - {"us"} else {i}
    return set()


def _unnamed(a: Analysis, i: int) -> bool:
    """Whether the word at ``i`` names nothing, or only guesses at something by a synonym ("signed",
    for a table of languages, by sign language)."""
    link = a.link_at(i)
    return link is None or all(c.match == SYNONYM and c.score < 1.0 for c in link.candidates)


def _record_date(schema: Schema, ref: ColumnRef, any_act: bool) -> bool:
    """Whether the date is when its row was written down: named for its table, its creation or its
    recording; or, for a verb that says only that a row came to be, the table's one date."""
    table = schema.table(ref.table)
    if table is None or len(table.date_columns) == 0:
        return False
    words = set(name_words(ref.column))
    own = {singular(w) for w in name_words(table.name)}
    one = any_act and len(table.date_columns) == 1 and not words & _OTHER_EVENTS
    return one or bool(words & (own | _RECORD_NAMES)) or (any_act and bool(words & _BEGAN_NAMES))


def _name_words_before(a: Analysis, link: Link, named: list[Candidate]) -> set[int]:
    """Words just before a link that are part of the name it matched: a cue read before linking
    ("best" of a best_x, "number of" before the products of a number_products) or a word the
    lexicon left alone ("available" before the features of an other_available_features)."""
    words = {w for c in named for w in name_words(c.column if c.kind == COLUMN else c.table if c.kind == TABLE
                                                   else "")}
    out: set[int] = set()
    for i in range(link.first - 1, max(-1, link.first - 4), -1):
        if (i in a.cues or a.link_at(i) is None) and a.tokens[i].norm in words and i not in a.function_words:
            out.add(i)
        elif i not in a.function_words:
            break
    return out
