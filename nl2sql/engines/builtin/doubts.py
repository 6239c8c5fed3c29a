"""Where the built-in engine is unsure, and the question that would settle it.

Each function looks at one kind of doubt and returns an ``Ambiguity`` with a typed question (or
nothing); the builder applies the best reading meanwhile, so a caller that does not ask still
gets a query. Answers come back as slots on the next reading and the question is not asked again.
"""

from __future__ import annotations

from collections.abc import Mapping

from nl2sql.db.schema import DATE, Schema, Table
from nl2sql.dialog.ambiguity import CONFIRMATION, GENERAL, PARTIAL, SPECIFIC
from nl2sql.dialog.questions import FREE, SINGLE, Question, SlotKey, Slots
from nl2sql.domain import ClarifyingQuestion
from nl2sql.engines.base import Ambiguity
from nl2sql.engines.builtin.analysis import Analysis
from nl2sql.engines.builtin.explain import one, plural
from nl2sql.linking.lexicon import COLUMN, METRIC, PEOPLE_WORDS, TABLE, VALUE, Link
from nl2sql.linking.text import spoken
from nl2sql.profile.roles import is_money_taken

# Words a question uses when it has no particular data in mind.
VAGUE_WORDS = {
    "something", "anything", "interesting", "stuff", "info", "information", "everything", "overview",
    "summary", "going", "happening", "insight", "insights", "data", "tell", "some", "cool", "useful",
    "important", "new", "news", "update", "updates", "status", "report", "dashboard", "numbers", "look",
}
ENTITY = SlotKey("entity")  # which table a question is about, when it named none or several

# Superlatives that rank rows without saying by what: "our best <rows>", "top <rows>".
OPEN_RANKINGS = {"best", "top", "worst", "biggest", "largest", "greatest", "leading", "main", "key"}


def _label(name: str) -> str:
    return name.replace("_", " ")


def key_tables(schema: Schema, entities: tuple[str, ...], *, dated: bool = False) -> list[Table]:
    """The tables worth offering when the question names none: the domain's entities, else the largest.
    A line about periods ("the busiest month last year") offers the tables with a date, first those at
    the middle of the most joins (a caterer's events, with clients and menus on one side and dishes
    and payments on the other), which are what happens in the business."""
    chosen = [t for name in entities if (t := schema.table(name)) is not None]
    if dated:
        chosen = [t for t in chosen or schema.tables if t.default_date_column is not None]
        return sorted(chosen, key=lambda t: (-_joins(schema, t), -(t.row_count or 0)))[:5]
    if chosen:
        return chosen[:5]
    return sorted(schema.tables, key=lambda t: -(t.row_count or 0))[:5]


def _joins(schema: Schema, table: Table) -> int:
    """How many other tables this one points at or is pointed at by."""
    return len({name for name, _fk in schema.neighbours(table.name)} - {table.name})


def general(a: Analysis, schema: Schema, entities: tuple[str, ...], slots: Slots) -> Ambiguity | None:
    """A line of only vague words ("some data"): no table, no column named."""
    if ENTITY in slots or any(w not in VAGUE_WORDS for w in a.unread()):
        return None
    tables = key_tables(schema, entities, dated=bool(a.buckets or a.dates))
    if not tables:
        return None
    question = Question("What would you like to look at?", SINGLE, tuple(_label(t.name) for t in tables),
                        default_choice=1, slot=ENTITY, values=tuple(t.name for t in tables))
    return Ambiguity(GENERAL, "the question names nothing in this database", question)


def partial(a: Analysis, schema: Schema, entity: str, skip: set[int], slots: Slots) -> Ambiguity | None:
    """A column word found in several tables ("the names"), and nothing says which table."""
    if ENTITY in slots:
        return None
    if any(link.of_kind(TABLE) or link.of_kind(VALUE) or link.of_kind(METRIC) for link in a.links):
        return None  # a named table or value anchors the reading
    links = [link for link in a.links if link.first not in skip]
    best: dict[str, tuple[float, str]] = {}
    for link in links:
        for cand in link.of_kind(COLUMN):
            if cand.table not in best or cand.score > best[cand.table][0]:
                best[cand.table] = (cand.score, cand.column or "")
    stored = {t for t in best if (table := schema.table(t)) is not None and table.stored}
    if stored:  # a view's copy of a table's column is that table's ("chk_in" of a stays view)
        best = {t: v for t, v in best.items() if t in stored}
    if len(best) < 2:
        return None
    ordered = sorted(best, key=lambda t: (t != entity, -best[t][0], t))[:5]
    phrase = " ".join(a.tokens[i].text for link in links for i in range(link.first, link.last + 1))
    question = Question(f"Which {phrase or 'table'} do you mean?", SINGLE,
                        tuple(f"{_label(t)} ({_label(best[t][1])})" for t in ordered), default_choice=1,
                        slot=ENTITY, values=tuple(ordered))
    return Ambiguity(PARTIAL, f"'{phrase}' is in {len(best)} tables", question)


def people(a: Analysis, entity: str, slots: Slots, evidence: Mapping[str, float]) -> Ambiguity | None:
    """ "how many people ...", where several tables hold people and no other word names one, nor
    points at one more than at the others (``evidence``: "hired" at a hiring date): which."""
    if ENTITY in slots:
        return None
    said = [link for link in a.links if link.first == link.last and a.word(link.first) in PEOPLE_WORDS]
    if not said or any(link.of_kind(TABLE) for link in a.links if link not in said):
        return None
    tables = sorted({c.table for c in said[0].of_kind(TABLE)}, key=lambda t: (t != entity, t))
    if len(tables) < 2 or all(evidence.get(t, 0.0) < evidence.get(entity, 0.0) for t in tables if t != entity):
        return None
    word = a.word(said[0].first)
    question = Question(f"Which {word} do you mean?", SINGLE, tuple(_label(t) for t in tables[:5]),
                        default_choice=1, slot=ENTITY, values=tuple(tables[:5]))
    return Ambiguity(PARTIAL, f"'{word}' may be any of {len(tables)} tables", question)


def whom(tables: list[str], slots: Slots) -> Ambiguity | None:
    """ "who in the York office has the most tickets", where the tickets belong to two kinds of
    people the place both reaches: which kind "who" asks for."""
    if ENTITY in slots or len(tables) < 2:
        return None
    question = Question("Who do you mean?", SINGLE, tuple(_label(t) for t in tables[:5]), default_choice=1,
                        slot=ENTITY, values=tuple(tables[:5]))
    return Ambiguity(PARTIAL, f"'who' may be any of {len(tables)} tables of people", question)


# Column-name words of quantities that add up, and of scores that are averaged instead.
ADDITIVE = ("amount", "total", "quantity", "qty", "revenue", "sales", "units", "value", "spent", "cost")
SCORES = ("rating", "score", "stars", "grade")


def _choice(*words: str) -> str:
    """A choice as a phrase: its words spoken, a word said twice in a row said once ("total" and
    "total" -> "Total"), the first capitalised."""
    said: list[str] = []
    for word in " ".join(words).split():
        if not said or said[-1].lower() != word.lower():
            said.append(word)
    text = " ".join(said)
    return text[:1].upper() + text[1:]


def _own_totals(table: Table) -> list[tuple[str, str]]:
    """A row's own total of money (a sale's total): its size, offered first."""
    return [(_choice(spoken(col.name), "of each", one(table.name)), f"own:{table.name}.{col.name}")
            for col in table.columns if is_money_taken(table, col)]


def rank_options(schema: Schema, entity: str) -> list[tuple[str, str]]:
    """How rows of ``entity`` can be ranked: by their own total, or a total or average over their
    child rows, or how many."""
    options: list[tuple[str, str]] = []
    own = schema.table(entity)
    if own is not None:
        options += _own_totals(own)
    for table in schema.tables:
        if not any(fk.ref_table == entity for fk in table.foreign_keys) or table.name == entity or not table.stored:
            continue
        for col in table.columns:
            name = col.name.lower()
            if not col.is_numeric or col.primary_key or name.endswith("id"):
                continue
            if any(w in name for w in ADDITIVE) and "price" not in name:
                options.append((_choice("total", spoken(col.name), "of", plural(table.name)),
                                f"sum:{table.name}.{col.name}"))
            elif any(w in name for w in SCORES):
                options.append((_choice("average", spoken(col.name), "of", plural(table.name)),
                                f"avg:{table.name}.{col.name}"))
        options.append((_choice("number of", plural(table.name)), f"count:{table.name}"))
    return options[:4]


def open_ranking(schema: Schema, entity: str, slots: Slots) -> tuple[str | None, Ambiguity | None]:
    """ "our best <rows>": the ranking to use (answered, or the default) and the question."""
    slot = SlotKey("rank", entity)
    if slot in slots:
        return slots[slot], None
    options = rank_options(schema, entity)
    if not options:
        return None, None
    question = Question(f"Rank {_label(entity)} by?", SINGLE, tuple(label for label, _ in options),
                        default_choice=1, slot=slot, values=tuple(value for _, value in options))
    return options[0][1], Ambiguity(SPECIFIC, f"nothing says what makes {_label(entity)} best", question)


def date_choice(link: Link, table: Table, slots: Slots) -> tuple[str | None, Ambiguity | None]:
    """ "<rows> by date" where the table has several dates: which one (answered, or the default)."""
    slot = SlotKey("date_column", table.name)
    if slot in slots:
        return slots[slot], None
    named = [c for c in link.of_kind(COLUMN) if c.table == table.name]
    if len(named) == 1:  # "by delivery date": the one date the words name, not any date of the rows
        return f"{table.name}.{named[0].column}", None
    dates = [c for c in table.date_columns]
    if len(dates) < 2 or not all(c.kind == COLUMN for c in link.candidates if c.table == table.name):
        return None, None
    default = table.default_date_column or dates[0]
    ordered = [default, *(c for c in dates if c is not default)]
    question = Question(f"Which date of {_label(table.name)}?", SINGLE, tuple(_label(c.name) for c in ordered),
                        default_choice=1, slot=slot, values=tuple(f"{table.name}.{c.name}" for c in ordered))
    return f"{table.name}.{default.name}", Ambiguity(SPECIFIC, f"{_label(table.name)} have {len(dates)} dates",
                                                     question)


def undefined_words(a: Analysis, no_fuzzy: frozenset[str], slots: Slots,
                    read: frozenset[int] = frozenset()) -> list[Ambiguity]:
    """ "<adjective> <rows>" when nothing says what the adjective means: ask (free text)."""
    out = []
    for link in a.links:
        if not link.of_kind(TABLE) or link.first == 0:
            continue
        i = link.first - 1
        token = a.tokens[i]
        word = token.text
        if i in a.read or i in read or word in no_fuzzy or token.is_number or not word.isalpha() or len(word) < 3:
            continue
        if SlotKey("define", word) in slots:
            continue
        table = link.of_kind(TABLE)[0].table
        question = Question(f"What makes {_label(table)} '{word}'? (for example: ordered in the last 30 days)",
                            FREE, required=False, slot=SlotKey("define", word))
        out.append(Ambiguity(SPECIFIC, f"nothing in {_label(table)} says '{word}'", question))
    return out


def configured(question: ClarifyingQuestion, slot: SlotKey, about: str, slots: Slots) -> Ambiguity | None:
    """A domain-config question attached to a metric or entity, until the conversation answers it."""
    if slot in slots:
        return None
    kind = SINGLE if question.choices else FREE
    asked = Question(question.text, kind, question.choices, required=kind == FREE and question.default is None,
                     default_choice=question.default, slot=slot, values=question.values)
    return Ambiguity(SPECIFIC, f"{about} has a question in the domain config", asked)


def fuzzy_value(typed: str, value: str, slots: Slots) -> tuple[bool, Ambiguity | None]:
    """A typo read as a stored value: keep the filter (answered yes, or not answered yet) and ask."""
    slot = SlotKey("value_match", typed)
    if slot in slots:
        return slots[slot] != "no", None
    question = Question(f"Did you mean '{value}' for '{typed}'?", SINGLE, ("Yes", "No"), default_choice=1,
                        slot=slot, values=("yes", "no"))
    return True, Ambiguity(CONFIRMATION, f"'{typed}' matched '{value}' only approximately", question)


def is_date_link(link: Link, schema: Schema) -> bool:
    cols = [schema.table(c.table).column(c.column or "") for c in link.of_kind(COLUMN)]  # type: ignore[union-attr]
    return bool(cols) and all(c is not None and c.kind == DATE for c in cols)
