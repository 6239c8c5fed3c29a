"""Yes/no columns named by their adjective: "retired horses", "lamps that are not sold out",
"inactive members", "cabins that have a stove".

A column that holds only yes and no (a boolean, a text column of Y/N or yes/no, or an integer whose
name reads as a predicate: ``retired``, ``is_open``, ``has_stove``) is a condition when the question
says its name as an adjective: before the rows' table word, after a form of "be", or after
"have"/"with" for a ``has_`` column. A negation just before it, or a prefix that negates it
("inactive" for ``is_active``), asks for the no rows. Where its name is said as a column to show,
group or sort by ("the retired flag", "by retired"), it is left to those readers.
"""

from __future__ import annotations

from nl2sql.engines.builtin.analysis import JOINING_A_DENIAL, Analysis, denies_keeping
from nl2sql.engines.builtin.events import IRREGULAR_PARTICIPLES
from nl2sql.engines.builtin.reader import Claims, ReadContext
from nl2sql.engines.builtin.resolve import is_stored
from nl2sql.engines.builtin.spec import Filter
from nl2sql.engines.builtin.yes_no import PARTICIPLE_FORMS, Flag, flag_noun, flag_of
from nl2sql.linking.lexicon import COLUMN, TABLE, VALUE, Link, phrase_key
from nl2sql.linking.text import name_words, stem

_OWNING_HEADS = frozenset({"has", "have", "with", "include", "includes", "allow", "allows", "accepts", "uses"})
_COPULAS = frozenset({"is", "are", "was", "were", "be", "been", "being", "become", "became", "remain", "remains",
                      "currently", "still", "now", "also", "marked", "flagged", "listed", "set", "as"})
_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her", "each", "every"})
# Who did what a flag says: "products we (have) discontinued", "have they withdrawn".
_DOERS = frozenset({"we", "they", "you", "i", "we've", "they've", "you've"})
_NOT_BE = frozenset({"isn't", "aren't", "wasn't", "weren't"})
_PREFIXES = ("non", "un", "in", "im")  # "inactive", "unverified", "nonexempt"
# Words after a column's name that make it a column to show ("the retired flag"), not a condition.
_NAMING_WORDS = frozenset({"status", "flag", "flags", "column", "field", "value", "values", "indicator", "setting"})
_GROUPING_WORDS = frozenset({"by", "per", "each", "of", "sort", "sorted", "order", "ordered", "group", "grouped"})


def flag_filters(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> list[Filter]:
    """Conditions on the yes/no columns the question names as adjectives, and the words they used."""
    a, out = ctx.a, []
    for link in a.links:
        if c.taken(link.first):
            continue
        flag = _flag_named(ctx, link, entity, in_play)
        if flag is not None and (kept := _kept_too(a, link)) is not None:
            c.claim(link, "flag", *kept)  # "comps included": those rows are not left out, nor kept alone
            continue
        if flag is None or not _as_condition(ctx, link, flag):
            continue
        # "<value> is not the official <column>" denies the whole statement, not the flag: left to
        # the negation's readers
        denied = _negation_before(ctx, link.first) if a.word(link.first - 1) != "the" \
            or a.word(link.first - 2) in _EXCLUDING or denies_keeping(a, link.first - 2) \
            or _ends_negation(a, link.first - 2) \
            or _opens_with_not(ctx, link.first - 2) else ()
        words = {*range(link.first, link.last + 1), *denied}
        out.append(Filter(flag.ref, "=", (flag.no if denied else flag.yes,), words=frozenset(words)))
        c.claim(link, "flag", *denied)
        _doubt(c, flag)
    return out + _prefixed_flags(ctx, c, entity, in_play) + _deed_flags(ctx, c, entity, in_play)


_KEPT_TOO = frozenset({"included", "including", "inclusive"})


def _kept_too(a: Analysis, link: Link) -> tuple[int, ...] | None:
    """The words saying the flagged rows count too ("comps included", "including refunds"), when said."""
    if a.word(link.last + 1) in _KEPT_TOO:
        return (link.last + 1,)
    if a.word(link.first - 1) in _KEPT_TOO:
        return (link.first - 1,)
    return None


def _flag_named(ctx: ReadContext, link: Link, entity: str, in_play: set[str]) -> Flag | None:
    """The yes/no column a link names on the main table (or a table in play), if that is its best
    reading; or the plural noun of one of the rows the main rows belong to ("repairs from couriers":
    the rider's ``is_courier``)."""
    best = max((cand.score for cand in link.candidates), default=0.0)
    owners = {fk.ref_table for fk in ctx.table(entity).foreign_keys}
    token = ctx.a.tokens[link.last]
    # "repairs from couriers", "made by couriers", "repairs couriers booked": never beside a denial
    agent = ctx.a.word(link.first - 1) in ("from", "by") or ctx.a.word(link.last + 1).endswith("ed")
    for cand in link.of_kind(COLUMN):
        owner = cand.table in owners and link.first == link.last and token.text != token.norm and agent \
            and not ctx.a.negations and not (_EXCLUDING | {"excluded"}) & {t.text for t in ctx.a.tokens}
        if cand.score < best or (cand.table != entity and cand.table not in in_play and not owner):
            continue
        table = ctx.table(cand.table)
        col = table.column(cand.column or "")
        if col is None or (flag := flag_of(table, col)) is None:
            continue
        if cand.table == entity or cand.table in in_play or flag_noun(col.name) == (token.norm,):
            return flag
    return None


def _as_condition(ctx: ReadContext, link: Link, flag: Flag) -> bool:
    """Whether the name stands as an adjective of the rows: before their table word or a plural of
    another of their columns, after "be" (or a negation of it), or after "have"/"with" for a column
    of what a row has."""
    a = ctx.a
    before, after = a.word(link.first - 1), a.word(link.last + 1)
    rows_of = _rows_after_of(ctx, link, flag)
    if after in _NAMING_WORDS or (before in _GROUPING_WORDS and not rows_of):
        return False  # "by retired", but "the email of contractors" names the rows
    if after in ("ones", "one") or link.first - 1 in a.negations:
        return True  # "only the active ones", "(not discontinued)": the rows, by the flag
    if _names_the_rows(ctx, link, flag):
        return True  # "which contractors ...": the rows the flag says are contractors
    nxt = a.link_at(link.last + 1)
    if nxt is not None and nxt.of_kind(TABLE) and ctx.names_table(nxt):
        return True  # "retired horses"
    if nxt is not None and _rows_by_column(ctx, nxt, flag, before in _DETERMINERS):
        return True  # "official languages", "the official language": rows said by another of their columns
    if _before_kinds(ctx, link, flag):
        return True  # "neutered cats", "the neutered female cats": a kind of the rows, said by a stored value
    k = link.first - 1
    while k >= 0 and (k in a.negations or a.word(k) in ("not", "no", "a", "an", "any") or _no_longer(ctx, k)):
        if a.word(k) in _NOT_BE or (a.word(k) == "without" and _owning(flag)):
            return True  # "which horses aren't retired", "horses without a saddle"
        k -= 1
    if a.word(k) in _COPULAS:
        return True  # "horses that are (not) retired"
    if a.word(k) in _DOERS:
        return True  # "how many products have we discontinued": the state, said as what we did
    return _owning(flag) and a.word(k) in ("have", "has", "had", "with", "having", "offer", "offers", "include",
                                           "includes")


def _rows_after_of(ctx: ReadContext, link: Link, flag: Flag) -> bool:
    """ "the email of contractors", "repairs made by couriers": the flagged rows, named after "of" or
    after the "by" of who did something."""
    before, verb = ctx.a.word(link.first - 1), ctx.a.word(link.first - 2)
    agent = before == "by" and (verb.endswith("ed") or verb in IRREGULAR_PARTICIPLES)
    return (before == "of" or agent) and _names_the_rows(ctx, link, flag)


def _names_the_rows(ctx: ReadContext, link: Link, flag: Flag) -> bool:
    """Whether the link is the flag's noun in the plural ("contractors" for ``is_contractor``): rows
    called by what the flag says they are."""
    token = ctx.a.tokens[link.last]
    return link.first == link.last and token.text != token.norm and flag_noun(flag.ref.column) == (token.norm,)


def _rows_by_column(ctx: ReadContext, link: Link, flag: Flag, determined: bool) -> bool:
    """Whether ``link`` names another column of the flag's table, in the plural or after a
    determiner: the rows called by what they hold ("official languages", "the official language"
    where each row has a language and an official flag)."""
    token = ctx.a.tokens[link.last]
    return (determined or token.text != token.norm) and any(
        cand.table == flag.ref.table and cand.column != flag.ref.column and cand.score >= 1.0
        for cand in link.of_kind(COLUMN))


def _before_kinds(ctx: ReadContext, link: Link, flag: Flag) -> bool:
    """Whether the flag's name comes right before stored values of its table that say what kind the
    rows are ("neutered cats", "neutered female cats")."""
    nxt = ctx.a.link_at(link.last + 1)
    kinds = 0
    while nxt is not None and any(c.table == flag.ref.table and c.score >= 0.8 for c in nxt.of_kind(VALUE)):
        kinds += 1
        nxt = ctx.a.link_at(nxt.last + 1)
    return kinds > 0


def _owning(flag: Flag) -> bool:
    """Whether the column says what a row has (``has_saddle``, or a boolean named by a thing)."""
    return name_words(flag.ref.column)[0] in _OWNING_HEADS or isinstance(flag.yes, bool)


# Words that leave rows out, as a negation does: "drop the cancelled ones", "without the retired".
_EXCLUDING = frozenset({"exclude", "excluding", "drop", "without", "except", "minus", "remove", "omit", "omitting",
                        "skip", "hide"})


def _negation_before(ctx: ReadContext, first: int) -> tuple[int, ...]:
    """The negation just before a flag's name ("not retired", "aren't retired", "non retired",
    "drop the cancelled ones")."""
    a = ctx.a
    for k in range(first - 1, max(-1, first - 6), -1):  # "drop anything which was withdrawn"
        # the last word of a negation of several ("leave out the cancelled ones") stands for it
        denial = next((n for n in a.negations if n == k or k in a.span(n)), None)
        if denial is not None or a.word(k) in _EXCLUDING:
            return (k if denial is None else denial,)
        if _no_longer(ctx, k):
            return (k - 1, k)
        if denies_keeping(ctx.a, k):
            return (k - 1, k)  # "don't count the vip ones": leave them out
        if a.word(k) not in _COPULAS and a.word(k) not in JOINING_A_DENIAL and a.word(k) not in ("a", "an"):
            return ()
    return ()


def _ends_negation(a: Analysis, k: int) -> bool:
    """ "leaving out the cancelled ones": the last word of a negation of several words, which excludes
    what follows as "excluding" does."""
    return any(k in a.span(n) and k != n for n in a.negations)


def _opens_with_not(ctx: ReadContext, k: int) -> bool:
    """ "not the hygienists", "but not the retired ones": a negation opening the line or its last
    clause denies the rows that follow, not a statement about them."""
    a = ctx.a
    opening = next((n for n in a.negations if n == k or k in a.span(n)), None)  # "leave out the ..."
    return opening is not None and (opening == 0 or a.word(opening - 1) in ("but", "and", ","))


def _no_longer(ctx: ReadContext, k: int) -> bool:
    """ "no longer active": a negation of two words."""
    return ctx.a.word(k) == "longer" and ctx.a.word(k - 1) == "no"


def _prefixed_flags(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> list[Filter]:
    """ "inactive members", "unverified accounts": a word linked to nothing that is a negating prefix
    and the name of a yes/no column, before the rows' table word or after "be"."""
    out = []
    for i in range(len(ctx.a.tokens)):
        flag = negated_flag(ctx, i, entity, in_play)
        if flag is None:
            continue
        out.append(Filter(flag.ref, "=", (flag.no,), words=frozenset((i,))))
        c.used.add(i)
        _doubt(c, flag)
    return out


def negated_flag(ctx: ReadContext, i: int, entity: str, in_play: set[str]) -> Flag | None:
    """The yes/no column a word negates by its prefix ("inactive" of ``active``), said as a condition
    of the rows; the word may also be a value of a view ("inactive" in its notes), which a view's
    selection of rows does not keep from the table's own column."""
    a = ctx.a
    token = a.tokens[i]
    prefix = next((p for p in _PREFIXES if token.text.startswith(p) and len(token.text) > len(p) + 3), None)
    if prefix is None or a.lexicon is None or i in a.cues or not _free(ctx, a.link_at(i)):
        return None
    cands = tuple(cand for cand in a.lexicon.lookup(phrase_key(token.text[len(prefix):])) if cand.kind == COLUMN)
    flag = _flag_named(ctx, Link(i, i, cands), entity, in_play) if cands else None
    return flag if flag is not None and _as_condition(ctx, Link(i, i, cands), flag) else None


def _free(ctx: ReadContext, link: Link | None) -> bool:
    """Whether a word is linked to nothing but values of views: still free to negate a table's yes/no."""
    return link is None or all(cand.kind == VALUE and not is_stored(ctx.schema, cand.table) for cand in link.candidates)


# How far a yes/no's verb may stand from its noun: "done their induction", "induction is done".
_DEED_REACH = 3
# Words after the deed that say it has not happened: "haven't done their induction yet".
_NOT_YET_WORDS = frozenset({"yet"})


def _deed_flags(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> list[Filter]:
    """ "members who have done their induction", "haven't paid the deposit yet": a yes/no named by a
    noun and the participle of what is done to it (``induction_done``, ``deposit_paid``), said as
    the noun beside a form of that verb; denied, it asks for the rows where it is not."""
    a, out = ctx.a, []
    for link in a.links:
        if c.taken(link.first):
            continue
        flag = _flag_named(ctx, link, entity, in_play)
        words = name_words(flag.ref.column) if flag is not None else ()
        deed = words[-1] if len(words) > 1 and (words[-1] in PARTICIPLE_FORMS or words[-1].endswith("ed")) else None
        if flag is None or deed is None or deed in _COPULAS:
            continue
        forms = PARTICIPLE_FORMS.get(deed, (deed,))
        # the verb beside the noun, or said with it as the column's whole name ("induction done")
        verb = next((k for k in range(max(0, link.first - _DEED_REACH), link.last + _DEED_REACH + 1)
                     if (a.word(k) in forms or (deed.endswith("ed") and stem(a.word(k)) == stem(deed)))
                     and (not link.first <= k <= link.last or link.first < link.last)), None)
        if verb is None or c.taken(verb):
            continue
        denied = [n for n in a.negations if 0 < verb - n <= 3 or 0 < link.first - n <= 3]
        yet = [k for k in range(link.last + 1, link.last + 3) if a.word(k) in _NOT_YET_WORDS]
        said = frozenset({*range(link.first, link.last + 1), verb, *denied, *yet})
        out.append(Filter(flag.ref, "=", (flag.no if denied else flag.yes,), words=said))
        c.claim(link, "flag", verb, *denied, *yet)
        _doubt(c, flag)
    return out


def _doubt(c: Claims, flag: Flag) -> None:
    """A number read as yes/no by its name alone may count instead ("killed": how many): said as a doubt."""
    if not flag.sure:
        c.doubts.append(f"read {flag.ref.column.replace('_', ' ')} as yes (1) or no (0)")
