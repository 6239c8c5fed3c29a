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
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from nl2sql.db.schema import Schema
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.reader import Reading
from nl2sql.engines.builtin.spec import ColumnRef, QuerySpec
from nl2sql.engines.builtin.used import content_positions, spec_refs
from nl2sql.linking.lexicon import STATE, TABLE, VALUE, Link

Signals = tuple[tuple[str, float], ...]

# Signals that only ever count against a reading: their fitted weights are kept <= 0.
DOUBTS = ("unused_share", "unused_words", "unused_numbers", "fuzzy", "doubts", "asked", "nesting_cues",
          "weak_links", "competing", "dropped_links", "partial", "unnamed_columns", "unnamed_tables", "key_literal",
          "stem_links", "synonym_links", "repeated_parts", "ungrouped_mix", "unasked_aggregate", "or_as_and",
          "negations", "count_unshown", "unlimited_superlative", "empty_range", "conversation", "loose_columns",
          "single_row_groups", "unasked_grouping", "fanned_grouping", "competing_routes")
# Wording whose meaning needs a subquery or a set operation, which the engine does not build.
NESTING_WORDS = frozenset({"both", "except", "neither", "nor", "either", "any", "all", "also", "same", "but",
                           "another", "other", "others"})
AVERAGE_WORDS = frozenset({"average", "mean", "avg"})
FILE = "confidence.json"
PARTIAL_CAP = 0.7  # below the session's confirmation threshold (nl2sql.config.CONFIRM_BELOW)


def reading_signals(analysis: Analysis, reading: Reading, schema: Schema, *, base: float | None = None,
                    configured: bool = False, pointing: frozenset[int] = frozenset(),
                    conversation: bool = False) -> Signals:
    """The facts of one reading that bear on whether its SQL is right. ``base``: for a refinement,
    the confidence of the query it edits (an edit of a wrong query is wrong); ``configured``: the
    database has a domain config (synonyms, metrics), written and checked for it; ``pointing``:
    words that point at an earlier result, which this reading must use like content words;
    ``conversation``: a new question read after earlier lines of the conversation, which a person
    often means to narrow without saying so."""
    content = sorted({*content_positions(analysis), *pointing})
    unused = [i for i in content if i not in reading.used]
    numbers = sum(1 for i in unused if analysis.tokens[i].is_number)
    used_links = [link for link in analysis.links if link.first in reading.used]
    spec = reading.spec
    return (
        ("heuristic", reading.confidence),
        ("unused_share", len(unused) / len(content) if content else 0.0),
        ("unused_words", float(len(unused) - numbers)),
        ("unused_numbers", float(numbers)),
        ("fuzzy", _count(used_links, _is_fuzzy)),
        ("weak_links", _count(used_links, _is_weak)),
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
        ("refinement", float(base is not None)),
        ("conversation", float(conversation and base is None)),
        ("base_logit", _logit(base) if base is not None else 0.0),
        ("configured", float(configured)),
        ("entity_named", float(_names_entity(used_links, spec.entity))),
        ("competing", _count(used_links, _competing)),
        ("dropped_links", float(len(analysis.links) - len(used_links))),
        ("all_columns", float(not spec.projections and not spec.aggregates and not spec.group_by)),
        ("partial", float(bool(unused))),
        *_grounding(spec, used_links, schema),
        *_shape(analysis, spec),
        *_faults(spec, schema),
        ("unasked_grouping", float(base is None and bool(spec.group_by) and not (
            analysis.group_words or analysis.buckets or analysis.superlatives or spec.having))),
        ("stem_links", _count(used_links, _met_by_stem)),
        ("synonym_links", _count(used_links, _met_by_synonym)),
        ("guessed_state", _count(used_links, _state_of_a_verb)),
    )


def _count(links: list[Link], counted: Callable[[Link], bool]) -> float:
    """How many of the links have a property, as a signal's value."""
    return float(sum(1 for link in links if counted(link)))


def _is_fuzzy(link: Link) -> bool:
    """A guessed typo: the words met the schema only approximately."""
    return bool(link.fuzzy)


def _is_weak(link: Link) -> bool:
    """No candidate of the link matches its words fully."""
    return max((c.score for c in link.candidates), default=1.0) < 1.0


def _met_by_stem(link: Link) -> bool:
    return _best_match(link) == "stem"


def _met_by_synonym(link: Link) -> bool:
    return _best_match(link) == "synonym"


def _state_of_a_verb(link: Link) -> bool:
    """A stored state read from a verb ("did we ship" as the status 'shipped'): whether later states
    count as shipped too only the user knows."""
    return any(c.kind == VALUE and c.match == STATE for c in link.candidates)


def _names_entity(used_links: list[Link], entity: str) -> bool:
    """Whether a used word names the query's main table outright, rather than the table being guessed."""
    return any(c.kind == TABLE and c.table == entity and c.score >= 1.0 for link in used_links for c in link.candidates)


def _logit(p: float) -> float:
    """A base confidence on the scale the mapping adds on; clamped so a base of 0 or 1 (a confirmed
    query) stays a finite, bounded lift."""
    p = min(max(p, 0.02), 0.98)
    return math.log(p / (1.0 - p))


def _best_match(link: Link) -> str:
    """How the words of a link met the schema, by its best candidate."""
    best = max(link.candidates, key=lambda c: c.score, default=None)
    return best.match if best is not None else "exact"


def _grounding(spec: QuerySpec, used_links: list[Link], schema: Schema) -> Signals:
    """Parts of the query no word of the question asked for: columns it shows, computes, sorts or
    filters on that no used word names, tables it reads that no word names, and numbers compared
    with a key column (a count of related rows read as an id)."""
    named_columns: set[tuple[str, str]] = set()
    named_tables: set[str] = set()
    for link in used_links:
        for c in link.candidates:
            named_tables.add(c.table)
            if c.column:
                named_columns.add((c.table, c.column))
            if c.metric is not None:
                named_tables.add(c.metric.table)
    refs = [*spec.projections, *(ag.column for ag in spec.aggregates if ag.column is not None),
            *(o.column for o in spec.order_by if o.column is not None), *(f.column for f in spec.filters)]
    unnamed = {(r.table, r.column) for r in refs
               if (r.table, r.column) not in named_columns and not _is_key(schema, r)}
    tables = _tables(spec)
    for table in list(tables):
        tables.update(hop for hop, _fk in schema.join_path(spec.entity, table) or [])
    shown_keys = {(r.table, r.column) for r in [*spec.projections, *(g.column for g in spec.group_by)]
                  if (r.table, r.column) not in named_columns and _is_key(schema, r)}
    key_literal = sum(1 for f in spec.filters
                      if _is_key(schema, f.column) and f.op in ("<", "<=", ">", ">=", "between"))
    return (("unnamed_columns", float(len(unnamed))),
            ("unnamed_tables", float(len(tables - named_tables))),
            ("key_literal", float(key_literal)),
            ("shown_keys", float(len(shown_keys))))


def _faults(spec: QuerySpec, schema: Schema) -> Signals:
    """Shapes a person seldom means: a column shown or sorted on beside a grouping that does not
    decide its value (one value of many, picked by the database); groups of one row each (an
    average of a table's column per row of that same table); groups reached through rows that refer
    back; a grouped or filtered table the main one reaches two ways."""
    grouped = {(g.column.table, g.column.column) for g in spec.group_by if g.bucket is None}
    decided = {t for t in {r.table for r in spec_refs(spec)} if (key := _key_of(schema, t)) and key <= grouped}
    loose = 0
    if spec.group_by:
        shown = [*spec.projections, *(o.column for o in spec.order_by if o.column is not None)]
        loose = sum(1 for r in shown if (r.table, r.column) not in grouped and r.table not in decided)
    single = sum(1 for ag in spec.aggregates if ag.column is not None and ag.column.table in decided)
    fanned = sum(1 for g in spec.group_by if _fans_out(schema, spec.entity, g.column.table))
    return (("loose_columns", float(loose)), ("single_row_groups", float(single)), ("fanned_grouping", float(fanned)),
            ("competing_routes", float(_competing_routes(spec, schema))))


def _fans_out(schema: Schema, start: str, goal: str) -> bool:
    """Whether the join from ``start`` to ``goal`` reaches rows that refer back to it, so that one
    row of ``start`` falls in several groups of ``goal``'s columns: crates grouped by the driver of
    each run they rode on, rather than by something of their own."""
    here = start
    for nxt, fk in schema.join_path(start, goal) or []:
        if fk.table == nxt and fk.ref_table == here:
            return True
        here = nxt
    return False


def _competing_routes(spec: QuerySpec, schema: Schema) -> int:
    """How many of the tables the query groups or filters by (a key's own table for a key column)
    the main table reaches by more than one way: which one the question meant, the words may not say."""
    goals: set[str] = set()
    for ref in [*(g.column for g in spec.group_by), *(f.column for f in spec.filters)]:
        table = schema.table(ref.table)
        fk = next((fk for fk in table.foreign_keys if fk.column == ref.column), None) if table is not None else None
        goals.add(fk.ref_table if fk is not None else ref.table)
    return sum(1 for goal in goals - {spec.entity} if schema.routes(spec.entity, goal) > 1)


def _key_of(schema: Schema, table_name: str) -> set[tuple[str, str]]:
    """The columns of a table's primary key; empty when it has none."""
    table = schema.table(table_name)
    return {(table_name, c.name) for c in table.columns if c.primary_key} if table is not None else set()


def _shape(analysis: Analysis, spec: QuerySpec) -> Signals:
    """Shapes that a reading of the words should not produce: the same part twice, shown columns
    beside an aggregate with no grouping, an aggregate no word asked for."""
    parts = [*spec.projections, *((ag.func, ag.column, ag.distinct) for ag in spec.aggregates if ag.shown)]
    asked = _asked_aggregate(analysis, spec)
    words = [t.text for t in analysis.tokens]
    alternatives = any(f.op == "in" for f in spec.filters) or bool(spec.alternatives)
    shown_count = any(ag.func == "count" and ag.shown for ag in spec.aggregates) or spec.having
    return (("repeated_parts", float(len(parts) - len(set(parts)))),
            ("ungrouped_mix", float(bool(spec.projections and spec.aggregates and not spec.group_by))),
            ("unasked_aggregate", float(bool(spec.aggregates and not asked))),
            ("or_as_and", float(_loose_or(words, spec) and len(spec.filters) > 1 and not alternatives)),
            ("negations", float(len(analysis.negations))),
            ("count_unshown", float(analysis.count and not shown_count)),
            ("unlimited_superlative", float(bool(analysis.superlatives and spec.order_by and spec.limit is None))),
            ("empty_range", float(_empty_range(spec) and not spec.shared)))


def _loose_or(words: list[str], spec: QuerySpec) -> bool:
    """An "or" outside every condition's words; inside one ("3 or more", "in 2024 or 2025") it lists
    that condition's values."""
    spans = [(min(f.words), max(f.words)) for f in spec.filters if f.words]
    return any(w == "or" and not any(lo < k < hi for lo, hi in spans) for k, w in enumerate(words))


def _asked_aggregate(analysis: Analysis, spec: QuerySpec) -> bool:
    """Whether words asked for an aggregate: "how many", "average", a superlative, a metric; a count
    of the rows per group ("<rows> per <group>", "<rows> by month") or a condition on how many
    ("<rows> with more than N <child rows>") is asked for by those words, as "how many" would."""
    counted = bool(spec.having) or bool(spec.group_by and (analysis.group_words or analysis.buckets))
    return bool(analysis.count or analysis.aggregates or analysis.superlatives or counted
                or any(ag.metric is not None for ag in spec.aggregates))


def _empty_range(spec: QuerySpec) -> bool:
    """Two comparisons on one column that no value meets ("after N or before M" read with AND)."""
    low: dict[ColumnRef, float] = {}
    high: dict[ColumnRef, float] = {}
    either = {f for group in spec.alternatives for f in group}
    for f in (f for f in spec.filters if f not in either):  # "after N or before M" read with OR is no range
        if f.op in (">", ">=") and f.values and isinstance(f.values[0], (int, float)):
            low[f.column] = max(low.get(f.column, float("-inf")), float(f.values[0]))
        elif f.op in ("<", "<=") and f.values and isinstance(f.values[0], (int, float)):
            high[f.column] = min(high.get(f.column, float("inf")), float(f.values[0]))
    return any(low[c] > high[c] for c in low.keys() & high.keys())


def _is_key(schema: Schema, ref: ColumnRef) -> bool:
    """A primary or foreign key: what joins rows, seldom what a person compares with a number."""
    table = schema.table(ref.table)
    if table is None:
        return False
    column = table.column(ref.column)
    return column is not None and (column.primary_key or column.name in table.fk_columns
                                   or column.name.lower().endswith("id"))


def _competing(link: Link) -> bool:
    """Two different things match the words equally well: the reading picked one of them."""
    best = max((c.score for c in link.candidates), default=0.0)
    return len({(c.kind, c.table, c.column) for c in link.candidates if c.score >= best}) > 1


def _nesting_cues(analysis: Analysis) -> int:
    words = [t.text for t in analysis.tokens]
    count = sum(1 for w in words if w in NESTING_WORDS)
    # "more than the average": a comparison against an aggregate of the same rows
    built = {i for comp in analysis.comparisons if comp.against is not None for i in comp.span}
    count += sum(1 for i, w in enumerate(words) if w == "than" and i not in built
                 and AVERAGE_WORDS & set(words[i + 1:i + 4]))
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
    """The probability that the reading's SQL is right (the heuristic score until a mapping is fitted).

    A partial reading (a content word or number the query does not use) stays below the threshold
    at which the session runs a reading unasked, whatever the mapping says: the user sees what
    was left out and confirms.
    """
    mapping = shipped_mapping()
    return capped(fallback if mapping is None else mapping.probability(signals), signals)


def capped(score: float, signals: Signals) -> float:
    """The score a session may act on: a partial reading, one that read a state from a verb, one
    that says a doubt (a guess it tells the user about) and one that carries a choice it could ask
    ("count revenue as?") never clear the confirmation threshold."""
    values = dict(signals)
    held = values.get("partial") or values.get("guessed_state") or values.get("doubts") or values.get("asked")
    return min(score, PARTIAL_CAP) if held else score
