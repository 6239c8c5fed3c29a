"""General English word relations, read from a compact WordNet 3.0 table shipped in ``data/``.

Loaded on the first word that links to nothing exactly, never at import: ``import nl2sql.cli``
does not read it, and a question whose words all name the schema never pays for it. The table is
built by ``build_wordnet`` (see README.md beside this file for why WordNet, and why this way).
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from functools import lru_cache
from importlib import resources

_DATA = "data/wordnet.json.gz"


@lru_cache(maxsize=1)
def _table() -> dict[str, dict[str, list[str]]]:
    raw = resources.files("nl2sql.linking").joinpath(_DATA).read_bytes()
    table: dict[str, dict[str, list[str]]] = json.loads(gzip.decompress(raw))
    return table


def available() -> bool:
    """Whether the table ships with this installation (a trimmed build may leave it out)."""
    try:
        _table()
    except (OSError, ValueError):
        return False
    return True


def known(word: str) -> bool:
    """Whether the word is an English word WordNet lists (a common noun, a verb, an adjective)."""
    table = _table()
    return any(word in table.get(part, {}) for part in ("synonyms", "related", "broader", "verbs", "irregular"))


def base_forms(word: str) -> list[str]:
    """Irregular inflections undone: "born" -> ["bear"], "bought" -> ["buy"], "geese" -> ["goose"]."""
    return list(_table()["irregular"].get(word, ()))


def mostly_verb(word: str) -> bool:
    """Whether the word is a form of one used more as a verb than as a noun: "speaks", "taught"."""
    verbs = _table().get("verbs", {})
    forms = [word, *base_forms(word)]
    if word.endswith("s") and not word.endswith("ss"):
        forms += [word[:-1], word[:-2]] if word.endswith("es") else [word[:-1]]
    return any(form in verbs for form in forms)


def synonyms(word: str) -> list[str]:
    """Lemmas that share one of the word's most frequent senses: "salary" -> "pay", "wage", ..."""
    return list(_table()["synonyms"].get(word, ()))


def related(word: str) -> list[str]:
    """Words derived from the same root: "employ" -> "employee", "bear" -> "birth" (as a verb's noun)."""
    return list(_table()["related"].get(word, ()))


def broader(word: str) -> list[str]:
    """The kinds a word's most frequent senses are of, one level up: "employee" -> "worker",
    "guest" -> "visitor"."""
    return list(_table().get("broader", {}).get(word, ()))


@lru_cache(maxsize=1)
def _narrower() -> dict[str, tuple[str, ...]]:
    inverse: dict[str, list[str]] = defaultdict(list)
    for word, kinds in _table().get("broader", {}).items():
        for kind in kinds:
            inverse[kind].append(word)
    return {kind: tuple(words) for kind, words in inverse.items()}


def narrower(word: str) -> list[str]:
    """Words one of whose most frequent senses is a kind of this word, one level down: "worker" ->
    "employee", "laborer", ... (the inverse of ``broader``, built on first use)."""
    return list(_narrower().get(word, ()))
