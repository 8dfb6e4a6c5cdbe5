"""Pass 4 (path syntax): paths name entities, not operations (section 4.4(b)(e))."""
from __future__ import annotations

from ...engine.findings import Finding, Fix
from ...engine.registry import rule
from ...formats.agis_methods import lexicon
from ._paths import VERSION, path_info, words_of


def _lexicon():
    return lexicon()      # (imported once: the visitors ask once per endpoint)


def segment_words(text: str) -> list[str]:
    """Lowercased words of a literal segment; a run-together word is split by the lexicon."""
    words = list(words_of(text))
    if len(words) == 1:
        parts = _lexicon().split_compound(words[0])
        if parts and len(parts) > 1:
            return [p.lower() for p in parts]
    return words


def _without(info, seg, drop: set) -> str | None:
    """The path with the words in ``drop`` removed from ``seg``; None if nothing sensible is left."""
    rest = [w for w in segment_words(seg.text) if w not in drop]
    texts = [s.text for s in info.segments]
    texts[seg.index] = "-".join(rest)
    if not any(t and s.kind != "empty" for t, s in zip(texts, info.segments)):
        return None
    if not rest and not any(s.kind == "literal" and s.index != seg.index for s in info.segments):
        return None  # only parameters would be left: no entity at all
    return info.with_segments(texts)


def verb_rewrite(ep, info, seg) -> str | None:
    """The path AGIS405 or AGIS406 rewrites ``seg`` into (its verb removed, the rest in
    lowercase words joined by hyphens), or None when neither reports the segment or has
    no rewrite. AGIS402 leaves such a segment to them: one rewrite per segment."""
    method = ep.method.strip().lower() if isinstance(ep.method, str) else None
    words = segment_words(seg.text)
    if method and method.isalpha() and method in words:
        return _without(info, seg, {method})                      # AGIS405
    if words and _lexicon().is_verb_segment(seg.text):
        return _without(info, seg, {words[0]})                    # AGIS406
    return None


@rule("AGIS405", spec="AGIS §4.4(e)", visits="endpoint")
def path_repeats_method(ctx, ep):
    """The path repeats the method verb (`BOOK /book-reservation`).

    ## What it does
    Splits every literal path segment into words (hyphens, underscores, camel
    case, run-together words) and reports a segment containing the method
    verb itself, compared case-insensitively.

    ## Why is this bad?
    Section 4.4(e): the path MUST NOT duplicate the method verb. The method
    carries the action and the path the entity; `BOOK /book-reservation`
    says "book" twice and blurs which part is the entity.

    ## Example
    ```yaml
    - method: BOOK
      path: /book-reservation
    ```

    ## Use instead
    ```yaml
    - method: BOOK
      path: /reservation
    ```

    ## Fix safety
    Unsafe: changing a path changes the API that clients call. There is no
    fix when removing the verb would leave no entity (`BOOK /book`).

    ## Decision
    Only the verb itself counts: nouns derived from it (`BOOK /booking`,
    `RESERVE /reservation`) name the entity and are accepted.
    """
    info = path_info(ep)
    if info is None:
        return
    if not isinstance(ep.method, str) or not ep.method.strip().isalpha():
        return
    verb = ep.method.strip().lower()
    loc, part = ep.path_loc
    for seg in info.literals:
        if verb not in segment_words(seg.text):
            continue
        new = _without(info, seg, {verb})
        fixes = [Fix(f"Remove '{verb}' from the path (use '{new}')", False, [ep.set_path(new)],
                     preferred=True)] \
            if new else []
        advice = f"use '{new}'" if new else "name the entity the method acts on"
        yield Finding(loc, f"path '{ep.path}' repeats the method {ep.method.strip()} in segment "
                      f"'{seg.text}'; {advice} (section 4.4(e))", part=part, fixes=fixes)


@rule("AGIS406", spec="AGIS §4.4(b)", visits="endpoint")
def path_verb_segment(ctx, ep):
    """A path segment names an operation instead of an entity (`/get-restaurant`, `/bookReservation`).

    ## What it does
    Asks the lexicon whether each literal segment is a verb or starts with
    one (`get-restaurant`, `bookReservation`, `/restaurant/search`). Words
    that are as often nouns (`book`, `order`, `record`) count only in front
    of another word that is not a head noun, so `/order-history` and
    `/patient-record` pass. A verb equal to the method is AGIS405's.

    ## Why is this bad?
    Section 4.4(b): verb forms are NOT PERMITTED in path segments, and the
    examples table marks `/bookReservation` and `/get-restaurant` invalid.
    The method is the only place for the action; a verb in the path competes
    with it (`FIND /get-restaurant`: find or get?).

    ## Example
    ```yaml
    - method: FIND
      path: /get-restaurant
    ```

    ## Use instead
    ```yaml
    - method: FIND
      path: /restaurant
    ```

    ## Fix safety
    Unsafe: the fix removes the verb from the path, which changes the API
    that clients call (and the verb may belong in the method instead). A
    segment that is only a verb is dropped when other segments remain.

    ## Decision
    Section 4.4(b) asks for nouns and its table rejects `/bookReservation`
    and `/get-restaurant`, but English reuses verbs as nouns. agis-lint reads
    a segment as a noun when (1) it is one noun/verb homograph in common noun
    use (`/refund`, `/transfer`, `/upload`, `/book`, `/order`), (2) it is a
    hyphenated compound noun of a verb and a particle (`/check-in`,
    `/follow-up`, `/sign-up`, `/pick-up`), (3) it is the fused noun of a
    phrasal verb (`/signup`, `/login`; AGIS306 reports those as methods), or
    (4) a homograph modifies a head noun (`/order-history`, `/refund-request`,
    `/purchase-order`). A homograph in front of any other word reads as a
    verb taking its object, as in the table's `/bookReservation`. Verbs whose
    noun sense is marginal in API language (`get`, `fetch`, `create`,
    `delete`, `find`, `cancel`) are operations wherever they lead a segment;
    `search`, `update` and `check` are operations as a whole segment
    (`/restaurant/search`) and modifiers in front of a head noun
    (`/search-results`). The word lists live in `scripts/build_lexicon.py`.
    """
    lex = _lexicon()
    info = path_info(ep)
    if info is None:
        return
    method = ep.method.strip().lower() if isinstance(ep.method, str) else None
    loc, part = ep.path_loc
    for seg in info.literals:
        if not lex.is_verb_segment(seg.text):
            continue
        words = segment_words(seg.text)
        if not words or words[0] == method or method in words:
            continue  # AGIS405 reports the method verb
        verb = words[0]
        new = _without(info, seg, {verb})
        fixes = [Fix(f"Remove '{verb}' from the path (use '{new}')", False, [ep.set_path(new)],
                     preferred=True)] \
            if new else []
        if len(words) > 1:
            advice = f"the method carries the action, so use '{new}'" if new else \
                "the method carries the action, so keep only the noun"
            what = f"starts with the verb '{verb}'"
        else:
            advice = f"name the entity instead, e.g. '{new}'" if new else \
                "name the entity the method acts on instead"
            what = "is a verb"
        yield Finding(loc, f"path segment '{seg.text}' in '{ep.path}' {what}; {advice} "
                      "(section 4.4(b))", part=part, fixes=fixes)


@rule("AGIS407", spec="AGIS §4.4(b)", visits="endpoint")
def path_first_segment_not_noun(ctx, ep):
    """The first path segment is not a noun naming the entity (`/{id}`, `/v1/...`, `/`).

    ## What it does
    Reports paths whose first segment is a parameter (`/{id}/...`), a number,
    or a version prefix (`/v1/reservation`), and the bare root path `/`. A
    first segment that is a verb is AGIS406's.

    ## Why is this bad?
    Section 4.4(b): the first path segment MUST be a noun or noun phrase
    identifying the primary entity type. Agents read the entity from it, and
    the MCP bridge names tools after it (appendix C(a): `BOOK /reservation`
    becomes `book_reservation`; `BOOK /v1/reservation` would become `book_v1`).
    Versions belong in the document's `version` and the service's address.

    ## Example
    ```yaml
    - method: FIND
      path: /v1/restaurants
    ```

    ## Use instead
    ```yaml
    - method: FIND
      path: /restaurants
    ```

    ## Fix safety
    Unsafe: dropping a version prefix changes the API that clients call.
    Parameter-first and root paths have no fix: only the author knows the
    entity.
    """
    info = path_info(ep)
    if info is None:
        return
    loc, part = ep.path_loc
    segs = [s for s in info.segments if s.kind != "empty"]
    if not segs:
        if info.leading_slash and info.query is None:
            yield Finding(loc, f"path '{ep.path}' names no entity; add a noun for what the method "
                          "acts on, e.g. '/reservation' (section 4.4(b))", part=part)
        return
    first = segs[0]
    if first.kind in ("param", "param-like"):
        yield Finding(loc, f"path '{ep.path}' starts with the parameter '{first.text}'; start with "
                      "a noun naming the entity, e.g. '/reservation/{id}' (section 4.4(b))",
                      part=part)
    elif first.kind == "literal" and first.text.isdigit():
        yield Finding(loc, f"path '{ep.path}' starts with the number '{first.text}'; start with a noun "
                      "naming the entity (section 4.4(b))", part=part)
    elif first.kind == "literal" and VERSION.match(first.text):
        rest = [s.text for s in info.segments]
        rest[first.index] = ""
        new = info.with_segments(rest)
        nxt = segs[1] if len(segs) > 1 else None
        fixes = []
        if nxt is not None and nxt.kind == "literal":
            fixes.append(Fix(f"Remove the version prefix (use '{new}')", False, [ep.set_path(new)],
                             preferred=True))
        advice = f"use '{new}'" if fixes else "start with a noun naming the entity"
        yield Finding(loc, f"path '{ep.path}' starts with the version prefix '{first.text}'; versions "
                      f"belong in the document's version, not the path; {advice} (section 4.4(b))",
                      part=part, fixes=fixes)
