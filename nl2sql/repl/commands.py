"""Slash commands: one registry that dispatches them and writes ``/help``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nl2sql.repl.app import ChatApp

# A handler gets the app and the text after the command; it returns False to end the session.
Handler = Callable[["ChatApp", str], bool]


@dataclass(frozen=True)
class SlashCommand:
    name: str
    usage: str
    description: str
    handler: Handler
    aliases: tuple[str, ...] = ()
    passes_whole_line: bool = False  # workflow commands get "/sql SELECT ..." whole, others the argument


REGISTRY: dict[str, SlashCommand] = {}


def command(name: str, usage: str, description: str, aliases: tuple[str, ...] = (),
            whole_line: bool = False) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        entry = SlashCommand(name, usage, description, handler, aliases, whole_line)
        for key in (name, *aliases):
            REGISTRY[key] = entry
        return handler

    return register


def lookup(word: str) -> SlashCommand | None:
    return REGISTRY.get(word.lower())


def names() -> list[str]:
    """Every spelling, for completion."""
    return sorted(REGISTRY)


def help_text() -> str:
    seen: list[SlashCommand] = []
    for entry in REGISTRY.values():
        if entry not in seen:
            seen.append(entry)
    width = max(len(c.usage) for c in seen)
    lines = ["Type a question in plain English; follow-ups refine the current query.", ""]
    lines += [f"  {c.usage.ljust(width)}  {c.description}" for c in seen]
    lines += ["", "Ctrl-C cancels the current line or query; Ctrl-D on an empty line quits."]
    return "\n".join(lines)


@command("/help", "/help", "Show this help.", aliases=("/?",))
def _help(app: ChatApp, _arg: str) -> bool:
    app.say(help_text())
    return True


@command("/exit", "/exit", "Leave nl2sql (Ctrl-D does too).", aliases=("/quit", "/q"))
def _exit(_app: ChatApp, _arg: str) -> bool:
    return False


@command("/new", "/new", "Start a fresh query; the next question does not refine the last one.", whole_line=True)
@command("/clear", "/clear", "Forget the conversation (the session id stays).", whole_line=True)
@command("/sql", "/sql STATEMENT", "Run a read-only SQL statement as typed.", whole_line=True)
@command("/schema", "/schema [TABLE]", "List the tables, or the columns of one table.", whole_line=True)
@command("/stats", "/stats", "Clarification, confirmation and rejection rates of this session.", whole_line=True)
@command("/remember", "/remember", "Keep the current question and SQL as an example for the model.",
         whole_line=True)
@command("/answer", "/answer natural|template", "How a model words one-value answers.", whole_line=True)
def _workflow_command(app: ChatApp, text: str) -> bool:
    app.run_turn(text)
    return True


@command("/history", "/history", "Show the turns of this conversation.")
def _history(app: ChatApp, _arg: str) -> bool:
    turns = app.workflow.state.turns
    if not turns:
        app.say("No turns yet.")
        return True
    for turn in turns:
        status = "ok" if turn.ok else f"failed: {turn.error}"
        app.say(f"{turn.number:>3}  {turn.intent or '-':<11} {turn.text}  [{status}]")
    return True
