"""Rule registration by decorator; rule documentation parsed from docstrings."""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

_RULES: dict[str, "Rule"] = {}
_LOADED = False

KINDS = ("agis", "agtp-endpoint", "agtp-server", "agtp-recipes", "agtp-manifest", "agtp-catalog",
         "any")


def _known_kinds() -> tuple:
    from ..formats.registry import kind_names
    return KINDS + kind_names()
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
    doc: str
    semantic: bool = False        # needs the model (pass 3 model verdicts, pass 6)
    scope: str = "document"       # "document" | "deployment" (cross-file)
    spec: str = ""                # spec section references, e.g. "AGIS §4.1(b)"
    sections: dict = field(default_factory=dict)

    @property
    def summary(self) -> str:
        first = self.doc.strip().splitlines()[0] if self.doc.strip() else self.name
        return first.strip()

    def render_markdown(self) -> str:
        pass_text = f"pass {self.pass_no}" if self.pass_no else "document"
        head = f"# {self.code} {self.name}\n\n*{pass_text}; applies to {', '.join(self.kinds)}"
        if self.spec:
            head += f"; spec: {self.spec}"
        return head + "*\n\n" + inspect.cleandoc(self.doc) + "\n"


def rule(code: str, name: str, *, pass_no: int | None, kinds: Iterable[str] = ("agis",),
         semantic: bool = False, scope: str = "document", spec: str = "") -> Callable:
    """Register a rule function ``check(ctx) -> Iterable[Finding]``.

    The function's docstring is the rule's documentation (markdown with the
    sections of :data:`SECTIONS`); ``agis-lint rule CODE``, hovers and
    diagnostic links all render from it.
    """
    if not _CODE.match(code):
        raise ValueError(f"bad rule code {code!r}")
    if not _NAME.match(name):
        raise ValueError(f"rule name must be kebab-case: {name!r}")
    kinds = tuple(kinds)
    for k in kinds:
        if k not in _known_kinds():
            raise ValueError(f"unknown document kind {k!r} for {code}")

    def register(fn: Callable) -> Callable:
        if code in _RULES and _RULES[code].check is not fn:
            raise ValueError(f"duplicate rule code {code}")
        doc = inspect.cleandoc(fn.__doc__ or "")
        _RULES[code] = Rule(code, name, pass_no, kinds, fn, doc, semantic, scope, spec,
                            parse_sections(doc))
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


def load_all() -> None:
    """Import every module under ``agis_lsp.rules`` so their decorators run."""
    global _LOADED
    if _LOADED:
        return
    import agis_lsp.rules as pkg
    for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(mod.name)
    _LOADED = True


def all_rules() -> list[Rule]:
    load_all()
    return sorted(_RULES.values(), key=lambda r: (r.code[:4], r.code))


def get_rule(code_or_name: str) -> Rule | None:
    load_all()
    key = code_or_name.strip()
    if key.upper() in _RULES:
        return _RULES[key.upper()]
    for r in _RULES.values():
        if r.name == key.lower():
            return r
    return None


def rules_for(kind: str, scope: str = "document") -> list[Rule]:
    return [r for r in all_rules() if r.scope == scope and (kind in r.kinds or "any" in r.kinds)]
