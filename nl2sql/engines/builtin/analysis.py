"""Read a question into cues: date ranges, comparisons, links, and the words that say what to do.

The analysis knows the schema only through the lexicon and says nothing about which table is
the main one; ``builder`` (new questions) and ``edits`` (follow-ups) interpret it, so that both
read text the same way.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from types import MappingProxyType

from nl2sql.db.schema import DATE
from nl2sql.engines.builtin.contains import Contains, find_contains
from nl2sql.engines.builtin.cues import family as cue_family
from nl2sql.engines.builtin.cues import words as cue_words
from nl2sql.engines.builtin.dates import DateMatch, DateRange, find_dates
from nl2sql.engines.builtin.event_waits import wait_links
from nl2sql.engines.builtin.net_of import net_of_discount
from nl2sql.linking.lexicon import (
    COLUMN,
    DOMAIN,
    EXACT,
    METRIC,
    TABLE,
    VALUE,
    Candidate,
    Lexicon,
    Link,
    case_marks,
    phrase_key,
)
from nl2sql.linking.text import (
    STOPWORDS,
    Token,
    function_phrases,
    function_positions,
    name_words,
    number_value,
    singular,
    tokenize,
)
from nl2sql.profile.roles import UNITS, unit_of

# The cue words, from the cue table (cues.toml): one definition for new questions and follow-ups.
AGGREGATE_WORDS = {word: cue.effect["func"] for word, cue in cue_words("aggregate").items()}
# Superlatives: (descending, concept) where concept names what is compared when no column is said.
SUPERLATIVES = {word: (cue.effect["descending"], cue.effect.get("concept"))
                for word, cue in cue_words("superlative").items()}
# Superlatives of two words that say what they compare ("most expensive", "least common").
SUPERLATIVE_PAIRS = {phrase: (cue.effect["descending"], cue.effect.get("concept"))
                     for cue in cue_family("superlative") for phrase in cue.phrases if len(phrase) == 2}
# Comparators, longest first: words, operator, concept of the compared column (None: from context).
COMPARATORS: list[tuple[tuple[str, ...], str, str | None]] = sorted(
    [(phrase, cue.effect["op"], cue.effect.get("concept")) for cue in cue_family("comparator")
     for phrase in cue.phrases], key=lambda c: -len(c[0]))
COUNT_PHRASES = [phrase for cue in cue_family("count") for phrase in cue.phrases]
GROUP_WORDS = {w for w, cue in cue_words("group").items() if not cue.effect.get("by_values")}
# "compare ... for X and Y", "X versus Y": an aggregate per value said, not one over them all
COMPARE_WORDS = frozenset(w for w, cue in cue_words("group").items()
                          if cue.effect.get("by_values") and "descending" not in cue.effect)
# "X or Y, which has more <rows>": the one of the values said with the most (or fewest), by direction
MORE_WORDS = {w: cue.effect["descending"] for w, cue in cue_words("group").items() if "descending" in cue.effect}
# The largest LIMIT every engine takes (a signed 64-bit integer): "top 10^100" means every row.
MAX_LIMIT = 2**63 - 1
BUCKETS = {word: cue.effect["unit"] for word, cue in cue_words("bucket").items()}
# Buckets said in several words ("hour of the day"), longest first: read before their last word is
# read alone ("the day" would bucket by date).
BUCKET_PHRASES = sorted(((phrase, cue.effect["unit"]) for cue in cue_family("bucket") for phrase in cue.phrases
                         if len(phrase) > 1), key=lambda p: -len(p[0]))
NEGATIONS = set(cue_words("negation"))
# Negations of several words ("other than"): the first word is the negation, the rest are taken.
NEGATION_PHRASES = [phrase for cue in cue_family("negation") for phrase in cue.phrases if len(phrase) > 1]
SHARE_WORDS = set(cue_words("share"))
DISTINCT_WORDS = set(cue_words("distinct"))
WRITE_VERBS = {"delete", "remove", "drop", "update", "insert", "truncate", "alter", "create", "modify",
               "erase", "wipe", "purge", "rename", "replace", "add", "change", "set"}
PROJECTION_CUES = set(cue_words("projection"))
# Sort directions, and the words that turn a sort round ("reverse", "flip"): one list for the sort
# phrases of a question and the edits of a follow-up.
DIRECTIONS = {word: cue.effect["descending"] for word, cue in cue_words("direction").items()
              if "descending" in cue.effect}
REVERSE_WORDS = frozenset(word for word, cue in cue_words("direction").items() if cue.effect.get("reverse"))


# Words that are never typos of a stored value: cue words and words without content.
NO_FUZZY = frozenset(
    STOPWORDS | set(AGGREGATE_WORDS) | set(SUPERLATIVES) | GROUP_WORDS | set(BUCKETS) | NEGATIONS
    | DISTINCT_WORDS    | WRITE_VERBS | {w for phrase, _op, _c in COMPARATORS for w in phrase}
    | {"sort", "sorted", "order", "ordered", "first", "last", "filter", "instead", "ones", "than", "show", "list"}
)


@dataclass(frozen=True)
class Comparison:
    """A comparison in the question ("more than 5", "above average") and where its column may be named."""
    first: int
    last: int
    op: str
    values: tuple[float, ...]
    concept: str | None  # "price" for "more expensive than"
    after: int  # index of the first token after the number(s), where the compared column may follow
    inner: int | None = None  # a column named inside the comparator: "a greater <column> than N"
    against: str | None = None  # "avg": compared with the column's average over its table, not a number

    @property
    def span(self) -> frozenset[int]:
        """The comparator's words and its number(s); a column named inside it is the column's."""
        return frozenset(range(self.first, self.last + 1)) - {self.inner}


@dataclass(frozen=True)
class Superlative:
    """"the most", "the cheapest": one row (or a few) at the end of an order."""
    index: int
    descending: bool
    concept: str | None


@dataclass(frozen=True)
class SortCue:
    """Words that ask for an order, with what to order by when they name it."""
    index: int  # position of the sort target (a link's first token) or -1
    descending: bool | None
    # "date", "count", "name", "aggregate", "level" (a number: "from high to low") or None: the linked column at index
    concept: str | None
    span: frozenset[int] = frozenset()  # the words that asked for the sort


@dataclass(frozen=True)
class Analysis:
    """A line read into cues and links; frozen, so every reading step sees the same thing.

    ``cues`` are the tokens read as cue words before linking (linking skips them); ``spans``
    maps the anchor of an aggregate, superlative or bucket cue to all of its words, so that a
    reading can say which words the query it built used.
    """

    text: str
    tokens: tuple[Token, ...]
    dates: tuple[DateMatch, ...] = ()
    comparisons: tuple[Comparison, ...] = ()
    links: tuple[Link, ...] = ()
    count: bool = False
    count_index: int = -1
    count_span: frozenset[int] = frozenset()
    aggregates: tuple[tuple[str, int], ...] = ()  # (func, token index)
    group_words: tuple[int, ...] = ()  # token index of per/by/each
    buckets: tuple[tuple[str, int], ...] = ()
    superlatives: tuple[Superlative, ...] = ()
    sorts: tuple[SortCue, ...] = ()
    limit: int | None = None
    limit_from_top: bool | None = None  # True: top N, False: bottom N, None: first N
    limit_span: frozenset[int] = frozenset()
    distinct: bool = False
    distinct_at: frozenset[int] = frozenset()
    negations: frozenset[int] = frozenset()
    projection_cue: int = -1  # index of "just"/"only" before column names
    write_verb: str | None = None
    frame: frozenset[int] = frozenset()  # the leading request verb ("show", "list")
    cues: frozenset[int] = frozenset()
    spans: Mapping[int, frozenset[int]] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    lexicon: Lexicon | None = field(default=None, compare=False)  # for phrases read after linking
    share: frozenset[int] = frozenset()  # "percentage of", "share of": what part of the rows match
    contains: tuple[Contains, ...] = ()  # pieces of text a column holds ("whose name contains 'Al'")
    today: date | None = None  # the day relative words count from ("overdue": due before it)

    def word(self, i: int) -> str:
        return self.tokens[i].text if 0 <= i < len(self.tokens) else ""

    def span(self, anchor: int) -> frozenset[int]:
        """All words of the cue anchored at ``anchor`` ("how much", "most expensive", "per month")."""
        return self.spans.get(anchor, frozenset((anchor,)))

    def link_at(self, i: int) -> Link | None:
        for link in self.links:
            if link.first <= i <= link.last:
                return link
        return None

    def next_link(self, i: int, max_gap: int = 3) -> Link | None:
        """The first link starting after token i, skipping at most ``max_gap`` stopwords."""
        gap = 0
        for j in range(i + 1, len(self.tokens)):
            link = self.link_at(j)
            if link:
                return link
            if self.tokens[j].text not in STOPWORDS and self.tokens[j].text not in DISTINCT_WORDS:
                return None
            gap += 1
            if gap > max_gap:
                return None
        return None

    def prev_link(self, i: int, max_gap: int = 3) -> Link | None:
        gap = 0
        for j in range(i - 1, -1, -1):
            link = self.link_at(j)
            if link:
                return link
            if self.tokens[j].text not in STOPWORDS and self.tokens[j].text not in ("than",):
                return None
            gap += 1
            if gap > max_gap:
                return None
        return None

    @cached_property
    def function_words(self) -> frozenset[int]:
        """Words with no content of their own: stopwords and the words of function phrases. "one"
        is a stopword for "the one with ..." but a number in "only one <row>", "exactly one"."""
        phrases = function_positions(self.tokens)
        codes = {i for i in case_marks(list(self.tokens))  # "US" for a stored country; "OR" is still "or"
                 if self.tokens[i].original.isupper() and self.link_at(i) is not None}
        return frozenset(i for i, t in enumerate(self.tokens) if (t.text in STOPWORDS or i in phrases)
                         and not (t.text == "one" and self.word(i - 1) in ("only", "exactly", "just"))
                         and i not in codes)

    @cached_property
    def read(self) -> frozenset[int]:
        """Tokens the analysis itself made sense of: cue words and linked words."""
        linked = {i for link in self.links for i in range(link.first, link.last + 1)}
        return self.cues | linked | self.frame | set(self.group_words) | self.negations

    def unread(self, used: frozenset[int] = frozenset()) -> list[str]:
        """Content words neither the analysis nor a reading (``used``) made sense of."""
        known = self.read | used
        return [t.text for i, t in enumerate(self.tokens)
                if i not in known and i not in self.function_words and not t.is_number]


@dataclass
class _Scratch:
    """The analysis while it is being read, word class by word class; frozen by ``analyse``."""

    tokens: list[Token]
    lexicon: Lexicon | None = None
    dates: list[DateMatch] = field(default_factory=list)
    comparisons: list[Comparison] = field(default_factory=list)
    count: bool = False
    count_index: int = -1
    count_span: set[int] = field(default_factory=set)
    aggregates: list[tuple[str, int]] = field(default_factory=list)
    group_words: list[int] = field(default_factory=list)
    buckets: list[tuple[str, int]] = field(default_factory=list)
    superlatives: list[Superlative] = field(default_factory=list)
    sorts: list[SortCue] = field(default_factory=list)
    limit: int | None = None
    limit_from_top: bool | None = None
    limit_span: set[int] = field(default_factory=set)
    distinct: bool = False
    distinct_at: set[int] = field(default_factory=set)
    negations: set[int] = field(default_factory=set)
    projection_cue: int = -1
    write_verb: str | None = None
    frame: set[int] = field(default_factory=set)
    used: set[int] = field(default_factory=set)
    spans: dict[int, frozenset[int]] = field(default_factory=dict)
    share: set[int] = field(default_factory=set)

    def take(self, anchor: int, *indices: int) -> None:
        """Mark a cue's words read, remembering them under the cue's anchor."""
        self.used.update(indices)
        self.spans[anchor] = frozenset(indices)


def _match_words(words: list[str], i: int, phrase: tuple[str, ...]) -> bool:
    return tuple(words[i:i + len(phrase)]) == phrase


_DETERMINERS = (["their"], ["the"], ["its"], ["his"], ["her"], ["a"], ["an"], ["each"], ["every"])
_LEADING_VERBS = {"show", "list", "give", "find", "get", "display", "tell", "return", "select", "print", "compute",
                  "calculate", "determine", "identify"}


def _hyphened(text: str, word: str) -> bool:
    """Whether the word is said as the first piece of a hyphened one ("add-on sales"): a noun."""
    return re.search(rf"\b{re.escape(word)}-\w", text, re.IGNORECASE) is not None


def analyse(text: str, lexicon: Lexicon, today: date) -> Analysis:
    tokens = tokenize(text)
    a = _Scratch(tokens, lexicon)
    words = [t.text for t in tokens]
    content = [w for w in words if w not in ("please", "can", "you", "could", "would")]
    if content and content[0] in WRITE_VERBS and not _hyphened(text, content[0]):
        a.write_verb = content[0]
    lead = 1 if words[:1] == ["please"] else 0
    if words[:1] == ["among"] and "," in text:  # "among <rows with a condition>, which ...": the rows, said first
        a.used.add(0)
        a.frame.add(0)
    if len(words) > lead and words[lead] in _LEADING_VERBS and not tokens[lead].quoted \
            and words[lead + 1:lead + 2] != ["of"]:
        a.used.add(lead)  # a leading request verb, even where a table has that name
        a.frame.add(lead)
    if words[lead:lead + 1] in (["add"], ["include"]) and words[lead + 1:lead + 2] in _DETERMINERS:
        a.used.add(lead)  # "add their email": the verb of a follow-up, though a table is named AddOns

    for match in find_dates(tokens, today):
        if _value_not_year(words, match, lexicon):
            continue
        a.dates.append(match)
        a.used.update(range(match.first, match.last + 1))

    contains = find_contains(tokens, a.used)
    for cue in contains:
        a.used.update(cue.span)
    named = _named_whole(tokens, a.used, lexicon)
    held = {i for link in named for i in range(link.first, link.last + 1)}
    a.used.update(held)
    _read_sorts(a, words)
    _read_direction_ranges(a, words)
    _merge_directions(a, words)
    _read_limits(a, words, lexicon)
    _read_next_one(a, words, lexicon, today)
    _read_comparisons(a, words)
    _read_cue_words(a, words, lexicon)
    net = net_of_discount(words, lexicon.schema)  # "after discounts": how the money is counted
    a.used |= net
    a.frame |= net
    links = [link for link in lexicon.link(tokens, a.used | function_phrases(tokens), skip_fuzzy=NO_FUZZY)
             if not _agent_verb(words, link) and not _our_spending(words, link)]
    a.used -= held
    links = sorted([*links, *named], key=lambda link: link.first)
    links = _without_asked_units(words, links, lexicon)
    links = _counted_column(a, words, links, lexicon)
    links = _amount_of(words, links)
    links = _measure_nouns(words, links, lexicon)
    links = _dates_said_whole(words, links, lexicon)
    return Analysis(
        text, tuple(tokens), tuple(a.dates), tuple(a.comparisons), tuple(links), a.count, a.count_index,
        frozenset(a.count_span), tuple(a.aggregates), tuple(a.group_words), tuple(a.buckets), tuple(a.superlatives),
        tuple(a.sorts), a.limit, a.limit_from_top, frozenset(a.limit_span), a.distinct, frozenset(a.distinct_at),
        frozenset(a.negations), a.projection_cue, a.write_verb, frozenset(a.frame), frozenset(a.used),
        MappingProxyType(dict(a.spans)), lexicon, frozenset(a.share), tuple(contains), today,
    )


def _named_whole(tokens: list[Token], used: set[int], lexicon: Lexicon) -> list[Link]:
    """Phrases linked whole before single words are: names holding a cue word, the wait before an
    event ("time to first reply"), a person's first name."""
    named = _names_holding_cues(tokens, used, lexicon)
    taken = used | {i for link in named for i in range(link.first, link.last + 1)}
    named += wait_links(tokens, taken, lexicon)
    taken |= {i for link in named for i in range(link.first, link.last + 1)}
    # a first name alone ("Kim"), not a part of a whole name said ("Kim Lee"); first in the line, with
    # an 's ("Kim's jobs")
    marked = case_marks(tokens) | {0 for t in tokens[:1] if t.capitalised and t.possessive}
    named += [Link(i, i, (*found, *lexicon.lookup(phrase_key(t.text))), strong=True) for i, t in enumerate(tokens)
              if i in marked and i not in taken and i - 1 not in marked and i + 1 not in marked
              and (found := lexicon.given_name(t.text) or _piece_of_a_name(lexicon, t))]
    return sorted(named, key=lambda link: link.first)


def _piece_of_a_name(lexicon: Lexicon, token: Token) -> list[Candidate]:
    """A capitalised word that is no name by itself ("Vivaro"): the stored names it is part of."""
    return lexicon.name_piece(token.text) if not lexicon.lookup(phrase_key(token.text)) else []


def _without_asked_units(words: list[str], links: list[Link], lexicon: Lexicon) -> list[Link]:
    """The unit of "<measure> in minutes" asks the unit of the answer, when the measure is kept in a
    unit of that kind: no column of its own (though a column kept in minutes is called "minutes")."""
    out: list[Link] = []
    for link in links:
        i = link.first
        dimension = next((dim for dim, units in UNITS.items() if words[i] in units or singular(words[i]) in units),
                         None)
        before = out[-1] if out else None
        if dimension is not None and link.last == i and i >= 2 and words[i - 1] in ("in", "as") \
                and before is not None and before.last == i - 2 and _measured_in(before, dimension, lexicon):
            continue
        out.append(link)
    return out


def _measured_in(link: Link, dimension: str, lexicon: Lexicon) -> bool:
    for cand in link.of_kind(COLUMN):
        table, col = lexicon.schema.table(cand.table), lexicon.column_of(cand)
        if table is not None and col is not None and (unit := unit_of(table, col)) is not None \
                and unit.dimension == dimension:
            return True
    return False


# Cue words that a column's name can hold in its middle: "hours per week" is hours_per_week, no grouping.
_NAME_CUES = frozenset({"per"})


def _names_holding_cues(tokens: list[Token], used: set[int], lexicon: Lexicon) -> list[Link]:
    """Column names said whole with a cue word inside ("hours per week" for ``hours_per_week``):
    linked before the cue readers see the word, which is then the name's, not a cue."""
    out: list[Link] = []
    taken = set(used)
    for i in range(1, len(tokens) - 1):
        if tokens[i].text not in _NAME_CUES or {i - 1, i, i + 1} & taken:
            continue
        key = " ".join(t.norm for t in tokens[i - 1:i + 2])
        cands = tuple(c for c in lexicon.lookup(key) if c.kind == COLUMN and c.score >= 1.0)
        if cands:
            out.append(Link(i - 1, i + 1, cands))
            taken.update((i - 1, i, i + 1))
    return out


def _counted_column(a: _Scratch, words: list[str], links: list[Link], lexicon: Lexicon) -> list[Link]:
    """ "the number of <x>" where <x> names only a number column ("number of people" for a
    population, "number of goods" for number_products): the column already holds the count, so
    the phrase names it and counts no rows ("the total number of" and "how many" sum it). The
    column's link takes the phrase's words."""
    if not a.count:
        return _averaged_count_column(words, links, lexicon)
    if words[a.count_index] not in ("number", "total", "how"):
        return links
    after = counted_at(words, a.count_span)
    link = next((link for link in links if link.first == after), None)
    if link is None or not link.candidates or _before_rows(links, link):
        return links
    # what a config or the profile calls the word ("units": the lines' quantity) before pieces of names
    said = tuple(c for c in link.candidates if c.match == DOMAIN) or link.candidates
    if not _holds_counts(said, lexicon):
        return links
    a.count, a.count_index = False, -1
    first = min(a.count_span)
    a.count_span.clear()
    if words[first] in ("total", "how"):  # "the total number of people", "how many units": the column's sum
        a.aggregates.append(("sum", first))
        a.aggregates.sort(key=lambda agg: agg[1])  # read in the line's order, as lists of them are
        first += 1 if words[first] == "total" else 2
    return [Link(first, link.last, said, link.strong) if x is link else x for x in links]


def _averaged_count_column(words: list[str], links: list[Link], lexicon: Lexicon) -> list[Link]:
    """ "the average number of guests" where a guest_count keeps each row's: the column averaged,
    not a count of rows per group averaged."""
    for i in range(1, len(words) - 2):
        if words[i - 1] not in ("average", "avg", "mean") or words[i:i + 2] != ["number", "of"]:
            continue
        after = i + 2 + (words[i + 2:i + 3] == ["the"])
        link = next((link for link in links if link.first == after), None)
        said = tuple(c for c in link.candidates if c.match == DOMAIN) or link.candidates if link is not None else ()
        if link is not None and said and _holds_counts(said, lexicon) and not _before_rows(links, link):
            return [Link(i, link.last, said, link.strong) if x is link else x for x in links]
    return links


def _holds_counts(said: tuple[Candidate, ...], lexicon: Lexicon) -> bool:
    """Whether every candidate is a number column that may hold a count (a year is a point in
    time, not an amount of years)."""
    if any(c.kind != COLUMN for c in said):
        return False
    tables = [lexicon.schema.table(c.table) for c in said]
    columns = [t.column(c.column or "") if t is not None else None for t, c in zip(tables, said, strict=True)]
    return all(col is not None and col.is_numeric and not col.primary_key and name_words(col.name) != ("year",)
               for col in columns)


def _before_rows(links: list[Link], link: Link) -> bool:
    """ "how many active memberships": a word right before a table's name says which rows are
    counted; it names no column that holds a count."""
    nxt = next((other for other in links if other.first == link.last + 1), None)
    return nxt is not None and any(c.kind == TABLE and c.score >= 1.0 for c in nxt.candidates)


NEGATION_REACH = 3  # words from a negation to the state it denies: "not yet returned", "never been shipped"
# Words that only join a negation to the state it denies ("leave out anything that was refunded").
JOINING_A_DENIAL = frozenset({"anything", "any", "that", "which", "who", "was", "were", "is", "are", "been", "be",
                               "have", "has", "had", "the", "ones", "those"})


def negation_before(a: Analysis, i: int, reach: int, taken: Collection[int] = ()) -> int | None:
    """The negation that denies the word at ``i``: one at most ``reach`` words before it, not counting
    the words that only join them, and no name of the schema between (the denial of a name said
    there is that name's)."""
    k = i - 1
    while k >= 0 and reach > 0:
        found = next((n for n in a.negations if (n == k or k in a.span(n)) and n not in taken), None)
        if found is not None:
            return found
        if a.link_at(k) is not None:
            return None
        reach -= a.word(k) not in JOINING_A_DENIAL
        k -= 1
    return None


def denial_words(a: Analysis, n: int, i: int) -> frozenset[int]:
    """The words from the negation at ``n`` to the state it denies at ``i`` that the denial reads: its
    own, the joining words, a negated verb of keeping ("don't include anything refunded")."""
    return frozenset({n, *a.span(n), *(k for k in range(n + 1, i)
                                       if a.word(k) in JOINING_A_DENIAL or denies_keeping(a, k))})


def denied_after(a: Analysis, i: int, taken: Collection[int] = ()) -> frozenset[int]:
    """The words of a denial said after a state and its rows ("voided tabs don't count"), if any."""
    j = link.last + 1 if (link := a.link_at(i + 1)) is not None else i + 1
    if j in a.negations and j not in taken and a.word(j + 1) in ("count", "counted", "matter"):
        return frozenset({j, j + 1})
    return frozenset()


def denies_keeping(a: Analysis, k: int) -> bool:
    """Whether the word at ``k`` is a negated word of keeping rows ("don't count", "not including"):
    the rows said after it are left out, as after "without"."""
    return a.word(k) in ("count", "counting", "include", "including") and k - 1 in a.negations


def counted_at(words: Sequence[str], count_span: Collection[int]) -> int:
    """Where what a count phrase counts is named: the word after the phrase ("the number of
    <x>"), past a "the"."""
    after = max(count_span) + 1
    return after + (words[after:after + 1] == ["the"])


# Nouns of quantity that a word after them says the kind of ("the amount spent", "the value sold").
_QUANTITY_NOUNS = frozenset({"amount", "value", "sum"})


def _amount_of(words: list[str], links: list[Link]) -> list[Link]:
    """ "the amount spent": a noun of quantity right before a word that names another column says
    how much of that column, not its own column ("amount" of a payments table); the column's link
    takes both words."""
    out: list[Link] = []
    for link in links:
        prev = out[-1] if out else None
        if prev is not None and prev.first == prev.last == link.first - 1 and words[prev.first] in _QUANTITY_NOUNS \
                and link.of_kind(COLUMN) and not link.of_kind(VALUE) \
                and not _best_names(prev) & _best_names(link):
            out[-1] = Link(prev.first, link.last, link.candidates, link.strong)
            continue
        out.append(link)
    return out


# Nouns that say a number is money or a measure ("freight cost", "shipping charge", "order value").
_MEASURE_NOUNS = frozenset({"cost", "charge", "fee", "amount", "value", "figure", "price"})


def _measure_nouns(words: list[str], links: list[Link], lexicon: Lexicon) -> list[Link]:
    """ "the freight cost": a measure noun right after a number column's own name says what kind of
    number it is, and links to another column only by rewording (cost -> a price): the column's
    link takes both words."""
    out: list[Link] = []
    for link in links:
        prev = out[-1] if out else None
        if prev is not None and prev.last == link.first - 1 and link.first == link.last \
                and words[link.first] in _MEASURE_NOUNS and all(c.match != EXACT for c in link.candidates) \
                and _exact_number_column(prev, lexicon):
            out[-1] = Link(prev.first, link.last, prev.candidates, prev.strong)
            continue
        out.append(link)
    return out


def _dates_said_whole(words: list[str], links: list[Link], lexicon: Lexicon) -> list[Link]:
    """ "the arrival date" where "arrival" reached ``date_arrived``: "date" after a link to a date
    column is that column's word, not any date of the rows."""
    out: list[Link] = []
    for link in links:
        prev = out[-1] if out else None
        if prev is not None and prev.last == link.first - 1 and link.first == link.last \
                and words[link.first] in ("date", "dates") and all(c.score <= 0.6 for c in link.candidates) \
                and any((col := lexicon.column_of(c)) is not None and col.kind == DATE for c in prev.of_kind(COLUMN)) \
                and all(c.column for c in prev.candidates):
            out[-1] = Link(prev.first, link.last, prev.candidates, prev.strong)
            continue
        out.append(link)
    return out


def _exact_number_column(link: Link, lexicon: Lexicon) -> bool:
    """Whether the link's best reading is, exactly, a number column."""
    return any(c.score >= 1.0 and c.match == EXACT and _numeric_column(lexicon, c) for c in link.candidates)


def _best_names(link: Link) -> set[tuple[str, str | None]]:
    best = max(c.score for c in link.candidates)
    return {(c.table, c.column) for c in link.candidates if c.score == best}


def _agent_verb(words: list[str], link: Link) -> bool:
    """A participle before "by" ("shared by", "owned by") that met a column only through its
    stem: a verb naming who did it, not the column (a "share" column is no "shared by")."""
    return link.first == link.last and words[link.first].endswith("ed") \
        and words[link.last + 1:link.last + 2] == ["by"] \
        and all(c.kind == COLUMN and c.match == "stem" for c in link.candidates)


_OURS = frozenset({"we", "i", "us"})
SPENDING = frozenset({"spend", "spends", "spent", "spending"})


def _our_spending(words: list[str], link: Link) -> bool:
    """ "how much did we spend on tolls": money the business paid out, not what its customers
    spent with it (a measure of money taken that the word met)."""
    return link.first == link.last and words[link.first] in SPENDING \
        and bool(_OURS & set(words[max(0, link.first - 2):link.first])) \
        and all(c.kind == METRIC for c in link.candidates)


# Comparators that compare dates as well as numbers: after them a year stays a year.
_DATE_COMPARATORS = {"after", "before", "since", "until", "later", "earlier", "older", "younger", "from", "in"}


def _value_not_year(words: list[str], match: DateMatch, lexicon: Lexicon) -> bool:
    """Whether a year-like number is a plain value: compared with a number column the question
    names ("<number column> over N"), or a stored value named with no date word before it."""
    number = match.last
    if match.first not in (number, number - 1) or not re.fullmatch(r"\d{4}", words[number]):
        return False
    stored = any(c.kind == VALUE and c.score >= 1.0 for c in lexicon.lookup(words[number]))
    if stored and match.first == number and words[number - 1:number] not in ([w] for w in _DATE_COMPARATORS):
        return True
    start = next((i for i in range(number - 1, max(-1, number - 4), -1)
                  if any(_match_words(words, i, phrase) and i + len(phrase) in (number, number - 1)
                         for phrase, _op, concept in COMPARATORS if concept is None)), None)
    if start is None or words[start] in _DATE_COMPARATORS:
        return False
    j = start - 1
    while j >= 0 and words[j] in STOPWORDS and start - j <= 2:
        j -= 1
    names = [" ".join(words[k:j + 1]) for k in (j - 1, j) if k >= 0]
    named = any(_numeric_column(lexicon, c) for name in names for c in lexicon.lookup(name))
    return named or words[j] in AGGREGATE_WORDS


def _numeric_column(lexicon: Lexicon, cand: Candidate) -> bool:
    column = lexicon.column_of(cand) if cand.kind == COLUMN else None
    return column is not None and column.is_numeric


_SORT_OBJECTS = {"them", "it", "these", "those", "this", "results", "rows", "everything", "list"}
_DIRECTIONS = tuple(DIRECTIONS)


def _read_sorts(a: _Scratch, words: list[str]) -> None:
    for i in range(len(words)):
        if i in a.used:
            continue
        before, found = set(a.used), len(a.sorts)
        _read_sort_at(a, words, i)
        if len(a.sorts) > found:
            _take_sort_verb(a, words, min(a.used - before))
            a.sorts[-1] = replace(a.sorts[-1], span=frozenset(a.used - before))
    lead = next((i for i, w in enumerate(words[:3]) if w not in ("please", "can", "you", "could")), 0)
    if a.sorts and words[lead:lead + 1] in (["sort"], ["rank"]) and lead not in a.used:
        # "Sort all the <rows> in descending order of <column>": the request is the sort
        a.used.add(lead)
        a.sorts[0] = replace(a.sorts[0], span=a.sorts[0].span | {lead})


_SORT_VERBS = ("sort", "sorted", "ordered", "arranged", "ranked")


def _take_sort_verb(a: _Scratch, words: list[str], first: int) -> None:
    """The verb of "sorted alphabetically", "sort in ascending order": part of the sort it asks for."""
    verb = first - 1
    if verb >= 0 and words[verb] in _SORT_VERBS and verb not in a.used:
        a.used.add(verb)


def _read_sort_at(a: _Scratch, words: list[str], i: int) -> None:
    """A sort phrase starting at word i, if any: "sort by", "<superlative> first", "ascending"."""
    for reader in _SORT_READERS:
        if reader(a, words, i):
            return


_SORT_WORDS = ("sort", "sorted", "order", "ordered", "sorting", "rank", "ranked")


def _read_sort_by(a: _Scratch, words: list[str], i: int) -> bool:
    """ "sort by <column>", "ordered by ascending <column>", "sorted descending by <column>"."""
    n = len(words)
    skip = 1 if i + 2 < n and words[i + 1] in (*_SORT_OBJECTS, *_DIRECTIONS) else 0
    if words[i] not in _SORT_WORDS or i + 1 + skip >= n or words[i + 1 + skip] not in ("by", "on"):
        return False
    j = i + 2 + skip
    while j < n and words[j] in ("the", "their", "its", "a"):
        j += 1
    if j + 1 < n and words[j] in _DIRECTIONS:
        j += 1  # "ordered by ascending age": the direction first, then the column
    direction = _take_direction(a, words, (*range(j, min(n, j + 5)), *((i + 1,) if skip else ())))
    concept = "count" if j < n and words[j] in ("count", "number", "total", "frequency", "popularity") \
        and not _names_column(a, j) else None
    a.sorts.append(SortCue(j, direction, concept))
    a.used.update(range(i, i + 2 + skip))
    if concept:
        a.used.add(j)
    return True


def _names_column(a: _Scratch, i: int) -> bool:
    """Whether the word at ``i`` is the whole name of a column ("sort by total" where invoices have
    a total): the column, not the word's sense of a count. Not before rows it would count ("by
    number of orders", "by total customers")."""
    if i + 1 < len(a.tokens) and (a.tokens[i + 1].text == "of" or _whole_name(a, a.tokens[i + 1].norm, TABLE)):
        return False
    pair = f"{a.tokens[i].norm} {a.tokens[i + 1].norm}" if i + 1 < len(a.tokens) else ""
    return _whole_name(a, a.tokens[i].norm, COLUMN) or bool(pair and _whole_name(a, pair, COLUMN))


def _whole_name(a: _Scratch, key: str, kind: str) -> bool:
    """Whether ``key`` is, whole, the name of a table or column (``kind``) of the schema."""
    return a.lexicon is not None and any(c.kind == kind and c.score >= 1.0 for c in a.lexicon.lookup(key))


def _take_direction(a: _Scratch, words: list[str], positions: tuple[int, ...]) -> bool | None:
    """The direction a sort phrase names near its column (the last one said wins), with all its words:
    "... in ascending order" says the direction as a whole."""
    direction = None
    for k in positions:
        if words[k] in _DIRECTIONS:
            direction = DIRECTIONS[words[k]]
            a.used.add(k)
            if words[k - 1] == "in":
                a.used.add(k - 1)
            if words[k + 1:k + 2] == ["order"] and words[k + 2:k + 3] != ["of"]:
                a.used.add(k + 1)
    return direction


def _read_superlative_first(a: _Scratch, words: list[str], i: int) -> bool:
    """ "<superlative> first": a date or an age runs by date (the oldest row has the earliest date);
    "most first" ending the line orders what was counted or summed; other superlatives keep their
    own concept, except those that only rank ("top", "most" before more words)."""
    pair = tuple(words[i - 2:i])
    if words[i] == "first" and i >= 2 and pair in SUPERLATIVE_PAIRS \
            and SUPERLATIVE_PAIRS[pair][1] not in (None, "frequency"):
        descending, concept = SUPERLATIVE_PAIRS[pair]  # "most expensive first": by price, downwards
        a.sorts.append(SortCue(-1, descending, concept))
        a.used.update((i - 2, i - 1, i))
        return True
    if words[i] == "first" and i >= 1 and (said := _comparative_before(words, i)) is not None:
        at, superlative = said  # "put the bigger one first": as "biggest first"
        a.sorts.append(SortCue(-1, *SUPERLATIVES[superlative]))
        lead = at - (words[at - 1:at] in (["the"], ["them"], ["their"]))
        a.used.update(range(lead, i + 1))
        if lead > 0 and words[lead - 1] in ("put", "list", "show", *_SORT_VERBS):
            a.used.add(lead - 1)
        return True
    if words[i] != "first" or i == 0 or words[i - 1] not in SUPERLATIVES:
        return False
    descending, concept = SUPERLATIVES[words[i - 1]]
    if concept in ("date", "age"):
        a.sorts.append(SortCue(-1, descending if concept == "date" else not descending, "date"))
    elif words[i - 1] in ("most", "least", "fewest") and i + 1 == len(words):
        a.sorts.append(SortCue(-1, descending, "count"))  # "<rows> per <group>, most first": the counts run down
    elif words[i - 1] in ("top", "most", "least"):
        return False
    else:
        a.sorts.append(SortCue(-1, descending, concept))
    a.used.update((i - 1, i))
    return True


# Comparatives said of two or a few ("the bigger one first"): the superlative they sort as.
_AS_SUPERLATIVE = {"bigger": "biggest", "larger": "largest", "higher": "highest", "greater": "greatest",
                   "smaller": "smallest", "lower": "lowest"}


def _comparative_before(words: list[str], i: int) -> tuple[int, str] | None:
    """(where it is said, the superlative) of "<comparative> [one|ones] first" ending at ``i``."""
    at = i - 1 - (words[i - 1] in ("one", "ones"))
    word = words[at] if at >= 0 else ""
    return (at, _AS_SUPERLATIVE[word]) if word in _AS_SUPERLATIVE else None


_ORDER_OF_LEADS = (*DIRECTIONS, *REVERSE_WORDS, "alphabetical")


def _read_order_of(a: _Scratch, words: list[str], i: int) -> bool:
    """ "in <direction> order of <column>": the column follows "of"; "reverse" runs it downwards."""
    n = len(words)
    if words[i] != "order" or i + 2 >= n or words[i + 1] != "of" or i == 0 or words[i - 1] not in _ORDER_OF_LEADS:
        return False
    j = i + 2 + (words[i + 2] in ("the", "their", "its"))
    counted = j < n and words[j] in ("count", "number", "frequency", "popularity")
    a.sorts.append(SortCue(j, True if words[i - 1] in REVERSE_WORDS else None, "count" if counted else None))
    a.used.update((i, i + 1))
    if counted:
        a.used.add(j)
    return True


def _read_alphabetical(a: _Scratch, words: list[str], i: int) -> bool:
    """ "alphabetically", "(reverse) alphabetical order": by name, Z to A when reversed."""
    w = words[i]
    if not (w == "alphabetically" or (w == "alphabetical" and i + 1 < len(words) and words[i + 1] == "order")):
        return False
    reverse = i > 0 and words[i - 1] in REVERSE_WORDS and i - 1 not in a.used
    a.sorts.append(SortCue(-1, reverse, "name"))
    a.used.update(range(i - reverse, i + 2 if w == "alphabetical" else i + 1))
    return True


def _read_bare_direction(a: _Scratch, words: list[str], i: int) -> bool:
    """A direction word alone ("<column> descending", "in ascending order"), when no sort read so far
    has a direction: it sorts by the word before it, unless that word only introduces it."""
    n, w = len(words), words[i]
    if w not in DIRECTIONS or any(s.descending is not None for s in a.sorts):
        return False
    target = i - 1 if i > 0 and words[i - 1] not in ("in", "by") else -1
    a.sorts.append(SortCue(target, DIRECTIONS[w], None))
    a.used.add(i)
    if i > 0 and words[i - 1] == "in":
        a.used.add(i - 1)
    if i + 1 < n and words[i + 1] == "order" and not (i + 2 < n and words[i + 2] == "of"):
        a.used.add(i + 1)
    return True


# Tried in this order at each word; the first that reads a sort phrase there wins.
_SORT_READERS = (_read_sort_by, _read_superlative_first, _read_order_of, _read_alphabetical, _read_bare_direction)


# "from <end> to <end>": which way a sort runs, by the words for its two ends. Each word is
# (descending when it comes first, concept): "old to young" runs down the ages, "old to new" up the dates.
_RANGE_ENDS: dict[str, tuple[bool, str | None]] = {
    **{w: (True, "level") for w in ("high", "highest", "large", "largest", "big", "biggest", "most", "great",
                                 "greatest", "max", "maximum", "top", "long", "longest", "many", "more")},
    **{w: (False, "level") for w in ("low", "lowest", "small", "smallest", "least", "little", "few", "fewest",
                                  "min", "minimum", "bottom", "short", "shortest", "less", "fewer")},
    **{w: (False, "age") for w in ("young", "youngest", "younger")},
    **{w: (True, "date") for w in ("new", "newest", "recent", "latest", "late")},
    **{w: (False, "date") for w in ("earliest", "early")},
    "a": (False, "name"), "z": (True, "name"),
}
_OLD_WORDS = ("old", "oldest", "older", "elder", "eldest")
_AGE_WORDS = frozenset({"age", "ages"})


def _range_end(words: list[str], first: int, second: int) -> tuple[bool, str | None] | None:
    """Which way "<first> to <second>" runs, or None when the two words are no ends of one scale."""
    one, other = words[first], words[second]
    if one in _OLD_WORDS or other in _OLD_WORDS:  # old against young is an age, against new a date
        pair = other if one in _OLD_WORDS else one
        end = _RANGE_ENDS.get(pair)
        if end is None or end[1] not in ("age", "date"):
            return None
        return (one in _OLD_WORDS) == (end[1] == "age"), end[1]
    ends = _RANGE_ENDS.get(one), _RANGE_ENDS.get(other)
    if ends[0] is None or ends[1] is None or ends[0][0] == ends[1][0] or ends[0][1] != ends[1][1]:
        return None
    return ends[0]


def _read_direction_ranges(a: _Scratch, words: list[str]) -> None:
    """ "from high to low", "oldest to youngest", "from A to Z": the direction of a sort."""
    for i in range(1, len(words) - 1):
        if words[i] != "to" or {i - 1, i, i + 1} & a.used:
            continue
        end = _range_end(words, i - 1, i + 1)
        if end is None:
            continue
        span = {i - 1, i, i + 1} | ({i - 2} if i > 1 and words[i - 2] == "from" else set())
        a.used.update(span)
        a.sorts.append(SortCue(-1, end[0], end[1], frozenset(span)))


def _merge_directions(a: _Scratch, words: list[str]) -> None:
    """A bare direction word ("ascending") sets the direction of the sort another phrase names. "Oldest"
    runs an age down and a date up: beside a sort by age, a direction said of dates turns round, and
    one said of ages turns round beside any other column (a birth date)."""
    ranges = [s for s in a.sorts if s.index < 0 and s.concept in ("age", "date") and s.descending is not None]
    if ranges and len(a.sorts) > len(ranges):  # a range beside a sort that names its column only directs it
        by_age = any(0 <= s.index < len(words) and words[s.index] in _AGE_WORDS for s in a.sorts)
        a.sorts = [replace(s, concept=None, descending=s.descending != ((s.concept == "age") != by_age))
                   if s in ranges else s for s in a.sorts]
    bare = [s for s in a.sorts if s.index < 0 and s.concept in (None, "level") and s.descending is not None]
    others = [s for s in a.sorts if s not in bare]
    if bare and others:
        said = frozenset().union(*(s.span for s in bare))
        a.sorts = [SortCue(s.index, bare[0].descending if s.descending is None or s.concept == "name" else s.descending,
                           s.concept, s.span | said) for s in others]


def _read_limits(a: _Scratch, words: list[str], lexicon: Lexicon) -> None:
    n = len(words)
    for i, w in enumerate(words):
        if i in a.used:
            continue
        value = number_value(words[i + 1]) if i + 1 < n else None
        if w in ("top", "first", "bottom", "last", "limit") and value is not None and value >= 1:
            a.limit = min(int(value), MAX_LIMIT)
            a.limit_from_top = True if w == "top" else False if w == "bottom" else None
            # "the last 5 orders" are the newest five: "last" is left to the superlatives
            kept = (i + 1,) if w == "last" else (i, i + 1)
            a.used.update(kept)
            a.limit_span.update(kept)
            if a.limit_from_top is not None:
                _ranked_by(a, words, i + 2, a.limit_from_top)
            return
    for i, w in enumerate(words):
        value = number_value(w)
        if i in a.used or value is None or value < 1 or value != int(value):
            continue
        nxt = words[i + 1] if i + 1 < n else ""
        if _limit_number(a, words, i, lexicon):
            a.limit = min(int(value), MAX_LIMIT)
            a.limit_from_top = None
            a.used.add(i)
            a.limit_span.add(i)
            if nxt in SUPERLATIVES and i + 1 not in a.used:
                _ranked_by(a, words, i + 2, SUPERLATIVES[nxt][0])
            if _next_rows(a, words, i, lexicon):
                a.sorts.append(SortCue(-1, False, "date"))  # "the next 5 visits": the soonest from today
            return


def _limit_number(a: _Scratch, words: list[str], i: int, lexicon: Lexicon) -> bool:
    """Whether the number at ``i`` is how many rows to keep: before a superlative, leading a line with
    a superlative later (not one a date phrase already read: "N last year" is no "N last"), before
    the rows ranked later, after a superlative or a word of time ahead."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return (nxt in SUPERLATIVES and i + 1 not in a.used) or (i == 0 and any(x in SUPERLATIVES for x in words[i + 1:])) \
        or _counts_rows(a, words, i, lexicon) or _after_superlative(a, words, i, lexicon) \
        or _next_rows(a, words, i, lexicon)


def _after_superlative(a: _Scratch, words: list[str], i: int, lexicon: Lexicon) -> bool:
    """ "the earliest 5 appointments", "the biggest 3 orders": a number between a superlative and the
    plural name of a table is how many of those rows to keep, not a key of one row."""
    return i > 0 and words[i - 1] in SUPERLATIVES and i - 1 not in a.used and (i < 2 or words[i - 2] != "at") \
        and _names_rows_after(words, i, a, lexicon)  # "at least 2 <rows>" is a count compared


def _read_next_one(a: _Scratch, words: list[str], lexicon: Lexicon, today: date) -> None:
    """ "our next performance", "the next delivery": the soonest row from today on, one of them."""
    if a.limit is not None:
        return
    for i, w in enumerate(words[:-1]):
        if w == "next" and i not in a.used and i + 1 not in a.used and singular(words[i + 1]) == words[i + 1] \
                and any(c.kind == "table" and c.score >= 1.0 for c in lexicon.lookup(words[i + 1])):
            a.dates.append(DateMatch(i, i, DateRange(today, None, "from today on")))
            a.limit, a.limit_from_top = 1, None
            a.sorts.append(SortCue(-1, False, "date"))
            a.used.add(i)
            a.limit_span.add(i)
            return


def _next_rows(a: _Scratch, words: list[str], i: int, lexicon: Lexicon) -> bool:
    """ "the next 5 appointments": after a word of time ahead (read as from today on), a number before
    the plural name of a table is how many of the soonest rows to keep."""
    return i > 0 and words[i - 1] in ("next", "coming", "upcoming") and _names_rows_after(words, i, a, lexicon)


def _names_rows_after(words: list[str], i: int, a: _Scratch, lexicon: Lexicon) -> bool:
    """Whether the words after the number at ``i`` end in the plural name of a table."""
    for end in range(i + 1, min(len(words), i + 4)):
        if end in a.used or not _plural(words[end]):
            continue
        phrase = " ".join(singular(w) for w in words[i + 1:end + 1])
        return any(c.kind == "table" for c in lexicon.lookup(phrase) or lexicon.reworded(words[end]))
    return False


def _plural(word: str) -> bool:
    """A plural, "mechanics" and "clinics" too (which ``singular`` keeps whole, as it keeps "physics")."""
    return singular(word) != word or (word.endswith("ics") and len(word) > 5)


def _ranked_by(a: _Scratch, words: list[str], start: int, descending: bool) -> None:
    """ "top N ... by <column>", "N best ... by <metric>": "by" names the ranking, not a grouping."""
    for j in range(start, min(len(words), start + 3)):
        if words[j] == "by" and j + 1 < len(words):
            a.sorts.append(SortCue(j + 1, descending, "rank", frozenset((j,))))
            a.used.add(j)
            return


# Words that may stand right before a number of rows ("show the 3 <rows>", "which 5 <rows>"); after
# any other word ("with 3 <rows>", "more than 3 <rows>") the number is a count compared or a value.
_BEFORE_ROW_COUNT = frozenset({"the", "which", "what", "those", "these", "me", "us", "are", "were", "all", "name",
                               "see", *_LEADING_VERBS})


def _counts_rows(a: _Scratch, words: list[str], i: int, lexicon: Lexicon) -> bool:
    """ "the 3 <rows> with the most <x>": a number right before a plural word naming a table, with a
    superlative after it, is how many rows to keep, not a key of one row."""
    if i > 0 and words[i - 1] not in _BEFORE_ROW_COUNT:
        return False
    for end in range(i + 1, min(len(words), i + 4)):
        if end in a.used or not _plural(words[end]):
            continue  # the plural word ends the table's name ("3 sale lines")
        phrase = " ".join(singular(w) for w in words[i + 1:end + 1])
        named = lexicon.lookup(phrase) or (lexicon.reworded(words[end]) if end == i + 1 else [])  # "3 nations"
        if not named and end > i + 1:  # "the 10 mug club members": a table's name before the plural it heads
            named = [c for c in lexicon.lookup(" ".join(singular(w) for w in words[i + 1:end])) if c.kind == "table"]
        # a table's rows, or the values of a column ranked as groups ("the 10 countries with the highest sales")
        if any(c.kind in ("table", "column") for c in named):
            # the superlative says what it ranks by: "with the most" and nothing after it is no
            # ranking, "who spent the most" is (the verb before it says by what)
            return any(w in SUPERLATIVES and k not in a.used and not _starts_column(lexicon, words, k)
                       and (k + 1 < len(words) or words[k - 2:k - 1] not in ([], ["with"], ["has"], ["have"]))
                       for k, w in enumerate(words[end + 1:], start=end + 1))
    return False


_SPLIT_COMPARATIVES = {"greater": ">", "larger": ">", "bigger": ">", "higher": ">", "more": ">", "longer": ">",
                       "older": ">", "smaller": "<", "lower": "<", "less": "<", "fewer": "<", "shorter": "<",
                       "younger": "<"}


_OR_MORE = {"more": ">=", "greater": ">=", "higher": ">=", "above": ">=", "over": ">=", "fewer": "<=", "less": "<=",
            "lower": "<=", "below": "<=", "under": "<=", "older": ">=", "younger": "<="}
_OR_AGE = frozenset({"older", "younger"})  # "65 or older": an age
_AGED = (("years", "old"), ("year", "old"), ("years", "of", "age"))


_OPPOSITE = {">": "<=", ">=": "<", "<": ">=", "<=": ">"}


_COMPARATORS_BY_FIRST: dict[str, list[tuple[tuple[str, ...], str, str | None]]] = {}
for _comparator in COMPARATORS:  # longest first within each first word, as in COMPARATORS
    _COMPARATORS_BY_FIRST.setdefault(_comparator[0][0], []).append(_comparator)


# How many times, said in one word ("more than once"); and the word after a number of times.
TIMES_WORDS = {w: float(cue.effect["times"]) for w, cue in cue_words("times").items() if "times" in cue.effect}
TIMES_NOUNS = frozenset(w for w, cue in cue_words("times").items() if "times" not in cue.effect)
# Units said with "a"/"an" for one of them: "more than a week", "under a kilogram".
_ONE_UNITS = frozenset(u for units in UNITS.values() for u in units if len(u) > 2)
# Every word a number's unit is said by: "£500 or more" reads as "500 pounds or more".
_SAID_UNITS = frozenset(u for units in UNITS.values() for u in units)


def _comparator_at(words: list[str], i: int) -> tuple[int, str, float, str | None] | None:
    """A comparator phrase and its number starting at word i: (index of the number, op, value, concept)."""
    n = len(words)
    for phrase, op, concept in _COMPARATORS_BY_FIRST.get(words[i], ()):
        if not _match_words(words, i, phrase):
            continue
        j = i + len(phrase)
        if j + 1 < n and words[j] in ("a", "an") and singular(words[j + 1]) in _ONE_UNITS \
                and words[j + 2:j + 3] != ["ago"]:
            return j, op, 1.0, concept  # "longer than an hour": one of the unit ("a year ago" is a date)
        if j < n and words[j] in ("a", "an", "the", "$"):
            j += 1
        if j < n and words[j] in TIMES_WORDS:
            return j, op, TIMES_WORDS[words[j]], concept  # "more than once": more than 1 time
        value = number_value(words[j]) if j < n else None
        if value is not None:
            return j, op, value, concept
    return None


def _column_inside(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """ "<comparator> [the] <column> [of] N" ("above age 20", "under the age of 30"): the column
    sits between the comparator and its number."""
    n = len(words)
    for phrase, op, concept in _COMPARATORS_BY_FIRST.get(words[i], ()):
        if concept is not None or op in ("=", "!=") or not _match_words(words, i, phrase):
            continue
        k = i + len(phrase) + (words[i + len(phrase):i + len(phrase) + 1] == ["the"])
        m = k + 1 + (words[k + 1:k + 2] == ["of"])
        if m >= n or k in a.used or m in a.used or words[k] in STOPWORDS or number_value(words[k]) is not None:
            return None
        value = number_value(words[m])
        return Comparison(i, m, op, (value,), None, m + 1, inner=k) if value is not None else None
    return None


_AVERAGE = ("average", "mean")


def _against_average(words: list[str], i: int) -> Comparison | None:
    """ "<comparator> [the] average" ("above the average age", "older than average"): the column
    against its own average; the column is named before the comparator or after "average"."""
    n = len(words)
    for phrase, op, concept in _COMPARATORS_BY_FIRST.get(words[i], ()):
        if op not in _OPPOSITE or not _match_words(words, i, phrase):
            continue
        j = i + len(phrase)
        j += words[j:j + 1] in (["the"], ["an"], ["a"])
        if j < n and words[j] in _AVERAGE:
            return Comparison(i, j, op, (), concept, j + 1, against="avg")
        return None
    return None


_REMAINING = {"left", "remaining"}


def _remaining_at(words: list[str], number: int) -> int | None:
    """The index of "left"/"remaining" right after a number, or after the number and one noun."""
    for k in (number + 1, number + 2):
        if k < len(words) and words[k] in _REMAINING:
            return k
    return None


def _read_comparisons(a: _Scratch, words: list[str]) -> None:
    i = 0
    while i < len(words):
        found = None if i in a.used else _comparison_at(a, words, i)
        i = found.last + 1 if found is not None else i + 1


def _comparison_at(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """The comparison the first matching reader finds at word i, recorded with its words."""
    for reader in _COMPARISON_READERS:
        found = reader(a, words, i)
        if found is not None:
            a.comparisons.append(found)
            return found
    return None


# Currencies a bound may be said in ("between $100 and $200" reads "100 dollars and 200 dollars").
_CURRENCY_WORDS = frozenset({"dollars", "dollar", "pounds", "pound", "euros", "euro"})


def _read_between(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """ "between N and M", "between $N and $M": both bounds at once."""
    if words[i] != "between" or i + 3 >= len(words) or number_value(words[i + 1]) is None:
        return None
    j = i + 2 + (words[i + 2] in _CURRENCY_WORDS)
    if j + 1 >= len(words) or words[j] not in ("and", "to") or number_value(words[j + 1]) is None:
        return None
    last = j + 1 + (j + 2 < len(words) and words[j + 2] in _CURRENCY_WORDS)
    low, high = number_value(words[i + 1]) or 0.0, number_value(words[j + 1]) or 0.0
    a.used.update(range(i, last + 1))
    return Comparison(i, last, "between", (low, high), None, last + 1)


def _read_or_more(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """ "N or more", "N or fewer": a bound said after its number, or after its number and unit ("£500
    or more", "3 hours or more"), where the unit is what the column may be found by."""
    value = number_value(words[i])
    unit = int(i + 1 < len(words) and words[i + 1] in _SAID_UNITS)
    k = i + unit  # the word before "or"
    if value is None or k + 2 >= len(words) or words[k + 1] != "or" or words[k + 2] not in _OR_MORE \
            or {k + 1, k + 2} & a.used:
        return None
    a.used.update({i, k + 1, k + 2})
    concept = "age" if words[k + 2] in _OR_AGE else None
    return Comparison(i, k + 2, _OR_MORE[words[k + 2]], (value,), concept, i + 1 if unit else k + 3,
                      inner=i + 1 if unit else None)


def _read_comparator(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """A comparator phrase and its number; "N <units> left" compares what remains (the stock), and a
    negation before it turns it around ("not higher than N" is "at most N")."""
    found = _comparator_at(words, i)
    if found is None:
        return None
    j, op, value, concept = found
    left = _remaining_at(words, j) if concept is None else None
    if left is not None:
        a.used.update(range(j + 1, left + 1))
        j, concept = left, "stock"
    first = i
    if i > 0 and words[i - 1] in ("not", "no") and op in _OPPOSITE and (i - 1) not in a.used:
        op, first = _OPPOSITE[op], i - 1
    aged = next((len(said) for said in _AGED if words[j + 1:j + 1 + len(said)] == list(said)), 0)
    if aged:  # "over 65 years old": an age, whatever the comparator says of itself
        concept = "age"
    a.used.update(range(first, j + 1 + aged))
    return Comparison(first, j + aged, op, (value,), concept, j + 1 + aged)


def _read_against_average(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """A comparison with the column's average, unless another cue already took its words."""
    average = _against_average(words, i)
    if average is None or set(range(i, average.last + 1)) & a.used:
        return None
    a.used.update(average.span)
    return average


def _read_column_inside(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """A comparator with the column between it and its number."""
    inside = _column_inside(a, words, i)
    if inside is not None:
        a.used.update(inside.span)
    return inside


def _read_split_comparative(a: _Scratch, words: list[str], i: int) -> Comparison | None:
    """ "a greater <column> than N": the column sits inside the comparator."""
    if words[i] not in _SPLIT_COMPARATIVES or i + 3 >= len(words) or words[i + 2] != "than" \
            or number_value(words[i + 3]) is None or i + 1 in a.used:
        return None
    a.used.update((i, i + 2, i + 3))
    return Comparison(i, i + 3, _SPLIT_COMPARATIVES[words[i]], (number_value(words[i + 3]) or 0.0,), None, i + 4,
                      inner=i + 1)


# Tried in this order at each word not read yet; the first that finds a comparison wins.
_COMPARISON_READERS = (_read_between, _read_or_more, _read_comparator, _read_against_average, _read_column_inside,
                       _read_split_comparative)


_BUCKET_LEADS = [[w] for w in (*GROUP_WORDS, "a", "the")]


def _read_share_or_noun(a: _Scratch, words: list[str], i: int) -> bool:
    """Words that are no aggregate cue here: "percentage of" (a share of the rows), and "a total"
    right before a comparison (a noun naming what is compared, left for linking)."""
    w = words[i]
    of = words[i + 1:i + 2] == ["of"]
    if w in SHARE_WORDS and not a.share and (of or w.startswith("percent")):  # a "share" column stays a column
        a.share.update((i, i + 1) if of else (i,))
        a.used.update(a.share)
        return True
    return w in AGGREGATE_WORDS and any(c.first == i + 1 for c in a.comparisons) and i > 0 \
        and words[i - 1] in ("a", "an", "the", "their", "its")


def _value_named_by_next(lexicon: Lexicon, words: list[str], i: int) -> bool:
    """ "the Monthly plan", "Annual members": a period word typed as a name (capitalised, not opening
    the line) that is a stored value of what the next word names or of a table its rows refer to (a
    plan called so), not a grouping by month; "monthly payments" stays a grouping."""
    tables = {c.table for c in lexicon.lookup(words[i]) if c.kind == VALUE}
    after = lexicon.lookup(singular(words[i + 1])) if i + 1 < len(words) else []
    named = {c.table for c in after if c.kind in (TABLE, COLUMN)}
    referring = {t.name for t in lexicon.schema.tables if t.name in named
                 and any(fk.ref_table in tables for fk in t.foreign_keys)}  # "Annual members": their plan's
    return bool(tables) and bool(named & tables or referring)


def _bucket_word(a: _Scratch, words: list[str], i: int, lexicon: Lexicon) -> bool:
    """Whether the word at ``i`` asks for periods ("monthly", "per week"), not a name that begins
    with it ("weekly fee"), a stored value ("the weekly ones", "Weekly Digest")."""
    w = words[i]
    if i > 0 and (words[i - 1] in ("a", "an", "one") or number_value(words[i - 1]) is not None):
        return False  # "less than a week", "over 2 days": a length of time, not periods
    if w == "hour" and "hour" not in BUCKETS:  # "the busiest hour": of the day; "per hour" is a rate
        return _ranked_by_frequency(lexicon, words, i)
    return w in BUCKETS and (w.endswith("ly") or w == "annual" or words[i - 1:i] in _BUCKET_LEADS
                             or _asked_period(lexicon, words, i) or _ranked_by_frequency(lexicon, words, i)) \
        and not (i > 0 and a.tokens[i].original[:1].isupper() and _value_named_by_next(lexicon, words, i)) \
        and not _starts_column(lexicon, words, i) and not _kind_said(lexicon, words, i)


def _ranked_by_frequency(lexicon: Lexicon, words: list[str], i: int) -> bool:
    """ "the busiest month", "our most popular day": a period right after a superlative of how often,
    the period with the most rows; not when rows are named before it ("which driver had the busiest
    month" asks for a driver)."""
    if i == 0:
        return False
    pair = (words[i - 2], words[i - 1]) if i >= 2 else None
    if SUPERLATIVES.get(words[i - 1], (None, None))[1] == "frequency":
        start = i - 1
    elif pair is not None and SUPERLATIVE_PAIRS.get(pair, (None, None))[1] == "frequency":
        start = i - 2
    else:
        return False
    return not any(c.kind == TABLE and c.score >= 1.0 for w in words[:start] for c in lexicon.lookup(singular(w)))


def _kind_said(lexicon: Lexicon, words: list[str], i: int) -> bool:
    """ "the weekly ones", "only the monthly plans": a period word after "the" that is a stored
    value (a frequency column's) keeps the rows of that kind; it does not group them."""
    return words[i - 1:i] == ["the"] and any(c.kind == VALUE and c.score >= 1.0 for c in lexicon.lookup(words[i]))


def _starts_column(lexicon: Lexicon, words: list[str], i: int) -> bool:
    """Whether a cue word begins a column's name with the words after it ("last name", "top speed"):
    the name, not a superlative."""
    return bool(_tables_of_column_from(lexicon, words, i))


def _tables_of_column_from(lexicon: Lexicon, words: list[str], i: int) -> set[str]:
    """The tables of the columns whose whole name is the two or three words from ``i``."""
    return {c.table for k in (i + 2, i + 3) if k <= len(words)
            for c in lexicon.lookup(" ".join(singular(w) for w in words[i:k])) if c.kind == COLUMN and c.score >= 1.0}


# Words after which "first" says when: "<rows> hired first", "signed up first".
_DONE_FIRST_ENDS = frozenset({"in", "among", "of", "and", "or", ","})


def _read_first_in_time(a: _Scratch, words: list[str], i: int) -> bool:
    if not _first_in_time(a, words, i):
        return False
    a.superlatives.append(Superlative(i, False, "date"))
    a.take(i, i, *((i - 1,) if words[i - 1] == "very" else ()))
    return True


def _first_in_time(a: _Scratch, words: list[str], i: int) -> bool:
    """ "first" as the earliest: after a verb naming a date of the rows, ending its clause ("who was
    hired first", "which customer signed up first"), or in "the very first <row>" and "the first <row>
    to <verb>"; not "first name", "the first 5", "ranked first", "the first track" of an album."""
    if words[i] != "first" or i == 0 or a.lexicon is None or _starts_column(a.lexicon, words, i):
        return False
    before, after = words[i - 1], words[i + 1] if i + 1 < len(words) else None
    if after is None or after in _DONE_FIRST_ENDS:
        verb = " ".join(words[i - 2:i]) if before == "up" else before
        return _names_date(a.lexicon, verb)
    if before == "very":
        return True
    then = words[i + 2] if i + 2 < len(words) else ""
    if before != "the" or not (then == "to" or then.endswith("ed")):  # "the first <row> to register / released"
        return False
    tables = [c.table for c in a.lexicon.lookup(singular(after)) if c.kind == TABLE and c.score >= 1.0]
    return any((t := a.lexicon.schema.table(name)) is not None and t.date_columns for name in tables)


def _names_date(lexicon: Lexicon, verb: str) -> bool:
    """Whether a verb names a date column ("hired" a hire_date, "signed up" a signup date)."""
    roots = [verb[:-1], verb[:-2]] if verb.endswith("ed") else []  # "hired" -> hire, "joined" -> join
    found = [c for key in (phrase_key(verb), *roots) for c in lexicon.lookup(key)]
    return any(c.kind == COLUMN and (t := lexicon.schema.table(c.table)) is not None
               and any(d.name == c.column for d in t.date_columns) for c in found)


# What a price is said per ("$20 per unit"); "per warehouse", "per month" after an amount still group.
_RATE_UNITS = frozenset({"unit", "item", "piece", "person", "head", "seat", "ticket", "share", "kg", "kilo",
                         "kilogram", "lb", "pound", "mile", "km", "kilometre", "kilometer", "liter", "litre",
                         "gallon", "dozen"})


def _rate_of_amount(a: _Scratch, words: list[str], i: int) -> bool:
    """ "$20 per unit", "5 dollars per kg": "per" and a unit right after an amount say what the amount is of."""
    if words[i] != "per" or i == 0 or i + 1 >= len(words) or singular(words[i + 1]) not in _RATE_UNITS:
        return False
    before = words[i - 1]
    return before in _CURRENCY_WORDS or (number_value(before) is not None and any(
        c.first <= i - 1 <= c.last for c in a.comparisons))


def _read_superlative(a: _Scratch, words: list[str], i: int) -> None:
    """A superlative and the word after it that says what it compares ("most expensive", "most common")."""
    pair = tuple(words[i:i + 2])
    if pair in SUPERLATIVE_PAIRS:  # "most expensive", "most common": the value seen most often
        descending, concept = SUPERLATIVE_PAIRS[pair]
        a.superlatives.append(Superlative(i, descending, concept))
        a.take(i, i, i + 1)
    else:
        descending, concept = SUPERLATIVES[words[i]]
        a.superlatives.append(Superlative(i, descending, concept))
        a.used.add(i)


def _read_cue_words(a: _Scratch, words: list[str], lexicon: Lexicon) -> None:
    _read_counts(a, words)
    _read_bucket_phrases(a, words)
    for i in range(len(words)):
        if i in a.used or _read_share_or_noun(a, words, i) or _read_first_in_time(a, words, i):
            continue
        if _rate_of_amount(a, words, i):
            a.used.add(i)  # "more than $20 per unit": the amount's rate, no grouping
            continue
        _read_cue_word(a, words, i, lexicon)


def _read_bucket_phrases(a: _Scratch, words: list[str]) -> None:
    """ "by hour of the day", "what time of day": a bucket of several words, with the grouping word
    before it."""
    for i in range(len(words)):
        for phrase, unit in BUCKET_PHRASES:
            if i not in a.used and _match_words(words, i, phrase):
                lead = (i - 1,) if i > 0 and words[i - 1] in GROUP_WORDS else ()
                a.buckets.append((unit, i))
                a.take(i, *range(i, i + len(phrase)), *lead)


# Words before "count" that make it mean "include": "don't count", "only count the unpaid ones" say
# which rows to keep ("only count the rides over 10 km" still counts them).
_COUNT_AS_INCLUDE = frozenset({"only", "not", "don't", "dont", "never"})


def _read_counts(a: _Scratch, words: list[str]) -> None:
    """ "how much" (a sum) and the phrases that count rows, read before the single cue words so that
    their words are taken ("total number of" counts, it is no total)."""
    n = len(words)
    for i in range(n):
        if i in a.used:
            continue
        if words[i] == "how" and i + 1 < n and words[i + 1] == "much":
            a.aggregates.append(("sum", i))
            a.take(i, i, i + 1)
            continue
        if words[i] == "what" and words[i + 1:i + 3] in _WE_DID and words[i + 3:i + 4] in _BILLED:
            a.aggregates.append(("sum", i))  # "what did we invoice in May": how much
            a.take(i, i)
            continue
        if words[i] == "number" and i > 0 and words[i - 1] in AGGREGATE_WORDS:
            continue  # "<aggregate> number of <x>" names a numeric column, it does not count rows
        if words[i] in ("count", "counting") and i > 0 and words[i - 1] in _COUNT_AS_INCLUDE \
                and (words[i - 1] != "only" or "ones" in words[i + 1:i + 5]):
            a.used.add(i)  # "only count the unpaid ones" keeps rows, it does not ask how many
            a.frame.add(i)
            continue
        for phrase in COUNT_PHRASES:
            if _match_words(words, i, phrase) and not any(j in a.used for j in range(i, i + len(phrase))):
                # "count" followed by nothing countable is still a count ("count them")
                a.count = True
                a.count_index = i
                a.used.update(range(i, i + len(phrase)))
                a.count_span.update(range(i, i + len(phrase)))
                break


# "what did we bill", "what have we invoiced": the amount, as "how much" asks it.
_WE_DID = [["did", "we"], ["have", "we"], ["do", "we"]]
_BILLED = [[w] for w in ("invoice", "invoiced", "bill", "billed", "charge", "charged")]


# Words before a thing a row has, never before an aggregate over rows ("a maximum salary", "their minimum age").
_OWNED = frozenset({"a", "an", "their", "its", "whose", "his", "her"})


def _named_tables_column(a: _Scratch, words: list[str], i: int) -> bool:
    """Whether the words from ``i`` are the whole name of a column of a table the line names ("jobs
    ... a maximum salary" where jobs keep a max_salary; not "stores ... a maximum salary")."""
    if a.lexicon is None:
        return False
    columns = _tables_of_column_from(a.lexicon, words, i)
    named = {c.table for w in words for c in a.lexicon.lookup(singular(w)) if c.kind == TABLE and c.score >= 1.0}
    return bool(columns & named)


def _aggregate_word(a: _Scratch, words: list[str], i: int) -> bool:
    """Whether the word at ``i`` asks for an aggregate: not "3 min" (minutes), nor "sort by total"
    where a column is called total."""
    w = words[i]
    if w not in AGGREGATE_WORDS or (w == "min" and i > 0 and number_value(words[i - 1]) is not None):
        return False
    if i > 0 and _ends_column_name(a, i):
        return False  # "the invoice total": the total column of the invoices, no sum
    if i + 1 < len(words) and _whole_name(a, f"{a.tokens[i].norm} {a.tokens[i + 1].norm}", METRIC):
        return False  # "total billed": a metric's own words, its sum already
    if i > 0 and words[i - 1] in _OWNED and _named_tables_column(a, words, i):
        return False  # "jobs with a maximum salary above N", where jobs keep a max_salary: the column
    return not (any(s.index == i for s in a.sorts) and _names_column(a, i))


def _ends_column_name(a: _Scratch, i: int) -> bool:
    """Whether the word before ``i`` and the word itself are, together, a column's whole name."""
    return i - 1 not in a.used and _whole_name(a, f"{a.tokens[i - 1].norm} {a.tokens[i].norm}", COLUMN)


# Superlatives that rank by how many rows: the most, the fewest.
HOW_MANY_MOST = frozenset({"most", "fewest", "least"})
# Superlatives of an amount a period can rank by: "which month had the highest revenue".
_RANKING_HIGH = frozenset({"highest", "lowest", "biggest", "smallest", "largest", "best", "worst"})


def _asked_period(lexicon: Lexicon, words: list[str], i: int) -> bool:
    """ "which month had the most orders", "which month had the highest revenue": a period asked for,
    ranked by how many rows it has or by what they measure, when no column named by the word (a year
    column, a graduation year) answers it."""
    counted = any(w in HOW_MANY_MOST and tuple(words[k:k + 2]) not in SUPERLATIVE_PAIRS  # not "the most expensive"
                  or w in _RANKING_HIGH and k + 1 < len(words) and _names_metric(lexicon, words[k + 1])
                  for k, w in enumerate(words) if k > i)
    return i > 0 and words[i - 1] in ("which", "what") and counted and not any(
        c.kind == COLUMN for c in lexicon.lookup(singular(words[i])))


def _names_metric(lexicon: Lexicon, word: str) -> bool:
    """Whether a word names a measure of the rows (revenue, sales), which a period can have the highest of."""
    return any(c.kind == METRIC for c in [*lexicon.lookup(word), *lexicon.lookup(singular(word))])


def _read_cue_word(a: _Scratch, words: list[str], i: int, lexicon: Lexicon) -> None:
    """One cue word, by its class; a word of several classes is read as the first that fits."""
    w = words[i]
    if _aggregate_word(a, words, i):
        a.aggregates.append((AGGREGATE_WORDS[w], i))
        a.used.add(i)
    elif w in SUPERLATIVES:
        if not _starts_column(lexicon, words, i):
            _read_superlative(a, words, i)
    elif _bucket_word(a, words, i, lexicon):
        a.buckets.append((BUCKETS.get(w, w), i))
        a.take(i, i, *((i - 1,) if i > 0 and words[i - 1] in GROUP_WORDS else ()))
    elif w in GROUP_WORDS:
        a.group_words.append(i)
    elif w in ("group", "grouped", "broken", "split", "break") and words[i + 1:i + 2] in (["by"], ["down"]):
        a.used.add(i)
    elif _asks_distinct(a, words, i):
        a.distinct = True
        a.used.add(i)
        a.distinct_at.add(i)
    elif w in NEGATIONS:
        if not _opens_a_value(lexicon, words, i):  # 'No Show', 'Not Started': a state, no denial
            a.negations.add(i)
    elif phrase := next((p for p in NEGATION_PHRASES if _match_words(words, i, p)), None):
        a.negations.add(i)  # "a <column> other than <value>": the value is denied, as after "not"
        a.take(i, *range(i + 1, i + len(phrase)))
    elif w in PROJECTION_CUES and a.projection_cue < 0:
        a.projection_cue = i


def _opens_a_value(lexicon: Lexicon, words: list[str], i: int) -> bool:
    """Whether the word at ``i`` opens a stored value of two or three words ("no show stays")."""
    return any(c.kind == VALUE for n in (2, 3) if i + n <= len(words)
               for c in lexicon.lookup(phrase_key(" ".join(words[i:i + n]))))


def _asks_distinct(a: _Scratch, words: list[str], i: int) -> bool:
    """ "different <x>", or "types of <x>" right after a count: the count is of distinct values."""
    return words[i] in DISTINCT_WORDS or (words[i] in ("type", "types", "kind", "kinds", "sort", "sorts") and a.count
                                          and 0 <= a.count_index < i <= a.count_index + 3
                                          and words[i + 1:i + 2] == ["of"])
