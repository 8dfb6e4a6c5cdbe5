"""Pass 1 (structural): the document skeleton against the shipped JSON Schema."""
from __future__ import annotations

import functools
import re

from ...document.preview import preview
from ...engine.facts import fact
from ...engine.findings import AddKey, Finding, Fix, RenameKey, SetValue
from ...engine.registry import rule
from .._text import close_matches, type_name
from ._method import is_valid_method
from ._schema import (agis_schema, endpoint_schema, endpoint_validator, quick_valid, top_level_schema,
                      top_level_validator, vocabulary_schema, vocabulary_skeleton)

RECOMMENDED = ("description", "version")


def _parts(ctx):
    """(schema, validator factory, path, value) of each part of the skeleton pass 1 checks;
    an endpoint that is not a mapping comes as (None, None, its path, it). The top level and
    the vocabulary are read unrecorded (``ctx.doc.data``, ``engine.frame``): their errors are
    findings in the frame, computed again on every frame edit."""
    data = ctx.doc.data
    yield top_level_schema(), top_level_validator, (), data
    raw = data.get("endpoints")
    for ep in ctx.view.endpoints:
        item = raw[ep.index] if isinstance(raw, list) else raw.get(ep.key)
        if not isinstance(item, dict):
            yield None, None, ep.node_path, item
        else:
            yield endpoint_schema(ep.keyed), functools.partial(endpoint_validator, ep.keyed), ep.node_path, item
    if isinstance(data.get("vocabulary"), dict):
        yield vocabulary_schema(), vocabulary_skeleton, ("vocabulary",), data["vocabulary"]


@fact("agis.pass1-schema-errors")
def _errors(ctx) -> list:
    """Schema errors of the skeleton, as (validator keyword, path, error); one per path and kind.
    Computed once per lint (AGIS101 and AGIS102 both read them); a skeleton the quick check
    finds valid (``_schema.quick_valid``) never reaches jsonschema."""
    return _schema_errors(list(_parts(ctx)))


def _schema_errors(parts: list) -> list:
    if all(schema is not None and quick_valid(schema, value) is True for schema, _, _, value in parts):
        return []
    seen: set = set()

    def once(keyword, path, err):
        key = (keyword == "required", path, err.message if keyword == "required" and err else "")
        if key in seen:
            return None
        seen.add(key)
        return keyword, path, err

    out = []
    for schema, validator, base, value in parts:
        if schema is None:
            out.append(once("type", base, None))
            continue
        for err in validator().iter_errors(value):
            out.append(once(err.validator, base + tuple(err.absolute_path), err))
    return [e for e in out if e is not None]


@rule("AGIS101", spec="AGIS §8.1, §8.2, §4.4")
def missing_required_field(ctx):
    """A field the document structure requires is missing.

    ## What it does
    Checks the required top-level fields of section 8.1 (`agis`, `service`,
    `agtp`, `endpoints`, `vocabulary`), the `method` and `path` of every endpoint
    and `vocabulary.declared_verbs`, against the JSON Schema shipped with
    agis-lint (`agis_lsp/schemas/agis-1.0.schema.json`). A document that is not a
    mapping at all (an empty file, a bare list) is reported here too.

    ## Why is this bad?
    Agent runtimes MUST treat a non-conformant document as a discovery failure
    (section 10(b)); without these fields there is no service to discover.

    ## Example
    ```yaml
    agis: "1.0"
    service: "Acme Reservations"
    endpoints: [...]
    ```

    ## Use instead
    ```yaml
    agis: "1.0"
    service: "Acme Reservations"
    agtp: "agtp://reservations.acme.com"
    endpoints: [...]
    vocabulary:
      declared_verbs: [BOOK, FIND]
    ```

    ## Fix safety
    A missing `agis` gets `"1.0"` and a missing `vocabulary` gets one declaring
    the methods the document uses: both safe (they state what the document
    already implies). A method that is itself a mistake (`GET`, `CREATE_BOOKING`,
    `BOOKING`) is not declared: a fix must not make the vocabulary agree with it.
    When no method is a verb yet there is no fix; a method fixed later is
    declared by this fix, or by AGIS701 once the vocabulary exists. Other fields have no fix.

    ## Decision
    The draft promises a normative JSON Schema (section 9) but does not publish
    one; agis-lint ships its own and documents every choice in it.
    """
    data = ctx.data
    if not isinstance(data, dict):
        what = "empty" if data is None else type_name(data)
        yield Finding((), f"the document is {what}; an AGIS document is a mapping with agis, "
                      "service, agtp, endpoints and vocabulary (section 8.1)")
        return
    for keyword, path, err in _errors(ctx):
        if keyword != "required" or err is None:
            continue
        missing = err.message.split("'")[1]
        parent = path
        fixes = []
        if parent == () and missing == "agis":
            fixes.append(Fix("Add agis: \"1.0\"", True, [AddKey((), "agis", "1.0")]))
        if parent == () and missing == "vocabulary":
            fixes += _vocabulary_fix(ctx)
        where = "the document" if not parent else ctx.doc.describe(parent)
        yield Finding(parent, f"{where} is missing required field '{missing}'", part="key",
                      fixes=fixes)


def _vocabulary_fix(ctx) -> list:
    """The missing vocabulary, declaring the methods used that are verbs (a method that is
    itself a mistake, GET or CREATE_BOOKING, is not declared: AGIS701 offers to declare it
    once it is a verb). The fix names the methods it declares, so that the engine drops it
    while a finding of passes 2-4 says one of them is wrong (engine.consequences)."""
    chosen: dict = {}
    for ep, method in ctx.view.methods_used:
        if is_valid_method(method):
            chosen.setdefault(method.upper(), ep.method_loc[0])
    if not chosen:
        return []
    title = f"Add a vocabulary block declaring {', '.join(chosen)}"
    return [Fix(title, True, [AddKey((), "vocabulary", {"declared_verbs": list(chosen)})],
                declares=tuple(chosen.values()))]


@rule("AGIS102", spec="AGIS §8.1, §9")
def invalid_field_value(ctx):
    """A structural field has the wrong type or an invalid value.

    ## What it does
    Checks the types and values of the document skeleton: `agis` is the string
    `"1.0"`, `service` a non-empty string, `agtp` an `agtp://` address,
    `endpoints` a non-empty list (or mapping keyed `"METHOD /path"`) of
    mappings, `method` and `path` strings, `vocabulary` a mapping whose
    `declared_verbs` is a list.

    ## Why is this bad?
    Section 9 requires YAML and JSON to yield the same document. An unquoted
    `agis: 1.0` is the number 1.0 in YAML, not the version string "1.0".

    ## Example
    ```yaml
    agis: 1.0
    agtp: "https://reservations.acme.com"
    ```

    ## Use instead
    ```yaml
    agis: "1.0"
    agtp: "agtp://reservations.acme.com"
    ```

    ## Fix safety
    Quoting a numeric `agis` version is safe, and so is quoting a numeric `version`
    (`version: 1.2` becomes `version: "1.2"`): the fix quotes the digits as written, so
    `1.20` stays `"1.20"`. A number not written as a version (`1e3`, `0x10`) has no fix.
    Other values have no fix.

    ## Decision
    Numbers are compared exactly, never through `float()`: an integer of any size
    (`agis: 1` followed by 400 zeros, `0x` and 300 digits) is reported as written.
    """
    if not isinstance(ctx.data, dict):
        return
    for keyword, path, err in _errors(ctx):
        if keyword in ("required", "additionalProperties"):
            continue
        value = ctx.doc.get(path)
        name = ctx.doc.describe(path)
        fixes = []
        if err is None:
            msg = f"{name} must be a mapping with method, path and semantic, not {type_name(value)}"
        elif path == ("agis",):
            written = ctx.doc.written(path) if _is_number(value) else None
            msg = f"agis must be the version string \"1.0\", not {_shown(written) if written else preview(value)}"
            if _is_number(value) and value == 1:     # exact for ints of any size: no float()
                fixes.append(Fix('Quote the version: "1.0"', True, [SetValue(path, "1.0")]))
        elif path == ("version",) and _is_number(value) and _plain_version(ctx.doc.written(path)):
            written = ctx.doc.written(path)
            msg = f"version must be a string, not the number {written}; quote it"
            fixes.append(Fix(f'Quote the version: "{written}"', True, [SetValue(path, written)]))
        elif path == ("agtp",) and isinstance(value, str):
            msg = f"agtp must be an agtp:// address (e.g. agtp://service.example.com), not {preview(value)}"
        elif keyword in ("minItems", "minProperties"):
            msg = f"{name} must contain at least one endpoint"
        elif keyword == "minLength":
            msg = f"{name} must not be empty"
        elif keyword == "type":
            msg = f"{name} must be {_expected(err.validator_value)}, not {type_name(value)}"
        else:
            msg = f"{name}: {err.message}"
        yield Finding(path, msg, fixes=fixes)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_VERSION_DIGITS = re.compile(r"[0-9]+(?:\.[0-9]+)*")


def _shown(written: str) -> str:
    """A number as written, shortened when long (an integer of 400 digits)."""
    return written if len(written) <= 24 else f"{written[:10]}…{written[-6:]} ({len(written):,} characters)"


def _plain_version(written: str | None) -> bool:
    """A number written as a version would be (``1``, ``1.2``, ``2.10``): quoting its text keeps
    what the author wrote (``1.20`` stays ``"1.20"``, not the number's ``1.2``)."""
    return written is not None and len(written) <= 32 and _VERSION_DIGITS.fullmatch(written) is not None


def _expected(t) -> str:
    names = {"object": "a mapping", "array": "a list", "string": "a string", "number": "a number",
             "boolean": "a boolean", "integer": "an integer"}
    if isinstance(t, list):
        return " or ".join(names.get(x, x) for x in t)
    return names.get(t, t)


@rule("AGIS103", spec="AGIS §8.1")
def unknown_field(ctx):
    """A top-level or vocabulary field that AGIS does not define.

    ## What it does
    Flags keys at the top level and in `vocabulary` that are not part of the
    document structure of sections 8.1 to 8.3, suggesting the closest known name.

    ## Why is this bad?
    A misspelt `vocabluary` means the required block is missing, and agents
    ignore fields they do not know, so the information is lost.

    ## Example
    ```yaml
    servce: "Acme"
    ```

    ## Use instead
    ```yaml
    service: "Acme"
    ```

    ## Fix safety
    Renaming to the suggested field is unsafe: the suggestion is a guess.
    """
    if not isinstance(ctx.data, dict):
        return
    schema = agis_schema()
    data = ctx.doc.data     # findings in the frame only: an unrecorded read (engine.frame)
    places = [((), data, schema["properties"])]
    if isinstance(data.get("vocabulary"), dict):
        places.append((("vocabulary",), data["vocabulary"],
                       schema["$defs"]["vocabulary"]["properties"]))
    for base, obj, known in places:
        for key in obj:
            if key in known:
                continue
            path = base + (key,)
            close = close_matches(key, known)
            fixes = [Fix(f"Rename to '{close[0]}'", False, [RenameKey(path, close[0])])] \
                if close and close[0] not in obj else []
            hint = f"; did you mean '{close[0]}'?" if close else ""
            where = "top-level" if not base else "vocabulary"
            yield Finding(path, f"unknown {where} field '{key}'{hint}", part="key", fixes=fixes)


@rule("AGIS104", spec="AGIS §8.1")
def missing_recommended_field(ctx):
    """The document lacks a RECOMMENDED top-level field (`description`, `version`).

    ## What it does
    Notes a missing `description` or `version` at the top level.

    ## Why is this bad?
    Section 8.1 recommends both: the description is what registries and agents
    show for the service, the version lets them notice contract changes.

    ## Example
    ```yaml
    agis: "1.0"
    service: "Acme Reservations"
    ```

    ## Use instead
    ```yaml
    agis: "1.0"
    service: "Acme Reservations"
    description: "Reservation management for restaurant booking agents"
    version: "1.2.0"
    ```

    ## Fix safety
    No fix: only the author knows the text.
    """
    if not isinstance(ctx.data, dict):
        return
    for name in RECOMMENDED:
        if name not in ctx.doc.data:    # a finding in the frame: an unrecorded read (engine.frame)
            yield Finding((), f"the document has no '{name}' (RECOMMENDED by section 8.1)", part="key")
