"""Views over ``agtp-server.toml``: the server block, the policy toggles and the method policy
(``[policies.methods]``, AGTP-API section 9; a manifest's ``policies.methods`` reads the same)."""
from __future__ import annotations

from typing import Any

from ...document import Document
from .._common import as_dict, as_list
from .vocabulary import LEGACY_VERBS


class PolicyView:
    """``[policies]`` (toggles) and ``[policies.methods]`` (the method policy of section 9)."""

    def __init__(self, doc: Document, base: tuple = ("policies",)) -> None:
        self.doc = doc
        self.base = base
        self.block = as_dict(doc.get(base))
        self.methods_path = base + ("methods",)
        self.methods = as_dict(self.block.get("methods"))

    @property
    def present(self) -> bool:
        return bool(self.methods)

    @property
    def allow(self) -> Any:
        return self.methods.get("allow", "*")

    @property
    def allow_all(self) -> bool:
        return self.allow == "*"

    @property
    def allow_list(self) -> list:
        return [m for m in as_list(self.allow) if isinstance(m, str)]

    @property
    def disallow(self) -> list:
        return [m for m in as_list(self.methods.get("disallow")) if isinstance(m, str)]

    @property
    def legacy_enabled(self) -> set:
        raw = self.methods.get("legacy", "NONE")
        if isinstance(raw, str):
            return set(LEGACY_VERBS) if raw.strip() == "*" else set()
        return {m.strip().upper() for m in as_list(raw) if isinstance(m, str)
                and m.strip().upper() in LEGACY_VERBS}

    @property
    def redirects(self) -> list:
        return as_list(self.methods.get("redirects"))

    @property
    def aliases(self) -> dict:
        return as_dict(self.methods.get("aliases"))

    def custom_methods(self, catalog) -> set:
        """Non-catalog names an allow list declares (section 3.3)."""
        return {m.upper() for m in self.allow_list if m.upper() not in catalog
                and m.upper() not in LEGACY_VERBS}

    def refusal(self, method: str, catalog) -> str | None:
        """Why the policy answers 405 for ``method`` (None when it admits it).

        Floor (embedded) methods bypass the policy gate, as in the reference server.
        """
        m = method.upper()
        if m in catalog.embedded:
            return None
        if m in {d.upper() for d in self.disallow}:
            return "it is listed in policies.methods.disallow"
        if m in self.legacy_enabled:
            return None
        if self.allow_all:
            return None
        if m not in {a.upper() for a in self.allow_list}:
            return "policies.methods.allow is a list that does not name it"
        return None


class ServerView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}
        self.policies = PolicyView(doc, ("policies",))

    @property
    def server(self) -> dict | None:
        s = self.data.get("server")
        return s if isinstance(s, dict) else None
