"""How the built-in engine's explanations read over Spider dev: doubled words and names left raw.

Runs the engine over every Spider dev question whose database is present (as ``nl2sql eval spider``
finds them), runs the SQL for one-row answers, and counts explanations and answer sentences with a
word said twice in a row ("the total total"), and with a column name left as written (an
underscore, or a lower-to-upper case change inside a word). The words the engine did not use,
quoted after the sentence, are the question's own and are not counted. Prints figures, never asserts.

    python benchmarks/explanations.py [--data ../shared/benchmarks] [--examples 10]
"""

from __future__ import annotations

import argparse
import re
from datetime import date
from pathlib import Path

from nl2sql.db import open_database
from nl2sql.engines.builtin.engine import BuiltinEngine
from nl2sql.errors import Nl2SqlError
from nl2sql.evaluation.datasets import database_path, load_spider

TODAY = date(2026, 6, 15)
DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
_DOUBLED = re.compile(r"\b(\w+)\W+\1\b", re.IGNORECASE)
_RAW_NAME = re.compile(r"\w_\w|[a-z][A-Z]")


def doubled(text: str) -> str | None:
    """The first word said twice in a row, with nothing but spaces or punctuation between."""
    for found in _DOUBLED.finditer(text):
        if not found.group(1).isdigit():
            return found.group(0)
    return None


def _raw(text: str) -> bool:
    """A name as the schema writes it; quoted values ('New_York') are what the data holds, not said."""
    return bool(_RAW_NAME.search(re.sub(r"'[^']*'", "", text)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--examples", type=int, default=10, help="how many offending sentences to print")
    args = parser.parse_args()
    spider, conversations = load_spider(args.data)
    engine = BuiltinEngine(today=TODAY)
    databases = {}
    counts = dict.fromkeys(("questions", "explained", "doubled", "raw names",
                            "answers", "answers doubled", "answers raw names"), 0)
    examples: list[str] = []
    for conversation in conversations:
        counts["questions"] += 1
        db = databases.get(conversation.db_id)
        if db is None:
            db = databases[conversation.db_id] = open_database(str(database_path(spider, conversation.db_id)))
        try:
            draft = engine.draft(conversation.turns[0], db)
        except Nl2SqlError:
            continue
        counts["explained"] += 1
        # The engine's sentence, without the words it did not use: those are the question's, quoted.
        sentences = [("", draft.explanation.split(" I did not use: ")[0])]
        try:
            answer = engine.answer(draft, db.execute(draft.sql))
        except Nl2SqlError:
            answer = None
        if answer:
            counts["answers"] += 1
            sentences.append(("answers ", answer))
        for prefix, text in sentences:
            twice, raw = doubled(text), _raw(text)
            counts[f"{prefix}doubled"] += twice is not None
            counts[f"{prefix}raw names"] += raw
            if (twice or raw) and len(examples) < args.examples:
                examples.append(f"  [{twice or 'raw name'}] {text}")
    for name, value in counts.items():
        print(f"{name:>17}: {value}")
    if examples:
        print("examples:")
        print("\n".join(examples))


if __name__ == "__main__":
    main()
