"""Measures: grouping, aggregates, metrics, rankings ("the most", "best", "top N by").

Each public function is one reading step over a ``ReadContext`` and the ``Decided`` before it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlglot import exp

from nl2sql.db.schema import DATE, TEXT, Column, Table
from nl2sql.dialog.questions import SlotKey
from nl2sql.domain import ClarifyingQuestion, Metric
from nl2sql.engines.builtin import doubts, intervals
from nl2sql.engines.builtin.analysis import AGGREGATE_WORDS, HOW_MANY_MOST, Analysis, counted_at
from nl2sql.engines.builtin.deeds import deed_tables
from nl2sql.engines.builtin.events import IRREGULAR_PARTICIPLES
from nl2sql.engines.builtin.held_amounts import verb_of_held
from nl2sql.engines.builtin.names import snake
from nl2sql.engines.builtin.owed import owed_money
from nl2sql.engines.builtin.paired import paid_against_upper
from nl2sql.engines.builtin.pending import awaited_object
from nl2sql.engines.builtin.rates import rate_in
from nl2sql.engines.builtin.reader import Claims, Decided, ReadContext, Step, entity_keys, is_child
from nl2sql.engines.builtin.resolve import (
    best_candidate,
    bridged_head,
    date_column_for,
    find_concept,
    kind_value,
    money_of_another,
    own_money_before,
    said_reading,
    subject_value,
)
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, GroupKey
from nl2sql.engines.builtin.yes_no import flag_noun, flag_of
from nl2sql.identifiers import column
from nl2sql.linking.lexicon import COLUMN, METRIC, STEM, SYNONYM, TABLE, VALUE, Candidate, Link, best_tables, days_kept
from nl2sql.linking.text import STOPWORDS, name_words, singular, spoken
from nl2sql.profile import profile_of, roles, sales_kept


@dataclass(frozen=True)
class Ranking:
    """What a superlative ranks by: kind is order | aggregate | count_group | count_bucket | count_other |
    by_child | referred (the rows by how many of their own table point to each) | metric (the rows
    ranked by the metric the question computes) | aggregate_of (the rows ranked by an aggregate the
    question names right after the superlative: "the highest average <column>")."""

    kind: str
    ref: ColumnRef
    descending: bool
    aggregate: int | None = None  # kind "aggregate_of": which of the question's aggregates ranks
    measure: ColumnRef | None = None  # kind "total_group": the column totalled in each group
    counted: ColumnRef | None = None  # kind "count_group": the key of other rows counted in each group


def group_links(ctx: ReadContext, measured: bool = False) -> dict[int, Link]:
    """Links after per/by/each that say what to group on; ``measured``: the query already aggregates."""
    a = ctx.a
    out: dict[int, Link] = {}
    has_measure = measured or a.count or bool(a.aggregates) or bool(a.superlatives) \
        or any(link.of_kind(METRIC) for link in a.links) \
        or rate_in(a, ctx.schema) is not None or _amount_first(ctx)  # "revenue by <rows>", "refund rate per <rows>"
    for g in a.group_words:
        found = _group_link(ctx, g, has_measure)
        if found is not None:
            out[found[0]] = found[1]
    if has_measure and (ranked := _ranked_values(ctx)) is not None:
        out[ranked.first] = ranked
    return out


def _amount_first(ctx: ReadContext) -> bool:
    """ "hours by person", "miles by month": a line that opens with a column whose values add up
    (hours logged, money, a quantity) says what each group totals."""
    a = ctx.a
    link = a.links[0] if a.links and a.group_words and a.links[0].first == 0 else None
    if link is None or link.last >= min(a.group_words) or link.of_kind(TABLE) or link.of_kind(VALUE):
        return False
    found = [(ctx.table(c.table), c.column or "") for c in link.of_kind(COLUMN) if c.score >= 1.0]
    return bool(found) and all((col := table.column(name)) is not None and roles.adds_up(table, col)
                               for table, name in found)


def _group_link(ctx: ReadContext, g: int, has_measure: bool) -> tuple[int, Link] | None:
    """What the group word at ``g`` groups on, keyed by where it is said, if it groups."""
    a = ctx.a
    link = _kind_of_table(ctx, g) or a.next_link(g, max_gap=2) or _after_period(a, g)
    if link is not None and (listed := _listed_values(ctx, link)) is not None and has_measure:
        return g, Link(g, g, (listed,))  # "rentals by bike, scooter and kayak": by the column they are of
    if link is not None and link.of_kind(VALUE) and (link.strong or not (link.of_kind(TABLE) or link.of_kind(COLUMN))):
        # "in each Computer Science course", "for each sushi restaurant": the rows named after
        # the value, the value one condition of theirs; a kind said in several lowercase words
        # ("per senior bus driver") is grouped as one word of it would be
        after = a.link_at(link.last + 1)
        kept = not link.strong or per_kind(ctx, g, link)
        link = after if after is not None and ctx.names_table(after) else link if kept else None
    if link is None or not (link.of_kind(COLUMN) or link.of_kind(TABLE) or per_kind(ctx, g, link)):
        return None
    link = _column_of_named(ctx, link)
    return (link.first, link) if _groups(ctx, g, link, has_measure) else None


def _kind_of_table(ctx: ReadContext, g: int) -> Link | None:
    """ "each kind of course": the rows of the table named, as one link over the words; a type column
    of theirs ("each type of pet": its pet_type) is read as that column, elsewhere."""
    a = ctx.a
    kind_of = a.link_at(g + 3) if a.word(g + 1) in _KIND_OF_WORDS and a.word(g + 2) == "of" else None
    if kind_of is None or not ctx.names_table(kind_of):
        return None
    said = a.link_at(g + 1)
    if said is not None and any(c.table == ctx.table_of(kind_of) for c in said.of_kind(COLUMN)):
        return None
    return Link(g + 1, kind_of.last, kind_of.candidates)


def _listed_values(ctx: ReadContext, link: Link) -> Candidate | None:
    """The one column of a list of two or more of its stored values said from ``link`` on ("bike,
    scooter and kayak"), as a column a grouping can read."""
    a, count = ctx.a, 0
    columns: set[tuple[str, str | None]] | None = None
    at: Link | None = link
    while at is not None and at.of_kind(VALUE) and not at.of_kind(TABLE):
        here = {(c.table, c.column) for c in at.of_kind(VALUE)}
        columns = here if columns is None else columns & here
        count += 1
        j = at.last + 1
        while a.word(j) in (",", "and", "or"):
            j += 1
        at = a.link_at(j)  # commas are no tokens: "card, cash" is two values side by side
    if count < 2 or not columns or len(columns) != 1:
        return None
    table, col = columns.pop()
    return Candidate(COLUMN, table, col, score=1.0)


def _after_period(a: Analysis, g: int) -> Link | None:
    """ "for each upcoming event", "per past booking": the rows after a period said as their
    modifier are the groups (the period keeps them, read with the dates)."""
    period = next((d for d in a.dates if d.first == g + 1), None)
    if period is None:
        return None
    link = a.link_at(period.last + 1)
    return link if link is not None and link.first == period.last + 1 else None


def _column_of_named(ctx: ReadContext, link: Link) -> Link:
    """ "by test centre", "per customer city": a table's name before one of its columns (not its
    label) says whose column it is; the column is what the rows are grouped by."""
    after = ctx.a.link_at(link.last + 1)
    named = ctx.table_of(link) if ctx.names_table(link) else None
    if after is None or after.first != link.last + 1 or named is None or after.of_kind(TABLE) \
            or after.of_kind(VALUE):
        return link
    table = ctx.table(named)
    own = [c for c in after.of_kind(COLUMN) if c.table == named and c.score >= 1.0
           and (col := table.column(c.column or "")) is not None and col != table.label_column
           and col.name not in table.fk_columns and not col.primary_key]
    return after if own else link


def _ranked_values(ctx: ReadContext) -> Link | None:
    """ "top 3 countries by number of orders", "which 3 cities have the most guests": the values of a
    column said in the plural after how many to keep are the groups ranked (not a table's names)."""
    a = ctx.a
    if a.limit is None or not a.limit_span:
        return None
    link = a.link_at(max(a.limit_span) + 1)
    if link is None or link.first != link.last or ctx.names_table(link) or a.tokens[link.first].text == \
            a.tokens[link.first].norm:
        return None
    columns = [cand for cand in link.of_kind(COLUMN) if cand.score >= 1.0]
    table = ctx.table(columns[0].table) if len(columns) == 1 else None
    column = table.column(columns[0].column or "") if table is not None else None
    if column is None or column.kind != TEXT or table is None or column == table.label_column:
        return None
    return link


def per_kind(ctx: ReadContext, g: int, link: Link) -> bool:
    """ "per hygienist", "each stylist": a stored value said as a noun right after a group word is
    a kind of rows, grouped one by one (and kept to that kind by a condition)."""
    return ctx.a.word(g) != "by" and link.first == g + 1 and kind_value(ctx.a, link)


def _groups(ctx: ReadContext, g: int, link: Link, has_measure: bool) -> bool:
    """Whether the group word at ``g`` and the column or table after it group the rows."""
    a, word = ctx.a, ctx.a.word(g)
    if word == "by" and not has_measure and not a.buckets and (link.of_kind(VALUE) or not link.of_kind(COLUMN)):
        return False  # "<verb> by <value>" is no grouping; "<rows> by <column>" is
    if _value_named_after(ctx, link):
        return False  # "by the artist <a name>": the word says whose value follows, a condition
    if word == "by" and _participle(a.word(g - 1)) and (_flagged_people(ctx, link) or not (
            has_measure and link.of_kind(COLUMN) and not link.of_kind(TABLE) and not link.of_kind(VALUE))):
        return False  # "shared by <rows>", "written by <rows>": who did it, not a grouping; but a measure
        # "received by payment method" is grouped by the column
    if word == "by" and _ranks_by(ctx, g, link):
        return False  # "the best <row> by <measure>": what the rows are ranked by
    if a.word(g + 1) in ("all", "any", "no"):
        return False  # "<aggregate> across all <rows>" is one number, "used by any <row>" an agent: no grouping
    # without a measure "every"/"each" lists rows; with one it groups
    return not (word in ("each", "every") and not has_measure and not a.buckets)


def _flagged_people(ctx: ReadContext, link: Link) -> bool:
    """Whether the link is the plural noun of a yes/no column ("couriers" for ``is_courier``): after
    "made by" it names who did it, the rows the column says yes of."""
    token = ctx.a.tokens[link.last]
    if link.first != link.last or token.text == token.norm:
        return False
    for cand in link.of_kind(COLUMN):
        col = ctx.table(cand.table).column(cand.column or "")
        if col is not None and flag_noun(col.name) == (token.norm,) and flag_of(ctx.table(cand.table), col) is not None:
            return True
    return False


def _value_named_after(ctx: ReadContext, link: Link) -> bool:
    """Whether a value of the table or column ``link`` names comes right after it."""
    after = ctx.a.link_at(link.last + 1)
    if after is None or after is link:
        return False
    tables = {k.table for k in link.of_kind(TABLE) if k.score >= 1.0}
    columns = {(k.table, k.column) for k in link.of_kind(COLUMN) if k.score >= 1.0}
    return any(k.table in tables or (k.table, k.column) in columns for k in after.of_kind(VALUE))


def _ranks_by(ctx: ReadContext, g: int, link: Link) -> bool:
    """Whether "by <column>" follows a superlative and names a measured value (not a key, not text):
    the ranking's measure ("the best book by quantity"), not groups ("the highest price by category")."""
    a = ctx.a
    if not any(s.index < g for s in a.superlatives) or ctx.names_table(link):
        return False
    columns = link.of_kind(COLUMN)
    return bool(columns) and ctx.numeric(link, columns[0].table, set(), values_only=True) is not None




def _participle(word: str) -> bool:
    """A verb form that takes an agent with "by" ("shared by", "written by")."""
    return word in IRREGULAR_PARTICIPLES or (word.endswith("ed") and len(word) >= 4)


def group_keys(ctx: ReadContext, d: Decided, entity: str, in_play: set[str],
               links: dict[int, Link]) -> Step[list[GroupKey]]:
    """The grouping: columns or tables after per/by/each, and date buckets ("per month")."""
    c, keys = Claims(d), []
    for link in links.values():
        if doubts.is_date_link(link, ctx.schema) and not c.taken(link.first):
            chosen, unsure = doubts.date_choice(link, ctx.table(entity), ctx.slots)
            c.ask(unsure)
            if chosen:
                table_name, _, column_name = chosen.partition(".")
                keys.append(GroupKey(ColumnRef(table_name, column_name), "day"))
                c.claim(link, "group")
                continue
        cand = best_candidate(link, COLUMN, entity, ctx.schema, in_play)
        tables = link.of_kind(TABLE) or [v for v in link.of_kind(VALUE) if not link.of_kind(COLUMN)]
        if _own_rows_after_value(ctx, link, entity):
            if not link.of_kind(TABLE):
                c.claim(link, "kind")  # "per repair": the value keeps the rows (a condition, read with the values)
            continue  # "the average capacity for each yoga class": of the yoga classes, not one per class
        if tables and (cand is None or cand.score < 1.0):
            keys.extend(entity_keys(ctx.table(bridged_head(ctx.schema, max(tables, key=lambda t: t.score).table))))
        elif cand is not None:
            col = ctx.table(cand.table).column(cand.column or "")
            # a timestamp is grouped by day: one group per second says nothing
            bucket = "day" if col is not None and col.kind == DATE else None
            keys.append(GroupKey(ColumnRef(cand.table, cand.column or ""), bucket))
        c.claim(link, "group")
    keys += _bucket_keys(ctx, c, entity, in_play)
    return c.done(keys)


def _days_column(ctx: ReadContext, entity: str, in_play: set[str]) -> ColumnRef | None:
    """The column of the main rows that keeps days of the week by name; of a table in play only when
    the main rows keep no date (a store's closing day is no day an order was placed on)."""
    main = ctx.schema.table(entity)
    others = sorted(in_play - {entity}) if main is not None and not main.date_columns else []
    for name in [entity, *others]:
        table = ctx.schema.table(name)
        found = next((col for col in table.columns if days_kept(col)), None) if table is not None else None
        if table is not None and found is not None:
            return ColumnRef(table.name, found.name)
    return None


def _bucket_keys(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> list[GroupKey]:
    """The periods asked for ("per month", "by hour of the day"), each on the date the rows are dated by."""
    keys = []
    for bucket, index in ctx.a.buckets:
        if _rate_of_a_column(ctx, index):
            c.used.update(ctx.a.span(index))  # read: what the amount is per
            continue
        if bucket == "weekday" and (days := _days_column(ctx, entity, in_play)) is not None:
            keys.append(GroupKey(days))  # the rows keep their day of the week: 'Mon', not a date's number
            c.used.update(ctx.a.span(index))
            continue
        ref = ctx.date_override or date_column_for(ctx.a, ctx.schema, entity, in_play, ctx.domain)
        if ref is not None and bucket == "hour" and not _keeps_time(ctx, ref):
            c.doubts.append(f"{ref.column} keeps no time of day")  # every row would be hour 00
            continue
        if ref is not None:
            keys.append(GroupKey(ref, bucket))
            c.used.update(ctx.a.span(index))
        elif bucket == "year" and (year := _year_number(ctx, entity, in_play)) is not None:
            keys.append(GroupKey(year))  # "each year" with no date: the number column that holds years
            c.used.update(ctx.a.span(index))
    return keys


def _rate_of_a_column(ctx: ReadContext, index: int) -> bool:
    """ "the monthly fee", "their annual salary": a period said as an adjective of a money column
    the rows keep (not of money taken, "monthly revenue") says what the amount is per, no grouping."""
    a = ctx.a
    word = a.word(index)
    nxt = a.link_at(index + 1)
    if not word.endswith("ly") and word not in ("annual", "nightly"):
        return False
    return nxt is not None and not nxt.of_kind(METRIC) and not nxt.of_kind(TABLE) and any(
        (t := ctx.schema.table(cand.table)) is not None and (col := t.column(cand.column or "")) is not None
        and roles.is_money(t, col) for cand in nxt.of_kind(COLUMN))


def _own_rows_after_value(ctx: ReadContext, link: Link, entity: str) -> bool:
    """Whether a grouping word's rows are the query's own, said as a kind ("per repair") or after a
    plain value ("for each yoga class"): one group per row measures nothing; the value keeps those rows."""
    if not link.of_kind(TABLE) and not link.of_kind(COLUMN):
        return any(v.table == entity for v in link.of_kind(VALUE))
    before = ctx.a.link_at(link.first - 1)
    tables = link.of_kind(TABLE)
    return (before is not None and bool(before.of_kind(VALUE)) and not before.strong and bool(tables)
            and max(tables, key=lambda t: t.score).table == entity)


def _keeps_time(ctx: ReadContext, ref: ColumnRef) -> bool:
    """Whether a moment column holds a time of day: declared a timestamp or time, or not declared
    a plain date (text columns keep whatever was written)."""
    col = ctx.table(ref.table).column(ref.column)
    declared = (col.type if col is not None else "").upper()
    return "TIME" in declared or "DATE" not in declared


def _year_number(ctx: ReadContext, entity: str, in_play: set[str]) -> ColumnRef | None:
    """A number column called year on the main table, else on a table in play."""
    for name in [entity, *sorted(in_play - {entity})]:
        col = ctx.table(name).column("year")
        if col is not None and col.is_numeric:
            return ColumnRef(name, col.name)
    return None


def _names_column(ctx: ReadContext, link: Link, word: str) -> bool:
    """Whether ``link`` followed by ``word`` is a column's name ("<table>" + "total")."""
    phrase = " ".join(t.norm for t in ctx.a.tokens[link.first:link.last + 1]) + " " + word
    return ctx.a.lexicon is not None and any(c.kind == COLUMN and c.score >= 1.0 for c in ctx.a.lexicon.lookup(phrase))


def ranked_by_count(ctx: ReadContext, d: Decided, entity: str) -> Step[str | None]:
    """ "by number of <rows>": the table whose rows are counted to rank, when it is not the main one."""
    a, c = ctx.a, Claims(d)
    if a.count_index <= 0 or a.word(a.count_index - 1) != "by":
        return c.done(None)
    link = a.next_link(a.count_index + 1, max_gap=2)
    if link is not None and link.of_kind(VALUE) and not link.of_kind(TABLE):
        link = a.next_link(link.last, max_gap=0)  # "by number of completed stays": the value is theirs, read apart
    table = _counted_for(ctx, link, entity) if link is not None else None
    if link is None or table is None or table == entity:
        return c.done(None)
    c.claim(link, "rank", *a.count_span, a.count_index - 1, *a.limit_span)
    return c.done(table)


def _counted_for(ctx: ReadContext, link: Link, entity: str) -> str | None:
    """The table a word names to count for each row of ``entity``; of names it fits equally, the one
    whose rows refer to the entity's ("customers by number of orders": the sales orders that name
    a customer, not the purchase orders of a supplier)."""
    tied = best_tables(link.candidates)
    referring = [t for t in tied if ctx.schema.points_to(t, entity)]
    return referring[0] if len(tied) > 1 and len(referring) == 1 else (tied[0] if tied else None)


def rank_aggregate(ctx: ReadContext, chosen: str) -> Aggregate:
    """ "sum:orders.total_amount" or "count:orders" (a rank option) as the aggregate it means."""
    how, _, target = chosen.partition(":")
    child, _, column_name = target.partition(".")
    profile = profile_of(ctx.schema)
    line = next((li for li in profile.lines if li.table == child and li.quantity == column_name), None)
    where, left_out = sales_kept(profile, line) if how == "sum" and line is not None else (None, "")
    if where is not None:  # units sold: none of a sale called off or still to come
        units = exp.Sum(this=column(column_name)).sql(dialect=ctx.schema.dialect)
        return Aggregate("metric", metric=Metric(
            name=f"total_{snake(column_name)}", table=child, expression=units, where=where,
            description=f"the sum of {spoken(column_name)} of the {spoken(child)}{left_out}"))
    if how in ("sum", "avg"):
        return Aggregate(how, ColumnRef(child, column_name))
    return Aggregate("count", ctx.row_key(child))


def chosen_metric_table(ctx: ReadContext, entity: str | None) -> str | None:
    """The table of the metric an answer chose, or the words named ("revenue by part" of a reading on
    the parts used), in place of the one ``entity`` was picked for."""
    for link in ctx.a.links:
        for cand in link.of_kind(METRIC):
            metric = cand.metric
            if metric is None or metric.question is None or metric.table != entity:
                continue
            said = said_reading(ctx.a, ctx.domain, metric, link.first)
            if said is not None and said.table != metric.table:
                return said.table
            chosen = ctx.domain.metrics.get(ctx.slots.get(SlotKey("metric_question", metric.name)) or "")
            if chosen is not None and chosen.table != metric.table:
                return chosen.table
    return None


def configured(ctx: ReadContext, c: Claims, question: ClarifyingQuestion, slot: SlotKey,
               about: str) -> tuple[str | None, ReadContext]:
    """Ask a domain-config question; returns the value chosen (the answer, or the default) and the
    context to read on with: an answer naming a date column becomes the date to use."""
    c.ask(doubts.configured(question, slot, about, ctx.slots))
    chosen = ctx.slots.get(slot) or (question.values[question.default - 1]
                                     if question.values and question.default else None)
    table_name, _, column_name = (chosen or "").partition(".")
    table = ctx.schema.table(table_name) if column_name else None
    column = table.column(column_name) if table is not None else None
    if table is not None and column is not None and column.kind == DATE:
        ctx = replace(ctx, date_override=ColumnRef(table.name, column.name))
    return chosen, ctx


def metrics(ctx: ReadContext, d: Decided) -> tuple[Step[list[Aggregate]], ReadContext]:
    """Named metrics of the domain config, and the context after any question they ask."""
    c, out = Claims(d), list[Aggregate]()
    for link in ctx.a.links:
        if money_of_another(ctx.a, link) or awaited_object(ctx.a, link.first):
            c.used.update(range(link.first, link.last + 1))  # "waiting on money": not yet paid, no measure
            continue
        if paid_against_upper(ctx, link.first):
            continue  # "earn more than their manager": the rows' own pay (paired.py)
        if _verb_of_counted(ctx, link):
            c.used.update(range(link.first, link.last + 1))
            continue
        if verb_of_held(ctx, link):
            c.used.update(range(link.first, link.last + 1))
            continue  # "members who have earned some points": what they earned is the column said
        if (own := own_money_before(ctx.a, ctx.schema, link)) is not None:  # "fuel spend": the fuel's cost
            # "average fuel spend" of each fill; not "per month" (an average of the months' totals, asked)
            asked = [(func, at) for func, at in ctx.a.aggregates if at == link.first - 2
                     and not ctx.a.group_words and not ctx.a.buckets]
            c.aggregate_links[link.first] = len(out)
            out.append(Aggregate(asked[0][0] if asked else "sum", own))
            c.claim(link, "metric", *(at for _func, at in asked))
            if (rows := ctx.a.link_at(link.first - 1)) is not None:
                c.claim(rows, "metric")  # the rows' word says whose money: no column of its own
            continue
        for cand in link.of_kind(METRIC):
            if cand.metric is not None and not c.taken(link.first):
                metric = cand.metric
                if (said := said_reading(ctx.a, ctx.domain, metric, link.first)) is not None:
                    metric = said  # the words name the rows of one reading: nothing to ask
                elif metric.question is not None:
                    chosen, ctx = configured(ctx, c, metric.question, SlotKey("metric_question", metric.name),
                                             metric.name)
                    # a choice may name another metric, which is used instead
                    metric = ctx.domain.metrics.get(chosen or "", metric)
                c.aggregate_links[link.first] = len(out)
                out.append(Aggregate("metric", metric=metric))
                c.claim(link, "metric")
                c.used.update(i for i in _rows_of_metric_before(ctx, link, metric) if not c.taken(i))
                break
    return c.done(out), ctx


def _rows_of_metric_before(ctx: ReadContext, link: Link, metric: Metric) -> tuple[int, ...]:
    """The word right before a metric that names the rows it measures, or the sale its lines make up
    ("kiosk takings" of kiosk sale lines): a table word, or a word of their names no link took."""
    at, table = link.first - 1, ctx.schema.table(metric.table)
    own = {metric.table, *(fk.ref_table for fk in table.foreign_keys)} if table is not None else set()
    before = ctx.a.link_at(at)
    if before is not None:
        named = any(cand.table in own and cand.score >= 1.0 for cand in before.of_kind(TABLE))
        return tuple(range(before.first, before.last + 1)) if named else ()
    word = ctx.a.word(at)
    return (at,) if at >= 0 and word not in STOPWORDS and any(word in name_words(t) for t in own) else ()


def _verb_of_counted(ctx: ReadContext, link: Link) -> bool:
    """ "how many bookings did we take": a verb of money taken ("we take", "we made") whose object is
    the rows counted before it says what was done to them, not money."""
    a = ctx.a
    if not a.count_span or a.word(link.first) not in ("we", "did", "have", "we've"):
        return False
    return counted_at([t.norm for t in a.tokens], a.count_span) < link.first


# Words between an aggregate word and "of <column>" that say only that an amount is meant.
_AMOUNT_OF = frozenset({"value", "amount", "sum", "size"})


def _aggregated_link(ctx: ReadContext, c: Claims, index: int) -> tuple[bool, Link | None]:
    """(skip, link): the link an aggregate word at ``index`` applies to; skip when it adds nothing."""
    a = ctx.a
    link = a.next_link(index, max_gap=2)
    if link is None and any(i == index + 1 for _unit, i in a.buckets):
        link = a.next_link(index + 1, max_gap=1)  # "average monthly <amount>": the period says the groups
    if link is None and a.word(index + 1) in _AMOUNT_OF and a.word(index + 2) == "of" and a.link_at(index + 1) is None:
        link = a.next_link(index + 2, max_gap=2)  # "the whole value of <column>": the column's total
        if link is not None:
            c.used.update((index + 1, index + 2))
    before = a.link_at(index - 1)
    if link is None and before is not None and _names_column(ctx, before, a.word(index)):
        c.used.add(index)  # it completes a column name ("<table> total")
        return True, None
    link = link or _link_past_words(ctx, index)
    if link is not None and (own := _own_column_after(ctx, link)) is not None:
        c.used.update(range(link.first, link.last + 1))  # "average session length": the session's length
        link = own
    if link is not None and c.role(link.first) == "metric":
        if a.word(index) in ("total", "sum"):  # "total revenue": the metric's own total, said
            c.used.add(index)
        return True, None  # an aggregate word before a metric: the metric already says how to add up
    return False, link


def _link_past_words(ctx: ReadContext, index: int) -> Link | None:
    """The column after a list of aggregate words ("average, minimum and maximum <column>"), or past
    one word the schema lacks ("total ride duration", the word left unused)."""
    a = ctx.a
    j = index + 1
    while j < len(a.tokens) and (a.word(j) in AGGREGATE_WORDS or a.word(j) in ("and", "or", "the")):
        j += 1
    if (link := a.link_at(j)) is not None:
        return link
    nxt = a.link_at(index + 2) if a.link_at(index + 1) is None else None
    return nxt if nxt is not None and nxt.of_kind(COLUMN) and not nxt.of_kind(TABLE) else None


def _own_column_after(ctx: ReadContext, link: Link) -> Link | None:
    """The link right after a table's name that names a number of that table outright ("session
    length" of sessions): the column the aggregate is of, the table word saying whose."""
    a = ctx.a
    tables = {cand.table for cand in link.of_kind(TABLE) if cand.score >= 1.0}
    after = a.link_at(link.last + 1)
    if not tables or after is None or after.first != link.last + 1 or after.of_kind(TABLE):
        return None
    for cand in after.of_kind(COLUMN):
        col = ctx.table(cand.table).column(cand.column or "") if cand.table in tables else None
        if col is not None and cand.score >= 1.0 and col.is_numeric and not col.primary_key:
            return after
    return None


def _aggregated_column(ctx: ReadContext, c: Claims, funcs: tuple[str, ...], index: int, link: Link | None,
                       entity: str, in_play: set[str], position: int) -> tuple[bool, ColumnRef | None]:
    """(skip, column): the column aggregate words name; skip when the words name a column only.

    ``funcs``: the aggregate words of one list ("minimum and maximum"), which share the column;
    the smallest and largest of a text or date column are answers too, a sum or average is not."""
    a = ctx.a
    if a.word(index) == "how":  # "how much": the amount may be named anywhere in the line
        if any(c.role(lk.first) == "metric" for lk in a.links):
            c.used.update(a.span(index))  # "how much ... spend": the metric is the amount
            return True, None
        link = next((lk for lk in a.links if not c.taken(lk.first)
                     and ctx.numeric(lk, entity, in_play, values_only=True) is not None), None)
    if link is None or c.taken(link.first):
        return False, None
    if link.of_kind(TABLE) and (not link.of_kind(COLUMN) or
                                ctx.numeric(link, ctx.table_of(link) or entity, in_play, values_only=True) is None):
        return False, _past_table_word(ctx, c, link, entity, in_play)
    # a key is a label, never added up or averaged, unless a word names it ("the average <key>")
    ref = ctx.numeric(link, entity, in_play, values_only=True)
    if ref is None and set(funcs) <= {"min", "max"} and not ctx.names_table(link):
        ref = ctx.column_of(link, entity, in_play)
    if ref is None:
        return False, None
    if (money := _money_of_flagged(ctx, ref, funcs)) is not None:
        return False, money  # the flag's words are left to say which rows: read as its condition
    if funcs == ("sum",) and a.word(index) == "total" and ref.table == entity and \
            any(comp.first in (link.last + 1, link.last + 2) for comp in a.comparisons):
        return True, None  # "total <column>" before a comparison names a column, not a sum
    c.claim(link, "aggregate")
    c.aggregate_links[link.first] = position
    return False, ref


def _money_of_flagged(ctx: ReadContext, ref: ColumnRef, funcs: tuple[str, ...]) -> ColumnRef | None:
    """ "total charged" of rows with a ``charged_to_customer`` yes/no: a yes/no adds up to nothing
    anyone asks for; the amount is the money the rows keep, of the rows the flag says yes of."""
    table = ctx.table(ref.table)
    col = table.column(ref.column) if table is not None else None
    if table is None or col is None or not set(funcs) <= {"sum", "avg"} or flag_of(table, col) is None:
        return None
    money = roles.money_kept(table)
    return ColumnRef(table.name, money.name) if money is not None else None


def _past_table_word(ctx: ReadContext, c: Claims, link: Link, entity: str, in_play: set[str]) -> ColumnRef | None:
    """ "<aggregate> <table> <column>": the table word (or its key) skipped to reach its column;
    "total payments" alone: the money the payments are."""
    nxt = ctx.a.next_link(link.last, max_gap=1)
    ref = ctx.numeric(nxt, ctx.table_of(link) or entity, in_play, values_only=True)
    if ref is not None and nxt is not None:
        c.claim(nxt, "aggregate", *range(link.first, link.last + 1))
    elif (money := _money_of(ctx, link, entity)) is not None:
        c.claim(link, "aggregate")
        return money
    return ref


def _aggregate_lists(ctx: ReadContext) -> list[list[tuple[str, int]]]:
    """The aggregate words in lists: words joined only by and/or/commas ("average, minimum and
    maximum <column>") form one list, which applies each of them to the one column named after it."""
    a, lists = ctx.a, list[list[tuple[str, int]]]()
    for func, index in a.aggregates:
        if lists and a.word(index) != "how" and a.word(lists[-1][-1][1]) != "how" and \
                all(a.word(j) in ("and", "or", ",", "the") for j in range(lists[-1][-1][1] + 1, index)):
            lists[-1].append((func, index))
        else:
            lists.append([(func, index)])
    return lists


def aggregates(ctx: ReadContext, d: Decided, entity: str, in_play: set[str], offset: int = 0,
               grouped: bool = False) -> Step[list[Aggregate]]:
    """Aggregates the question asks for; ``offset``: how many aggregates come before these;
    ``grouped``: the rows are grouped (an amount said before the grouping is then its total)."""
    a, c = ctx.a, Claims(d)
    out: list[Aggregate] = []
    for words in _aggregate_lists(ctx):
        if all(at in c.used for _func, at in words):
            continue  # "how many days" of "on average, how many days does it take": the interval read them
        funcs = tuple(func for func, _ in words)
        index = words[-1][1]
        ends = intervals.interval_after(ctx, c, index, entity) if set(funcs) <= {"avg", "min", "max", "sum"} else None
        if ends is None and funcs == ("avg",):  # "on average, how many days does it take to ship an order"
            ends = intervals.time_taken(ctx, c, entity)
        if ends is not None:
            for func, at in words:
                out.append(Aggregate(func, ends[1], since=ends[0]))
                c.used.update(a.span(at))
            continue
        skip, link = _aggregated_link(ctx, c, index)
        if skip:
            continue
        skip, ref = _aggregated_column(ctx, c, funcs, index, link, entity, in_play, offset + len(out))
        if skip:
            continue
        for func, at in words:
            if ref is None:
                unnamed = _without_column(ctx, c, func, at, entity, in_play, out, offset)
                out += [unnamed] if unnamed is not None else []
                continue
            out.append(Aggregate(func, ref))
            c.used.update(a.span(at))
    summed = None if out or offset or not grouped else _summed_per_group(ctx, c, entity, in_play)
    return c.done([summed] if summed is not None else out)


def _summed_per_group(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> Aggregate | None:
    """ "billable hours per project", "freight per customer": an amount said just before a grouping,
    with no word of counting or aggregating, is its total per group, when the profile knows it as an
    amount that adds up (money, a quantity, a duration or a size in its unit), not a price or a rate."""
    a = ctx.a
    starts = [*a.group_words, *(i for _unit, i in a.buckets)]
    if not starts or a.count or a.aggregates or a.superlatives:
        return None
    before = [link for link in a.links if link.last < min(starts)]
    ref = ctx.column_of(before[-1], entity, in_play) if before else None
    words = range(before[-1].first, before[-1].last + 1) if before else range(0)
    col = ctx.table(ref.table).column(ref.column) if ref is not None else None
    if ref is None or col is None or any(i in c.used for i in words) or not roles.adds_up(ctx.table(ref.table), col):
        return None
    c.used.update(words)
    return Aggregate("sum", ref)


def _without_column(ctx: ReadContext, c: Claims, func: str, at: int, entity: str, in_play: set[str],
                    out: list[Aggregate], offset: int) -> Aggregate | None:
    """An aggregate word that named no column: a duration asked how long, the money rows took asked
    how much, the table's one measure (a doubt), or nothing; the words used are claimed here."""
    a = ctx.a
    if func == "sum" and (a.count or any(ag.func == "sum" for ag in out)):
        return None  # "total number of": a count, not a sum; "how many <units> in total": that sum
    if func == "sum" and offset:  # "total revenue", "spent in total": the metric's own total
        c.used.update(a.span(at))
        return None
    lasting = _how_long(ctx, entity, in_play)
    if lasting is not None:  # "how long does a visit take on average": its duration
        c.used.update((*a.span(at), *lasting[1]))
        return Aggregate(func, lasting[0])
    if func == "avg" and _averaged_with_counts(ctx, at, entity):
        return None
    if func == "sum" and (owed := owed_money(ctx, entity)) is not None:
        c.used.update((*a.span(at), owed[1]))  # "how much is each tenant still owing"
        return Aggregate("metric", metric=owed[0])
    measure = ctx.table(entity).measure_column
    # "how much has each campaign raised": money the rows took, not their target
    asks_amount = func == "sum" and a.word(at) in ("how", "what") and (measure is None or roles.is_plan(measure))
    money = _money_taken(ctx, entity) if asks_amount else None
    if money is not None:  # "how much did we bill in 2025": the money those rows took
        c.used.update(a.span(at))
        if money.question is not None:
            c.doubts.append(f"money read as {money.description}")
        return Aggregate("metric", metric=money)
    if measure is None:
        if asks_amount:  # "how much did we invoice": no amount found that the rows took
            c.doubts.append("no amount for 'how much'")
        return None
    measure = _money_summed(ctx.table(entity), measure, a.word(at)) if func == "sum" else measure
    c.doubts.append(f"{func} of {measure.name}")
    c.used.update(a.span(at))
    return Aggregate(func, ColumnRef(entity, measure.name))


def _money_summed(table: Table, measure: Column, word: str) -> Column:
    """What a sum that names no column adds up: "how much credit" its money, not its units; "total
    expenses" of rows that keep money beside miles, their money."""
    if word == "how" and roles.is_quantity(table, measure):
        return roles.money_kept(table) or measure
    money = [col for col in table.columns if roles.is_money(table, col) and not roles.is_plan(col)]
    if len(table.measure_columns) > 1 and len(money) == 1 and not roles.is_price(table, money[0]):
        return money[0]  # "total expenses": their money, not their miles (a fare beside a tip: no telling)
    return measure


def _averaged_with_counts(ctx: ReadContext, at: int, entity: str) -> bool:
    """ "the average number of <rows>", "average daily <rows>" (a count averaged), "the average <sale>
    value" (its lines' money per sale): averages the counts step reads, never the table's one measure."""
    a = ctx.a
    counted = a.next_link(at + 2 if a.word(at + 1) == "number" else at + 1, max_gap=2)
    if a.count or ((a.word(at + 1) == "number" or any(i == at + 1 for _unit, i in a.buckets))
                   and counted is not None and ctx.names_table(counted)):
        return True
    return any(a.word(i) in SALE_SIZE_WORDS for i in range(at + 1, at + 4)) and \
        any(line.parent == entity for line in profile_of(ctx.schema).lines)


# Words after a sale that ask what it came to: "the average order value", "what a tab is worth".
SALE_SIZE_WORDS = ("total", "value", "amount", "size", "revenue", "spend", "worth")


def _money_taken(ctx: ReadContext, entity: str) -> Metric | None:
    """The metric of money (a config's, or the profile's revenue) measured on ``entity``'s rows or on
    the lines that make them up: what "how much" asks of invoices or sales that name no amount."""
    for metric in ctx.domain.metrics.values():
        table = ctx.schema.table(metric.table)
        if table is not None and (metric.table == entity or any(fk.ref_table == entity for fk in table.foreign_keys)):
            return metric
    return None


def _how_long(ctx: ReadContext, entity: str, in_play: set[str]) -> tuple[ColumnRef, tuple[int, ...]] | None:
    """ "how long" asked of rows with a duration (a column whose name gives a unit of time): that
    column, and the two words."""
    a = ctx.a
    at = next((i for i in range(1, len(a.tokens)) if a.word(i) == "long" and a.word(i - 1) == "how"), None)
    if at is None:
        return None
    table = ctx.table(entity)
    for link in a.links:  # "how long does it actually take": the duration a word names, of two kept
        named = [cand.column for cand in link.of_kind(COLUMN) if cand.table == entity and (
            col := table.column(cand.column or "")) is not None and roles.is_duration(table, col)]
        if len(named) == 1 and link.first > at:
            return ColumnRef(entity, named[0] or ""), (at - 1, at, *range(link.first, link.last + 1))
    ref = find_concept(ctx.schema, entity, "length", in_play)
    if ref is None:
        return None
    column = ctx.table(ref.table).column(ref.column)
    return (ref, (at - 1, at)) if column is not None and roles.is_duration(ctx.table(ref.table), column) else None


# Superlatives of quality, and the words of columns where a smaller number is better: the best
# rank, position or place is the lowest one.
_QUALITY_WORDS = frozenset({"best", "worst"})
_PLACING_WORDS = frozenset({"rank", "ranking", "position", "place", "placing"})


def _quality_direction(ctx: ReadContext, at: int, ref: ColumnRef, descending: bool) -> bool:
    """The direction of "best"/"worst" over ``ref``: turned round on a rank-like column."""
    if ctx.a.word(at) in _QUALITY_WORDS and _PLACING_WORDS & set(name_words(ref.column)):
        return not descending
    return descending


def _concept_ranking(ctx: ReadContext, entity: str, in_play: set[str]) -> tuple[bool, Ranking | None]:
    """(settled, ranking) for a superlative that names what it compares ("cheapest", "oldest")."""
    sup = ctx.a.superlatives[0]
    ref = find_concept(ctx.schema, entity, sup.concept, in_play)
    if ref is None and sup.concept == "age":  # no age column: the oldest is the earliest
        ref = find_concept(ctx.schema, entity, "date", in_play)
        if ref is not None:
            return True, Ranking("order", ref, not sup.descending)
    if ref is not None:
        return True, Ranking("order", ref, sup.descending)
    return sup.concept in ("price", "date"), None


def _ranked_link(ctx: ReadContext, c: Claims, d: Decided, entity: str,
                 in_play: set[str]) -> Ranking | Link | None:
    """The link after the superlative; a Ranking when it names a table whose rows are counted."""
    a = ctx.a
    sup = a.superlatives[0]
    counting = _counting_words(a, sup.index)
    link = a.next_link(max((sup.index, *counting)), max_gap=2)
    if link is not None and link.of_kind(VALUE) and not link.of_kind(TABLE):
        after = a.next_link(link.last, max_gap=1)  # "the most completed appointments": those rows, of that value
        link = after if after is not None and ctx.names_table(after) else link
    table_word = link is not None and ((any(t.score >= 1.0 for t in link.of_kind(TABLE))
                                        and not any(t.score >= 1.0 for t in link.of_kind(COLUMN)))
                                       # a scratch claim: only whether a column opens the question
                                       or (ctx.names_table(link) and (ctx.table_of(link) != entity or _head_column(
                                           ctx, Claims(d), entity, in_play) is not None)))
    if link is None or not table_word:
        return link
    other = ctx.table_of(link) or entity
    head = _head_column(ctx, c, entity, in_play)
    if head is not None:  # "which <column> has the most <rows>": group on the column
        c.claim(link, "rank", *counting)
        counted = ctx.row_key(other) if other not in (entity, head.column.table) else None
        return Ranking("count_group", head.column, sup.descending, counted=counted)
    if other != entity:  # "<rows> with the most <child rows>": count the children
        c.claim(link, "rank", *counting)
        return Ranking("count_other", ColumnRef(other, ""), sup.descending)
    # "<superlative> <table> <column>": the table word names whose column follows
    return a.next_link(link.last, max_gap=1)


def _counting_words(a: Analysis, at: int) -> tuple[int, ...]:
    """ "the most number of <rows>": the words after the superlative at ``at`` that say it ranks by
    how many."""
    return (at + 1, at + 2) if a.word(at + 1) in ("number", "count", "amount") and a.word(at + 2) == "of" else ()


def _ranks_by_metric(ctx: ReadContext, d: Decided, at: int) -> bool:
    """ "which <row> has the highest <metric>", "who <metric verb> the most": the superlative
    beside a metric the question computes ranks the rows by it, when nothing else is grouped."""
    a = ctx.a
    if a.group_words:
        return False
    after, before = a.next_link(max(a.span(at)), max_gap=2), a.prev_link(at, max_gap=2)
    if after is not None and ctx.names_table(after) and d.role(after.first) != "metric":
        after = a.link_at(after.last + 1) or after  # "the most repair income": a table word before the metric
    return any(link is not None and d.role(link.first) == "metric" for link in (after, before))


def _aggregate_after(ctx: ReadContext, d: Decided, at: int) -> int | None:
    """The aggregate named right after a superlative ("the highest average <column>", "the lowest
    total <column>"), as an index among the question's aggregates: each row's aggregate is ranked.
    Not with a grouping word, which says what the rows are."""
    a = ctx.a
    nxt = max(a.span(at)) + 1
    if a.group_words or not any(index == nxt for _func, index in a.aggregates):
        return None
    link = a.next_link(nxt, max_gap=1)
    return d.aggregate_links.get(link.first) if link is not None else None


def _verb_before(ctx: ReadContext, d: Decided, at: int) -> Link | None:
    """A column named just before a superlative that ends the line, by a word that is not the
    rows' own name: "which <row> spent the most" ranks by what was spent; or a table of money rows
    the verb names ("which <row> paid the most": their payments)."""
    link = ctx.a.prev_link(at, max_gap=2)
    if link is None or d.taken(link.first):
        return None
    if ctx.names_table(link):  # "which customer paid the most": the money of the payments the verb names
        table = ctx.table_of(link)
        return link if table is not None and money_rows(ctx, table, ()) is not None else None
    return link if link.of_kind(COLUMN) else None


def ranking(ctx: ReadContext, d: Decided, entity: str, in_play: set[str]) -> Step[Ranking | None]:
    """What the first superlative ranks by, if the question has one."""
    a, c = ctx.a, Claims(d)
    if not a.superlatives:
        return c.done(None)
    sup = a.superlatives[0]
    if _starts_column_name(ctx, sup.index):
        return c.done(None)
    c.used.update(a.span(sup.index))
    if sup.concept == "frequency":
        return c.done(_frequency_ranking(ctx, c, entity, in_play))
    if sup.concept not in (None, "count"):
        settled, found = _concept_ranking(ctx, entity, in_play)
        if settled:
            return c.done(found)
    if _ranks_by_metric(ctx, d, sup.index):
        head = _head_column(ctx, c, entity, in_play)  # "which <column> brings in the most <metric>"
        return c.done(Ranking("metric", head.column if head is not None else ColumnRef(entity, ""), sup.descending))
    if (index := _aggregate_after(ctx, d, sup.index)) is not None:
        return c.done(Ranking("aggregate_of", ColumnRef(entity, ""), sup.descending, index))
    if (acted := _act_ranking(ctx, c, entity)) is not None:
        return c.done(Ranking("by_child", ColumnRef(entity, acted), sup.descending))
    if (rated := _rated_ranking(ctx, c, entity)) is not None:
        return c.done(rated)
    if (counted := _counted_ranking(ctx, c, d, entity)) is not None:
        return c.done(counted)
    link = _ranked_link(ctx, c, d, entity, in_play)
    if isinstance(link, Ranking):
        return c.done(link)
    if link is None and _only_a_period_after(a, max(a.span(sup.index))):
        link = _verb_before(ctx, d, sup.index)  # "who spent the most (in 2025)": the column said before it
    ref = _ranked_column(ctx, link, entity, in_play)
    if (by_key := _rows_by_key(ctx, c, link, ref, entity)) is not None:
        return c.done(by_key)
    if ref is not None and link is not None:
        c.claim(link, "rank")
        if (grouped := _category_total(ctx, c, entity, in_play, ref)) is not None:
            return c.done(grouped)
        return c.done(_column_ranking(ctx, link, ref, entity))
    if sup.concept == "count":
        return c.done(None)
    if a.word(sup.index) in doubts.OPEN_RANKINGS:  # an open superlative ("best"): by what?
        chosen, unsure = doubts.open_ranking(ctx.schema, entity, ctx.slots)
        c.ask(unsure)
        if chosen and chosen.startswith("own:"):  # the rows' own total
            return c.done(Ranking("order", ColumnRef(entity, chosen.partition(".")[2]), sup.descending))
        if chosen:
            return c.done(Ranking("by_child", ColumnRef(entity, chosen), sup.descending))
    measure = ctx.table(entity).measure_column
    if measure is None:
        return c.done(None)
    c.doubts.append(f"ranked by {measure.name}")  # nothing said by what: the table's measure is a guess
    return c.done(Ranking("order", ColumnRef(entity, measure.name), sup.descending))


def _rated_ranking(ctx: ReadContext, c: Claims, entity: str) -> Ranking | None:
    """ "which hotel got the worst reviews", "the best-rated films": a superlative of quality before
    other rows that keep one score (a rating, stars) ranks the rows by the average of that score,
    not by how many of those rows there are."""
    a = ctx.a
    sup = a.superlatives[0]
    if a.word(sup.index) not in _QUALITY_WORDS:
        return None
    link = a.next_link(max(a.span(sup.index)), max_gap=1)
    table = ctx.table_of(link) if ctx.names_table(link) else None
    if link is None or table is None or table == entity:
        return None
    scores = [col for col in ctx.table(table).columns if col.is_numeric and not col.primary_key
              and set(name_words(col.name)) & {singular(w) for w in doubts.SCORES}]
    if len(scores) != 1:
        return None
    c.claim(link, "rank")
    return Ranking("by_child", ColumnRef(entity, f"avg:{table}.{scores[0].name}"), sup.descending)


def _counted_ranking(ctx: ReadContext, c: Claims, d: Decided, entity: str) -> Ranking | None:
    """The rankings by how many rows: periods, rows pointed to through their own table, rows of a kind."""
    if (busiest := _busiest_bucket(ctx, c, entity)) is not None:
        return busiest
    if (referrer := _most_referring(ctx, c, entity)) is not None:
        return referrer
    kind = _counted_kind(ctx, d, entity)
    return Ranking("count_other", ColumnRef(kind, ""), ctx.a.superlatives[0].descending) if kind else None


def _busiest_bucket(ctx: ReadContext, c: Claims, entity: str) -> Ranking | None:
    """ "which month had the most orders", "what hour of the day gets the fewest calls": a period
    said before the superlative, and the rows counted after it are the query's own; the periods
    are ranked by how many rows each has."""
    a = ctx.a
    sup = a.superlatives[0]
    if a.word(sup.index) not in HOW_MANY_MOST or sup.concept not in (None, "count") \
            or not any(index < sup.index for _unit, index in a.buckets):
        return None  # "which month had the highest expenses" is no count of them
    link = a.next_link(max(a.span(sup.index)), max_gap=1)
    named = link is not None and ctx.names_table(link) and ctx.table_of(link) == entity
    if link is None or not (named or _weak_rows_word(ctx, link, entity)):
        return None
    c.claim(link, "rank")
    return Ranking("count_bucket", ColumnRef(entity, ""), sup.descending)


def _weak_rows_word(ctx: ReadContext, link: Link, entity: str) -> bool:
    """ "which day do we get the most hires" where bookings keep a hire_start: a plural that names only
    pieces of the main rows' column names, said for the rows themselves."""
    word = ctx.a.tokens[link.first]
    return link.first == link.last and word.text != word.norm and any(c.table == entity for c in link.candidates) \
        and all(c.kind == COLUMN and c.score < 1.0 and (c.table == entity or not ctx.table(c.table).stored)
                for c in link.candidates)


# Words for the rows themselves after a superlative, whatever their table is called.
_ANYONE = frozenset({"people", "persons", "others", "ones"})


def _most_referring(ctx: ReadContext, c: Claims, entity: str) -> Ranking | None:
    """ "which member referred the most people", "who manages the most staff": the key by which the
    rows point back into their own table, said right before the superlative, and nothing else
    ranked after it but the rows themselves; the rows pointed to, by how many point to each."""
    a = ctx.a
    sup = a.superlatives[0]
    if sup.concept not in (None, "count"):
        return None
    keys = {r.column for r in profile_of(ctx.schema).self_references if r.table == entity}
    said = a.prev_link(sup.index, max_gap=2)
    after = a.next_link(max(a.span(sup.index)), max_gap=2)
    if said is None or not keys or not any(k.table == entity and k.column in keys for k in said.of_kind(COLUMN)) \
            or (after is not None and ctx.table_of(after) != entity):
        return None
    key = next(k.column for k in said.of_kind(COLUMN) if k.table == entity and k.column in keys)
    c.claim(said, "rank")
    if after is not None:
        c.claim(after, "rank")
    nxt = max(a.span(sup.index)) + 1
    if a.word(nxt) in _ANYONE and a.link_at(nxt) is None:
        c.used.add(nxt)  # "the most people": the rows themselves, whatever their table is called
    return Ranking("referred", ColumnRef(entity, key), sup.descending)


def _counted_kind(ctx: ReadContext, d: Decided, entity: str) -> str | None:
    """ "the client with the most no-shows": a stored value said as a noun after the superlative,
    kept as a condition on rows of another table that point at the rows asked for; those rows are
    counted for each of them (the condition keeps only that kind)."""
    a = ctx.a
    link = a.next_link(max(a.span(a.superlatives[0].index)), max_gap=1)
    if link is None or d.role(link.first) != "value" or not kind_value(a, link):
        return None
    table = link.of_kind(VALUE)[0].table
    return table if table != entity and is_child(ctx, table, entity) else None


def _act_ranking(ctx: ReadContext, c: Claims, entity: str) -> str | None:
    """ "best-selling <rows>", "most rented <rows>": the verb after the superlative names the rows
    its act leaves (the sales lines, the rentals); the rows are ranked by how much of them they
    have: the units of a table of lines, else how many. As a rank option ("sum:lines.quantity").
    "<rows> ordered the most", "which <rows> sell most often": the verb said just before a
    superlative that ends the line (or only a period follows) is the act too."""
    a = ctx.a
    sup = a.superlatives[0]
    found = _act_said_at(ctx, c, entity, max(a.span(sup.index)) + 1)
    before = sup.index - 1 - (a.word(sup.index - 1) == "the")
    if found is None and before > 0 and _only_a_period_after(a, max(a.span(sup.index))) \
            and not _money_act(ctx, a.word(before), entity):
        found = _act_said_at(ctx, c, entity, before, verb_before=True) or _done_to(ctx, c, entity, before)
    return found


# Verbs that say only that something was done: "the repairs we did the most".
_DONE = frozenset({"do", "did", "does", "done", "performed", "perform", "carried", "provided", "gave"})


def _done_to(ctx: ReadContext, c: Claims, entity: str, at: int) -> str | None:
    """ "the <rows> we did the most": a verb of doing names no act of its own; the one table of
    lines that refers to the rows is what was done (its units), else the one table that does."""
    if ctx.a.word(at) not in _DONE:
        return None
    lines = [li for li in profile_of(ctx.schema).lines if is_child(ctx, li.table, entity)
             and any(fk.ref_table == entity for fk in ctx.table(li.table).foreign_keys)]
    referring = [t.name for t in ctx.schema.tables if t.name != entity and t.stored
                 and any(fk.ref_table == entity for fk in t.foreign_keys)]
    if len(lines) == 1:
        c.used.add(at)
        return f"sum:{lines[0].table}.{lines[0].quantity}"
    if not lines and len(referring) == 1:
        c.used.add(at)
        return f"count:{referring[0]}"
    return None


def _money_act(ctx: ReadContext, verb: str, entity: str) -> bool:
    """ "which member donated the most": an act whose rows are money taken ranks by that money
    (``_verb_before``), not by how many of them there are."""
    tables = [ctx.table(t) for t in deed_tables(ctx.a.lexicon, verb)] if ctx.a.lexicon is not None else []
    return any(t.name != entity and any(roles.is_taken(t, col) and not roles.is_quantity(t, col) for col in t.columns)
               for t in tables)


def _act_said_at(ctx: ReadContext, c: Claims, entity: str, at: int, verb_before: bool = False) -> str | None:
    """The rank option of the act the verb at ``at`` names, if it names one of rows that refer to
    ``entity``'s."""
    a = ctx.a
    said = a.link_at(at)
    if at >= len(a.tokens) or at in a.cues or a.lexicon is None or \
            (said is not None and not _act_not_name(ctx, said) and not (verb_before and _verb_of_rows(ctx, said))):
        return None
    if any(link.first > at and not ctx.names_table(link) and ctx.numeric(link, entity, set(), values_only=True)
           is not None for link in a.links):
        return None  # "best-selling <rows> by <measure>": the measure said is the ranking's
    dated = [cand.table for cand in said.of_kind(COLUMN)] if said is not None else []  # "dispensed": dispensed_on
    profile = profile_of(ctx.schema)
    for deed in dict.fromkeys([*deed_tables(a.lexicon, a.word(at)), *dated]):
        # a sale is made of lines: the lines of the act's table are what refer to the rows ranked
        table = next((li.table for li in profile.lines if li.parent == deed and is_child(ctx, li.table, entity)
                      and not is_child(ctx, deed, entity)), deed)
        if table == entity or not is_child(ctx, table, entity):
            continue
        lines = next((li for li in profile.lines if li.table == table), None)
        c.used.add(at)
        if said is not None:
            c.claim(said, "rank")
        return f"sum:{table}.{lines.quantity}" if lines is not None else f"count:{table}"
    return None


def _verb_of_rows(ctx: ReadContext, link: Link) -> bool:
    """ "<rows> ordered the most": a participle before the superlative that reaches tables and
    columns only through its root is the act; one whose root is a measure of its own ("the most
    populated") names that measure."""
    word = ctx.a.word(link.first)
    return link.first == link.last and (word.endswith("ed") or word in IRREGULAR_PARTICIPLES) and all(
        cand.match in (STEM, SYNONYM)
        and not (cand.kind == COLUMN and ctx.numeric(link, cand.table, set(), values_only=True) is not None)
        for cand in link.candidates)


def _act_not_name(ctx: ReadContext, link: Link) -> bool:
    """ "best-selling" where a seller table or column shares the verb's root, "the most prescribed
    <rows>" where the act's date is prescribed_on: a participle right after the superlative is the
    act, and a name it reaches only through its root or a synonym, or only as the date its act
    keeps, is no name the question said."""
    word = ctx.a.word(link.first)
    if link.first != link.last:
        return False
    if word.endswith("ing") and all(cand.match in (STEM, SYNONYM) for cand in link.candidates):
        return True
    return (word.endswith("ed") or word in IRREGULAR_PARTICIPLES) and all(
        cand.kind == COLUMN and (col := ctx.table(cand.table).column(cand.column or "")) is not None
        and col.kind == DATE for cand in link.candidates)


def _category_total(ctx: ReadContext, c: Claims, entity: str, in_play: set[str], ref: ColumnRef) -> Ranking | None:
    """ "which country had the highest invoice total": a question opening with a category of the
    rows (a short list of values, many rows each) and ranking by a column that adds up asks for
    the category whose rows add up to the most, not the category of the one top row."""
    table = ctx.table(ref.table)
    col = table.column(ref.column)
    if col is None or not roles.is_taken(table, col) or ctx.a.group_words:
        return None
    head = _head_column(ctx, Claims(c.before), entity, in_play)  # a look first: claimed only if it groups
    if head is None or (head.column.table, head.column.column) not in profile_of(ctx.schema).categories:
        return None
    _head_column(ctx, c, entity, in_play)  # the head's link is the grouping's
    return Ranking("total_group", head.column, ctx.a.superlatives[0].descending, measure=ref)


def _column_ranking(ctx: ReadContext, link: Link, ref: ColumnRef, entity: str) -> Ranking:
    """A superlative of a column: the one extreme value ("the highest <column>" of the whole table,
    or "in each <group>" after it), else the rows sorted by it."""
    a, sup = ctx.a, ctx.a.superlatives[0]
    descending = _quality_direction(ctx, sup.index, ref, sup.descending)
    if not a.limit and not _plural_head(ctx, entity, link) and not a.group_words \
            and not _asks_for_row(ctx, entity) and not is_child(ctx, ref.table, entity):
        return Ranking("aggregate", ref, descending)
    if not a.limit and link.first == max(a.span(sup.index)) + 1 and any(g > link.last for g in a.group_words):
        return Ranking("aggregate", ref, descending)  # "the highest <column> in each <group>"
    return Ranking("order", ref, descending)


def _frequency_ranking(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> Ranking | None:
    """ "<rows> sold most often": by the lines of the act; "the most common <column>": by its values."""
    a, sup = ctx.a, ctx.a.superlatives[0]
    acted = _act_ranking(ctx, c, entity)
    if acted is not None:
        return Ranking("by_child", ColumnRef(entity, acted), sup.descending)
    end = max(a.span(sup.index))
    period = next((index for _unit, index in a.buckets if index == end + 1), None)  # "the busiest month"
    end = end if period is None else max(a.span(period))
    if (period is not None or any(index < sup.index for _unit, index in a.buckets)) \
            and not a.next_link(end, max_gap=0):
        after = a.next_link(end, max_gap=1)  # "which day is busiest (for <rows>)"
        if after is not None and ctx.names_table(after) and ctx.table_of(after) == entity:
            c.claim(after, "rank", *range(end + 1, after.first))
        return Ranking("count_bucket", ColumnRef(entity, ""), sup.descending)
    return _most_frequent(ctx, c, entity, in_play)


def _most_frequent(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> Ranking | None:
    """ "the most common <column>": the value with the most rows, the column named after the words
    or else the one the question opens with ("which <column> is the most common")."""
    a, sup = ctx.a, ctx.a.superlatives[0]
    link = a.next_link(max(a.span(sup.index)), max_gap=2)
    referring = _referring_table(ctx, link) if link is not None and ctx.names_table(link) else None
    if link is not None and referring is not None:  # "the most common tag": the one most rows refer to
        c.claim(link, "rank")
        return Ranking("count_other", ColumnRef(referring, ""), sup.descending)
    if link is not None and (ctx.names_table(link) or link.of_kind(VALUE)):
        link = None  # "the most common in the Andes region": a value after it is a condition
    ref = ctx.column_of(link, entity, in_play) if link is not None else None
    if ref is not None and link is not None:
        c.claim(link, "rank")
        return Ranking("count_group", ref, sup.descending)
    head = _head_column(ctx, c, entity, in_play)
    return Ranking("count_group", head.column, sup.descending) if head is not None else None


def _referring_table(ctx: ReadContext, link: Link) -> str | None:
    """The one bridge whose rows refer to the rows ``link`` names: what makes one of them common
    (a tag by the tickets tagged with it). A table of other things that refer to them (products
    of a category) says nothing of how often they are used."""
    named = ctx.table_of(link)
    bridges = set(profile_of(ctx.schema).bridges)
    tables = {t.name for t in ctx.schema.tables if t.name in bridges and t.name != named
              and any(fk.ref_table == named for fk in t.foreign_keys)}
    return tables.pop() if len(tables) == 1 else None


def _starts_column_name(ctx: ReadContext, index: int) -> bool:
    """Whether a superlative word is the first word of a column's name ("<best> <column words>"):
    the words name the column, they rank nothing."""
    a = ctx.a
    link = a.link_at(index + 1)
    if link is None or a.lexicon is None:
        return False
    phrase = " ".join(t.norm for t in a.tokens[index:link.last + 1])
    return any(cand.kind == COLUMN and cand.score >= 1.0 for cand in a.lexicon.lookup(phrase))


def _head_column(ctx: ReadContext, c: Claims, entity: str, in_play: set[str]) -> GroupKey | None:
    """ "which <column> ...", "what is the <column> with the most ...": a column opening the
    question, grouped on; not "the <column> of <rows>", which shows a column of the rows."""
    a = ctx.a
    asked = asked_within(ctx, entity, in_play)
    if asked is not None:  # "<rows> from which <column> ...": that column, whatever comes first
        link, cand = asked
        c.claim(link, "group")
        return GroupKey(ColumnRef(cand.table, cand.column or ""))
    if a.word(0) not in ("which", "what", "list", "show", "give", "find", "return") or not a.links:
        return None
    link = a.links[0]
    # "what is the <column> with ...", "what are the 10 <columns> with ..." (how many to keep)
    opening = all(t.text in STOPWORDS or k in a.limit_span for k, t in enumerate(a.tokens[1:link.first], start=1))
    request = a.word(0) not in ("which", "what")  # "show names of <rows> with the most ...": a column of the rows
    if (link.first != 1 or request) and not (opening and "of" not in (a.word(link.last + 1), a.word(link.last + 2))
                                and a.word(link.last + 1) != "and" and a.link_at(link.last + 1) is None
                                and a.superlatives and link.last < a.superlatives[0].index):
        return None
    found = best_candidate(link, COLUMN, entity, ctx.schema, in_play)
    if found is None or ctx.names_table(link):
        return None
    c.claim(link, "group")
    return GroupKey(ColumnRef(found.table, found.column or ""))


def asked_within(ctx: ReadContext, entity: str, in_play: set[str]) -> tuple[Link, Candidate] | None:
    """ "students from which country", "customers in which city": a column asked for after a
    preposition and "which", in the middle of the line."""
    a = ctx.a
    ranked_at = min((s.index for s in a.superlatives), default=len(a.tokens))
    for k in range(1, min(len(a.tokens) - 1, ranked_at)):  # "..., and in which city does he live": no grouping
        if a.word(k) != "which" or a.word(k - 1) not in ("from", "in", "of"):
            continue
        link = a.link_at(k + 1)
        if link is None or link.first != k + 1 or link.of_kind(TABLE) or ctx.names_table(link):
            return None
        cand = best_candidate(link, COLUMN, entity, ctx.schema, in_play)
        return (link, cand) if cand is not None else None
    return None


# Superlatives that ask for an amount ("the most units"): a total over many rows, not a level.
_AMOUNT_SUPERLATIVES = {"most", "least", "fewest"}


def child_rank_func(ctx: ReadContext, ref: ColumnRef, descending: bool) -> str:
    """How rows are ranked by a column of their child rows: by the extreme child row when the
    superlative describes a child ("the <superlative> <child row>"), by the total when it asks for
    an amount ("the most <column>") or the column adds up to what was sold ("the best genres by
    units sold"), else by the average (a level: "the highest <column>", a salary)."""
    a = ctx.a
    sup = a.superlatives[0]
    after = a.next_link(max(a.span(sup.index)), max_gap=1)
    if after is not None and any(t.table == ref.table and t.score >= 1.0 for t in after.of_kind(TABLE)):
        return "max" if descending else "min"
    table = ctx.table(ref.table)
    col = table.column(ref.column)
    taken = col is not None and roles.is_taken(table, col)
    return "sum" if taken or a.word(sup.index) in _AMOUNT_SUPERLATIVES else "avg"


# Rows that are each an amount of money: "payments per property" is how much was paid to each.
# Not sales or transactions: those are counted as often as added up ("sales by channel"), and a
# sale's money may be a unit price.
_MONEY_ROWS = frozenset({"payment", "expense", "refund", "fine", "fee", "donation", "tip", "charge",
                         "deposit", "withdrawal", "cost", "spend"})


def money_rows(ctx: ReadContext, entity: str, group: tuple[GroupKey, ...]) -> Aggregate | None:
    """The total of the money the rows are, when their table is named for an amount of money and
    one money column says how much ("expenses by category": the expenses' amounts added up). Per
    state of the rows ("payments by status") they are counted: how many are pending, how many failed."""
    words = name_words(entity)
    if not words or singular(words[-1]) not in _MONEY_ROWS \
            or any({"status", "state"} & set(name_words(g.column.column)) for g in group):
        return None
    table = ctx.table(entity)
    money = [c for c in table.columns if not c.computed and roles.is_money(table, c) and not roles.is_price(table, c)]
    if len(money) > 1:  # an amount beside a tip or a tax: the one named for the amount itself
        money = [c for c in money if {"amount", "amt", "total", "value"} & set(name_words(c.name))]
    return Aggregate("sum", ColumnRef(entity, money[0].name)) if len(money) == 1 else None


def _ranked_column(ctx: ReadContext, link: Link | None, entity: str, in_play: set[str]) -> ColumnRef | None:
    """The number a ranking's word names: a column, or the money of rows named for it ("paid the most")."""
    if link is None:
        return None
    money = _money_of(ctx, link, entity) if ctx.names_table(link) else None
    return money or ctx.numeric(link, entity, in_play)


def _rows_by_key(ctx: ReadContext, c: Claims, link: Link | None, ref: ColumnRef | None,
                 entity: str) -> Ranking | None:
    """ "the most jobs" said by the key of other rows (JobID): how many of those rows, never the sum
    of their ids."""
    key = ctx.table(ref.table).primary_key if ref is not None else None
    if link is None or ref is None or ref.table == entity or key is None or key.name != ref.column:
        return None
    sup = ctx.a.superlatives[0]
    c.claim(link, "rank", *_counting_words(ctx.a, sup.index))
    return Ranking("count_other", ColumnRef(ref.table, ""), sup.descending)


def _only_a_period_after(a: Analysis, end: int) -> bool:
    """Whether nothing but a period ("in 2025", "last month") follows a word: the end of what it says."""
    dated = {i for m in a.dates for i in range(m.first, m.last + 1)}
    return all(i in dated or (a.word(i) in ("in", "during", "over", "since", "for") and i + 1 in dated)
               for i in range(end + 1, len(a.tokens)))


def _money_of(ctx: ReadContext, link: Link, entity: str) -> ColumnRef | None:
    """The money column of rows named for an amount of money ("payments", "expenses"), said where a
    column to add up is wanted: "top customers by total payments"."""
    table = ctx.table_of(link)
    if table is None or table == entity or ctx.schema.join_path(entity, table) is None:
        return None
    rows = money_rows(ctx, table, ())
    return rows.column if rows is not None else None


def _asks_for_row(ctx: ReadContext, entity: str) -> bool:
    """ "which <row> has the highest <column>", "<row> with the highest <column>", "who has the
    highest <column>": a row is wanted, not the value."""
    if ctx.a.word(0) in ("who", "whom"):
        return True
    first = ctx.a.links[0] if ctx.a.links else None
    return (first is not None and any(c.table == entity for c in first.of_kind(TABLE))
            and (ctx.a.word(first.first - 1) in ("which", "what", "the")
                 or ctx.a.word(first.last + 1) in ("with", "having", "whose")))


def _plural_head(ctx: ReadContext, entity: str, column: Link | None = None) -> bool:
    """Whether the rows are named in the plural as what is asked for ("the largest ships"), not as
    the rows a column's extreme is taken over ("the largest tonnage of all ships")."""
    a = ctx.a
    for link in a.links:
        if any(c.table == entity for c in link.of_kind(TABLE)):
            k = link.first - 1
            while a.word(k) in ("all", "the", "our") or ((said := a.link_at(k)) is not None and said.of_kind(VALUE)):
                k -= 1  # "of all the enterprise customers": a value keeps them, they are still the rows
            if column is not None and k == column.last + 1 and a.word(k) in ("of", "among", "across"):
                return False
            tok = a.tokens[link.last]
            return tok.text != tok.norm
    return False


def singular_head(ctx: ReadContext, entity: str) -> bool:
    """Whether the rows asked for are one: the main table, or a kind of its rows, named in the
    singular ("which usher ..."), "who ...", or "which one" ("among the products with ..., which
    one has the highest rating")."""
    if ctx.a.word(0) in ("who", "whom"):
        return True
    if any(t.text in ("which", "what") and ctx.a.word(k + 1) == "one" for k, t in enumerate(ctx.a.tokens)):
        return True
    kind = subject_value(ctx.a)
    if kind is not None and any(c.table == entity for c in kind.of_kind(VALUE)):
        return ctx.a.tokens[kind.last].text == ctx.a.tokens[kind.last].norm
    for link in ctx.a.links:
        if any(c.table == entity for c in link.of_kind(TABLE)):
            tok = ctx.a.tokens[link.last]
            return tok.text == tok.norm
    # "our best-selling songbook": a kind of the rows said as a noun later in the line, no table named
    kinds = [link for link in ctx.a.links if kind_value(ctx.a, link)
             and any(c.table == entity for c in link.of_kind(VALUE))]
    per = ctx.a.group_words or ctx.a.buckets  # "the best-selling songbook in each group": one per group
    return len(kinds) == 1 and not per and ctx.a.tokens[kinds[0].last].text == ctx.a.tokens[kinds[0].last].norm


_KIND_WORDS = {"type": "type", "types": "type", "kind": "kind", "kinds": "kind", "sort": "sort", "sorts": "sort"}
# Words for a kind of rows said before "of <table>": "each kind of course", "every sort of room".
_KIND_OF_WORDS = frozenset({*_KIND_WORDS.values(), "variety"})


def _kind_column(ctx: ReadContext, link: Link) -> ColumnRef | None:
    """ "types of <table>": that table's one column whose name says type (kind, sort), when the
    question said the word as a cue to count distinct values."""
    a = ctx.a
    words = {_KIND_WORDS[a.word(i)] for i in a.distinct_at if a.word(i) in _KIND_WORDS}
    table = ctx.table_of(link) if words and ctx.names_table(link) else None
    if table is None:
        return None
    kinds = [col for col in ctx.table(table).columns if words & set(name_words(col.name))
             and not ctx.is_key(table, col.name)]
    return ColumnRef(table, kinds[0].name) if len(kinds) == 1 else None


def count_target(ctx: ReadContext, d: Decided, entity: str, in_play: set[str]) -> Step[ColumnRef | None]:
    """With "distinct": the column counted ("how many different <column>"), else nothing."""
    a, c = ctx.a, Claims(d)
    link = a.next_link(a.count_index + 1, max_gap=3) if a.count_index >= 0 else None
    cue = max((i for i in a.distinct_at if a.word(i) in _KIND_WORDS), default=-1)
    if link is None and 0 <= a.count_index < cue <= a.count_index + 4:  # "how many different types of <rows>"
        link = a.next_link(cue, max_gap=2)
    if link is None or not a.distinct:
        return c.done(None)
    kind = _kind_column(ctx, link)
    if kind is not None:  # "how many types of <rows>": the distinct values of their type column
        c.claim(link, "count", *a.distinct_at)
        return c.done(kind)
    # "distinct <table> <column>": the column, even when a table word comes first
    for candidate_link in (link, a.next_link(link.last, max_gap=1)):
        ref = ctx.column_of(candidate_link, entity, in_play)
        if ref is not None and candidate_link is not None:
            c.claim(candidate_link, "count", *a.distinct_at)
            return c.done(ref)
    return c.done(None)
