"""The profile's readings as domain config entries, under whatever the user configured.

A metric is the engine's one way to say "this word is that aggregate": putting the profile's
revenue there gives a database without a config the same reading path, explanation and
confirmation as a configured one. What the user configured always wins: an inferred entry is
added only where the config says nothing of that word.
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.db.schema import Schema, Table
from nl2sql.domain import ClarifyingQuestion, DomainConfig, Metric
from nl2sql.linking.abbreviations import expand
from nl2sql.linking.text import name_words, singular, spoken
from nl2sql.profile import PAYMENT_WORDS, Profile, charge_sql, counted_out, kept_test, profile_of, roles
from nl2sql.profile.roles import DURATION_WORDS, LENGTH, SIZE, TIME, TIME_UNITS, WEIGHT

# Words an analyst uses for money taken. A word that names a table or column of the schema is left
# to that table or column ("how many sales" counts a ``sales`` table's rows).
MONEY_TAKEN = ("revenue", "sales", "spend", "spent", "spending", "income", "turnover", "takings", "earnings",
               "money", "money made", "amount spent", "total spent", "sales amount", "gross sales",
               # said of the business itself: "how much did we make in 2025"
               "we make", "we made", "we earn", "we earned", "we take in", "we took in", "we bring in",
               "we brought in", "amount billed", "total billed", "amount invoiced", "total invoiced",
               # "billing" alone would meet the verb "bill" too ("how many visits did we bill")
               "total billing", "lifetime billing",
               # what a fundraiser brings in ("how much has each campaign raised")
               "money raised", "amount raised", "total raised", "funds raised", "has raised", "have raised",
               "we raised", "we raise",
               # ("how many bookings did we take" counts the bookings: measures._verb_of_counted)
               "we take", "we took", "we have taken", "have we taken", "we've taken")
REVENUE = "revenue"
# How people name a row's link to another row of its own table.
REFERENCE_WORDS = ("manager", "boss", "supervisor", "superior", "report to", "reports to", "reporting to",
                   "reports directly to", "report directly to", "directly reports to",
                   "managed by", "works for", "work for", "parent")
# Words that name what a column measures rather than its unit: only a column whose name says so
# ("duration_sec", "length_ms") is the row's duration or length; "break_minutes" is a break's.
_WHAT_WORDS = frozenset({"duration", "length", "size"})
# How a duration or a size is asked for, in any unit: each names the table's one column of that kind.
UNIT_WORDS = {TIME: ("duration", "length", "lasted", "lasting", "milliseconds", "seconds", "minutes", "hours",
                     "millisecond", "second", "minute", "hour", "ms", "secs", "mins", "hrs", "days", "nights"),
              SIZE: ("size", "bytes", "kilobytes", "megabytes", "gigabytes", "kb", "mb", "gb", "byte", "kilobyte",
                     "megabyte", "gigabyte"),
              LENGTH: ("meters", "metres", "centimeters", "centimetres", "millimeters", "kilometers", "meter",
                       "metre", "centimeter", "kilometer", "cm", "mm", "km"),
              WEIGHT: ("grams", "kilograms", "gram", "kilogram", "kg", "tonnes")}


def _schema_phrases(schema: Schema) -> set[str]:
    """Every name of the schema as words, singular and as said: what a metric word must not shadow."""
    phrases = set()
    for table in schema.tables:
        phrases.add(" ".join(name_words(table.name)))
        for col in table.columns:
            phrases.add(" ".join(name_words(col.name)))
    return phrases


def _config_phrases(config: DomainConfig) -> set[str]:
    phrases = set()
    for metric in config.metrics.values():
        phrases |= {" ".join(name_words(p)) for p in (metric.name, *metric.synonyms)}
    for words in [*config.table_synonyms.values(), *config.column_synonyms.values()]:
        phrases |= {" ".join(name_words(p)) for p in words}
    return phrases


def revenue_metrics(profile: Profile, schema: Schema, config: DomainConfig,
                    names: set[str] | None = None) -> tuple[Metric, ...]:
    """The profile's revenue as a metric with the money words no name of the schema or config
    holds; when the schema has several readings of it, the metric asks which, and each other
    reading is a metric of its own that the answer can choose."""
    if not profile.revenues:
        return ()
    taken = (names if names is not None else _schema_phrases(schema)) | _config_phrases(config)
    words = [w for w in MONEY_TAKEN if " ".join(name_words(w)) not in taken]
    if not words:
        return ()
    name = REVENUE if REVENUE in words else words[0]
    best, *others = profile.revenues
    alternates = tuple(Metric(name=f"{name}_{i + 2}", table=r.table, expression=r.expression,
                              description=r.description, where=r.where) for i, r in enumerate(others))
    question = None
    if alternates:
        question = ClarifyingQuestion(f"Count {name} as?", tuple(r.description for r in profile.revenues), 1,
                                      (name, *(m.name for m in alternates)))
    main = Metric(name=name, table=best.table, expression=best.expression, description=best.description,
                  where=best.where, synonyms=tuple(w for w in words if w != name), question=question)
    return (main, *alternates)


def with_profile(config: DomainConfig, schema: Schema) -> DomainConfig:
    """``config`` with the profile's readings added where it says nothing of their words.

    A config that defines any metric has taken charge of the measures: none is inferred beside them.
    """
    profile, names = profile_of(schema), _schema_phrases(schema)  # the schema's names, read once
    config = _with_unit_words(config, profile, schema, names)
    config = _with_reference_words(config, profile, names)
    config = _with_quantity_words(config, profile, names)
    config = _with_sale_words(config, profile, names)
    config = _with_customer_words(config, profile, schema, names)
    if config.metrics:
        return config
    metrics = revenue_metrics(profile, schema, config, names)
    metrics += received_metrics(schema, config, names)
    metrics += spent_metrics(profile, schema, config, names)
    return replace(config, metrics={m.name: m for m in metrics}) if metrics else config


# What is said of money paid to the business, as against what it sold: "how much came in in May".
RECEIVED = "received"
# Words of a table of payments the business makes, not receives.
_PAID_OUT = frozenset({"supplier", "vendor", "payroll", "salary", "wage", "expense", "purchase", "payout", "staff",
                       "employee", "refund"})
RECEIVED_WORDS = ("money received", "money came in", "came in", "come in", "coming in", "money in", "cash in",
                  "collected", "money collected", "paid us", "paid to us", "payments received", "cash received")


def received_metrics(schema: Schema, config: DomainConfig, names: set[str] | None = None) -> tuple[Metric, ...]:
    """The money of the one table of payments (its name says so; one amount of money, a date) as
    the money received, beside the revenue the sales read: a bill paid in parts, a deposit."""
    found = []
    for table in schema.tables:
        money = [c for c in table.columns if roles.is_money_taken(table, c)]
        named = set(expand(name_words(table.name)))  # "mbr_pmts": members' payments; a table named PAY
        if named == {"pay"} and any(set(expand(name_words(fk.ref_table))) & _PAID_OUT for fk in table.foreign_keys):
            continue  # PAY of employees: the payroll
        if table.stored and (PAYMENT_WORDS & named or named == {"pay"}) and not _PAID_OUT & named and len(money) == 1 \
                and table.date_columns:
            found.append((table, money[0]))
    taken = (names if names is not None else _schema_phrases(schema)) | _config_phrases(config)
    words = tuple(w for w in RECEIVED_WORDS if " ".join(name_words(w)) not in taken)
    if len(found) != 1 or not words:
        return ()
    table, paid = found[0]
    kept = kept_test(table, taken=True)  # a payment that failed, or is still pending, brought nothing in
    where = kept[0].sql(dialect=schema.dialect) if kept is not None else None
    return (Metric(name=RECEIVED if RECEIVED not in taken else f"{RECEIVED}_money", table=table.name,
                   expression=charge_sql(schema.dialect, paid.name), where=where, synonyms=words,
                   description=f"the sum of {spoken(paid.name)} of the {spoken(table.name)}"),)


# What a count of things sold is called: the quantity of the one table of lines.
SOLD_QUANTITY_WORDS = ("units", "pieces", "items sold", "units sold")


def _with_quantity_words(config: DomainConfig, profile: Profile, names: set[str]) -> DomainConfig:
    """"the most units", "units sold": the quantity of the lines, when the schema has one table of
    lines and says the words nowhere itself (a unit_price column is no count of units)."""
    if len(profile.lines) != 1:
        return config
    lines = profile.lines[0]
    key = (lines.table, lines.quantity)
    taken = names | _config_phrases(config)
    words = tuple(w for w in SOLD_QUANTITY_WORDS if w not in taken)
    if key in config.column_synonyms or not words:
        return config
    return replace(config, column_synonyms={**config.column_synonyms, key: words})


# What people call the rows a sale's lines make up, whatever the table is called (invoices, receipts, tickets).
SALE_WORDS = ("order", "orders", "purchase", "purchases", "transaction", "transactions")


def _with_sale_words(config: DomainConfig, profile: Profile, names: set[str]) -> DomainConfig:
    """"the most orders" on a store whose sales are kept as invoices: the one table of sales that
    lines make up, when no name of the schema or the config says the words."""
    parents = {lines.parent for lines in profile.lines if lines.parent is not None}
    if len(parents) != 1:
        return config
    (sale,) = parents
    taken = names | _config_phrases(config) | {w[:-1] for w in names if w.endswith("s")}
    words = tuple(w for w in SALE_WORDS if w not in taken and w.rstrip("s") not in taken)
    if sale in config.table_synonyms or not words:
        return config
    return replace(config, table_synonyms={**config.table_synonyms, sale: words})


# What a business calls the people who pay it, whatever the table is called (owners, patients, accounts).
CUSTOMER_WORDS = ("customer", "customers", "client", "clients", "buyer", "buyers")

def _with_customer_words(config: DomainConfig, profile: Profile, schema: Schema, names: set[str]) -> DomainConfig:
    """"top clients by spend" on a clinic whose payers are kept as owners, or a business's kept as
    accounts: the one table of people or named rows (a company's name) the sales refer to, other
    than people who work there, when no name of the schema or the config says the words."""
    parents = {lines.parent for lines in profile.lines if lines.parent is not None}
    sale = next(iter(parents)) if len(parents) == 1 else profile.revenue.table if profile.revenue else None
    table = schema.table(sale) if sale is not None else None
    if table is None:
        return config
    payers = {fk.ref_table for fk in table.foreign_keys if (ref := schema.table(fk.ref_table)) is not None
              and _named(ref) and not set(name_words(ref.name)) & roles.WORKER_WORDS}
    people = {name for name in payers if (ref := schema.table(name)) is not None and ref.person_name is not None}
    payers = people or payers  # a booking's member before its room
    taken = names | _config_phrases(config) | {w[:-1] for w in names if w.endswith("s")}
    words = tuple(w for w in CUSTOMER_WORDS if w not in taken and w.rstrip("s") not in taken)
    if len(payers) != 1 or not words:
        return config
    (payer,) = payers
    return replace(config, table_synonyms={**config.table_synonyms,
                                           payer: (*config.table_synonyms.get(payer, ()), *words)})


def _named(table: Table) -> bool:
    """Rows named as people or parties are: a first and last name, or a column called a name."""
    label = table.label_column
    return table.person_name is not None or (label is not None and "name" in name_words(label.name))


# The words of a key's own name that say it points up a line of command (or a tree), as a manager does.
_RANK_WORDS = frozenset({"manager", "mgr", "boss", "supervisor", "superior", "report", "reports", "lead", "leader",
                         "head", "chief", "parent", "director", "up", "above", "managed", "supervised", "led",
                         "overseen", "reporting", "foreman", "forewoman", "captain", "overseer"})


def _with_reference_words(config: DomainConfig, profile: Profile, names: set[str]) -> DomainConfig:
    """How people name a key into the same table (a manager, a parent), whatever the column is called."""
    taken = names | _config_phrases(config)
    added = dict(config.column_synonyms)
    for ref in profile.self_references:
        if (ref.table, ref.column) in added or len([r for r in profile.self_references if r.table == ref.table]) > 1:
            continue
        own = _own_reference_words(ref.table, ref.column)
        # a key named for another link ("referred_by", "mentor_id") is no one's manager: its own words only
        ranked = not own or any(set(phrase.split()) & _RANK_WORDS for phrase in own)
        words = [*REFERENCE_WORDS, *own] if ranked else list(own)
        added[(ref.table, ref.column)] = tuple(w for w in dict.fromkeys(words) if w not in taken)
    return replace(config, column_synonyms=added) if added != config.column_synonyms else config


def _own_reference_words(table: str, column: str) -> tuple[str, ...]:
    """What the key's own name calls the link, without its key word and the table's noun:
    ``referred_by_member_id`` is "referred by" (and "referred"), ``team_lead_id`` a "team lead"."""
    noun = set(name_words(table))
    words = [w for w in expand(name_words(column)) if w not in ("id", "key", "code", "no") and w not in noun]
    phrase = " ".join(words)
    if not words or phrase in ("by", "to", "of"):
        return ()
    return (phrase, words[0]) if len(words) > 1 and words[-1] == "by" else (phrase,)


def _with_unit_words(config: DomainConfig, profile: Profile, schema: Schema, names: set[str]) -> DomainConfig:
    """The units a measure can be asked in ("longer than 5 minutes") name the one column of its
    table that measures that dimension; its value is converted when the query is written. A column
    no word links to by name (a wait, reached by its event) is no such column."""
    taken = names | _config_phrases(config)
    added = dict(config.column_synonyms)
    units = [u for u in profile.units if (t := schema.table(u.table)) is None or (c := t.column(u.column)) is None
             or c.linked]
    for unit in units:
        same = [u for u in units if u.table == unit.table and u.dimension == unit.dimension]
        if len(same) != 1 or (unit.table, unit.column) in added:
            continue
        words = UNIT_WORDS[unit.dimension]
        # "break_minutes" is no "length" of its row: its name says what it measures, and it is no
        # duration ("duration_sec", "ride_time_min") nor a bare unit ("milliseconds")
        other = set(expand(name_words(unit.column))) - set(UNIT_WORDS[unit.dimension]) - {unit.unit} \
            - {expand([unit.unit])[0]} - DURATION_WORDS \
            - set(name_words(unit.table))  # "video_seconds" of a videos table is the video's own length
        words = tuple(w for w in words if w not in _WHAT_WORDS or not other)
        if unit.dimension == TIME and unit.factor >= TIME_UNITS["day"]:  # a span of dates is said in days or more
            words = tuple(w for w in words if TIME_UNITS.get(singular(w), unit.factor) >= unit.factor)
        added[(unit.table, unit.column)] = tuple(w for w in words if w not in taken)
    return replace(config, column_synonyms=added) if added != config.column_synonyms else config


# What is said of money the business pays out ("how much did we spend on stock last month").
SPENT = "outgoings"
SPENT_WORDS = ("we spend", "we spent", "we've spent", "we have spent", "have we spent", "our spending", "our spend",
               "expenditure", "money out")
# Words of a table of what the business buys or pays for, and of those it buys from.
_BOUGHT = frozenset({"purchase", "expense", "expenditure", "outgoing", "outlay", "spend"})
_SELLERS = frozenset({"supplier", "vendor", "contractor", "wholesaler"})


def spent_metrics(profile: Profile, schema: Schema, config: DomainConfig,
                  names: set[str] | None = None) -> tuple[Metric, ...]:
    """The money of the one dated table of what the business buys (its name says so, or its rows
    point at suppliers), when no sale is read from it: what "we spent" adds up."""
    sold = {r.table for r in profile.revenues} | {ln.table for ln in profile.lines} \
        | {ln.parent for ln in profile.lines if ln.parent is not None}
    found = []
    for table in schema.tables:
        named = set(expand(name_words(table.name)))
        sellers = any(set(expand(name_words(fk.ref_table))) & _SELLERS for fk in table.foreign_keys)
        money = [c for c in table.columns if roles.is_money(table, c) and not roles.is_price(table, c)]
        if table.stored and table.name not in sold and (named & _BOUGHT or sellers) and len(money) == 1 \
                and table.date_columns and not counted_out(schema, table):
            found.append((table, money[0]))
    taken = (names if names is not None else _schema_phrases(schema)) | _config_phrases(config)
    words = tuple(w for w in SPENT_WORDS if " ".join(name_words(w)) not in taken)
    if len(profile.spending) == 1 and words and SPENT not in taken:  # what the bought lines cost, one by one
        paid_out = profile.spending[0]
        return (Metric(name=SPENT, table=paid_out.table, expression=paid_out.expression, synonyms=words,
                       where=paid_out.where, description=paid_out.description),)
    if len(found) != 1 or not words or SPENT in taken:
        return ()
    table, paid = found[0]
    kept = kept_test(table)  # a claim rejected, a purchase refunded: nothing was spent
    where = kept[0].sql(dialect=schema.dialect) if kept is not None else None
    return (Metric(name=SPENT, table=table.name, expression=charge_sql(schema.dialect, paid.name), synonyms=words,
                   where=where, description=f"the sum of {spoken(paid.name)} of the {spoken(table.name)}"),)
