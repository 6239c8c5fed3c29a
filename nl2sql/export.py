"""Results and conversations as files: CSV, JSON, Markdown, Parquet, PNG or SVG by the file's extension.

Every file is written whole to a temporary file beside it and then renamed into place, so an
interrupted export never leaves half a file, and an existing file is never replaced unless the
user said so (``--force``): without it the rename is a hard link that fails if the name is taken,
which also closes the gap between checking and writing.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from nl2sql.db import QueryResult
from nl2sql.dialog.state import Turn
from nl2sql.errors import UsageError
from nl2sql.formatting import markdown_grid, result_csv, result_json, row_summary, unique_names

FORMATS = {".csv": "csv", ".json": "json", ".md": "markdown", ".markdown": "markdown", ".parquet": "parquet",
           ".png": "png", ".svg": "svg"}
IMAGE_FORMATS = ("png", "svg")
PARQUET_EXTRA = "Parquet needs pyarrow, which is not installed; run: pip install 'nl2sql[parquet]'"


def export_format(path: Path) -> str:
    """The format ``path``'s extension names; a clear error listing the known ones otherwise."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        known = ", ".join(FORMATS)
        raise UsageError(f"Cannot tell the format of {path.name!r} from its extension; use one of {known}.")
    return fmt


def write_file(path: Path, write: Callable[[Path], None], *, force: bool = False, private: bool = False) -> Path:
    """Create ``path`` through ``write(temporary_path)``: whole or not at all, never over an existing
    file unless ``force``. ``private`` keeps it readable by its owner only (0600); otherwise it gets
    the permissions an ordinary new file would (the umask's), or those of the file it replaces, so
    replacing a private file never opens it up."""
    path = path.expanduser()
    folder = path.parent
    try:  # a name the file system refuses (over 255 bytes, say) fails the first look at it
        if not folder.is_dir():
            raise UsageError(f"There is no folder {str(folder)!r} to write {path.name!r} in.")
        if path.is_dir():
            raise UsageError(f"{str(path)!r} is a folder; name a file.")
        replacing = path.exists()
    except OSError as err:
        raise UsageError(f"Cannot write {_short(path)}: {err.strerror or err}.") from None
    if replacing and not force:
        raise UsageError(f"{str(path)!r} already exists; add --force to replace it.")
    try:  # a file that will be private, or take another's mode, starts private: no one reads it meanwhile
        partial = _new_partial(folder, path.name, 0o600 if private or replacing else 0o666)
    except OSError as err:
        raise UsageError(f"Cannot write in {str(folder)!r}: {err.strerror}.") from None
    try:
        write(partial)
        if private or replacing:
            partial.chmod(0o600 if private else stat.S_IMODE(path.stat().st_mode))
        _place(partial, path, force)
    except OSError as err:
        raise UsageError(f"Cannot write {_short(path)}: {err.strerror or err}.") from None
    finally:
        partial.unlink(missing_ok=True)
    return path


def _short(path: Path) -> str:
    """A path fit for a one-line message, however long the name typed."""
    text = str(path)
    return repr(text if len(text) <= 80 else f"{text[:40]}...{text[-20:]}")


def _place(partial: Path, path: Path, force: bool) -> None:
    if force:
        os.replace(partial, path)
        return
    try:
        os.link(partial, path)  # fails if the name was taken since the check: nothing is replaced
    except FileExistsError:
        raise UsageError(f"{str(path)!r} already exists; add --force to replace it.") from None


def _new_partial(folder: Path, name: str, mode: int) -> Path:
    """A new empty file beside ``name``, created with ``mode`` for the OS to narrow by the umask: an
    ordinary new file's permissions without reading the umask, which can only be read by setting it,
    process-wide, racing every other thread that creates a file. O_EXCL never opens an existing file."""
    for _ in range(100):
        partial = folder / f".{name[:100]}.{secrets.token_hex(4)}.partial"  # any name the system takes fits
        try:
            os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode))
        except FileExistsError:
            continue
        return partial
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def write_text(path: Path, text: str, *, force: bool = False, private: bool = False) -> Path:
    def write(partial: Path) -> None:
        partial.write_text(text, encoding="utf-8")

    return write_file(path, write, force=force, private=private)


def export_result(result: QueryResult, path: Path, *, force: bool = False, chart_kind: str | None = None) -> Path:
    """Write ``result`` to ``path`` in the format its extension names (an image is its chart)."""
    fmt = export_format(path)
    if fmt in IMAGE_FORMATS:
        from nl2sql.charts import chart_data, save_chart_image

        data = chart_data(result, chart_kind)  # refuse a result with no chart shape before writing anything
        return write_file(path, lambda p: save_chart_image(data, p, fmt), force=force)
    if fmt == "parquet":
        return write_file(path, lambda p: _write_parquet(result, p), force=force)
    text = {"csv": result_csv, "json": _json_file, "markdown": markdown_table}[fmt](result)
    return write_text(path, text, force=force)


def markdown_table(result: QueryResult) -> str:
    """The screen's Markdown table with every value as the database gave it (a file, not a screen: no
    rounding), then the row count in italics apart from the table so no renderer reads it as a row."""
    if not result.columns:
        return "(no columns)\n"
    return f"{markdown_grid(result, exact=True)}\n\n*({row_summary(result)})*\n"


def _json_file(result: QueryResult) -> str:
    return result_json(result) + "\n"


def _write_parquet(result: QueryResult, path: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError(PARQUET_EXTRA) from None
    arrays = []
    for index in range(len(result.columns)):
        values = [row[index] for row in result.rows]
        try:
            arrays.append(pa.array(values))
        except (pa.ArrowInvalid, pa.ArrowTypeError):  # mixed types in one column (SQLite allows it): as text
            arrays.append(pa.array([None if v is None else str(v) for v in values], type=pa.string()))
        except OverflowError:  # integers past int64: DuckDB's UBIGINT, HUGEINT and UHUGEINT
            arrays.append(_wide_integers(pa, values))
    try:
        pq.write_table(pa.Table.from_arrays(arrays, names=unique_names(result.columns)), path)
    except pa.ArrowException as err:
        raise UsageError(f"Cannot write this result as Parquet: {err}") from None


def _wide_integers(pa: Any, values: list[Any]) -> Any:
    """A column of integers too large for int64, kept exact: unsigned 64-bit when they fit, else
    76-digit decimals (any DuckDB integer fits); text when the column also holds other values."""
    from decimal import Decimal

    present = [v for v in values if v is not None]
    if all(type(v) is int for v in present):
        if all(0 <= v < 2 ** 64 for v in present):
            return pa.array(values, type=pa.uint64())
        if all(abs(v) < 10 ** 76 for v in present):
            return pa.array([None if v is None else Decimal(v) for v in values], type=pa.decimal256(76, 0))
    return pa.array([None if v is None else str(v) for v in values], type=pa.string())


EXCERPT_ROWS = 10  # rows of each result a session export shows: an excerpt, not a data dump


def session_markdown(turns: Sequence[Turn[Any]], database: str, excerpts: Mapping[int, QueryResult | str],
                     *, pruned: int = 0, dialect: str = "sqlite") -> str:
    """The conversation as a Markdown document: each turn's question, SQL (pretty-printed in
    ``dialect``, its first lines), explanation and the first rows of its result (``excerpts``: turn
    number -> result, or why there is none)."""
    from nl2sql.statements import capped

    lines = ["# nl2sql session", "", f"Database: {database}", ""]
    if pruned:
        lines += [f"({pruned} older turn{'s' if pruned != 1 else ''} not kept)", ""]
    for turn in turns:
        lines += [f"## Turn {turn.number}: {turn.text}", ""]
        if turn.error is not None:
            lines += [f"**Error:** {turn.error}", ""]
            continue
        if turn.intent:
            lines += [f"*{turn.intent.replace('_', ' ')}*" + (f": {turn.refinement_summary}"
                                                              if turn.refinement_summary else ""), ""]
        if turn.query:
            sql, cut = capped(turn.query, dialect, turn.number)
            lines += ["```sql", *sql, "```", *([f"*{cut}*"] if cut else []), ""]
        if turn.explanation:
            lines += [turn.explanation, ""]
        excerpt = excerpts.get(turn.number)
        if isinstance(excerpt, QueryResult):
            lines += [markdown_table(excerpt.sample(EXCERPT_ROWS)).rstrip(), ""]
        elif excerpt:
            lines += [f"*{excerpt}*", ""]
    return "\n".join(lines)


def path_argument(arg: str, usage: str) -> tuple[Path, bool]:
    """``PATH [--force]`` as typed after a command (quotes allow spaces in the path)."""
    import shlex

    try:
        words = shlex.split(arg)
    except ValueError as err:
        raise UsageError(f"{err}; usage: {usage}") from None
    force = "--force" in words
    rest = [w for w in words if w != "--force"]
    if len(rest) != 1 or rest[0].startswith("-"):
        raise UsageError(f"Usage: {usage}")
    return Path(rest[0]).expanduser(), force
