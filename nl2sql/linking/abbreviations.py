"""Abbreviations that column names use, and the words a question says instead.

One list for every database: common abbreviations in database column names, collected by hand
from widespread naming conventions (data-dictionary abbreviation lists of the kind ISO/IEC 11179
naming guides and SQL style guides publish). Only general words belong here; a word that one
database or one domain uses belongs in that database's domain config (docs/domain-config.md).
"""

from __future__ import annotations

ABBREVIATIONS: dict[str, str] = {
    "no": "number", "num": "number", "nbr": "number", "qty": "quantity", "amt": "amount",
    "desc": "description", "dob": "birth", "addr": "address", "yr": "year", "pct": "percentage",
    "pop": "population", "dept": "department", "emp": "employee", "cust": "customer", "prod": "product",
    "avg": "average", "max": "maximum", "min": "minimum", "lang": "language", "tel": "telephone",
    "stu": "student", "mfr": "manufacturer", "mfg": "manufacturing", "hp": "horsepower", "wt": "weight",
    "sal": "salary", "loc": "location", "cnt": "count", "dt": "date", "yrs": "years",
    "fname": "first name", "lname": "last name", "mname": "middle name", "indep": "independence",
    "hr": "hour", "hrs": "hours", "hrly": "hourly", "mins": "minutes", "secs": "seconds", "qtr": "quarter",
    "pmt": "payment", "proj": "project", "acct": "account", "txn": "transaction", "mgr": "manager",
    "bal": "balance", "org": "organization", "msg": "message", "rcpt": "receipt", "nm": "name",
    "tkt": "ticket", "inv": "invoice", "descr": "description", "lvl": "level", "recd": "received",
    "rcvd": "received", "disc": "discount", "stk": "stock", "supp": "supplier", "svc": "service",
    "appt": "appointment", "ln": "line", "po": "purchase order", "rpt": "report", "rpts": "reports",
    "chk": "check", "cls": "class", "mbr": "member", "instr": "instructor", "wk": "week", "mth": "month",
    "chg": "charge", "equip": "equipment", "sess": "session", "trx": "transaction", "tm": "time", "mob": "mobile",
    "dur": "duration", "resp": "response", "btl": "bottle", "deliv": "delivery", "hdr": "header",
    "flg": "flag", "stat": "status", "sts": "status", "typ": "type", "mthd": "method", "evt": "event",
    "dflt": "default", "sz": "size", "lse": "lease", "upd": "updated", "recv": "received", "reqd": "required",
}


# Abbreviations that shorten a word only beside another: "px" is a price after "unit" (a
# ``unit_px``), and pixels elsewhere (``width_px``).
_AFTER: dict[str, tuple[frozenset[str], str]] = {
    "px": (frozenset({"unit", "sell", "list", "cost", "retail", "sale", "buy", "each", "shelf"}), "price"),
    "p": (frozenset({"unit"}), "price"),  # a ``unit_p``: the price of one, in pence
}

# Abbreviations that shorten words only before another: "so" is a sales order before "lines" or
# "header" (``so_lines``), and a word of its own elsewhere.
_BEFORE: dict[str, tuple[frozenset[str], str]] = {
    "so": (frozenset({"header", "hdr", "line", "lines", "no", "number", "num", "id", "item", "items", "status",
                      "date", "dt"}), "sales order"),
    "del": (frozenset({"flg", "flag", "ind"}), "deleted"),  # a ``del_flg``; ``del_dt``, ``del_yn`` may be a delivery
    "mo": (frozenset({"rate", "rent", "fee", "amt", "price", "chg", "charge"}), "monthly"),  # a ``mo_rate``
}


def expand(words: tuple[str, ...] | list[str]) -> list[str]:
    """A name's words with abbreviations spelled out: ("part", "no") -> ["part", "number"]."""
    spelled = []
    for i, w in enumerate(words):
        after, before = _AFTER.get(w), _BEFORE.get(w)
        if after is not None and i > 0 and words[i - 1] in after[0]:
            spelled.append(after[1])
        elif before is not None and i + 1 < len(words) and words[i + 1] in before[0]:
            spelled.append(before[1])
        elif w not in ABBREVIATIONS and w.endswith("s") and w[:-1] in ABBREVIATIONS and len(w) > 2:
            spelled.append(ABBREVIATIONS[w[:-1]] + "s")  # "appts", "POs": the plural of the word
        else:
            spelled.append(ABBREVIATIONS.get(w, w))
    return " ".join(spelled).split()
