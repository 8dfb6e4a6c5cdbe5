"""Edit distance for did-you-mean suggestions over method names."""
from __future__ import annotations

def damerau_levenshtein(a: str, b: str, limit: int | None = None) -> int:
    """Optimal-string-alignment distance (adjacent swaps count as one edit).

    With ``limit``, returns ``limit + 1`` as soon as the distance is known to
    exceed it, which keeps did-you-mean scans over the whole catalog cheap.
    """
    if a == b:
        return 0
    la, lb = len(a), len(b)
    if limit is not None and abs(la - lb) > limit:
        return limit + 1
    if not la:
        return lb
    if not lb:
        return la
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        ai = a[i - 1]
        row_min = cur[0]
        for j in range(1, lb + 1):
            cost = 0 if ai == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ai == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            if v < row_min:
                row_min = v
        if limit is not None and row_min > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[lb]


def typo_limit(length: int) -> int:
    """How many edits still count as a plausible typo for a word this long."""
    if length <= 4:
        return 1
    if length <= 8:
        return 2
    return 3
