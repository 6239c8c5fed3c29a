"""Which tables a question touches, for callers that only need to narrow a schema.

The model engine prunes a large schema to the tables a question links to; it needs the links,
not a reading of the question, so this stays apart from any engine's cue words.
"""

from __future__ import annotations

from nl2sql.linking.lexicon import Lexicon
from nl2sql.linking.text import STOPWORDS, tokenize

_NO_FUZZY = frozenset(STOPWORDS)


def linked_tables(question: str, lexicon: Lexicon) -> set[str]:
    """Every table a word of the question may mean: named, or owning a named column or stored value.

    Generous on purpose: an extra table costs a few prompt lines, a missing one a wrong query.
    """
    links = lexicon.link(tokenize(question), set(), skip_fuzzy=_NO_FUZZY)
    return {c.table for link in links for c in link.candidates}
