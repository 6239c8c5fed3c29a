"""Schema and value linking: which tables, columns and stored values a phrase can mean.

Built once per database from its schema (names, and the distinct values of low-cardinality text
columns) and kept in memory; a lookup is a dictionary hit per n-gram. Each phrase keeps every
candidate with a score, so the parser can weigh them against the rest of the question.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import cast

from nl2sql.db.schema import DATE, TEXT, Column, ForeignKey, Schema, Table, bought_in, declared_key, named_words
from nl2sql.domain import EMPTY, DomainConfig, Metric
from nl2sql.linking.abbreviations import ABBREVIATIONS, expand
from nl2sql.linking.places import country_codes, state_codes
from nl2sql.linking.text import (
    FUNCTION_WORDS,
    STOPWORDS,
    Token,
    name_words,
    singular,
    stem,
    tokenize_lower,
    value_words,
)

TABLE, COLUMN, VALUE, METRIC = "table", "column", "value", "metric"
# A typo is matched to a stored value or a name only when this similar (rapidfuzz ratio, 0..100).
FUZZY_CUTOFF = 85
FUZZY_MIN_LENGTH = 4
TRANSPOSED_MIN_LENGTH = 5  # in a shorter word one edit changes too much of it to be a typo
MAX_NGRAM = 4
EXACT, STEM, SYNONYM, FUZZY, DOMAIN = "exact", "stem", "synonym", "fuzzy", "domain"
STATE = "state"  # a stored state read from a verb ("did we deliver" -> 'delivered')
# How much of an exact link's score a reworded one keeps.
STEM_FACTOR = 0.95
SYNONYM_FACTOR = 0.7
# A kind one level up or down ("workers" for an employee table, "guests" for visitor) is looser
# than a synonym: it is tried last, on whole names only, and weighs less.
KIND_FACTOR = 0.6
KIND_MIN_LENGTH = 4
# A word of the same kind as a name ("town" for city): weaker than a kind, under a kind of few members.
SISTER_FACTOR = 0.5
MAX_SISTERS = 8
MAX_COMMENT_WORDS = 4  # a longer comment is a description, not another name
# A column with more distinct values than this holds names (of people, places, titles), not
# categories: among thousands of names some are also common words ("Independence", "Asan").
CROWDED_VALUES = 1000
# How English makes an adjective of a place ("Italian", "Japanese", "Danish", "Iraqi").
_ADJECTIVE_ENDINGS = ("an", "ese", "ish", "i", "ic")
# One word of a longer name ("age" of pet_age, "item" of order_items): the weakest exact link.
PIECE_SCORE = 0.6
_FEW_VALUES = 30  # a column of at most this many values is a short list of kinds
# A rewording that names only a piece of a longer name, or a sister word, scores under this.
_WEAK_REWORDING = 0.5
_JOINED_KINDS = re.compile(r"\s(&|and|/|\+)\s", re.IGNORECASE)  # "Crime & Thriller", "Food and Drink"
PEOPLE_WORDS = frozenset({"people", "person", "persons", "individuals"})
# Names of a table of the people who work for the business, and the words people use for them.
_WORKFORCE_NAMES = frozenset({"staff", "employee", "worker", "personnel", "workforce", "crew"})
_WORKFORCE_WORDS = frozenset({"team", "staff", "employees", "workers", "personnel", "workforce", "colleagues"})
# A word is reworded only when it is this long and links to nothing as it stands.
REWORD_MIN_LENGTH = 3
# English's light verbs: they say little of their own, and their rare nouns (a film's "take", the
# "takings") are never what a question means by "how much have we taken in" or "bookings we took".
LIGHT_VERBS = frozenset({"take", "takes", "took", "taken", "taking", "bring", "brings", "brought", "got", "gotten",
                         "kept", "came", "went", "gone", "done"})
# Words of quantity that the engines read as aggregates and counts: never reworded into a name
# ("amount" is a synonym of "number", which names a column in many schemas).
_NOT_REWORDED = {"amount", "number", "total", "count", "sum", "quantity", "average", "mean", "value", "figure",
                 "size", "level", "much", "many", "maximum", "minimum", "percentage",
                 "times", "time", "kind", "type", "sort", "thing", "way"} | LIGHT_VERBS
# Words for the database's own parts and for "what is held": their kinds in WordNet ("table" ->
# "contents", "record" -> "file") are no reading of them in a question about the data.
_STRUCTURE_WORDS = {"table", "column", "field", "row", "record", "entry", "list", "data", "database",
                    "information", "info", "detail", "item", "attribute", "property", "result", "answer"}
# Words that are part of column names but mean nothing alone ("created_at" -> "at").
# Last words of a table's name that file its rows without saying what they are: "customer_details"
# holds customers ("order_items" holds items, not orders: a noun is no filler).
_FILLER_HEADS = frozenset({"info", "information", "data", "detail", "details", "master", "tbl", "table",
                           "co", "cos", "catalog", "catalogue", "header", "headers"})
# Last words of a table's name that say the rows are records of something ("delivery_notes",
# "labour_entries", "service_log"): the words before them name what each row records.
_RECORD_HEADS = frozenset({"note", "entry", "record", "log"})
# Last words of the rows that are parts of another table's rows, under the same first words
# ("delivery_lines" beside "delivery_notes"): no rival for the first words.
_PART_HEADS = frozenset({"line", "item", "detail"})
# The short forms a column of days of the week may keep, and the day each says.
# The days of the week in SQLite's numbering (strftime '%w': Sunday is 0).
DAYS_OF_WEEK = ("sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
_DAY_OF_SHORT = {short: day for day in DAYS_OF_WEEK
                 for short in (day[:3], day[:4], day[:5], day)}
_WEAK_NAME_WORDS = {"at", "id", "of", "on", "is", "the", "a", "no", "num", "by", "to", "in", "for"}


@dataclass(frozen=True)
class Candidate:
    """One schema item a word may name, scored by how it matched."""
    kind: str  # table | column | value
    table: str
    column: str | None = None
    value: str | None = None
    score: float = 1.0  # 1.0 exact name; lower for partial names and fuzzy matches
    metric: Metric | None = None
    fuzzy: bool = False  # matched despite a typo: worth confirming with the user
    # How the question's word met the schema: exact (the name, its plural, an abbreviation spelled
    # out), stem (an inflection: "hired" for hire_date), synonym (a general English synonym or a
    # derived word, or a kind one level up or down, from WordNet), fuzzy (a typo), domain (the
    # database's domain config).
    # Everything but exact and domain scores lower than the exact link would.
    match: str = "exact"


@dataclass(frozen=True)
class Link:
    """A span of the question's words and every schema item it may name."""
    first: int
    last: int
    candidates: tuple[Candidate, ...]
    strong: bool = False  # capitalised or quoted in the question: surely a value, not a verb

    @property
    def fuzzy(self) -> bool:
        return any(c.fuzzy for c in self.candidates)

    @property
    def kinds(self) -> set[str]:
        return {c.kind for c in self.candidates}

    def of_kind(self, kind: str) -> list[Candidate]:
        return [c for c in self.candidates if c.kind == kind]


def best_tables(cands: Sequence[Candidate]) -> list[str]:
    """The tables a word names best, each once, in the order met: of names it fits alike, the
    reading picks (the sales orders that name a customer, not the purchase orders)."""
    tables = [c for c in cands if c.kind == TABLE]
    best = max((c.score for c in tables), default=0.0)
    return list(dict.fromkeys(c.table for c in tables if c.score == best))


def phrase_key(text: str) -> str:
    """How a phrase from a config file or the schema is looked up: singular words, one space apart."""
    return " ".join(t.norm for t in tokenize_lower(text.replace("_", " ")))


# Words after which a word is a verb of the rows' business, said as done ("did we deliver", "orders
# they return"); not denied or still to come ("did not ship", "yet to ship": the state is not reached).
_DOERS = frozenset({"we", "they", "you", "i", "did", "do", "does"})
# Auxiliaries of a question whose subject comes between them and the verb: "did people skip".
_ASKED_DOING = frozenset({"did", "do", "does"})
# Words up to four before the verb that deny the act or put it off.
_NOT_DONE = frozenset({"not", "never", "n't", "didn't", "don't", "doesn't", "yet", "fail", "failed", "waiting"})

# The adverbs that make a phrasal verb ("sign up", "check in", "drop off"), which English also
# writes as one noun (signup, checkin, dropoff).
PARTICLES = frozenset({"up", "in", "out", "off", "on", "over", "down", "back"})

# Columns of places, whose values a code in capitals may stand for.
_PLACE_WORDS = frozenset({"country", "nation", "nationality", "state", "region", "territory", "province", "county"})
# Names of a column that may keep a US state by its code (not a country's, whose codes are others).
# A column that keeps a sex as one letter, and the words that name each letter.
_SEX_WORDS = frozenset({"sex", "gender"})
_SEX_LETTERS = {w: "F" for w in ("female", "females", "woman", "women", "girl", "girls")} | {
    w: "M" for w in ("male", "males", "man", "men", "boy", "boys")}
_STATE_WORDS = frozenset({"state", "province", "region", "territory"})
_COUNTRY_WORDS = frozenset({"country", "nation", "nationality"})
# Words of an address's other columns: a state kept beside them is a place, even one of few values.
_ADDRESS_WORDS = frozenset({"city", "zip", "zipcode", "postal", "postcode", "street", "address"})
# Other names of the places most often written as a code.
PLACE_CODES = {"us": ("usa", "united states", "united states of america", "america"),
               "usa": ("us", "united states", "united states of america", "america"),
               "uk": ("united kingdom", "great britain", "britain", "gb", "gbr"),
               "uae": ("united arab emirates",)}
# Adjectives of places from which WordNet derives no place, or another one ("German" -> Germanic):
# "Japanese customers" are those whose country is stored as Japan.
DEMONYMS = {
    "japanese": ("japan",), "chinese": ("china",), "german": ("germany",), "french": ("france",),
    "british": ("united kingdom", "uk", "great britain", "britain"), "english": ("england",),
    "american": ("united states", "usa", "us", "united states of america", "america"),
    "spanish": ("spain",), "dutch": ("netherlands", "the netherlands", "holland"), "swiss": ("switzerland",),
    "swedish": ("sweden",), "danish": ("denmark",), "finnish": ("finland",), "polish": ("poland",),
    "irish": ("ireland",), "scottish": ("scotland",), "welsh": ("wales",), "portuguese": ("portugal",),
    "greek": ("greece",), "turkish": ("turkey", "turkiye"), "thai": ("thailand",), "vietnamese": ("vietnam",),
    "filipino": ("philippines", "the philippines"), "korean": ("south korea", "korea"),
    "bangladeshi": ("bangladesh",), "pakistani": ("pakistan",), "israeli": ("israel",), "saudi": ("saudi arabia",),
    "czech": ("czech republic", "czechia"), "belgian": ("belgium",), "norwegian": ("norway",),
    "icelandic": ("iceland",), "taiwanese": ("taiwan",), "nepali": ("nepal",),
}


def _one_word_roles(schema: Schema) -> dict[str, str]:
    """Words that the keys of a table of links give the rows they point to ("student_id" of a
    friendship into a table of high schoolers): a name of those rows the schema uses itself, read
    when the word names nothing else. Only a word
    every key of that name gives to one table, and no word of that table's own name ("owner_id" into
    owners adds nothing); a key into its own table names a role among the rows (a manager), not them."""
    seen: dict[str, set[str]] = defaultdict(set)
    for table in schema.tables:
        if len(table.foreign_keys) < 2 or any(col.kind == TEXT and not col.primary_key
                                              and col.name not in table.fk_columns for col in table.columns):
            continue  # a key of a table of things (a pet's owner_id) names a role some rows have, not them all
        for fk in table.foreign_keys:
            words = name_words(fk.column)
            if len(words) != 2 or words[1] != "id" or len(words[0]) < KIND_MIN_LENGTH or words[0] in _WEAK_NAME_WORDS:
                continue
            if any(w.startswith(stem(words[0])) for w in name_words(table.name)):
                continue  # friendship.friend_id: the other end of the pair the table is named for
            seen[singular(words[0])].add("" if fk.ref_table == table.name else fk.ref_table)
    return {word: next(iter(refs)) for word, refs in seen.items()
            if len(refs) == 1 and "" not in refs and word not in name_words(next(iter(refs)))}


class Lexicon:
    def __init__(self, schema: Schema, domain: DomainConfig = EMPTY) -> None:
        self.schema = schema
        self.domain = domain
        # A stored value waits as a (table, column, value) tuple until its phrase is first looked up: a
        # wide schema holds hundreds of thousands of values and a question meets a handful of them.
        self._phrases: dict[str, list[Candidate | tuple[str, str, str]]] = defaultdict(list)
        self._waiting: set[str] = set()  # phrases still holding such tuples
        self._crowded: set[tuple[str, str]] = set()  # columns of more than CROWDED_VALUES values
        self._added: set[tuple[str, Candidate]] = set()
        self._initials: dict[str, list[str]] | None = None  # initials of stored values, made on first use
        self._given: dict[str, list[Candidate]] = defaultdict(list)  # people's first names, said capitalised
        self._name_pieces: dict[str, list[Candidate]] = defaultdict(list)  # a word of one name, said capitalised
        self._roles = _one_word_roles(schema)
        self._stored_keys = {name for t in schema.tables if t.stored for name in t.fk_columns}  # what a view copies
        # the rows' names ("order" of orders): their verb ("ordered") names the rows, never a stored value
        self._row_words = {singular(w) for t in schema.tables for w in name_words(t.name)}
        self._add_tables(schema)
        self._add_comments(schema)
        self._add_country_names(schema)
        self._add_people_words(schema)
        # "the dates", "by date": any date column, when no column is called that
        for table in schema.tables:
            for col in table.date_columns:
                self._add("date", Candidate(COLUMN, table.name, col.name, score=0.5))
        self._add_domain(domain)
        # Fuzzy matching only looks at stored values and table names: a typo in a verb is no link.
        self._fuzzy_keys = [k for k, cands in self._phrases.items()
                            if len(k) >= FUZZY_MIN_LENGTH and any(
                                (c[:2] not in self._crowded) if isinstance(c, tuple)
                                else (c.kind in (VALUE, TABLE) and c.score >= 1.0) for c in cands)]

    def _add_tables(self, schema: Schema) -> None:
        """Each table's name, the words of it that name its rows alone, and its columns."""
        one_word = [w[0] for table in schema.tables if len(w := name_words(table.name)) == 1 and len(w[0]) >= 3]
        named = [name_words(table.name) for table in schema.tables]
        # how many tables' names hold each word, and begin with each run of words: counted once, not
        # by a pass over every table per table (a wide schema has thousands)
        holding = Counter(w for words in named for w in set(words))
        opening = Counter(words[:k] for words in named for k in range(1, len(words) + 1))
        wholes = Counter(words[:k] for words in named if words and words[-1] not in _PART_HEADS
                         for k in range(1, len(words) + 1))
        # words of the columns that are no keys: a word that names one is read as the column first
        owners: dict[str, set[str]] = defaultdict(set)
        for table in schema.tables:
            for col in table.columns:
                if not col.primary_key and col.name not in table.fk_columns and col.linked:
                    for said in name_words(col.name):
                        owners[said].add(table.name)
        column_words = set(owners)
        for table in schema.tables:
            words = name_words(table.name)
            self._add(" ".join(words), Candidate(TABLE, table.name))
            if (spelled := expand(words)) != list(words):  # "tkt" is a "ticket", "POs" are "purchase orders"
                self._add(" ".join([*spelled[:-1], singular(spelled[-1])]),
                          Candidate(TABLE, table.name, score=0.95, match=STEM))
                if len(spelled) >= 2 and spelled[-1] in _FILLER_HEADS:  # "so_header", "INV_HDR": the orders, invoices
                    head_words = [singular(w) for w in spelled[:-1]]
                    self._add(" ".join(head_words), Candidate(TABLE, table.name, score=0.9, match=STEM))
                    self._add(head_words[-1], Candidate(TABLE, table.name, score=self._piece_score(table)))
            head = words[-1] if len(words) > 1 else _joined_head(table, one_word)
            if head is not None:
                # "order_items" is also an "item"; its first word names another table more often.
                # So is "portcrane", another table's name and a word joined.
                # unless the table's own key is named by the head alone (JobID of RepairJobs): each
                # row is one of those, and "jobs" is what the rows are called
                key = table.primary_key
                called = key is not None and named_words(key.name) == [singular(head)]
                self._add(singular(head), Candidate(TABLE, table.name,
                                                    score=0.95 if called else self._piece_score(table)))
            for modifier in words[:-1] if table.stored else ():  # a view's first word says which rows
                if modifier not in _WEAK_NAME_WORDS and len(modifier) > 2 and modifier not in column_words \
                        and holding[modifier] == 1:
                    # "maintenance" of maintenance_events, no other table's word: the events it names
                    self._add(modifier, Candidate(TABLE, table.name, score=PIECE_SCORE))
            if len(words) > 1 and words[-1] in _FILLER_HEADS and opening[words[:-1]] == 1:
                # "client_info", "clientCos": the rows are the clients, the last word only files them
                # (unless another table is filed under the same words: "car_data" beside "car_makers")
                self._add(" ".join(words[:-1]), Candidate(TABLE, table.name, score=0.9, match=STEM))
            if len(words) > 1 and words[-1] in _RECORD_HEADS and table.stored and wholes[words[:-1]] == 1 \
                    and not owners.get(words[-2], set()) - {table.name}:  # "email_log" beside customers.email
                # "deliveries" are the rows of delivery_notes: each note records one (its lines are parts)
                self._add(" ".join(words[:-1]), Candidate(TABLE, table.name, match=STEM))
            self._add_columns(table, words)
            self._add_reference_phrases(table)

    def _piece_score(self, table: Table) -> float:
        """What the last word of a table's name weighs alone: less for rows bought in from a supplier,
        so that "orders" are the customers' (a sales order) before the purchase orders."""
        return PIECE_SCORE - 0.05 if bought_in(self.schema, table) else PIECE_SCORE

    def _add_people_words(self, schema: Schema) -> None:
        """ "how many people no longer work here": a word for persons names each stored table of people
        (rows named by a first and a last name), weakly, for the other words to choose between."""
        named = {w for w in _WORKFORCE_WORDS if self._phrases.get(w)}
        for table in schema.tables:
            if table.stored and table.person_name is not None:
                for word in PEOPLE_WORDS:
                    self._add(word, Candidate(TABLE, table.name, score=PIECE_SCORE, match=SYNONYM))
            # "who's on the team": the people who work here, whatever their table is called
            if table.stored and is_workforce(table):
                for word in _WORKFORCE_WORDS - set(name_words(table.name)) - named:  # not a name's own word
                    self._add(word, Candidate(TABLE, table.name, score=0.9, match=SYNONYM))

    def _add_columns(self, table: Table, words: tuple[str, ...]) -> None:
        """Each column's names, its role, its name said with its table's, and its stored values. A
        view keeps no keys: a column it copies under a stored table's key name is a key too."""
        keys = set(table.fk_columns) if table.stored else set(table.fk_columns) | self._stored_keys
        for col in table.columns:
            if not col.linked:
                continue
            target = next((f.ref_table for f in table.foreign_keys if f.column == col.name), None)
            self._add_column(table.name, col.name, col.name in keys, target)
            self._add_role(table, col.name)
            if col.name not in keys and not col.primary_key:
                # "category name", "product price", "order amount": a column said with its table
                col_words = [w for w in name_words(col.name) if w not in _WEAK_NAME_WORDS]
                for i in range(len(col_words)):
                    self._add(" ".join([*words, *col_words[i:]]),
                              Candidate(COLUMN, table.name, col.name, score=1.0 if i == 0 else 0.95))
            if col.kind == TEXT:
                self._add_values(table.name, col)
                self._add_given_names(table.name, col)
                self._add_name_pieces(table.name, col)
                self._add_value_pieces(table.name, col)
                self._add_state_names(table.name, col)
                self._add_day_names(table.name, col)
                self._add_sex_names(table.name, col)

    def _add_value_pieces(self, table: str, col: Column) -> None:
        """ "crime books" where a genre is 'Crime & Thriller': a word of a value made of kinds joined
        ("&", "/", "and"), in a short list, names that value, below the value said whole; so does the
        state a short phrase opens with ('damaged in transit'). A name of several words ('North Omer') is
        no list of kinds."""
        if not 2 <= len(col.values) <= _FEW_VALUES:
            return
        pieces: dict[str, list[str]] = defaultdict(list)
        for value in col.values:
            sides = [value_words(side) for side in _JOINED_KINDS.split(value)[::2]]  # the kinds, not what joins them
            if len(sides) > 1 and all(len(side) == 1 for side in sides):  # not 'Dental scale & polish'
                for side in sides:
                    if len(side[0]) >= 4 and side[0] not in STOPWORDS:
                        pieces[side[0]].append(value)
        said = Counter(w for value in col.values for w in set(value_words(value)))
        for value in col.values:  # 'damaged in transit': the state it opens with, said of no other value
            words = value_words(value)
            named = sum(w[:1].isupper() for w in value.split()) > 1  # 'North Omer' is a name, not a kind
            if 2 <= len(words) <= 3 and len(words[0]) >= 6 and words[0].endswith("ed") and words[0].isalpha() \
                    and not named and said[words[0]] == 1 and value not in pieces[words[0]] \
                    and not {stem(words[0]), words[0][:-2]} & self._row_words:
                pieces[words[0]].append(value)
        whole = {" ".join(value_words(value)) for value in col.values}
        for word, values in pieces.items():
            if len(values) == 1 and word not in whole:
                self._add(word, Candidate(VALUE, table, col.name, values[0], score=0.8, match=STEM))

    def _add_given_names(self, table: str, col: Column) -> None:
        """ "Noor's manager", "jobs Ivo signed off" where a name column keeps 'Noor Haddad': a
        person's first name, when no one else of the column has it, names them; only said
        capitalised (``given_name``), so that "bill" is not Bill Ward. A column of names is one whose
        values are mostly two capitalised words (a product's 'Air Filter' too: ``given_name`` tells)."""
        if "name" not in expand(name_words(col.name)) or not 2 <= len(col.values) <= CROWDED_VALUES:
            return  # "full_nm" is a name too
        parts = [value.split() for value in col.values]
        named = [p for p in parts
                 if len(p) == 2 and all(w[:1].isupper() and w.replace("-", "").replace("'", "").isalpha() for w in p)]
        if len(named) * 5 < len(parts) * 4:
            return
        firsts = Counter(p[0].lower() for p in parts)
        for value, words in zip(col.values, parts, strict=True):
            first = words[0].lower()
            if len(words) == 2 and firsts[first] == 1 and len(first) >= 3 and first not in STOPWORDS:
                self._given[first].append(Candidate(VALUE, table, col.name, value, score=0.9, match=STEM))

    def column_of(self, cand: Candidate) -> Column | None:
        """The column a candidate names, if it names one of this schema."""
        table = self.schema.table(cand.table) if cand.kind == COLUMN or cand.column else None
        return table.column(cand.column or "") if table is not None else None

    def _add_name_pieces(self, table: str, col: Column) -> None:
        """ "just the Vivaro" of a 'Vauxhall Vivaro', "the Oakfield job" of 'Oakfield School Extension':
        a capitalised word of a name of two to four words, in no other value of its column, names it
        when it is said capitalised too (``name_piece``)."""
        if not 2 <= len(col.values) <= CROWDED_VALUES:
            return
        words = [[w for w in value.split() if w[:1].isupper() and w.isalpha() and len(w) >= 4] for value in col.values]
        counts = Counter(w.lower() for value in col.values for w in set(value.split()))
        for value, caps in zip(col.values, words, strict=True):
            if not 2 <= len(value.split()) <= 4:
                continue
            for word in caps:
                if counts[word.lower()] == 1 and word.lower() not in STOPWORDS:
                    self._name_pieces[word.lower()].append(Candidate(VALUE, table, col.name, value, score=0.85,
                                                                     match=STEM))

    def name_piece(self, word: str) -> list[Candidate]:
        """The stored names a capitalised word is part of, one per column at most ('Mrs J. Doherty' of
        the clients, 'Doherty bungalow extension' of their projects): the reading of the line picks. A
        word of English is none ("African" is said of Africa, not of 'Central African Republic')."""
        found = self._name_pieces.get(word, [])
        if not found or word in self._given:  # a first name ``given_name`` did not settle names no one here
            return []
        from nl2sql.linking import synonyms as wordnet  # only paid for on a capitalised word no name holds whole

        return list(found) if wordnet.available() and not wordnet.known(word) else []

    def given_name(self, word: str) -> list[Candidate]:
        """The one person a first name said capitalised names (beside what else the word names);
        none when people of two tables have it. Of a table that is not surely of people, a word of
        English is none ('Air Filter' is no one called Air; nor, there, is 'Frank Reed')."""
        found = self._given.get(word, [])
        if found and any(c.kind == VALUE and c.score >= 1.0 for c in self.lookup(word)):
            return []  # a first name stored alone ('Nina' of a member's first_name): that person's, as said
        staff = [c for c in found if (t := self.schema.table(c.table)) is not None and _of_people(t)]
        if len(staff) == 1:  # a colleague is called by their first name before a customer is
            return staff
        if len(found) != 1:
            return []
        held = self.schema.table(found[0].table)
        if held is not None and _of_people(held):
            return list(found)
        from nl2sql.linking import synonyms as wordnet  # only paid for on a capitalised first name

        return list(found) if wordnet.available() and not wordnet.known(word) else []

    def _add_values(self, table: str, col: Column) -> None:
        """A column's distinct values, each its own candidate: no two are equal, so the duplicate
        check of ``_add`` (a hash of every candidate, most of the lexicon's cost) is not needed. The
        values of a crowded column are names: they are never a typo's guess, and a lowercase word
        alone is no name (see ``link``)."""
        if len(col.values) > CROWDED_VALUES:
            self._crowded.add((table, col.name))
        for value in col.values:
            key = " ".join(value_words(value))
            if key and len(key) > 1:
                self._phrases[key].append((table, col.name, value))
                self._waiting.add(key)

    def _add_day_names(self, table: str, col: Column) -> None:
        """ "on Saturdays" where a column keeps the days as 'Sat', 'Sun': each day's full name names
        its short form, as surely as the short form itself."""
        for value, day in days_kept(col).items():
            if day != value.lower():
                self._add(day, Candidate(VALUE, table, col.name, value, match=STEM))

    def _add_state_names(self, table: str, col: Column) -> None:
        """ "customers in California" where a state column keeps CA: each state's full name names
        its code, as surely as the code itself."""
        if not set(name_words(col.name)) & _STATE_WORDS:
            return
        held = self.schema.table(table)
        address = held is not None and any(set(name_words(c.name)) & _ADDRESS_WORDS for c in held.columns)
        for name, value in state_codes(col.values, beside_address=address).items():
            # weaker than a stored value: "Virginia" the tenant's first name is her, not VA
            self._add(name, Candidate(VALUE, table, col.name, value, score=STEM_FACTOR, match=STEM))

    def _add_country_names(self, schema: Schema) -> None:
        """ "shipments to Germany" where a country column keeps DE: each country's name (and so each
        adjective of one, by ``DEMONYMS``) names its code; not a key's code to a table of countries,
        whose own name column is what the word means there."""
        for table in schema.tables:
            for col in table.columns:
                if col.kind != TEXT or col.name in table.fk_columns or not set(name_words(col.name)) & _COUNTRY_WORDS:
                    continue  # a key to a table of countries: the word names that table's row
                for name, value in country_codes(col.values).items():
                    self._add(phrase_key(name), Candidate(VALUE, table.name, col.name, value, score=STEM_FACTOR,
                                                          match=STEM))

    def _add_sex_names(self, table: str, col: Column) -> None:
        """ "female cats", "male employees" where a sex column keeps F and M: each word names its
        letter, as surely as a stored value's stem."""
        if not set(name_words(col.name)) & _SEX_WORDS:
            return
        letters = {v.strip().upper(): v for v in col.values if len(v.strip()) == 1}
        for word, letter in _SEX_LETTERS.items():
            if letter in letters:
                self._add(word, Candidate(VALUE, table, col.name, letters[letter], score=STEM_FACTOR, match=STEM))

    def _add_comments(self, schema: Schema) -> None:
        """A short comment the database keeps on a table or column ("loyalty tier" on a column
        called x7) names it the way people do: a weaker link than its own name, like a synonym.
        A sentence-long comment says too much to be a name; a declared join key is no name."""
        for table in schema.tables:
            if (key := _comment_key(table.description)) is not None:
                self._add(key, Candidate(TABLE, table.name, score=SYNONYM_FACTOR, match=SYNONYM))
            for col in table.columns:
                if (key := _comment_key(col.description)) is not None:
                    self._add(key, Candidate(COLUMN, table.name, col.name, score=SYNONYM_FACTOR, match=SYNONYM))

    def _add_domain(self, domain: DomainConfig) -> None:
        for table, phrases in domain.table_synonyms.items():
            for phrase in phrases:
                self._add(phrase_key(phrase), Candidate(TABLE, table, match=DOMAIN))
        for (table, column), phrases in domain.column_synonyms.items():
            for phrase in phrases:
                self._add(phrase_key(phrase), Candidate(COLUMN, table, column, match=DOMAIN))
        for (table, column), mapping in domain.value_synonyms.items():
            for phrase, value in mapping.items():
                self._add(phrase_key(phrase), Candidate(VALUE, table, column, value, match=DOMAIN))
        for metric in domain.metrics.values():
            for phrase in (metric.name, *metric.synonyms):
                self._add(phrase_key(phrase), Candidate(METRIC, metric.table, value=metric.name, metric=metric,
                                                        match=DOMAIN))

    def _add(self, key: str, cand: Candidate) -> None:
        # A set beside the lists: "name" or a common value can have hundreds of candidates, and a
        # search of the list for each one made building the lexicon quadratic in the schema's size.
        if (key, cand) not in self._added:
            self._added.add((key, cand))
            self._phrases[key].append(cand)

    def _add_reference_phrases(self, table: Table) -> None:
        """A table's name said before the name of a table it refers to ("product category" for a
        product's category_id, "order customer") names the key: the row it points to."""
        own = name_words(table.name)
        for fk in table.foreign_keys:
            if fk.ref_table == table.name or len([k for k in table.foreign_keys if k.ref_table == fk.ref_table]) > 1:
                continue
            self._add(" ".join((*own, *name_words(fk.ref_table))), Candidate(COLUMN, table.name, fk.column))

    def _add_role(self, table: Table, column: str) -> None:
        """A key named for the role of the row it points to in more than one word ("support_rep_id"
        into employees) names that role: "support rep" is the key's column. One word ("student_id"
        into a table of high schoolers) is as often another name of the rows as a role of theirs,
        and words of the referenced table's name ("permanent_address_id") say which row, not whose."""
        words = name_words(column)
        fk = next((fk for fk in table.foreign_keys if fk.column == column), None)
        if fk is not None and len(words) == 2 and words[-1] == "id":
            self._add_one_word_role(table, fk, words[0])
        if fk is None or len(words) < 3 or words[-1] != "id":
            return
        role = words[:-1]
        # "permanent_address_id" into addresses says which address, not who: no role
        if not set(role) & (set(name_words(fk.ref_table)) | _WEAK_NAME_WORDS):
            self._add(" ".join(role), Candidate(COLUMN, table.name, column))
            return
        # "manager_staff_id" into a table of people: the noun beside the table's name is the role they
        # have here ("the manager of the store"); an adjective ("original_language_id") is not said alone
        extra = [w for w in role if w not in name_words(fk.ref_table)]
        target = self.schema.table(fk.ref_table)
        people = target is not None and target.person_name is not None
        if people and len(extra) == 1 and len(extra[0]) >= KIND_MIN_LENGTH and extra[0] not in _WEAK_NAME_WORDS \
                and not extra[0].endswith(("ed", "ing", "al")):
            self._add(extra[0], Candidate(COLUMN, table.name, column, score=0.9))

    def _add_one_word_role(self, table: Table, fk: ForeignKey, role: str) -> None:
        """ "which setter put up the most routes" of routes.setter_id into the staff: a key of a table
        of things (text of its own) into a table of people, named for a role none of that table's
        name says, names the role ("setter"): the people who hold it for those rows."""
        target = self.schema.table(fk.ref_table)
        things = any(col.kind == TEXT and not col.primary_key and col.name not in table.fk_columns
                     for col in table.columns)
        if target is None or not things or not _of_people(target) or fk.ref_table == table.name \
                or len(role) < KIND_MIN_LENGTH or role in _WEAK_NAME_WORDS or role in name_words(fk.ref_table) \
                or role.endswith(("ed", "ing", "al")):
            return
        self._add(role, Candidate(COLUMN, table.name, fk.column, score=0.9))

    def _add_column(self, table: str, column: str, is_fk: bool, target: str | None = None) -> None:
        words = name_words(column)
        if is_fk:  # "category_id" is reached through the table it references, unless named in full
            if len(words) > 1 and (words[-1] != "id" or _names_a_role(words, target)):
                # a key named for a role ("mgr_id" into emp) is "manager id" said in full
                self._add(" ".join(words), Candidate(COLUMN, table, column))
                if (spelled := expand(words)) != list(words):
                    self._add(" ".join(spelled), Candidate(COLUMN, table, column))
            for verb in _deed_of_key(words):  # "who did she refer" names referred_by
                self._add(verb, Candidate(COLUMN, table, column, score=0.9, match=STEM))
            return
        self._add(" ".join(words), Candidate(COLUMN, table, column))
        if len(words) > 1 and all(w.isalpha() for w in words) and not set(words) & _WEAK_NAME_WORDS:
            self._add(singular("".join(words)), Candidate(COLUMN, table, column, score=0.95, match=STEM))
        expanded = expand(words)
        if expanded != list(words) and expanded:  # "PartNo" is also "part number", "Fname" "first name"
            self._add(" ".join(expanded), Candidate(COLUMN, table, column))
        strong_words = [w for w in words if w not in _WEAK_NAME_WORDS]
        if len(strong_words) != len(words) and strong_words:
            self._add(" ".join(strong_words), Candidate(COLUMN, table, column, score=0.9))
        if len(strong_words) > 1:
            # a piece as written and spelled out ("TotalAmt" is an "amount" too), when that is one word
            pieces = dict.fromkeys([*strong_words, *(ABBREVIATIONS[w] for w in strong_words
                                                     if w in ABBREVIATIONS and " " not in ABBREVIATIONS[w])])
            for w in pieces:
                if w not in STOPWORDS:  # "per" of hours_per_week says nothing of its own
                    self._add(w, Candidate(COLUMN, table, column, score=PIECE_SCORE))
            for start in range(1, len(strong_words) - 1):  # "first_ship_date" is also a "ship date"
                self._add(" ".join(strong_words[start:]), Candidate(COLUMN, table, column, score=0.9))

    def lookup(self, key: str) -> list[Candidate]:
        found = self._phrases.get(key)
        if not found:
            return []
        if key in self._waiting:  # the first lookup of stored values makes their candidates
            found[:] = [Candidate(VALUE, *c) if isinstance(c, tuple) else c for c in found]
            self._waiting.discard(key)
        return cast("list[Candidate]", found)

    def _fuzzy(self, key: str) -> list[Candidate]:
        from rapidfuzz import fuzz, process  # only paid for when a word matched nothing exactly
        from rapidfuzz.distance import OSA

        found = process.extractOne(key, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
        if found is None and len(key) >= TRANSPOSED_MIN_LENGTH:
            # Two letters swapped ("Frnace") is the commonest typo, and the ratio counts it, as it counts one
            # letter wrong, as two edits: 83 for a six-letter word, under the cutoff. As one edit (OSA),
            # either is a typo worth asking about in a word of five letters or more.
            found = process.extractOne(key, self._fuzzy_keys, scorer=OSA.distance,  # type: ignore[call-overload]
                                       score_cutoff=1)  # rapidfuzz's stubs take only similarity scorers here
        if found is None:
            return []
        return [replace(c, score=0.7, fuzzy=True, match=FUZZY)
                for c in self._uncrowded(self.lookup(found[0])) if c.kind in (VALUE, TABLE)]

    def _uncrowded(self, cands: list[Candidate]) -> list[Candidate]:
        """The candidates that are no value of a crowded column."""
        return [c for c in cands if not (c.kind == VALUE and (c.table, c.column) in self._crowded)]

    def _names(self, key: str, factor: float, match: str, given: bool = True) -> list[Candidate]:
        """Tables and columns a reworded form names, weaker than an exact link (never stored values);
        ``given``: also through the words a config or the profile gave them."""
        return [replace(c, score=round(c.score * factor, 3), match=match)
                for c in self.lookup(key) if c.kind in (TABLE, COLUMN) and (given or c.match != DOMAIN)]

    def reworded(self, word: str) -> list[Candidate]:
        """Names a word means through morphology or a general English synonym, when it names none itself.

        Irregular forms first ("born" -> bear), then words of the same root ("employ" -> employee,
        "bear" -> birth), then synonyms of the word's most frequent senses ("wage" -> salary,
        "maker" -> manufacturer), last a kind one level up or down ("workers" -> employee). The
        first step that names something wins: a nearer relation is a surer one.
        """
        from nl2sql.linking import synonyms as wordnet  # only paid for when a word matched nothing

        if not wordnet.available():
            return []
        # The suffix-stripping stem finds names ("landing" -> land) but is no word to take synonyms of:
        # "land" is also a "country".
        forms = list(dict.fromkeys([word, singular(word), *wordnet.base_forms(word)]))
        spelled = ABBREVIATIONS.get(word)  # "hp" in the question, horsepower in the schema
        if spelled and spelled not in _NOT_REWORDED:
            forms.insert(1, spelled)
        for form in dict.fromkeys([*forms[1:], stem(word)]):
            cands = self._names(phrase_key(form), STEM_FACTOR, STEM)
            if cands:
                return cands
        if (role := self._roles.get(singular(word))) is not None:
            return [Candidate(TABLE, role, score=SYNONYM_FACTOR, match=SYNONYM)]
        # A derived word comes from the verb an inflection was stripped to: "describing" -> describe
        # -> description. The stem is a root here, not a word to take synonyms of.
        roots = list(dict.fromkeys([*forms, *_verb_roots(word)]))
        for relation, tried in ((wordnet.related, roots), (wordnet.synonyms, forms)):
            found: list[Candidate] = []
            for form in tried:
                # a synonym that is also a short form names ("mob" of "family", a mobile's number) says nothing
                others = [o for o in relation(form) if o not in ABBREVIATIONS]
                if relation is wordnet.related:  # "confirmation" -> confirm -> a confirmed_on
                    others += [p for o in others if " " not in o for p in _participles(o)]
                for other in others:
                    for cand in self._names(phrase_key(other), SYNONYM_FACTOR, SYNONYM):
                        if cand not in found:
                            found.append(cand)
            if found and relation is wordnet.synonyms and all(c.score < SYNONYM_FACTOR for c in found):
                # only pieces of longer names: a whole name a phrase's head gives is offered beside them
                return [*found, *self._synonym_heads(forms)]
            if found:
                return found
        if found := self._synonym_moments(word):
            return found
        if found := self._synonym_heads(forms):
            return found
        return self._kinds(forms) if len(word) >= KIND_MIN_LENGTH and word not in FUNCTION_WORDS else []

    def _synonym_moments(self, word: str) -> list[Candidate]:
        """ "jobs finished in May", "did we finish" where a ``completed_on`` keeps when: a verb names
        the moment a synonym's participle names (only a date: "produced" is no ``make``)."""
        from nl2sql.linking import synonyms as wordnet

        verbs = _verb_roots(word) if word.endswith("ed") else [word] if wordnet.mostly_verb(word) else []
        found: list[Candidate] = []
        for verb in verbs:
            for other in (o for o in wordnet.synonyms(verb) if " " not in o):
                said = (c for p in _participles(other) for c in self._names(phrase_key(p), SYNONYM_FACTOR, SYNONYM))
                for cand in said:
                    col = self.column_of(cand)
                    if col is not None and col.kind == DATE and cand not in found:
                        found.append(cand)
        return found

    def _synonym_heads(self, forms: list[str]) -> list[Candidate]:
        """The head noun of a synonym that is a phrase, when it is a whole name here: "course of
        study" names a course table, "trade good" a good. Weaker than a synonym: the head is
        broader than the phrase."""
        from nl2sql.linking import synonyms as wordnet

        found: list[Candidate] = []
        for form in forms:
            for other in wordnet.synonyms(form):
                head = _phrase_head(other)
                if head is None or head in _NOT_REWORDED or head in _STRUCTURE_WORDS or len(head) < KIND_MIN_LENGTH:
                    continue
                found += [replace(c, score=KIND_FACTOR, match=SYNONYM) for c in self.lookup(phrase_key(head))
                          if c.kind in (TABLE, COLUMN) and c.score >= 1.0 and c not in found]
        return found if _one_name(found) else []

    def _synonym_names(self, word: str) -> list[Candidate]:
        """Tables and columns a general English synonym of the word names (no morphology, no kinds)."""
        from nl2sql.linking import synonyms as wordnet

        if not wordnet.available():
            return []
        found: list[Candidate] = []
        for form in dict.fromkeys([word, singular(word), *wordnet.base_forms(word)]):
            for other in wordnet.synonyms(form):
                # not a synonym of a word the config or the profile gave ("club" ~ "order", the sales)
                found += [c for c in self._names(phrase_key(other), SYNONYM_FACTOR, SYNONYM, given=False)
                          if c not in found]
        return found

    def _kinds(self, forms: list[str]) -> list[Candidate]:
        """The one table or column whose whole name is a kind one level from the word's: the word's
        own kind ("guest" -> visitor) or a kind of it ("worker" -> employee, which WordNet files
        under worker), weaker than a synonym. A general word with several kinds in the schema
        ("person" for an actor and a director table) reads as none of them, and so does a word for
        the database's own parts ("table" is also a table of "contents")."""
        from nl2sql.linking import synonyms as wordnet

        found: list[Candidate] = []
        for form in forms:
            if form in _STRUCTURE_WORDS:
                return []
            for other in dict.fromkeys([*wordnet.broader(form), *wordnet.narrower(form)]):
                if len(other) < KIND_MIN_LENGTH or other in _NOT_REWORDED:
                    continue
                found += [replace(c, score=KIND_FACTOR, match=SYNONYM) for c in self.lookup(phrase_key(other))
                          if c.kind in (TABLE, COLUMN) and c.score >= 1.0 and c not in found]
        if not found:
            found = self._sisters(forms)
        return found if _one_name(found) else []

    def _sisters(self, forms: list[str]) -> list[Candidate]:
        """A word of the same small kind ("town" and "city" are both municipalities): weaker still,
        and only under a kind with few members, where they stand in for each other."""
        from nl2sql.linking import synonyms as wordnet

        found: list[Candidate] = []
        for form in forms:
            for kind in wordnet.broader(form):
                members = wordnet.narrower(kind)
                if len(members) > MAX_SISTERS:
                    continue
                for other in members:
                    if other == form or len(other) < KIND_MIN_LENGTH or other in _NOT_REWORDED:
                        continue
                    found += [replace(c, score=SISTER_FACTOR, match=SYNONYM) for c in self.lookup(phrase_key(other))
                              if c.kind in (TABLE, COLUMN) and c.score >= 1.0 and c not in found]
        return found

    def _reworded_compound(self, modifier: Token, head: Token) -> list[Candidate]:
        """A two-word name said another way ("family name" for last_name, "place of birth" is one
        word's business): the phrase WordNet knows, whose synonym is a whole table or column name
        here. Tried only where the head is a schema word and the modifier is none, so a question of
        plain names never loads the table for it."""
        if self.lookup(modifier.norm) or head.quoted or not head.text.isalpha():
            return []
        from nl2sql.linking import synonyms as wordnet

        phrases = list(dict.fromkeys([f"{modifier.text} {head.text}", f"{modifier.text} {head.norm}"]))
        found: list[Candidate] = []
        for phrase in phrases:
            for other in wordnet.synonyms(phrase):
                found += [c for c in self._names(phrase_key(other), SYNONYM_FACTOR, SYNONYM) if c not in found]
        if found or self.lookup(head.norm) or head.norm in _NOT_REWORDED:
            return found
        # Neither word names anything: a phrase WordNet knows ("academic session") may be a kind
        # of a name here, or a kind of one of its synonyms (a session -> a semester).
        known = [p for p in phrases if wordnet.synonyms(p) or wordnet.broader(p)]
        return self._kinds([*known, *(o for p in known for o in wordnet.synonyms(p) if " " not in o)]) if known else []

    def _unnamed_word(self, token: Token, skip: frozenset[str], marked: bool, acted: bool = False) -> list[Candidate]:
        """A word that names nothing as it stands: an inflection of a name ("reviewed" -> review,
        "priced" -> price, "rated" -> rating), else a reworded name. A capitalised word that is no
        stored value may still be a common noun ("States"); a word in capitals is a code. ``acted``:
        said as a verb of the rows ("did we deliver"), so it may name the state it leaves them in."""
        base = stem(token.text)
        forms = [[c if base == token.norm else replace(c, match=STEM) for c in self.lookup(key) if c.kind != VALUE]
                 for key in (base, base + "e", base + "ing")]
        # a whole name before a piece of a longer one: "rated" is the rating, not part of a rental_rate
        whole = next((cands for cands in forms if any(c.score >= 1.0 for c in cands)), None)
        if cands := whole or next((cands for cands in forms if cands), []):
            return cands
        if token.original.islower() and acted and (done := self._state_of(token.text, base)):
            return done
        if codes := self._codes_counted(token):
            return codes
        if place := self._place_of(token):
            return place
        if marked and (code := self._code_of(token)):
            return code
        found = self.reworded(token.text) if self._may_reword(token, skip, marked and token.original.isupper()) else []
        if found and (marked or max(c.score for c in found) >= _WEAK_REWORDING):
            return found
        # "cancellations" beside a cancel_reason: the state its verb leaves rows in before a piece of a name
        return (self._state_named(token) if not marked else []) or found

    def _codes_counted(self, token: Token) -> list[Candidate]:
        """ "how many V4s", "the A320s": a stored code of letters and digits said in the plural."""
        word = token.norm
        if len(word) < 3 or not word.endswith("s") or not any(ch.isdigit() for ch in word):
            return []
        return [c for c in self.lookup(word[:-1]) if c.kind == VALUE]

    def _state_named(self, token: Token) -> list[Candidate]:
        """ "how many cancellations this year" where a column of a few states keeps 'Cancelled': the
        noun of the verb names the state it leaves its rows in (WordNet derives the verb)."""
        if len(token.norm) < 5 or not token.text.isalpha() or token.text in STOPWORDS or token.text in FUNCTION_WORDS:
            return []
        from nl2sql.linking import synonyms as wordnet  # only paid for when a content word matched nothing

        if not wordnet.available():
            return []
        verbs = [v for v in wordnet.related(token.norm) if " " not in v and len(v) >= 4]
        return [replace(c, score=STEM_FACTOR, match=STATE) for v in verbs for p in _participles(v)
                for c in self._uncrowded(self.lookup(phrase_key(p))) if c.kind == VALUE and self._few(c)]

    def _few(self, cand: Candidate) -> bool:
        """Whether a value's column keeps a short list of states."""
        col = self.column_of(cand)
        return col is not None and len(col.values) <= _FEW_VALUES

    def _inflected_values(self, token: Token) -> list[Candidate]:
        """ "tests that were passed" where a result column keeps 'Pass' and another table's flag is
        named theory_passed: a piece of a longer name does not hide the stored value the word
        inflects, which is offered beside it."""
        base = stem(token.text)
        if base == token.norm or len(base) < 4:
            return []
        return [replace(c, score=STEM_FACTOR, match=STEM) for c in self._uncrowded(self.lookup(base))
                if c.kind == VALUE]

    def _state_of(self, word: str, base: str) -> list[Candidate]:
        """The state a verb leaves its rows in, where a column of a few states keeps it, or the column
        named for it: "deliver", "cancelling" -> 'delivered', 'cancelled' ("how many orders did we
        deliver"); "ship" -> shipped_at ("orders we ship in March")."""
        if len(base) < 4:
            return []
        roots = dict.fromkeys([word, base, word[:-3] if word.endswith("ing") else word])
        for form in (f for r in roots for f in (r + "ed", r + "d", r + r[-1] + "ed") if f != word):
            found = [replace(c, match=STATE if c.kind == VALUE else STEM) for c in self.lookup(form)
                     if (c.kind == VALUE and (c.table, c.column) not in self._crowded) or c.kind == COLUMN]
            if found:
                return found
        return []

    def _code_of(self, token: Token) -> list[Candidate]:
        """The stored place a short code in capitals stands for: its initials ("UK" for United
        Kingdom) or a common other name of it ("US" for USA), among the values of a column of
        places (a country, a state). Only one value may fit: "PM" is no one's initials."""
        code = token.original.lower()
        if not (code.isalpha() and token.original.isupper() and 2 <= len(code) <= 3):
            return []
        if self._initials is None:
            self._initials = defaultdict(list)
            for key in list(self._phrases):
                words = key.split()
                if 2 <= len(words) <= 4 and all(w.isalpha() for w in words):
                    self._initials["".join(w[0] for w in words)].append(key)
        keys = [*self._initials.get(code, ()), *PLACE_CODES.get(code, ())]
        found = [replace(c, score=STEM_FACTOR, match=STEM) for key in keys for c in self.lookup(key)
                 if c.kind == VALUE and set(name_words(c.column or "")) & _PLACE_WORDS]
        return found if len({c.value for c in found}) == 1 else []

    def _place_of(self, token: Token) -> list[Candidate]:
        """The stored place an adjective of it names ("Italian" -> Italy, "Mexican" -> Mexico), as
        WordNet derives one from the other; a stored value of a short list, not one name among
        thousands."""
        if token.quoted:
            return []
        named = [replace(c, score=STEM_FACTOR, match=STEM) for place in DEMONYMS.get(token.text, ())
                 for c in self._uncrowded(self.lookup(phrase_key(place))) if c.kind == VALUE]
        if named or not token.text.endswith(_ADJECTIVE_ENDINGS) or token.text in STOPWORDS:
            return named
        from nl2sql.linking import synonyms as wordnet  # only paid for when a word matched nothing

        if not wordnet.available():
            return []
        return [replace(c, score=STEM_FACTOR, match=STEM) for other in wordnet.related(token.text)
                for c in self._uncrowded(self.lookup(phrase_key(other))) if c.kind == VALUE]

    def _unnamed_pair(self, first: Token, second: Token, skip: frozenset[str], marked: bool) -> list[Candidate]:
        """Two words that name nothing together: a one-word name said as two ("high schooler" for a
        Highschooler table), else a two-word phrase said another way."""
        if first.text.isalpha() and second.text.isalpha():
            # a verb and its particle are the noun written as one word: "signed up" a signup_date,
            # "picked up" a pickup_ts, "took off" a takeoff (WordNet only for an irregular verb)
            particle = second.text in PARTICLES
            for roots in ([first.text, *([stem(first.text)] if particle else [])],
                          irregular_bases(first.text) if particle and first.text not in STOPWORDS else []):
                joined = [replace(c, score=round(c.score * STEM_FACTOR, 3), match=STEM)
                          for root in dict.fromkeys(roots) for c in self.lookup(root + second.norm)
                          if c.kind in (TABLE, COLUMN)]
                if joined:
                    return joined
        return self._reworded_compound(first, second) if self._may_reword(first, skip, marked) else []

    def _letters_beside_columns(self, tokens: list[Token], taken: set[int], links: list[Link]) -> list[Link]:
        """A capital letter beside the name of a column that stores it as a value ("R-rated films",
        "grade A", "rated R", and "B or C" after one), unless another word already says it ("female (sex F)").
        Alone a letter is too short to name one ("a", "I")."""
        said = {(c.table, c.column, c.value) for lk in links for c in lk.of_kind(VALUE)}
        found: list[Link] = []
        for i, token in enumerate(tokens):
            letter = token.original
            if i in taken or token.quoted or len(letter) != 1 or not (letter.isalpha() and letter.isupper()):
                continue
            columns = {(c.table, c.column) for lk in links if {i - 1, i + 1} & {lk.first, lk.last}
                       for c in lk.of_kind(COLUMN)}
            if i >= 2 and tokens[i - 1].text in ("or", "and"):  # "grade B or C": the letter before's column
                columns |= {(c.table, c.column) for lk in (*links, *found) if lk.last == i - 2
                            for c in lk.of_kind(VALUE)}
            stored = [(name, column) for name, column in columns if column is not None
                      and (table := self.schema.table(name)) is not None
                      and (col := table.column(column)) is not None and letter in col.values]
            if len(stored) == 1 and (*stored[0], letter) not in said:
                found.append(Link(i, i, (Candidate(VALUE, *stored[0], letter),), True))
                taken.add(i)
        return found

    def _shared_heads(self, tokens: list[Token], taken: set[int], skip: frozenset[str]) -> list[Link]:
        """Modifiers that share one head noun ("their given and family names"): a word left
        unlinked, followed by a list that ends in "and"/"or" <modifier> <head>, is read with that
        head, as a name of its own ("given name" -> forename)."""
        links: list[Link] = []
        for i, token in enumerate(tokens):
            if i in taken or not token.text.isalpha() or token.text in STOPWORDS:
                continue
            head = _list_head(tokens, i)
            if head is None:
                continue
            key = f"{token.norm} {tokens[head].norm}"
            cands = [c for c in self.lookup(key) if c.kind in (TABLE, COLUMN)]
            if not cands and self._may_reword(token, skip, False):
                cands = self._reworded_compound(token, tokens[head])
            if cands:
                links.append(Link(i, i, tuple(cands)))
                taken.add(i)
        return links

    @staticmethod
    def _may_reword(token: Token, skip: frozenset[str], name: bool) -> bool:
        """Content words only: not a function word, a number, a quoted value or a name."""
        return ((len(token.text) >= REWORD_MIN_LENGTH or token.text in ABBREVIATIONS) and token.text.isalpha()
                and token.text not in STOPWORDS
                and token.norm not in _NOT_REWORDED and token.text not in skip and token.norm not in skip
                and not token.quoted and not name)

    def link(self, tokens: list[Token], used: set[int], skip_fuzzy: frozenset[str] = frozenset()) -> list[Link]:
        """Link every n-gram not yet used by another reading, longest first; typos last."""
        links: list[Link] = []
        taken = set(used)
        marked = case_marks(tokens)
        for size in range(MAX_NGRAM, 0, -1):
            for i in range(len(tokens) - size + 1):
                span = range(i, i + size)
                if any(j in taken for j in span):
                    continue
                key = " ".join(tokens[j].norm for j in span)
                cands = self.lookup(key)
                if size == 1 and not (i in marked or tokens[i].quoted or tokens[i].is_number):
                    cands = self._uncrowded(cands)  # "independence" is a word before it is one town's name
                if not cands and size == 1:
                    acted = i > 0 and (tokens[i - 1].text in _DOERS or (i > 1 and tokens[i - 2].text in _ASKED_DOING)) \
                        and tokens[i].text == tokens[i].norm \
                        and not {t.text for t in tokens[max(0, i - 4):i]} & _NOT_DONE
                    cands = self._unnamed_word(tokens[i], skip_fuzzy, i in marked, acted)
                elif size == 1 and _partial_only(cands) and self._may_reword(tokens[i], skip_fuzzy, False):
                    # a piece of a longer name ("state" of head_of_state) weighs less than a synonym
                    # of a whole one ("state" for a country table): both are offered
                    best = max(c.score for c in cands)
                    cands = [*cands, *(c for c in self._synonym_names(tokens[i].text) if c.score > best)]
                if size == 1 and _partial_only(cands):
                    cands = [*cands, *self._inflected_values(tokens[i])]
                if not cands and size == 2:
                    cands = self._unnamed_pair(tokens[i], tokens[i + 1], skip_fuzzy, i in marked)
                if size == 1 and not (tokens[i].quoted or tokens[i].is_number or i in marked):
                    # "in", "is", "by" are words before they are country codes
                    cands = [c for c in cands if not (c.kind == VALUE and (key in STOPWORDS or len(key) <= 2))]
                if size == 1 and key in PEOPLE_WORDS and i > 0 and tokens[i - 1].norm in ("that", "this", "same"):
                    cands = [c for c in cands if c.match != SYNONYM]  # "that person": one said before, no table
                # Capitalised, quoted, several words long or a number: a stored value, not a verb that looks like one.
                strong = any(j in marked for j in span) or tokens[i].quoted or size > 1 \
                    or (tokens[i].is_number and any(c.kind == VALUE for c in cands))
                if not cands:
                    continue
                links.append(Link(i, i + size - 1, tuple(cands), strong))
                taken.update(span)
        links += self._shared_heads(tokens, taken, skip_fuzzy)
        links += self._letters_beside_columns(tokens, taken, links)
        for size in (2, 1):
            for i in range(len(tokens) - size + 1):
                span = range(i, i + size)
                words = [tokens[j].text for j in span]
                if any(j in taken for j in span) or any(w in skip_fuzzy or tokens[j].is_number or tokens[j].symbol
                                                        for j, w in zip(span, words, strict=True)):
                    continue
                key = " ".join(tokens[j].norm for j in span)
                if len(key) < FUZZY_MIN_LENGTH:
                    continue
                cands = self._fuzzy(key)
                if cands:
                    strong = any(j in marked for j in span)
                    links.append(Link(i, i + size - 1, tuple(cands), strong))
                    taken.update(span)
        links.sort(key=lambda link: link.first)
        return links


_LIST_WORDS = ("and", "or")
_MAX_LIST = 5  # words from a modifier to the head it shares with the rest of its list


def days_kept(col: Column) -> dict[str, str]:
    """The day of the week each stored value of ``col`` says ('Sat': 'saturday'), for a column that
    holds days of the week and nothing else; empty for any other column."""
    said = {str(v): _DAY_OF_SHORT.get(str(v).strip(".").lower()) for v in col.values if isinstance(v, str)}
    if not said or len(said) != len(col.values) or None in said.values():
        return {}
    return {value: day for value, day in said.items() if day is not None}


def is_workforce(table: Table) -> bool:
    """Whether a table's name says it holds the people who work for the business."""
    return bool({singular(w) for w in name_words(table.name)} & _WORKFORCE_NAMES)


def _names_a_role(words: tuple[str, ...], target: str | None) -> bool:
    """Whether a key's name before its "id" says a role, not the table it points to: "mgr" of an
    ``mgr_id`` into ``emp``, not "category" of a ``category_id`` into ``categories``."""
    if target is None:
        return False
    table_words = {singular(w) for w in expand(name_words(target))} | {singular(w) for w in name_words(target)}
    return not {singular(w) for w in expand(words[:-1])} & table_words


def _deed_of_key(words: Sequence[str]) -> tuple[str, ...]:
    """The verb a key named for a deed and its doer is said by ("refer" of referred_by, "approve" of
    approved_by): the participle less its ending, in each way English spells it."""
    if len(words) != 2 or words[1] not in ("by", "to") or not words[0].endswith("ed") or len(words[0]) < 6:
        return ()
    done = words[0]
    bases = [done[:-2], done[:-1]] + ([done[:-3]] if done[-3] == done[-4] else [])
    return tuple(b for b in bases if len(b) >= 3)


def _list_head(tokens: list[Token], i: int) -> int | None:
    """The head noun a modifier at ``i`` shares with a list after it: the word after the list's
    last modifier, where the list's "and"/"or" comes right before that modifier."""
    for j in range(i + 1, min(len(tokens) - 1, i + _MAX_LIST)):
        if tokens[j].text in _LIST_WORDS:
            return j + 2 if j + 2 < len(tokens) and tokens[j + 2].text.isalpha() else None
        if not tokens[j].text.isalpha() or tokens[j].text in STOPWORDS:
            return None
    return None


def _of_people(table: Table) -> bool:
    """Whether a table's rows are people: staff, or rows one of which manages another (a supervisor)."""
    return is_workforce(table) or any(fk.ref_table == table.name for fk in table.foreign_keys)


def _one_name(found: list[Candidate]) -> bool:
    """Whether a loose relation reached one thing: things of one name, a table or columns
    ("population" of a country and of a city: the question's other words pick the table; a course
    table and its course column)."""
    return len({(c.column or c.table).lower() for c in found}) == 1


def _participles(verb: str) -> list[str]:
    """The regular past participle a verb may have, as names of moments use it: "confirm" ->
    confirmed, "close" -> closed, "ship" -> shipped, "apply" -> applied, "cancel" -> canceled, cancelled."""
    if len(verb) < 3 or not verb.isalpha():
        return []
    if verb.endswith("e"):
        return [verb + "d"]
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return [verb[:-1] + "ied"]
    doubled = [verb + verb[-1] + "ed"] if (len(verb) <= 4 or verb[-1] == "l") and verb[-1] not in "aeiouwxy" \
        and verb[-2] in "aeiou" and verb[-3] not in "aeiou" else []  # shipped; cancelled, as British English has it
    return [verb + "ed", *doubled]


def _verb_roots(word: str) -> list[str]:
    """The verbs an -ing or -ed form may come from: "describing" -> describ, describe."""
    base = stem(word)
    if base == singular(word):
        return []
    return [base, base + "e"]


def irregular_bases(word: str) -> list[str]:
    """An irregular verb form's base ("took" -> take), read from WordNet on first need."""
    from nl2sql.linking import synonyms as wordnet

    return wordnet.base_forms(word) if wordnet.available() else []


def _phrase_head(phrase: str) -> str | None:
    """The noun a phrase is a kind of: "course of study" -> course, "trade good" -> good; None
    for one word."""
    words = phrase.split()
    if len(words) < 2:
        return None
    if "of" in words[1:-1]:
        return words[words.index("of") - 1] if words.index("of") == 1 else None
    return words[-1]


def _partial_only(cands: list[Candidate]) -> bool:
    """Only pieces of longer table or column names: no whole name, no stored value."""
    return bool(cands) and all(c.kind in (TABLE, COLUMN) and c.score < 1.0 and c.match == EXACT for c in cands)


class Lexicons:
    """One lexicon per schema, built on first use and kept while its owner (an engine) lives."""

    def __init__(self, domain: DomainConfig = EMPTY,
                 extend: Callable[[DomainConfig, Schema], DomainConfig] | None = None) -> None:
        self.domain = domain
        self._extend = extend  # what the engine adds to the config per schema (its profile's readings)
        self._entries: dict[int, tuple[Schema, Lexicon]] = {}

    def get(self, schema: Schema) -> Lexicon:
        entry = self._entries.get(id(schema))
        if entry is None or entry[0] is not schema:  # a new schema that reuses a freed object's id
            domain = self._extend(self.domain, schema) if self._extend is not None else self.domain
            entry = (schema, Lexicon(schema, domain))
            self._entries[id(schema)] = entry
        return entry[1]


def _joined_head(table: Table, prefixes: Collection[str]) -> str | None:
    """The word after another table's one-word name in a name written as one word ("portcrane"
    -> "crane" beside a port table), or None. Not a word one of the table's columns is called:
    "language" of a countrylanguage table with a language column names the column."""
    name = table.name.lower()
    for prefix in prefixes:
        head = name[len(prefix):]
        if name.startswith(prefix) and len(head) >= 3 and not any(
                name_words(col.name) == (singular(head),) for col in table.columns):
            return head
    return None


def case_marks(tokens: list[Token]) -> frozenset[int]:
    """Positions whose case marks a name or a code ("Aruba", "USA"): capitalised past the first
    word, or all capitals. In a line typed mostly in capitals, case marks nothing, so "IS" there
    is the verb and not a country code; nor does it on function words when every one of them is
    in capitals ("WHAT IS Afghanistan GNPOld?")."""
    letters = [t for t in tokens if t.original.isalpha() and len(t.original) > 1]
    if letters and sum(t.original.isupper() for t in letters) * 2 > len(letters):
        return frozenset()
    function = [t for t in letters if t.text in STOPWORDS]
    loud = len(function) >= 2 and all(t.original.isupper() for t in function)
    return frozenset(i for i, t in enumerate(tokens)
                     if (t.original.isupper() or (t.capitalised and i > 0)) and not (loud and t.text in STOPWORDS))


def _comment_key(comment: str) -> str | None:
    """The lookup key of a comment short enough to be a name (at most four words that are not
    function words), or None."""
    if not comment or declared_key(comment) is not None:
        return None
    key = phrase_key(comment)
    content = [w for w in key.split() if w not in STOPWORDS]
    return key if 0 < len(content) <= MAX_COMMENT_WORDS else None
