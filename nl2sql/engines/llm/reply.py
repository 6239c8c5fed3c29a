"""What a model's reply means: the SQL it wrote (as JSON, in a fence, or bare) or the questions it asked.

Models without a JSON mode wrap SQL in prose and markdown; the reading is forgiving about the
wrapper and strict about what counts as SQL.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from nl2sql.dialog.ambiguity import LEVELS, SPECIFIC
from nl2sql.dialog.questions import FREE, Question, SlotKey
from nl2sql.escapes import visible

_FENCE = re.compile(r"```(?:sql|json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)
_BARE_SQL = re.compile(r"((?:WITH|SELECT)\b.*?)(?:;|$)", re.DOTALL | re.IGNORECASE)
INTENTS = ("new_query", "refinement")
# What a reply that states no confidence (bare SQL, or JSON without the field) is taken to claim:
# above the confirmation line, because its SQL must still pass the database's check to be used.
UNSTATED_CONFIDENCE = 0.8


@dataclass(frozen=True)
class Parsed:
    sql: str
    explanation: str
    confidence: float
    summary: str | None
    needs_clarification: bool
    intent: str | None = None  # new_query | refinement, as the model read the line


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
        except (ValueError, RecursionError):  # not JSON, a number of 5,000 digits, nesting thousands deep
            continue
        if isinstance(data, dict) and (data.get("sql") or data.get("needs_clarification")):
            try:
                confidence = float(data.get("confidence", UNSTATED_CONFIDENCE))
            except (TypeError, ValueError, OverflowError):
                confidence = UNSTATED_CONFIDENCE
            if confidence != confidence:  # NaN: no confidence stated
                confidence = UNSTATED_CONFIDENCE
            intent = data.get("intent") if data.get("intent") in INTENTS else None
            return Parsed(_field(data.get("sql")), visible(_field(data.get("explanation"))),
                          max(0.0, min(1.0, confidence)), visible(_field(data.get("summary"))) or None,
                          bool(data.get("needs_clarification")), intent)
    for candidate in candidates[1:] + [text]:
        match = _BARE_SQL.search(candidate)
        if match:
            return Parsed(match.group(1).strip(), "", UNSTATED_CONFIDENCE, None, False)
    return None


def _field(value: object) -> str:
    """A field meant as text: a number or a list where text belongs is no text (it is not guessed at)."""
    return value if isinstance(value, str) else ""


def clarification(arguments: str) -> tuple[str, list[Question], str]:
    """The model's questions, typed. Arguments of the wrong shape are a malformed reply: a field of the
    wrong type is ignored, and a question without text is dropped (with none left, nothing is asked)."""
    try:
        data = json.loads(arguments or "{}")
    except (ValueError, RecursionError):
        data = {}
    if not isinstance(data, dict):  # a model may send a list, a string or a number as the arguments
        data = {}
    level = data["level"] if isinstance(data.get("level"), str) and data["level"] in LEVELS else SPECIFIC
    questions = data.get("questions")
    out = []
    for item in questions if isinstance(questions, list) else []:
        if not isinstance(item, dict) or not _field(item.get("text")).strip():
            continue
        asked_kind = item.get("question_type")
        kind = asked_kind if asked_kind in ("single_choice", "multiple_choice", "free_text") else FREE
        listed = item.get("choices")
        choices = tuple(visible(str(c)) for c in listed if isinstance(c, (str, int, float)) and str(c).strip()) \
            if isinstance(listed, list) else ()
        if kind != FREE and not choices:
            kind = FREE
        default = item.get("default_choice")
        default = default if type(default) is int and 1 <= default <= len(choices) else (1 if choices else None)
        text = visible(item["text"].strip())
        required = item.get("required", True)
        out.append(Question(text, kind, choices, (required if isinstance(required, bool) else True)
                            and kind == FREE and not choices, default if kind != FREE else None,
                            slot=SlotKey("model", text)))
    return visible(_field(data.get("context"))) or "the model needs a detail", out, level
