"""Text that a column contains: "whose name contains 'Al'", "with the word 'Rain' in its label".

People ask for part of a text as often as for all of it; a piece of text is no stored value, so it
must be read before linking (or it links to whatever value happens to share the word) and become a
LIKE condition on the column the sentence puts it in: the one named just before the cue ("city
containing ...", "whose name has the substring ..."), or after it ("'w' in their description").
"""

from __future__ import annotations

from dataclasses import dataclass

from nl2sql.linking.text import Token

# Verbs that say a text holds a piece; nouns that say the piece is text, not a value.
CONTAIN_VERBS = frozenset({"contain", "contains", "containing", "contained", "include", "includes", "including"})
PIECE_NOUNS = frozenset({"substring", "letter", "letters", "word", "string", "phrase", "character", "characters"})
_HAVING = frozenset({"has", "have", "having", "with"})
# Verbs that, before "with", put the piece at one end of the text: "names starting with A".
_ENDS = {**dict.fromkeys(("start", "starts", "starting", "started", "begin", "begins", "beginning"), "start"),
         **dict.fromkeys(("end", "ends", "ending", "ended"), "end")}
_ITS = frozenset({"its", "their", "the", "his", "her"})


@dataclass(frozen=True)
class Contains:
    """A piece of text a column holds: the cue's words, the piece, and a column named after it."""

    first: int
    last: int
    value: str
    column_after: int | None = None  # "... in its <column>": where the column is named
    anchor: str | None = None  # "start" or "end": the piece opens or closes the text

    @property
    def span(self) -> frozenset[int]:
        return frozenset(range(self.first, self.last + 1))


def _piece_at(tokens: list[Token], i: int, *, need_quote: bool) -> tuple[int, str] | None:
    """The piece of text at word i (past an optional "the"): its index and its text as typed."""
    n = len(tokens)
    if i < n and tokens[i].text == "the" and not tokens[i].quoted and not need_quote:
        i += 1
    if i >= n:
        return None
    token = tokens[i]
    if token.quoted:
        return i, token.original[1:-1].strip()
    if need_quote or not token.original[:1].isalnum():
        return None
    return i, token.original


def _read_end(tokens: list[Token], i: int, used: set[int]) -> Contains | None:
    """ "starting with 515", "whose name ends with 'son'": the piece at one end of the text. Unquoted
    only when it can be no word of the sentence: a number, a few letters, a capitalised word
    ("products starting with the cheapest" is a sort)."""
    if i + 2 >= len(tokens) or tokens[i + 1].text != "with" or tokens[i].capitalised:
        return None  # "Starting With Python": a title's words, not a cue
    j = i + 2 + (tokens[i + 2].text in ("the", "a") and not tokens[i + 2].quoted)
    if j < len(tokens) and tokens[j].text in PIECE_NOUNS and not tokens[j].quoted:
        j += 1  # "starting with the letter M"
    if j >= len(tokens) or any(x in used for x in range(i, j + 1)):
        return None
    token = tokens[j]
    piece = token.original[1:-1].strip() if token.quoted else token.original
    if not piece or not (token.quoted or piece[:1].isdigit() or len(piece) <= 3 or piece[:1].isupper()):
        return None
    return Contains(i, j, piece, anchor=_ENDS[tokens[i].text])


def _read_one(tokens: list[Token], i: int, used: set[int]) -> Contains | None:
    """A contains cue starting at word i, or None."""
    words = [t.text for t in tokens]
    w = words[i]
    if w in _ENDS:
        return _read_end(tokens, i, used)
    j = i
    if w in CONTAIN_VERBS:
        j = i + 1 + (words[i + 1:i + 2] == ["the"])
    elif w not in _HAVING:
        return None
    else:
        j = i + 1 + (words[i + 1:i + 2] == ["the"])
    noun = j < len(words) and words[j] in PIECE_NOUNS and not tokens[j].quoted
    if noun:
        j += 1
    elif w in _HAVING and not (j < len(tokens) and tokens[j].quoted and words[j + 1:j + 2] == ["in"]):
        return None  # "with <value>" is a stored value unless "with '<piece>' in its <column>"
    piece = _piece_at(tokens, j, need_quote=not noun)
    if piece is None or piece[0] in used or not piece[1]:
        return None
    k, last, after = piece[0] + 1, piece[0], None
    if words[k:k + 1] == ["in"] and k + 1 < len(words):
        if words[k + 1] == "it":
            last = k + 1
        elif words[k + 1] in _ITS and k + 2 < len(words):
            last, after = k + 1, k + 2
    if any(x in used for x in range(i, last + 1)):
        return None
    return Contains(i, last, piece[1], after)


def find_contains(tokens: list[Token], used: set[int]) -> list[Contains]:
    """Every contains cue of the line, left to right, none overlapping words already read."""
    out: list[Contains] = []
    taken: set[int] = set(used)
    for i in range(len(tokens) - 1):
        if i in taken:
            continue
        cue = _read_one(tokens, i, taken)
        if cue is not None:
            out.append(cue)
            taken |= cue.span
    return out
