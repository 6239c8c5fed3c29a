"""Which cue-table entries a reading used: what ``nl2sql eval --cues`` counts per cue.

Read off the analysis after the fact (its aggregates, superlatives, comparisons, counts, ...), so
the readers need not report it themselves; kept apart from the table so that the table's loader
imports nothing of the engine.
"""

from __future__ import annotations

from nl2sql.engines.builtin.analysis import COMPARE_WORDS, Analysis
from nl2sql.engines.builtin.cues import by_id, cue_id, cues
from nl2sql.engines.builtin.either import more_of_either


def fired(a: Analysis, *, follow_up: bool = False) -> tuple[str, ...]:
    """The ids of the cues the analysis read in the line, each once, in the order of the table; the
    edit cues only in a follow-up (a new question's "no" is a negation, not a removal)."""
    hits: set[str | None] = set()
    hits |= {cue_id("aggregate", a.word(i)) for _func, i in a.aggregates}
    hits |= {_leading("superlative", [a.word(s.index), a.word(s.index + 1)]) for s in a.superlatives}
    hits |= {_comparator_cue(c.op, [a.word(i) for i in range(c.first, c.last + 1)]) for c in a.comparisons}
    hits |= {_count_cue(a)} if a.count else set()
    hits |= _group_cues(a)
    hits |= {_leading("bucket", [a.word(k) for k in range(i, i + 4)]) for _unit, i in a.buckets}
    hits |= {_leading("negation", [a.word(k) for k in range(i, i + 3)]) for i in a.negations}
    hits |= {cue_id("share", a.word(i)) for i in a.share}
    hits |= {cue_id("distinct", a.word(i)) for i in a.distinct_at}
    hits |= {cue_id("projection", a.word(a.projection_cue))} if a.projection_cue >= 0 else set()
    hits |= {cue_id("direction", t.text) for t in a.tokens}  # read by the sorts and by follow-up edits
    hits |= {cue_id(name, t.text) for t in a.tokens for name in ("event", "rate")}  # read by events.py, rates.py
    hits |= {_leading("event", [a.word(k) for k in range(i, i + 5)]) for i in range(len(a.tokens))}  # "past due"
    hits |= {cue_id("times", a.word(i)) for c in a.comparisons for i in (c.last, c.after)}
    hits |= _upper_cues(a)
    if follow_up:
        hits |= {_leading("edit", [a.word(k) for k in range(i, i + 3)]) for i in range(len(a.tokens))}
    return tuple(cue.id for cue in cues() if cue.id in hits)


def _upper_cues(a: Analysis) -> set[str | None]:
    """The words for a row's manager soon after a comparator (read by paired.py)."""
    return {cue_id("upper", t.text) for i, t in enumerate(a.tokens)
            if any(a.word(k) in ("than", "before", "after") for k in range(max(0, i - 3), i))}


def _group_cues(a: Analysis) -> set[str | None]:
    """The grouping words, and the words that compare the values said (read by the builder)."""
    hits = {cue_id("group", a.word(i)) for i in a.group_words}
    hits |= {cue_id("group", t.text) for t in a.tokens if t.text in COMPARE_WORDS}
    more = more_of_either(a)
    return hits | ({cue_id("group", a.word(more[0]))} if more is not None else set())


def _comparator_cue(op: str, span: list[str]) -> str | None:
    """The comparator the comparison was read from: the phrase starting its span, or, when that one's
    operator is not the comparison's ("not longer than" reads as at most), the phrase after it."""
    found = [cue for cue in (_leading("comparator", span[k:]) for k in range(min(2, len(span)))) if cue]
    return next((cue for cue in found if by_id()[cue].effect.get("op") == op), found[0] if found else None)


def _count_cue(a: Analysis) -> str | None:
    return _leading("count", [a.word(i) for i in sorted(a.count_span)])


def _leading(family_name: str, span: list[str]) -> str | None:
    """The cue of the longest phrase of ``family_name`` that starts the span (a comparison's span
    holds its number too: "more than 5")."""
    for end in range(len(span), 0, -1):
        found = cue_id(family_name, *span[:end])
        if found is not None:
            return found
    return None
