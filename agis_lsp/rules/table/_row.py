"""One row of the rule table (:mod:`agis_lsp.rules.table`)."""
from __future__ import annotations

from dataclasses import dataclass

STATUSES = ("stable", "preview")


@dataclass(frozen=True, slots=True)
class R:
    """A rule as the engine knows it before importing it.

    ``module`` is the rules module (below ``agis_lsp.rules``) whose import registers the rule;
    ``kinds`` the document kinds it runs on (``"any"``: every kind); ``pass_no`` its
    validation pass (None: document level). Flags: ``per_endpoint`` (findings on
    ``endpoints[i]`` depend on that endpoint and the frame only), ``shared_only`` (and on the
    facts all endpoints share; implies per_endpoint), ``semantic`` (needs the model),
    ``scope`` ("document" or "deployment"), ``detector`` (a security rule whose text detector
    the security scan runs), ``generated`` (the module of the helper that builds the check and
    its documentation, e.g. the three structure rules every format gets), ``status``
    ("stable", or "preview": listed and documented as such).
    """
    code: str
    name: str
    module: str
    kinds: tuple = ("agis",)
    pass_no: int | None = None
    per_endpoint: bool = False
    shared_only: bool = False
    semantic: bool = False
    scope: str = "document"
    detector: bool = False
    generated: str = ""
    status: str = "stable"

    @property
    def endpoint_local(self) -> bool:
        """The ``per_endpoint`` the engine uses: ``shared_only`` implies it."""
        return self.per_endpoint or self.shared_only

    @property
    def import_name(self) -> str:
        return "agis_lsp.rules." + self.module
