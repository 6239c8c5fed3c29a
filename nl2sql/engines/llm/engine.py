"""The LLM engine: grounded prompts, structured replies, validation and one repair round.

Same contract as the built-in engine: a ``Draft`` with SQL, explanation, confidence and the
ambiguities the model raised through ``request_clarification``; it never runs SQL itself, but it
has the database compile the statement (without running it) so that errors can be repaired.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from nl2sql.db import Database, QueryResult
from nl2sql.dialog.questions import FREE, NO_SLOTS, Question, SlotKey, Slots
from nl2sql.domain import EMPTY, DomainConfig
from nl2sql.engines.base import Ambiguity, Capabilities, Draft, RefinementContext, Usage
from nl2sql.engines.llm import prompts
from nl2sql.engines.llm.client import ModelReply, ModelSettings, cancel, complete, start_background_import
from nl2sql.engines.llm.memory import Memory
from nl2sql.engines.llm.validate import problems
from nl2sql.errors import EngineError, Nl2SqlError
from nl2sql.linking import Lexicons

_FENCE = re.compile(r"```(?:sql|json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)
_BARE_SQL = re.compile(r"((?:WITH|SELECT)\b.*?)(?:;|$)", re.DOTALL | re.IGNORECASE)
_LEVELS = ("general", "partial", "specific", "confirmation")


@dataclass(frozen=True)
class LlmSpec:
    """What a refinement of a model-written query needs: its SQL and the question it answers."""

    sql: str
    question: str


@dataclass(frozen=True)
class Parsed:
    sql: str
    explanation: str
    confidence: float
    summary: str | None
    needs_clarification: bool


def parse_model_reply(content: str) -> Parsed | None:
    """JSON as asked; else SQL in a markdown fence or bare in the text (models without JSON mode)."""
    text = content.strip()
    candidates = [text, *(m.group(1).strip() for m in _FENCE.finditer(text))]
    for candidate in candidates:
        start, end = candidate.find("{"), candidate.rfind("}")
        if start < 0 or end <= start:
            continue
        try:
            data = json.loads(candidate[start:end + 1])
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and (data.get("sql") or data.get("needs_clarification")):
            try:
                confidence = float(data.get("confidence", 0.7))
            except (TypeError, ValueError):
                confidence = 0.7
            return Parsed(str(data.get("sql") or ""), str(data.get("explanation") or ""),
                          max(0.0, min(1.0, confidence)), data.get("summary"), bool(data.get("needs_clarification")))
    for candidate in candidates[1:] + [text]:
        match = _BARE_SQL.search(candidate)
        if match:
            return Parsed(match.group(1).strip(), "", 0.6, None, False)
    return None


def _questions(arguments: str) -> tuple[str, list[Question], str]:
    try:
        data = json.loads(arguments or "{}")
    except json.JSONDecodeError:
        data = {}
    level = data.get("level") if data.get("level") in _LEVELS else "specific"
    out = []
    for item in data.get("questions") or []:
        if not isinstance(item, dict) or not item.get("text"):
            continue
        asked_kind = str(item.get("question_type"))
        kind = asked_kind if asked_kind in ("single_choice", "multiple_choice", "free_text") else FREE
        choices = tuple(str(c) for c in item.get("choices") or ())
        if kind != FREE and not choices:
            kind = FREE
        default = item.get("default_choice")
        default = default if isinstance(default, int) and 1 <= default <= len(choices) else (1 if choices else None)
        text = str(item["text"])
        out.append(Question(text, kind, choices, bool(item.get("required", True)) and kind == FREE and not choices,
                            default if kind != FREE else None, slot=SlotKey("model", text)))
    return str(data.get("context") or "the model needs a detail"), out, level


class LlmEngine:
    name = "llm"
    capabilities = Capabilities(learns=True, natural_answers=True, calls_model=True)

    def __init__(self, settings: ModelSettings, *, today: date | None = None, domain: DomainConfig | None = None,
                 memory: Memory | None = None, no_data: bool = False, answer_style: str = "template") -> None:
        self.settings = settings
        self._today = today
        self.domain = domain or EMPTY
        self.memory = memory
        self.no_data = no_data
        self.answer_style = answer_style
        self.usage = Usage()
        self._lexicons = Lexicons(self.domain)
        self._database_name = ""

    @property
    def today(self) -> date:
        return self._today or date.today()

    def session_usage(self) -> Usage | None:
        return self.usage

    def set_answer_style(self, style: str) -> None:
        self.answer_style = style

    def interrupt(self) -> None:
        cancel()

    def warm_up(self) -> None:
        """Start importing litellm in the background (it takes seconds), so the first call waits less."""
        start_background_import()

    def schema_prompt(self, question: str, database: Database) -> str:
        schema = database.schema
        tables = prompts.relevant_tables(question, schema, self._lexicons.get(schema))
        return prompts.schema_text(tables, database.dialect, self.domain, self.no_data)

    @staticmethod
    def _clarifications(slots: Slots) -> list[str]:
        return [f"Answer to '{key.scope}': {value}" for key, value in slots.items() if key.kind == "model" and value]

    def _call(self, messages: list[dict[str, Any]]) -> ModelReply:
        reply = complete(self.settings, messages, tools=[prompts.CLARIFY_TOOL], json_mode=True)
        self.usage = self.usage + reply.usage
        return reply

    def _draft(self, messages: list[dict[str, Any]], database: Database, question: str) -> Draft[LlmSpec]:
        reply = self._call(messages)
        usage = reply.usage
        for name, arguments in reply.tool_calls:
            if name == "request_clarification":
                context, questions, level = _questions(arguments)
                if questions:
                    ambiguities = tuple(Ambiguity(level, context, q) for q in questions)
                    return Draft("", context, 0.3, None, ambiguities, usage=usage)
        parsed = parse_model_reply(reply.content)
        for attempt in range(2):
            if parsed is None:
                error = "the reply had no SQL; answer with the JSON object asked for"
            elif parsed.needs_clarification and not parsed.sql:
                more = Question("Could you say a little more about what you need?", FREE, required=False,
                                slot=SlotKey("model", "details"))
                return Draft("", parsed.explanation or "the model needs more detail", 0.3, None,
                             (Ambiguity("general", parsed.explanation or "unclear request", more),), usage=usage)
            else:
                found = problems(parsed.sql, database.schema)
                if not found:
                    compiled = database.check(parsed.sql)
                    found = [compiled] if compiled else []
                if not found:
                    explanation = parsed.explanation or "Query written by the model."
                    return Draft(parsed.sql, explanation, parsed.confidence, LlmSpec(parsed.sql, question),
                                 refinement_summary=parsed.summary, usage=usage)
                error = "; ".join(found)
            if attempt == 1:
                break
            # One repair round: the model sees what was wrong and what exists instead.
            messages = [*messages, {"role": "assistant", "content": reply.content or ""},
                        prompts.repair_message(error)]
            reply = self._call(messages)
            usage = usage + reply.usage
            parsed = parse_model_reply(reply.content)
        raise EngineError(f"The model's SQL did not work here ({error}).")

    def draft(self, question: str, database: Database, slots: Slots = NO_SLOTS) -> Draft[LlmSpec]:
        self._database_name = database.display_name
        examples = self.memory.similar(database.display_name, question) if self.memory else []
        messages = prompts.generation_messages(question, self.schema_prompt(question, database), database.dialect,
                                               self.today, examples, self._clarifications(slots))
        return self._draft(messages, database, question)

    def refine(self, context: RefinementContext[LlmSpec], database: Database) -> Draft[LlmSpec]:
        spec = context.current_spec
        question = spec.question if spec is not None else context.original_question
        sql = spec.sql if spec is not None else context.current_query
        sample = prompts.sample_text(context.previous_results, self.no_data)
        if self.answer_style == "natural" and context.feedback.strip().lower().startswith("why"):
            return self._why(context, question, sql, sample)
        schema = self.schema_prompt(f"{question} {context.feedback}", database)
        messages = prompts.refinement_messages(question, sql, context.feedback, sample, schema, database.dialect,
                                               self.today, self._clarifications(dict(context.slots)))
        return self._draft(messages, database, question)

    def _why(self, context: RefinementContext[LlmSpec], question: str, sql: str, sample: str) -> Draft[LlmSpec]:
        """ "why ...?" about a result: the model reads the rows it was given (none with --no-data-to-model)."""
        messages = [{"role": "system", "content": "Answer the follow-up about a query result in at most two "
                                                  "sentences, using only what is given."},
                    {"role": "user", "content": f"Question: {question}\nSQL: {sql}\n{sample}"
                                                f"Follow-up: {context.feedback}"}]
        reply = complete(self.settings, messages)
        self.usage = self.usage + reply.usage
        summary = reply.content.strip() or "The model had nothing to add."
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
        try:
            reply = complete(self.settings, messages)
        except Nl2SqlError:  # the sentence is a nicety: a failed call keeps the plain one
            return sentence
        self.usage = self.usage + reply.usage
        return reply.content.strip() or sentence

    def learn(self, question: str, sql: str, *, confirmed: bool = False) -> None:
        if self.memory is not None and question and sql:
            self.memory.remember(self._database_name, question, sql, confirmed=confirmed)
