"""Words of a line that point at an earlier result: "them", "that course", "what about ...".

A new question reads none of the conversation, so it cannot use them. When there is an earlier
line to point at and the line is read as a new question, these words count as unused like any
other content word: the reading is partial, names what it left out, and is confirmed before it
runs. Routing gains from the same fact, because the edit of the current query uses them and the
fresh reading does not. With no earlier line they point at nothing and stay function words.
"""

from __future__ import annotations

from nl2sql.engines.base import History
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.linking.text import POSSESSIVES

# Always about something said before.
_POINTERS = frozenset({"them", "they", "these", "ones"})
# About something before only as a determiner ("that course", "of those"), not as a relative
# pronoun or a head of its own clause ("students that ...", "those who ...").
_DETERMINERS = frozenset({"this", "that", "those"})
_CLAUSE_AFTER = frozenset({"who", "whom", "which", "that", "whose", "with", "of", "in", "where", "having",
                           "is", "are", "was", "were", "has", "have", "had"})
_DETERMINER_AFTER = frozenset({"of", "in", "for", "from", "about", "on", "at", "to", "with", "by", "among",
                               "is", "are", "was", "were", "show", "list", "give", "find", "get", "only", "just"})
# Words that narrow an earlier result when they open a line with "those who ...".
_NARROWING = frozenset({"just", "only"})
# An earlier result's owner when nothing before them in the line could be ("what are their names?").
# Openers that ask to change the current query rather than to start another.
_OPENERS = (("what", "about"), ("how", "about"))
_ADDITIVE = frozenset({"also", "too", "instead"})
# "which one", "the one with ...", "for each one": a row of an earlier result.
_ONE_AFTER = frozenset({"which", "the", "each", "that", "this"})


def in_conversation(history: History) -> bool:
    """Whether earlier lines exist that a line could point at; a failed one counts, since the
    person still means what they asked ("who owns that cat?" after a question that failed)."""
    return bool(history)


def back_references(a: Analysis) -> frozenset[int]:
    """Positions of the words that point at an earlier result rather than at anything in the line."""
    words = [t.text for t in a.tokens]
    found: set[int] = set()
    for first, second in _OPENERS:
        if words[:2] == [first, second]:
            found.update((0, 1))
    linked_before = min((link.first for link in a.links), default=len(words))
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        before = words[i - 1] if i > 0 else ""
        if word in _POINTERS or word in _ADDITIVE:
            found.add(i)
        elif word in _DETERMINERS and after not in _CLAUSE_AFTER and (i == 0 or before in _DETERMINER_AFTER):
            found.add(i)
        elif word in POSSESSIVES and i < linked_before:
            found.add(i)
        elif word == "one" and before in _ONE_AFTER and after != "of":
            found.update((i - 1, i) if before in ("which", "each") else (i,))
        elif word == "each" and not after:
            found.add(i)  # "... for each?": each group of the earlier result
    return frozenset(found | _narrowed(words))


def _narrowed(words: list[str]) -> set[int]:
    """ "just those who joined this year": the earlier rows, narrowed, when the line opens so."""
    return {i for i, word in enumerate(words) if word == "those" and i >= 1 and words[i - 1] in _NARROWING
            and (i == 1 or words[i - 2] in ("and", "but"))}
