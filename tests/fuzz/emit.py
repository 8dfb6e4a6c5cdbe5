"""Write a data tree as YAML, JSON or TOML text in randomly chosen styles.

Not a serialiser to rely on: every style decision (block or flow, quoting, comments,
anchors and aliases, merge keys, tags, explicit keys, CRLF, BOM, tabs) is drawn from
``rnd`` so that the same tree reaches the parsers in many spellings, some of them
invalid on purpose (a tab in indentation, a trailing comma, a duplicate key).
"""
from __future__ import annotations

import json
import math
import random
import re

_PLAIN = re.compile(r"[A-Za-z_/][A-Za-z0-9_ ./{}-]*[A-Za-z0-9_./}]?\Z")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
TAGS = ["!!str", "!!int", "!!python/object:os.system", "!!python/object/apply:os.system",
        "!!binary", "!!set", "!!omap", "!custom", "!!float", "!<tag:yaml.org,2002:str>"]


class Style:
    """The knobs of one emission (drawn once per document)."""

    def __init__(self, rnd: random.Random, wild: float) -> None:
        self.rnd = rnd
        self.wild = wild                    # probability of each oddity
        self.comments = rnd.random() < 0.5
        self.flow_bias = rnd.random()
        self.anchors: list[str] = []

    def odd(self, scale: float = 1.0) -> bool:
        return self.rnd.random() < self.wild * scale


# -- YAML -----------------------------------------------------------------------------------------

def yaml_scalar(value, st: Style, key: bool = False) -> str:
    rnd = st.rnd
    if value is None:
        return rnd.choice(["null", "~", ""]) if not key else "null"
    if isinstance(value, bool):
        return rnd.choice(["true", "false"]) if st.odd(0.1) else ("true" if value else "false")
    if isinstance(value, (int, float)):
        if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
            return rnd.choice([".nan", ".inf", "-.inf", ".NaN"])
        return repr(value)
    s = str(value)
    style = rnd.random()
    if _PLAIN.match(s) and s.lower() not in _YAML_WORDS and style < 0.5:
        return s
    if not key and "\n" in s and style < 0.8 and s.strip() and not s[0].isspace():
        return "|" + rnd.choice(["", "-", "+"]) + "\n" + "\n".join(s.split("\n"))
    if not key and style > 0.95 and "\n" not in s:
        return ">\n  " + s
    if style < 0.7 and "'" not in s and "\n" not in s and not any(ord(c) < 32 for c in s):
        return "'" + s + "'"
    return json.dumps(s, ensure_ascii=rnd.random() < 0.3)


def _yaml_prefix(st: Style) -> str:
    out = []
    if st.odd(0.3):
        out.append(st.rnd.choice(TAGS))
    if st.odd(0.3):
        name = f"a{len(st.anchors)}"
        st.anchors.append(name)
        out.append("&" + name)
    return " ".join(out)


def yaml_flow(node, st: Style) -> str:
    rnd = st.rnd
    if st.anchors and st.odd(0.15):
        return "*" + rnd.choice(st.anchors)
    pre = _yaml_prefix(st)
    pre = pre + " " if pre else ""
    if isinstance(node, dict):
        items = [f"{yaml_scalar(k, st, key=True)}: {yaml_flow(v, st)}" for k, v in node.items()]
        if st.odd(0.1):
            items.append(items[-1] if items else "k: v")          # duplicate key
        return pre + "{" + ", ".join(items) + ("," if st.odd(0.05) else "") + "}"
    if isinstance(node, list):
        return pre + "[" + ", ".join(yaml_flow(v, st) for v in node) + "]"
    text = yaml_scalar(node, st)
    if text.startswith(("|", ">")):
        text = json.dumps(str(node))
    return pre + text


def _attach(head: str, value: list[str], pad: str) -> list[str]:
    """``head`` followed by a one-line value (a scalar, a flow collection or a block
    scalar whose continuation lines are indented under ``pad``) or by block lines."""
    first, *rest = value[0].split("\n")
    return [f"{head} {first}"] + [pad + "  " + line.lstrip(" ") if line.strip() else line
                                  for line in rest] + value[1:]


def yaml_block(node, st: Style, indent: int = 0) -> list[str]:
    """``node`` as block lines at ``indent``, or one line (scalar or flow collection)."""
    rnd = st.rnd
    pad = " " * indent
    if not isinstance(node, (dict, list)) or not node or rnd.random() < st.flow_bias * 0.5:
        return [yaml_flow(node, st) if isinstance(node, (dict, list)) else yaml_scalar(node, st)]
    lines: list[str] = []
    if isinstance(node, dict):
        if st.anchors and st.odd(0.1):
            lines.append(f"{pad}<<: *{rnd.choice(st.anchors)}")   # a merge key
        for k, v in node.items():
            key = yaml_scalar(k, st, key=True)
            head = f"{pad}{key}:"
            if st.odd(0.05):                                       # an explicit key
                lines.append(f"{pad}? {key}")
                head = f"{pad}:"
            value = yaml_block(v, st, indent + 2)
            if len(value) == 1:
                lines.extend(_attach(head, value, pad))
            else:
                prefix = _yaml_prefix(st) if st.odd(0.1) else ""
                lines.append(head + (" " + prefix if prefix else ""))
                lines.extend(value)
            if st.comments and st.odd(0.3):
                lines.append(f"{pad}# {rnd.choice(['note', 'agis-lint: disable=AGIS104', ': colon', '- dash'])}")
    else:
        for v in node:
            value = yaml_block(v, st, indent + 2)
            if len(value) == 1:
                lines.extend(_attach(f"{pad}-", value, pad))
            elif isinstance(v, dict):
                lines.append(f"{pad}- {value[0].lstrip()}")
                lines.extend(value[1:])
            else:
                lines.append(f"{pad}-")
                lines.extend(value)
    if st.comments:
        lines = [line + "  # c" if st.odd(0.1) and line.strip() and not line.rstrip().endswith(
            ("|", ">", "|-", "|+")) and not line.startswith(" " * (indent + 2) + " ") else line
                 for line in lines]
    return lines


def emit_yaml(tree, rnd: random.Random, wild: float) -> str:
    st = Style(rnd, wild)
    lines = yaml_block(tree, st, 0) if isinstance(tree, dict) and tree else [yaml_flow(tree, st)]
    if st.comments:
        lines.insert(0, "# fuzz")
    if st.odd(0.1):
        lines.insert(0, "---")
    if st.odd(0.05):
        lines.append("...")
    return "\n".join(lines) + "\n"


# -- JSON -----------------------------------------------------------------------------------------

def _json_string(s: str, st: Style) -> str:
    out = json.dumps(s, ensure_ascii=st.rnd.random() < 0.5)
    if st.odd(0.05):   # a lone surrogate, escaped (valid JSON syntax, not a character)
        out = out[:-1] + st.rnd.choice(["\\ud800", "\\udfff", "\\ud83d"]) + '"'
    return out


def emit_json(tree, rnd: random.Random, wild: float) -> str:
    st = Style(rnd, wild)
    indent = rnd.choice([None, 0, 1, 2, 4, "\t"])

    def go(node, level: int) -> str:
        nl = "" if indent is None else "\n"
        pad = "" if indent is None else (indent if isinstance(indent, str) else " " * indent) * (level + 1)
        end_pad = "" if indent is None else (indent if isinstance(indent, str) else " " * indent) * level
        if isinstance(node, dict):
            items = [f"{pad}{_json_string(str(k), st)}: {go(v, level + 1)}" for k, v in node.items()]
            if items and st.odd(0.05):
                items.append(items[0])                       # duplicate key
            tail = "," if st.odd(0.02) else ""
            return "{" + nl + ("," + nl).join(items) + tail + nl + end_pad + "}" if items else "{}"
        if isinstance(node, list):
            items = [pad + go(v, level + 1) for v in node]
            return "[" + nl + ("," + nl).join(items) + nl + end_pad + "]" if items else "[]"
        if isinstance(node, str):
            return _json_string(node, st)
        if isinstance(node, float) and (math.isnan(node) or math.isinf(node)):
            return rnd.choice(["NaN", "Infinity", "-Infinity", "1e999"])
        return json.dumps(node)
    return go(tree, 0) + ("\n" if rnd.random() < 0.5 else "")


# -- TOML -----------------------------------------------------------------------------------------

def _toml_key(k, st: Style) -> str:
    k = str(k)
    if _BARE_KEY.match(k) and not st.odd(0.1):
        return k
    if "'" not in k and "\n" not in k and st.rnd.random() < 0.3:
        return "'" + k + "'"
    return json.dumps(k)


def _toml_string(s: str, st: Style) -> str:
    r = st.rnd.random()
    if "\n" in s and r < 0.5 and '"""' not in s and "\\" not in s:
        return '"""\n' + s + '"""'
    if r < 0.25 and "'" not in s and "\n" not in s and not any(ord(c) < 32 for c in s):
        return "'" + s + "'"
    return json.dumps(s, ensure_ascii=False).replace("\\u007f", "\\u007F")


def _toml_value(v, st: Style) -> str:
    if v is None:
        return '""' if not st.odd(0.2) else "nan"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _toml_string(v, st)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x, st) for x in v) + ("," if v and st.odd(0.1) else "") + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_toml_key(k, st)} = {_toml_value(x, st)}" for k, x in v.items()) + "}"
    return json.dumps(str(v))


def emit_toml(tree, rnd: random.Random, wild: float) -> str:
    st = Style(rnd, wild)
    if not isinstance(tree, dict):
        tree = {"value": tree}
    out: list[str] = []

    def table(node: dict, prefix: list[str]) -> None:
        subtables, arrays = [], []
        for k, v in node.items():
            key = _toml_key(k, st)
            if isinstance(v, dict) and v and rnd.random() < 0.8:
                subtables.append((key, v))
            elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v) and rnd.random() < 0.8:
                arrays.append((key, v))
            else:
                out.append(f"{key} = {_toml_value(v, st)}" + ("  # c" if st.comments and st.odd(0.2) else ""))
        for key, v in subtables:
            out.append("")
            out.append("[" + ".".join(prefix + [key]) + "]")
            table(v, prefix + [key])
        for key, items in arrays:
            for item in items:
                out.append("")
                out.append("[[" + ".".join(prefix + [key]) + "]]")
                table(item, prefix + [key])
        if st.comments and st.odd(0.2):
            out.append("# fuzz")
    table(tree, [])
    return "\n".join(out) + "\n"


EMITTERS = {"yaml": emit_yaml, "json": emit_json, "toml": emit_toml}
