"""Slash commands: one registry, used by the REPL and ``ask`` alike, that also writes ``/help``.

A command is not a turn: it reads the session state, or builds a new one and swaps it in through
the workflow's one swap, and answers with a ``TurnResult`` whose ``command`` names it. Front ends
add nothing of their own but what only a terminal can do with a result (``/exit`` ends the REPL's
loop).

The commands of this module and of the command modules below it are plain tables (``COMMANDS``, of
``slash.SlashCommand``); the registry is assembled from them here, at the end of this module, and
nowhere else: importing a command module registers nothing.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Any

from nl2sql.errors import Nl2SqlError
from nl2sql.results import ErrorInfo, TurnResult
from nl2sql.workflows import display_commands, editing, learned_commands, result_commands, session_commands
from nl2sql.workflows.no_rows import hint_for
from nl2sql.workflows.slash import Host, SlashCommand

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from nl2sql.dialog.state import Turn


def _registry(commands: Iterable[SlashCommand]) -> dict[str, SlashCommand]:
    """Every spelling of every command (its name and its aliases), in the order the tables list them."""
    return {key: entry for entry in commands for key in (entry.name, *entry.aliases)}


def lookup(word: str) -> SlashCommand | None:
    return REGISTRY.get(word.lower())


def names() -> list[str]:
    """Every spelling, for completion."""
    return sorted(REGISTRY)


def help_text() -> str:
    seen = list(dict.fromkeys(REGISTRY.values()))
    width = max(len(c.usage) for c in seen)
    lines = ["Type a question in plain English; follow-ups refine the current query.", ""]
    lines += [f"  {c.usage.ljust(width)}  {c.description}" for c in seen]
    lines += ["", "Ctrl-C cancels the current line or query; Ctrl-D on an empty line quits."]
    return "\n".join(lines)


def run_command(workflow: Host, text: str) -> TurnResult:
    word, *rest = text.strip().split(None, 1)  # Alt-Enter may put a newline after the name
    arg = rest[0] if rest else ""
    entry = lookup(word)
    if entry is None:
        return workflow.command_result(word.lower(), None,
                                       ErrorInfo(f"Unknown command {word}; /help lists the commands.", False))
    try:
        return entry.handler(workflow, arg.strip())
    except Exception as err:  # the session must survive any bug in a command, as it does in a turn
        log.debug("command %s failed", entry.usage, exc_info=True)  # the traceback only with NL2SQL_DEBUG
        detail = f" ({type(err).__name__}: {err})" if os.environ.get("NL2SQL_DEBUG") else ""
        return workflow.command_result(word.lower(), None, ErrorInfo(f"Internal error in {word}{detail}.", True))


def _help(wf: Host, _arg: str) -> TurnResult:
    return wf.command_result("/help", help_text())


def _exit(wf: Host, _arg: str) -> TurnResult:
    return wf.command_result("/exit", None)


def _new(wf: Host, _arg: str) -> TurnResult:
    wf.swap(wf.state.without_query())
    return wf.command_result("/new", "Started a new query; the next question stands on its own.")


def _clear(wf: Host, _arg: str) -> TurnResult:
    wf.swap(wf.state.cleared())
    return wf.command_result("/clear", "Conversation cleared.")


def _sql(wf: Host, arg: str) -> TurnResult:
    if not arg:
        return wf.command_result("/sql", None, ErrorInfo("Usage: /sql SELECT ...", False))
    wf.swap(wf.state.idle())  # raw SQL replaces whatever was waiting
    try:
        result = wf.database.execute(arg, max_rows=wf.max_rows, timeout=wf.timeout)
    except Nl2SqlError as err:
        return wf.command_result("/sql", None, ErrorInfo(str(err), err.can_retry), query=arg)
    wf.raw_shown = (wf.state, arg, result)
    return wf.command_result("/sql", None, query=arg, result=result, explanation="Raw SQL, run as typed.",
                             hint=hint_for(wf.database, arg, result, timeout=wf.timeout))


def _schema(wf: Host, arg: str) -> TurnResult:
    from nl2sql.formatting import describe_schema, listing_text

    try:
        return wf.command_result("/schema", listing_text(describe_schema(wf.database.schema, arg or None)))
    except Nl2SqlError as err:
        return wf.command_result("/schema", None, ErrorInfo(str(err), err.can_retry))


def _history(wf: Host, arg: str) -> TurnResult:
    from nl2sql.statements import capped, whole

    state, dialect = wf.state, wf.database.dialect
    if arg.strip():
        number = arg.strip().removeprefix("#")
        turn = next((t for t in state.turns if number.isdigit() and t.number == int(number)), None)
        if turn is None:
            return wf.command_result("/history", None, ErrorInfo(
                f"There is no turn {arg.strip()} in this conversation; /history lists them.", False))
        return wf.command_result("/history", "\n".join(_turn_lines(turn, whole(turn.query, dialect)
                                                                  if turn.query else [])), query=turn.query)
    if not state.turns:
        return wf.command_result("/history", "No turns yet.")
    lines = [f"({state.pruned} older turn{'s' if state.pruned != 1 else ''} pruned)"] if state.pruned else []
    for turn in state.turns:
        sql, cut = capped(turn.query, dialect, turn.number) if turn.query else ([], None)
        lines += _turn_lines(turn, [*sql, *([cut] if cut else [])])
    return wf.command_result("/history", "\n".join(lines))


def _turn_lines(turn: Turn[Any], sql: list[str]) -> list[str]:
    """A turn as /history shows it: number, intent and question, then its SQL and what became of it."""
    by = "  (by the model)" if turn.engine == "llm" else ""  # beside the built-in engine's lines (auto)
    lines = [f"{turn.number:>3}  {turn.intent or '-':<11} {turn.text}{by}"]
    lines += [f"       {line}" for line in sql] or ["       (no SQL)"]
    if turn.error is not None:
        lines.append(f"       failed: {turn.error}")
    return lines


def _stats(wf: Host, _arg: str) -> TurnResult:
    return wf.command_result("/stats", wf.stats.text() + _saved(wf))


def _saved(wf: Host) -> str:
    """With --engine auto: what the lines the built-in engine answered would have cost the model, at
    the session's average cost per call (when the provider's prices are known)."""
    answered, usage = getattr(wf.engine, "answered", None), wf.engine.session_usage()
    if not isinstance(answered, dict) or usage is None or not usage.calls or usage.cost is None:
        return ""
    return f"; about ${usage.cost / usage.calls * answered.get('builtin', 0):.4f} saved"


def _remember(wf: Host, _arg: str) -> TurnResult:
    current = wf.state.current
    if current is None or not current.query:
        return wf.command_result("/remember", None, ErrorInfo("No query to remember yet.", False))
    if not wf.engine.capabilities.learns:
        return wf.command_result("/remember", None, ErrorInfo("Only a model engine keeps examples.", False))
    question = current.question or current.text
    wf.engine.learn(question, current.query, confirmed=True)
    return wf.command_result("/remember", f"Remembered: {question!r} -> {current.query}")


def _answer(wf: Host, arg: str) -> TurnResult:
    if arg not in ("natural", "template") or not wf.engine.capabilities.natural_answers:
        return wf.command_result("/answer", None,
                                 ErrorInfo("Usage: /answer natural|template (with a model configured).", False))
    wf.engine.set_answer_style(arg)
    return wf.command_result("/answer", f"Answers are now {arg}.")


COMMANDS = (
    SlashCommand("/help", "/help", "Show this help.", _help, aliases=("/?",)),
    SlashCommand("/exit", "/exit", "Leave nl2sql (Ctrl-D does too).", _exit, aliases=("/quit", "/q")),
    SlashCommand("/new", "/new",
                 "Start afresh: the next question does not refine the last one, nothing answered is reused.", _new),
    SlashCommand("/clear", "/clear", "Forget the conversation (the session id stays).", _clear),
    SlashCommand("/sql", "/sql STATEMENT", "Run a read-only SQL statement as typed.", _sql),
    SlashCommand("/schema", "/schema [TABLE]", "List the tables, or the columns of one table.", _schema,
                 args=("<table>",)),
    SlashCommand("/history", "/history [N]", "Show the turns of this conversation, or turn N's SQL in full.", _history),
    SlashCommand("/stats", "/stats", "Clarification, confirmation and rejection rates of this session.", _stats),
    SlashCommand("/remember", "/remember", "Keep the current question and SQL as an example for the model.", _remember),
    SlashCommand("/answer", "/answer natural|template", "How a model words one-value answers.", _answer,
                 args=("natural", "template")),
)

# The registry, assembled here and only here: this module's commands, then each command module's table.
REGISTRY: dict[str, SlashCommand] = _registry([
    *COMMANDS,
    *display_commands.COMMANDS,
    *editing.COMMANDS,
    *learned_commands.COMMANDS,
    *result_commands.COMMANDS,
    *session_commands.COMMANDS,
])
