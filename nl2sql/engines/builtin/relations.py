"""Verbs that the query's joins express: "captains who have commanded ... ships".

A verb between two things the question names says how they are related. When the query joins
the two tables along one foreign key, and that key is the only one between them, the join is
that relation: there is no other way the rows could be related, so the verb adds no condition
the query lacks. When two keys connect the tables (a voyage's departure and arrival port), the
verb says which one is meant ("departing", "arriving"); it is expressed only when it names
the key the query used, by its column's words or their WordNet relatives, and otherwise stays
unused, so that a join along the wrong key is confirmed. A verb between a row and one of its
own values ("captains living in Genoa", a city column) is expressed by the filter the same
way: when the value could only be in that one column of the table, or the verb names it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from nl2sql.db.schema import ForeignKey, Schema, Table
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.spec import QuerySpec
from nl2sql.engines.builtin.used import RECORDING_VERBS, spec_refs
from nl2sql.linking import synonyms
from nl2sql.linking.lexicon import COLUMN, METRIC, SYNONYM, TABLE, VALUE, Link
from nl2sql.linking.text import STOPWORDS, name_words, stem

# Words after which a word is a verb whatever its ending: "who own", "they use", "do not speak".
# Not "have" or "are": a noun follows them as often ("have destination airports"), and the
# participles that also do ("have conducted") are read by their ending.
_BEFORE_VERB = frozenset({"who", "they", "he", "she", "we", "do", "does", "did", "not", "never", "to", "can"})
_SUBJECTS = frozenset({"they", "them", "i", "we", "you", "he", "she", "it"})
_PREPOSITIONS = frozenset({"in", "from", "to", "at", "on", "with", "by", "into", "for"})
# Words that say how to combine or compare, never how rows are related: read as cues elsewhere,
# and unused when the query does not do what they say.
_NOT_RELATIONS = frozenset({"both", "either", "neither", "nor", "except", "but", "only", "same", "other",
                            "another", "else", "number", "more", "less", "most", "least", "after", "before",
                            "sort", "sorted", "order", "ordered", "arranged", "shared", "share", "common"})
# Words that never name the things a verb relates: skipped when looking for its arguments.
_GAP = 4
_WEAK = frozenset({"id", "code", "no", "num", "number"})


def crossed_keys(spec: QuerySpec, schema: Schema, tables: Iterable[str]) -> set[ForeignKey]:
    """The foreign keys the query's joins and existence tests cross."""
    keys: set[ForeignKey] = set()
    for table in tables:
        if table != spec.entity:
            keys.update(fk for _hop, fk in schema.join_path_via(spec.entity, table, spec.via) or [])
    for f in spec.filters:
        if f.op == "not_exists" and f.other is not None and (t := schema.table(f.other.table)) is not None:
            keys.update(fk for fk in t.foreign_keys if fk.column == f.other.column)
    return keys


def relation_words(a: Analysis, spec: QuerySpec, schema: Schema, used: frozenset[int],
                   tables: set[str]) -> set[int]:
    """Verbs that relate two things the query connects along the one way they can be connected."""
    keys = crossed_keys(spec, schema, tables)
    read = {(r.table, r.column) for r in spec_refs(spec)}
    shown = {(r.table, r.column) for r in (*spec.projections, *(g.column for g in spec.group_by))}
    filtered = {(f.column.table, f.column.column) for f in spec.filters}
    out: set[int] = set()
    for i, token in enumerate(a.tokens):
        if i in used or token.text in STOPWORDS or token.is_number or _names_something(a, i) or not _verb(a, i):
            continue
        if _names_unread_column(schema, tables, read, token.text):
            continue  # "the first captain to register": the verb asks for a registration date
        left, right = _argument(a, used, i, -1), _argument(a, used, i, 1)
        # "<rows> using it", "living in it": what "it" stands for was named before
        own = right is not None or "it" in (a.word(i + 1), a.word(i + 2)) or "them" in (a.word(i + 1), a.word(i + 2))
        if left is not None and right is None and _ends_clause(a, used, i):  # "the ships they have commanded"
            right, left = left, _argument(a, used, left.first, -1)
            # "which cities do the captains come from": the rows' own column, which the query shows
            own = own or (left is not None and any((c.table, c.column) in shown for c in left.candidates))
        if left is not None and right is not None and _relates(schema, keys, tables, left, right, token.text, own,
                                                               filtered):
            out.add(i)
    return out


def _ends_clause(a: Analysis, used: frozenset[int], i: int) -> bool:
    """Whether no content word follows the verb before the next used link: its object was named
    before it ("the ships they commanded"), not after ("people who play <a game>", the game
    linked to nothing the query reads)."""
    for j in range(i + 1, len(a.tokens)):
        if a.link_at(j) is not None:
            return j in used
        if j not in a.function_words and not a.tokens[j].is_number and j not in a.cues:
            return False
    return True


def _names_something(a: Analysis, i: int) -> bool:
    """Whether the word links to a name as it stands or by inflection; a loose WordNet synonym
    ("live" and a last_name, through "last") is no reading of a verb."""
    link = a.link_at(i)
    return link is not None and any(c.match != SYNONYM for c in link.candidates)


def _names_unread_column(schema: Schema, tables: set[str], read: set[tuple[str, str]], word: str) -> bool:
    """Whether the verb names a column of a table the query reads that the query leaves out."""
    return any(_names(word, col.name) for t in tables if (table := schema.table(t)) is not None
               for col in table.columns if (t, col.name) not in read and not col.primary_key
               and col.name not in table.fk_columns)


def _verb(a: Analysis, i: int) -> bool:
    """Whether the word at ``i`` reads as a verb: an -ed or -ing form, an irregular form WordNet
    knows ("spoken"), a word right after a subject or auxiliary ("who own"), an -s form right
    after a relative pronoun ("that shows"), a word between its subject and a preposition, or a
    word English uses more as a verb than as a noun."""
    word = a.tokens[i].text
    if word in _NOT_RELATIONS or i in a.cues or i in a.negations or word.endswith("ly"):
        return False
    if (word.endswith("ed") or word.endswith("ing")) and len(word) > 4:
        return True
    if i > 0 and a.tokens[i - 1].text in _BEFORE_VERB:
        return True
    if i > 0 and a.tokens[i - 1].text in ("that", "which") and word.endswith("s") and not word.endswith("ss"):
        return True  # "the channel that shows ...": a verb's -s (a noun after "that" would be linked)
    if a.word(i + 1) in _PREPOSITIONS and (a.word(i - 1) in _SUBJECTS or a.link_at(i - 1) is not None) \
            and not word.endswith("s"):
        return True  # "<owners> live in", "they come from" (not "<staff> members in": a plural noun)
    if not synonyms.available():
        return False
    # an irregular verb form ("spoken", "sold"); WordNet lists comparatives the same way ("bigger")
    if not word.endswith(("er", "est")) and any(base != word for base in synonyms.base_forms(word)):
        return True
    return synonyms.mostly_verb(word)  # "countries that speak <a language>", "<shops> sell <goods>"


def _argument(a: Analysis, used: frozenset[int], i: int, step: int) -> Link | None:
    """The nearest used link before (step -1) or after (+1) the word at ``i``, a few words away."""
    j = i + step
    for _ in range(_GAP + 1):
        if not 0 <= j < len(a.tokens):
            return None
        link = a.link_at(j)
        if link is not None:
            return link if link.first in used else None
        j += step
    return None


def _tables(link: Link, tables: set[str]) -> set[str]:
    out = {c.table for c in link.candidates if c.kind in (TABLE, COLUMN, VALUE) and c.table in tables}
    return out | {c.metric.table for c in link.candidates if c.kind == METRIC and c.metric is not None}


def _relates(schema: Schema, keys: set[ForeignKey], tables: set[str], left: Link, right: Link, word: str,
             own: bool, filtered: set[tuple[str, str]]) -> bool:
    """Whether the verb relates what the two links name along the one way the query connects them;
    ``own``: the verb stands between them, so it may relate a row to a value of its own;
    ``filtered``: the columns the query keeps rows by."""
    for one in _tables(left, tables):
        for other in _tables(right, tables):
            if one == other:
                if own and _own_value(one, left, right, word):
                    return True
            elif one_way(schema, keys, one, other, word) \
                    and not _outcome_unsaid(schema, keys, filtered, (one, other), word):
                return True
    return False


# Verbs that say a row came to be ("placed", "booked"), whatever state it reached since: those that say
# it was written down, and those of getting or buying it.
_COMING_TO_BE = RECORDING_VERBS | {"ordered", "bought", "purchased", "had", "got", "taken", "took"}


def _outcome_unsaid(schema: Schema, keys: set[ForeignKey], filtered: set[tuple[str, str]], tables: tuple[str, str],
                    word: str) -> bool:
    """Whether the verb may say which outcome the related rows reached, and the query keeps them all:
    "patients who have missed appointments" beside appointments that are completed, cancelled or
    scheduled. A table whose rows end in states (a column of a few past participles) leaves a verb
    other than one of coming to be unexpressed by the join alone, so the reading is confirmed; a
    verb that names the key itself ("lost" of a crate's lost_on_voyage) is the key's."""
    if word in _COMING_TO_BE or any(_names(word, fk.column) for fk in _path(keys, *tables) or []):
        return False
    for name in tables:
        table = schema.table(name)
        for col in table.columns if table is not None else ():
            states = [v for v in col.values if isinstance(v, str) and v.lower().endswith("ed")]
            if len(states) >= 2 and (name, col.name) not in filtered:
                return True
    return False


# Verbs that only say where a row is: the place it is in is the whole of their meaning.
_WHERE_VERBS = frozenset({"live", "lives", "lived", "living", "reside", "resides", "residing", "located", "based",
                          "belong", "belongs", "belonged", "belonging",
                          "come", "comes", "hail", "hails", "situated"})


def _own_value(table: str, left: Link, right: Link, word: str) -> bool:
    """A row and a value or column of its own table: the filter is the relation when the verb
    names that column ("born in 1990" for birth_year), or when it only says where the row is
    ("live in", "come from") and the value can be in one column alone. Any other verb ("students
    who hate Oslo") says something the filter does not, so it stays unused."""
    named = [link for link in (left, right) if not any(c.kind == TABLE and c.table == table
                                                       for c in link.candidates)]
    if len(named) == 2 and word in _WHERE_VERBS:  # "which region is <a city> located in": the row by a value
        kinds = [{c.kind for c in link.candidates if c.table == table} for link in named]
        return any(VALUE in one and COLUMN in other for one, other in (kinds, kinds[::-1]))
    if len(named) != 1:
        return False
    columns = {c.column for c in named[0].candidates if c.kind in (COLUMN, VALUE) and c.table == table and c.column}
    return (len(columns) == 1 and word in _WHERE_VERBS) or any(_names(word, col) for col in columns)


def one_way(schema: Schema, keys: set[ForeignKey], one: str, other: str, word: str) -> bool:
    """Whether the query's joins connect two tables, every step along a key that is the only
    key between its two tables or that the word names ("" names none)."""
    path = [] if one == other else _path(keys, one, other)
    if path is None:
        return False
    for fk in path:
        between = [k for t in {fk.table, fk.ref_table} if (tb := schema.table(t)) is not None
                   for k in tb.foreign_keys if {k.table, k.ref_table} == {fk.table, fk.ref_table}]
        if len(set(between)) > 1 and not (word and _names(word, fk.column)):
            return False
    return True


def _path(keys: set[ForeignKey], start: str, goal: str) -> list[ForeignKey] | None:
    """The keys on the way from one table to another among the keys the query crosses."""
    todo: list[tuple[str, list[ForeignKey]]] = [(start, [])]
    seen = {start}
    while todo:
        here, path = todo.pop()
        for fk in keys:
            if here not in (fk.table, fk.ref_table):
                continue
            nxt = fk.ref_table if here == fk.table else fk.table
            if nxt == goal:
                return [*path, fk]
            if nxt not in seen:
                seen.add(nxt)
                todo.append((nxt, [*path, fk]))
    return None


def _names(word: str, column: str) -> bool:
    """Whether a verb names a column: one of its words by stem or by its base form ("lose" names a
    lost_on_voyage), or a word WordNet derives from the same root ("arriving" names an
    arrival_port_id). Synonyms are too loose for this: "live" shares a sense with "last", which
    would name every last_name."""
    words = {stem(base) for w in name_words(column) if w not in _WEAK for base in (w, *synonyms.base_forms(w))}
    return stem(word) in words or bool(_kin(word) & words)


# Nouns of a measure that English makes from a verb in no way WordNet's derivations list: what a
# thing weighs is its weight, what it can carry or hold is its capacity.
_MEASURE_OF_VERB = {"weigh": ("weight",), "carry": ("capacity",), "hold": ("capacity",), "seat": ("capacity",),
                    "accommodate": ("capacity",)}


@lru_cache(maxsize=1024)
def _derived(word: str) -> frozenset[str]:
    """The words WordNet derives from the word's root ("earn" -> earnings, "arriving" -> arrival)."""
    if not synonyms.available():
        return frozenset()
    root = stem(word)
    bases = {word, root, root + "e", *synonyms.base_forms(word)}
    return frozenset(x for base in bases for x in (*synonyms.related(base), *_MEASURE_OF_VERB.get(base, ())))


@lru_cache(maxsize=1024)
def _kin(word: str) -> frozenset[str]:
    """The stems of the words WordNet derives from the word's root."""
    return frozenset(stem(x) for x in _derived(word))


@lru_cache(maxsize=1024)
def _kin_synonyms(word: str) -> frozenset[str]:
    """The stems of the synonyms of the nouns WordNet derives from a verb: "earn" -> earnings ->
    salary, wage, pay. Two steps from the word: read only where the verb says how a number is compared."""
    return frozenset(stem(w) for d in _derived(word) for other in synonyms.synonyms(d) for w in other.split())


def _verb_kin(a: Analysis, v: int) -> frozenset[str]:
    """The kin of the word at ``v`` when it can be a verb saying what a comparison after it compares:
    a word that names nothing and is no function word (empty otherwise)."""
    if v < 0 or a.link_at(v) is not None or a.tokens[v].text in STOPWORDS:
        return frozenset()
    return _kin_synonyms(a.tokens[v].text)


def verb_compared(a: Analysis, v: int, table: Table) -> str | None:
    """The one numeric column of the table a verb names through a synonym of the noun it derives
    ("earning" -> salary), said right before a comparison that names no column."""
    kin = _verb_kin(a, v)
    named = [col.name for col in table.columns if kin and col.is_numeric and not col.primary_key
             and col.name not in table.fk_columns and _all_kin(col.name, kin)]
    return named[0] if len(named) == 1 else None


def verb_names_column(a: Analysis, v: int, column: str) -> bool:
    """Whether the verb at ``v``, linked to nothing, derives a word of the column's name ("weigh":
    weight_kg) or a synonym of one (what "earning" says of a salary)."""
    if v < 0 or a.link_at(v) is not None or a.tokens[v].text in STOPWORDS:
        return False
    kin = _kin(a.tokens[v].text) | _verb_kin(a, v)
    return bool({stem(w) for w in name_words(column) if w not in _WEAK} & kin)


def _all_kin(column: str, kin: frozenset[str]) -> bool:
    """Whether every word of a column's name is one of the verb's kin ("salary" for "earn"; not
    "freight_cost" for "loaded", whose cost the verb does not say)."""
    words = {stem(w) for w in name_words(column) if w not in _WEAK}
    return bool(words) and words <= kin


def _compared_columns(spec: QuerySpec) -> list[str]:
    """The columns the query compares with a value: what a verb or its kin may name again."""
    return [f.column.column for f in spec.filters if f.op in (">", "<", ">=", "<=", "between", "=")]


def compared_by_verb(a: Analysis, spec: QuerySpec, used: frozenset[int]) -> set[int]:
    """ "employees earning over 9000": the verb right before a comparison says what is compared, when a
    synonym of the noun it derives names the compared column (salary for "earning")."""
    compared = _compared_columns(spec)
    return {c.first - 1 for c in a.comparisons if c.first - 1 not in used
            and any(_all_kin(column, _verb_kin(a, c.first - 1)) for column in compared)}


def kin_of_compared(a: Analysis, spec: QuerySpec, used: frozenset[int]) -> set[int]:
    """ "films that cost more than $25 to replace": a word that names nothing, whose WordNet kin is a
    word of the name of a column the query compares (replacement_cost), says that column again."""
    words = {stem(w) for column in _compared_columns(spec) for w in name_words(column) if w not in _WEAK}
    return {i for i, t in enumerate(a.tokens) if i not in used and a.link_at(i) is None and t.text not in STOPWORDS
            and t.text.isalpha() and len(t.text) >= 4 and words & _kin(t.text)}
