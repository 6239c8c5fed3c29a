"""What the built-in engine knows about how far to trust a reading, and the fitted mapping to a probability.

The signals are facts of the reading (words it did not use, typos it guessed, questions it would
ask, how many tables it joins, wording that needs nesting it cannot build, ...). A logistic
mapping, fitted on the development benchmarks by ``nl2sql eval fit-confidence`` with one fold
per database, turns them into the probability that the SQL is right; the fitted numbers ship as
``confidence.json`` beside this module. Signals that can only make a reading less likely to be
right are fitted with a weight that is never positive, so more doubt never raises the score.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.reader import Reading
from nl2sql.engines.builtin.spec import QuerySpec
from nl2sql.engines.builtin.used import spec_refs
from nl2sql.linking.lexicon import TABLE, Link
from nl2sql.linking.text import STOPWORDS

Signals = tuple[tuple[str, float], ...]

# Signals that only ever count against a reading: their fitted weights are kept <= 0.
DOUBTS = ("unused_share", "unused_words", "unused_numbers", "fuzzy", "doubts", "asked", "nesting_cues",
          "weak_links", "competing", "dropped_links")
# Wording whose meaning needs a subquery or a set operation, which the engine does not build.
NESTING_WORDS = frozenset({"both", "except", "neither", "nor", "either", "any", "all", "also", "same", "but",
                           "another", "other", "others"})
AVERAGE_WORDS = frozenset({"average", "mean", "avg"})
FILE = "confidence.json"


def reading_signals(analysis: Analysis, reading: Reading, *, refinement: bool) -> Signals:
    """The facts of one reading that bear on whether its SQL is right."""
    tokens = analysis.tokens
    content = [i for i, t in enumerate(tokens) if t.text not in STOPWORDS]
    unused = [i for i in content if i not in reading.used]
    used_links = [link for link in analysis.links if link.first in reading.used]
    spec = reading.spec
    return (
        ("heuristic", reading.confidence),
        ("unused_share", len(unused) / len(content) if content else 0.0),
        ("unused_words", float(sum(1 for i in unused if not tokens[i].is_number))),
        ("unused_numbers", float(sum(1 for i in unused if tokens[i].is_number))),
        ("fuzzy", float(sum(1 for link in used_links if link.fuzzy))),
        ("weak_links", float(sum(1 for link in used_links
                                 if max((c.score for c in link.candidates), default=1.0) < 1.0))),
        ("doubts", float(len(reading.doubts))),
        ("asked", float(len(reading.ambiguities))),
        ("nesting_cues", float(_nesting_cues(analysis))),
        ("content_words", float(len(content))),
        ("tables", float(len(_tables(spec)))),
        ("aggregates", float(len(spec.aggregates))),
        ("filters", float(len(spec.filters))),
        ("grouped", float(bool(spec.group_by))),
        ("ordered", float(bool(spec.order_by))),
        ("having", float(bool(spec.having))),
        ("refinement", float(refinement)),
        ("entity_named", float(any(c.kind == TABLE and c.table == spec.entity and c.score >= 1.0
                                   for link in used_links for c in link.candidates))),
        ("competing", float(sum(1 for link in used_links if _competing(link)))),
        ("dropped_links", float(sum(1 for link in analysis.links if link.first not in reading.used))),
        ("all_columns", float(not spec.projections and not spec.aggregates and not spec.group_by)),
    )


def _competing(link: Link) -> bool:
    """Two different things match the words equally well: the reading picked one of them."""
    best = max((c.score for c in link.candidates), default=0.0)
    return len({(c.kind, c.table, c.column) for c in link.candidates if c.score >= best}) > 1


def _nesting_cues(analysis: Analysis) -> int:
    words = [t.text for t in analysis.tokens]
    count = sum(1 for w in words if w in NESTING_WORDS)
    # "more than the average": a comparison against an aggregate of the same rows
    count += sum(1 for i, w in enumerate(words) if w == "than" and AVERAGE_WORDS & set(words[i + 1:i + 4]))
    return count


def _tables(spec: QuerySpec) -> set[str]:
    return {spec.entity, *spec.via, *(r.table for r in spec_refs(spec))}


@dataclass(frozen=True)
class Mapping:
    """A fitted logistic mapping over standardised signals."""

    weights: dict[str, float]
    means: dict[str, float]
    scales: dict[str, float]
    bias: float

    def probability(self, signals: Signals) -> float:
        values = dict(signals)
        z = self.bias + sum(w * (values.get(name, self.means[name]) - self.means[name]) / self.scales[name]
                            for name, w in self.weights.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def to_json(self) -> dict[str, object]:
        return {"weights": self.weights, "means": self.means, "scales": self.scales, "bias": self.bias}

    @classmethod
    def from_json(cls, data: dict) -> Mapping:
        return cls({k: float(v) for k, v in data["weights"].items()}, {k: float(v) for k, v in data["means"].items()},
                   {k: float(v) for k, v in data["scales"].items()}, float(data["bias"]))


@lru_cache(maxsize=1)
def shipped_mapping() -> Mapping | None:
    """The mapping fitted on the development data; None before one has been fitted."""
    try:
        text = resources.files("nl2sql.engines.builtin").joinpath(FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    return Mapping.from_json(json.loads(text)["mapping"])


def calibrated(signals: Signals, fallback: float) -> float:
    """The probability that the reading's SQL is right (the heuristic score until a mapping is fitted)."""
    mapping = shipped_mapping()
    return fallback if mapping is None else mapping.probability(signals)
