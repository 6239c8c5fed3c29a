"""SQL colouring from sqlglot's own tokenizer, so no second SQL grammar is needed."""

from __future__ import annotations

import sqlglot
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.styles import Style
from sqlglot.tokens import Tokenizer, TokenType

STYLE = Style.from_dict({
    "sql.keyword": "bold ansiblue",
    "sql.string": "ansigreen",
    "sql.number": "ansimagenta",
    "sql.function": "ansicyan",
    "explanation": "italic",
    "answer": "bold",
    "summary": "ansiyellow",
    "error": "bold ansired",
    "muted": "ansibrightblack",
    "bottom-toolbar": "noreverse bg:#222222 #cccccc",
})
_LITERALS = {TokenType.STRING: "class:sql.string", TokenType.NUMBER: "class:sql.number"}


def highlight_sql(sql: str, dialect: str = "sqlite") -> FormattedText:
    """Colour keywords, strings and numbers; text between tokens is kept as typed."""
    try:
        tokens = sqlglot.tokenize(sql, read=dialect)
    except Exception:  # an unfinished statement is still worth showing, just uncoloured
        return FormattedText([("", sql)])
    keywords = set(Tokenizer.KEYWORDS.values())
    pieces: list[tuple[str, str]] = []
    pos = 0
    for token in tokens:
        start, end = token.start, token.end + 1
        if start < pos:
            continue
        pieces.append(("", sql[pos:start]))
        style = _LITERALS.get(token.token_type, "")
        if not style and token.token_type in keywords and token.text[:1].isalpha():
            style = "class:sql.keyword"
        pieces.append((style, sql[start:end]))
        pos = end
    pieces.append(("", sql[pos:]))
    return FormattedText([p for p in pieces if p[1]])
