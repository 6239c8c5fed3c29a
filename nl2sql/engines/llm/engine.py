"""The LLM engine: grounded prompts that carry the conversation, validation that asks the database,
up to two repair rounds, and optional voting among several samples.

Same contract as the built-in engine: a ``Draft`` with SQL, explanation, confidence and the
ambiguities the model raised through ``request_clarification``. It has the database compile
each statement (without running it) so that errors can be repaired, and runs a statement only to
vote among samples or to see whether a filter on an unknown value finds nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from nl2sql.db import Database, QueryResult
from nl2sql.dialog.ambiguity import GENERAL
from nl2sql.dialog.questions import FREE, NO_SLOTS, Question, SlotKey, Slots
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.base import Ambiguity, Capabilities, Draft, History, RefinementContext, Usage
from nl2sql.engines.llm import prompts
from nl2sql.engines.llm.client import LlmError, ModelClient, ModelReply, ModelSettings, start_background_import
from nl2sql.engines.llm.memory import Memory
from nl2sql.engines.llm.reply import Parsed, clarification, parse_model_reply
from nl2sql.engines.llm.validate import problems, value_hints
from nl2sql.engines.llm.voting import vote
from nl2sql.errors import EngineError, InvalidSqlError, Nl2SqlError
from nl2sql.escapes import visible
from nl2sql.linking import Lexicons

MAX_REPAIRS = 2  # validation can report in layers; a model that fixes what it is told needs two rounds
VOTE_TIMEOUT_S = 5.0  # each sample runs at most this long to be counted
TOO_DEEP = "The model's reply nests too deeply to read; try again, or ask in smaller steps."


@dataclass(frozen=True)
class LlmSpec:
    """What a refinement of a model-written query needs: its SQL and the question it answers."""

    sql: str
    question: str


@dataclass(frozen=True)
class Chosen:
    """The candidate a draft settles on, the conversation that led to it, and what it cost."""

    parsed: Parsed
    messages: list[dict[str, Any]]
    usage: Usage
    agreement: float = 1.0  # share of the samples whose result matches this one's
    repairs: int = 0


def _errors(parsed: Parsed | None, database: Database) -> list[str]:
    if parsed is None or not parsed.sql:
        return ["the reply had no SQL; answer with the JSON object asked for"]
    return problems(parsed.sql, database)


def _as_json(parsed: Parsed) -> str:
    return json.dumps({"sql": parsed.sql, "explanation": parsed.explanation, "confidence": parsed.confidence})


class LlmEngine:
    name = "llm"
    capabilities = Capabilities(learns=True, natural_answers=True, calls_model=True, accounts_words=False)

    def __init__(self, settings: ModelSettings, *, today: date | None = None, domain: DomainConfig | None = None,
                 memory: Memory | None = None, no_data: bool = False, answer_style: str = "template") -> None:
        self.settings = settings
        self.client = ModelClient(settings)
        self._today = today
        self.domain = domain or EMPTY
        self.memory = memory
        self.no_data = no_data
        self.answer_style = answer_style
        self.usage = Usage()
        self._lexicons = Lexicons(self.domain)
        self._database_name = ""
        self._schemas: dict[tuple[int, tuple[str, ...]], tuple[object, str]] = {}

    @property
    def today(self) -> date:
        return self._today or date.today()

    def session_usage(self) -> Usage | None:
        return self.usage

    def set_answer_style(self, style: str) -> None:
        self.answer_style = style

    def interrupt(self) -> None:
        self.client.cancel()

    def warm_up(self) -> None:
        """Start importing litellm in the background (it takes seconds), so the first call waits less."""
        start_background_import()

    def schema_prompt(self, question: str, database: Database) -> str:
        """The schema part of the prompt; built once per schema and set of kept tables (it costs milliseconds)."""
        schema = database.schema
        tables = prompts.relevant_tables(question, schema, self._lexicons.get(schema))
        key = (id(schema), tuple(t.name for t in tables))
        cached = self._schemas.get(key)
        if cached is None or cached[0] is not schema:
            cached = self._schemas[key] = (schema, prompts.schema_text(tables, database.dialect, self.domain,
                                                                        self.no_data))
        return cached[1]

    @staticmethod
    def _clarifications(slots: Slots) -> list[str]:
        """Answers to the model's questions; a question nobody answered says so, so it is not asked again."""
        return [f"Answer to '{key.scope}': {value}" if value else prompts.NO_ANSWER.format(question=key.scope)
                for key, value in slots.items() if key.kind == "model"]

    def _call(self, messages: list[dict[str, Any]], *, ask: bool = False, n: int = 1) -> ModelReply:
        tools = [prompts.CLARIFY_TOOL] if ask else None
        reply = self.client.sample(messages, n, tools=tools, json_mode=True)
        self.usage = self.usage + reply.usage
        return reply

    def draft(self, question: str, database: Database, slots: Slots = NO_SLOTS,
              history: History = ()) -> Draft[LlmSpec]:
        self.client.begin_turn()
        self._database_name = database.identity
        examples = self.memory.similar(database.identity, question) if self.memory else []
        if self.no_data:  # remembered SQL holds values read from the data: their shape only
            names = prompts.schema_names(database.schema)
            examples = [e for e in (prompts.without_values(x, database.dialect, names) for x in examples)
                        if e is not None]
        return self._write(question, question, database, slots, history, None, examples)

    def refine(self, context: RefinementContext[LlmSpec], database: Database) -> Draft[LlmSpec]:
        self.client.begin_turn()
        spec = context.current_spec
        question = spec.question if spec is not None else context.original_question
        sql = spec.sql if spec is not None else context.current_query
        sample_rows = prompts.sample_text(context.previous_results, self.no_data, database.dialect)
        if self.answer_style == "natural" and context.feedback.strip().lower().startswith("why"):
            return self._why(context, question, sql, sample_rows)
        made_by = next((t.text for t in reversed(context.history) if t.sql == sql), question)
        current = prompts.Current(made_by, sql, sample_rows)
        return self._write(context.feedback, question, database, dict(context.slots), context.history, current, [])

    def _write(self, line: str, question: str, database: Database, slots: Slots, history: History,
               current: prompts.Current | None, examples: list[prompts.Example]) -> Draft[LlmSpec]:
        """One prompt for every line, new or follow-up: the model sees the conversation and says which it is."""
        recent = " ".join([*(t.text for t in history[-3:]), line])
        messages = prompts.messages(line, self.schema_prompt(recent, database), database.dialect, self.today,
                                    history=history, current=current, examples=examples,
                                    clarifications=self._clarifications(slots))
        unanswered = any(key.kind == "model" and not value for key, value in slots.items())
        return self._draft(messages, database, question, ask=not unanswered)

    def _draft(self, messages: list[dict[str, Any]], database: Database, question: str, *,
               ask: bool) -> Draft[LlmSpec]:
        try:
            return self._draft_of(messages, database, question, ask=ask)
        except RecursionError:  # JSON or SQL nested thousands deep: Python's parsers recurse per level
            raise EngineError(TOO_DEEP) from None

    def _draft_of(self, messages: list[dict[str, Any]], database: Database, question: str, *,
                  ask: bool) -> Draft[LlmSpec]:
        reply = self._call(messages, ask=ask, n=self.settings.samples)
        asked = self._asked(reply)
        if asked is not None:
            return asked
        parsed = [parse_model_reply(c) for c in reply.contents]
        first = parsed[0]
        if first is not None and first.needs_clarification and not first.sql:
            more = Question("Could you say a little more about what you need?", FREE, required=False,
                            slot=SlotKey("model", "details"))
            return Draft("", first.explanation or "the model needs more detail", 0.3, None,
                         (Ambiguity(GENERAL, first.explanation or "unclear request", more),), usage=reply.usage)
        chosen = self._checked(self._choose(messages, reply, parsed, database), database)
        found = chosen.parsed
        signals = (("agreement", chosen.agreement), ("repairs", float(chosen.repairs)))
        return Draft(found.sql, found.explanation or "Query written by the model.",
                     min(found.confidence, chosen.agreement), LlmSpec(found.sql, question),
                     refinement_summary=found.summary, usage=chosen.usage, signals=signals, intent=found.intent)

    def _asked(self, reply: ModelReply) -> Draft[LlmSpec] | None:
        """The model called request_clarification: its questions, typed, with nothing to run yet."""
        for name, arguments in reply.tool_calls:
            if name == "request_clarification":
                context, questions, level = clarification(arguments)
                if questions:
                    ambiguities = tuple(Ambiguity(level, context, q) for q in questions)
                    return Draft("", context, 0.3, None, ambiguities, usage=reply.usage)
        return None

    def _choose(self, messages: list[dict[str, Any]], reply: ModelReply, parsed: list[Parsed | None],
                database: Database) -> Chosen:
        """The valid candidate most samples agree with; with none valid, the first one repaired."""
        valid = [(p.sql, p) for p in parsed if p is not None and not _errors(p, database)]
        if len(valid) > 1:
            winner, agreement = vote(valid, database, len(parsed), VOTE_TIMEOUT_S, self.client.remaining())
            return Chosen(winner, messages, reply.usage, agreement)
        if valid:
            return Chosen(valid[0][1], messages, reply.usage, 1.0 / len(parsed))
        return replace(self._repaired(messages, reply.content, parsed[0], database, reply.usage),
                       agreement=1.0 / len(parsed))  # one candidate, whatever the repair made of it

    def _repaired(self, messages: list[dict[str, Any]], content: str, parsed: Parsed | None, database: Database,
                  spent: Usage) -> Chosen:
        """Up to two repair rounds, each naming every problem found; the first candidate that passes wins."""
        for repairs in range(MAX_REPAIRS + 1):
            errors = _errors(parsed, database)
            if not errors and parsed is not None:
                return Chosen(parsed, messages, spent, 1.0, repairs)
            if repairs == MAX_REPAIRS:
                failure = EngineError if parsed is None or not parsed.sql else InvalidSqlError  # no SQL: no parse
                raise failure(f"The model's SQL did not work here ({'; '.join(errors)}).")
            messages = [*messages, {"role": "assistant", "content": content}, prompts.repair_message(errors)]
            reply = self._call(messages)
            spent, content, parsed = spent + reply.usage, reply.content, parse_model_reply(reply.content)
        raise AssertionError("unreachable")

    def _checked(self, chosen: Chosen, database: Database) -> Chosen:
        """A filter that finds no row: the model sees the stored values nearest to what it asked for, once,
        and its query stands unless the new one is valid."""
        hints = value_hints(chosen.parsed.sql, database) if chosen.repairs < MAX_REPAIRS else []
        if not hints:
            return chosen
        messages = [*chosen.messages, {"role": "assistant", "content": _as_json(chosen.parsed)},
                    prompts.empty_result_message(hints)]
        try:
            reply = self._call(messages)
        except LlmError:  # a second opinion on a valid query: without it (the turn's time is up), the query stands
            if self.client.cancelled:
                raise
            return chosen
        better = parse_model_reply(reply.content)
        spent = chosen.usage + reply.usage
        if better is None or _errors(better, database):
            return replace(chosen, usage=spent, repairs=chosen.repairs + 1)
        return Chosen(better, messages, spent, chosen.agreement, chosen.repairs + 1)

    def _why(self, context: RefinementContext[LlmSpec], question: str, sql: str, sample: str) -> Draft[LlmSpec]:
        """ "why ...?" about a result: the model reads the rows it was given (none with --no-data-to-model)."""
        messages = [{"role": "system", "content": "Answer the follow-up about a query result in at most two "
                                                  "sentences, using only what is given."},
                    {"role": "user", "content": f"Question: {question}\nSQL: {sql}\n{sample}"
                                                f"Follow-up: {context.feedback}"}]
        reply = self.client.complete(messages)
        self.usage = self.usage + reply.usage
        summary = visible(reply.content.strip()) or "The model had nothing to add."
        return Draft(sql, summary, 0.9, LlmSpec(sql, question), refinement_summary="explained the result",
                     usage=reply.usage)

    def answer(self, draft: Draft[LlmSpec], result: QueryResult) -> str | None:
        if result.row_count != 1 or not result.columns or len(result.columns) > 3:
            return None
        values = ", ".join(f"{c} {v}" for c, v in zip(result.columns, result.rows[0], strict=True))
        sentence = f"Result: {values}."
        if self.answer_style != "natural" or self.no_data:
            return sentence
        messages = [{"role": "system", "content": "Rewrite the answer as one short natural sentence. Reply with "
                                                  "the sentence only."},
                    {"role": "user", "content": f"Question: {draft.explanation}\nAnswer: {sentence}"}]
        self.client.begin_turn(self.settings.timeout)  # its own step, after the query ran: one call's time
        try:
            reply = self.client.complete(messages)
        except Nl2SqlError:  # the sentence is a nicety: a failed call keeps the plain one
            return sentence
        self.usage = self.usage + reply.usage
        return visible(reply.content.strip()) or sentence

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        if self.memory is not None and not self.memory.read_only and question and sql:
            self.memory.remember(self._database_name, question, sql, confirmed=confirmed)
