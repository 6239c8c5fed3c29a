"""Words the query's shape expresses, beside the words its parts came from.

Each step of a reading reports the words it used, and ``used.query_words`` adds the words whose
link names something the query reads. Some words name no table, column or value and still say
something the built query does: a verb that its join is ("captains who commanded ships"),
the "number of" of a count it ranks by, "either" before an IN list, "both" before two shown
columns, "information" when every column is shown, "in total" of a count, a table's name said
without its "data". Each rule here states what the query must do for the word to be expressed;
a word whose rule does not hold stays unused, so the reading stays partial and is confirmed.
The other way round, a negation the query read apart from the condition it covers is taken
back from what the steps reported.
"""

from __future__ import annotations

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.analysis import SPENDING, Analysis
from nl2sql.engines.builtin.asked_units import measures_money, said_units
from nl2sql.engines.builtin.relations import compared_by_verb, crossed_keys, kin_of_compared, one_way, relation_words
from nl2sql.engines.builtin.spec import Aggregate, QuerySpec
from nl2sql.engines.builtin.used import query_tables
from nl2sql.linking.lexicon import COLUMN, SYNONYM, TABLE, VALUE, Link
from nl2sql.linking.text import STOPWORDS, name_words, number_value, singular
from nl2sql.profile.roles import is_duration, is_money


def accounted(a: Analysis, spec: QuerySpec, schema: Schema, used: frozenset[int]) -> frozenset[int]:
    """The words a reading used, with those the query's shape expresses."""
    tables = query_tables(spec, schema)
    used = used - split_negations(a, spec) - crossed_counts(a, spec, schema, tables) \
        - sibling_key_words(a, spec, schema, tables) - other_end_roles(a, spec, schema, tables)
    out = set(used) | relation_words(a, spec, schema, used, tables) | count_words(a, spec, schema, used, tables)
    out |= alternative_words(a, spec, used) | whole_row_words(a, spec) | total_words(a, spec)
    out |= table_words(a, spec, tables) | role_words(a, spec, schema, tables) | grouped_words(a, spec, used)
    out |= member_words(a, tables) | absent_act_words(a, spec, schema) | taking_words(a, spec, schema, tables)
    out |= people_words(a, spec, schema) | contact_words(a, out)
    out |= lasting_words(a, spec, schema) | said_units(spec, a, schema) | worth_words(a, spec, schema)
    out |= compared_by_verb(a, spec, used) | kin_of_compared(a, spec, frozenset(out))
    return frozenset(out | joining_words(a, out))


# The words that complete the name of a way to reach someone: an email address, a phone number.
_CONTACT_TAILS = {"email": ("address", "addresses"), "mail": ("address", "addresses"), "phone": ("number", "numbers"),
                  "mobile": ("number", "numbers"), "cell": ("number", "numbers"), "fax": ("number", "numbers"),
                  "telephone": ("number", "numbers")}


def contact_words(a: Analysis, used: set[int]) -> set[int]:
    """ "with their email addresses" of an ``email`` column, "phone numbers" of a ``phone``: the
    word after a used column's name that only completes it."""
    out = set()
    for link in a.links:
        tail = a.word(link.last + 1)
        if link.last not in used or a.link_at(link.last + 1) is not None:
            continue
        last_words = {name_words(c.column or "")[-1:] for c in link.of_kind(COLUMN)}
        if any(tail in _CONTACT_TAILS.get(w, ()) for words in last_words for w in words):
            out.add(link.last + 1)
    return out


def split_negations(a: Analysis, spec: QuerySpec) -> frozenset[int]:
    """The negations of a query that both tests that a row has no related rows of a table and
    requires one that meets a condition ("ports with no voyage in 2020" read as no voyage at
    all and a voyage in 2020): no row passes both, so the negation was read apart
    from the condition it covers and is not expressed."""
    for f in spec.filters:
        if f.op != "not_exists" or f.other is None:
            continue
        # a condition said after the negation is rendered inside its NOT EXISTS ("no orders in 2025"):
        # then the negation denies only some rows, and others may still be required
        on_it = [g for g in spec.filters if g.op != "not_exists" and g.column.table == f.other.table]
        if on_it and not any(f.words and g.words and min(g.words) > min(f.words) for g in on_it):
            return a.negations
    return frozenset()


def sibling_key_words(a: Analysis, spec: QuerySpec, schema: Schema, tables: set[str]) -> frozenset[int]:
    """Words naming either of two keys into one table, when the query crosses one of them to show
    rows of that table and name one of them ("friends of <a member>" over friendships that point to
    members twice, as the member and as the friend): one join shows the named row itself, whichever
    key it takes, while the rows wanted are at the other end. The words are taken back, so the
    reading is confirmed."""
    named_rows = {f.column.table for f in spec.filters if f.op in ("=", "in", "like")}
    shown = {r.table for r in spec.projections}
    out: set[int] = set()
    for fk in crossed_keys(spec, schema, tables):
        if fk.ref_table not in named_rows & shown:
            continue  # only rows named by a value and shown: which end is which matters
        table = schema.table(fk.table)
        siblings = [k for k in table.foreign_keys if k.ref_table == fk.ref_table and k != fk] if table else []
        for key in (fk, *siblings) if siblings else ():
            named = {w for w in name_words(key.column) if w not in ("id", "key", "no")}
            out |= {i for i, t in enumerate(a.tokens) if t.norm in named}
    return frozenset(out)


def other_end_roles(a: Analysis, spec: QuerySpec, schema: Schema, tables: set[str]) -> frozenset[int]:
    """A word read as the rows a key's name calls them ("students" for a friendship's student_id),
    when the query crosses that table by its other key into the same rows (the friend_id): the rows
    it reads are not the ones the word names, so the word is taken back and the reading confirmed."""
    crossed = crossed_keys(spec, schema, tables)
    out: set[int] = set()
    for link in a.links:
        word = singular(a.word(link.first))
        for cand in link.of_kind(TABLE):
            named = {fk for fk in crossed if fk.ref_table == cand.table
                     and [w for w in name_words(fk.column) if w not in _KEY_WORDS] == [word]}
            others = {fk for fk in crossed if fk.ref_table == cand.table and (t := schema.table(fk.table)) is not None
                      and any(k.ref_table == cand.table and singular(name_words(k.column)[0]) == word
                              for k in t.foreign_keys)}
            if cand.match == SYNONYM and others and not named:
                out.update(range(link.first, link.last + 1))
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


def crossed_counts(a: Analysis, spec: QuerySpec, schema: Schema, tables: set[str]) -> frozenset[int]:
    """ "number of <rows>" the query counts along one of two keys (a port's voyages: leaving or
    arriving?): a ranking step may have claimed the words, but the count does not say which rows
    were meant, so they are taken back and the reading is confirmed."""
    keys = crossed_keys(spec, schema, tables)
    out: set[int] = set()
    for phrase in _runs(a.count_span):
        link = a.next_link(max(phrase), max_gap=2)
        if link is None:
            continue
        named = {c.table for c in link.candidates if c.kind == TABLE}
        counted = {ag.column.table if ag.column is not None and ag.column.column else spec.entity
                   for ag in spec.aggregates if ag.func == "count"}
        if any(not one_way(schema, keys, spec.entity, table, "") for table in counted & named):
            out |= phrase
    return frozenset(out)


def _after_superlative(a: Analysis, i: int) -> bool:
    """Whether a superlative stands just before position ``i`` ("the greatest number of")."""
    return any(s.index in (i - 1, i - 2) and all(a.tokens[j].text == "the" for j in range(s.index + 1, i))
               for s in a.superlatives)


def alternative_words(a: Analysis, spec: QuerySpec, used: frozenset[int]) -> set[int]:
    """ "either" before values the query tests with one IN list ("either 40 or 50"), "both"
    before two columns it shows ("list both the name and the tonnage"). "either" before a
    condition the query does not test as alternatives, or "both" meaning rows that have two
    values (which needs INTERSECT), stays unused."""
    alternatives = {str(v).lower() for f in spec.filters if f.op == "in" for v in f.values}
    shown = {(r.table, r.column) for r in spec.projections}
    out: set[int] = set()
    for i, token in enumerate(a.tokens):
        if i in used:
            continue
        if token.text == "either" and alternatives & _values_after(a, i, used):
            out.add(i)
        elif token.text == "both" and len(_shown_pair(a, i, used, shown)) == 2:
            out.add(i)
    return out


def _values_after(a: Analysis, i: int, used: frozenset[int]) -> set[str]:
    """The value or number a few words after position ``i`` that the query uses, as text."""
    for j in range(i + 1, min(len(a.tokens), i + 5)):
        token, link = a.tokens[j], a.link_at(j)
        if token.is_number and j in used:
            value = number_value(token.text)
            return {str(value), str(int(value))} if value is not None and value == int(value) else {token.text}
        if link is not None and link.first in used and link.of_kind(VALUE):
            return {(c.value or "").lower() for c in link.of_kind(VALUE)}
    return set()


def _shown_pair(a: Analysis, i: int, used: frozenset[int], shown: set[tuple[str, str]]) -> list[int]:
    """The first links after "both" and after the "and" that follows it, when both name shown columns."""
    found: list[int] = []
    j = i + 1
    while j < len(a.tokens) and len(found) < 2:
        link = a.link_at(j)
        if link is not None:
            if link.first not in used or not any((c.table, c.column) in shown for c in link.candidates):
                return []
            found.append(j)
            j = link.last + 1
            if len(found) == 1:
                if "and" not in (t.text for t in a.tokens[j:j + 3]):
                    return []
            continue
        if a.tokens[j].text not in STOPWORDS:
            return []
        j += 1
    return found


# Words for every column of a row: "all the information about <rows>", "the details of".
_WHOLE_ROW = frozenset({"information", "info", "details", "detail"})


def whole_row_words(a: Analysis, spec: QuerySpec) -> set[int]:
    """ "information", "details" when the query shows every column: those words ask for the whole row
    (unless they name a table or column exactly: a details column is a column)."""
    if spec.projections or spec.aggregates or spec.group_by:
        return set()
    return {i for i, t in enumerate(a.tokens) if t.text in _WHOLE_ROW
            and ((link := a.link_at(i)) is None or all(c.score < 1.0 for c in link.candidates))}


_ALL_TIME = frozenset({"lifetime", "alltime"})


def total_words(a: Analysis, spec: QuerySpec) -> set[int]:
    """ "in total", "are there total", "the total count of" when the query counts or sums: the total
    is that aggregate; "lifetime billing" is one over every row, when no period keeps fewer."""
    totals = any(ag.func in ("count", "sum") or ag.metric is not None for ag in spec.aggregates)
    if not totals:
        return set()
    undated = not any(f.op == "range" for f in spec.filters)
    return {i for i, t in enumerate(a.tokens) if a.link_at(i) is None and (
        (t.text == "total" and (a.word(i - 1) in ("in", "there") or a.word(i + 1) in ("count", "number")))
        or (t.text in _ALL_TIME and undated))}


# Words of a table's name that say it holds rows, not what they are ("cars_data", "person_info").
_GENERIC_NAME_WORDS = frozenset({"data", "info", "information", "details", "detail", "table", "list", "records",
                                 "record", "entries", "entry", "rows"})


def table_words(a: Analysis, spec: QuerySpec, tables: set[str]) -> set[int]:
    """A word that names a table the query reads once the words of the table's name that only say
    it holds rows are dropped ("cranes" for a crane_data table). The lexicon links whole names,
    and "crane" alone is no name it knows; "has" in a has_pet is no such word: it names the
    relation. The reading never saw the word, so where it asks for rows ("which crane ...") a query that
    shows only aggregates has not expressed it."""
    names: set[str] = set()
    for table in tables:
        words = name_words(table)
        content = [w for w in words if w not in _GENERIC_NAME_WORDS]
        if len(content) == 1 and len(words) > 1:
            names.add(content[0])
    rows_shown = bool(spec.projections or spec.group_by or not spec.aggregates)
    return {i for i, t in enumerate(a.tokens) if t.norm in names and a.link_at(i) is None
            and (rows_shown or not _asked_for(a, i))}


# Nouns said after a table's word for one of its rows: "staff member", "crew members", "team member".
_MEMBER_WORDS = frozenset({"member", "members"})


def member_words(a: Analysis, tables: set[str]) -> set[int]:
    """ "each staff member", "every member of staff": a word for one of the rows, beside the word of
    a table the query reads, adds nothing the table's word did not say."""
    def names_read(link: Link | None) -> bool:
        return link is not None and any(c.table in tables for c in link.of_kind(TABLE))

    def of_rows(i: int) -> bool:  # "member of staff", "members of the team"
        k = i + 2 if a.word(i + 2) not in ("the", "our", "your") else i + 3
        return a.word(i + 1) == "of" and names_read(a.link_at(k))

    return {i for i, t in enumerate(a.tokens) if t.text in _MEMBER_WORDS and a.link_at(i) is None
            and (names_read(a.link_at(i - 1)) or of_rows(i))}


# Words for persons as such: what the rows of a table of people are, whatever the table is called.
_PEOPLE_WORDS = frozenset({"people", "person", "persons", "individuals"})


def people_words(a: Analysis, spec: QuerySpec, schema: Schema) -> set[int]:
    """ "how many people did we hire": a word for persons names the query's rows when they are people
    (the table names each row by a first and a last name) and the word names nothing else."""
    table = schema.table(spec.entity)
    if table is None or table.person_name is None:
        return set()
    return {i for i, t in enumerate(a.tokens) if t.text in _PEOPLE_WORDS and a.link_at(i) is None}


# Verbs that say money came in ("brought in", "took", "earned"): what a sum of money measures.
_TAKING_VERBS = frozenset({"take", "takes", "took", "taken", "bring", "brings", "brought", "make", "makes", "made",
                           "earn", "earns", "earned", "generate", "generates", "generated", "collect", "collects",
                           "collected", "raise", "raised"})


def taking_words(a: Analysis, spec: QuerySpec, schema: Schema, tables: set[str]) -> set[int]:
    """ "which branch brought in the most revenue", "how much money did we take in", "how much did we
    spend on tolls": a verb of money changing hands says what the query's sum of money is; beside a
    count ("brought in the most customers") it says nothing the query does, and stays unused."""
    verbs = {i for i, t in enumerate(a.tokens) if t.text in _TAKING_VERBS | SPENDING and a.link_at(i) is None}
    if not verbs or not any(_sums_money(ag, schema) for ag in spec.aggregates):
        return set()
    # money reached along one of two keys (a rental's pickup or return branch) is not said by the verb
    keys = crossed_keys(spec, schema, tables)
    return set() if any(not one_way(schema, keys, spec.entity, table, "") for table in tables) else verbs


def _sums_money(ag: Aggregate, schema: Schema, funcs: tuple[str, ...] = ("sum",)) -> bool:
    if ag.metric is not None:
        return measures_money(ag.metric, schema)
    table = schema.table(ag.column.table) if ag.func in funcs and ag.column is not None else None
    column = table.column(ag.column.column) if table is not None and ag.column is not None else None
    return table is not None and column is not None and is_money(table, column)


_OBJECTS = frozenset({"something", "anything"})
_SUBJECTS = frozenset({"they", "he", "she", "it", "who", "that", "which", "do", "does", "did", "have", "has", "had"})


def joining_words(a: Analysis, used: set[int]) -> set[int]:
    """ "ordered something in 2024", "haven't bought anything": the object a used verb acts on is that
    verb's rows; "but" before a used negation ("but (they) have not ...") joins two conditions as
    "and" does. Neither says anything of its own."""
    out = {i for i, t in enumerate(a.tokens) if t.norm in _OBJECTS and i - 1 in used}
    for i, t in enumerate(a.tokens):
        k = i + 1
        while a.word(k) in _SUBJECTS and k < i + 3:  # "but they did not ..."
            k += 1
        if t.norm == "but" and (k in a.negations and k in used or k + 1 in a.negations and k + 1 in used):
            out.add(i)
    return out


_WORTH_WORDS = frozenset({"value", "values", "worth"})


def worth_words(a: Analysis, spec: QuerySpec, schema: Schema) -> set[int]:
    """ "the total value of those orders", "their average worth": what rows are worth is the money
    the query adds up or averages, where no column is named so."""
    if not any(_sums_money(ag, schema, ("sum", "avg", "min", "max")) for ag in spec.aggregates):
        return set()
    return {i for i, t in enumerate(a.tokens) if t.text in _WORTH_WORDS and a.link_at(i) is None
            and a.word(i - 1) in _WORTH_BEFORE}


# Words right before "value" that make it the rows' money added up: not "the value of each product".
_WORTH_BEFORE = frozenset({"total", "combined", "overall", "average", "mean", "their", "its"})


_LASTING_VERBS = frozenset({"last", "lasts", "lasted", "lasting", "take", "takes", "took", "taking", "run", "runs",
                            "ran", "running", "wait", "waits", "waited", "waiting", "spend", "spends", "spent"})


def lasting_words(a: Analysis, spec: QuerySpec, schema: Schema) -> set[int]:
    """ "rides that lasted over 45 minutes", "how long does a repair take": a verb of lasting, or
    "long" after "how", says what the query measures when it compares, sums or ranks a duration
    (a column whose name gives a unit of time); beside anything else it stays unused."""
    said = {i for i, t in enumerate(a.tokens) if a.link_at(i) is None
            and (t.text in _LASTING_VERBS or (t.text == "long" and a.word(i - 1) == "how"))}
    if not said:
        return set()
    refs = [f.column for f in spec.filters] + [ag.column for ag in spec.aggregates if ag.column is not None]
    refs += [o.column for o in spec.order_by if o.column is not None]
    for ref in refs:
        table = schema.table(ref.table)
        column = table.column(ref.column) if table is not None else None
        if table is not None and column is not None and is_duration(table, column):
            return said
    return set()


_ABSENT_REACH = 5  # words after a negation that still say what is absent


def absent_act_words(a: Analysis, spec: QuerySpec, schema: Schema) -> set[int]:
    """Words after a negation that the test for no related rows says: the act that makes such a row,
    named by its record date ("never booked a class", a booked_at of the bookings), and a row each
    of them always has ("never rented a bike": a rental is of a bike), also through the row it
    points to (a rental of a copy, which is of a film). Any other word there (a
    value, a column compared) is a condition the test lacks, and stays unused."""
    absent = {f.other.table for f in spec.filters if f.op == "not_exists" and f.other is not None}
    if not absent or not a.negations:
        return set()
    parents = _held(schema, absent)
    parents |= _held(schema, parents)  # "never rented a film": a rental's copy is always of a film
    start = min(a.negations)
    out: set[int] = set()
    for link in a.links:
        if start < link.first <= start + _ABSENT_REACH and _says_absent(a, link, schema, absent, parents):
            out.update(range(link.first, link.last + 1))
    return out


def _held(schema: Schema, tables: set[str]) -> set[str]:
    """The tables the rows of ``tables`` point to by their foreign keys: a row each of them has."""
    return {fk.ref_table for name in tables if (t := schema.table(name)) is not None for fk in t.foreign_keys}


def _says_absent(a: Analysis, link: Link, schema: Schema, absent: set[str], parents: set[str]) -> bool:
    """Whether a link after the negation names the absent rows' act (their date), a piece of their
    table's name ("a ticket" of ticket_sales), or a row each of them has; none of it when something
    said after it may narrow what is absent ("from a shop in Lyon", "a class in 2025")."""
    if _said_after(a, link.last):
        return False
    acts = any(c.kind == COLUMN and c.table in absent and (t := schema.table(c.table)) is not None
               and any(d.name == c.column for d in t.date_columns) for c in link.candidates)
    piece = link.first == link.last and a.tokens[link.first].norm in {w for name in absent for w in name_words(name)}
    tables = {c.table for c in link.of_kind(TABLE)}
    return acts or piece or (bool(tables) and tables <= absent | parents)


def _said_after(a: Analysis, last: int) -> bool:
    """Whether a value, a number or a date is said after the word at ``last``."""
    return any(link.first > last and link.of_kind(VALUE) for link in a.links) \
        or any(t.is_number for t in a.tokens[last + 1:]) or any(m.first > last for m in a.dates)


def _asked_for(a: Analysis, i: int) -> bool:
    """Whether the word at ``i`` is what a which- or what-question asks for ("which crane", "what is
    the crane with ...")."""
    j = i - 1
    while j >= 0 and a.tokens[j].text in ("the", "is", "are", "was", "were"):
        j -= 1
    return j >= 0 and a.tokens[j].text in ("which", "what")


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


def grouped_words(a: Analysis, spec: QuerySpec, used: frozenset[int]) -> set[int]:
    """ "different", "distinct", "unique" before a column the query groups by: each value once is
    what a grouping gives ("the maximum <measure> for the different <column>"). "shared by" when
    the query groups and keeps the groups by a count: a value shared by at least N rows."""
    keys = {(g.column.table, g.column.column) for g in spec.group_by}
    out: set[int] = set()
    for i in a.distinct_at - used:
        link = a.next_link(i, max_gap=2)
        if link is not None and link.first in used and any((c.table, c.column) in keys for c in link.candidates):
            out.add(i)
    counted = keys and any(spec.aggregates[k].func == "count" for k, _op, _value in spec.having)
    out |= {i for i, t in enumerate(a.tokens) if counted and t.text in ("shared", "share") and i not in used
            and "by" in (a.word(i + 1), a.word(i + 2))}
    return out
