"""Catalog JSON text -> :class:`Catalog`, with positioned errors for a wrong shape."""
from __future__ import annotations

import re
from types import MappingProxyType

from .parsed import Catalog, CatalogError, MethodTable

_METHOD_NAME = re.compile(r"^[A-Z]+$")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def _locate(text: str, keys: tuple[str, ...]) -> tuple[int | None, int | None]:
    """Best-effort position of the member ``keys[-1]`` nested under ``keys[:-1]``.

    Walks forward through the text finding each ``"key":`` in turn, which is
    exact for the usual one-object-per-key catalog layout and a fair pointer
    otherwise.
    """
    import json
    pos = 0
    found = None
    for key in keys:
        pattern = re.compile(r'"' + re.escape(json.dumps(key)[1:-1]) + r'"\s*:')
        m = pattern.search(text, pos)
        if m is None:
            break
        found = m.start()
        pos = m.end()
    if found is None:
        return None, None
    return _line_col(text, found)


class _Parser:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source

    def fail(self, message: str, *keys: str) -> CatalogError:
        line, col = _locate(self.text, keys) if keys else (None, None)
        if line is None:
            line, col = 1, 1
        return CatalogError(message, line, col, self.source)

    def _opt_str(self, obj: dict, key: str, *where: str) -> str | None:
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{'.'.join(where + (key,))} must be a non-empty string", *where, key)
        return value.strip()

    def parse(self) -> Catalog:
        import json  # (here: a run that reads the catalog's kept form parses no JSON)
        try:
            data = json.loads(self.text)
        except json.JSONDecodeError as exc:
            raise CatalogError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno, self.source) from None
        if not isinstance(data, dict):
            raise CatalogError("a catalog must be a JSON object", 1, 1, self.source)

        version = data.get("version")
        if not isinstance(version, str) or not version.strip():
            raise self.fail('"version" must be a non-empty string', "version")

        methods = self._methods(data)
        embedded = self._embedded(data)
        legacy, legacy_desc = self._legacy(data)
        categories = self._categories(data)

        return Catalog(
            version=version.strip(),
            methods=MethodTable(methods),
            embedded=frozenset(embedded),
            legacy=MappingProxyType(legacy),
            legacy_descriptions=MappingProxyType(legacy_desc),
            categories=MappingProxyType(categories),
            source=self.source,
        )

    def _methods(self, data: dict) -> dict[str, tuple]:
        """name -> ``(categories, description, deprecated_in, removed_in, successor)``, the
        arguments of its :class:`MethodInfo` after the name (see ``MethodTable``)."""
        if "methods" not in data:
            raise CatalogError('missing "methods" object', 1, 1, self.source)
        raw = data["methods"]
        # The draft's section 4.2 example shows verbs as objects with a
        # "name"; accept a list of those as well as the name-keyed object.
        if isinstance(raw, list):
            items = []
            for i, entry in enumerate(raw):
                if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                    raise self.fail(f"methods[{i}] must be an object with a string \"name\"", "methods")
                items.append((entry["name"], entry))
        elif isinstance(raw, dict):
            items = list(raw.items())
        else:
            raise self.fail('"methods" must be an object mapping verb names to entries', "methods")

        out: dict[str, tuple] = {}
        for name, entry in items:
            if not _METHOD_NAME.match(name):
                raise self.fail(
                    f"method name {name!r} must be uppercase letters A-Z only", "methods", name
                )
            if name in out:
                raise self.fail(f"method {name} is listed twice", "methods", name)
            if not isinstance(entry, dict):
                raise self.fail(f"methods.{name} must be an object", "methods", name)
            cats = entry.get("categories")
            if cats is None and isinstance(entry.get("category"), str):
                cats = [entry["category"]]
            if cats is None:
                cats = []
            if not isinstance(cats, list) or not all(isinstance(c, str) and c for c in cats):
                raise self.fail(
                    f"methods.{name}.categories must be a list of strings", "methods", name, "categories"
                )
            desc = entry.get("description", "")
            if not isinstance(desc, str):
                raise self.fail(
                    f"methods.{name}.description must be a string", "methods", name, "description"
                )
            successor = self._opt_str(entry, "successor", "methods", name)
            if successor is not None:
                successor = successor.upper()
            out[name] = (tuple(cats), desc.strip(), self._opt_str(entry, "deprecated_in", "methods", name),
                         self._opt_str(entry, "removed_in", "methods", name), successor)
        return out

    def _embedded(self, data: dict) -> list[str]:
        raw = data.get("embedded", [])
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self.fail('"embedded" must be a list of verb names', "embedded")
        return [x.strip().upper() for x in raw]

    def _legacy(self, data: dict) -> tuple[dict[str, str], dict[str, str]]:
        raw = data.get("legacy", {})
        if not isinstance(raw, dict):
            raise self.fail('"legacy" must be an object', "legacy")
        pref: dict[str, str] = {}
        desc: dict[str, str] = {}
        for name, entry in raw.items():
            key = name.strip().upper()
            if isinstance(entry, str):  # shorthand: "GET": "FETCH"
                pref[key] = entry.strip().upper()
                desc[key] = ""
                continue
            if not isinstance(entry, dict) or not isinstance(entry.get("preferred"), str):
                raise self.fail(
                    f'legacy.{name} must be an object with a string "preferred"', "legacy", name
                )
            d = entry.get("description", "")
            if not isinstance(d, str):
                raise self.fail(f"legacy.{name}.description must be a string", "legacy", name)
            pref[key] = entry["preferred"].strip().upper()
            desc[key] = d.strip()
        return pref, desc

    def _categories(self, data: dict) -> dict[str, str]:
        raw = data.get("categories", {})
        if isinstance(raw, list) and all(isinstance(c, str) for c in raw):
            return {c: "" for c in raw}
        if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
            raise self.fail('"categories" must map category names to descriptions', "categories")
        return {k: v.strip() for k, v in raw.items()}


def parse_catalog(text: str, source: str = "<string>") -> Catalog:
    """Parse catalog JSON text (no caching)."""
    return _Parser(text, source).parse()
