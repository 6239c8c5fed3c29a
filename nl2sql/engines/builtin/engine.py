"""The built-in engine: offline, deterministic, grounded in the schema and the stored values."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from nl2sql.db import Database, QueryResult
from nl2sql.db.schema import Schema
from nl2sql.dialog.questions import NO_SLOTS, Slots
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.base import Capabilities, Draft, History, RefinementContext, Usage
from nl2sql.engines.builtin.analysis import Analysis, analyse
from nl2sql.engines.builtin.answer import answer_sentence
from nl2sql.engines.builtin.asked_units import in_asked_units, said_units, unshown_units
from nl2sql.engines.builtin.backrefs import back_references, in_conversation
from nl2sql.engines.builtin.builder import Reading, build_spec
from nl2sql.engines.builtin.explain import explain
from nl2sql.engines.builtin.fired import fired as fired_cues
from nl2sql.engines.builtin.implied import with_implied_keys
from nl2sql.engines.builtin.line_grain import at_line_grain
from nl2sql.engines.builtin.named_keys import with_named_keys
from nl2sql.engines.builtin.parties import with_parties
from nl2sql.engines.builtin.removed import without_removed
from nl2sql.engines.builtin.render import to_sql
from nl2sql.engines.builtin.role_keys import by_referenced_rows
from nl2sql.engines.builtin.route_ends import by_route_ends, unsaid_ends
from nl2sql.engines.builtin.self_reference import bare_self_keys, with_self_reference
from nl2sql.engines.builtin.signals import calibrated, reading_signals
from nl2sql.engines.builtin.spec import QuerySpec
from nl2sql.engines.builtin.subject import require_subject
from nl2sql.engines.builtin.used import confidence, content_positions
from nl2sql.engines.builtin.yes_no import counted_yes
from nl2sql.errors import EngineError
from nl2sql.linking.lexicon import Lexicon, Lexicons
from nl2sql.profile.ages import with_ages
from nl2sql.profile.inferred import with_profile
from nl2sql.profile.margins import with_margins
from nl2sql.profile.spans import with_spans
from nl2sql.profile.waits import with_waits

if TYPE_CHECKING:  # follow-ups only: imported by the first refinement, not by a one-shot question
    from nl2sql.engines.builtin.derived import Derived

# A refinement of SQL the engine did not write reads that SQL as a table: the explanation says so.
DERIVED_PREFIX = "On the current SQL's rows: "


class BuiltinEngine:
    """Question -> query spec -> SQL, with no model and no network."""

    name = "builtin"
    capabilities = Capabilities()

    def __init__(self, today: date | None = None, domain: DomainConfig | None = None) -> None:
        self._today = today
        self.domain = domain or EMPTY
        self._configured = self.domain != EMPTY  # a deep comparison: once, not per reading
        self._lexicons = Lexicons(self.domain, extend=with_profile)
        self._schemas: dict[int, tuple[Schema, Schema]] = {}

    @property
    def today(self) -> date:
        return self._today or date.today()

    def lexicon(self, schema: Schema) -> Lexicon:
        return self._lexicons.get(schema)

    def schema(self, database: Database) -> Schema:
        """The database's schema with the foreign keys its names imply (``implied.py``): the
        engine joins along them as along declared ones. Worked out once per schema."""
        declared = database.schema
        entry = self._schemas.get(id(declared))
        if entry is None or entry[0] is not declared:  # a new schema that reuses a freed object's id
            entry = (declared, with_ages(with_margins(with_waits(with_spans(with_implied_keys(declared)))), self.today))
            self._schemas[id(declared)] = entry
        return entry[1]

    def _draft(self, reading: Reading, analysis: Analysis, database: Database,
               summary: str | None = None, *, base: float | None = None,
               pointing: frozenset[int] = frozenset(), conversation: bool = False,
               derived: Derived | None = None) -> Draft[QuerySpec]:
        schema = derived.schema if derived is not None else self.schema(database)
        if derived is None:
            reading = _profiled(reading, analysis, schema, following=base is not None)
        try:
            sql = derived.sql(reading.spec, database.dialect) if derived is not None \
                else to_sql(reading.spec, schema, database.dialect)
        except ValueError as err:
            raise EngineError(f"I could not connect the tables this needs ({err}).") from None
        content = sorted({*content_positions(analysis), *pointing})
        left = [i for i in content if i not in reading.used]
        accounted = round(1 - len(left) / len(content), 3) if content else 1.0
        unused = tuple(analysis.tokens[i].text for i in left)
        # A derived table reads none of the domain config: its support is not claimed for it.
        signals = reading_signals(analysis, reading, schema, base=base,
                                  configured=self._configured and derived is None, pointing=pointing,
                                  conversation=conversation)
        explanation = explain(reading.spec) + _left_out(analysis, left)
        if derived is not None:
            explanation = DERIVED_PREFIX + explanation
        return Draft(sql, explanation, round(calibrated(signals, reading.confidence), 3), reading.spec,
                     ambiguities=tuple(reading.ambiguities), refinement_summary=summary, accounted=accounted,
                     unused=unused, signals=signals, cues=fired_cues(analysis, follow_up=base is not None))

    @staticmethod
    def _cumulative(text: str, slots: Slots) -> str:
        """The question with what free-text answers added to it (a word, then its definition)."""
        extra = [value for key, value in slots.items() if key.kind == "define" and value]
        return " ".join([text, *extra])

    def draft(self, question: str, database: Database, slots: Slots = NO_SLOTS,
              history: History = ()) -> Draft[QuerySpec]:
        schema = self.schema(database)
        analysis = analyse(self._cumulative(question, slots), self.lexicon(schema), self.today)
        require_subject(analysis, schema)
        # A new question reads none of the conversation: words pointing at its result go unused.
        conversation = in_conversation(history)
        pointing = back_references(analysis) if conversation else frozenset()
        return self._draft(build_spec(analysis, schema, self.lexicon(schema).domain, slots), analysis, database,
                           pointing=pointing, conversation=conversation)

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        """The built-in engine reads the schema afresh each time; it keeps no examples."""

    def answer(self, draft: Draft[QuerySpec], result: QueryResult) -> str | None:
        return answer_sentence(draft.spec, result) if draft.spec is not None else None

    def set_answer_style(self, style: str) -> None:
        """Answers are always the engine's own template sentences."""

    def interrupt(self) -> None:
        """Nothing to stop: a reading takes milliseconds and makes no calls."""

    def warm_up(self) -> None:
        """Nothing slow to load."""

    def session_usage(self) -> Usage | None:
        return None

    def _refined(self, context: RefinementContext[QuerySpec],
                 database: Database) -> tuple[QuerySpec, Schema, Lexicon, DomainConfig, Derived | None]:
        """What a follow-up edits: the engine's own spec over the schema, or, for SQL it did not write
        (edited by hand, or restored without a spec), that SQL read as one table (``derived.py``)."""
        from nl2sql.engines.builtin.derived import derive

        spec = context.current_spec
        if spec is not None and spec.source is None:
            schema = self.schema(database)
            lexicon = self.lexicon(schema)
            return spec, schema, lexicon, lexicon.domain, None
        derived = derive(spec.source if spec is not None and spec.source else context.current_query,
                         self.schema(database), database.dialect, context.previous_results)
        if spec is not None and spec.entity != derived.name:
            raise EngineError("I lost track of the current SQL's columns; ask a new question instead.")
        # The domain's synonyms and metrics name the stored tables, not this one: none of it applies.
        return spec or derived.spec, derived.schema, Lexicon(derived.schema), EMPTY, derived

    def refine(self, context: RefinementContext[QuerySpec], database: Database) -> Draft[QuerySpec]:
        from nl2sql.engines.builtin.edits import apply_edits

        base_spec, schema, lexicon, domain, derived = self._refined(context, database)
        slots = dict(context.slots)
        analysis = analyse(self._cumulative(context.feedback, slots), lexicon, self.today)
        require_subject(analysis, schema)
        try:
            reading = apply_edits(base_spec, analysis, schema, domain, slots)
        except EngineError:
            if analysis.write_verb in ("delete", "update", "insert", "truncate", "alter", "create", "erase", "wipe"):
                raise EngineError(f"nl2sql only reads data, so it will not {analysis.write_verb} anything.") from None
            raise
        base = 1.0 if context.current_confidence is None else context.current_confidence
        return self._draft(reading, analysis, database, "; ".join(reading.changes) or None, base=base,
                           derived=derived)


def _profiled(reading: Reading, analysis: Analysis, schema: Schema, *, following: bool = False) -> Reading:
    """The reading as the schema's profile sees it: sale money at the grain of its lines, numbers in
    the unit of their column, and questions across a table's key to itself. The words a new
    condition stands for are used, and the confidence counts them."""
    spec = at_line_grain(reading.spec, schema)
    spec = in_asked_units(spec, analysis, schema)
    spec = with_self_reference(spec, analysis, schema)
    spec = by_referenced_rows(spec, schema)
    spec = with_named_keys(spec, analysis, schema)
    spec = with_parties(spec, analysis, schema, following=following)
    spec = by_route_ends(spec, analysis, schema)
    spec = without_removed(spec, analysis, schema)
    spec = counted_yes(spec, schema)
    unshown = unshown_units(spec, analysis, schema) & reading.used
    before = {(f, f.words) for f in reading.spec.filters}
    said = frozenset().union(*(f.words for f in spec.filters if (f, f.words) not in before),
                             said_units(spec, analysis, schema))
    doubts = reading.doubts + bare_self_keys(spec, analysis, schema) + unsaid_ends(spec, analysis, schema)
    if spec == reading.spec and not unshown and said <= reading.used and doubts == reading.doubts:
        return reading
    used = (reading.used | said) - unshown
    sure = confidence(analysis, used, doubts) if (used, doubts) != (reading.used, reading.doubts) \
        else reading.confidence
    return replace(reading, spec=spec, used=used, confidence=sure, doubts=doubts)


def _left_out(analysis: Analysis, unused: list[int]) -> str:
    """The content words the query does not use (a word the lexicon linked but the query dropped
    included), as the phrases they were typed in: what a person checks before saying yes."""
    tokens = analysis.tokens
    phrases: list[list[int]] = []
    for i in unused:
        if phrases and phrases[-1][-1] == i - 1:
            phrases[-1].append(i)
        else:
            phrases.append([i])
    if not phrases:
        return ""
    said = dict.fromkeys(" ".join(tokens[i].text for i in run) for run in phrases)  # each phrase once
    quoted = ", ".join(repr(phrase) for phrase in said)
    return f" I did not use: {quoted}."
