"""The built-in engine: offline, deterministic, grounded in the schema and the stored values."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from nl2sql.db import Database, QueryResult
from nl2sql.db.schema import Schema
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.base import Draft, RefinementContext
from nl2sql.engines.builtin.analysis import analyse
from nl2sql.engines.builtin.answer import answer_sentence
from nl2sql.engines.builtin.builder import Reading, build_spec
from nl2sql.engines.builtin.edits import apply_edits
from nl2sql.engines.builtin.explain import explain
from nl2sql.engines.builtin.lexicon import Lexicon, Lexicons
from nl2sql.engines.builtin.render import to_sql
from nl2sql.engines.builtin.spec import QuerySpec
from nl2sql.errors import EngineError


class BuiltinEngine:
    """Question -> query spec -> SQL, with no model and no network."""

    name = "builtin"

    def __init__(self, today: date | None = None, domain: DomainConfig | None = None) -> None:
        self._today = today
        self.domain = domain or EMPTY
        self._lexicons = Lexicons(self.domain)

    @property
    def today(self) -> date:
        return self._today or date.today()

    def lexicon(self, schema: Schema) -> Lexicon:
        return self._lexicons.get(schema)

    def _draft(self, reading: Reading, database: Database, summary: str | None = None) -> Draft:
        try:
            sql = to_sql(reading.spec, database.schema, database.dialect)
        except ValueError as err:
            raise EngineError(f"I could not connect the tables this needs ({err}).") from None
        return Draft(sql, explain(reading.spec), round(reading.confidence, 2), reading.spec,
                     ambiguities=tuple(reading.ambiguities), refinement_summary=summary)

    @staticmethod
    def _cumulative(text: str, slots: Mapping[str, str]) -> str:
        """The question with what free-text answers added to it ("active" -> "ordered this month")."""
        extra = [value for key, value in slots.items() if key.startswith("define:") and value]
        return " ".join([text, *extra])

    def draft(self, question: str, database: Database, slots: Mapping[str, str] | None = None) -> Draft:
        schema = database.schema
        slots = slots or {}
        analysis = analyse(self._cumulative(question, slots), self.lexicon(schema), self.today)
        return self._draft(build_spec(analysis, schema, self.domain, slots), database)

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        """The built-in engine reads the schema afresh each time; it keeps no examples."""

    def answer(self, draft: Draft, result: QueryResult) -> str | None:
        return answer_sentence(draft.spec, result) if isinstance(draft.spec, QuerySpec) else None

    def refine(self, context: RefinementContext, database: Database) -> Draft:
        schema = database.schema
        spec = context.current_spec
        if not isinstance(spec, QuerySpec):
            raise EngineError("The built-in engine can only refine queries it wrote; ask a new question instead.")
        slots = dict(context.slots)
        analysis = analyse(self._cumulative(context.feedback, slots), self.lexicon(schema), self.today)
        try:
            reading = apply_edits(spec, analysis, schema, self.domain, slots)
        except EngineError:
            if analysis.write_verb in ("delete", "update", "insert", "truncate", "alter", "create", "erase", "wipe"):
                raise EngineError(f"nl2sql only reads data, so it will not {analysis.write_verb} anything.") from None
            raise
        return self._draft(reading, database, "; ".join(reading.changes) or None)
