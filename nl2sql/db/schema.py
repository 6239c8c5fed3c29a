"""What a database holds, as immutable values every layer can share.

Engines link words to these names and values; the REPL shows them with ``/schema``. Nothing here
talks to a database: introspection lives beside each driver.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, wraps
from typing import TypeVar

# How a column behaves for questions, independent of the engine's declared type.
INTEGER, REAL, TEXT, DATE, BOOLEAN, OTHER = "integer", "real", "text", "date", "boolean", "other"
NUMERIC_KINDS = (INTEGER, REAL)
# A column comment declaring a join key the engine does not enforce: "references table.column".
_DECLARED_KEY = re.compile(r"^references\s+([^\s.]+)\.(\S+)$", re.IGNORECASE)


def declared_key(comment: str) -> tuple[str, str] | None:
    """A column comment "references table.column": a join key the database does not enforce (the
    loader writes one for a foreign key the rows break; people can declare their own)."""
    found = _DECLARED_KEY.match(comment.strip())
    return (found.group(1), found.group(2)) if found else None


@dataclass(frozen=True)
class Column:
    """A column as the engines link words to it: its name, kind and, for a short list, every stored value."""
    name: str
    type: str
    kind: str
    primary_key: bool = False
    nullable: bool = True
    unique: bool = False
    # Every distinct value of a low-cardinality text column (empty when there are too many).
    values: tuple[str, ...] = ()
    # The database's own comment on the column, where the engine keeps one (DuckDB, PostgreSQL).
    description: str = ""
    # A column the built-in engine computes from others (how long a row lasted): no measure of its own.
    computed: bool = False
    # False for a computed column no word links to by its name: a reader reaches it through a phrase
    # of its own (the wait before an event, "time to first reply").
    linked: bool = True

    @property
    def is_numeric(self) -> bool:
        return self.kind in NUMERIC_KINDS

    @property
    def mixed_case(self) -> bool:
        """Whether one value is stored in more than one casing ('Active', 'active', 'ACTIVE'), as data
        typed by hand over the years is: a value asked for is then each of its spellings."""
        # not of a letter alone ('C' major, 'c' minor), nor beyond ASCII, which a database's LOWER() may not fold
        folded = [v for v in self.values if len(v) > 1 and v.isascii()]
        return len({v.lower() for v in folded}) < len(folded)


@dataclass(frozen=True)
class ForeignKey:
    """One join between two tables, declared by the database or implied by names and comments: what the
    SQL follows to reach a related table."""
    table: str
    column: str
    ref_table: str
    ref_column: str


@dataclass(frozen=True)
class Table:
    """A table or view with what introspection learned of it; ``stored`` tells a view from a table."""
    name: str
    columns: tuple[Column, ...]
    foreign_keys: tuple[ForeignKey, ...] = ()
    row_count: int | None = None
    description: str = ""  # the table's comment in the database, if any
    # The schema (namespace) a table off the search path belongs to; its name is then "namespace.table".
    namespace: str = ""
    stored: bool = True  # False for a view: it has no rows of its own (and no row ids)

    def column(self, name: str) -> Column | None:
        lowered = name.lower()
        for col in self.columns:
            if col.name.lower() == lowered:
                return col
        return None

    @property
    def primary_key(self) -> Column | None:
        return next((c for c in self.columns if c.primary_key), None)

    @property
    def fk_columns(self) -> frozenset[str]:
        return frozenset(fk.column for fk in self.foreign_keys)

    @cached_property
    def label_column(self) -> Column | None:
        """The column a person would use to name a row: ``name`` or the table's own ``<table>_name``,
        ``title``, a text column named like the table (an ``airline`` of ``airlines``), or a unique
        text column."""
        texts = [c for c in self.columns if c.kind == TEXT and c.name not in self.fk_columns]
        own_name = self.name.lower().replace("_", "").rstrip("s") + "name"
        for col in texts:  # "name", or the table's own name for it (a staff table's staff_name)
            if col.name.lower() == "name" or col.name.lower().replace("_", "") in (own_name, own_name + "s"):
                return col
        if self.person_name is not None:  # a person's name before a job title
            return self.person_name[0]
        for wanted in ("title", "label"):
            for col in texts:
                if col.name.lower() == wanted:
                    return col
        own = self.name.lower().rstrip("s")
        for col in texts:
            if col.name.lower().rstrip("s") == own:
                return col
        for col in texts:  # an abbreviated name ("coNm", "co_nm") too
            if col.name.lower().endswith(("_name", "name", "_title")) or re.search(r"(^|_|[a-z])(Nm|_nm)$", col.name):
                return col
        uniques = [c for c in texts if c.unique]
        if any(not c.primary_key for c in uniques):
            return uniques[0]
        described = [c for c in texts if not c.primary_key and is_description(c.name)]
        if len(described) == 1:  # no name, title or other unique text: its description names a row
            return described[0]
        return uniques[0] if uniques else (self.primary_key or (texts[0] if texts else None))

    @cached_property
    def person_name(self) -> tuple[Column, Column] | None:
        """(first name, last name) of a table of people: how a person is named, both together."""
        texts = [c for c in self.columns if c.kind == TEXT and c.name not in self.fk_columns]
        lowered = {c.name.lower().replace("_", ""): c for c in texts}
        for c in texts:  # ``TechFirstName`` of tblTechnician, never over a column named so itself
            lowered.setdefault(self._unprefixed(c.name), c)
        first = next((lowered[k] for k in _FIRST_NAMES if k in lowered), None)
        last = next((lowered[k] for k in _LAST_NAMES if k in lowered), None)
        if first is None or last is None:
            return None
        order = [c.name for c in self.columns]  # an "sname" before an "fname" is a student's and a father's
        shortened = last.name.lower().replace("_", "") in ("sname", "surnm")
        return None if shortened and order.index(last.name) < order.index(first.name) else (first, last)

    def _unprefixed(self, column: str) -> str:
        """A column's name run together, past a first word that shortens the table's name, as an old
        system prefixes its columns (``TechFirstName`` of ``tblTechnician``, ``cust_surname`` of customers)."""
        words = _name_words(column)
        own = [w for w in _name_words(self.name) if w != "tbl"]
        if len(words) > 1 and len(words[0]) >= 3 and any(w.startswith(words[0]) for w in own):
            words = words[1:]
        return "".join(words)

    @cached_property
    def company_name(self) -> Column | None:
        """The name of the business a person of the table may stand for (``CoName``, ``company``), kept
        for some rows only: a customer who is a company is known by it."""
        if self.person_name is None:
            return None
        return next((c for c in self.columns if c.kind == TEXT and c.nullable and c.name not in self.fk_columns
                     and {*_name_words(c.name)} - {"name", "nm"} in ({"co"}, {"company"}, {"business"},
                                                                     {"organisation"}, {"organization"}, {"firm"})),
                    None)

    @cached_property
    def date_columns(self) -> tuple[Column, ...]:
        return tuple(c for c in self.columns if c.kind == DATE)

    @cached_property
    def default_date_column(self) -> Column | None:
        """The date a row is 'from': a column named only so, its start, its creation time, else its first date."""
        dates = self.date_columns
        if any(_joined(c.name) for c in dates):  # a person's birth date is not when they joined: the last resort
            dates = tuple(sorted(dates, key=lambda c: _born(c.name)))
        for col in dates:
            if col.name.lower() in ("date", "timestamp", "time"):
                return col
        for col in dates:  # an appointment, a shift, a rental is in 2025 when it starts then, not when booked
            if {"start", "starts", "started", "begin", "begins", "pickup", "scheduled", "sched"} \
                    & set(_name_words(col.name)):
                return col
        for col in dates:  # a trip's trip_date, an event's event_dt: the row's own, not when it was enquired
            if _names_the_row(col.name, self.name):
                return col
        for col in dates:
            if "creat" in col.name.lower():
                return col
        non_null = [c for c in dates if not c.nullable]
        return non_null[0] if non_null else (dates[0] if dates else None)

    @cached_property
    def measure_column(self) -> Column | None:
        """The numeric column a bare number most likely compares with ("orders under 20")."""
        best = self.measure_columns
        return best[0] if best else None

    @cached_property
    def measure_columns(self) -> tuple[Column, ...]:
        """The numeric columns a bare number may compare with, equally likely, best first: one when
        the rows keep one amount (an order's total), several when the number could be any of them."""
        candidates = [
            c for c in self.columns
            if c.is_numeric and not c.primary_key and c.name not in self.fk_columns and not c.computed
            and not c.name.lower().endswith("id") and not _CODE_WORDS & set(_name_words(c.name))
            and not labels_rows(c.name)
        ]
        # a yes/no (is_active) or a year (birth_year) is no amount, nor are digits kept as text (a
        # rating typed as text beside a real share): a measure only when nothing else is
        candidates = [c for c in candidates if not _TEXT_TYPE.search(c.type)] or candidates
        amounts = [c for c in candidates if not _states_or_dates(c.name)] or candidates
        reals = [c for c in amounts if c.kind == REAL]
        return tuple(reals or amounts)


# Name words of digits that identify rather than measure (a postal code, a phone number): no amount.
_CODE_WORDS = frozenset({"postal", "postcode", "zip", "zipcode", "phone", "telephone", "fax"})
# Last name words of a number that labels a row or sorts rows into kinds (``table_no``, ``order_status``)
_LABEL_ENDS = frozenset({"no", "num", "nbr", "number", "status", "code", "type", "kind"})


def labels_rows(name: str) -> bool:
    """``table_no``, ``order_status``: a number that names or sorts rows, which no one adds up or averages."""
    words = _name_words(name)
    return len(words) > 1 and words[-1] in _LABEL_ENDS

# A declared type of text: numbers kept there are a measure only where a table keeps nothing else.
_TEXT_TYPE = re.compile(r"char|text|clob|string", re.IGNORECASE)


def is_description(name: str) -> bool:
    """A column named a description (``item_desc``, ``TypeDescription``): what rows with no name are known by."""
    return _name_words(name)[-1:] in (["desc"], ["descr"], ["description"])


def _name_words(name: str) -> list[str]:
    """A name's words, split here and not by ``linking.text.name_words``: the floor imports nothing above it."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower().replace("_", " ").split()


# Name words of a date that is a birth: never when a row joined or was written down.
BIRTH_WORDS = frozenset({"birth", "dob", "born", "birthday"})


# Words of a date column's name that say only that it keeps a moment (``shipped_at``, ``order_date``).
MOMENT_WORDS = frozenset({"at", "on", "date", "time", "timestamp", "datetime", "ts", "dt", "day", "when"})


def _names_the_row(column: str, table: str) -> bool:
    """Whether a date column is named only by its table's noun and a word of time (``trip_date`` of trips)."""
    words = [w for w in _name_words(column) if w not in MOMENT_WORDS]
    noun = (_name_words(table) or [""])[-1]
    one = noun[:-3] + "y" if noun.endswith("ies") else noun[:-1] if noun.endswith("s") and not noun.endswith("ss") \
        else noun
    return len(words) == 1 and words[0] in (noun, one) and len(words) < len(_name_words(column))


def _born(name: str) -> bool:
    return bool(BIRTH_WORDS & set(_name_words(name)))


def _joined(name: str) -> bool:
    """A date a row of people came to be one: joined, signed up, registered, hired, created."""
    return bool({"joined", "join", "signup", "signed", "registered", "enrolled", "hired", "hire", "created",
                 "since", "start", "started"} & set(_name_words(name)))


def _states_or_dates(name: str) -> bool:
    """``is_active``, ``abandoned_yn``, ``birth_year``: a yes/no or a year."""
    words = _name_words(name)
    return bool(words) and (words[0] in ("is", "has", "can", "was") or words[-1] in ("year", "yr", "flag", "yn"))


_FIRST_NAMES = ("firstname", "givenname", "forename", "firstnm", "fname")
_LAST_NAMES = ("lastname", "surname", "familyname", "lastnm", "lname", "sname", "surnm")


@dataclass(frozen=True)
class Schema:
    """Every table an engine may query, read once a session (a SQLite file's kept between runs by the
    schema cache) and shared by all its turns."""
    tables: tuple[Table, ...]
    dialect: str = "sqlite"
    _by_name: dict[str, Table] = field(default_factory=dict, compare=False, repr=False)
    _reached: dict[str, frozenset[str]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_name.update({t.name.lower(): t for t in self.tables})

    def table(self, name: str) -> Table | None:
        return self._by_name.get(name.lower())

    @cached_property
    def _neighbours(self) -> dict[str, list[tuple[str, ForeignKey]]]:
        graph: dict[str, list[tuple[str, ForeignKey]]] = {t.name: [] for t in self.tables}
        for t in self.tables:
            for fk in t.foreign_keys:
                if fk.ref_table in graph:
                    graph[t.name].append((fk.ref_table, fk))
                    graph[fk.ref_table].append((t.name, fk))
        rows = {t.name: t.row_count for t in self.tables}
        for name, hops in graph.items():
            graph[name] = _members_first(hops, rows)
        return graph

    @cached_property
    def _views(self) -> frozenset[str]:
        return frozenset(t.name for t in self.tables if not t.stored)

    def points_to(self, child: str, parent: str) -> bool:
        """Whether ``child``'s rows refer to ``parent``'s, by a key or through the rows a key reaches
        (a sale's line to the sale's customer): the rows ``parent`` is a whole or a party of. Each
        table's reach is worked out once, when first asked: a question asks it several times."""
        reached = self._reached.get(child)
        if reached is None:
            seen, todo = set(), [child]
            while todo:
                table = self.table(todo.pop())
                for fk in table.foreign_keys if table is not None else ():
                    if fk.ref_table not in seen:
                        seen.add(fk.ref_table)
                        todo.append(fk.ref_table)
            reached = self._reached[child] = frozenset(seen)
        return parent in reached

    def neighbours(self, table: str) -> list[tuple[str, ForeignKey]]:
        """Tables one foreign key away, in either direction, with the key that links them."""
        return list(self._neighbours.get(table, []))

    def join_path_via(self, start: str, goal: str, via: tuple[str, ...]) -> list[tuple[str, ForeignKey]] | None:
        """A path from ``start`` to ``goal`` through a table the question named ("users who ordered
        Books" goes through orders, not reviews), when one exists without visiting a table twice."""
        for middle in via:
            if middle in (start, goal):
                continue
            first, second = self.join_path(start, middle), self.join_path(middle, goal)
            if first is None or second is None:
                continue
            tables = [start, *(t for t, _ in first), *(t for t, _ in second)]
            if len(tables) == len(set(tables)):
                return first + second
        return self.join_path(start, goal)

    def join_path(self, start: str, goal: str) -> list[tuple[str, ForeignKey]] | None:
        """Shortest chain of foreign keys from one table to another, walked in either direction.

        Returns the hops as (next table, foreign key used); None when the tables are not connected.
        A view is passed through only when no path of stored tables exists: a view may leave out
        rows, and a join through it silently drops them. Of two ways equally short, the one through
        fewer keys named for a role is taken: a booking's location is its desk's, not its member's
        home location; then the one through rows that happened (dated) before a catalogue: a
        purchase's lines reach its supplier through the purchase, not through the product's usual
        supplier.
        """
        if start == goal:
            return []
        ways = self._ways(start, goal)
        return min(ways, key=lambda way: (_role_keys(way), self._undated_stops(way))) if ways else None

    def _undated_stops(self, way: list[tuple[str, ForeignKey]]) -> int:
        return sum(1 for nxt, _ in way[:-1] if (t := self.table(nxt)) is not None and not t.date_columns)

    def routes(self, start: str, goal: str) -> int:
        """How many ways through other tables the shortest joins without a fan trap take: more than
        one is a choice the words may not settle (takings reach a branch through the member who
        paid or through the clerk who took them). Two keys between the same tables are one way."""
        if start == goal:
            return 1
        ways = self._ways(start, goal)
        least = min((_role_keys(p) for p in ways), default=0)
        return sum(1 for p in ways if _role_keys(p) == least)

    def _ways(self, start: str, goal: str) -> list[list[tuple[str, ForeignKey]]]:
        """The first walk through each sequence of tables, of the shortest that meet no rows only
        through a parent they share: two keys between the same tables are one way, taken by the
        walk's order (the membership's key before a role's)."""
        found = self._shortest_walks(start, goal)
        least = min((_shared_parents(start, p) for p in found), default=0)
        ways: dict[tuple[str, ...], list[tuple[str, ForeignKey]]] = {}
        for path in found:
            if _shared_parents(start, path) == least:
                ways.setdefault(tuple(nxt for nxt, _ in path), path)
        return list(ways.values())

    def _shortest_walks(self, start: str, goal: str) -> list[list[tuple[str, ForeignKey]]]:
        """The shortest chains of keys in the order the walk finds them, through stored tables when
        any join the two; a path is then the first that meets no two rows only through a parent they
        share (``_shared_parents``): trips and shipments are joined by the trips' shipments, not by
        a depot both refer to."""
        views = self._views - {start, goal}
        return (self._walk(start, goal, views) if views else []) or self._walk(start, goal, frozenset())

    def _walk(self, start: str, goal: str, avoid: frozenset[str]) -> list[list[tuple[str, ForeignKey]]]:
        """Every shortest chain of keys from ``start`` to ``goal`` the walk finds, in its order."""
        found: list[list[tuple[str, ForeignKey]]] = []
        seen = {start} | avoid
        level: list[tuple[str, list[tuple[str, ForeignKey]]]] = [(start, [])]
        while level and not found:
            reached: dict[str, int] = {}
            nxt_level: list[tuple[str, list[tuple[str, ForeignKey]]]] = []
            for here, path in level:
                for nxt, fk in self._neighbours.get(here, []):
                    if nxt == goal:
                        found.append([*path, (nxt, fk)])
                    elif nxt not in seen and reached.get(nxt, 0) < _PATHS_PER_TABLE:
                        reached[nxt] = reached.get(nxt, 0) + 1
                        nxt_level.append((nxt, [*path, (nxt, fk)]))
            seen |= set(reached)
            level = nxt_level
        return found


# How many ways into one table a walk keeps per step: enough to tell a bridge from a shared parent.
_PATHS_PER_TABLE = 4


def _shared_parents(start: str, path: list[tuple[str, ForeignKey]]) -> int:
    """How often the path climbs to a row by its key and comes down to other rows that hold a key to
    it: rows met only through a parent they share (a fan trap), not through rows that link them."""
    turns, here, climbed = 0, start, False
    for nxt, fk in path:
        up = fk.table == here and fk.ref_table == nxt
        turns += climbed and not up
        climbed, here = up, nxt
    return turns


def _role_keys(path: list[tuple[str, ForeignKey]]) -> int:
    """How many keys of a way are named for a role (``home_location_id``), not for the table they
    point to: of two ways through other tables, the one with fewer is the rows' own."""
    return sum(1 for _nxt, fk in path if not names_its_table(fk))


def _members_first(hops: list[tuple[str, ForeignKey]], rows: dict[str, int | None]) -> list[tuple[str, ForeignKey]]:
    """Of two keys between the same two tables, the membership first: the key the table of more rows
    holds (each employee's department_id; a department's manager_id names one of them in a role, as
    a ward's nurse_id names its head nurse), else the key named for the table it points to. A join
    takes a role's key only when the question says so."""
    order = {id(hop): k for k, hop in enumerate(hops)}
    tables = [nxt for nxt, _ in hops]

    def rank(hop: tuple[str, ForeignKey]) -> tuple[int, int, int, int]:
        nxt, fk = hop
        held, other = rows.get(fk.table), rows.get(fk.ref_table)
        many = 1 if held is None or other is None or held == other else 0 if held > other else 2
        return (tables.index(nxt), many, 0 if names_its_table(fk) else 1, order[id(hop)])

    return sorted(hops, key=rank) if len(set(tables)) < len(tables) else hops


# Name words of a table of those the business buys from, and of a table whose rows are orders.
# (Not a distributor or a wholesaler: a brewery sells to them.)
_SELLERS = frozenset({"supplier", "vendor"})
_ORDER_WORDS = frozenset({"order", "po", "purchase", "header", "hdr"})
# Name words of a table of those the business sells to: an order of one is a sale, whoever supplies it.
_BUYERS = frozenset({"customer", "client", "guest", "patient", "member", "buyer", "cust"})


def bought_in(schema: Schema, table: Table) -> bool:
    """Whether a table's rows are bought from a supplier (a purchase order names one, its lines
    through it): its money is paid out, never taken."""
    def said(name: str) -> set[str]:  # "suppliers", "deliveries": the words one of them is called by
        return {w[:-3] + "y" if w.endswith("ies") else w.removesuffix("s") if w.endswith("s") and not w.endswith("ss")
                else w for w in _name_words(name)}

    if said(table.name) & {"sale", "till"}:  # sales kept with the producer they were made for
        return False
    parents = [p for fk in table.foreign_keys if (p := schema.table(fk.ref_table)) is not None and p is not table]
    # who the rows deal with: their parents, and whom the orders among those parents are with, or the
    # document the rows are lines of (``delivery_lines`` of deliveries from a supplier)
    dealt = {w for p in parents for w in said(p.name)} \
        | {w for p in parents if said(p.name) & _ORDER_WORDS or _lines_of(said(table.name), said(p.name))
           for fk in p.foreign_keys for w in said(fk.ref_table)}
    return not dealt & _BUYERS and bool(dealt & _SELLERS)  # a drop-shipped order is still a customer's


# Words a table of a document's lines adds to the document's name: ``delivery_lines``, ``invoice_items``.
_LINE_WORDS = frozenset({"line", "item", "detail", "ln", "row", "entry"})


def _lines_of(table: set[str], parent: set[str]) -> bool:
    """Whether a table's name is its parent's with a word of lines added (not ``product_orders`` of products)."""
    return parent < table and table - parent <= _LINE_WORDS


def is_membership(schema: Schema, fk: ForeignKey) -> bool:
    """Whether a key says which row its rows belong to, not who holds a role: the table holding it
    has more rows than the one it points to, or, where that is not known, it is named for that table."""
    held, other = schema.table(fk.table), schema.table(fk.ref_table)
    rows = (held.row_count if held else None, other.row_count if other else None)
    if rows[0] is not None and rows[1] is not None and rows[0] != rows[1]:
        return rows[0] > rows[1]
    return names_its_table(fk)


def named_words(key: str) -> list[str]:
    """The words of a key column's name past those that say it is a key: ["job"] of ``JobID``."""
    return [w for w in _name_words(key) if w not in ("id", "code", "no", "num", "key", "fk")]


def names_its_table(fk: ForeignKey) -> bool:
    """Whether a key's name is the name of the table it points to (department_id, DeptNo into dept)."""
    words = [w.removesuffix("s") for w in named_words(fk.column)]
    table = [w.removesuffix("s") for w in _name_words(fk.ref_table)]
    if not words or words == table:
        return bool(words)
    return len(words) == 1 and len(table) > 1 and words[0] == "".join(t[0] for t in table)  # po_no: purchase orders


T = TypeVar("T")
PER_SCHEMA_KEPT = 8  # schemas a session's engines hold at once; older ones are dropped


def per_schema(build: Callable[[Schema], T]) -> Callable[[Schema], T]:
    """``build`` worked out once per schema object and kept beside it: hashing a schema would cost
    its size on every question, and an object's id is reused once it is freed, so the object itself
    is kept to check."""
    kept: dict[int, tuple[Schema, T]] = {}

    @wraps(build)
    def once(schema: Schema) -> T:
        entry = kept.get(id(schema))
        if entry is None or entry[0] is not schema:
            if len(kept) >= PER_SCHEMA_KEPT:
                kept.clear()
            entry = (schema, build(schema))
            kept[id(schema)] = entry
        return entry[1]

    return once
