"""What a rule sees: the document, its typed view, configuration, services, and the facts
rules share (:mod:`.facts`)."""
from __future__ import annotations

from functools import cached_property
from typing import Any, TypeVar

from ..document import Document
from .config import Config
from .facts import Fact

T = TypeVar("T")


class SemanticSkipped(Exception):
    """Raised by :meth:`LintContext.model` when the semantic passes are off."""


class LintContext:
    """No ad-hoc attributes: what rules share is a declared fact (``ctx.fact(F)``, :mod:`.facts`;
    ``tests/test_facts.py`` rejects the old private-attribute caches in every module)."""

    def __init__(self, doc: Document, kind: str, config: Config, *, semantic: bool = False,
                 deployment: Any = None, catalog: Any = None, model: Any = None,
                 focus: frozenset | None = None, frame_reads: set | None = None,
                 kept: Any = None) -> None:
        self.doc = doc
        self.focus = focus           # endpoint indices a per-endpoint rule looks at (None: all)
        self.frame_reads = frame_reads  # top-level keys read through ctx.data (engine.frame); None: not recorded
        self.kept = kept             # engine.incremental_facts.Kept: per-endpoint values across versions
        self.kind = kind
        self.config = config
        self.semantic = semantic
        self._deployment = deployment
        self.touched = False         # the deployment was read (engine.runner records it per rule)
        self._catalog = catalog
        self._model = model          # a ModelProvider (engine.linter); None: the process default
        self._facts: dict = {}       # Fact -> its value for this lint

    def fact(self, fact: Fact[T]) -> T:
        """The value of a declared fact (:mod:`.facts`), computed on first use in this lint."""
        try:
            return self._facts[fact]
        except KeyError:
            value = self._facts[fact] = fact.compute(self)
            return value

    def has_fact(self, fact: Fact) -> bool:
        """Whether ``fact`` was already computed in this lint (its texts need no embedding)."""
        return fact in self._facts

    @property
    def deployment(self) -> Any:
        """The AGTP deployment of the document (None outside one). Reading it marks the rule
        that does as a cross-file rule for this document: when only a sibling changes, the
        server re-runs those alone (``Linter.mechanical(previous=)``)."""
        self.touched = True
        return self._deployment

    @cached_property
    def data(self) -> Any:
        """The document's data; while the frame reads are recorded, its top-level mapping is
        a :class:`~agis_lsp.engine.frame.FrameRoot` that notes the keys read."""
        if self.frame_reads is not None and isinstance(self.doc.data, dict):
            from .frame import FrameRoot
            return FrameRoot(self.doc.data, self.frame_reads)
        return self.doc.data

    @cached_property
    def view(self):
        from ..formats.registry import lint_view
        return lint_view(self.kind, self.doc, self.focus, lambda: self.data)

    @property
    def level(self) -> int:
        return self.config.level

    @property
    def catalog(self):
        if self._catalog is None:
            from ..catalog import load_catalog
            self._catalog = load_catalog(self.config.catalog)
        return self._catalog

    @property
    def catalog_names(self) -> frozenset:
        """The catalog's method names: method facts (``formats.agis_methods.analyse``) are
        cached per name *and* catalog, so a custom catalog's verbs are verbs. One set per
        catalog object (``Catalog.method_names``), so a cache hit compares the set by
        identity, not element by element."""
        return self.catalog.method_names

    def model(self):
        """The semantic model; raises SemanticSkipped (with the reason) when unavailable."""
        if not self.semantic:
            raise SemanticSkipped("semantic passes disabled")
        from ..semantic import SemanticUnavailable
        try:
            if self._model is not None:
                return self._model.get()
            from ..semantic import get_model
            return get_model()
        except SemanticUnavailable as exc:
            raise SemanticSkipped(str(exc)) from None
