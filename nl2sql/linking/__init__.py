"""Schema and value linking: which tables, columns and stored values the words of a question mean.

Shared by both engines; it reads words and the schema (names and stored values) and builds no
SQL. ``text`` is the tokenizer and word forms, ``lexicon`` the phrase index over names and
values, ``abbreviations`` the general abbreviations of column names, ``tables`` schema pruning.
"""

from __future__ import annotations

from nl2sql.linking.lexicon import COLUMN, METRIC, TABLE, VALUE, Candidate, Lexicon, Lexicons, Link
from nl2sql.linking.tables import linked_tables

__all__ = ["COLUMN", "METRIC", "TABLE", "VALUE", "Candidate", "Lexicon", "Lexicons", "Link", "linked_tables"]
