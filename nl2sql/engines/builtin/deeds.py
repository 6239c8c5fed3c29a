"""The table whose rows record what a verb says was done: "never sold" -> the sales, "never rented"
-> the rentals, "never bought" -> the purchases.

A verb the lexicon linked to nothing can still name the rows its action leaves behind. Most verbs
meet their table by their stem or a derived word (the lexicon finds those itself); some English
verbs make their noun another way ("sell" makes "sale"), and those few are listed here, as general
English, never as any schema's names.
"""

from __future__ import annotations

from nl2sql.db.schema import DATE, Schema
from nl2sql.linking import synonyms as wordnet
from nl2sql.linking.lexicon import COLUMN, LIGHT_VERBS, METRIC, TABLE, Candidate, Lexicon, Link, best_tables, phrase_key
from nl2sql.linking.text import STOPWORDS, stem

# Verbs whose noun of the act is not their stem with an ending: the noun names the rows.
_NOUN_OF_VERB = {
    "sell": ("sale",), "buy": ("purchase", "sale"), "purchase": ("purchase", "sale"), "lend": ("loan",),
    "pay": ("payment",), "ship": ("shipment",),
    "fly": ("flight",), "sing": ("song",), "lose": ("loss",), "choose": ("choice",), "give": ("gift",),
    "serve": ("service",), "enter": ("entry",), "die": ("death",), "bear": ("birth",), "win": ("win", "victory"),
    "deliver": ("delivery",), "enroll": ("enrollment",), "enrol": ("enrolment", "enrollment"), "book": ("booking",),
    "rent": ("rental",), "borrow": ("loan",), "attend": ("attendance",), "perform": ("performance",),
    "visit": ("visit",), "order": ("order",), "review": ("review",), "rate": ("rating",), "assign": ("assignment",),
    "invest": ("investment",), "transfer": ("transfer",), "subscribe": ("subscription",), "register": ("registration",),
}

# Derived nouns that name who acts ("seller", "renter", "employee"), not the act's rows.
_AGENT_ENDINGS = ("er", "or", "ee", "ant", "ist")


def _bases(word: str) -> list[str]:
    """The word's verb forms: irregular past tenses undone ("sold" -> sell), else endings stripped."""
    forms = [word, stem(word)]
    if wordnet.available():
        forms += wordnet.base_forms(word)
    forms += [f + "e" for f in forms[1:2] if not f.endswith("e")]  # "rated" -> rat -> rate
    return list(dict.fromkeys(forms))


def deed_tables(lexicon: Lexicon, word: str) -> list[str]:
    """The tables a verb's act names, nearest first; empty for a function word or a word naming none."""
    if word in STOPWORDS or word in LIGHT_VERBS or not word.isalpha() or len(word) < 3:
        return []
    found: list[str] = []
    for base in _bases(word):
        derived = [w for w in wordnet.related(base) if not w.endswith(_AGENT_ENDINGS)] if wordnet.available() else []
        for noun in (*_NOUN_OF_VERB.get(base, ()), *derived):
            cands = lexicon.lookup(phrase_key(noun))
            for cand in cands:
                found += [t for t in _act_tables(lexicon.schema, cand) if t not in found]
            found += [t for t in _best_named(cands) if t not in found]
    return found


def _best_named(cands: list[Candidate]) -> list[str]:
    """The one table a noun names best when it names none whole ("order" of a sales order header
    beside a purchase order's): the act's rows, where no other fits as well."""
    if any(c.kind == TABLE and c.score >= 1.0 for c in cands):
        return []
    top = best_tables(cands)
    return top if len(top) == 1 else []


def _act_tables(schema: Schema, cand: Candidate) -> list[str]:
    """The tables a noun of the act names: a table called so, or where a measure called so is
    taken ("sale" for the revenue of the invoice lines) with the dated rows those make up (the
    invoices: a customer's purchase is an invoice, a track's sale a line)."""
    if cand.kind == TABLE and cand.score >= 1.0:
        return [cand.table]
    table = schema.table(cand.metric.table) if cand.kind == METRIC and cand.metric is not None else None
    if table is None:
        return []
    events = [fk.ref_table for fk in table.foreign_keys
              if (parent := schema.table(fk.ref_table)) is not None and parent.date_columns]
    return [table.name, *events]


def event_tables(schema: Schema, link: Link | None, named: set[str]) -> list[str]:
    """The tables whose date column a participle names ("never loaned" for a loaned_on), other than
    the tables the question names: the rows that record that act."""
    out: list[str] = []
    cands = sorted(link.of_kind(COLUMN), key=lambda c: -c.score) if link is not None else []
    for cand in cands:
        table = schema.table(cand.table)
        col = table.column(cand.column or "") if table is not None else None
        if col is not None and col.kind == DATE and cand.table in named and col.nullable:
            return []  # "orders never shipped": the named rows' own date, left empty (events.py)
    for cand in cands:
        table = schema.table(cand.table)
        col = table.column(cand.column or "") if table is not None else None
        if table is not None and col is not None and col.kind == DATE and cand.table not in named \
                and cand.table not in out and table.stored:
            out.append(cand.table)  # a view's copy of a date is no record of the act
    return out
