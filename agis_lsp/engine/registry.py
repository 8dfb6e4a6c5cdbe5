"""The rules the engine knows: the rule table (``agis_lsp.rules.table``) says which rules
exist and where, the ``@rule`` decorator binds each code to its check function; rule
documentation is parsed from the check's docstring."""
from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable

_RULES: dict[str, "Rule"] = {}
_LOADED = False
_DECLARED: dict[str, dict] = {}   # code -> what its decorator said beyond spec & hooks (tests/test_rule_table.py)
_FROM_TABLE = object()            # @rule(...) left it to the rule table
_PARTS: dict[str, dict] = {}      # part name -> {code: value} (the security scan's detectors)

TABLE_PACKAGE = "agis_lsp.rules.table"   # imported by name: the engine sits below the rules

KINDS = ("agis", "agtp-endpoint", "agtp-server", "agtp-recipes", "agtp-manifest", "agtp-catalog",
         "any")


def _known_kinds() -> tuple:
    from ..formats.registry import kind_names
    return KINDS + kind_names()
CONVENTIONS = ("", "agis")        # "" = the format's own rule
MODEL_ENCODERS = ("encoder", "security")   # Rule.model_encoder: SemanticModel.encoder_for
_CODE = re.compile(r"^[A-Z]{4}[0-9]{3}$")
_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety")


@dataclass
class Rule:
    code: str
    name: str
    pass_no: int | None
    kinds: tuple
    check: Callable
    docstring: str                # as written; ``doc`` and ``sections`` derive from it on first use
    semantic: bool = False        # needs the model (pass 3 model verdicts, pass 6)
    scope: str = "document"       # "document" | "deployment" (cross-file)
    spec: str = ""                # spec section references, e.g. "AGIS §4.1(b)"
    needs_model: Callable | None = None   # semantic rules: ctx -> bool, False = nothing to judge here
    model_texts: Callable | None = None   # semantic rules: (ctx, model) -> the texts the rule will
                                          # embed, embedded for the whole document at once first
    model_encoder: str = "encoder"        # which encoder reads ``model_texts``: "encoder"
                                          # (encoder.onnx) or "security" (scope.onnx when shipped)
    superseded_by: tuple = ()     # passes (int) or rule codes (str) whose finding on a restated path
                                  # makes this one a consequence
    per_endpoint: bool = False    # findings on endpoints[i] depend on that endpoint and the frame
                                  # only (engine.incremental re-checks changed endpoints alone)
    shared_only: bool = False     # per_endpoint, and its findings depend on the frame and the
                                  # shared facts only: never re-run while those stay the same
    convention: str = ""          # "agis": an AGIS convention (naming opinion), not the checked
                                  # format's own requirement; on formats that do not adopt AGIS its
                                  # default severity is information (engine.config.Config.severity_for)
    status: str = "stable"        # the rule table's: "stable" or "preview"
    visits: str = ""              # the node kind the rule visits ("endpoint", "tool"...; engine.walk);
                                  # "": a whole-document check
    visit: Callable | None = None  # with ``visits``: the visitor ``(ctx, node) -> findings``; ``check``
                                   # then runs it over every node (outside the runner's walk)

    # A lint reads neither: cleaning and splitting ~90 docstrings at registration was ~5% of
    # a terminal run on one small file.
    @cached_property
    def doc(self) -> str:
        return inspect.cleandoc(self.docstring or "")

    @cached_property
    def sections(self) -> dict:
        return parse_sections(self.doc)

    @property
    def summary(self) -> str:
        first = self.doc.strip().splitlines()[0] if self.doc.strip() else self.name
        return first.strip()

    def render_markdown(self) -> str:
        pass_text = f"pass {self.pass_no}" if self.pass_no else "document"
        head = f"# {self.code} {self.name}\n\n*{pass_text}; applies to {', '.join(self.kinds)}"
        if self.spec:
            head += f"; spec: {self.spec}"
        if self.convention == "agis":
            head += ("; an AGIS convention: information on formats whose own spec does not ask for it "
                     "(MCP, A2T, ADP, AINP) unless the configuration adopts it (`conventions = \"agis\"`)")
        return head + "*\n\n" + inspect.cleandoc(self.doc) + "\n"


def rule(code: str, name: str | None = None, *, pass_no=_FROM_TABLE, kinds=_FROM_TABLE,
         semantic=_FROM_TABLE, scope=_FROM_TABLE, spec: str = "",
         needs_model: Callable | None = None, superseded_by: Iterable[int | str] = (),
         per_endpoint=_FROM_TABLE, shared_only=_FROM_TABLE, convention: str = "",
         model_texts: Callable | None = None, model_encoder: str = "encoder",
         visits: str = "") -> Callable:
    """Register a rule function ``check(ctx) -> Iterable[Finding]``.

    What the rule table (:mod:`agis_lsp.rules.table`) holds (name, pass, kinds, semantic,
    scope, per_endpoint, shared_only) is said there only: ``@rule("AGIS301", spec=...)``.
    A code the table lacks (a test's own rule) must say its name, and may say the rest;
    a rule that says one of those for a code in the table must agree with its row.

    ``visits`` (a node kind the document's format declares: ``"endpoint"``, ``"tool"``...)
    registers a visitor ``check(ctx, node) -> Iterable[Finding] | None`` instead: the engine
    walks the document's nodes once and calls every visitor of a node's kind on it
    (:mod:`agis_lsp.engine.walk`; docs/writing-rules.md, "Visiting nodes").

    The function's docstring is the rule's documentation (markdown with the
    sections of :data:`SECTIONS`); ``agis-lint rule CODE``, hovers and
    diagnostic links all render from it.

    ``superseded_by`` names the passes (numbers) or rules (codes) whose findings
    make this rule's finding a consequence rather than a mistake of its own: when
    a finding of one of those lies on a path this rule's finding restates (its own path, or
    ``Finding.restates``), the engine folds it into that primary diagnostic's
    related information (see :mod:`agis_lsp.engine.consequences`).

    ``per_endpoint`` says the rule's findings on ``endpoints[i]`` depend only on that
    endpoint and on the document outside the endpoints list, and its other findings only on
    the latter: the server then re-checks only the endpoints an edit changed
    (:mod:`agis_lsp.engine.incremental`; ``tests/rules/test_per_endpoint.py`` holds the rule to it).
    ``shared_only`` says more: the findings depend only on that outside part and on the
    facts every endpoint shares (``engine.incremental.shared_facts``: methods, paths, MCP
    tool names), so while those are unchanged the rule is not run again at all.

    ``model_texts(ctx, model)`` (semantic rules) names the texts the rule will embed: the
    engine embeds every such text of a document in one batched pass before the semantic rules
    run (``engine.runner``), and the rules then find their vectors ready; a text it leaves
    out is still embedded when the rule asks, so the hook changes speed, never a verdict.
    ``model_encoder`` names the encoder the rule embeds them with (``SemanticModel.encoder_for``):
    ``"encoder"`` (encoder.onnx, the default) or ``"security"`` (the security head's: scope.onnx
    when the model directory has it, else encoder.onnx). Each text is embedded once per encoder
    that will read it.

    ``convention="agis"`` says the rule applies one of AGIS's own opinions (verb-first
    names, AGIS §4) to a document: on a format whose own specification does not ask for
    them (``FormatKind.agis_conventions`` false: MCP, A2T, ADP, AINP) the rule's default
    severity drops to information unless the project adopts AGIS's conventions
    (``conventions = "agis"`` in the configuration; see docs/formats.md).
    """
    if not _CODE.match(code):
        raise ValueError(f"bad rule code {code!r}")
    if name is not None and not _NAME.match(name):
        raise ValueError(f"rule name must be kebab-case: {name!r}")
    said = {k: v for k, v in dict(name=name, pass_no=pass_no, kinds=kinds, semantic=semantic,
                                  scope=scope, per_endpoint=per_endpoint,
                                  shared_only=shared_only).items()
            if v is not _FROM_TABLE and (v is not None or k == "pass_no")}
    if "kinds" in said:
        said["kinds"] = tuple(said["kinds"])
    row = table().get(code)
    if row is None and name is None:
        raise ValueError(f"rule {code} is not in the rule table: give its name (and pass_no)")
    kinds = said.get("kinds", row.kinds if row else ("agis",))
    if model_encoder not in MODEL_ENCODERS:
        raise ValueError(f"unknown model encoder {model_encoder!r} for {code}")
    if convention not in CONVENTIONS:
        raise ValueError(f"unknown convention {convention!r} for {code}")
    for k in kinds:
        if k not in _known_kinds():
            raise ValueError(f"unknown document kind {k!r} for {code}")

    if row is not None:
        facts = dict(name=row.name, pass_no=row.pass_no, kinds=row.kinds, semantic=row.semantic,
                     scope=row.scope, per_endpoint=row.endpoint_local, shared_only=row.shared_only)
        if "per_endpoint" in said:
            said["per_endpoint"] = said["per_endpoint"] or said.get("shared_only", False)
        wrong = {k: v for k, v in said.items() if facts[k] != v}
        if wrong:
            raise ValueError(f"rule {code} says {wrong}, its row in the rule table says otherwise")
    else:
        shared = bool(said.get("shared_only", False))
        facts = dict(name=name, pass_no=said.get("pass_no"), kinds=kinds,
                     semantic=bool(said.get("semantic", False)), scope=said.get("scope", "document"),
                     per_endpoint=bool(said.get("per_endpoint", False)) or shared, shared_only=shared)

    def register(fn: Callable) -> Callable:
        if code in _RULES and _RULES[code].check is not fn:
            raise ValueError(f"duplicate rule code {code}")
        _DECLARED[code] = dict(said, module=fn.__module__)
        check = fn
        if visits:
            from .walk import whole_document
            check = whole_document(visits, fn)
        _RULES[code] = Rule(code, facts["name"], facts["pass_no"], facts["kinds"], check, fn.__doc__ or "",
                            facts["semantic"], facts["scope"], spec, needs_model=needs_model,
                            superseded_by=tuple(superseded_by), per_endpoint=facts["per_endpoint"],
                            shared_only=facts["shared_only"], convention=convention,
                            status=row.status if row else "stable",
                            model_texts=model_texts, model_encoder=model_encoder, visits=visits,
                            visit=fn if visits else None)
        fn.rule_code = code
        return fn

    return register


def parse_sections(doc: str) -> dict:
    sections: dict[str, str] = {}
    current = "summary"
    buf: list[str] = []
    for line in doc.splitlines():
        m = re.match(r"^##\s+(.*?)\s*$", line)
        if m:
            sections[current] = "\n".join(buf).strip()
            current, buf = m.group(1), []
        else:
            buf.append(line)
    sections[current] = "\n".join(buf).strip()
    return sections


def table() -> dict:
    """code -> row of the rule table (:mod:`agis_lsp.rules.table`)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = importlib.import_module(TABLE_PACKAGE).BY_CODE
    return _TABLE


def table_rows() -> list[dict]:
    """The rule table as plain data, in code order, each row with its default severity
    (``agis-lint rules --format json``)."""
    from dataclasses import asdict

    from .config import default_severities
    severities = default_severities()
    out = []
    for row in sorted(table().values(), key=lambda r: (r.code[:4], r.code)):
        d = asdict(row)
        d["kinds"] = list(row.kinds)
        d["per_endpoint"] = row.endpoint_local
        d["module"] = row.import_name
        sev = severities.get(row.code)
        d["severity"] = "off" if sev is None else sev.label
        out.append(d)
    return out


_TABLE: dict | None = None
_IMPORTED: set = set()


def _load_modules(modules) -> None:
    for name in modules:
        if name not in _IMPORTED:
            importlib.import_module(name)
            _IMPORTED.add(name)


def load_all() -> None:
    """Import every rules module the rule table names, so their decorators run."""
    global _LOADED
    if _LOADED:
        return
    _load_modules(sorted({row.import_name for row in table().values()}))
    _LOADED = True


def all_rules() -> list[Rule]:
    load_all()
    return sorted(_RULES.values(), key=lambda r: (r.code[:4], r.code))


def get_rule(code_or_name: str) -> Rule | None:
    """A rule by code or kebab-case name; imports only its module when the table has it."""
    key = code_or_name.strip()
    row = table().get(key.upper())
    if row is None:
        row = importlib.import_module(TABLE_PACKAGE).BY_NAME.get(key.lower())
    if row is not None:
        _load_modules([row.import_name])
        if row.code in _RULES:
            return _RULES[row.code]
    if key.upper() in _RULES:
        return _RULES[key.upper()]
    for r in _RULES.values():
        if r.name == key.lower():
            return r
    return None


def rules_for(kind: str, scope: str = "document") -> list[Rule]:
    """The rules for one kind of document, in code order. Only the rule modules the rule
    table names for ``kind`` (or for any kind) are imported."""
    key = (kind, scope)
    hit = _FOR_KIND.get(key)
    if hit is not None and hit[0] == len(_RULES):
        return list(hit[1])
    if not _LOADED:
        _load_modules(sorted({row.import_name for row in table().values()
                              if kind in row.kinds or "any" in row.kinds}))
    rules = sorted(_RULES.values(), key=lambda r: (r.code[:4], r.code))
    out = [r for r in rules if r.scope == scope and (kind in r.kinds or "any" in r.kinds)]
    _FOR_KIND[key] = (len(_RULES), out)
    return list(out)


# rules_for's answers, each valid while no rule is registered since
# (a batch asks once per file: sorting ~100 rules and importing the kind's modules again
# were a tenth of a small file's lint)
_FOR_KIND: dict = {}


def attach(code: str, part: str, value) -> None:
    """Attach a named part to rule ``code`` (the security scan's detector: ``rules.security._scan``)."""
    _PARTS.setdefault(part, {})[code] = value


def parts(part: str, modules_flag: str | None = None) -> dict:
    """code -> the attached ``part`` of every rule; with ``modules_flag``, first imports the
    modules of the table's rows that have that flag set (``"detector"``)."""
    if modules_flag and modules_flag not in _FLAGS_LOADED:
        _load_modules(sorted({row.import_name for row in table().values() if getattr(row, modules_flag)}))
        _FLAGS_LOADED.add(modules_flag)
    return _PARTS.get(part, {})


_FLAGS_LOADED: set = set()   # the flags whose rows' modules parts() has imported


def rule_url(base_url: str, code: str) -> str:
    """Where a rule's page lives on the documentation site.

    The site (``mkdocs.yml``, ``python scripts/build_docs.py``) publishes one page a
    rule at ``rules/CODE.html``; a base URL names where the site is served. A base
    URL that holds ``{code}`` is a template instead (``https://example.org/agis/{code}``).
    The editor's ``agis.docsBaseUrl`` and ``agis-lint check --docs-base-url`` (SARIF
    ``helpUri``) both go through here.
    """
    base = base_url.strip()
    if "{code}" in base:
        return base.replace("{code}", code)
    return base.rstrip("/") + f"/rules/{code}.html"
