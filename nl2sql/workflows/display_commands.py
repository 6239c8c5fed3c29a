"""``/format`` and ``/pager``: how the REPL shows results, swapped whole on the workflow's preferences.

They change no query and no conversation, only ``wf.prefs``, which the front end reads when it
prints the next result.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.preferences import OUTPUT_FORMATS
from nl2sql.results import ErrorInfo, TurnResult
from nl2sql.workflows.slash import Host, SlashCommand

_SWITCH = {"on": True, "off": False}


def _format(wf: Host, arg: str) -> TurnResult:
    choice = arg.lower()
    if not choice:
        return wf.command_result("/format", f"Results are shown as {wf.prefs.format}.")
    if choice not in OUTPUT_FORMATS:
        return wf.command_result("/format", None,
                                 ErrorInfo(f"Usage: /format {'|'.join(OUTPUT_FORMATS)} (not {arg!r}).", False))
    wf.prefs = replace(wf.prefs, format=choice)
    return wf.command_result("/format", f"Results are now shown as {choice}.")


def _pager(wf: Host, arg: str) -> TurnResult:
    choice = arg.lower()
    if not choice:
        return wf.command_result("/pager", f"The pager is {'on' if wf.prefs.pager else 'off'}.")
    if choice not in _SWITCH:
        return wf.command_result("/pager", None, ErrorInfo(f"Usage: /pager on|off (not {arg!r}).", False))
    wf.prefs = replace(wf.prefs, pager=_SWITCH[choice])
    return wf.command_result("/pager", f"The pager is now {choice}.")


COMMANDS = (
    SlashCommand("/format", "/format [FORMAT]",
                 f"Show results as {', '.join(OUTPUT_FORMATS[:-1])} or {OUTPUT_FORMATS[-1]} "
                 "(a table too wide for the screen turns vertical).", _format, args=OUTPUT_FORMATS),
    SlashCommand("/pager", "/pager [on|off]",
                 "Page results taller than the screen through $PAGER (less -SRXF by default).", _pager,
                 args=("on", "off")),
)
