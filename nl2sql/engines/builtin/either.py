"""Conditions joined by "or": a row meets any one of them.

"bridges built after 1990 or before 1950", "boats with 3 masts or launched before 1900": the word
"or" between the words of two conditions joins them, where it sits outside both (inside one, as
in "N or M" or "Asia or Europe", it already lists that condition's values). Conditions further
than a few words from the "or" are not joined by it: the word may join something else (a
grouping, a condition on counts), and then the plain AND reading stays, with the signal that
counts an "or" read as AND against it.
"""

from __future__ import annotations

from nl2sql.engines.builtin.analysis import MORE_WORDS, Analysis
from nl2sql.engines.builtin.spec import Filter
from nl2sql.linking.lexicon import COLUMN
from nl2sql.linking.text import STOPWORDS

_REACH = 2  # other words between a condition and the "or" that joins it ("or [were] produced before ...")


def _gap(a: Analysis, f: Filter, start: int, end: int) -> int:
    """Words between ``start`` and ``end`` that neither carry no content nor name ``f``'s column."""
    def names_column(i: int) -> bool:
        link = a.link_at(i)
        return link is not None and any(c.table == f.column.table and c.column == f.column.column
                                         for c in link.of_kind(COLUMN))
    return sum(1 for i in range(start, end) if a.word(i) not in STOPWORDS and not names_column(i))


def _around(a: Analysis, filters: list[Filter], k: int) -> tuple[Filter, Filter] | None:
    """The conditions right before and right after the "or" at ``k``, if both are near it."""
    if any(min(f.words) < k < max(f.words) for f in filters):
        return None  # inside one condition: it lists that condition's values
    left = [f for f in filters if max(f.words) < k]
    right = [f for f in filters if min(f.words) > k]
    if not left or not right:
        return None
    one = max(left, key=lambda f: max(f.words))
    other = min(right, key=lambda f: min(f.words))
    if _gap(a, one, max(one.words) + 1, k) > _REACH or _gap(a, other, k + 1, min(other.words)) > _REACH:
        return None
    return one, other


def alternatives(a: Analysis, filters: tuple[Filter, ...]) -> tuple[tuple[tuple[Filter, ...], ...], frozenset[int]]:
    """Groups of filters joined by "or", and the words that joined them ("or", and "either" before
    the first of a group)."""
    # Conditions about related rows ("no ...", "both ... and ...") keep their own reading: an "or"
    # beside one is left as AND, with the signal that counts it against the reading.
    spanned = [f for f in filters if f.words and f.op not in ("none", "all")]
    groups: list[list[Filter]] = []
    used: set[int] = set()
    for k, token in enumerate(a.tokens):
        if token.text != "or":
            continue
        pair = _around(a, spanned, k)
        if pair is None:
            continue
        one, other = pair
        group = next((g for g in groups if one in g or other in g), None)
        if group is None:
            groups.append([one, other])
        else:
            group.extend(f for f in pair if f not in group)
        used.add(k)
        start = min(one.words)
        used.update(i for i in range(max(0, start - 3), start) if a.word(i) == "either")
    return tuple(tuple(g) for g in groups), frozenset(used)


def more_of_either(a: Analysis) -> tuple[int, bool] | None:
    """ "did Vigo or Cadiz get more voyages", "which has fewer trees, cherry or plum": the word that
    asks which of the values joined by "or" has more (or fewer), and whether more; not "more than
    N", "more calories than N", "N or more" or "any more"."""
    if "or" not in (t.text for t in a.tokens):
        return None
    words = [t.text for t in a.tokens]
    for i, word in enumerate(words):
        if word in MORE_WORDS and "than" not in words[i + 1:] and a.word(i - 1) not in ("or", "and", "any", "no"):
            return i, MORE_WORDS[word]
    return None
