"""How rules word their messages: did-you-mean suggestions, type names, list joining.

Every rule family uses these, so a suggestion or a type is named the same way
in an AGIS document and in an AGTP deployment.
"""
from __future__ import annotations

from ..catalog import damerau_levenshtein, typo_limit
from ..document.numbers import HugeInt

#: Words for a parsed value's type, by the syntax the author wrote. AGIS (YAML and
#: JSON) says mapping/list and does not tell integers from floats; TOML says table/array.
_TYPE_WORDS = {
    "yaml": {dict: "a mapping", list: "a list", str: "a string", int: "a number", float: "a number"},
    "toml": {dict: "a table", list: "an array", str: "a string", int: "an integer", float: "a number"},
    # The agent-interface formats checked against a JSON Schema, which tells integers apart.
    "json-schema": {dict: "a mapping", list: "a list", str: "a string", int: "an integer",
                    float: "a number"},
}


def type_name(value, syntax: str = "yaml") -> str:
    """``value``'s type as a message names it ("a mapping", "a string", "null")."""
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    words = _TYPE_WORDS[syntax]
    if type(value) in words:
        return words[type(value)]
    if isinstance(value, HugeInt):   # an integer literal too long for int()
        return words[int]
    return next((w for t, w in words.items() if isinstance(value, t)), type(value).__name__)


def or_list(items) -> str:
    """``a, b or c``."""
    items = list(items)
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else "".join(items)


def and_list(items) -> str:
    """``a, b and c``."""
    items = list(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


#: The similarity ratio of the fall-back suggestion (see :func:`close_matches`).
RATIO_CUTOFF = 0.8


def close_matches(word, candidates, n: int = 1, *, limit: int | None = None) -> list[str]:
    """Plausible typos of ``word`` among ``candidates``, best first: every rule's did-you-mean.

    A candidate is a plausible typo when its Damerau-Levenshtein distance from
    ``word`` (case-insensitive; a swap of two neighbours is one edit) is at most
    ``limit`` (default :func:`typo_limit`: 1 edit up to 4 characters, 2 up to 8,
    3 beyond); ties go to the higher :mod:`difflib` ratio, then alphabetically.
    When no candidate is that close and the limit allows more than one edit,
    candidates whose :mod:`difflib` ratio reaches 0.8 are returned instead (a
    changed word part: ``input_transformation`` for ``input_transform``).
    ``word`` itself (same spelling) is never suggested. Abbreviations are not
    typos: a rule that expects them keeps its own table (``int`` for ``integer``).
    """
    if not isinstance(word, str) or not word:
        return []
    import difflib  # only when there is a word to match (not on a clean document's run)
    names = [str(c) for c in candidates]
    w = word.lower()
    if limit is None:
        limit = typo_limit(len(w))
    scored = []
    for c in names:
        d = damerau_levenshtein(w, c.lower(), limit)
        if d <= limit and c != word:
            scored.append((d, -difflib.SequenceMatcher(None, w, c.lower()).ratio(), c))
    scored.sort()
    out = [c for _, _, c in scored[:n]]
    if not out and limit > 1:
        out = [c for c in difflib.get_close_matches(word, names, n=n, cutoff=RATIO_CUTOFF) if c != word]
    return out
