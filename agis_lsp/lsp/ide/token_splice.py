"""Semantic tokens after an edit, without re-tokenizing the whole AGIS document.

An edit inside the endpoints changes the tokens of the endpoints it touches (and the
``$ref``s among them); the tokens before them are the same, and so are the tokens after
them, only shifted, and in LSP's relative encoding only the first of those changes. So
the new data is the old data with the touched window re-encoded and one token re-encoded
after it: work in proportion to the edit, not the document.

:func:`splice` answers None whenever that reasoning might not hold (a kind other than
AGIS, an edit outside the endpoints, declared verbs or pass 2-3 findings that changed, a
token that straddles the window) and the caller builds the tokens in full.
``tests/lsp/test_feature_scans.py`` checks the result against the full build on random
edits.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ...formats.agis import AgisView
from ...formats.registry import ENDPOINT_FRAMES, editor, has_trait
from .places import checked, ref_places
from .tokens import Encoded, declared_customs, encode, tokenize

_CHUNK = 4096


@dataclass
class Snapshot:
    """The tokens answered for one text, and what they depended on."""
    text: str
    doc: object
    kind: str | None
    encoded: Encoded
    custom: frozenset
    flagged: tuple
    catalog: object

    @property
    def data(self) -> list:
        return self.encoded.data


def snapshot(doc, kind, catalog, custom: set = frozenset(), flagged=(), places=None) -> Snapshot:
    """The full tokens of ``doc``, kept with what a later :func:`splice` needs."""
    encoded = tokenize(doc, kind, catalog, custom, flagged, places)
    return Snapshot(doc.text, doc, kind, encoded, frozenset(set(custom) | declared_customs(doc, kind)),
                    tuple(sorted(flagged)), catalog)


def region(old: str, new: str) -> tuple[int, int, int]:
    """``(start, old_end, new_end)`` of the one changed region (chunked compares, in C)."""
    n = min(len(old), len(new))
    a = 0
    while a + _CHUNK <= n and old[a:a + _CHUNK] == new[a:a + _CHUNK]:
        a += _CHUNK
    while a < n and old[a] == new[a]:
        a += 1
    s, limit = 0, n - a
    while s + _CHUNK <= limit and old[len(old) - s - _CHUNK:len(old) - s] == \
            new[len(new) - s - _CHUNK:len(new) - s]:
        s += _CHUNK
    while s < limit and old[len(old) - s - 1] == new[len(new) - s - 1]:
        s += 1
    return a, len(old) - s, len(new) - s


def _moved(flagged: tuple, a: int, old_end: int, shift: int) -> tuple | None:
    out = []
    for s, e in flagged:
        if e <= a:
            out.append((s, e))
        elif s >= old_end:
            out.append((s + shift, e + shift))
        else:
            return None
    return tuple(sorted(out))


def _owned(doc):
    """(container, [lo], [hi]) of the endpoints: entry k owns the characters from the end of
    entry k-1 (the gap before it, its dash or key) to the end of its value."""
    raw = doc.data.get("endpoints") if isinstance(doc.data, dict) else None
    info = doc.container(raw)
    if info is None:
        return None
    his = [e.value_end for e in info.entries.values()]
    los = [info.start] + his[:-1]
    if any(hi < lo for lo, hi in zip(los, his)):
        return None
    return info, los, his


def _inside(info, text: str, a: int, end: int) -> bool:
    """Whether the changed text ``[a, end)`` is inside the endpoints (white space after them
    counts: an endpoint added at the end)."""
    return info.start < a and (end <= info.end or not text[info.end:end].strip()) and \
        (a <= info.end or not text[info.end:a].strip())


def _window(old_doc, doc, a: int, old_end: int, new_end: int, endpoint_places):
    """(start, end, places) in ``doc``'s offsets: the endpoints the edit touches, in the old
    parse and in the new one (grown until no endpoint of either crosses its edges), their
    places (``endpoint_places(doc, endpoint)``, the kind's editor hook) and the ``$ref``s among
    them; None when the edit is not inside the endpoints."""
    shift = new_end - old_end
    old, new = _owned(old_doc), _owned(doc)
    if old is None or new is None:
        return None
    if not (_inside(new[0], doc.text, a, new_end) and _inside(old[0], old_doc.text, a, old_end)):
        return None
    ws, we = a - 1, new_end + 1              # new offsets; the old window is [ws, we - shift)
    touched: tuple = ()
    for _ in range(64):
        before = (ws, we)
        for (_, los, his), moved, is_new in ((new, 0, True), (old, shift, False)):
            first = bisect_right(his, ws)                      # hi > ws
            last = bisect_left(los, we - moved) - 1            # lo < we
            if is_new:
                touched = (first, last) if first <= last else ()
            if first <= last:
                ws = min(ws, los[first])
                we = max(we, his[last] + moved)
        if (ws, we) == before:
            break
    else:
        return None
    # the endpoints outside the window are the same ones, in the same container
    (old_info, old_los, old_his), (new_info, new_los, new_his) = old, new
    if bisect_right(old_his, ws) != bisect_right(new_his, ws) or \
            len(old_los) - bisect_left(old_los, we - shift) != \
            len(new_los) - bisect_left(new_los, we) or \
            old_info.end + shift != new_info.end:
        return None
    places: list = []
    if touched:
        endpoints = AgisView(doc).endpoints
        for i in range(touched[0], touched[1] + 1):
            if i >= len(endpoints):
                return None
            places.extend(checked(endpoint_places(doc, endpoints[i])))
    if any(p.start < ws or p.end > we for p in places):   # written elsewhere (a YAML alias)
        return None
    places += [p for p in ref_places(doc) if ws <= p.start and p.end <= we]
    places.sort(key=lambda p: (p.start, p.end))
    return ws, we, places


def splice(old: Snapshot, doc, kind, catalog, custom: set = frozenset(), flagged=()
           ) -> Snapshot | None:
    """The tokens of ``doc`` from ``old`` (the tokens of an earlier text), or None."""
    endpoint_places = editor(kind).endpoint_places
    if not has_trait(kind, ENDPOINT_FRAMES) or endpoint_places is None or old.kind != kind \
            or not doc.parsed or catalog is not old.catalog:
        return None
    text = doc.text
    custom = frozenset(set(custom) | declared_customs(doc, kind))
    flagged = tuple(sorted(flagged))
    if custom != old.custom:
        return None
    if text == old.text:
        return old if flagged == old.flagged else None
    a, old_end, new_end = region(old.text, text)
    shift = new_end - old_end
    if _moved(old.flagged, a, old_end, shift) != flagged:
        return None
    window = _window(old.doc, doc, a, old_end, new_end, endpoint_places)
    if window is None:
        return None
    ws, we, places = window
    starts, ends, data = old.encoded.starts, old.encoded.ends, old.encoded.data
    i0 = bisect_left(starts, ws)
    i1 = bisect_left(starts, we - shift)
    if (i0 > 0 and ends[i0 - 1] > ws) or (i1 < len(starts) and starts[i1] < old_end):
        return None
    lines = doc.lines
    line = char = 0
    last_end = -1
    if i0 > 0:
        pos = lines.position(starts[i0 - 1])
        line, char, last_end = pos.line, pos.character, ends[i0 - 1]
    mid = encode(text, lines.starts, places, catalog, custom, flagged, line, char, last_end)
    new_data = data[:5 * i0] + mid.data
    if mid.starts:
        last_end = mid.ends[-1]
    out_starts = starts[:i0] + mid.starts
    out_ends = ends[:i0] + mid.ends
    if i1 < len(starts):
        first = starts[i1] + shift
        if first < last_end:
            return None
        pos = lines.position(first)
        dl = pos.line - mid.line
        new_data += [dl, pos.character - mid.char if dl == 0 else pos.character]
        new_data += data[5 * i1 + 2:]
        out_starts += [s + shift for s in starts[i1:]]
        out_ends += [e + shift for e in ends[i1:]]
    encoded = Encoded(new_data, out_starts, out_ends)
    return Snapshot(text, doc, kind, encoded, custom, flagged, catalog)
