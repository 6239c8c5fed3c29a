"""``/edit``: the current SQL in the user's editor, the edited statement run as the current query.

A reading that is nearly right is quicker to fix by hand than to explain; once fixed, it is what
the conversation goes on from (``adoption.py``), not the reading the user corrected. The editor is
the front end's (the workflow's ``editor``, set by the REPL): a script has none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nl2sql.dialog.state import AwaitingConfirmation
from nl2sql.errors import Nl2SqlError
from nl2sql.results import ErrorInfo, TurnResult
from nl2sql.workflows.slash import Host, SlashCommand

if TYPE_CHECKING:
    from nl2sql.workflows.turn import State

NOTHING_CHANGED = "Nothing changed; not run."


def sql_to_edit(state: State[Any]) -> str | None:
    """What ``/edit`` opens: the SQL a confirmation is asking about, else the current query's."""
    mode = state.mode
    if isinstance(mode, AwaitingConfirmation) and mode.pending.reading is not None and mode.pending.reading.sql:
        return str(mode.pending.reading.sql)
    current = state.current
    return current.query if current is not None else None


def _edit(wf: Host, arg: str) -> TurnResult:
    if arg:  # the statement itself, typed or scripted (``ask "/edit SELECT ..."``)
        return wf.adopt(f"/edit {arg}", arg)
    sql = sql_to_edit(wf.state) or ""  # nothing asked yet: an empty file to write a statement in, as pgcli's \e
    if wf.editor is None:
        return wf.command_result("/edit", None, ErrorInfo(
            "No editor outside the REPL; give the SQL instead: /edit SELECT ...", False))
    try:
        edited = wf.editor(sql)
    except Nl2SqlError as err:
        return wf.command_result("/edit", None, ErrorInfo(f"Could not open the editor: {err}", True))
    statement = (edited or "").strip()
    if not statement or statement == sql.strip():
        return wf.command_result("/edit", NOTHING_CHANGED)
    return wf.adopt("/edit", statement)


COMMANDS = (
    SlashCommand("/edit", "/edit [SQL]",
                 "Edit the current SQL in $EDITOR (or give the SQL) and run it as the current query.", _edit),
)
