"""The floor of the slash commands: what a command is, and what it may use of the workflow running it.

Each command module (``commands`` and the ``*_commands`` modules beside it, ``editing``) lists its
commands in a plain table, ``COMMANDS``; ``commands`` assembles the registry from those tables, in
one place. Importing a module registers nothing, and no command module imports the workflow: a
handler is handed it, as a ``Host``, by the workflow itself (``InteractiveWorkflow`` is one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from nl2sql.db import Database, QueryResult
    from nl2sql.engines.base import Engine
    from nl2sql.preferences import Preferences
    from nl2sql.results import ErrorInfo, TurnResult
    from nl2sql.workflows.teaching import Teacher
    from nl2sql.workflows.turn import State


def is_command(text: str) -> bool:
    """Whether a line is a slash command, run by its handler, rather than a line of the conversation;
    resuming a saved session asks the same, so that it never runs one."""
    return text.strip().startswith("/")


class Stats(Protocol):
    def text(self) -> str: ...


class Host(Protocol):
    """What a command reads of the workflow that runs it, and how it changes it: through the one swap,
    the preferences shown, the statement on screen, or a line run as a turn."""

    @property
    def database(self) -> Database: ...
    @property
    def engine(self) -> Engine[Any]: ...
    @property
    def max_rows(self) -> int | None: ...
    @property
    def timeout(self) -> float: ...
    @property
    def state(self) -> State[Any]: ...
    @property
    def stats(self) -> Stats: ...
    @property
    def teacher(self) -> Teacher | None: ...
    @property
    def editor(self) -> Callable[[str], str | None] | None: ...

    prefs: Preferences
    raw_shown: tuple[State[Any], str, QueryResult] | None

    def swap(self, state: State[Any]) -> None: ...
    def command_result(self, name: str, message: str | None, error: ErrorInfo | None = None,
                       **shown: Any) -> TurnResult: ...
    def process_turn(self, text: str) -> TurnResult: ...
    def adopt(self, text: str, sql: str) -> TurnResult: ...
    def scratch(self) -> Host: ...


Handler = Callable[[Host, str], "TurnResult"]


@dataclass(frozen=True)
class SlashCommand:
    name: str
    usage: str
    description: str
    handler: Handler
    aliases: tuple[str, ...] = ()
    # What may follow the name, for completion: words, or "<table>" / "<column>" for the schema's names.
    args: tuple[str, ...] = ()
