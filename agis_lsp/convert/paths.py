"""HTTP paths and tool names -> AGIS/AGTP paths that pass both grammars.

AGIS section 4.4: lower-case kebab literals, ``{snake_case}`` parameters, a
noun first, no verb segments, no version prefix, never the method verb. AGTP-API
section 5: one parameter per segment, no segment that is a catalog verb (many
nouns are: ``/order`` becomes ``/orders``). A collection segment directly
before an item parameter is singularised (``/users/{id}`` -> ``/user/{id}``)
when the singular is neither a verb segment nor a catalog verb.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import lexicon as lex
from ..formats.agis_paths import VERSION, words_of
from ..formats.agtp.nouns import plural
from ..formats.agtp.syntax import normalize_segment
from ..semantic.text import lemma

_PARAM = re.compile(r"\{([^{}]*)\}")


@dataclass
class PathRewrite:
    path: str
    params: dict = field(default_factory=dict)      # new parameter name -> original name
    dropped: list = field(default_factory=list)     # literal words removed (verbs, versions)


def param_name(raw: str) -> str:
    name = "_".join(words_of(raw.lstrip("+#./;?&*")))
    name = re.sub(r"[^a-z0-9_]", "", name)
    if not name or not name[0].isalpha():
        name = "p_" + name if name else "param"
    return name


def _bad_literal(word: str, verb: str, catalog) -> bool:
    w = word.lower()
    return (w == verb.lower() or bool(VERSION.match(w)) or lex.is_verb_segment(w)
            or w in ("json", "xml", "yaml", "csv", "txt", "html"))


def _literal(text: str, verb: str, catalog, dropped: list) -> str:
    if VERSION.match(text.strip()):    # 'v0.5' whole: its words ('v0', '5') would leave '/5/'
        dropped.append(text.strip())
        return ""
    words = [w for w in words_of(text) if w]
    if len(words) == 1:       # a run-together segment that starts with the verb: wrapkey -> wrap key
        parts = lex.split_compound(words[0])
        if parts and len(parts) > 1 and parts[0].lower() == verb.lower():
            words = [p.lower() for p in parts]
    kept = []
    for w in words:
        if _bad_literal(w, verb, catalog):
            dropped.append(w)
        else:
            kept.append(w)
    if len(kept) > 1 and lex.is_verb_segment("-".join(kept)):
        dropped.append(kept.pop(0))
    seg = "-".join(kept)
    if seg and normalize_segment(seg) in catalog:
        alt = plural(seg)
        seg = alt if normalize_segment(alt) not in catalog else seg + "-items"
    return seg


def _singular(seg: str, catalog) -> str:
    if "-" in seg:
        head, _, last = seg.rpartition("-")
    else:
        head, last = "", seg
    one = lemma(last)
    if one == last or len(one) < 3 or not lex.is_known_word(one):
        return seg
    new = f"{head}-{one}" if head else one
    if normalize_segment(new) in catalog or lex.is_verb_segment(new):
        return seg
    return new


def rewrite(raw: str, verb: str, catalog, fallback_noun: str = "resource",
            keep: frozenset = frozenset()) -> PathRewrite:
    """``keep``: literal segments the source uses elsewhere; a plural is not singularised into one
    of them (``/users/{u}`` must not become ``/user/{u}`` next to ``/user/installations``, or
    two templates could match the same requests, AGTP-API 5.4)."""
    out = PathRewrite("/")
    segs: list[tuple[str, str]] = []          # (kind, text)
    for part in str(raw).split("?")[0].split("/"):
        if not part:
            continue
        pos = 0
        for m in _PARAM.finditer(part):
            for piece in re.split(r"[:]", part[pos:m.start()]):
                lit = _literal(piece, verb, catalog, out.dropped)
                if lit:
                    segs.append(("lit", lit))
            name = param_name(m.group(1))
            base, n = name, 2
            while name in out.params:
                name = f"{base}_{n}"
                n += 1
            out.params[name] = m.group(1)
            segs.append(("param", name))
            pos = m.end()
        for piece in re.split(r"[:]", part[pos:]):
            lit = _literal(piece, verb, catalog, out.dropped)
            if lit:
                segs.append(("lit", lit))
    for i in range(len(segs) - 1):
        if segs[i][0] == "lit" and segs[i + 1][0] == "param":
            one = _singular(segs[i][1], catalog)
            if one not in keep:
                segs[i] = ("lit", one)
    if not segs or segs[0][0] != "lit":
        noun = _literal(fallback_noun, verb, catalog, []) or "resource"
        segs.insert(0, ("lit", noun))
    out.path = "/" + "/".join(t if k == "lit" else "{" + t + "}" for k, t in segs)
    return out


def noun_phrase(words: list[str], verb: str, catalog) -> str:
    """A path segment from name words (``["pull", "requests"]`` -> ``pull-requests``)."""
    return _literal("-".join(w.lower() for w in words), verb, catalog, [])


def literal_segments(raw_paths) -> frozenset:
    """Every literal segment of the source's paths, as ``rewrite`` spells them."""
    out = set()
    for raw in raw_paths:
        for part in str(raw).split("?")[0].split("/"):
            if part and "{" not in part:
                out.add("-".join(words_of(part)))
    return frozenset(out)
