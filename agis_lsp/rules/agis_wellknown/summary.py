"""/.well-known/agis.json: required members, the document reference, methods, no data details."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from ...engine.findings import Finding, Fix, Related, Remove, SetValue
from ...engine.registry import rule
from ...formats import agis_wellknown as fmt
from .. import _shape_rules

KINDS = ("agis-wellknown",)
SPEC = "AGIS §10"

_shape_rules.register("AGWK", "agis-json", KINDS, "AGIS well-known summary", SPEC, {
    "missing": ('{"agis": "1.0", "service": "Acme Reservations", "methods": ["BOOK"]}',
                '{"agis": "1.0", "service": "Acme Reservations", "methods": ["BOOK"],\n'
                ' "agis_document": "agtp://reservations.acme.com"}'),
    "type": ('{"methods": "BOOK, FIND"}', '{"methods": ["BOOK", "FIND"]}'),
    "enum": ('{"interaction_protocols": ["request", "subscribe"]}',
             '{"interaction_protocols": ["request", "query"]}'),
})

_METHOD = re.compile(r"^[A-Z]+$")


def _data(ctx) -> dict:
    return ctx.data if isinstance(ctx.data, dict) else {}


@rule("AGWK201", spec="AGIS §10(d)")
def invalid_agis_document_reference(ctx):
    """`agis_document` is not an absolute `agtp://` or `https://` URL.

    ## What it does
    Checks that `agis_document` has a scheme agents can fetch from (agtp,
    https, http) and a host.

    ## Why is this bad?
    AGIS §10(d): the endpoint MUST reference the full AGIS document location
    via `agis_document` "so agents can fetch the complete contract when
    needed"; a relative path or a bare name cannot be fetched from a summary
    that registries index out of context.

    ## Example
    ```json
    {"agis_document": "reservations.agis"}
    ```

    ## Use instead
    ```json
    {"agis_document": "agtp://reservations.acme.com"}
    ```

    ## Fix safety
    No fix.
    """
    ref = _data(ctx).get("agis_document")
    if not isinstance(ref, str):
        return
    parts = urlsplit(ref.strip())
    if parts.scheme not in ("agtp", "https", "http") or not parts.netloc:
        yield Finding(("agis_document",), f"agis_document '{ref}' is not an absolute agtp:// or "
                      "https:// URL; agents fetch the full document from it (AGIS §10(d))")


@rule("AGWK202", spec="AGIS §10(b), §12")
def exposes_data_manifest_details(ctx):
    """The summary exposes data manifest details (`data_manifest`, `sensitivity`, record counts, fields).

    ## What it does
    Flags members that carry the data manifest's content rather than its class
    names: `data_manifest`, `available_data`, `sensitivity`,
    `requires_authorization`, `record_count`, `records`, `fields`, `schema(s)`,
    `customer_data`, at any depth; and entries of `data_classes` that are
    mappings instead of names.

    ## Why is this bad?
    AGIS §10(b): the endpoint "MUST NOT expose data_manifest sensitivity
    details or customer data"; §12: specific record counts, schema details and
    field names SHOULD be withheld from unauthenticated discovery.

    ## Example
    ```json
    {"data_classes": [{"class": "customer-profile", "sensitivity": "high"}]}
    ```

    ## Use instead
    ```json
    {"data_classes": ["customer-profile"]}
    ```

    ## Fix safety
    Unsafe: removing the member changes what the endpoint serves (which is the
    point, but someone may rely on it). No fix for `data_classes` entries.
    """
    data = _data(ctx)
    flagged: list[tuple] = []
    for path, value in ctx.doc.walk():
        if not path or not isinstance(path[-1], str):
            continue
        if any(path[:len(f)] == f for f in flagged):
            continue  # one finding for the outermost member
        if path[-1] in fmt.SENSITIVE_KEYS:
            flagged.append(path)
            yield Finding(path, f"'{path[-1]}' exposes data manifest details in the public summary "
                          "(AGIS §10(b): MUST NOT expose data_manifest sensitivity details or "
                          "customer data)", part="key",
                          fixes=[Fix(f"Remove '{path[-1]}'", False, [Remove(path)])])
    classes = data.get("data_classes")
    for i, c in enumerate(classes if isinstance(classes, list) else []):
        if isinstance(c, dict) and not any(k in fmt.SENSITIVE_KEYS for k in c):
            yield Finding(("data_classes", i), "data_classes lists class names only; this entry is "
                          "a mapping with details (AGIS §10(b))")


@rule("AGWK203", spec="AGIS §4.1, §10")
def method_not_agis_identifier(ctx):
    """An entry of `methods` is not an AGIS method identifier (`book`, `BOOK_TABLE`, `BOOK /table`).

    ## What it does
    Checks each entry of `methods` for a single token of uppercase letters
    A-Z. What the word means (HTTP method, noun, inflection) is judged by the
    TOOL rules, as for tool names.

    ## Why is this bad?
    The summary's `methods` are the document's method identifiers (§10
    example: `["BOOK", "FIND", "CANCEL"]`); section 4.1 makes them single
    uppercase alphabetic tokens, and agents route tasks by them.

    ## Example
    ```json
    {"methods": ["book", "CANCEL_BOOKING"]}
    ```

    ## Use instead
    ```json
    {"methods": ["BOOK", "CANCEL"]}
    ```

    ## Fix safety
    Safe for letter case only (methods compare case-insensitively, §4.1(e));
    unsafe when the fix keeps only the leading word of a compound.
    """
    methods = _data(ctx).get("methods")
    for i, m in enumerate(methods if isinstance(methods, list) else []):
        if not isinstance(m, str) or _METHOD.match(m):
            continue
        fixes = []
        if m.isalpha():
            fixes.append(Fix(f"Write '{m.upper()}'", True, [SetValue(("methods", i), m.upper())]))
        else:
            first = re.split(r"[^A-Za-z]+", m.strip())[0]
            if first:
                fixes.append(Fix(f"Use '{first.upper()}'", False,
                                 [SetValue(("methods", i), first.upper())]))
        yield Finding(("methods", i), f"method '{m}' is not an AGIS method identifier: a single "
                      "token of uppercase letters A-Z (AGIS §4.1)", fixes=fixes)


@rule("AGWK204", spec="AGIS §10")
def duplicate_method(ctx):
    """A method is listed twice in `methods`.

    ## What it does
    Compares the entries of `methods` case-insensitively.

    ## Why is this bad?
    `methods` mirrors the document's `declared_verbs` (AGIS §6 forbids
    duplicates there, AGIS703); a repeated entry usually hides a typo of
    another method.

    ## Example
    ```json
    {"methods": ["BOOK", "FIND", "BOOK"]}
    ```

    ## Use instead
    ```json
    {"methods": ["BOOK", "FIND", "CANCEL"]}
    ```

    ## Fix safety
    Safe: removing the repeated entry keeps the list's meaning.
    """
    methods = _data(ctx).get("methods")
    seen: dict = {}
    for i, m in enumerate(methods if isinstance(methods, list) else []):
        if not isinstance(m, str):
            continue
        key = m.strip().upper()
        if key in seen:
            yield Finding(("methods", i), f"method '{m}' is listed twice", tags=("unnecessary",),
                          fixes=[Fix("Remove the repeated entry", True, [Remove(("methods", i))])],
                          related=[Related(("methods", seen[key]), "first listed here")])
        else:
            seen[key] = i


@rule("AGWK205", spec="AGIS §6(e), §8.3, §10")
def negotiable_without_data_classes(ctx):
    """The summary says `negotiable: true` but lists no `data_classes`.

    ## What it does
    Flags a negotiable service whose summary has no (or an empty)
    `data_classes` list.

    ## Why is this bad?
    AGIS §6(e): a negotiable service MUST provide a data manifest; §8.3: the
    manifest is what lets agents "assess whether the service has relevant data
    before initiating dynamic endpoint negotiation", and the manifest defines
    the ceiling of negotiation. The summary is what agents and registries read
    first (§10), and its `data_classes` are the manifest's class names.

    ## Example
    ```json
    {"negotiable": true, "pre_auth_discovery": true}
    ```

    ## Use instead
    ```json
    {"negotiable": true, "pre_auth_discovery": true, "data_classes": ["reservation"]}
    ```

    ## Fix safety
    No fix.

    ## Decision
    The class names are not sensitive details (§10(b) forbids sensitivities
    and customer data, not names), so listing them is both allowed and, for a
    negotiable service, expected. Whether the endpoint is reachable without
    credentials when `pre_auth_discovery` is true (§10(a)) is an HTTP property
    and is not checked.
    """
    data = _data(ctx)
    if data.get("negotiable") is True:
        classes = data.get("data_classes")
        if not isinstance(classes, list) or not classes:
            where = ("data_classes",) if "data_classes" in data else ("negotiable",)
            yield Finding(where, "the service is negotiable but the summary lists no data_classes; "
                          "agents assess the data classes before negotiating (AGIS §6(e), §8.3)",
                          part="value" if "data_classes" in data else "key")
