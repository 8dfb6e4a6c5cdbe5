"""Agent-interface formats as data: one :class:`FormatKind` per document kind.

Everything the engine, the CLI walk and the language server need to know about
a format lives in its ``FormatKind``: how a file is recognised (by name and by
content), the typed view rules read, the JSON Schema that drives hover and
completion (field docs quoted from the spec, enums shared with the rules), the
outline, the prose fields (descriptions, intents) that text checks read, and the
editor hooks (:class:`EditorHooks`: places, verb places, completion's field schema...)
the language server asks beyond the schema.

Adding a format is: a module in ``formats/`` that builds a ``FormatKind``, one
line in :data:`_MODULES`, and rules in ``rules/<format>/``. Nothing in
``engine/``, ``cli/`` or ``lsp/`` names a format of this registry.
AGIS and the AGTP deployment kinds (detected in ``formats.kinds``) declare traits in
:data:`NATIVE_TRAITS` and editor hooks in :data:`_NATIVE_EDITORS`; ``engine/`` and ``lsp/``
ask :func:`has_trait` and :func:`editor` rather than compare a kind name.
"""
from __future__ import annotations

import fnmatch
import importlib
import os
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Iterable

# Modules that define FORMAT (a FormatKind) or FORMATS (several), in detection order.
# mcp_client comes before mcp: ".mcp.json" (Claude Code's project file) also fits "*.mcp.json".
_MODULES = ("agis_wellknown", "a2t", "adp", "ainp", "mcp_client", "mcp", "skill", "agent_instructions")


@dataclass(frozen=True)
class Symbol:
    """One outline entry: a label, its kind ("object", "array", "function", "field", "method",
    "struct", "namespace"), the document path it covers (the whole document for ``()``), its
    children and a detail. ``select``, a ``(path, part)`` pair, is where its name is written
    (by default the key at ``path``, or the value of a list item).

    A ``FormatKind.outline``'s empty detail is no detail; an ``EditorHooks.outline`` gives
    None for none (its text is shown as it is, shortened)."""
    label: str
    kind: str
    path: tuple
    children: tuple = ()
    detail: str | None = ""
    select: tuple | None = None


@dataclass(frozen=True)
class Operation:
    """A named operation of a document (a tool, a capability, a method) and its prose.

    ``name_path``/``description_path`` are document paths; rules report there.
    ``verb_name`` is the name whose leading word is the verb (``send_email`` -> SEND).
    """
    name: str
    name_path: tuple
    description: str | None = None
    description_path: tuple | None = None
    label: str = "tool"                  # how messages call it: tool, capability, method
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class EditorHooks:
    """What the language server asks of a document kind beyond its schema; every hook is
    optional (a kind without one gets the server's generic answer: a table outline, no
    places, the schema's keys and enum values).

    ``doc`` is a parsed :class:`~agis_lsp.document.Document` whose data is a mapping; a
    ``spath`` is a path as the kind's schema reads it; ``part`` is ``"key"`` or ``"value"``
    (``document.locate``); ``data`` is the last data that parsed (None, or any type).
    """
    #: doc -> [Symbol]: the outline (endpoints, tools...).
    outline: Callable[[Any], list] | None = None
    #: doc -> Places (``formats.places``), in any order: the named things semantic tokens,
    #: rename, references, inlay hints and links read. A generator: the server checks its
    #: cancellation token between the places it yields.
    places: Callable[[Any], Iterable] | None = None
    #: (doc, endpoint) -> Places of one endpoint frame (the token splice of an edit inside
    #: it; kinds with the ``endpoint-frames`` trait).
    endpoint_places: Callable[[Any, Any], Iterable] | None = None
    #: (path, part, data) -> whether a method verb is written there (hover, verb completion).
    verb_place: Callable[[tuple, str, Any], bool] | None = None
    #: data -> the verbs the document already uses (offered first in completion).
    verbs_used: Callable[[Any], list] | None = None
    #: (path, data) -> the catalog categories that fit the operation at ``path`` (ranked first).
    fitting_categories: Callable[[tuple, Any], set] | None = None
    #: (spath, part, data) -> the endpoint path's ``{parameters}`` offered there (None: none).
    path_parameters: Callable[[tuple, str, Any], list | None] | None = None
    #: (spath, data) -> the keys a mapping there may hold, for a kind without a JSON Schema.
    field_keys: Callable[[tuple, Any], tuple | None] | None = None
    #: (spath, data, catalog=, recipes=) -> ``(values, detail)`` offered for the value there.
    field_values: Callable[..., tuple | None] | None = None
    #: doc -> (Place, tooltip, url) of each file reference or URL it links to (besides its
    #: ``$ref``s); ``url`` None: the place's name is the target, relative to the document.
    links: Callable[[Any], Iterable] | None = None


NO_HOOKS = EditorHooks()


@dataclass(frozen=True)
class FormatKind:
    name: str                                   # the document kind ("mcp-tools")
    title: str                                  # "MCP tool list"
    spec: str                                   # what it implements, cited
    file_globs: tuple                           # fnmatch patterns on the "/"-separated path
    detect: Callable[[Any], bool]               # by content (parsed data)
    view: Callable[[Any], Any]                  # Document -> typed view
    schema: dict | None = None                  # JSON Schema for hover/completion (field docs)
    outline: Callable[[Any], list] | None = None   # view -> [Symbol]
    prose: Callable[[Any], Iterable] | None = None  # view -> [(path, text)]
    sniff: tuple = ()                           # byte markers for the CLI walk of *.json/*.yaml
    syntaxes: tuple = ("json", "yaml")
    verb_place: Callable[[tuple], bool] | None = None   # where a value is an AGIS/AGTP verb
    # Textual marks that name the kind of a file that does not parse: each a regular expression
    # on the text, or a tuple of them that must all match; by default each ``sniff`` key written
    # as a JSON or YAML key.
    marks: tuple = ()
    agis_conventions: bool = False              # its own spec asks for AGIS's conventions (verb-first
                                                # names): rules marked convention="agis" keep their
                                                # severity; elsewhere they are information by default
    editor: EditorHooks = NO_HOOKS              # what the language server asks beyond the schema
    nodes: dict = field(default_factory=dict)   # node kind -> view -> its nodes, in document order
                                                # (what rules visit: engine.walk)
    # (security code, prose text, start, end) -> whether the security pass's hit on
    # text[start:end] is the document's own purpose (a skill's orders to the agent), not a
    # step outside it; None: nothing is
    in_purpose: Callable[[str, str, int, int], bool] | None = None
    # what a security finding on this kind advises, instead of the detector's advice (written
    # for API descriptions); None: the detector's
    security_advice: str | None = None
    # its file names are matched in their own case (``AGENTS.md`` but not ``docs/agents.md``)
    exact_case: bool = False
    # path -> the names of the other files whose existence a lint of that file reads (a
    # skill's folder): the result cache keys on them; None: the file alone
    depends_on: Callable[[str], Iterable[str]] | None = None

    def text_marks(self) -> tuple:
        if self.marks:
            return self.marks
        return tuple(key_mark(m.decode("utf-8").strip('"')) for m in self.sniff)


def key_mark(key: str) -> str:
    """A regular expression for ``key`` written as a mapping key in JSON or YAML."""
    k = re.escape(key)
    return rf"""(?:"{k}"|'{k}'|(?m:^[ \t]*(?:-[ \t]+)?{k}))[ \t]*:"""


def adopts_agis_conventions(kind: str | None) -> bool:
    """Does the spec of ``kind`` itself ask for AGIS's conventions? AGIS and AGTP documents
    (kinds outside this registry) do; a format of the registry says so in its FormatKind."""
    f = get(kind) if kind else None
    return True if f is None else f.agis_conventions


# The kinds this registry does not define (AGIS and the AGTP deployment files, detected in
# ``formats.kinds``) declare what they offer here, as traits: ``engine/`` and ``lsp/`` ask
# ``has_trait(kind, TRAIT)``, never compare a kind's name, so a kind that offers the same
# (a recipe handler, endpoint frames...) declares the trait and costs nothing there.
#: Findings per endpoint frame: incremental checking and token splicing follow frame edits.
ENDPOINT_FRAMES = "endpoint-frames"
#: The lint view takes a focus (one endpoint) and a data override (``AgisView``).
FOCUSED_VIEW = "focused-view"
#: A shipped JSON Schema built by ``formats.agis_schema`` (hover, completion).
AGIS_SCHEMA = "agis-schema"
#: Declares its own non-catalog verbs (``vocabulary.declared_verbs``).
DECLARED_VERBS = "declared-verbs"
#: Linted with its deployment's other files (the deployment's overlay, custom methods, renames).
DEPLOYMENT = "deployment"
#: ``handler.recipe`` names a recipe of the deployment's recipes file.
RECIPE_HANDLER = "recipe-handler"
#: Its fields may sit under an ``[endpoint]`` table (schema lookups and completion skip it).
ENDPOINT_TABLE = "endpoint-table"

_DEPLOYMENT_KIND = frozenset({DEPLOYMENT})
NATIVE_TRAITS: dict[str, frozenset] = {
    "agis": frozenset({ENDPOINT_FRAMES, FOCUSED_VIEW, AGIS_SCHEMA, DECLARED_VERBS}),
    "agtp-endpoint": frozenset({DEPLOYMENT, RECIPE_HANDLER, ENDPOINT_TABLE}),
    "agtp-server": _DEPLOYMENT_KIND,
    "agtp-recipes": _DEPLOYMENT_KIND,
    "agtp-manifest": _DEPLOYMENT_KIND,
    "agtp-catalog": _DEPLOYMENT_KIND,
}


# The editor hooks of the kinds this registry does not define: module (under ``formats``) and
# attribute, imported when the server first asks.
_NATIVE_EDITORS: dict[str, tuple[str, str]] = {
    "agis": ("agis_editor", "EDITOR"),
    "agtp-endpoint": ("agtp.editor", "ENDPOINT"),
    "agtp-recipes": ("agtp.editor", "RECIPES"),
    "agtp-server": ("agtp.editor", "SERVER"),
    "agtp-manifest": ("agtp.editor", "OTHER"),
    "agtp-catalog": ("agtp.editor", "OTHER"),
}


def _endpoints(view) -> Any:
    return view.endpoints


# The nodes the kinds outside this registry offer to visiting rules (``engine.walk``): node
# kind -> view -> the nodes in document order. A format of the registry declares its own in
# ``FormatKind.nodes``.
NATIVE_NODES: dict[str, dict] = {
    "agis": {"endpoint": _endpoints},          # AgisView.endpoints (the focused ones, with a focus)
    "agtp-endpoint": {"endpoint": _endpoints},
    "agtp-manifest": {"endpoint": _endpoints},
}


def node_kinds(kind: str | None) -> tuple:
    """The node kinds a document of ``kind`` offers to visiting rules."""
    f = get(kind)
    return tuple(f.nodes) if f is not None else tuple(NATIVE_NODES.get(kind or "", ()))


def walk_nodes(kind: str | None, view, node_kind: str) -> Iterable:
    """The nodes of ``node_kind`` of a document of ``kind`` whose lint view is ``view``; none
    when that kind offers no such node (a visiting rule then finds nothing)."""
    f = get(kind)
    table = f.nodes if f is not None else NATIVE_NODES.get(kind or "", {})
    of = table.get(node_kind)
    return () if of is None or view is None else of(view)


def has_trait(kind: str | None, trait: str) -> bool:
    """Does a document of ``kind`` offer ``trait`` (one of the constants above)?"""
    return trait in NATIVE_TRAITS.get(kind or "", ())


def lint_view(kind: str | None, doc, focus=None, data_of: Callable[[], Any] | None = None) -> Any:
    """The typed view rules read for a document of ``kind`` (None: no view); ``data_of()``
    gives the data a focused view reads instead of the document's (asked only for those)."""
    if has_trait(kind, FOCUSED_VIEW):
        from .agis import AgisView
        return AgisView(doc, focus, data_of() if data_of is not None else None)
    from . import agtp
    return agtp.view_for(kind, doc) or view_for(kind, doc)


@lru_cache(maxsize=1)
def formats() -> tuple[FormatKind, ...]:
    out: list[FormatKind] = []
    for mod in _MODULES:
        m = importlib.import_module(f"{__package__}.{mod}")
        out.extend(getattr(m, "FORMATS", ()) or (m.FORMAT,))
    return tuple(out)


def kind_names() -> tuple[str, ...]:
    return tuple(f.name for f in formats())


def get(kind: str | None) -> FormatKind | None:
    for f in formats():
        if f.name == kind:
            return f
    return None


def _norm(path: str | None) -> str:
    return (path or "").replace(os.sep, "/")


def kind_by_name(path: str | None) -> str | None:
    """The kind a file name alone implies (``tools.mcp.json``, ``.well-known/agis.json``)."""
    exact = _norm(path)
    if not exact:
        return None
    lower = exact.lower()
    for rx, name, same_case in _name_matchers(formats()):
        norm = exact if same_case else lower
        base = norm.rsplit("/", 1)[-1]
        # "/" + norm: a relative path (".vscode/mcp.json") matches the "*/.vscode/…" globs too
        if rx.match(norm) or rx.match(base) or rx.match("/" + norm):
            return name
    return None


_matchers: tuple = (None, ())


def _name_matchers(kinds: tuple) -> tuple:
    """One regular expression per format: its globs as ``fnmatch.fnmatchcase`` reads them,
    joined (the CLI asks of every file it lints; ~80 fnmatch calls a file were measurable),
    ignoring case (:func:`kind_by_name` lowers the path; ``.continue/mcpServers/*.yaml``) unless
    the format names its files in one case only (``exact_case``: ``AGENTS.md``, not ``agents.md``)."""
    global _matchers
    if _matchers[0] is not kinds:
        _matchers = (kinds, tuple((re.compile("|".join(f"(?:{fnmatch.translate(p)})"
                                                  for p in f.file_globs),
                                         0 if f.exact_case else re.IGNORECASE),
                                   f.name, f.exact_case) for f in kinds if f.file_globs))
    return _matchers[1]


def kind_by_content(data: Any) -> str | None:
    for f in formats():
        try:
            if f.detect(data):
                return f.name
        except Exception:  # noqa: BLE001 - detection never takes a document down
            continue
    return None


def watch_globs() -> tuple[str, ...]:
    """Workspace globs for the language server's watched files."""
    out: list[str] = []
    for f in formats():
        for pattern in f.file_globs:
            g = "**/" + (pattern[2:] if pattern.startswith("*/") else pattern)
            if g not in out:
                out.append(g)
    return tuple(out)


def exact_case_globs() -> frozenset:
    """The :func:`watch_globs` of the formats whose names are matched in their own case."""
    return frozenset("**/" + (p[2:] if p.startswith("*/") else p)
                     for f in formats() if f.exact_case for p in f.file_globs)


def dot_dirs() -> tuple[str, ...]:
    """Hidden directories a format lives in (``.well-known``, ``.ainp``): walked, not skipped."""
    out: list[str] = []
    for f in formats():
        for pattern in f.file_globs:
            for part in pattern.split("/")[:-1]:      # directories, not the file (".mcp.json")
                if part.startswith(".") and part not in out:
                    out.append(part)
    return tuple(out)


def kind_by_marks(text: str, syntax: str) -> str | None:
    """The kind whose textual marks ``text`` carries (for a file that does not parse)."""
    for f in formats():
        if syntax in f.syntaxes and any(_marked(m, text) for m in f.text_marks()):
            return f.name
    return None


def _marked(mark, text: str) -> bool:
    if isinstance(mark, tuple):
        return all(re.search(m, text) for m in mark)
    return re.search(mark, text) is not None


def sniff_markers() -> tuple[bytes, ...]:
    return tuple(m for f in formats() for m in f.sniff)


def view_for(kind: str | None, doc) -> Any:
    f = get(kind)
    return f.view(doc) if f is not None else None


def schema_for(kind: str | None) -> dict | None:
    f = get(kind)
    if f is None and has_trait(kind, AGIS_SCHEMA):
        from .agis_schema import agis_schema
        return agis_schema()
    return f.schema if f is not None else None


def editor(kind: str | None) -> EditorHooks:
    """The editor hooks of ``kind`` (:data:`NO_HOOKS` for a kind that declares none)."""
    f = get(kind)
    if f is not None:
        return f.editor
    native = _NATIVE_EDITORS.get(kind or "")
    if native is None:
        return NO_HOOKS
    return getattr(importlib.import_module(f"{__package__}.{native[0]}"), native[1])


def outline_for(kind: str | None, doc) -> list | None:
    """The outline of ``doc`` ([Symbol]); None for a kind that describes none."""
    f = get(kind)
    if f is not None and f.outline is not None:
        return [_no_blank_detail(s) for s in f.outline(f.view(doc))]
    hook = editor(kind).outline
    return hook(doc) if hook is not None else None


def _no_blank_detail(sym: Symbol) -> Symbol:
    children = tuple(_no_blank_detail(c) for c in sym.children)
    blank = not isinstance(sym.detail, str) or not sym.detail.split()
    return replace(sym, detail=None if blank else sym.detail, children=children)


def is_verb_place(kind: str | None, path: tuple, part: str = "value", data: Any = None) -> bool | None:
    """Whether a method verb is written at ``path`` (its ``part``: "key" or "value");
    None for a kind that does not say."""
    hook = editor(kind).verb_place
    if hook is not None:
        return bool(hook(tuple(path), part, data))
    f = get(kind)
    if f is None:
        return None
    return bool(f.verb_place and f.verb_place(tuple(path))) and part != "key"


def dependencies(path: str) -> tuple:
    """The names of the files besides ``path`` that a lint of it reads the existence of."""
    f = get(kind_by_name(path))
    return tuple(f.depends_on(path)) if f is not None and f.depends_on is not None else ()


def security_advice(kind: str | None, default: str) -> str:
    """The advice a security finding on a document of ``kind`` ends with."""
    f = get(kind)
    return f.security_advice if f is not None and f.security_advice else default


def in_purpose(kind: str | None, code: str, text: str = "", start: int = 0, end: int = 0) -> bool:
    """Whether a security hit of ``code`` on ``text[start:end]`` lies inside the purpose of a
    document of ``kind`` (``FormatKind.in_purpose``); False for kinds that declare no purpose."""
    f = get(kind)
    return f is not None and f.in_purpose is not None and f.in_purpose(code, text, start, end)


def prose_fields(kind: str | None, doc) -> list:
    """(path, text) of every prose field of a document of this kind (descriptions, intents)."""
    f = get(kind)
    if f is None or f.prose is None:
        return []
    return [(p, t) for p, t in f.prose(f.view(doc)) if isinstance(t, str) and t.strip()]
