"""Views over the AGTP-API JSON files: the server manifest (section 8) and a method catalog (section 3.1)."""
from __future__ import annotations

from ...document import Document
from .._common import as_dict, as_list
from .endpoints import EndpointView
from .server import PolicyView


class ManifestView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}
        self.policies = PolicyView(doc, ("policies",))
        self.endpoints = [EndpointView(doc, ("endpoints", i), item, "manifest", i)
                          for i, item in enumerate(as_list(self.data.get("endpoints")))
                          if isinstance(item, dict)]

    def custom_methods(self, catalog) -> set:
        out = set(self.policies.custom_methods(catalog))
        for item in as_list(self.data.get("custom_methods")):
            name = item if isinstance(item, str) else (
                as_dict(item).get("name") or as_dict(item).get("method"))
            if isinstance(name, str):
                out.add(name.upper())
        return out


class CatalogView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}

    @property
    def methods(self) -> dict:
        """name -> (path of the entry, entry) for both the keyed and the list form."""
        raw = self.data.get("methods")
        out: dict = {}
        if isinstance(raw, dict):
            for k, v in raw.items():
                out.setdefault(k, (("methods", k), v))
        elif isinstance(raw, list):
            for i, v in enumerate(raw):
                if isinstance(v, dict) and isinstance(v.get("name"), str):
                    out.setdefault(v["name"], (("methods", i), v))
        return out
