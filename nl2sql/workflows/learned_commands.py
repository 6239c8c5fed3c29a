"""``/learned`` and ``/forget [N]``: what the user taught on this database, listed and undone.

Teaching is silent after its one announcement, so what was learned must be easy to see and to
take back; both commands work with learning off too (they list and remove, nothing is used).
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.learned import Lesson, LessonStoreError
from nl2sql.results import ErrorInfo, TurnResult
from nl2sql.workflows.slash import Host, SlashCommand

NO_TEACHER = "This session keeps no learned answers."


def _line(number: int, lesson: Lesson) -> str:
    what = f"{lesson.summary}: {' '.join(lesson.sql.split())}" if lesson.sql is not None else lesson.summary
    return f"{number:>3}. '{lesson.key}' -> {what}"


def _unsettle(wf: Host, gone: list[Lesson]) -> None:
    """What the forgotten lessons settled in this conversation is unsettled too: asked again from now on."""
    taught = {pair for lesson in gone for pair in lesson.slots}
    state = wf.state
    kept = tuple(pair for pair in state.answered if pair not in taught)
    if kept != state.answered:
        wf.swap(replace(state, answered=kept))


def _learned(wf: Host, _arg: str) -> TurnResult:
    teacher = wf.teacher
    if teacher is None:
        return wf.command_result("/learned", NO_TEACHER)
    try:
        lessons = teacher.store.lessons()
    except LessonStoreError as err:
        return wf.command_result("/learned", None, ErrorInfo(str(err), False))
    off = [] if teacher.enabled else ["Learning is off in this session (--no-learn or learn = false): "
                                      "none of these is used."]
    if not lessons:
        return wf.command_result("/learned", "\n".join([*off, "Nothing learned on this database yet."]))
    lines = [*off, f"Learned on this database ({len(lessons)}):", *(_line(n, e) for n, e in enumerate(lessons, 1)),
             "/forget N removes one; /forget removes them all."]
    return wf.command_result("/learned", "\n".join(lines))


def _forget(wf: Host, arg: str) -> TurnResult:
    teacher = wf.teacher
    if teacher is None:
        return wf.command_result("/forget", NO_TEACHER)
    if arg and not (arg.isdigit() and int(arg) > 0):
        return wf.command_result("/forget", None, ErrorInfo(f"Usage: /forget [N], N a number /learned shows "
                                                            f"(not {arg!r}).", False))
    try:
        gone = teacher.store.forget(int(arg) if arg else None)
    except LessonStoreError as err:
        return wf.command_result("/forget", None, ErrorInfo(str(err), False))
    if arg and not gone:
        return wf.command_result("/forget", None, ErrorInfo(f"There is no learned answer {arg}; /learned lists "
                                                            "them.", False))
    _unsettle(wf, gone)
    if arg:
        return wf.command_result("/forget", f"Forgot '{gone[0].key}'; it will be asked again.")
    count = len(gone)
    return wf.command_result("/forget", f"Forgot {count} learned answer{'s' if count != 1 else ''} on this database."
                             if count else "Nothing learned on this database to forget.")


COMMANDS = (
    SlashCommand("/learned", "/learned", "List what was learned from your answers on this database.", _learned),
    SlashCommand("/forget", "/forget [N]",
                 "Forget learned answer N (/learned numbers them), or all of this database's.", _forget),
)
