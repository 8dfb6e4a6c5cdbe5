"""The lexicon's tables (the data files beside this module, loaded lazily) and the lookups
over them; the public questions are asked through the package's functions."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Literal, Mapping

DATA_DIR = Path(__file__).resolve().parent

InflectionKind = Literal["present-participle", "past", "third-person"]
NonActionClass = Literal["state", "adjective", "noun", "being", "function", "adverb"]

_RARE = 25  # cost of a word with no frequency data
_MAX_PARTS = 4
_MAX_COMPOUND = 60


@dataclass(frozen=True)
class Inflection:
    """An inflected verb form and the base form it comes from (upper case)."""

    word: str
    base: str
    kind: InflectionKind


def _rows_of(text: str) -> list[list[str]]:
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


class Lexicon:
    """The lexicon tables, each loaded on first use from ``data_dir``."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        self.data_dir = Path(data_dir)

    # -- tables ----------------------------------------------------------
    def _text(self, name: str) -> str:
        path = self.data_dir / name
        if name.endswith(".gz"):
            import gzip
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                return fh.read()
        return path.read_text(encoding="utf-8")

    def _rows(self, name: str) -> list[list[str]]:
        return _rows_of(self._text(name))

    @cached_property
    def verbs(self) -> frozenset[str]:
        return frozenset(self._text("verbs.txt").split())

    @cached_property
    def inflections(self) -> tuple[tuple[str, dict[str, str]], ...]:
        """(kind, {inflected form: base}) for kind in ed | ing | s (disjoint)."""
        return tuple(
            (kind, dict(zip(forms.split(), bases.split())))
            for kind, forms, bases in self._rows("inflections.tsv.gz")
        )

    def _infl_get(self, w: str) -> tuple[str, str] | None:
        for kind, table in self.inflections:
            base = table.get(w)
            if base is not None:
                return base, kind
        return None

    def _is_inflected(self, w: str) -> bool:
        return any(w in table for _, table in self.inflections)

    @cached_property
    def words(self) -> Mapping[str, tuple[str, int]]:
        """word -> (POS flags, rank cost): a dict built from the data file, or the same
        table packed in the cache directory by an earlier run (:mod:`.packed`)."""
        from . import packed
        path = self.data_dir / "words.tsv.gz"
        store = packed.store()
        name = packed.entry_name(path) if store is not None else None
        cached = store.read(name) if name is not None else None
        fast = packed.unpack(cached) if cached else None
        if fast is not None:
            return fast
        raw = path.read_bytes()
        import gzip
        table: dict[str, tuple[str, int]] = {}
        for flags, cost, words in _rows_of(gzip.decompress(raw).decode("utf-8")):
            table.update(dict.fromkeys(words.split(), (flags, int(cost))))
        if name is not None:
            store.write(name, packed.pack(table))
        return table

    @cached_property
    def nonaction(self) -> dict[str, str]:
        return {r[0]: r[1] for r in self._rows("nonaction.tsv")}

    @cached_property
    def stative(self) -> frozenset[str]:
        return frozenset(self._text("stative.txt").split())

    @cached_property
    def fused(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        """word -> (the phrasal verb it fuses, catalog verbs to suggest)."""
        return {r[0]: (r[1], tuple(r[2].split())) for r in self._rows("fused.tsv")}

    @cached_property
    def vague(self) -> dict[str, tuple[str, ...]]:
        return {r[0]: tuple(r[1].split()) if len(r) > 1 else () for r in self._rows("vague.tsv")}

    @cached_property
    def path_roles(self) -> dict[str, frozenset[str]]:
        """word -> its path-segment roles (leak, verb-first, ambiguous, head, particle)."""
        roles: dict[str, set[str]] = {}
        for word, role in self._rows("pathwords.tsv"):
            roles.setdefault(word, set()).add(role)
        return {w: frozenset(r) for w, r in roles.items()}

    def _lead_role(self, w: str) -> str | None:
        roles = self.path_roles.get(w, frozenset())
        for role in ("leak", "verb-first", "ambiguous"):
            if role in roles:
                return role
        return None

    def _is_head(self, w: str) -> bool:
        return "head" in self.path_roles.get(w, frozenset())

    @cached_property
    def prefixes(self) -> tuple[str, ...]:
        # longest first, so OVER is tried before O... and UNDER before UN
        return tuple(sorted(self._text("prefixes.txt").split(), key=len, reverse=True))

    def load_all(self) -> "Lexicon":
        """Load every table now (e.g. off the hot path at server start)."""
        for name in ("verbs", "inflections", "words", "nonaction", "vague", "path_roles", "prefixes",
                     "stative", "fused"):
            getattr(self, name)
        return self

    # -- primitives on lower-case words ------------------------------------
    def _flags(self, w: str) -> str:
        entry = self.words.get(w)
        return entry[0] if entry else ""

    def _cost(self, w: str) -> int:
        entry = self.words.get(w)
        return entry[1] if entry else _RARE

    def _known(self, w: str) -> bool:
        return w in self.verbs or w in self.words or w in self.nonaction or self._is_inflected(w)

    def _derived(self, w: str) -> tuple[str, str] | None:
        """(prefix, rest) when ``w`` is an unknown word PREFIX + known form."""
        if self._known(w):
            return None
        for p in self.prefixes:
            if w.startswith(p) and len(w) - len(p) >= 3:
                return p, w[len(p):]
        return None

    def _is_verb(self, w: str) -> bool:
        if w in self.verbs:
            return True
        if self._known(w):
            return False
        for p in self.prefixes:
            rest = w[len(p):]
            if w.startswith(p) and len(rest) >= 3 and rest in self.verbs:
                return True
        return False

    def _inflection(self, w: str) -> tuple[str, str] | None:
        if self._is_verb(w):
            return None
        hit = self._infl_get(w)
        if hit is not None:
            return hit
        if self._known(w):
            return None
        for p in self.prefixes:
            rest = w[len(p):]
            if w.startswith(p) and len(rest) >= 3:
                hit = self._infl_get(rest)
                if hit is not None:
                    return p + hit[0], hit[1]
        return None

    def _part_ok(self, w: str) -> bool:
        """May ``w`` be a part of a concatenated compound?"""
        entry = self.words.get(w)
        if entry is None:
            return False
        flags, cost = entry
        if len(w) <= 2:
            return "x" in flags
        return cost < _RARE or "x" in flags or "v" in flags

    # -- compound splitting ------------------------------------------------
    def _segment(self, s: str, memo: dict[str, tuple[int, int, tuple[str, ...]] | None]):
        """Best split of ``s`` into known parts: fewest parts, then most common."""
        if s in memo:
            return memo[s]
        best = None
        if self._part_ok(s):
            best = (1, self._cost(s), (s,))
        for i in range(len(s) - 1, 1, -1):
            head = s[:i]
            if not self._part_ok(head):
                continue
            rest = self._segment(s[i:], memo)
            if rest is None or rest[0] + 1 > _MAX_PARTS:
                continue
            cand = (rest[0] + 1, rest[1] + self._cost(head), (head,) + rest[2])
            if best is None or cand[:2] < best[:2]:
                best = cand
        memo[s] = best
        return best

    def _split_concatenated(self, w: str) -> list[str] | None:
        # The search is quadratic in the length; no compound of _MAX_PARTS words is longer
        # than _MAX_COMPOUND letters, so a longer run (a 200,000-letter method) is not split.
        if len(w) < 5 or len(w) > _MAX_COMPOUND or self._known(w) or self._derived(w) and self._is_verb(w):
            return None
        if self._inflection(w) is not None:
            return None
        memo: dict = {}
        best = None
        # verb first: BOOKTABLE, CANCELBOOKING, FINDRESTAURANT, REBOOKTABLE
        for i in range(2, len(w) - 1):
            head = w[:i]
            if len(head) < 3 and "x" not in self._flags(head):
                continue
            if not (self._is_verb(head) or self._is_inflected(head)):
                continue
            rest = self._segment(w[i:], memo)
            if rest is None or rest[0] + 1 > _MAX_PARTS:
                continue
            head_cost = self._cost(head) if head in self.words else _RARE - 5
            cand = (rest[0] + 1, rest[1] + head_cost, 0, (head,) + rest[2])
            if best is None or cand[:3] < best[:3]:
                best = cand
        # verb last, as in noun-verb names: RESTAURANTSEARCH, ORDERCANCEL
        for j in range(len(w) - 3, 2, -1):
            tail = w[j:]
            if tail not in self.verbs:
                continue
            rest = self._segment(w[:j], memo)
            if rest is None or rest[0] + 1 > _MAX_PARTS:
                continue
            cand = (rest[0] + 1, rest[1] + self._cost(tail), 1, rest[2] + (tail,))
            if best is None or cand[:3] < best[:3]:
                best = cand
        return [p.upper() for p in best[3]] if best else None


_lexicon: Lexicon | None = None
_lexicon_lock = threading.Lock()


def get_lexicon() -> Lexicon:
    """The shared lexicon over the shipped data (tables load lazily)."""
    global _lexicon
    if _lexicon is None:
        with _lexicon_lock:
            if _lexicon is None:
                _lexicon = Lexicon()
    return _lexicon
