"""YAML for the tests, on ruamel.yaml (the project's YAML library; PyYAML is not a dependency)."""
from __future__ import annotations

from io import StringIO

from ruamel.yaml import YAML


def load(text):
    """Plain data (safe, YAML 1.2; a duplicate key keeps its first value). libyaml first
    (ruamel.yaml.clib); where its libyaml 0.1.7 refuses YAML 1.2 (``:`` or ``?`` in a flow plain
    scalar), ruamel's pure-Python parser, which also gives the error of a broken text."""
    if hasattr(text, "read"):
        text = text.read()
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    for pure in (False, True):
        y = YAML(typ="safe", pure=pure)
        y.allow_duplicate_keys = True
        try:
            return y.load(text)
        except Exception:  # noqa: BLE001 - read again in pure Python, which raises for broken text
            if pure:
                raise


def dump(data) -> str:
    """Block-style YAML of ``data``, keys in their order, non-ASCII as is, no line folding."""
    y = YAML(typ="safe")
    y.default_flow_style = False
    y.allow_unicode = True
    y.width = 10000
    y.sort_base_mapping_type_on_output = False
    out = StringIO()
    y.dump(data, out)
    return out.getvalue()
