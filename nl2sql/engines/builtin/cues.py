"""The cue table (``cues.toml``): the words that tell the built-in engine what to do, as data.

One definition of every cue word, read by the analysis for new questions and follow-ups alike; an
entry can be listed, counted, tested by its examples and measured (``nl2sql eval --cues`` reports how
often each fired and how often the answer was then right), so a rule that hurts is visible.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

TABLE = Path(__file__).with_name("cues.toml")


@dataclass(frozen=True)
class Example:
    """A line that fires the cue, on one of the test schemas, with the SQL whose rows it must return;
    for a cue of follow-ups, ``then`` is the follow-up that fires it after the line."""

    schema: str
    line: str
    sql: str
    ordered: bool = False
    then: str | None = None


@dataclass(frozen=True)
class Cue:
    id: str
    family: str
    phrases: tuple[tuple[str, ...], ...]
    pattern: str
    effect: MappingProxyType[str, Any]
    examples: tuple[Example, ...] = ()


@cache
def cues() -> tuple[Cue, ...]:
    """Every entry of the table, in its order (the order phrases are tried in within a family)."""
    raw = tomllib.loads(TABLE.read_text(encoding="utf-8"))
    return tuple(Cue(entry["id"], entry["family"], tuple(tuple(p.split()) for p in entry["phrases"]),
                     entry["pattern"], MappingProxyType(dict(entry.get("effect", {}))),
                     tuple(Example(**example) for example in entry.get("example", ())))
                 for entry in raw["cue"])


def family(name: str) -> tuple[Cue, ...]:
    return tuple(cue for cue in cues() if cue.family == name)


def words(name: str) -> dict[str, Cue]:
    """The one-word phrases of a family, each with its cue."""
    return {phrase[0]: cue for cue in family(name) for phrase in cue.phrases if len(phrase) == 1}


@cache
def _by_phrase() -> MappingProxyType[tuple[str, tuple[str, ...]], str]:
    return MappingProxyType({(cue.family, phrase): cue.id for cue in cues() for phrase in cue.phrases})


def cue_id(family_name: str, *phrase: str) -> str | None:
    """The id of the cue of ``family_name`` whose phrase this is, if any."""
    return _by_phrase().get((family_name, tuple(phrase)))


@cache
def by_id() -> MappingProxyType[str, Cue]:
    return MappingProxyType({cue.id: cue for cue in cues()})
