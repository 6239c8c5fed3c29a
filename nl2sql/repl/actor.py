"""The console actor: asks a clarification request's questions one by one in the terminal.

It shows each typed question with its choices and default, reads an answer (a number, a choice's
text, free text, empty for the default, ``skip`` or ``cancel``), checks it against the question,
and hands the collected answers back as one JSON reply line for ``process_turn``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from nl2sql.dialog.questions import CANCEL_WORDS, SKIP_WORDS, AnswerError, answer_one
from nl2sql.formatting import question_from_json, render_question, render_request

Ask = Callable[[str], str]  # shows a prompt, returns the typed line (raises EOFError/KeyboardInterrupt)
Say = Callable[[str], None]


def ask_request(request: dict[str, Any], ask: Ask, say: Say) -> str:
    """The reply line for ``process_turn``: a JSON object of answers, or "cancel" / "skip"."""
    questions = [question_from_json(q) for q in request.get("questions", [])]
    for line in render_request(request):
        say(line)
    answers: dict[str, Any] = {}
    for index, question in enumerate(questions, start=1):
        for line in render_question(index, len(questions), question):
            say(line)
        while True:
            try:
                typed = ask("    > ").strip()
            except KeyboardInterrupt:
                return "cancel"
            if typed.lower() in CANCEL_WORDS:
                return "cancel"
            if typed.lower() in SKIP_WORDS:
                return "skip"
            try:
                answer = answer_one(question, typed)
            except AnswerError as err:
                say(f"    {err}")
                continue
            answers[str(index)] = answer.to_json()
            break
    return json.dumps(answers)
