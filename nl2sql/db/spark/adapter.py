"""Spark SQL: a local Spark session over a folder of tables (``spark:///dir``), read-only.

Each sub-folder is registered as a temporary view of its own session (``files`` says which
folders are tables and how to read them); nothing is written, cached or created in any catalog.
Below the sqlglot guard, statements reach Spark only as a query plan its own parser vouches for
(``plan``): the adapter has no path to ``spark.sql()`` or to any writer. Every statement runs
in a job group of its own: the time limit and Ctrl-C cancel that group (the running tasks are
interrupted), and the session goes on.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from nl2sql.db.base import COUNT_BUDGET_S, Adapter, plain_row, stopped
from nl2sql.db.spark.files import CSV, TableSource, read_keys, tables_in
from nl2sql.db.spark.plan import first_line, frame, query_plan
from nl2sql.errors import DatabaseError, UsageError

_GROUPS = itertools.count(1)
# How often a cancel is repeated while the statement it stops is still being planned (a cancel only
# reaches jobs that have started).
_CANCEL_EVERY_S = 0.1


def quoted(name: str) -> str:
    """A Spark identifier in backticks (a view's name may hold spaces or dots)."""
    return "`" + name.replace("`", "``") + "`"


def _uri(path: Path) -> str:
    """A local path as Hadoop should read it (``file:///...``: never a host, never the default file system)."""
    return path.resolve().as_uri()


class SparkDatabase(Adapter):
    dialect = "spark"

    def __init__(self, session: Any, *, display_name: str, keys: dict[str, dict] | None = None) -> None:
        from py4j.protocol import Py4JError
        from pyspark.errors import PySparkException

        super().__init__(display_name)
        self._spark = session
        self._keys = keys or {}
        self._error: tuple[type[BaseException], ...] = (Py4JError, PySparkException)
        self._frames: dict[str, Any] = {}
        self._group: str | None = None

    @classmethod
    def local(cls, folder: Path, *, display_name: str) -> SparkDatabase:
        """The tables of ``folder`` in this process's local Spark session (started on first use)."""
        sources = tables_in(folder)  # a bad folder is one line before the JVM starts
        from nl2sql.db.spark.session import local_session

        db = cls(local_session(), display_name=display_name, keys=read_keys(folder))
        for source in sources:
            db._register(source)
        return db

    def _register(self, source: TableSource) -> None:
        reader = self._spark.read
        try:
            if source.format == CSV:
                df = reader.options(header=True, inferSchema=True, pathGlobFilter="*.csv").csv(_uri(source.folder))
            elif source.files:
                df = reader.option("basePath", _uri(source.folder)).parquet(*(_uri(Path(f)) for f in source.files))
            else:
                df = reader.option("pathGlobFilter", "*.parquet").parquet(_uri(source.folder))
        except self._error as err:
            raise UsageError(f"The table folder {source.folder} cannot be read by Spark: {first_line(err)}") from None
        df.createOrReplaceTempView(quoted(source.name))
        self._frames[source.name] = df

    def close(self) -> None:
        for name in self._frames:
            self._spark.catalog.dropTempView(quoted(name))
        self._frames.clear()

    # -- jobs: the time limit and Ctrl-C ---------------------------------------------------------

    def interrupt(self) -> None:
        self._cancel.set()
        self._cancel_group(self._group)

    def _cancel_group(self, group: str | None) -> None:
        """Cancel ``group``'s jobs, again every 0.1 s until its statement returns (one that is still
        being planned has no job yet)."""
        if group is None:
            return

        def repeat() -> None:
            while self._group == group:
                try:
                    self._cancel_now(group)
                except self._error:
                    return
                time.sleep(_CANCEL_EVERY_S)

        threading.Thread(target=repeat, daemon=True).start()

    def _cancel_now(self, group: str) -> None:
        self._spark.sparkContext.cancelJobGroup(group)

    def _enter_group(self, group: str) -> None:
        self._spark.sparkContext.setJobGroup(group, "nl2sql", interruptOnCancel=True)

    def _leave_group(self, group: str) -> None:
        self._spark.sparkContext.setLocalProperty("spark.jobGroup.id", None)

    def _frame(self, sql: str) -> Any:
        """The DataFrame of one query, analysed and not run; refused unless Spark's parser calls it a query."""
        return frame(self._spark, query_plan(self._spark, sql, self._error))

    @contextmanager
    def _job(self, seconds: float) -> Iterator[None]:
        """Run the body's Spark jobs in a group of their own, cancelled once ``seconds`` have passed."""
        group = f"nl2sql-{next(_GROUPS)}"
        self._enter_group(group)
        self._group = group
        if self._cancel.is_set():  # interrupted while the statement was planned, before it had a group
            self._cancel_group(group)
        try:
            with self._expiring(seconds, lambda: self._cancel_group(group)):
                yield
        finally:
            self._group = None
            self._leave_group(group)

    def _cancelled(self, err: BaseException) -> bool:
        """Whether ``err`` is our own cancel (a column named "cancelled" in an error is not)."""
        text = str(err)
        return self._timed_out.is_set() or self._cancel.is_set() or "SPARK_JOB_CANCELLED" in text \
            or "OPERATION_CANCELED" in text

    # -- schema ----------------------------------------------------------------------------------

    def _catalogue(self) -> Any:
        from nl2sql.db.spark.catalog import Catalog

        return Catalog(self._frames, self._keys, self._introspect)

    def _read(self, sql: str, budget: float) -> list[Any]:
        with self._job(budget):
            return self._frame(sql).collect()

    def _plain(self, row: tuple) -> tuple:
        return plain_row(tuple(bytes(v) if isinstance(v, bytearray) else v for v in row))

    # -- execution -------------------------------------------------------------------------------

    def _check(self, sql: str) -> str | None:
        """Parse and analyse without running: a DataFrame runs nothing until its rows are fetched (a
        refusal of ``query_plan`` is said by ``Database.check``)."""
        try:
            with self._lock:
                self._frame(sql).schema  # noqa: B018 - asking for the schema analyses the query
        except self._error as err:
            return first_line(err)
        return None

    def _failure(self, err: BaseException, timeout: float) -> DatabaseError:
        if self._cancelled(err):
            return stopped(self._cancel.is_set() and not self._timed_out.is_set(), timeout)
        return DatabaseError(f"Spark error: {first_line(err)}")

    def _fetch(self, sql: str, max_rows: int | None, timeout: float) -> tuple[tuple[str, ...], list[Any]]:
        self._last = df = self._frame(sql)
        with self._job(timeout):
            rows = df.collect() if max_rows is None else df.take(max_rows + 1)
        return tuple(df.columns), rows

    def _count(self, sql: str) -> int | None:
        """Count the whole result (the frame just fetched) if that takes under COUNT_BUDGET_S; None otherwise."""
        try:
            with self._job(COUNT_BUDGET_S):
                return int(self._last.count())
        except self._error:
            return None
