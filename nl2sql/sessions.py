"""Saved conversations: ``/save NAME`` writes one, ``chat --resume NAME`` reads it back, ``/sessions`` lists them.

A saved session is JSON in ``private_data_dir()/sessions`` (the folder 0700, each file 0600): it
holds every question typed and the SQL with its literals. It keeps what can be written down: the
turns' text, SQL and explanations, which turn is current, and the database's name and identity
without any password (``redact``). An engine's query spec is not kept (it is an engine's private
object), so a resumed session re-runs its current query to get its result back; anything that
cannot be read back is refused with one line naming the file, never half-loaded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from nl2sql.db import Database
from nl2sql.db.targets import redact
from nl2sql.dialog.questions import SlotKey
from nl2sql.dialog.state import ConversationState, SlotPairs, Turn
from nl2sql.errors import UsageError
from nl2sql.export import write_text
from nl2sql.paths import private_data_dir
from nl2sql.results import Outcome

FORMAT = 1  # the saved file's layout; a later layout can still read this one
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
# A turn's text fields: the Turn attribute -> its JSON key (camelCase, as the JSON output names them).
_TURN_TEXT = {"text": "text", "intent": "intent", "question": "question", "query": "query",
              "explanation": "explanation", "refinement_summary": "refinementSummary", "error": "error"}


class DamagedSession(UsageError):
    """A saved session file that cannot be read back: named, with why, in one line."""


def _continued_by(earlier: SavedSession, saved: SavedSession) -> bool:
    """Whether ``saved`` is the conversation ``earlier`` kept, gone further. The session id alone is not
    enough: /clear keeps it and starts the turns again, and saving then would silently drop the old ones."""
    if earlier.session_id != saved.session_id or earlier.turn_count > saved.turn_count:
        return False
    if not earlier.turns:
        return True
    last = earlier.turns[-1]
    now = next((t for t in saved.turns if t.number == last.number), None)
    return now is None or now.text == last.text  # None: pruned since, as a long conversation's old turns are


@dataclass(frozen=True)
class SavedSession:
    name: str
    session_id: str
    database: str  # the database's display name, without a password
    identity: str  # which database it was (a file's full path, a server's URL), without a password
    saved_at: str  # ISO 8601, UTC
    turns: tuple[Turn[Any], ...]  # without outcomes: those are rebuilt by running the SQL again
    turn_count: int
    current: int | None  # the current turn's number
    pruned: int = 0
    since: int = 0
    answered: SlotPairs = ()  # what clarifications already settled: a resumed session does not ask again

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "name": self.name, "sessionId": self.session_id, "database": self.database,
                "identity": self.identity, "savedAt": self.saved_at, "turnCount": self.turn_count,
                "current": self.current, "pruned": self.pruned, "since": self.since,
                "answered": [{"kind": key.kind, "scope": key.scope, "value": value} for key, value in self.answered],
                "turns": [_turn_json(t) for t in self.turns]}

    def state(self) -> ConversationState[Any, Any]:
        """The conversation as it was saved, idle; the current turn has no outcome until it is re-run."""
        current = next((t for t in self.turns if t.number == self.current), None)
        return ConversationState(session_id=self.session_id, turns=self.turns, turn_count=self.turn_count,
                                 current=current, answered=self.answered, pruned=self.pruned, since=self.since)


def _turn_json(turn: Turn[Any]) -> dict[str, Any]:
    return {"number": turn.number, "confidence": turn.confidence,
            **{key: getattr(turn, attr) for attr, key in _TURN_TEXT.items()}}


def saved_time(saved: SavedSession) -> str:
    """When it was saved, as people read it (the file keeps ISO 8601)."""
    try:
        return datetime.fromisoformat(saved.saved_at).astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    except ValueError:
        return saved.saved_at


def check_name(name: str) -> str:
    if not _NAME.fullmatch(name):
        raise UsageError(f"A session name is 1 to 64 letters, digits, - or _ (not {name!r}).")
    return name


def sessions_dir() -> Path:
    try:
        folder = private_data_dir() / "sessions"
        folder.mkdir(mode=0o700, exist_ok=True)
        if folder.stat().st_mode & 0o077:
            folder.chmod(0o700)
    except OSError as err:  # a read-only home: the REPL goes on without saved sessions
        raise UsageError(f"Cannot use the folder for saved sessions: {err.strerror or err} "
                         f"({err.filename}).") from None
    return folder


def session_path(name: str) -> Path:
    return sessions_dir() / f"{check_name(name)}.json"


def snapshot(state: ConversationState[Any, Any], database: Database, name: str) -> SavedSession:
    """What ``/save`` writes of ``state``: the turns without their outcomes, the database without secrets."""
    turns = tuple(replace(t, outcome=None) for t in state.turns)
    return SavedSession(check_name(name), state.session_id, redact(database.display_name),
                        redact(database.identity), datetime.now(UTC).isoformat(timespec="seconds"), turns,
                        state.turn_count, state.current.number if state.current else None, state.pruned, state.since,
                        state.answered)


def save_session(saved: SavedSession, *, force: bool = False) -> Path:
    """Write ``saved``; a different conversation already saved under the name is replaced only with ``force``
    (saving the same conversation again is how it is kept up to date)."""
    path = session_path(saved.name)
    replacing = path.exists()
    if replacing and not force:
        try:
            earlier: SavedSession | None = read_session(saved.name)
        except DamagedSession:
            earlier = None
        if earlier is None or not _continued_by(earlier, saved):
            raise UsageError(f"Another conversation is saved as {saved.name!r}; /save {saved.name} --force "
                             "replaces it.")
    text = json.dumps(saved.to_json(), ensure_ascii=False, indent=1) + "\n"
    return write_text(path, text, force=replacing, private=True)


def read_session(name: str) -> SavedSession:
    path = session_path(name)
    if not path.exists():
        raise UsageError(f"No saved session named {name!r}; /sessions lists them.")
    return _read(path, name)


def _read(path: Path, name: str) -> SavedSession:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return _parse(data, name)
    except (OSError, ValueError, TypeError, KeyError, RecursionError) as err:  # JSON and UTF-8 errors: ValueErrors
        raise DamagedSession(f"The saved session {name!r} is damaged ({_why(err)}); re-save it or delete {path}.") \
            from None


def _why(err: Exception) -> str:
    if isinstance(err, json.JSONDecodeError):
        return f"not JSON: {err.msg} at line {err.lineno}"
    if isinstance(err, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(err, KeyError):
        return f"{err.args[0]} is missing"
    if isinstance(err, OSError):
        return err.strerror or type(err).__name__
    if isinstance(err, RecursionError):
        return "nested too deeply"
    return str(err) or type(err).__name__


def _get(data: dict[str, Any], key: str, kinds: tuple[type, ...], optional: bool = False) -> Any:
    value = data[key] if not optional else data.get(key)
    if optional and value is None:
        return None
    if not isinstance(value, kinds) or isinstance(value, bool):
        raise ValueError(f"{key} is not a {' or '.join(k.__name__ for k in kinds)}")
    return value


def _parse(data: Any, name: str) -> SavedSession:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"unknown format {data.get('format')!r}")
    raw_turns = _get(data, "turns", (list,))
    turns = tuple(_turn(t) for t in raw_turns)
    current = _get(data, "current", (int,), optional=True)
    if current is not None and not any(t.number == current and t.ok for t in turns):
        raise ValueError(f"the current turn {current} is not a turn that ran")
    return SavedSession(name, _get(data, "sessionId", (str,)), _get(data, "database", (str,)),
                        _get(data, "identity", (str,)), _get(data, "savedAt", (str,)), turns,
                        _get(data, "turnCount", (int,)), current, _get(data, "pruned", (int,)),
                        _get(data, "since", (int,)), _answered(data.get("answered", [])))


def _answered(data: Any) -> SlotPairs:
    if not isinstance(data, list) or not all(isinstance(entry, dict) for entry in data):
        raise ValueError("answered is not a list of objects")
    return tuple((SlotKey(_get(e, "kind", (str,)), _get(e, "scope", (str,))), _get(e, "value", (str,))) for e in data)


def _turn(data: Any) -> Turn[Any]:
    if not isinstance(data, dict):
        raise ValueError("a turn is not a JSON object")
    text = {attr: _get(data, key, (str,), optional=key != "text") for attr, key in _TURN_TEXT.items()}
    confidence = _get(data, "confidence", (int, float), optional=True)
    return Turn(_get(data, "number", (int,)), confidence=confidence, **text)


@dataclass(frozen=True)
class Listing:
    """One line of ``/sessions``: a saved session, or a damaged file and why."""

    name: str
    saved: SavedSession | None
    problem: str | None = None


def list_sessions() -> list[Listing]:
    listings = []
    for path in sorted(sessions_dir().glob("*.json")):
        name = path.stem
        if not _NAME.fullmatch(name):
            continue
        try:
            listings.append(Listing(name, _read(path, name)))
        except DamagedSession as err:
            listings.append(Listing(name, None, str(err)))
    return listings


def rebuild(turn: Turn[Any], database: Database, *, max_rows: int | None, timeout: float) -> Turn[Any]:
    """``turn`` with its outcome back: its SQL run again (guarded, read-only, time-limited), with no spec."""
    if turn.query is None:
        raise UsageError(f"Turn {turn.number} has no query to run again.")
    result = database.execute(turn.query, max_rows=max_rows, timeout=timeout)
    outcome: Outcome[Any] = Outcome(turn.query, turn.explanation or "", turn.confidence or 0.0, None, result,
                                    turn.refinement_summary)
    return replace(turn, outcome=outcome)
