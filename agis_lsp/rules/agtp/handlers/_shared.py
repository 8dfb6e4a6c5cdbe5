"""What the handler rules share: the old key names, the walk over bindings, the fixes that declare errors."""
from __future__ import annotations

from ....engine.findings import AddKey, Append, Fix, SetValue

ENDPOINT = ("agtp-endpoint",)
OLD_KEYS = {"input_map": "input_transform", "output_map": "output_transform"}


def handler_bindings(ctx, kind=None):
    for ep in ctx.view.endpoints:
        h = ep.handler
        if h is None:
            continue
        t = ep.handler_type
        if kind is None or t == kind:
            yield ep, h, ep.handler_path


def external_headers(h: dict, base: tuple):
    """An external-service binding's header values that are strings: (path, name, value)."""
    headers = h.get("headers")
    if isinstance(headers, dict):
        for name, value in headers.items():
            if isinstance(value, str):
                yield base + ("headers", name), name, value


def reference_value(h: dict, key: str):
    """The binding's reference field, falling back to the older ``reference`` key."""
    if key in h:
        return key, h[key]
    if "reference" in h:
        return "reference", h["reference"]
    return None, None


def declare_errors_fix(ep, names: list, title: str):
    errs = ep.errors
    if errs is None:
        if "errors" in ep.body:
            return []
        return [Fix(title, True, [AddKey(ep.base, "errors", names)])]
    if len(names) == 1:
        return [Fix(title, True, [Append(ep.errors_path, names[0])])]
    return [Fix(title, True, [SetValue(ep.errors_path, list(errs) + names)])]
