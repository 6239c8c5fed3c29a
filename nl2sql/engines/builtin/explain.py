"""Say in one sentence what a spec asks for, so the user can check the reading, not the SQL."""

from __future__ import annotations

from dataclasses import replace

from nl2sql.engines.builtin.spec import Aggregate, ColumnRef, Filter, QuerySpec

_FUNC = {"sum": "total", "avg": "average", "min": "smallest", "max": "largest", "count": "number"}
_OPS = {">": "over", ">=": "at least", "<": "under", "<=": "at most", "=": "equal to", "!=": "not"}


def _name(ref: ColumnRef, spec: QuerySpec) -> str:
    column = ref.column.replace("_", " ")
    return column if ref.table == spec.entity else f"{ref.table.replace('_', ' ')} {column}"


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _event_name(name: str) -> str:
    """ "created_at" reads better as "created": "created in May 2026"."""
    for suffix in (" at", " on", " date", " time"):
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def describe_filter(f: Filter, spec: QuerySpec) -> str:
    name = _name(f.column, spec)
    if f.op == "range":
        return f"{_event_name(name)} {f.label}"
    if f.other is not None and (across := _across(f, spec, name)) is not None:
        return across
    if f.op in _LISTED:
        joined = f" {_LISTED[f.op][1]} ".join(_number(v) for v in f.values)
        return f"{name} {_LISTED[f.op][0]}{joined}"
    if f.op == "none":
        return f"with no {f.column.table.replace('_', ' ')} whose {f.column.column.replace('_', ' ')} is " \
            + " or ".join(_number(v) for v in f.values)
    if f.op == "all":
        return f"with {name} {' and '.join(_number(v) for v in f.values)} each"
    if f.op in ("null", "not_null"):
        return f"{name} {'is empty' if f.op == 'null' else 'is set'}"
    if f.against is not None:
        return f"{name} {_OPS.get(f.op, f.op)} the {'average' if f.against == 'avg' else f.against} {name}"
    if f.op == "like":
        return f"{name} contains {f.values[0]!r}"
    if f.op == "between":
        return f"{name} between {_number(f.values[0])} and {_number(f.values[1])}"
    return f"{name} {_OPS.get(f.op, f.op)} {_number(f.values[0])}"


# Conditions on a list of values: (what comes before the values, the word between them).
_LISTED = {"=": ("is ", "or"), "!=": ("is not ", "or"), "in": ("is ", "or"), "not_in": ("is neither ", "nor")}


def _across(f: Filter, spec: QuerySpec, name: str) -> str | None:
    """A condition that reaches another column or other rows: of the same row, of the same table
    through its key to itself, or of the rows of a related table."""
    assert f.other is not None
    if f.op in _OPS:  # another column of the same row, by the question's comparator
        return f"{name} {f.label or _OPS[f.op]} {_name(f.other, spec)}"
    if f.op == "in_rows":  # across a table's key to itself
        picked = " and ".join(describe_filter(g, spec) for g in f.values)
        return f"{name} is the {_name(f.other, spec)} of the row where {picked}"
    if f.op == "not_exists":
        return f"with no {f.other.table.replace('_', ' ')}"
    if f.op == "exists":
        return f"with some {f.other.table.replace('_', ' ')}"
    return None


def describe_aggregate(agg: Aggregate, spec: QuerySpec) -> str:
    if agg.metric is not None:
        about = f" ({agg.metric.description})" if agg.metric.description else ""
        return f"{agg.metric.name.replace('_', ' ')}{about}"
    if agg.func == "share":
        return f"the percentage of {spec.entity.replace('_', ' ')} that meet the conditions"
    if agg.column is None or not agg.column.column:
        return f"the number of {spec.entity.replace('_', ' ')}"
    if agg.func == "count":
        if not agg.distinct and agg.column.table != spec.entity and agg.column.column.lower().endswith("id"):
            return f"the number of {agg.column.table.replace('_', ' ')}"  # COUNT(orders.id): how many orders
        return f"the number of {'distinct ' if agg.distinct else ''}{_name(agg.column, spec)} values"
    if agg.since is not None:
        return f"the {_FUNC[agg.func]} number of whole days from {_name(agg.since, spec)} to {_name(agg.column, spec)}"
    word, name = _FUNC[agg.func], _name(agg.column, spec)
    # "the total total amount" says the word twice: a column named for the function already says it
    return f"the {name}" if name.split(" ", 1)[0] == word else f"the {word} {name}"


def describe_having(spec: QuerySpec) -> str:
    """The conditions on aggregates ("with the number of orders over 3"): the rows they keep are
    the answer's subject, so the sentence must say what kept them."""
    conditions = [f"{describe_aggregate(spec.aggregates[i], spec)} {_OPS.get(op, op)} {_number(value)}"
                  for i, op, value in spec.having if i < len(spec.aggregates)]
    return "with " + " and ".join(conditions) if conditions else ""


def explain(spec: QuerySpec) -> str:
    parts = [_head(spec)]
    if spec.group_by and not spec.count_rows:
        parts.append("per " + " and ".join(
            f"{g.bucket} of {_name(g.column, spec)}" if g.bucket else _name(g.column, spec) for g in spec.group_by
        ))
    if spec.filters:
        parts.append("where " + ", ".join(_conditions(spec)))
    if spec.having:
        parts.append(describe_having(spec))
    keys = _sort_keys(spec)
    if keys:
        parts.append("sorted by " + ", ".join(keys))
    if spec.limit is not None:
        parts.append(f"first {spec.limit} only")
    return ", ".join(parts) + "."


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


def _head(spec: QuerySpec) -> str:
    """The sentence's verb and object: what the answer is (a count, aggregates, columns or whole
    rows) and, for a metric's rows, which rows it is made of."""
    entity = spec.entity.replace("_", " ")
    if spec.count_rows:  # one number: how many rows pass
        head = f"Counts {entity}"
    elif shown := [a for a in spec.aggregates if a.shown]:  # a hidden one is said by its condition
        first = shown[0]
        if len(shown) == 1 and first.func == "count" and first.column is None and not spec.group_by:
            head = f"Counts {entity}"
        else:
            head = "Shows " + " and ".join(describe_aggregate(a, spec) for a in shown)
            if first.column is not None and first.metric is None:
                head += f" of {entity}"
    elif spec.projections:
        cols = ", ".join(_name(p, spec) for p in spec.projections)
        head = f"Lists the {'distinct ' if spec.distinct else ''}{cols} of {entity}"
    else:
        head = f"Lists {entity}"
    if spec.rows_of is not None and spec.rows_of.where:
        about = spec.rows_of.description or spec.rows_of.where
        head += f" that {spec.rows_of.name} is made of ({about})"
    return head


def _affirmed(f: Filter) -> Filter:
    """A denied value said as the value itself, inside the "no <rows> whose ..." that denies it."""
    return replace(f, op="=" if len(f.values) == 1 else "in") if f.op == "none" else f


def _denied_with(spec: QuerySpec, f: Filter) -> list[int]:
    """The filters on the rows a "no <rows>" denies, said after it: part of what it denies."""
    if f.op != "not_exists" or f.other is None or not f.words:
        return []
    return [j for j, g in enumerate(spec.filters) if g.column.table == f.other.table and g.op != "not_exists"
            and (g.op == "none" or (g.words and min(g.words) > min(f.words)))]


def _conditions(spec: QuerySpec) -> list[str]:
    """The filters said in order, those joined by "or" said as one condition ("A or B"), and those
    a "no <rows>" denies said with it ("with no play whose performer is X")."""
    said: list[str] = []
    done = {j for f in spec.filters for j in _denied_with(spec, f)}
    for i, f in enumerate(spec.filters):
        inside = _denied_with(spec, f)
        if inside:
            table = f.other.table.replace("_", " ") if f.other is not None else ""
            plain = [_affirmed(spec.filters[j]) for j in inside]
            said.append(f"with no {table} whose " + " and ".join(
                describe_filter(g, spec).removeprefix(f"{table} ") for g in plain))
            continue
        if i in done:
            continue
        group = next((g for g in spec.alternatives if f in g), ())
        members = [j for j, other in enumerate(spec.filters) if other in group] or [i]
        done.update(members)
        said.append(" or ".join(describe_filter(spec.filters[j], spec) for j in members))
    return said
