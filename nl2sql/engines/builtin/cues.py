"""The cue table (``cues.toml``): the words that tell the built-in engine what to do, as data.

One definition of every cue word, read by the analysis for new questions and follow-ups alike; an
entry can be listed, counted, tested by its examples and measured (``nl2sql eval --cues`` reports how
often each fired and how often the answer was then right), so a rule that hurts is visible.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nl2sql.engines.builtin.analysis import Analysis

TABLE = Path(__file__).with_name("cues.toml")


@dataclass(frozen=True)
class Example:
    """A line that fires the cue, on one of the test schemas, with the SQL whose rows it must return."""

    schema: str
    line: str
    sql: str
    ordered: bool = False


@dataclass(frozen=True)
class Cue:
    id: str
    family: str
    phrases: tuple[tuple[str, ...], ...]
    pattern: str
    effect: MappingProxyType[str, Any]
    examples: tuple[Example, ...] = ()


@cache
def cues() -> tuple[Cue, ...]:
    """Every entry of the table, in its order (the order phrases are tried in within a family)."""
    raw = tomllib.loads(TABLE.read_text(encoding="utf-8"))
    return tuple(Cue(entry["id"], entry["family"], tuple(tuple(p.split()) for p in entry["phrases"]),
                     entry["pattern"], MappingProxyType(dict(entry.get("effect", {}))),
                     tuple(Example(**example) for example in entry.get("example", ())))
                 for entry in raw["cue"])


def family(name: str) -> tuple[Cue, ...]:
    return tuple(cue for cue in cues() if cue.family == name)


def words(name: str) -> dict[str, Cue]:
    """The one-word phrases of a family, each with its cue."""
    return {phrase[0]: cue for cue in family(name) for phrase in cue.phrases if len(phrase) == 1}


@cache
def _by_phrase() -> MappingProxyType[tuple[str, tuple[str, ...]], str]:
    return MappingProxyType({(cue.family, phrase): cue.id for cue in cues() for phrase in cue.phrases})


def cue_id(family_name: str, *phrase: str) -> str | None:
    """The id of the cue of ``family_name`` whose phrase this is, if any."""
    return _by_phrase().get((family_name, tuple(phrase)))


def fired(a: Analysis) -> tuple[str, ...]:
    """The ids of the cues the analysis read in the line, each once, in the order of the table."""
    hits: set[str | None] = set()
    hits |= {cue_id("aggregate", a.word(i)) for _func, i in a.aggregates}
    hits |= {cue_id("superlative", a.word(s.index)) for s in a.superlatives}
    hits |= {_comparator_cue(c.op, [a.word(i) for i in range(c.first, c.last + 1)]) for c in a.comparisons}
    hits |= {_count_cue(a)} if a.count else set()
    hits |= {cue_id("group", a.word(i)) for i in a.group_words}
    hits |= {cue_id("bucket", a.word(i)) for _unit, i in a.buckets}
    hits |= {_leading("negation", [a.word(k) for k in range(i, i + 3)]) for i in a.negations}
    hits |= {cue_id("share", a.word(i)) for i in a.share}
    hits |= {cue_id("distinct", a.word(i)) for i in a.distinct_at}
    hits |= {cue_id("projection", a.word(a.projection_cue))} if a.projection_cue >= 0 else set()
    return tuple(cue.id for cue in cues() if cue.id in hits)


def _comparator_cue(op: str, span: list[str]) -> str | None:
    """The comparator the comparison was read from: the phrase starting its span, or, when that one's
    operator is not the comparison's ("not longer than" reads as at most), the phrase after it."""
    found = [cue for cue in (_leading("comparator", span[k:]) for k in range(min(2, len(span)))) if cue]
    return next((cue for cue in found if _by_id()[cue].effect.get("op") == op), found[0] if found else None)


@cache
def _by_id() -> MappingProxyType[str, Cue]:
    return MappingProxyType({cue.id: cue for cue in cues()})


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
