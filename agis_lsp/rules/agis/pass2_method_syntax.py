"""Pass 2 (method syntax): single token, A-Z, imperative base form, not compound."""
from __future__ import annotations

import re

from ...document.preview import preview
from ...engine.findings import AddKey, Finding, Fix, SetValue
from ...engine.registry import rule
from ._method import analyse, base_form, compound_parts, lexicon, path_with_nouns, rename_ops


def _token(ctx, ep):
    """The endpoint's method analysed (None: no method to check)."""
    if isinstance(ep.method, str) and ep.method.strip():
        return analyse(ep.method, ctx.catalog_names)
    return None


@rule("AGIS201", spec="AGIS §4.1(a)(d)", visits="endpoint")
def compound_method(ctx, ep):
    """The method is a compound of a verb and a noun (`BOOK_TABLE`, `FindRestaurant`, `BOOKTABLE`).

    ## What it does
    Splits the method on underscores, hyphens, spaces and camel case, and
    splits run-together words with an English lexicon (`CANCELBOOKING` ->
    CANCEL + BOOKING). A method that splits into a verb followed by other words
    is reported, with the verb as the method and the rest as the path's first
    segment.

    ## Why is this bad?
    Section 4.1(a) and (d): the method MUST be a single token and MUST NOT be a
    compound verb phrase. `CANCEL_BOOKING` dilutes the verb with path
    information already carried by the noun; "cancel my booking" maps to CANCEL.

    ## Example
    ```yaml
    - method: CANCEL_BOOKING
      path: /{id}
    ```

    ## Use instead
    ```yaml
    - method: CANCEL
      path: /booking/{id}
    ```

    ## Fix safety
    Unsafe: the fix renames the method and moves the noun into the path, which
    changes the API clients call.

    ## Decision
    A method followed by a path (`method: FETCH /v1/users/{id}`) is not a
    compound: the message names the method and the path, and a safe fix moves
    the path into `path` when the endpoint has none (or drops it from the
    method when `path` already says the same).

    Section 4.4(b) makes the first path segment the noun for the entity, so
    the noun moves into the path only when the path names no entity (`/`,
    `/{id}`, a version or a verb segment alone): `CANCEL_BOOKING /{id}` becomes
    `CANCEL /booking/{id}`. A path that already names a resource is kept and
    only the method is renamed: `CANCEL_RENTAL /bikes/{id}` becomes `CANCEL
    /bikes/{id}`, not `/rental/bikes/{id}` (which would invent a parent
    resource); move the noun yourself if it is the entity. A path whose
    segment contains the noun behind a verb (`CANCEL_RESERVATION
    /get-reservation/{id}`) is kept too, so that AGIS406's fix, applied before
    or after this one, gives `CANCEL /reservation/{id}`.
    """
    tok = _token(ctx, ep)
    if tok is None:
        return
    loc, part = ep.method_loc
    with_path = _METHOD_AND_PATH.match(tok.raw)
    if with_path:
        yield _method_holds_path(ep, loc, part, tok.raw, *with_path.groups())
        return
    parts = compound_parts(tok)
    if not parts:
        return
    verb, nouns = parts[0], parts[1:]
    fixes = []
    lex = lexicon()
    if nouns and (lex.is_base_verb(verb) or tok.in_catalog or verb in _catalog(ctx)):
        new_path = path_with_nouns(nouns, ep.path)
        if new_path == ep.path:  # the path already names the resource: only the method changes
            fixes.append(Fix(f"Rename to {verb} (the path {ep.path} already names the resource)", False,
                             rename_ops(ctx, ep, verb), preferred=True))
        else:
            fixes.append(Fix(f"Split into {verb} {new_path}", False, rename_ops(ctx, ep, verb, new_path),
                             preferred=True))
    how = "contains a separator" if tok.separated else "joins several words"
    advice = "use the verb alone and put the noun in the path"
    if nouns and isinstance(ep.path, str) and path_with_nouns(nouns, ep.path) == ep.path:
        advice = f"use the verb alone; the path '{ep.path}' already names the resource"
    yield Finding(loc, f"method '{tok.raw}' {how}: a compound of {' + '.join(parts)}; "
                  f"{advice} (section 4.1(d))", part=part, fixes=fixes)


_METHOD_AND_PATH = re.compile(r"\s*([A-Za-z]+)\s+(/\S*)\s*$")


def _method_holds_path(ep, loc, part, raw: str, verb: str, path: str) -> Finding:
    """``method: FETCH /v1/users/{id}``: a method followed by its path, not a compound. The
    fix moves the path into ``path`` when the endpoint has none (the text is kept as written:
    the method's case and the path are AGIS204's and pass 4's to judge)."""
    fixes = []
    if not ep.keyed and "path" not in ep.body:
        fixes.append(Fix(f"Write method: {verb} and path: {path}", True,
                         [SetValue(loc, verb), AddKey(ep.node_path, "path", path)], preferred=True))
        where = "give the path its own field"
    elif ep.path == path:
        fixes.append(Fix(f"Write method: {verb} (the path is already {path})", True, [SetValue(loc, verb)],
                         preferred=True))
        where = "the endpoint's path already says it"
    else:
        where = f"the endpoint's path is {preview(ep.path)}"
    return Finding(loc, f"method '{raw}' holds a path: the method is {verb} and {path} is the path; "
                   f"{where} (section 4.1(a))", part=part, fixes=fixes)


def _catalog(ctx):
    try:
        return ctx.catalog.methods
    except Exception:
        return {}


@rule("AGIS202", spec="AGIS §4.1(c)", visits="endpoint")
def invalid_characters(ctx, ep):
    """The method contains characters other than the letters A-Z (`SEARCH2`, `BOOK!`).

    ## What it does
    Flags digits and punctuation in a method. Underscores, hyphens, spaces and
    camel case are reported as compounds instead (AGIS201).

    ## Why is this bad?
    Section 4.1(c): method identifiers contain only uppercase alphabetic
    characters; numerals and special characters are not permitted.

    ## Example
    ```yaml
    method: SEARCH2
    ```

    ## Use instead
    ```yaml
    method: SEARCH
    ```

    ## Fix safety
    Unsafe: dropping the characters renames the method. Offered only when the
    letters left form a known verb.
    """
    tok = _token(ctx, ep)
    if tok is None:
        return
    if tok.alpha or tok.separated:
        return
    letters = re.sub(r"[^A-Za-z]", "", tok.raw).upper()
    bad = sorted(set(c for c in tok.raw.strip() if not c.isalpha() or not c.isascii()))
    loc, part = ep.method_loc
    fixes = []
    if letters and (lexicon().is_base_verb(letters) or letters in _catalog(ctx)):
        fixes.append(Fix(f"Rename to {letters}", False, rename_ops(ctx, ep, letters), preferred=True))
    shown = " ".join(repr(c) for c in bad)
    yield Finding(loc, f"method '{tok.raw}' contains {shown}; a method is letters A-Z only "
                  "(section 4.1(c))", part=part, fixes=fixes)


@rule("AGIS203", spec="AGIS §4.1(b)", superseded_by=("AGIS601",), visits="endpoint")
def inflected_method(ctx, ep):
    """The method is an inflected verb form (`BOOKING`, `BOOKED`, `BOOKS`), not the base form.

    ## What it does
    Looks the method up in an English lexicon of verb inflections. Present
    participles (-ing), past forms (-ed and irregular) and third-person singular
    (-s) are reported with their base form. Words whose base form is spelt the
    same way (BRING, PROCESS, ACCESS, EMBED, SEED, SPRING, FOCUS, ADDRESS,
    FOUND) are base forms; suffix rules would get them wrong, so none are used.

    ## Why is this bad?
    Section 4.1(b): the method MUST be the imperative base form: "book a
    table", not "booking a table". Inflected forms describe state or history,
    not the action the caller asks for.

    ## Example
    ```yaml
    method: CANCELLED
    ```

    ## Use instead
    ```yaml
    method: CANCEL
    ```

    ## Fix safety
    Unsafe: renames the method (the vocabulary follows through AGIS701/702).

    ## Decision
    Inflected forms of being verbs (EXISTS, HAS, IS) are left to AGIS302:
    their base forms are not action verbs either, so "use EXIST" would be bad
    advice.

    When the semantic passes run and the intent contradicts the base form
    (`BOOKING` whose intent is "Cancels a booking"), the base form is the
    wrong verb too: AGIS601 then reports the method, with the verb that
    matches the intent as its fix (CANCEL), and this finding is its related
    information. So the advice and the fix agree: "rename to BOOK" is not
    offered when the next lint would say BOOK contradicts the intent.
    """
    kinds = {"present-participle": "a present participle", "past": "a past-tense form",
             "third-person": "a third-person singular form"}
    tok = _token(ctx, ep)
    if tok is None:
        return
    found = base_form(tok)
    if found is None:
        return
    inf, base = found
    loc, part = ep.method_loc
    yield Finding(loc, f"method '{tok.raw}' is {kinds.get(inf.kind, 'an inflected form')} of {base}; "
                  f"use the imperative base form '{base}' (section 4.1(b))", part=part,
                  fixes=[Fix(f"Rename to {base}", False, rename_ops(ctx, ep, base), preferred=True)])


@rule("AGIS204", spec="AGIS §4.1(c)(e)", superseded_by=(3,), visits="endpoint")
def not_uppercase(ctx, ep):
    """The method is written in lowercase or mixed case (`book`, `Book`).

    ## What it does
    Flags alphabetic single-word methods that are not all uppercase.

    ## Why is this bad?
    Section 4.1(e) says methods SHOULD be uppercase to stand apart from path
    components, and 4.1(c) says they MUST contain only uppercase letters.

    ## Example
    ```yaml
    method: book
    ```

    ## Use instead
    ```yaml
    method: BOOK
    ```

    ## Fix safety
    Safe: validators compare methods case-insensitively (section 4.1(e)), so
    upper-casing does not change which method is meant.

    ## Decision
    The draft says both "MUST contain only uppercase alphabetic characters"
    (4.1(c)) and "MAY use mixed case; validators MUST treat method comparison as
    case-insensitive" (4.1(e)). agis-lint reads the second as the rule for
    comparison and reports case as a warning, not an error.
    """
    tok = _token(ctx, ep)
    if tok is None:
        return
    if not tok.alpha or tok.raw.strip().isupper() or tok.camel:
        return
    loc, part = ep.method_loc
    yield Finding(loc, f"method '{tok.raw}' should be uppercase: '{tok.upper}' (section 4.1(e))",
                  part=part, fixes=[Fix(f"Uppercase to {tok.upper}", True, rename_ops(ctx, ep, tok.upper),
                                        preferred=True)])


@rule("AGIS205", spec="AGIS §4.1(b)", visits="endpoint")
def unknown_word(ctx, ep):
    """The method is not an English verb agis-lint knows (a typo, or a rare word).

    ## What it does
    Notes alphabetic methods that are neither in the English verb lexicon nor in
    the AGTP method catalog, with the closest catalog verbs as suggestions.

    ## Why is this bad?
    AGIS relies on agents understanding the verb through ordinary language
    (section 3); a misspelt verb (`BOOOK`) or an invented one defeats that. The
    base-form check of section 4.1(b) cannot be made for an unknown word.

    ## Example
    ```yaml
    method: RESERV
    ```

    ## Use instead
    ```yaml
    method: RESERVE
    ```

    ## Fix safety
    Unsafe: the suggestion is a guess; offered only when one catalog verb is
    clearly closest.
    """
    lex = lexicon()
    tok = _token(ctx, ep)
    if tok is None:
        return
    if not tok.alpha or tok.in_catalog or tok.http or tok.camel:
        return
    w = tok.upper
    if lex.is_base_verb(w) or lex.inflection_of(w) or lex.non_action_class(w) \
            or compound_parts(tok):
        return
    loc, part = ep.method_loc
    try:
        suggestions = ctx.catalog.suggest(w, 3)
    except Exception:
        suggestions = []
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    fixes = [Fix(f"Rename to {suggestions[0]}", False, rename_ops(ctx, ep, suggestions[0]),
                 preferred=True)] \
        if len(suggestions) == 1 else []
    yield Finding(loc, f"method '{tok.raw}' is not a verb agis-lint knows{hint}", part=part, fixes=fixes)


@rule("AGIS206", spec="AGIS §4.1(a)(c)", visits="endpoint")
def surrounding_whitespace(ctx, ep):
    """The method has whitespace before or after it (`" BOOK"`, `"BOOK\\n"`, `"RESERVE\\u00a0"`).

    ## What it does
    Flags a method whose text starts or ends with whitespace (spaces, tabs,
    newlines, no-break spaces and other Unicode spaces) while the rest is one
    token. Whitespace inside the method is a compound (AGIS201).

    ## Why is this bad?
    Section 4.1(a) and (c): a method is a single token of the letters A-Z. A
    method written `" BOOK"` is not the token `BOOK`: a runtime that compares
    the bytes routes nothing to it, and it does not match `declared_verbs`.
    The other method checks look at the token without the whitespace, so this
    is the one finding for it.

    ## Example
    ```yaml
    method: "BOOK "
    ```

    ## Use instead
    ```yaml
    method: BOOK
    ```

    ## Fix safety
    Safe: removing the surrounding whitespace keeps the token every other
    check already reads, so the meaning does not change.
    """
    raw = ep.method
    if not isinstance(raw, str) or not raw.strip() or raw == raw.strip():
        return
    loc, part = ep.method_loc
    new = raw.strip()
    yield Finding(loc, f"method {preview(raw)} has whitespace around it; a method is a single token: "
                  f"write '{new}' (section 4.1(a)(c))", part=part,
                  fixes=[Fix(f"Remove the whitespace ('{new}')", True, rename_ops(ctx, ep, new),
                             preferred=True)])
