"""One turn as one function: (state, line) -> (next state, result, effects).

Nothing here changes the session: every path builds the next immutable ``ConversationState``
and the result that goes with it, and names what should happen after the swap (learning an
example, counting for ``/stats``) as effects. The orchestrator swaps the state once and runs the
effects in hooks that cannot undo the turn, so a failure at any step of a turn leaves the
conversation exactly as it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Generic, TypeVar

import sqlglot
import sqlglot.errors
from sqlglot import exp

from nl2sql.config import CONFIRM_BELOW
from nl2sql.db import Database
from nl2sql.dialog import NEW_QUERY, REFINEMENT, ConversationState, DialogManager, Pending, Turn
from nl2sql.dialog.ambiguity import CONFIRMATION, AmbiguityHandler
from nl2sql.dialog.intent import LOW, IntentDecision, Readings, ReadingView
from nl2sql.dialog.questions import (
    SINGLE,
    Answer,
    AnswerError,
    ClarificationRequest,
    Question,
    Reply,
    complete,
    parse_reply,
)
from nl2sql.dialog.state import AwaitingClarification, AwaitingConfirmation, Idle, Round, SlotPairs
from nl2sql.engines.base import Draft, Engine, History, PastTurn, RefinementContext
from nl2sql.errors import EngineError
from nl2sql.learned import Lesson
from nl2sql.narrowing import required_columns, same_rows, unique_keys
from nl2sql.results import ErrorInfo, Outcome, TurnResult
from nl2sql.workflows.generation import SqlGenerationWorkflow
from nl2sql.workflows.no_rows import hint_for
from nl2sql.workflows.refinement import SqlRefinementWorkflow
from nl2sql.workflows.teaching import HandedBack, lesson_from

S = TypeVar("S")
State = ConversationState[Outcome[S], Draft[S]]

RESULT_SAMPLE_ROWS = 5
CLARIFY_MODES = ("ask", "auto")
RUN, DONT_RUN, EDIT = 1, 2, 3  # the confirmation question's choices
CONFIRM_QUESTION = Question("Run this reading?", SINGLE, ("Run it", "Don't run it", "Edit the SQL"), default_choice=RUN)
_CONFIRM_WORDS = {"": RUN, "y": RUN, "yes": RUN, "run": RUN, "ok": RUN, "okay": RUN, "sure": RUN, "go": RUN,
                  "n": DONT_RUN, "no": DONT_RUN, "nope": DONT_RUN, "e": EDIT, "edit": EDIT}


@dataclass(frozen=True)
class Policy:
    """How the session deals with doubt: ask or take defaults, when to confirm, how often to ask."""

    clarify: str = "ask"  # ask: wait for the user; auto: answer with the defaults and run
    confirm_below: float = CONFIRM_BELOW  # a reading at or under this confidence is shown before it runs
    max_rounds: int = 2
    unclear_cap: float = 0.5  # a reading reached through an unclear routing is itself uncertain


@dataclass(frozen=True)
class Effects:
    """What the orchestrator does after the swap; none of it can change the turn."""

    learn: tuple[str, str] | None = None  # (question, SQL) that ran well
    events: tuple[str, ...] = ()  # for /stats: turn, clarified, round, confirmation, rejection
    lesson: Lesson | None = None  # what the user's answers taught, kept for the database (teach once)
    handed_back: HandedBack | None = None  # a new question's reading handed back to edit: what its edit stands for


@dataclass(frozen=True)
class Transition(Generic[S]):
    """A turn as a value: the state it leads to, what it shows, and the effects the workflow applies after commit."""
    state: State[S]
    result: TurnResult
    effects: Effects = Effects()


def confirmation_request(draft: Draft[S]) -> ClarificationRequest:
    return ClarificationRequest(f"I understood: {draft.explanation}", CONFIRMATION, (CONFIRM_QUESTION,))


def confirmation_reply(text: str) -> Reply:
    """y / n / e (or the choice's number or text) to a confirmation; any other line is a new turn."""
    lowered = text.strip().lower()
    choice = _CONFIRM_WORDS.get(lowered)
    if choice is None and lowered in ("1", "2", "3"):
        choice = int(lowered)
    if choice is None:
        choice = next((n for n, c in enumerate(CONFIRM_QUESTION.choices, start=1) if c.lower() == lowered), None)
    if choice is None:
        return Reply(instead=text)
    return Reply({1: Answer(SINGLE, (choice,), (CONFIRM_QUESTION.choices[choice - 1],))})


class TurnStep(Generic[S]):
    """The pure part of a turn: reading, routing, asking and running, returning the next state."""

    def __init__(self, database: Database, engine: Engine[S], generation: SqlGenerationWorkflow[S],
                 refinement: SqlRefinementWorkflow[S], policy: Policy) -> None:
        self.database = database
        self.engine = engine
        self.generation = generation
        self.refinement = refinement
        self.policy = policy
        self.dialog = DialogManager()

    # -- a new line ------------------------------------------------------------------------------

    def line(self, state: State[S], text: str, lesson: Lesson | None = None) -> Transition[S]:
        """A typed line: an answer to what is waiting, or the next question (with what the user taught
        for it before, if anything)."""
        mode = state.mode
        if isinstance(mode, AwaitingClarification):
            try:
                return self.reply(state, parse_reply(mode.request, text))
            except AnswerError as err:
                return self._still_waiting(state, err)
        if isinstance(mode, AwaitingConfirmation):
            return self.reply(state, confirmation_reply(text))
        if not text:
            return Transition(state, TurnResult.of(state, error=ErrorInfo("Nothing to ask.", False)))
        return self._start(state, text, lesson)

    def route(self, state: State[S], text: str,
              taught: SlotPairs = ()) -> tuple[IntentDecision, dict[str, Draft[S] | EngineError]]:
        """Decide new question or refinement: the engine reads the line each way the dialog manager
        asks for, and the manager decides on those readings, given to it as one value."""
        slots = {**dict(state.answered), **dict(taught)}
        readings: dict[str, Draft[S] | EngineError] = {}
        views = Readings()
        # A model engine's reading is a paid call: read the other way only when the cued one fails.
        both = not self.engine.capabilities.calls_model
        cue = self.dialog.detect_intent(text, state.has_query)
        while (intent := self.dialog.wanted(cue, state.has_query, views, both=both)) is not None:
            views = views.with_(intent, self._view(state, text, intent, slots, readings))
        new = readings.get(NEW_QUERY)
        if views.get(REFINEMENT) is not None and isinstance(new, Draft) and (seen := views.get(NEW_QUERY)):
            views = views.with_(NEW_QUERY, replace(seen, fresh=self._fresh(state, text, new)))
        decision = self.dialog.decide(cue, state.has_query, views, both=both)
        if decision.intent not in readings:
            self._view(state, text, decision.intent, slots, readings)
        return decision, readings

    def _view(self, state: State[S], text: str, intent: str, slots: dict,
              readings: dict[str, Draft[S] | EngineError]) -> ReadingView | None:
        """The engine's reading of the line as ``intent``, kept in ``readings``; what routing sees of it."""
        if self.engine.capabilities.calls_model and readings:
            return None  # a model reads the conversation either way: one reading (and its repairs) a line
        try:
            draft = self._read(state, text, intent, slots)
        except EngineError as err:
            readings[intent] = err
            return None
        readings[intent] = draft
        return ReadingView(draft.accounted)

    def _fresh(self, state: State[S], text: str, draft: Draft[S]) -> bool:
        """Whether a new question's reading is about other data: none of the current query's tables,
        and one of its own named in the line."""
        tables = self._tables(draft.sql)
        return tables.isdisjoint(self._current_tables(state)) and _names_any(text, tables)

    def _start(self, state: State[S], text: str, lesson: Lesson | None = None) -> Transition[S]:
        settled = dict(state.answered)
        # What the user taught for this line, where this conversation has not settled it otherwise.
        taught = tuple((k, v) for k, v in lesson.slots if k not in settled) if lesson is not None else ()
        decision, readings = self.route(state, text, taught)
        reading = readings[decision.intent]
        if isinstance(reading, EngineError):
            raise reading
        current = state.current
        intent = decision.intent
        if current is not None and reading.intent in (NEW_QUERY, REFINEMENT):
            intent = reading.intent  # an engine that read the conversation itself said which it was
        question = (current.question or current.text) if intent == REFINEMENT and current else text
        pending: Pending[Draft[S]] = Pending(state.next_turn_number, text, intent, question, slots=taught,
                                             route_confidence="high" if taught else decision.confidence,
                                             taught=(lesson.summary,) if taught and lesson is not None else (),
                                             taught_sql=lesson.ran if taught and lesson is not None else None)
        return self._settle(state, pending, reading)

    def _read(self, state: State[S], text: str, intent: str, slots: dict) -> Draft[S]:
        if intent == REFINEMENT and state.current is not None:
            return self.refinement.read(self._context(state, text, slots), self.database)
        return self.generation.read(text, self.database, slots, history(state))

    def _tables(self, sql: str) -> frozenset[str]:
        return tables_read(sql, self.database.dialect)

    def _current_tables(self, state: State[S]) -> frozenset[str]:
        current = state.current
        return self._tables(current.query) if current is not None and current.query else frozenset()

    def _context(self, state: State[S], feedback: str, slots: dict) -> RefinementContext[S]:
        current = state.current
        assert current is not None and current.outcome is not None
        outcome = current.outcome
        return RefinementContext(current.question or current.text, outcome.sql, feedback,
                                 outcome.result.sample(RESULT_SAMPLE_ROWS), outcome.spec, tuple(slots.items()),
                                 outcome.confidence, history(state))

    # -- ask, confirm or run ---------------------------------------------------------------------

    def _settle(self, state: State[S], pending: Pending[Draft[S]], draft: Draft[S],
                events: tuple[str, ...] = ()) -> Transition[S]:
        """What a fresh reading of the turn leads to: a question, a confirmation, or a run."""
        request = _request(draft)
        pending = replace(pending, reading=draft)
        if request is not None and pending.rounds < self.policy.max_rounds:
            events = (*events, *(("clarified",) if pending.rounds == 0 else ()), "round")
            if self.policy.clarify == "auto":
                return self._auto_answer(state, pending, draft, request, events)
            waiting = replace(pending, rounds=pending.rounds + 1)
            return self._wait(state, AwaitingClarification(waiting, request), events)
        note = f"Still unsure after {self.policy.max_rounds} rounds of questions; running the best reading." \
            if request is not None else None
        # A reading that left words of the line unused is confirmed whatever its score, even after questions,
        # unless it is the very SQL the user's answers ran when they taught it. One at or under the threshold
        # is confirmed, unless the user's answers settled it (now or taught before), or it only narrows a
        # query the user signed off and was read word for word.
        seen = pending.taught_sql is not None and draft.sql == pending.taught_sql
        if request is None and not seen and (draft.unused or pending.rounds == 0 and not pending.taught
                                and self._confidence(draft.confidence, pending, state) <= self.policy.confirm_below
                                and not self._narrows(state, pending, draft)):
            events = (*events, "confirmation")
            confirm = confirmation_request(draft)
            if self.policy.clarify == "auto":
                ran = Round(confirm, ((1, _choice(RUN)),), "defaults")
                return self._run(state, replace(pending, log=(*pending.log, ran)), draft, None, events, guessed=True)
            message = f"I understood: {draft.explanation.rstrip('.')} - run it? [Y/n/e]"
            return self._wait(state, AwaitingConfirmation(pending, confirm), events, message)
        if note is None and pending.taught:
            note = f"As you answered before: {'; '.join(pending.taught)} (/learned)."
        return self._run(state, pending, draft, note, events, guessed=request is not None)

    def _narrows(self, state: State[S], pending: Pending[Draft[S]], draft: Draft[S]) -> bool:
        """A follow-up, surely one, read word for word, that only adds conditions, an order, a limit or
        columns to a query the user confirmed or that ran without asking: asking about it again is asking
        twice."""
        current = state.current
        return (pending.intent == REFINEMENT and pending.route_confidence != LOW and current is not None
                and not _after_a_miss(state, pending)
                and current.query is not None and not current.guessed and self.engine.capabilities.accounts_words
                and draft.read_whole and same_rows(current.query, draft.sql, self.database.dialect,
                                                     unique_keys(self.database.schema),
                                                     required_columns(self.database.schema)))

    def _auto_answer(self, state: State[S], pending: Pending[Draft[S]], draft: Draft[S],
                     request: ClarificationRequest, events: tuple[str, ...]) -> Transition[S]:
        answers = request.defaults()
        slots = AmbiguityHandler.resolve(request, answers)
        entry = Round(request, tuple(answers.items()), "defaults")
        pending = replace(pending, slots=(*pending.slots, *slots.items()), log=(*pending.log, entry))
        if not draft.sql:  # nothing to run yet (a model asked first): read again with the defaults,
            # and with the questions nobody answered marked so, so that they are not simply asked again
            unanswered = tuple((q.slot, "") for q in request.questions if q.slot is not None and q.slot not in slots)
            pending = replace(pending, slots=(*pending.slots, *unanswered))
            draft = self._redraft(state, pending)
            if not draft.sql:
                raise EngineError("The question stays ambiguous; answer its questions to go on.")
        return self._run(state, pending, draft, None, events, guessed=True)

    def _wait(self, state: State[S], mode: AwaitingClarification[Draft[S]] | AwaitingConfirmation[Draft[S]],
              events: tuple[str, ...], message: str | None = None) -> Transition[S]:
        waiting = state.waiting(mode)
        pending = mode.pending
        draft = pending.reading
        shown = draft if draft is not None and isinstance(mode, AwaitingConfirmation) else None
        result = TurnResult.of(waiting, pending.number, pending.intent, request=mode.request, message=message,
                               explanation=draft.explanation if draft else None,
                               intent_confidence=pending.route_confidence, rounds=pending.log,
                               # the SQL a confirmation asks about, and why it asks: shown before it runs
                               query=shown.sql if shown else None,
                               confidence=self._confidence(shown.confidence, pending, state) if shown else None,
                               unused=shown.unused if shown else ())
        return Transition(waiting, result, Effects(events=events))

    def _still_waiting(self, state: State[S], err: AnswerError) -> Transition[S]:
        """An answer that does not fit: the question stays open, nothing else changes."""
        mode = state.mode
        assert isinstance(mode, AwaitingClarification)
        pending = mode.pending
        return Transition(state, TurnResult.of(state, pending.number, pending.intent, request=mode.request,
                                               error=ErrorInfo(str(err), True),
                                               intent_confidence=pending.route_confidence))

    # -- answers ---------------------------------------------------------------------------------

    def reply(self, state: State[S], reply: Reply) -> Transition[S]:
        """A typed reply to the open request: answers, skip, cancel, or a new line instead."""
        mode = state.mode
        if isinstance(mode, Idle):
            return self.line(state, reply.instead) if reply.instead is not None else Transition(
                state, TurnResult.of(state, error=ErrorInfo("Nothing is waiting for an answer.", False)))
        if isinstance(mode, AwaitingConfirmation):
            return self._confirmed(state, mode, reply)
        return self._answered(state, mode, reply)

    def _answered(self, state: State[S], mode: AwaitingClarification[Draft[S]], reply: Reply) -> Transition[S]:
        pending, request = mode.pending, mode.request
        if reply.cancelled:
            back = state.idle()
            cancelled = TurnResult.of(back, pending.number, pending.intent, message="Cancelled; nothing ran.",
                                      cancelled=request)
            return Transition(back, cancelled, Effects(events=("rejection",)))
        draft = pending.reading
        if reply.skipped:
            if draft is None or not draft.sql:
                return self._still_waiting(state, AnswerError("There is no reading to run yet; answer or cancel."))
            skipped = tuple((n, Answer(q.question_type, skipped=True)) for n, q in enumerate(request.questions, 1))
            done = replace(pending, log=(*pending.log, Round(request, skipped, "user")))
            return self._run(state.idle(), done, draft, "Skipped the questions; ran the best reading.", (),
                             guessed=True)
        try:
            answers = complete(request, reply.answers)
        except AnswerError as err:
            return self._still_waiting(state, err)
        slots = AmbiguityHandler.resolve(request, answers)
        answered = replace(pending, slots=(*pending.slots, *slots.items()),
                           log=(*pending.log, Round(request, tuple(answers.items()), "user")), route_confidence="high")
        base = state.idle()
        return self._settle(base, answered, self._redraft(base, answered))

    def _confirmed(self, state: State[S], mode: AwaitingConfirmation[Draft[S]], reply: Reply) -> Transition[S]:
        pending = mode.pending
        back = state.idle()
        if reply.instead is not None:  # a new line instead of y/n: that line is the next turn
            return self.line(back, reply.instead)
        answer = reply.answers.get(1)
        choice = DONT_RUN if reply.cancelled or answer is None or not answer.selected else answer.selected[0]
        draft = pending.reading
        assert draft is not None
        if choice == RUN:
            ran = Round(mode.request, ((1, _choice(RUN)),), "user")
            return self._run(back, replace(pending, log=(*pending.log, ran), route_confidence="high"), draft,
                             None, (), confirmed=True)
        edit = draft.sql if choice == EDIT else None
        result = TurnResult.of(back, pending.number, pending.intent, edit_sql=edit,
                               message="Edit the SQL and run it." if edit else "Not run.")
        # A new question's statement, as the user corrects it, is what that question means here: taught once.
        handed = HandedBack(pending.text, edit) if edit and pending.intent == NEW_QUERY else None
        return Transition(back, result, Effects(events=("rejection",) if choice == DONT_RUN else (),
                                                handed_back=handed))

    def _redraft(self, state: State[S], pending: Pending[Draft[S]]) -> Draft[S]:
        """The turn read again with its answers; its usage counts the calls of the readings before it."""
        slots = {**dict(state.answered), **dict(pending.slots)}
        draft = self._read(state, pending.text, pending.intent, slots)
        before = pending.reading.usage if pending.reading is not None else None
        if before is None:
            return draft
        return replace(draft, usage=before + draft.usage if draft.usage is not None else before)

    # -- running ---------------------------------------------------------------------------------

    def _confidence(self, score: float, pending: Pending[Draft[S]], state: State[S]) -> float:
        unclear = pending.route_confidence == LOW or _after_a_miss(state, pending)
        return min(score, self.policy.unclear_cap) if unclear else score

    def _run(self, state: State[S], pending: Pending[Draft[S]], draft: Draft[S], note: str | None,
             events: tuple[str, ...], *, confirmed: bool = False, guessed: bool = False) -> Transition[S]:
        """Execute the reading through its workflow and build the committed state: where a turn completes."""
        slots = {**dict(state.answered), **dict(pending.slots)}
        if pending.intent == REFINEMENT and state.current is not None:
            outcome = self.refinement.refine(self._context(state, pending.text, slots), self.database,
                                             reading=draft)
        else:
            outcome = self.generation.execute(pending.text, self.database, slots, reading=draft)
        confidence = self._confidence(outcome.confidence, pending, state)
        # A reading the user saw and said to run is what they meant: what refines it starts from certainty.
        turn = Turn(pending.number, pending.text, pending.intent, question=pending.question, query=outcome.sql,
                    explanation=outcome.explanation, confidence=confidence,
                    refinement_summary=outcome.refinement_summary,
                    outcome=replace(outcome, confidence=1.0) if confirmed else outcome, guessed=guessed,
                    engine=draft.engine or self.engine.name)
        committed = state.idle().commit(turn, pending.slots)
        refined = pending.intent == REFINEMENT and state.current is not None
        result = TurnResult.of(
            committed, pending.number, pending.intent, query=outcome.sql, result=outcome.result,
            explanation=outcome.explanation, answer=outcome.answer, confidence=confidence,
            intent_confidence=pending.route_confidence,
            refinement_summary=outcome.refinement_summary if refined else None,
            refines_turn=state.current.number if refined and state.current else None,
            rounds=pending.log, message=note, usage=self._usage(draft), unused=draft.unused,
            signals=(*draft.signals, ("route_low", float(pending.route_confidence == LOW))), cues=draft.cues,
            hint=hint_for(self.database, outcome.sql, outcome.result, timeout=self.generation.timeout),
            engine=draft.engine or self.engine.name,
        )
        learned = pending.question if pending.intent == NEW_QUERY else pending.text
        return Transition(committed, result, Effects((learned, outcome.sql), (*events, "turn"),
                                                     lesson=lesson_from(pending, outcome.sql)))

    def _usage(self, draft: Draft[S]) -> dict | None:
        """Tokens and cost of this turn's model calls and of the session so far (model engines only)."""
        session = self.engine.session_usage()
        if draft.usage is None and session is None:
            return None
        turn = draft.usage.to_json() if draft.usage is not None else {}
        return {**turn, "session": session.to_json() if session is not None else None}

    def failed(self, state: State[S], text: str, message: str, can_retry: bool, kind: str = "error") -> Transition[S]:
        """A line that raised: recorded with its text and error; query, result and answers stay as they were.

        A line typed while a turn waited is that turn's answer, unless it was a new line instead of
        y/n at a confirmation: then the waiting turn is dropped and the line fails on its own."""
        mode = state.mode
        answering = isinstance(mode, AwaitingClarification) or (
            isinstance(mode, AwaitingConfirmation) and (not text or confirmation_reply(text).instead is None))
        if answering and not isinstance(mode, Idle):
            pending = mode.pending
            number, text, intent, sure = pending.number, pending.text, pending.intent, pending.route_confidence
        else:
            cue = self.dialog.detect_intent(text, state.has_query)
            number, intent, sure = state.next_turn_number, cue.intent, cue.confidence
        committed = state.idle().commit(Turn(number, text, intent, error=message))
        result = TurnResult.of(committed, number, intent, error=ErrorInfo(message, can_retry, kind),
                               intent_confidence=sure)
        return Transition(committed, result, Effects(events=("turn",)))


def _after_a_miss(state: State[Any], pending: Pending[Any]) -> bool:
    """Whether a follow-up comes right after a line that was not understood: what it refines is the
    query before that line, which may lack what the line said, so it is not run unasked."""
    last = state.turns[-1] if state.turns else None
    return pending.intent == REFINEMENT and last is not None and last.number > state.since and not last.ok \
        and last.number == pending.number - 1


def history(state: State[S]) -> History:
    """The conversation's kept turns since the last /new, as an engine sees them: each line with its SQL or
    its error."""
    return tuple(PastTurn(t.text, t.query, t.error) for t in state.turns if t.text and t.number > state.since)


@lru_cache(maxsize=256)
def tables_read(sql: str, dialect: str) -> frozenset[str]:
    """The tables a statement reads (lower-cased); empty when it does not parse."""
    try:
        tree = sqlglot.parse_one(sql, read=dialect)
    except sqlglot.errors.SqlglotError:
        return frozenset()
    return frozenset(t.name.lower() for t in tree.find_all(exp.Table))


def _names_any(text: str, tables: frozenset[str]) -> bool:
    """Whether the line names one of ``tables`` in so many words (singular or plural)."""
    words = {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", text.lower())}
    return any(all(part.rstrip("s") in words for part in table.split("_") if part) for table in tables)


def _request(draft: Draft[S]) -> ClarificationRequest | None:
    handler = AmbiguityHandler()
    for ambiguity in draft.ambiguities:
        handler.declare(ambiguity.level, ambiguity.message, ambiguity.question)
    return handler.ask()


def _choice(n: int) -> Answer:
    return Answer(SINGLE, (n,), (CONFIRM_QUESTION.choices[n - 1],))

