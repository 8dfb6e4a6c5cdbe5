"""Where the model's agreement with a pattern finding must lie: the passage of the finding's own
hit (docs/security.md, "Severity from evidence"). Two signals about two passages of a long field
(an agent guide of 35,000 characters) are not two signals about one text."""
from __future__ import annotations

from ...engine.facts import fact
from ._evidence import paragraph
from ._scan import _scan, evidence


@fact("security.hit-spans")
def hit_spans(ctx) -> dict:
    """{field path: [(start, end)]}: where the hits of each reported field's finding lie (its
    rule's hits: the model's agreement raises that finding, so it must read its passage)."""
    primary = {ev.primary.prose.path: ev.primary.code for ev in evidence(ctx)}
    out: dict = {}
    for h in _scan(ctx)[0]:
        if primary.get(h.prose.path) == h.code:
            out.setdefault(h.prose.path, []).append((h.start, h.end))
    return out


def reading_the_hit(model, text: str, ranked: list, spans) -> object | None:
    """The best of ``ranked`` (a field's scored pieces) that reads the passage of the finding's hit:
    a field the model reads in one window is one passage; in a longer one, the part of a piece
    the model read (its first window, ``Encoder.read_end``) must overlap the paragraph of a hit
    (text between blank lines). In a long field (an agent guide of 35,000 characters) the model
    may agree with another paragraph than the one the pattern points at, and two signals about
    two passages are not two signals about one."""
    encoder = model.security_encoder
    whole = encoder.read_end(text)
    if ranked and whole == len(text):
        return ranked[0]
    passages = [paragraph(text, s, e) for s, e in spans]
    for v in ranked:
        near = [s for s, e in passages if v.start < e and s < v.end]
        if not near:
            continue   # tokenized only when the piece reaches a hit's paragraph
        read = whole if (v.start, v.end) == (0, len(text)) else encoder.read_end(text, v.start, v.end)
        if any(s < read for s in near):
            return v
    return None
