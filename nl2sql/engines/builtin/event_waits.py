"""The wait before an event, said by the event: "approval time", "time to first reply", "days to pay".

The profile keeps each later moment of a row as a wait from the row's start (``profile.waits``), a
column no word links to by its name. A phrase links it: an interval word after the event ("the
approval time", "first reply delay"), or an interval or a unit of time before "to"/"until" and the
event ("time to approval", "days to pay", "hours until first reply"). The event is said by the
moment's own words, by their root ("paying" is paid, "approve" approved), or by a noun WordNet
derives from the root ("approval", "payment"). A unit said with it stays the asked unit ("average
days to pay": the wait in days).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from nl2sql.linking.abbreviations import expand
from nl2sql.linking.lexicon import COLUMN, TABLE, Candidate, Lexicon, Link, irregular_bases, phrase_key
from nl2sql.linking.text import STOPWORDS, Token, singular, stem
from nl2sql.profile.spans import Span
from nl2sql.profile.waits import event_of, waits

_INTERVALS = frozenset({"time", "delay", "wait", "lag"})
_UNITS = frozenset({"day", "hour", "minute", "week"})
_TOWARD = frozenset({"to", "until", "till", "before"})
_LONGEST_EVENT = 2  # words: "first reply"


def wait_links(tokens: Sequence[Token], used: Collection[int], lexicon: Lexicon) -> list[Link]:
    """Links to the waits the line names by their events, each over the whole phrase."""
    found = waits(lexicon.schema)
    if not found:
        return []
    out: list[Link] = []
    taken = set(used)
    for i, token in enumerate(tokens):
        if i in taken:
            continue
        link = None
        if token.norm in _INTERVALS:
            link = _event_before(tokens, i, taken, found, lexicon) or _event_after(tokens, i, taken, found)
        elif token.norm in _UNITS:
            link = _event_after(tokens, i, taken, found)
        if link is not None and not _stored(tokens, link, lexicon):
            out.append(link)
            taken.update(range(link.first, link.last + 1))
    return out


def _stored(tokens: Sequence[Token], link: Link, lexicon: Lexicon) -> bool:
    """Whether the event's words with "time" name a stored column ("time to delivery" where a
    ``delivery_time`` is kept): that column is what they mean."""
    event = [t.text for t in tokens[link.first:link.last + 1] if t.norm not in _INTERVALS | _UNITS | _TOWARD]
    return any(c.kind == COLUMN and c.score >= 1.0 for c in lexicon.lookup(phrase_key(" ".join([*event, "time"]))))


def _event_before(tokens: Sequence[Token], at: int, taken: set[int], found: tuple[Span, ...],
                  lexicon: Lexicon) -> Link | None:
    """ "<event> time": the words before the interval word name a wait's event, and the phrase is
    no name of its own (a stored ``delivery_time`` is what "delivery time" means)."""
    for size in range(_LONGEST_EVENT, 0, -1):
        first = at - size
        if first < 0 or any(j in taken for j in range(first, at + 1)):
            continue
        if any(c.kind in (COLUMN, TABLE) and c.score >= 1.0
               for c in lexicon.lookup(phrase_key(" ".join(t.text for t in tokens[first:at + 1])))):
            return None
        cands = _named(tuple(t.text for t in tokens[first:at]), found)
        if cands:
            return Link(first, at, cands)
    return None


def _event_after(tokens: Sequence[Token], at: int, taken: set[int], found: tuple[Span, ...]) -> Link | None:
    """ "time to <event>", "days to <event>", "time taken to <event>"."""
    toward = at + 2 if at + 2 < len(tokens) and tokens[at + 1].text == "taken" else at + 1
    if toward >= len(tokens) or tokens[toward].text not in _TOWARD:
        return None
    for size in range(_LONGEST_EVENT, 0, -1):
        last = toward + size
        if last >= len(tokens) or any(j in taken for j in range(at, last + 1)):
            continue
        cands = _named(tuple(t.text for t in tokens[toward + 1:last + 1]), found)
        if cands:
            return Link(at, last, cands)
    return None


def _named(said: tuple[str, ...], found: tuple[Span, ...]) -> tuple[Candidate, ...]:
    """The waits whose events the words name, right-aligned with the event's words."""
    if not said or any(w in STOPWORDS or not w.isalpha() for w in said):
        return ()
    return tuple(Candidate(COLUMN, wait.table, wait.column) for wait in found
                 if any(_aligned(said, event) for event in {event_of(wait), tuple(expand(event_of(wait)))}))


def _aligned(said: tuple[str, ...], event: tuple[str, ...]) -> bool:
    if len(said) > len(event):
        return False
    return all(same_root(word, event[len(event) - len(said) + k]) for k, word in enumerate(said))


def _roots(word: str) -> set[str]:
    bases = {word, singular(word), stem(word)}
    return bases | {b + "e" for b in bases if not b.endswith("e")}


def same_root(said: str, named: str) -> bool:
    """Whether a said word and a moment's word share a root: directly, through an irregular form
    ("paid" is pay), or through a word WordNet derives from the said one ("approval" -> approve)."""
    if _roots(said) & _roots(named):
        return True
    from nl2sql.linking import synonyms as wordnet  # only paid for when the words differ

    if not wordnet.available():
        return False
    named_roots = _roots(named) | {r for b in irregular_bases(named) for r in _roots(b)}
    derived = [said, *wordnet.related(said), *wordnet.related(singular(said)), *irregular_bases(said)]
    return any(_roots(d) & named_roots for d in derived)
