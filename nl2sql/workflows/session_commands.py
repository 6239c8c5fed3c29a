"""``/save``, ``/sessions``, ``/resume``, ``/undo`` and ``/export-session``: the conversation kept, found,
brought back, stepped back, or written out as a document.

Each command builds a new state and swaps it in whole, as a turn does; none edits the state in
place. Reading and writing files is ``nl2sql.sessions`` and ``nl2sql.export`` (imported when used).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from nl2sql.db import QueryResult
from nl2sql.db.targets import redact
from nl2sql.errors import Nl2SqlError, UsageError
from nl2sql.results import ErrorInfo, TurnResult
from nl2sql.workflows.slash import Host, SlashCommand, is_command

if TYPE_CHECKING:
    from nl2sql.dialog.state import ConversationState, Turn

SAVE_USAGE = "/save NAME [--force]"
EXPORT_SESSION_USAGE = "/export-session PATH.md [--force]"


def _failed(wf: Host, name: str, err: Nl2SqlError) -> TurnResult:
    return wf.command_result(name, None, ErrorInfo(str(err), False))


def _save(wf: Host, arg: str) -> TurnResult:
    from nl2sql.sessions import save_session, snapshot

    words = arg.split()
    force = "--force" in words
    names = [w for w in words if w != "--force"]
    if len(names) != 1:
        return _failed(wf, "/save", UsageError(f"Usage: {SAVE_USAGE}"))
    if not wf.state.turns:
        return _failed(wf, "/save", UsageError("Nothing to save yet: ask a question first."))
    try:
        path = save_session(snapshot(wf.state, wf.database, names[0]), force=force)
    except Nl2SqlError as err:
        return _failed(wf, "/save", err)
    count = len(wf.state.turns)
    return wf.command_result("/save", f"Saved {count} turn{'s' if count != 1 else ''} as {names[0]!r} ({path}).")


def _sessions(wf: Host, _arg: str) -> TurnResult:
    from nl2sql.sessions import list_sessions, saved_time
    from nl2sql.tables import tabulate

    try:
        listings = list_sessions()
    except Nl2SqlError as err:
        return _failed(wf, "/sessions", err)
    if not listings:
        return wf.command_result("/sessions", "No saved sessions yet; /save NAME saves this one.")
    rows, problems = [], []
    for entry in listings:
        if entry.saved is None:
            problems.append(f"{entry.name}: {entry.problem}")
            continue
        saved = entry.saved
        rows.append([entry.name, saved.database, len(saved.turns), saved_time(saved)])
    table = tabulate(rows, headers=["name", "database", "turns", "saved"], tablefmt="plain") if rows else ""
    return wf.command_result("/sessions", "\n".join(filter(None, [table, *problems])))


def _resume(wf: Host, arg: str) -> TurnResult:
    if not arg:
        return _failed(wf, "/resume", UsageError("Usage: /resume NAME (/sessions lists them)."))
    try:
        return resume_session(wf, arg)
    except Nl2SqlError as err:
        return _failed(wf, "/resume", err)


def resume_session(wf: Host, name: str) -> TurnResult:
    """Load the session saved as ``name`` into ``wf`` and re-run its current query for the result.

    Raises ``UsageError`` (``DamagedSession``) when there is none or it cannot be read, leaving ``wf``
    as it was. A query that no longer runs (another database, a table gone) leaves no current query."""
    from nl2sql.sessions import read_session, rebuild, saved_time

    saved = read_session(name)
    state = saved.state()
    notes = [f"Resumed {name!r}: {len(saved.turns)} turn{'s' if len(saved.turns) != 1 else ''} "
             f"saved {saved_time(saved)}."]
    if saved.identity != redact(wf.database.identity):
        notes.insert(0, f"Warning: {name!r} was saved on {saved.database}, not on this database "
                        f"({redact(wf.database.display_name)}); its SQL may not run here.")
    current, result = state.current, None
    if current is not None:
        try:
            turn = rebuild(current, wf.database, max_rows=wf.max_rows, timeout=wf.timeout)
        except Nl2SqlError as err:
            state = state.without_query()
            notes.append(f"Warning: turn {current.number}'s query did not run again ({err}); "
                         "the next question starts afresh.")
        else:
            turn = _read_again(wf, state, turn)
            state, result = state.with_current(turn), turn.outcome.result if turn.outcome else None
            notes.append(f"Current: turn {turn.number}, {turn.text!r}; the next follow-up refines it.")
    wf.swap(state)
    return wf.command_result("/resume", "\n".join(notes), query=current.query if current and result else None,
                             result=result)


def _read_again(wf: Host, state: ConversationState, turn: Turn) -> Turn:
    """The current turn with the engine's own reading of it, when the engine reads the saved questions
    again to the same SQL: a follow-up then edits that reading ("only cancelled" adds a filter), where
    SQL alone is refined as a statement the engine did not write (a derived table, confirmed first).
    Only an engine that calls no model reads again: it costs nothing and sends nothing anywhere.

    Resuming restores, it never replays: a saved line is text anyone may have edited, and a slash command
    among them (``/export``, ``/save``, ``/sql``) would write files or run statements again. A chain with
    one is not read again at all (what a command did, such as an edit by hand, the questions alone do not
    give), and the scratch workflow learns nothing, so only plain questions reach the engine."""
    if wf.engine.capabilities.calls_model:
        return turn
    chain = [t.text for t in state.turns if state.since < t.number <= turn.number]
    if any(is_command(text) for text in chain):
        return turn
    scratch = wf.scratch()  # reading again is not a turn the user took: nothing is learned or counted
    for text in chain:
        scratch.process_turn(text)
    again = scratch.state.current
    if again is None or again.outcome is None or again.query != turn.query:
        return turn  # answers or edits the questions alone do not give: the SQL as saved
    return replace(turn, outcome=again.outcome)


def _undo(wf: Host, _arg: str) -> TurnResult:
    from nl2sql.sessions import rebuild

    state = wf.state.undone()
    if state is None or state.current is None:
        return _failed(wf, "/undo", UsageError("Nothing to undo: there is no earlier query in this conversation."))
    turn = state.current
    if turn.outcome is None:  # a resumed session keeps only the current turn's result: run this one again
        try:
            turn = rebuild(turn, wf.database, max_rows=wf.max_rows, timeout=wf.timeout)
        except Nl2SqlError as err:
            return _failed(wf, "/undo", UsageError(f"Could not go back to turn {turn.number}: {err}"))
        state = state.with_current(turn)
    wf.swap(state)
    assert turn.outcome is not None
    return wf.command_result("/undo", f"Back to turn {turn.number}: {turn.text!r}; the next follow-up refines it.",
                             query=turn.query, result=turn.outcome.result, explanation=turn.explanation)


def _export_session(wf: Host, arg: str) -> TurnResult:
    from nl2sql.export import path_argument, session_markdown, write_text

    try:
        path, force = path_argument(arg, EXPORT_SESSION_USAGE)
        if path.suffix.lower() not in (".md", ".markdown"):
            raise UsageError(f"A session is written as Markdown: name a .md file (usage: {EXPORT_SESSION_USAGE}).")
        turns = wf.state.turns
        if not turns:
            raise UsageError("Nothing to export yet: ask a question first.")
        text = session_markdown(turns, redact(wf.database.display_name), _excerpts(wf, turns),
                                pruned=wf.state.pruned, dialect=wf.database.dialect)
        written = write_text(path, text, force=force)
    except Nl2SqlError as err:
        return _failed(wf, "/export-session", err)
    return wf.command_result("/export-session", f"Wrote {len(turns)} turn{'s' if len(turns) != 1 else ''} "
                                                f"to {written}.")


def _excerpts(wf: Host, turns: tuple[Turn[Any], ...]) -> dict[int, QueryResult | str]:
    """Each turn's result, or its first rows run again when the turn came back from a saved session."""
    from nl2sql.export import EXCERPT_ROWS

    excerpts: dict[int, QueryResult | str] = {}
    for turn in turns:
        if turn.outcome is not None:
            excerpts[turn.number] = turn.outcome.result
        elif turn.query and turn.ok:
            try:
                excerpts[turn.number] = wf.database.execute(turn.query, max_rows=EXCERPT_ROWS, timeout=wf.timeout)
            except Nl2SqlError as err:
                excerpts[turn.number] = f"The query did not run again: {err}"
    return excerpts


COMMANDS = (
    SlashCommand("/save", SAVE_USAGE, "Save this conversation under NAME (chat --resume NAME brings it back).", _save),
    SlashCommand("/sessions", "/sessions", "List the saved conversations.", _sessions),
    SlashCommand("/resume", "/resume NAME", "Bring back a saved conversation: its history, current query and result.",
                 _resume, args=("<session>",)),
    SlashCommand("/undo", "/undo",
                 "Go back to the previous turn's query and result (the next follow-up refines it).", _undo),
    SlashCommand("/export-session", EXPORT_SESSION_USAGE,
                 "Write this conversation (questions, SQL, result excerpts) as a Markdown document.", _export_session),
)
