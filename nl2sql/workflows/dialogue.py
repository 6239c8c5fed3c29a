"""The one clarification loop, shared by the REPL and ``ask``: typed requests in, typed replies out.

An actor answers a waiting turn's request (the console asks a person; ``--answer`` pairs answer
once; nobody at all leaves the request open, and ``ask`` exits 3). The loop hands each typed
``Reply`` to ``InteractiveWorkflow.answer``, so nothing is turned into text and parsed again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from nl2sql.dialog.questions import AnswerError, Reply, parse_pairs
from nl2sql.errors import UsageError
from nl2sql.results import TurnResult

if TYPE_CHECKING:
    from nl2sql.workflows.interactive import InteractiveWorkflow


class Actor(Protocol):
    def reply(self, result: TurnResult) -> Reply | None:
        """The reply to ``result.request`` (``result.mode`` says clarification or confirmation);
        None when this actor cannot answer, which leaves the request open."""
        ...


class PairsActor:
    """``--answer 1=2 --answer 2=card``: answers the first request, and only that one.

    An answer that does not fit its question leaves the request open, with the reason in
    ``error``, so that a program sees the questions and what was wrong."""

    def __init__(self, pairs: Sequence[str]) -> None:
        for pair in pairs:  # the form is checked before anything runs; the values when a request comes
            key, sep, _ = pair.partition("=")
            if not sep or not key.strip().isdigit():
                raise UsageError(f"--answer {pair!r} is not N=VALUE (N is the question's number).")
        self.pairs = list(pairs)
        self.error: str | None = None

    def reply(self, result: TurnResult) -> Reply | None:
        if not self.pairs or result.request is None:
            return None
        pairs, self.pairs = self.pairs, []
        try:
            return parse_pairs(result.request, pairs)
        except AnswerError as err:
            self.error = str(err)
            return None


def settle(workflow: InteractiveWorkflow[Any], result: TurnResult, actor: Actor | None) -> TurnResult:
    """Answer ``result``'s open request until the turn runs, is dropped, or the actor has no answer."""
    while result.request is not None and actor is not None:
        reply = actor.reply(result)
        if reply is None:
            break
        result = workflow.answer(reply)
    return result
