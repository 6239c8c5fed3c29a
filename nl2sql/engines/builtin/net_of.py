"""Money said net of the lines' discount: "takings after discounts", "sales net of any discount".

Where the schema's money taken is read from lines that carry a discount (the profile's reading is
price x quantity less the discount), "after discounts" says how that money is counted, which the
reading already does: the words are read, and no reader takes "discounts" for a column to show or
group by. Where no such reading exists, the words are left to the readers, unread, and the line asks.
"""

from __future__ import annotations

from collections.abc import Sequence

from nl2sql.db.schema import Schema
from nl2sql.profile import profile_of

# Words before "discount(s)" that take it off ("after", "net of", "less"), with what may stand between.
_TAKING_OFF = (("after",), ("net", "of"), ("less",), ("minus",), ("including",), ("allowing", "for"))
_BETWEEN = frozenset({"any", "all", "the", "our", "their", "its"})
_DISCOUNT = frozenset({"discount", "discounts"})


def net_of_discount(words: Sequence[str], schema: Schema) -> set[int]:
    """The words of "after (any) discounts", when the money taken here is counted net of a discount."""
    if not _DISCOUNT & set(words) or not any(r.line is not None and r.line.discount is not None
                                             for r in profile_of(schema).revenues):
        return set()
    out: set[int] = set()
    for i, word in enumerate(words):
        if word not in _DISCOUNT:
            continue
        k = i - 1
        while k >= 0 and words[k] in _BETWEEN:
            k -= 1
        for lead in _TAKING_OFF:
            start = k - len(lead) + 1
            if start >= 0 and tuple(words[start:k + 1]) == lead:
                out.update(range(start, i + 1))
    return out
