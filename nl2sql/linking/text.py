"""Words, as linking and both engines see them: lower-cased tokens, singular nouns, numbers.

Questions and schema names go through the same normalisation, so that "Categories", "category"
and ``category_id`` meet in the middle.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

_TOKEN_RE = re.compile(
    r"(?<!\w)'[^']+'(?!\w)|\"[^\"]+\"|\d{4}-\d{2}-\d{2}|[$£€]\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*|[^\W\d_]+n't(?![^\W\d_])|[^\W\d_]\w*(?:'s)?|&|%|[<>]=?|=",
    re.IGNORECASE,
)
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_CURRENCIES = {"$": "dollars", "£": "pounds", "€": "euros"}

_IRREGULAR = {
    "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse",
    "ids": "id", "data": "data", "news": "news", "series": "series", "species": "species", "feet": "foot",
    # the particle of a phrasal noun in the plural: "check-ins", "sign-ups", "drop-offs"
    "ins": "in", "ups": "up", "offs": "off", "outs": "out",
    # plurals the suffix rules below get wrong: "-f" and "-fe" nouns, "-o" nouns with "-es",
    # Latin and Greek plurals, a doubled "z"
    "wolves": "wolf", "knives": "knife", "wives": "wife", "halves": "half", "shelves": "shelf",
    "thieves": "thief", "calves": "calf", "loaves": "loaf", "scarves": "scarf", "hooves": "hoof",
    "heroes": "hero", "potatoes": "potato", "tomatoes": "tomato", "echoes": "echo", "vetoes": "veto",
    "volcanoes": "volcano", "torpedoes": "torpedo", "mosquitoes": "mosquito", "cargoes": "cargo",
    "indices": "index", "matrices": "matrix", "vertices": "vertex", "appendices": "appendix",
    "crises": "crisis", "oases": "oasis", "synopses": "synopsis", "quizzes": "quiz",
}
# Nouns ending in "-ie", whose plural is no "-ies" of a "-y" ("movies", not "movy").
_IE_NOUNS = frozenset({"movie", "cookie", "pie", "tie", "zombie", "calorie", "rookie", "selfie", "goalie",
                       "prairie", "brownie", "smoothie", "hoodie", "freebie", "newbie", "genie", "budgie",
                       "collie", "lingerie", "sortie", "birdie", "magpie", "necktie", "foodie", "techie",
                       "walkie", "talkie", "pixie", "auntie", "veggie", "boogie"})
# Nouns ending in "-che", whose plural is no "-ches" of a "-ch".
_CHE_NOUNS = frozenset({"cache", "niche", "headache", "avalanche", "cliche", "quiche", "moustache",
                        "mustache", "creche", "psyche"})
_KEEP_S = ("ss", "us", "is", "ics", "ous")
# Words and names ending in "as" that are no plurals ("areas", "baristas" and "ideas" are).
_AS_SINGULAR = frozenset({"atlas", "alias", "bias", "canvas", "texas", "christmas", "pancreas", "whereas",
                          "overseas", "vegas", "kansas", "arkansas", "thomas", "lucas", "douglas", "nicholas",
                          "jonas", "dallas", "judas", "pampas", "madras", "midas", "barabbas", "caracas",
                          "honduras", "aeneas", "pallas", "tobias", "elias", "tomas", "salinas", "vargas",
                          "matias", "andreas", "nicolas", "cuevas"})

# Words that carry no content of their own: not counted as "not understood".
STOPWORDS = set("""
a an the of in on at to for from with by and or is are was were be been being has have had do does did
me us we our my i you your show list give get find display what which who whom whose how many much
there their them they it its this that these those please all any some every each one ones
where when whether as than then also still just only can could would should will shall tell
see look want need let know made make used use done per across about into up out so
ever yet right now currently already being got gets having entries records rows data
instead rather same break broken down split grouped group breakdown
listed shown
""".split())
# Phrases whose words are function words only together: "as well as" is "and", "well" alone is not;
# "his or her" refers to the rows just named ("each owner ... his or her dogs"), while "her" alone
# may name someone from an earlier turn, a condition the query must carry.
# Words with no content that the readers still see as words (an indefinite "someone" may stand
# where a group word looks for its column), so they are left out of the accounting only:
# indefinite pronouns, "exist", greetings, the pieces of "whats", "what're", "we've", and "via" before
# the value a row was made by ("booked via <a channel>"; not "through", which also joins two dates), and
# "corresponding", "respective": each row's own, which every per-row column is; and the titles before a
# person's name ("Dr. Chen"). ("among them" is not one: in a follow-up it keeps the rows of the turn before.)
# Words that make the noun after them belong to rows already said: "their authors", "its price".
POSSESSIVES = frozenset({"their", "its", "his", "her"})
FUNCTION_WORDS = frozenset({"exist", "exists", "everybody", "everyone", "anybody", "anyone", "somebody",
                            "someone", "hi", "hello", "hey", "thanks", "thank", "ok", "okay", "whats",
                            "re", "ve", "ll", "via", "corresponding", "respective", "respectively",
                            "dr", "mr", "mrs", "prof", "alongside", "beside", "here"})
FUNCTION_PHRASES = (("as", "well", "as"), ("along", "with"), ("together", "with"), ("as", "well"),
                    ("his", "or", "her"), ("he", "or", "she"), ("him", "or", "her"),
                    # "how many dogs are in the table": the rows the question is about, not a table's name
                    ("in", "the", "table"), ("on", "the", "table"), ("in", "this", "table"), ("on", "this", "table"),
                    ("in", "the", "list"), ("on", "this", "list"), ("in", "this", "list"),
                    # where or when the rows are kept, which every row is: "on file", "at the moment"
                    ("on", "file"), ("on", "record"), ("on", "the", "books"), ("on", "our", "books"),
                    ("at", "the", "moment"), ("at", "present"), ("so", "far"),
                    ("in", "the", "system"), ("in", "our", "system"), ("in", "the", "database"),
                    ("in", "our", "database"), ("in", "the", "world"), ("around", "the", "world"),
                    ("across", "the", "world"))

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "fifty": 50,
    "hundred": 100, "dozen": 12,
}


@lru_cache(maxsize=4096)
def singular(word: str) -> str:
    """A simple English singular; good enough for schema nouns, harmless on other words."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3 or not word.endswith("s") or word.endswith(_KEEP_S) or word in _AS_SINGULAR:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-1] if word[:-1] in _IE_NOUNS else word[:-3] + "y"
    if word.endswith(("yses", "heses", "gnoses")):  # analyses, theses, diagnoses
        return word[:-2] + "is"
    if word.endswith(("ouses", "auses")) or word[:-1] in _CHE_NOUNS:  # houses, causes, caches
        return word[:-1]
    if word.endswith(("sses", "xes", "ches", "shes", "zzes", "tzes", "uses")):  # sizes and prizes keep their "e"
        return word[:-2]
    return word[:-1]


@lru_cache(maxsize=4096)
def stem(word: str) -> str:
    """Strip a verb ending so that "reviewed" and "ordered" meet "review" and "order", and an
    adverb's so that "actually" meets "actual"."""
    for suffix, keep in (("ied", "y"), ("ed", ""), ("ing", ""), ("ally", "al")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)] + keep
            if suffix != "ied" and len(base) > 2 and base[-1] == base[-2] and base[-1] not in "sl":
                base = base[:-1]  # shipped -> ship
            return base
    return singular(word)


@dataclass(frozen=True)
class Token:
    """A word of the question in the three forms matching needs: as typed, lower-cased, and singular."""
    text: str  # lower-cased
    original: str
    norm: str  # singular form used for matching

    @property
    def symbol(self) -> bool:
        """A word said as a sign ("£" of "£25" is "pounds"): no typo of a name."""
        return self.original[:1] in _CURRENCIES

    @property
    def is_number(self) -> bool:
        return number_value(self.text) is not None

    @property
    def capitalised(self) -> bool:
        return self.original[:1].isupper()

    @property
    def possessive(self) -> bool:
        """ "Ivo's": the word owns what follows (a curly apostrophe is read as a straight one)."""
        return self.original.lower().endswith("'s")

    @property
    def quoted(self) -> bool:
        return self.original[:1] in "'\""


def number_value(text: str) -> float | None:
    if text in NUMBER_WORDS:
        return float(NUMBER_WORDS[text])
    cleaned = text.replace(",", "")
    try:
        value = float(cleaned)
    except ValueError:
        return None
    return value if math.isfinite(value) else None  # "1e999" and "nan" are no numbers a query can use


@lru_cache(maxsize=65_536)
def fold_accents(word: str) -> str:
    """ "café" as "cafe": a word typed with or without its accents is the same word, in a question,
    a name or a stored value alike (the value's own spelling is what the SQL compares)."""
    if word.isascii():
        return word
    folded = "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))
    return folded if len(folded) == len(word) else word


def tokenize(text: str) -> list[Token]:
    tokens = []
    for match in _TOKEN_RE.finditer(text.replace("’", "'")):
        original = match.group(0)
        if original[:1] in "'\"":
            inner = original[1:-1]
            norm = " ".join(t.norm for t in tokenize(inner.lower().replace("_", " ")))
            tokens.append(Token(inner.lower(), original, norm))
            continue
        lower = fold_accents(original.lower())
        if lower[:1] in _CURRENCIES:  # "$150" is said "150 dollars": the amount, then its unit
            amount, unit = lower[1:].strip(), _CURRENCIES[lower[:1]]
            tokens += [Token(amount, amount, amount), Token(unit, lower[:1], singular(unit))]
            continue
        if lower == "%":  # "what % of": the word; "15%" stays the number it was
            if not tokens or number_value(tokens[-1].text) is None:
                tokens.append(Token("percent", original, "percent"))
            continue
        if lower.endswith("'s"):
            lower = lower[:-2]
        # "&" and "and" are the same word in names: "Home & Kitchen" = "home and kitchen"
        tokens.append(Token(lower, original, "and" if lower == "&" else singular(lower)))
    return tokens


@lru_cache(maxsize=256)
def function_positions(tokens: tuple[Token, ...]) -> frozenset[int]:
    """Positions of words that carry no content in the phrase they stand in ("along with", "as
    well as", "as well" ending a clause, "his or her") or at all ("someone", "exist"): what they
    join or refer to is read, they add nothing to it. A quoted word is a value, whatever it says."""
    words = [None if t.quoted else t.text for t in tokens]
    return frozenset({i for i, w in enumerate(words) if w in FUNCTION_WORDS}) | function_phrases(tokens)


def function_phrases(tokens: Sequence[Token]) -> frozenset[int]:
    """Positions of the words of function phrases ("at the moment", "in the system"): none of them
    names data, though one alone might ("moment", "system")."""
    words = [None if t.quoted else t.text for t in tokens]
    out: set[int] = set()
    for i in range(len(words)):
        for phrase in FUNCTION_PHRASES:
            if tuple(words[i:i + len(phrase)]) == phrase:
                out.update(range(i, i + len(phrase)))
                break
    return frozenset(out)


def tokenize_lower(text: str) -> list[Token]:
    """Tokenise text whose case carries no meaning (schema names, stored values)."""
    return tokenize(text.lower())


@lru_cache(maxsize=4096)
def name_words(identifier: str) -> tuple[str, ...]:
    """``created_at`` -> ("created", "at"); ``unitPrice`` -> ("unit", "price"); singular forms."""
    spaced = _CAMEL_RE.sub(" ", identifier).replace("_", " ").replace("-", " ")
    words = tuple(singular(w) for w in fold_accents(spaced.lower()).split() if w)
    return words[1:] if len(words) > 1 and words[0] == "tbl" else words  # ``tblVisit``: an old system's visits


@lru_cache(maxsize=65_536)
def value_words(value: str) -> tuple[str, ...]:
    """How a stored value is matched: its tokens, singular, underscores as spaces (cached: the
    same values recur across the columns and tables of a wide schema)."""
    return tuple(t.norm for t in tokenize_lower(value.replace("_", " ")))


# Where a camelCase name breaks into words: "UnitPrice", "TVChannel".
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def spoken(identifier: str) -> str:
    """A schema name as words: ``UnitPrice`` -> "unit price", ``customer_id`` -> "customer ID"."""
    out = []
    words = _CAMEL.sub(" ", identifier).replace("_", " ").replace("-", " ").split()
    for word in words[1:] if len(words) > 1 and words[0].lower() == "tbl" else words:
        if word.lower() == "id":
            out.append("ID")
        elif word.isupper() and len(word) > 1:
            out.append(word)  # an acronym: "TV", "GNP"
        else:
            out.append(word.lower())
    return " ".join(out)
