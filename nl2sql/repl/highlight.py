"""SQL colouring from sqlglot's own tokenizer, so no second SQL grammar is needed."""

from __future__ import annotations

import re
from collections.abc import Callable

from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText, StyleAndTextTuples
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.lexers import Lexer
from prompt_toolkit.styles import Style

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


def highlight_sql(sql: str, dialect: str = "sqlite") -> FormattedText:
    """Colour keywords, strings and numbers; text between tokens is kept as typed."""
    import sqlglot  # imported on first use: the REPL's prompt is drawn before sqlglot loads
    from sqlglot.tokens import Tokenizer, TokenType

    literals = {TokenType.STRING: "class:sql.string", TokenType.NUMBER: "class:sql.number"}
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
        style = literals.get(token.token_type, "")
        if not style and token.token_type in keywords and token.text[:1].isalpha():
            style = "class:sql.keyword"
        pieces.append((style, sql[start:end]))
        pos = end
    pieces.append(("", sql[pos:]))
    return FormattedText([p for p in pieces if p[1]])


# Longer input is shown uncoloured while it is typed: colouring reads the whole input again at every
# redraw, and a redraw follows every read of the terminal, so a pasted 100 KB statement would be
# tokenized a hundred times. Printed SQL (``highlight_sql``) is coloured at any length: it is read once.
MAX_COLORED_INPUT = 10_000
_SQL_COMMAND = re.compile(r"(\s*/sql)(\s.*|)$", re.IGNORECASE | re.DOTALL)


class SqlInputLexer(Lexer):
    """Colours a ``/sql`` line while it is typed, with the tokenizer that colours printed SQL, so
    input and output agree and no second SQL grammar (pygments) is needed. Questions stay plain."""

    def __init__(self, dialect: str = "sqlite") -> None:
        self.dialect = dialect

    def lex_document(self, document: Document) -> Callable[[int], StyleAndTextTuples]:
        found = _SQL_COMMAND.match(document.text) if len(document.text) <= MAX_COLORED_INPUT else None
        if found is None:
            plain = document.lines
            return lambda i: [("", plain[i])] if i < len(plain) else []
        pieces = [("class:sql.keyword", found.group(1)), *highlight_sql(found.group(2), self.dialect)]
        lines = list(split_lines(pieces))
        return lambda i: lines[i] if i < len(lines) else []
