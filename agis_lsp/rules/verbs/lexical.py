"""Passes 2-3 on the leading verb of tool and capability names (mechanical).

The verdicts are the AGIS rules' own (``rules/agis/_method``: the English
lexicon, the HTTP list, the curated non-action and vague lists); only where the
verb sits differs: it leads a name (``get_analytics``) instead of being one.
"""
from __future__ import annotations

from ...engine.findings import Finding, Fix, SetValue
from ...engine.registry import rule
from ...formats.agis_methods import PROHIBITED_HTTP_METHODS, lexicon
from ._names import HTTP_SUGGESTIONS, KINDS, describe, operations, rename_leading

_CLASS_TEXT = {"state": "describes a state", "adjective": "is an adjective",
               "noun": "is a noun", "being": "expresses existence or being"}


def _who(op, lead) -> str:
    """``tool name 'get_user'``, or the name's parts when it has a namespace or an object first."""
    return f"{op.label} name {describe(op.name, lead)};" if lead.parts else f"{op.label} name '{op.name}'"


def _rename(op, lead, verbs) -> list[Fix]:
    out = []
    for v in verbs:
        new = rename_leading(op.name, lead, v)
        out.append(Fix(f"Rename to '{new}'", False, [SetValue(op.name_path, new)]))
    return out


@rule("TOOL201", spec="AGIS §4.1(b), appendix C", convention="agis")
def inflected_leading_verb(ctx):
    """The name of a tool or capability starts with an inflected verb (`checking_status`, `booked_rooms`).

    ## What it does
    Takes the verb of each tool/capability name (snake_case, camelCase,
    PascalCase, kebab-case or spaced; a namespace such as `github.`, `mcp__github__`
    or a prefix most of the document's names share is skipped, as docs/formats.md
    describes) and looks it up in the English lexicon of verb inflections, as AGIS
    pass 2 does for methods (AGIS203).

    ## Why is this bad?
    AGIS section 4.1(b) asks for the imperative base form: a name says what the
    caller asks for ("check status"), not a state or history ("checking",
    "booked"). Appendix C maps a tool name's first segment to an AGIS method, so
    an inflected lead makes a non-conformant method.

    ## Example
    ```json
    {"tools": [{"name": "checking_availability", "inputSchema": {"type": "object"}}]}
    ```

    ## Use instead
    ```json
    {"tools": [{"name": "check_availability", "inputSchema": {"type": "object"}}]}
    ```

    ## Fix safety
    Unsafe: renaming a tool changes what clients call.
    """
    lex = lexicon()
    for op, lead in operations(ctx):
        w = lead.upper
        inf = lex.inflection_of(w) if lead.verb else None
        if inf is None or lex.non_action_class(w) or w in PROHIBITED_HTTP_METHODS:
            continue
        base = inf.base.upper()
        yield Finding(op.name_path, f"{_who(op, lead)} starts with '{lead.word}', an "
                      f"inflected form of {base}; lead with the imperative base form "
                      f"(AGIS §4.1(b))", fixes=_rename(op, lead, [base]))


@rule("TOOL301", spec="AGIS §4.3, appendix C(a)", convention="agis")
def http_verb_name(ctx):
    """The name of a tool or capability starts with an HTTP method (`get_analytics`, `postMessage`).

    ## What it does
    Flags names whose leading word is GET, POST, PUT, DELETE, PATCH, HEAD,
    OPTIONS, CONNECT or TRACE, in any case and naming style.

    ## Why is this bad?
    AGIS section 4.3 prohibits HTTP methods as method identifiers; appendix
    C(a), mapping MCP tool names back to AGIS methods, gives the example
    `get_data -> GET (invalid; HTTP method; rewrite as RETRIEVE or FETCH)`. The
    verb says how the data moves, not what the agent achieves ([HOOD2026]:
    10-29 points lower agent accuracy with CRUD verbs).

    ## Example
    ```json
    {"name": "get_analytics", "description": "Get email delivery analytics and open rates",
     "detail_url": "/api/capabilities/get_analytics"}
    ```

    ## Use instead
    ```json
    {"name": "retrieve_analytics", "description": "Retrieves email delivery analytics and open rates",
     "detail_url": "/api/capabilities/retrieve_analytics"}
    ```

    ## Fix safety
    Unsafe: GET -> RETRIEVE or FETCH (appendix C), POST -> CREATE or SUBMIT, PUT
    -> REPLACE, DELETE -> REMOVE, PATCH -> MODIFY (the AGTP catalog's legacy
    map); renaming a tool changes what clients call, and a more specific verb
    is often better. HEAD, OPTIONS, CONNECT and TRACE get no fix.

    ## Decision
    None of A2T, ADP, AINP and MCP forbids HTTP verbs in names; the finding is
    AGIS's advice carried over (appendix C), so its default severity is a
    warning, not an error.
    """
    for op, lead in operations(ctx):
        w = lead.upper
        if w not in PROHIBITED_HTTP_METHODS or not lead.verb:
            continue
        verbs = HTTP_SUGGESTIONS.get(w, ())
        hint = f"; use {' or '.join(verbs)}" if verbs else "; use an action verb that names the intent"
        yield Finding(op.name_path, f"{_who(op, lead)} {'uses' if lead.parts else 'starts with'} the "
                      f"HTTP method {w}, "
                      f"which names no intent (AGIS §4.3, appendix C){hint}",
                      fixes=_rename(op, lead, verbs))


@rule("TOOL302", spec="AGIS §4.2", convention="agis")
def non_action_leading_word(ctx):
    """The name of a tool or capability starts with a noun, state or adjective and has no verb after it (`status`, `data_summary`).

    ## What it does
    Checks the leading word against the curated list of English words that are
    not action verbs (AGIS302's list: STATUS, DATA, USER, AVAILABLE, EXISTS...).
    A noun followed by a verb (`user_create`, `git_commit`) is TOOL305's, not
    this rule's.

    ## Why is this bad?
    AGIS section 4.2: the verb carries the intent. A name without one
    (`status`, `data_summary`) says what the tool is about, not what it does,
    and appendix C's reverse mapping would make STATUS or DATA the method.

    ## Example
    ```json
    {"tools": [{"name": "data_summary", "inputSchema": {"type": "object"}}]}
    ```

    ## Use instead
    ```json
    {"tools": [{"name": "summarize_data", "inputSchema": {"type": "object"}}]}
    ```

    ## Fix safety
    No fix: the verb is missing and depends on what the tool does.
    """
    lex = lexicon()
    for op, lead in operations(ctx):
        w = lead.upper
        cls = lex.non_action_class(w)
        if cls is None and not lead.verb and lex.inflection_of(w) is not None:
            cls = "noun"            # maps_places: a plural after the namespace, and no verb
        if cls is None or w in PROHIBITED_HTTP_METHODS:
            continue
        if lead.parts:
            yield Finding(op.name_path, f"{op.label} name {describe(op.name, lead)}; '{lead.word}' "
                          f"{_CLASS_TEXT.get(cls, 'is not an action verb')}; name the verb that "
                          "says what it does (AGIS §4.2)")
            continue
        yield Finding(op.name_path, f"{op.label} name '{op.name}' starts with '{lead.word}', which "
                      f"{_CLASS_TEXT.get(cls, 'is not an action verb')}; lead with the verb that "
                      "says what it does (AGIS §4.2)")


@rule("TOOL303", spec="AGIS §4.2", convention="agis")
def vague_leading_verb(ctx):
    """The name of a tool or capability starts with a borderline verb (`process_refund`, `handle_order`).

    ## What it does
    Flags leading verbs that may describe system activity rather than the
    caller's intent (PROCESS, HANDLE, MANAGE, DO, PERFORM...), as AGIS303 does
    for methods.

    ## Why is this bad?
    AGIS section 4.2 marks such verbs borderline; a more specific verb is
    RECOMMENDED. "refund my order" matches `refund_order`, not `process_refund`.

    ## Example
    ```json
    {"tools": [{"name": "process_refund", "inputSchema": {"type": "object"}}]}
    ```

    ## Use instead
    ```json
    {"tools": [{"name": "refund_order", "inputSchema": {"type": "object"}}]}
    ```

    ## Fix safety
    No fix: the specific verb depends on what the tool does.
    """
    lex = lexicon()
    for op, lead in operations(ctx):
        w = lead.upper
        if w in PROHIBITED_HTTP_METHODS or not lead.verb or not lex.is_vague(w):
            continue
        alternatives = getattr(lex, "vague_alternatives", lambda x: ())(w)
        hint = f" (e.g. {', '.join(alternatives[:4])})" if alternatives else ""
        yield Finding(op.name_path, f"{_who(op, lead)} {'has' if lead.parts else 'starts with'} "
                      f"'{lead.word}', a "
                      f"borderline verb that may describe system activity rather than the "
                      f"caller's intent; a more specific verb is RECOMMENDED{hint} (AGIS §4.2)")


@rule("TOOL305", spec="AGIS §4.2, appendix C(a)", convention="agis")
def noun_before_verb(ctx):
    """The name of a tool or capability puts a noun before its verb (`user_create`, `git_commit`).

    ## What it does
    Reports names whose first word is a noun (on the curated non-action list)
    and whose second word is a verb. The verb rules then judge the second
    word, so `git_get_log` is still reported as an HTTP verb (TOOL301).

    ## Why is this bad?
    AGIS appendix C(a) maps a tool name to a method by its first segment:
    `user_create` would become USER, not an action verb (section 4.2). Often
    the noun is a namespace (`git_commit`, `puppeteer_navigate`); MCP names
    may write a namespace with a dot (`git.commit`), which agis-lint and the
    reverse mapping skip.

    ## Example
    ```json
    {"tools": [{"name": "user_create", "inputSchema": {"type": "object"}}]}
    ```

    ## Use instead
    ```json
    {"tools": [{"name": "create_user", "inputSchema": {"type": "object"}}]}
    ```

    ## Fix safety
    No fix: whether the noun is the object (`create_user`) or a namespace
    (`git.commit`) is the author's call.

    ## Decision
    Resource-first and namespace-first names are common in MCP servers and
    no format here forbids them, so this is information, not a warning; the
    verb itself is still checked. A namespace is not an object: a word before
    the verb and its object (`github_create_issue`), or a leading word that
    most tool names of the document share (`firecrawl_search`,
    `firecrawl_crawl`), is read as a namespace and gets no finding; within a
    namespace, an object before the verb (`firecrawl_monitor_create`) is
    reported with the parts named.
    """
    for op, lead in operations(ctx):
        if not lead.prefix or not lead.verb:
            continue
        if lead.namespace:
            yield Finding(op.name_path, f"{op.label} name {describe(op.name, lead)}; the object comes "
                          f"before its verb {lead.upper}; put the verb first")
            continue
        yield Finding(op.name_path, f"{op.label} name '{op.name}' puts the noun '{lead.prefix}' before "
                      f"its verb {lead.upper}; lead with the verb (AGIS appendix C(a) reads the first "
                      f"word as the method), or write a namespace with a dot "
                      f"('{lead.prefix}.{op.name[lead.start:]}')")
