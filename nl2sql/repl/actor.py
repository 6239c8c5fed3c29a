"""The console actor: answers a waiting turn's request by asking the person at the terminal.

Clarification: each typed question with its choices and default, one by one, each answer checked
against its question (a number, a choice's text, free text, empty for the default, ``skip`` or
``cancel``). Confirmation: one line, y / n / e, or a new question instead. What it collects goes
back as a typed ``Reply``; nothing is serialised and parsed again.
"""

from __future__ import annotations

from collections.abc import Callable

from nl2sql.dialog import AWAITING_CONFIRMATION
from nl2sql.dialog.questions import CANCEL_WORDS, SKIP_WORDS, Answer, AnswerError, Reply, answer_one
from nl2sql.formatting import render_question, render_request, visible
from nl2sql.results import TurnResult
from nl2sql.workflows.turn import confirmation_reply

Ask = Callable[[str], str]  # shows a prompt, returns the typed line (raises EOFError/KeyboardInterrupt)
Say = Callable[[str], None]


class ConsoleActor:
    """Shows a waiting turn (its questions, or the reading to confirm) and reads the answers."""

    def __init__(self, ask: Ask, say: Say, show_sql: Say | None = None, *,
                 unread: Callable[[], None] | None = None) -> None:
        self.ask = ask
        # What it shows quotes the database (the SQL, a reading's names, a question's choices): a table
        # named with an escape sequence is written out, whoever prints the line.
        self.say: Say = lambda text: say(visible(text))
        shown = show_sql or say  # the REPL highlights it
        self.show_sql: Say = lambda sql: shown(visible(sql))
        # A person who mistypes an answer is asked again. Lines read from a file are not retyped:
        # there a line that answers nothing cancels the question and is put back (``unread``), to be
        # read as the next line of the conversation.
        self.unread = unread

    def reply(self, result: TurnResult) -> Reply | None:
        if result.request is None:
            return None
        if result.error is not None:
            self.say(f"Error: {result.error.message}")
        if result.mode == AWAITING_CONFIRMATION:
            return self._confirm(result)
        return self._clarify(result)

    def _confirm(self, result: TurnResult) -> Reply:
        if result.query:  # what a yes runs
            self.show_sql(result.query)
        if result.message:
            self.say(result.message)
        while True:
            try:
                typed = self.ask("  > ")
            except (KeyboardInterrupt, EOFError):
                return Reply(cancelled=True)
            reply = confirmation_reply(typed)
            if reply.instead is None or len(typed.strip()) > 2 or self.unread is not None:
                return reply  # read from a file: a line that answers nothing is the next question
            # One or two keys that answer nothing ("q" meant for a pager) are a slip, not a new question.
            self.say("    y runs it, n does not, e edits the SQL; or type a new question.")

    def _clarify(self, result: TurnResult) -> Reply:
        request = result.request
        assert request is not None
        for line in render_request(request):
            self.say(line)
        answers: dict[int, Answer] = {}
        for index, question in enumerate(request.questions, start=1):
            for line in render_question(index, len(request.questions), question):
                self.say(line)
            while True:
                try:
                    typed = self.ask("    > ").strip()
                except (KeyboardInterrupt, EOFError):
                    return Reply(cancelled=True)
                if typed.lower() in CANCEL_WORDS:
                    return Reply(cancelled=True)
                if typed.lower() in SKIP_WORDS:
                    return Reply(skipped=True)
                try:
                    answers[index] = answer_one(question, typed)
                except AnswerError as err:
                    if self.unread is not None:
                        self.unread()
                        return Reply(cancelled=True)
                    self.say(f"    {err}")
                    continue
                break
        return Reply(answers)
