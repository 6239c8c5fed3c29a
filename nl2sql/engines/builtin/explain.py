"""Say in one sentence what a spec asks for, so the user can check the reading, not the SQL.

The sentence is the one a person would write: "Counts the orders created in October 2026.",
"Lists the name of the 5 products with the highest unit price." Column and table names are
spoken as words (``created_at`` -> "created", ``UnitPrice`` -> "unit price"), a table's name is
not said again in front of its own column ("customer ID", not "customers customer ID"), and the
conditions follow the noun they restrict ("whose country is Canada").
"""

from __future__ import annotations

from dataclasses import replace

from nl2sql.engines.builtin.names import metric_word
from nl2sql.engines.builtin.render import state_named
from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, GroupKey, QuerySpec
from nl2sql.linking.text import singular, spoken
from nl2sql.profile import without_left_out
from nl2sql.profile.roles import said_unit

_FUNC = {"sum": "total", "avg": "average", "min": "smallest", "max": "largest", "count": "number"}
# A metric named for its function ("avg_length_in_minutes"): the abbreviation spoken as a word.
_ABBREVIATED = {"avg": "average", "sum": "total", "min": "smallest", "max": "largest", "count": "number of"}
_OPS = {">": "over", ">=": "at least", "<": "under", "<=": "at most", "=": "equal to", "!=": "not"}
# How a count compares in a condition on groups: "with more than 3 orders".
_COUNTED = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "=": "exactly"}
# Nouns whose plural is the word itself.
_UNCOUNTED = frozenset({"data", "information", "staff", "people", "media", "equipment", "news", "series"})


def plural(table: str) -> str:
    """A table's name as a plural noun: "order_items" -> "order items", "Friend" -> "friends"."""
    words = spoken(table).split()
    if not words:
        return table
    last = words[-1]
    if not (last.endswith("s") or last.lower() in _UNCOUNTED or last.isupper()):
        if last.endswith("y") and last[-2:-1] not in ("a", "e", "o", "u"):
            last = last[:-1] + "ies"
        else:
            last += "es" if last.endswith(("x", "ch", "sh", "z")) else "s"
    return " ".join([*words[:-1], last])


def one(table: str) -> str:
    """A table's name as a singular noun: "order_items" -> "order item"."""
    words = spoken(table).split()
    if not words or words[-1].isupper():
        return " ".join(words) or table
    return " ".join([*words[:-1], singular(words[-1])])


def _merged(owner: list[str], column: list[str]) -> list[str]:
    """The owner's words then the column's, a run they share said once: "concert" + "concert
    name" -> "concert name", "ref template type" + "template type code" -> "ref template type code"."""
    low_owner, low_column = [w.lower() for w in owner], [singular(w.lower()) for w in column]
    for k in range(min(len(owner), len(column)), 0, -1):
        if [singular(w) for w in low_owner[-k:]] == low_column[:k]:
            return owner + column[k:]
    return owner + column


def _name(ref: ColumnRef, spec: QuerySpec) -> str:
    column = spoken(ref.column)
    if ref in spec.named_keys:  # shown by the row it points to: "manager", not "manager ID"
        column = column.removesuffix(" ID")
    if (asked := dict(spec.shown_units).get(ref)) is not None:  # "milliseconds in minutes"
        column = f"{column} in {said_unit(asked)}"
    if ref.table == spec.entity:
        return column
    return " ".join(_merged(one(ref.table).split(), column.split()))


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_EVENT_SUFFIXES = (" at", " on", " date", " time")
_DAY_NAMES = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")


def _event_name(name: str) -> str:
    """ "created at" reads better as "created": "created in May 2026"."""
    for suffix in _EVENT_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def _participle(name: str) -> str | None:
    """The verb a date column is named for ("created at" -> "created"), said right after the noun."""
    event = _event_name(name)
    return event if event != name and event.endswith("ed") and " " not in event else None


def _whose(name: str, rest: str) -> str:
    return f"whose {name} is {rest}"


def _labelled(f: Filter, name: str) -> str | None:
    """A condition said by the words kept with it: a period ("created in May 2026"), a row's
    manager's value, a state said by its own word ("not deleted")."""
    if f.op == "range":
        verb = _participle(name)
        return f"{verb} {f.label}" if verb else _whose(name, f.label)
    if f.op in ("unsettled", "!=") and f.label:
        return f.label
    if f.against == "upper":  # the same column of the row its own key points to
        return _whose(name, f.label)
    return None


def describe_filter(f: Filter, spec: QuerySpec) -> str:
    """One condition, said after the noun it restricts: "whose country is Canada", "created in May 2026"."""
    name = _name(f.column, spec)
    if (labelled := _labelled(f, name)) is not None:
        return labelled
    if f.against in ("max", "min") and f.other is not None:  # the extreme of the row's own group
        group = spoken(f.other.column).removesuffix(" ID")
        return _whose(name, f"the {'highest' if f.against == 'max' else 'lowest'} of its {group}")
    if f.other is not None and (across := _across(f, spec, name)) is not None:
        return across
    if f.op in _LISTED:
        return _whose(name, _listed(f))
    if f.op == "none":
        values = " or ".join(_number(v) for v in f.values)
        return f"with no {plural(f.column.table)} whose {spoken(f.column.column)} is {values}"
    if f.op == "all":
        return f"with {name} {' and '.join(_number(v) for v in f.values)} each"
    if f.op in ("null", "not_null"):
        return _whose(name, "empty" if f.op == "null" else "set")
    if f.op == "weekday":
        days = " or ".join(_DAY_NAMES[d] for d in f.values)
        return f"whose {spoken(f.column.column)} falls on a {days}"
    if f.op == "open":
        return _whose(name, f"empty or from {_number(f.values[0])} on")
    if f.against is not None:
        return _whose(name, f"{_OPS.get(f.op, f.op)} the {'average' if f.against == 'avg' else f.against} {name}")
    if f.op == "like":
        anchor = str(f.values[1]) if len(f.values) > 1 else ""
        verb = {"start": "starts with", "end": "ends with"}.get(anchor, "contains")
        return f"whose {name} {verb} {f.values[0]!r}"
    if f.op == "between":
        return _whose(name, f"between {_number(f.values[0])} and {_number(f.values[1])}")
    return _whose(name, f"{_OPS.get(f.op, f.op)} {_number(f.values[0])}")


# Conditions on a list of values: (what comes before the values, the word between them).
_LISTED = {"=": ("", "or"), "!=": ("not ", "or"), "in": ("", "or"), "not_in": ("neither ", "nor"),
           "unsettled": ("neither ", "nor")}  # still open: in none of the states that settle a row


def _listed(f: Filter) -> str:
    """The values of a condition on a list: "France or Spain", "neither void nor lost", "not void"."""
    joined = f" {_LISTED[f.op][1]} ".join(_number(v) for v in f.values)
    lead = "not " if f.op in ("not_in", "unsettled") and len(f.values) == 1 else _LISTED[f.op][0]
    return f"{lead}{joined}"


def _compared(name: str, other: str) -> tuple[str, str]:
    """Two dates compared are said as dates: "delivered on" and "due on" -> "delivered date", "due date"."""
    if _event_name(name) != name and _event_name(other) != other:
        return f"{_event_name(name)} date", f"{_event_name(other)} date"
    return name, other


def _across(f: Filter, spec: QuerySpec, name: str) -> str | None:
    """A condition that reaches another column or other rows: of the same row, of the same table
    through its key to itself, or of the rows of a related table."""
    assert f.other is not None
    if f.op in _OPS:  # another column of the same row, by the question's comparator
        left, right = _compared(name, _name(f.other, spec))
        times = f"{_number(f.values[0])} times " if f.values else ""  # "more than double their buy price"
        return _whose(left, f"{f.label or _OPS[f.op]} {times}the {right}")
    if f.op == "in_rows" and f.other.table != f.column.table:  # one of two keys into a table: a route's end
        return and_list([_whose(f"{_role(f.column)}'s {spoken(g.column.column)}", " or ".join(map(str, g.values)))
                         if g.op in ("=", "in") else describe_filter(g, spec) for g in f.values])
    if f.op in ("in_rows", "not_in_rows") and [g.op for g in f.values] == ["not_null"]:  # "who manage someone"
        return f"who are {'some' if f.op == 'in_rows' else 'no'} {one(f.other.table)}'s {_role(f.other)}"
    if f.op == "counted_in":  # "managers with more than 3 direct reports"
        return f"who are the {_role(f.other)} of {_COUNTED.get(f.values[0], f.values[0])} {_number(f.values[1])} " \
               f"{plural(f.other.table)}"
    if f.op == "in_rows":  # across a table's key to itself
        picked = and_list([describe_filter(g, spec) for g in f.values])
        return _whose(name, f"the {_name(f.other, spec)} of the {one(f.other.table)} {picked}")
    if f.op == "not_exists":
        return f"with no {plural(f.other.table)}"
    if f.op == "exists":
        return f"with some {plural(f.other.table)}"
    return None


def _role(key: ColumnRef) -> str:
    """What a key's name calls the row it points to: ``origin_depot_id`` -> "origin depot"."""
    return " ".join(w for w in spoken(key.column).split() if w.lower() not in ("id", "key", "no"))


def and_list(parts: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def _metric_name(name: str) -> str:
    words = spoken(metric_word(name)).split()
    if words and words[0] in _ABBREVIATED:
        words[0] = _ABBREVIATED[words[0]]
    return " ".join(words)


def _counted_table(agg: Aggregate, spec: QuerySpec) -> str | None:
    """The table whose rows a count counts ("the number of orders"), when it counts rows, not values."""
    if agg.func != "count" or agg.metric is not None or agg.distinct:
        return None
    if agg.column is None or not agg.column.column:
        return spec.entity
    column = spoken(agg.column.column)
    if agg.column.table != spec.entity and (column.endswith("ID") or column.startswith(one(spec.entity))):
        return agg.column.table  # COUNT(orders.id), COUNT(orders.customer_code): how many orders
    return None


def describe_aggregate(agg: Aggregate, spec: QuerySpec) -> str:
    if agg.func == "share" and (agg.metric is not None or agg.column is not None):
        return f"the percentage of {describe_aggregate(replace(agg, func='sum'), spec)} that meets the conditions"
    if agg.func == "share":
        return f"the percentage of {plural(spec.entity)} that meet the conditions"
    if agg.metric is not None:
        said = agg.metric.description
        if said and agg.metric.where and state_named(spec, agg.metric.where, agg.metric.table):
            said = without_left_out(said)  # the state the line named is counted
        about = f" ({said})" if said else ""
        return f"{_metric_name(agg.metric.name)}{about}"
    counted = _counted_table(agg, spec)
    if counted is not None:
        return f"the number of {plural(counted)}"
    assert agg.column is not None
    if agg.func == "count":
        return f"the number of {'distinct ' if agg.distinct else ''}{_name(agg.column, spec)} values"
    if agg.since is not None:
        days = "days" if agg.func == "avg" else "whole days"
        return f"the {_FUNC[agg.func]} number of {days} from {_name(agg.since, spec)} to {_name(agg.column, spec)}"
    word, name = _FUNC[agg.func], _name(agg.column, spec)
    # "the total total amount", "the total order total amount" say the word twice: a column named
    # for the function already says it
    return f"the {name}" if word in name.split() else f"the {word} {name}"


def _having_condition(agg: Aggregate, op: str, value: float, spec: QuerySpec) -> str:
    counted = _counted_table(agg, spec)
    if counted is not None and op in _COUNTED:
        noun = one(counted) if value == 1 else plural(counted)
        return f"{_COUNTED[op]} {_number(value)} {noun}"
    return f"{describe_aggregate(agg, spec)} {_OPS.get(op, op)} {_number(value)}"


def describe_having(spec: QuerySpec) -> str:
    """The conditions on aggregates ("with more than 3 orders"): the rows they keep are the
    answer's subject, so the sentence must say what kept them."""
    conditions = [_having_condition(spec.aggregates[i], op, value, spec)
                  for i, op, value in spec.having if i < len(spec.aggregates)]
    return "with " + and_list(conditions) if conditions else ""


def describe_conditions(spec: QuerySpec) -> str:
    """The filters, said after the noun they restrict: "whose country is Canada and created in 2026"."""
    return and_list(_conditions(spec))


def explain(spec: QuerySpec) -> str:
    ranked = _ranked_head(spec)
    sentence = _head(spec, ranked)
    conditions = describe_conditions(spec)
    if conditions:
        sentence += f" {conditions}"
    groups = _groups(spec)
    if groups:
        sentence += f"{',' if conditions or _listed_rows(spec) else ''} per {groups}"
    if spec.having:
        sentence += f"{',' if groups else ''} {describe_having(spec)}"
    order = _order(spec, ranked)
    if order:
        sentence += f", {order}"
    return sentence + "."


def _is_key(ref: ColumnRef) -> bool:
    return ref.column.lower() == "id" or spoken(ref.column).endswith(" ID")


def _listed_rows(spec: QuerySpec) -> bool:
    """Whether the answer lists rows of the entity (not aggregates, nor groups of other rows)."""
    return not spec.count_rows and not any(a.shown for a in spec.aggregates)


def _key_tables(spec: QuerySpec) -> set[str]:
    """Tables grouped by their key beside a label: the groups are that table's rows."""
    return {g.column.table for g in spec.group_by if g.bucket is None and _is_key(g.column)
            and any(h.column.table == g.column.table and not _is_key(h.column) for h in spec.group_by)}


def _groups(spec: QuerySpec) -> str:
    """What the answer is per: "per district", "per customer" (a key grouped beside its label), "per
    month created"; nothing when the groups are the listed rows themselves."""
    if not spec.group_by or spec.count_rows:
        return ""
    keyed = _key_tables(spec)
    said: list[str] = []
    for g in spec.group_by:
        if g.column.table in keyed:
            if g.column.table == spec.entity and _listed_rows(spec):
                continue  # the listed rows are the groups
            word = one(g.column.table)
        else:
            word = _group_word(g, spec)
        if word not in said:
            said.append(word)
    return and_list(said)


def _group_word(g: GroupKey, spec: QuerySpec) -> str:
    name = _name(g.column, spec)
    if not g.bucket:
        return name
    verb = _participle(name)
    period = _PERIOD_NAMES.get(g.bucket, g.bucket)
    return f"{period} {verb}" if verb else f"{period} of {name}"


# How a period whose values are numbers is said, so that the numbers can be read.
_PERIOD_NAMES = {"weekday": "day of the week (0 is Sunday)"}


def _dated(name: str) -> bool:
    return _event_name(name) != name or any(w in ("date", "year", "day", "month", "time") for w in name.split())


def _ranking(spec: QuerySpec) -> str | None:
    """The one sort key said as a ranking ("with the highest price", "with the most orders")."""
    if len(spec.order_by) != 1:
        return None
    key = spec.order_by[0]
    if key.aggregate is not None and key.aggregate < len(spec.aggregates):
        agg = spec.aggregates[key.aggregate]
        counted = _counted_table(agg, spec)
        if counted is not None:
            return f"with the {'most' if key.descending else 'fewest'} {plural(counted)}"
        what = describe_aggregate(agg, spec).removeprefix("the ")
    elif key.column is not None:
        what = _name(key.column, spec)
        if _dated(what):
            return f"with the {'latest' if key.descending else 'earliest'} {what}"
    else:
        return None
    return f"with the {'highest' if key.descending else 'lowest'} {what}"


def _ranked_head(spec: QuerySpec) -> str | None:
    """The ranking said in the head ("the 5 products with the highest price"), for a list of rows
    cut to the top few by one key."""
    if spec.limit is None or not _listed_rows(spec) or spec.having:
        return None
    if any(g.column.table not in _key_tables(spec) or g.column.table != spec.entity for g in spec.group_by):
        return None
    return _ranking(spec)


def _sort_keys(spec: QuerySpec) -> list[str]:
    """What the answer is sorted by, in words; a key that names nothing the spec holds is not said."""
    keys = []
    for key in spec.order_by:
        if key.aggregate is not None and key.aggregate < len(spec.aggregates):
            what = describe_aggregate(spec.aggregates[key.aggregate], spec)
        elif key.column is not None:
            what = _name(key.column, spec)
        else:
            continue
        keys.append(f"{what}{' (highest first)' if key.descending else ''}")
    return keys


def _order(spec: QuerySpec, ranked: str | None) -> str:
    """The sort and the limit, when the head did not say them: "sorted by price (highest first)",
    "the 3 with the most orders", "only the first 10"."""
    if ranked is not None:
        return ""
    keys = _sort_keys(spec)
    ranking = _ranking(spec) if spec.limit is not None else None
    if ranking is not None:
        return f"the {'one' if spec.limit == 1 else spec.limit} {ranking}"
    sorted_by = "sorted by " + ", then by ".join(keys) if keys else ""
    if spec.limit is None:
        return sorted_by
    cut = f"only the first {spec.limit}" if spec.limit != 1 else "only the first one"
    return f"{sorted_by}, {cut}" if sorted_by else cut


def _subject(spec: QuerySpec, ranked: str | None) -> str:
    """The rows the sentence is about: "users", or, ranked in the head, "the 5 users" / "the user"."""
    if ranked is None or spec.limit is None:
        return plural(spec.entity)
    if spec.limit == 1:
        return f"the {one(spec.entity)}"
    return f"the {spec.limit} {plural(spec.entity)}"


def _head(spec: QuerySpec, ranked: str | None) -> str:
    """The sentence's verb and object: what the answer is (a count, aggregates, columns or whole
    rows) and, for a metric's rows, which rows it is made of."""
    rows = plural(spec.entity)
    shown = [a for a in spec.aggregates if a.shown]  # a hidden one is said by its condition
    if spec.count_rows or (len(shown) == 1 and _counted_table(shown[0], spec) == spec.entity
                           and not spec.group_by):
        head = f"Counts the {rows}"
    elif shown:
        head = "Shows " + and_list([describe_aggregate(a, spec) for a in shown])
        if shown[0].column is not None and shown[0].metric is None and _counted_table(shown[0], spec) is None:
            head += f" of {rows}"
    else:
        subject = _subject(spec, ranked)
        cols = and_list(list(dict.fromkeys(_name(p, spec) for p in spec.projections)))
        head = f"Lists the {'distinct ' if spec.distinct else ''}{cols} of {subject}" if cols else \
            f"Lists {subject}"
        if ranked is not None:
            head += f" {ranked}"
    if spec.rows_of is not None and spec.rows_of.where:
        about = spec.rows_of.description or spec.rows_of.where
        head += f" that {_metric_name(spec.rows_of.name)} is made of ({about})"
    return head


def _affirmed(f: Filter) -> Filter:
    """A denied value said as the value itself, inside the "no <rows> whose ..." that denies it."""
    return replace(f, op="=" if len(f.values) == 1 else "in") if f.op == "none" else f


def _denied_with(spec: QuerySpec, f: Filter) -> list[int]:
    """The filters on the rows a "no <rows>" denies, said after it: part of what it denies."""
    if f.op != "not_exists" or f.other is None or not f.words:
        return []
    return [j for j, g in enumerate(spec.filters) if g.op != "not_exists" and (
        (g.column.table == f.other.table and (g.op == "none" or (g.words and min(g.words) > min(f.words))))
        or _far_rows(f, g))]


def _far_rows(f: Filter, g: Filter) -> bool:
    """Whether ``g`` marks the rows a "no <rows>" denies further down than its first hop (the
    reviews of the bookings of a property's rooms): any such row, said with the negation's words."""
    assert f.other is not None
    return g.op == "not_null" and g.column.table != f.other.table and bool(g.words) and g.words <= f.words


def _denied(spec: QuerySpec, f: Filter, inside: list[int]) -> str:
    """ "with no plays whose performer is X": the denied rows' conditions, said of those rows."""
    assert f.other is not None
    far = next((spec.filters[j] for j in inside if _far_rows(f, spec.filters[j])), None)
    rows = far.column.table if far is not None else f.other.table
    said = [describe_filter(_affirmed(spec.filters[j]), replace(spec, entity=rows)) for j in inside
            if spec.filters[j] is not far]
    return f"with no {plural(rows)}" + (" " + and_list(said) if said else "")


def _conditions(spec: QuerySpec) -> list[str]:
    """The filters said in order, those joined by "or" said as one condition ("A or B"), and those
    a "no <rows>" denies said with it ("with no plays whose performer is X")."""
    said: list[str] = []
    done = {j for f in spec.filters for j in _denied_with(spec, f)}
    for i, f in enumerate(spec.filters):
        inside = _denied_with(spec, f)
        if inside:
            said.append(_denied(spec, f, inside))
            continue
        if i in done:
            continue
        group = next((g for g in spec.alternatives if f in g), ())
        members = [j for j, other in enumerate(spec.filters) if other in group] or [i]
        done.update(members)
        said.append(" or ".join(describe_filter(spec.filters[j], spec) for j in members))
    return said
