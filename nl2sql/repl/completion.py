"""Completion while typing: what the word under the cursor can become, given where it stands.

After ``/`` the command names; after a command the arguments it declares (formats, on|off, a
table, a saved session's name); inside ``/sql`` SQL keywords, tables and
columns; in a question the words the database answers to: table and column names, the stored
values of low-cardinality text columns, and the domain config's synonyms and metrics.

Everything offered comes from what is already in memory (the introspected schema keeps the
distinct values of small text columns; the domain config is loaded once): no query runs per
keystroke. The word lists are built on the first key press, bounded, and kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from nl2sql.db.schema import Schema, Table
from nl2sql.domain import EMPTY, DomainConfig

# An argument spelled like this stands for every name of its kind in the schema.
TABLE_ARG = "<table>"
COLUMN_ARG = "<column>"
SESSION_ARG = "<session>"  # the names of saved conversations (/resume)
# Arguments of commands whose registration does not declare them (added by other modules); a
# command's own ``args`` wins.
# The most words offered at once: a menu longer than a screen helps nobody, and a 500-table
# schema must not make one key press sort thousands of entries.
MAX_SHOWN = 40
# Stored values offered in questions, over all columns: enough for every small lookup column,
# bounded for a warehouse of many.
MAX_VALUES = 5_000
SQL_KEYWORDS = (
    "SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "OFFSET", "JOIN", "LEFT JOIN",
    "INNER JOIN", "ON", "USING", "AS", "AND", "OR", "NOT", "IN", "IS", "NULL", "LIKE", "BETWEEN", "CASE",
    "WHEN", "THEN", "ELSE", "END", "DISTINCT", "COUNT", "SUM", "AVG", "MIN", "MAX", "WITH", "RECURSIVE",
    "UNION", "UNION ALL", "EXCEPT", "INTERSECT", "ASC", "DESC", "CAST", "COALESCE", "EXISTS", "VALUES",
)
_TABLE_KEYWORDS = {"FROM", "JOIN"}  # what follows them in /sql is a table
_WORD = re.compile(r"[^\s(),;]+$")
# The longest word completed. A longer run (a pasted literal or list) is not a word being typed, and
# the completer reads only this much of the line's end: a key press costs the same on a 100 KB line.
MAX_WORD = 100
_SQL_LINE = re.compile(r"\s*/sql", re.IGNORECASE)
_LAST_WORD = re.compile(r"(?:^|\s)(\S+)\s*$")


@dataclass(frozen=True)
class Word:
    """One thing the completer can offer: the text inserted and what it is (shown beside it)."""

    text: str
    meta: str


class Vocabulary:
    """The words a database answers to, built from the schema and domain config on first use."""

    def __init__(self, schema: Schema, domain: DomainConfig = EMPTY) -> None:
        self.schema = schema
        self.domain = domain

    @cached_property
    def tables(self) -> list[Word]:
        return [Word(t.name, "table") for t in self.schema.tables]

    @cached_property
    def columns(self) -> list[Word]:
        seen: dict[str, list[str]] = {}
        for table in self.schema.tables:
            for col in table.columns:
                seen.setdefault(col.name, []).append(table.name)
        return [Word(name, "column of " + _few(owners)) for name, owners in seen.items()]

    @cached_property
    def values(self) -> list[Word]:
        found: dict[str, str] = {}
        for table in self.schema.tables:
            for col in table.columns:
                for value in col.values:
                    if len(found) >= MAX_VALUES:
                        return _words(found)
                    if value.strip() and "\n" not in value:
                        found.setdefault(value, f"{table.name}.{col.name}")
        return _words(found)

    @cached_property
    def synonyms(self) -> list[Word]:
        d = self.domain
        found: dict[str, str] = {}
        for table, phrases in d.table_synonyms.items():
            found.update(dict.fromkeys(phrases, f"means {table}"))
        for (table, column), phrases in d.column_synonyms.items():
            found.update(dict.fromkeys(phrases, f"means {table}.{column}"))
        for (_table, column), mapping in d.value_synonyms.items():
            found.update({phrase: f"means {column} = {value}" for phrase, value in mapping.items()})
        for metric in d.metrics.values():
            found.update(dict.fromkeys((metric.name, *metric.synonyms), f"metric on {metric.table}"))
        return _words(found)

    @cached_property
    def question_words(self) -> list[Word]:
        return _unique([*self.tables, *self.synonyms, *self.columns, *self.values])

    @cached_property
    def sql_words(self) -> list[Word]:
        return _unique([*(Word(k, "keyword") for k in SQL_KEYWORDS), *self.tables, *self.columns])


def _words(found: dict[str, str]) -> list[Word]:
    return [Word(text, meta) for text, meta in found.items()]


def _few(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" (+{len(names) - 3})" if len(names) > 3 else "")


def _unique(words: Iterable[Word]) -> list[Word]:
    """First spelling wins: a table before a synonym, a synonym's meaning before 'column of ...'."""
    kept: dict[str, Word] = {}
    for word in words:
        kept.setdefault(word.text.lower(), word)
    return list(kept.values())


def rank(typed: str, words: list[Word], limit: int = MAX_SHOWN) -> list[Word]:
    """Fuzzy matches of ``typed``, best first: names that start with it, then names holding it,
    then names holding its letters in order ("ordit" finds order_items), tighter spans first."""
    needle = typed.lower()
    if not needle:
        return words[:limit]
    prefix, inside, spread = [], [], []
    pattern = re.compile(".*?".join(map(re.escape, needle)))
    for word in words:
        text = word.text.lower()
        if text.startswith(needle):
            prefix.append(word)
        elif needle in text:
            inside.append(word)
        elif (found := pattern.search(text)) is not None:
            spread.append((found.end() - found.start(), found.start(), word))
    prefix.sort(key=lambda w: (len(w.text), w.text.lower()))
    spread.sort(key=lambda entry: entry[:2])
    return (prefix + inside + [w for _, _, w in spread])[:limit]


class ChatCompleter(Completer):
    """Completions for the chat prompt; the vocabulary comes from a callable so that it is only
    built when the first completion is asked for. ``ready`` False (the REPL still loading what the
    words come from) offers nothing rather than make a key press wait, in the prompt's own loop."""

    def __init__(self, vocabulary: Callable[[], Vocabulary], ready: Callable[[], bool] = lambda: True) -> None:
        self._vocabulary = vocabulary
        self._ready = ready

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        if not self._ready():
            return
        before = document.text_before_cursor
        if "\n" in before and not _SQL_LINE.match(before):
            before = before[before.rfind("\n") + 1:]  # a multi-line question: only the line being typed counts
        # Searched in the line's end only: the pattern tried at every start of a long run costs its square.
        typed_match = _WORD.search(before[-(MAX_WORD + 1):])
        typed = typed_match.group() if typed_match else ""
        if len(typed) > MAX_WORD:
            return
        in_sql = _SQL_LINE.match(before) is not None
        if in_sql and "." in typed and not typed.startswith("'"):  # table.column, or alias.column
            qualifier, _, partial = typed.rpartition(".")
            table = _table_named(qualifier, document.text, self._vocabulary().schema)
            columns = [Word(c.name, f"column of {table.name}") for c in table.columns] if table else []
            for word in rank(partial, columns):
                yield Completion(f"{qualifier}.{word.text}", -len(typed), display=word.text, display_meta=word.meta)
            return
        if in_sql and typed.startswith("'"):  # a string literal: the stored values, quoted
            for word in rank(typed[1:], self._vocabulary().values):
                yield Completion(_quoted(word.text), -len(typed), display=word.text, display_meta=word.meta)
            return
        if not typed and not complete_event.completion_requested and (in_sql or not before.lstrip().startswith("/")):
            return  # after a space in a question or SQL: a menu on every word is noise; Tab still asks
        for word in rank(typed, self.candidates(before, typed)):
            yield Completion(word.text, -len(typed), display_meta=word.meta)

    def candidates(self, before: str, typed: str) -> list[Word]:
        """What may stand where the cursor is, before any matching against what is typed."""
        stripped = before.lstrip()
        if stripped.startswith("/"):
            head, *rest = stripped.split(None, 1)
            if stripped == typed:  # still typing the command's name
                return [Word(name, _description(name)) for name in _commands().names()]
            return self._arguments(head.lower(), rest[0] if rest else "", typed)
        return self._vocabulary().question_words

    def _arguments(self, name: str, rest: str, typed: str) -> list[Word]:
        vocabulary = self._vocabulary()
        if name == "/sql":
            if _previous_word(rest[:len(rest) - len(typed)]).upper() in _TABLE_KEYWORDS:
                return vocabulary.tables
            return vocabulary.sql_words
        if len(rest.split()) > 1 or (rest.split() and rest[-1:].isspace()):
            return []  # commands take one argument: nothing to offer past it
        entry = _commands().lookup(name)
        declared = entry.args if entry is not None else ()
        words: list[Word] = []
        for arg in declared:
            if arg == TABLE_ARG:
                words += vocabulary.tables
            elif arg == COLUMN_ARG:
                words += vocabulary.columns
            elif arg == SESSION_ARG:
                words += _saved_sessions()
            else:
                words.append(Word(arg, ""))
        return words


def _previous_word(text: str) -> str:
    """The last word of ``text``, read from its end only (a statement may be 100 KB long)."""
    tail = text[-(MAX_WORD + 2):]
    found = _LAST_WORD.search(tail)
    whole = found is not None and (found.start(1) > 0 or len(tail) == len(text))  # not the end of a longer run
    return found.group(1) if found and whole else ""


# A table in a FROM list or a JOIN, with the alias after it if one is given (a keyword is no alias).
_NOT_ALIAS = ("from|select|join|on|where|group|order|left|right|inner|outer|full|cross|natural|limit|union|having|"
              "using|window")
_ALIASED = re.compile(rf"(?:\bfrom|\bjoin|,)\s*(\w+)(?:\s+(?:as\s+)?(?!(?:{_NOT_ALIAS})\b)(\w+))?", re.IGNORECASE)


def _table_named(qualifier: str, statement: str, schema: Schema) -> Table | None:
    """The table ``qualifier`` stands for in ``statement``: a table's own name, or an alias given to one
    in its FROM or JOIN (``FROM users u``), wherever in the statement that comes."""
    table = schema.table(qualifier)
    if table is not None:
        return table
    for name, alias in _ALIASED.findall(statement):
        if alias and alias.lower() == qualifier.lower() and schema.table(name) is not None:
            return schema.table(name)
    return None


def _saved_sessions() -> list[Word]:
    """Read when /resume is typed, not per key press of a question: the names in one small folder."""
    from nl2sql.errors import Nl2SqlError
    from nl2sql.sessions import sessions_dir

    try:
        return [Word(path.stem, "saved session") for path in sorted(sessions_dir().glob("*.json"))]
    except (OSError, Nl2SqlError):  # no data folder: nothing saved to offer
        return []


def _quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _commands() -> ModuleType:
    """The command registry, read on the first key press that needs it: it comes with the whole
    workflow (sqlglot and the engine), which the REPL loads after its prompt is up."""
    from nl2sql.workflows import commands

    return commands


def _description(name: str) -> str:
    entry = _commands().lookup(name)
    return entry.description if entry is not None else ""
