"""What a Spark folder's tables hold: columns and Spark types, declared keys, row counts and the
distinct values of text columns, each query under the introspection budget.

Parquet and CSV carry no keys: they come from the folder's ``_nl2sql_keys.json`` (``files``).
A Parquet field's ``comment`` metadata (as Spark writes a column comment) is the column's description;
one of the form ``references table.column`` declares a join key, as for DuckDB and PostgreSQL.
Text values are listed in the order of their first row, as SQLite lists them: Spark has no row id,
but ``monotonically_increasing_id()`` follows the file's row order within one file.
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from nl2sql.db.base import MAX_INDEXED_VALUES, Catalogue, Rows, comment_keys, present, table_ref
from nl2sql.db.schema import TEXT, Column, ForeignKey, Schema, Table

# The one query per table that counts rows and lists text values.
PROFILE_BUDGET_S = 10.0


class Catalog(Catalogue):
    """Introspects the registered tables through ``rows`` (a query and its budget -> rows or None)."""

    dialect = "spark"
    budget = 5.0

    def __init__(self, frames: dict[str, Any], keys: dict[str, dict], rows: Rows) -> None:
        super().__init__(rows)
        self.frames, self.keys = frames, keys

    def schema(self) -> Schema:
        return self.schema_of([self._table(name, df) for name, df in self.frames.items()])

    def _table(self, name: str, df: Any) -> Table:
        declared = self.keys.get(name.lower(), {})
        primary = {c.lower() for c in declared.get("primary_key", [])}
        unique = {u[0].lower() for u in declared.get("unique", []) if len(u) == 1}
        unique |= primary if len(primary) == 1 else set()
        not_null = {c.lower() for c in declared.get("not_null", [])} | primary
        table = table_ref(name)
        sample = self.sample(table)
        fields = list(df.schema.fields)
        kinds = [self.kind(f.dataType.simpleString(), present(sample, i)) for i, f in enumerate(fields)]
        texts = [f.name for f, kind in zip(fields, kinds, strict=True) if kind == TEXT]
        count, values = self._profile(table, texts)
        columns = tuple(Column(
            name=f.name, type=f.dataType.simpleString().upper(), kind=kind, primary_key=f.name.lower() in primary,
            nullable=f.nullable and f.name.lower() not in not_null, unique=f.name.lower() in unique,
            values=values.get(f.name, ()), description=str((f.metadata or {}).get("comment", "")),
        ) for f, kind in zip(fields, kinds, strict=True))
        return Table(name, columns, self._foreign_keys(name, declared, list(columns)), count)

    def _foreign_keys(self, name: str, declared: dict, columns: list[Column]) -> tuple[ForeignKey, ...]:
        spelled = {c.name.lower(): c.name for c in columns}
        found = []
        for cols, parent, refs in declared.get("foreign_keys", []):
            parent_name = next((t for t in self.frames if t.lower() == str(parent).lower()), None)
            if parent_name is None:
                continue
            parent_columns = {f.name.lower(): f.name for f in self.frames[parent_name].schema.fields}
            for col, ref in zip(cols, refs, strict=False):
                if col.lower() in spelled and ref.lower() in parent_columns:
                    found.append(ForeignKey(name, spelled[col.lower()], parent_name, parent_columns[ref.lower()]))
        found += comment_keys(name, columns)
        return tuple(dict.fromkeys(found))

    def _profile(self, table: exp.Table, texts: list[str]) -> tuple[int | None, dict[str, tuple[str, ...]]]:
        """The row count and every text column's distinct values (when there are few), in one query:
        one Spark job per table instead of one per column. Values come in the order of their first
        row, as SQLite lists them."""
        branches = [exp.select(exp.Literal.number(-1).as_("c"), exp.cast(exp.Count(this=exp.Star()), "STRING").as_("v"),
                               exp.Literal.number(0).as_("p")).from_("nl2sql_rows")]
        for n, name in enumerate(texts):
            ref = exp.column(name, quoted=True)
            branches.append(exp.select(exp.Literal.number(n), exp.cast(ref, "STRING"), exp.Min(this=exp.column("p")))
                            .from_("nl2sql_rows").where(ref.is_(exp.null()).not_()).group_by(ref))
        union: exp.Query = branches[0]
        for branch in branches[1:]:
            union = exp.union(union, branch, distinct=False)
        rank = exp.Window(this=exp.RowNumber(), partition_by=[exp.column("c")], order=exp.Order(
            expressions=[exp.Ordered(this=exp.column("p")), exp.Ordered(this=exp.column("v"))]))
        ranked = exp.select("c", "v", exp.alias_(rank, "n")).from_(union.subquery("u"))
        query = (exp.select("c", "v").from_(ranked.subquery("r")).where(exp.column("n") <= MAX_INDEXED_VALUES + 1)
                 .order_by("c", "n")
                 .with_("nl2sql_rows", as_=exp.select("*", exp.alias_(exp.Anonymous(this="monotonically_increasing_id"),
                                                                        "p")).from_(table)))
        found: dict[int, list[str]] = {}
        for column, value in self._rows(query, PROFILE_BUDGET_S) or []:
            found.setdefault(int(column), []).append(value)
        count = int(found[-1][0]) if -1 in found else None
        return count, {texts[n]: tuple(v) for n, v in found.items() if n >= 0 and len(v) <= MAX_INDEXED_VALUES}
