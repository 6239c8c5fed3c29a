"""A statement the user wrote or edited, run as a turn the conversation keeps.

``/sql`` runs a statement and forgets it; an adopted statement becomes the current query, so the
next follow-up refines what the user wrote rather than the reading they corrected. It is one
more step of the turn function: (state, statement) -> transition, swapped in by the workflow like
any other turn, so a refused or broken statement is a failed turn that changes nothing else.
"""

from __future__ import annotations

from typing import TypeVar

from nl2sql.db import Database
from nl2sql.dialog import NEW_QUERY, REFINEMENT, Turn
from nl2sql.dialog.state import AwaitingClarification, AwaitingConfirmation
from nl2sql.errors import Nl2SqlError
from nl2sql.results import ErrorInfo, Outcome, TurnResult
from nl2sql.workflows.turn import Effects, State, Transition

S = TypeVar("S")

ADOPTED_EXPLANATION = "Edited by hand; run as written."
TAUGHT_EXPLANATION = "The SQL you wrote for this question before; run as written."
# The user wrote it: what refines it starts from certainty, as after a confirmed reading. The
# turn itself shows no score, since no engine read anything.
ADOPTED_CONFIDENCE = 1.0


def adopted(state: State[S], text: str, sql: str, database: Database, *, max_rows: int | None,
            timeout: float, taught: bool = False) -> Transition[S]:
    """Run ``sql`` (guarded, read-only, under the time limit) and make it the current query.

    A turn waiting for answers or a yes is replaced: the statement stands for it, with its number.
    ``taught``: the statement the user wrote for the question ``text`` once (teach once), a new query."""
    mode = state.mode
    waiting = mode.pending if isinstance(mode, (AwaitingClarification, AwaitingConfirmation)) else None
    base = state.idle()
    # What the edit stands for: the waiting turn's own intent (an edited new question is a new query,
    # whatever came before it), else a change to the current query if there is one.
    current = base.current if not taught and (waiting is None or waiting.intent == REFINEMENT) else None
    intent = REFINEMENT if current is not None else NEW_QUERY
    number = base.next_turn_number
    question = (current.question or current.text) if current is not None else \
        text if taught else (waiting.question if waiting else None)
    explanation = TAUGHT_EXPLANATION if taught else ADOPTED_EXPLANATION
    refines = current.number if current is not None else None
    try:
        result = database.execute(sql, max_rows=max_rows, timeout=timeout)
    except Nl2SqlError as err:  # a refused or broken statement: recorded, the current query stays
        committed = base.commit(Turn(number, text, intent, question=question, error=str(err)))
        failed = TurnResult.of(committed, number, intent, query=sql, error=ErrorInfo(str(err), err.can_retry, err.kind))
        return Transition(committed, failed, Effects(events=("turn",)))
    outcome: Outcome[S] = Outcome(sql, explanation, ADOPTED_CONFIDENCE, None, result)
    turn = Turn(number, text, intent, question=question, query=sql, explanation=explanation, outcome=outcome)
    committed = base.commit(turn)
    done = TurnResult.of(committed, number, intent, query=sql, result=result, explanation=explanation,
                         refines_turn=refines)
    # Nothing is learned: the words that led here do not say what the edited statement means.
    return Transition(committed, done, Effects(events=("turn",)))
