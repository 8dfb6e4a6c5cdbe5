"""Hypothesis strategies for hostile documents: structure-aware mutants of real ones.

A seed is a shipped example or a golden fixture (AGIS YAML and JSON, AGTP TOML). Its
data tree is mutated (types swapped, keys dropped or renamed, values nested deep,
strings made huge or laced with bidi/zero-width/astral/NUL/CRLF characters, arrays
made long) and written back in a random style (``emit``), or its bytes are damaged
(flips, insertions, deletions, truncation, spliced lines). Documents mid-edit (cut at
a random offset) come from the same byte operations.
"""
from __future__ import annotations

import json
import os
import random
import re
import sys
from dataclasses import dataclass
from functools import lru_cache

from hypothesis import strategies as st

from ..yamlio import load
from .emit import EMITTERS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Nesting reached by the "deep" mutation. The document layer limits nesting (one clear
# AGIS001 at the container that crosses the limit); the fuzz entry point goes deeper.
MAX_DEPTH = int(os.environ.get("AGIS_FUZZ_MAX_DEPTH", "300"))
HUGE = int(os.environ.get("AGIS_FUZZ_HUGE", "20000"))     # characters / items in "huge" mutations
# A structured mutant is its seed's data tree written out in full: aliases expanded. The alias-bomb
# fixture (tests/golden/AGIS004/bad.agis, 273 bytes) is 11 million nodes expanded, a 227 MB document
# that takes minutes and gigabytes to lint; a seed past this many nodes seeds only byte damage.
MAX_SEED_NODES = 100_000

ODD_CHARS = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2069", "\u200b", "\u200c", "\u200d", "\u2060",
             "\ufeff", "\U0001F600", "\U0001D54F", "\U0010FFFF", "\x00", "\t", "\r\n", "\r", "\u00a0",
             "\u2028", "\u2029", "\u0085", "\u0301", "\ufffd", "\x7f", "\x1b[31m", "\\", '"', "'", "#",
             ": ", "- ", "{", "}", "[", "]", ",", "&a", "*a", "!!", "%", "@", "`", "|", ">", "${HOME}"]
SPECIAL_BYTES = [b"\x00", b"\xff", b"\xfe\xff", b"\xef\xbb\xbf", b"\xed\xa0\x80", b"\xc3", b"\r",
                 b"\r\n", b"\t", b"\n\n", b"#", b":", b"[", b"{", b'"', b"'", b"\\", b"*a", b"&a", b"<<: *a"]


@dataclass(frozen=True)
class Seed:
    name: str          # the file name the document is linted under (decides the kind)
    syntax: str        # yaml | json | toml
    raw: bytes

    @property
    def tree(self):
        text = self.raw.decode("utf-8", "replace")
        try:
            if self.syntax == "toml":
                return tomllib.loads(text)
            if self.syntax == "json":
                return json.loads(text)
            return load(text)
        except Exception:  # noqa: BLE001 - a broken seed (bad fixtures are seeds too)
            return None


def expanded_nodes(tree, limit: int) -> int:
    """Nodes of ``tree`` with shared (aliased) nodes counted each time they occur, at most ``limit + 1``."""
    count, stack = 0, [tree]
    while stack and count <= limit:
        node = stack.pop()
        count += 1
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


@lru_cache(maxsize=None)
def structured_seeds(syntax: str) -> tuple[Seed, ...]:
    """The seeds of ``syntax`` whose data tree, written out in full, stays a plausible size."""
    return tuple(s for s in seeds()
                 if s.syntax == syntax and expanded_nodes(s.tree, MAX_SEED_NODES) <= MAX_SEED_NODES)


def _syntax(name: str) -> str:
    if name.endswith(".toml"):
        return "toml"
    return "json" if name.endswith(".json") else "yaml"


def _lint_name(rel: str) -> str:
    """A name that keeps what the kind detection looks at (suffix, endpoints/ parent)."""
    parts = rel.replace(os.sep, "/").split("/")
    base = parts[-1]
    if len(parts) > 1 and parts[-2] == "endpoints":
        return "endpoints/" + base
    return base


@lru_cache(maxsize=1)
def seeds() -> tuple[Seed, ...]:
    found = []
    for folder in ("examples", "tests/golden", "tests/agtp/golden"):
        top = os.path.join(ROOT, folder)
        for dirpath, _, names in os.walk(top):
            for n in sorted(names):
                if not n.endswith((".agis", ".json", ".toml", ".yaml", ".yml")):
                    continue
                path = os.path.join(dirpath, n)
                if os.path.getsize(path) > 200_000:
                    continue
                with open(path, "rb") as fh:
                    raw = fh.read()
                rel = os.path.relpath(path, top)
                found.append(Seed(_lint_name(rel), _syntax(n), raw))
    found.sort(key=lambda s: (s.name, s.raw))
    return tuple(found)


# -- tree mutations -------------------------------------------------------------------------------

def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _get(node, path):
    for p in path:
        node = node[p]
    return node


def _set(tree, path, value):
    if not path:
        return value
    _get(tree, path[:-1])[path[-1]] = value
    return tree


DEEP = re.compile(r"""(["']?)DEEPNEST(\d+)(list|dict)\1""")


def _deep(depth: int, kind: str) -> str:
    """A placeholder, replaced after emission by ``depth`` nested flow collections (so
    that neither the tree nor the emitters recurse ``depth`` deep)."""
    return f"DEEPNEST{depth}{kind}"


def _expand_deep(text: str, syntax: str) -> str:
    def nest(m):
        depth, kind = int(m.group(2)), m.group(3)
        if kind == "list":
            return "[" * depth + "1" + "]" * depth
        if syntax == "toml":
            return "{k = " * depth + "1" + "}" * depth
        return '{"k": ' * depth + "1" + "}" * depth
    return DEEP.sub(nest, text)


# Numbers of every size, written as literals after emission (a tree cannot hold a 5,000-digit
# int: Python refuses to print it): beyond the int-string limit (4,300 digits) in YAML, JSON and
# TOML, beyond float range, negative zero, the smallest subnormal.
NUMBER_LITERALS = ("9" * 5000, "-" + "7" * 5000, "1" + "0" * 400, "-" + "3" * 400, "1e400", "-1e400",
                   "1.5e-400", "-0", "-0.0", "0.0", "5e-324", "1.7976931348623157e308",
                   "18446744073709551616", "-9223372036854775809")
NUMLIT = re.compile(r"""(["']?)NUMLIT(\d+)\1""")
NUMBERS = st.integers(0, len(NUMBER_LITERALS) - 1).map(lambda i: f"NUMLIT{i}")
NUMBERISH = st.sampled_from(["NaN", "nan", ".nan", "Infinity", "-Infinity", "inf", "-0", "1e400",
                             "9" * 5000, "0x" + "f" * 5000, "1_000", "+1", "0.85", " 0.5 "])


def _expand_numbers(text: str) -> str:
    return NUMLIT.sub(lambda m: NUMBER_LITERALS[int(m.group(2))], text)


SCALARS = st.one_of(NUMBERS, NUMBERISH, st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
                    st.sampled_from(["", "BOOK", "book", "GET", "/x/{id}", "1.0", "agent", "0x1F",
                                     "2024-01-01", "true", "null", "~", "- a", "a: b", "#", "&x", "*x"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)), max_leaves=12)

MUTATIONS = st.one_of(
    st.tuples(st.just("swap"), st.integers(0, 10**6), VALUES),
    st.tuples(st.just("drop"), st.integers(0, 10**6), st.none()),
    st.tuples(st.just("rename"), st.integers(0, 10**6), st.text(max_size=12)),
    st.tuples(st.just("deep"), st.integers(0, 10**6),
              st.tuples(st.integers(1, MAX_DEPTH), st.sampled_from(["list", "dict"]))),
    st.tuples(st.just("huge-string"), st.integers(0, 10**6),
              st.tuples(st.integers(1000, HUGE), st.sampled_from(["a", " ", "\u00e9", "\U0001F600", "ab\n"]))),
    st.tuples(st.just("huge-array"), st.integers(0, 10**6), st.integers(100, max(100, HUGE // 4))),
    st.tuples(st.just("huge-key"), st.integers(0, 10**6), st.integers(1000, HUGE)),
    st.tuples(st.just("odd-chars"), st.integers(0, 10**6),
              st.lists(st.tuples(st.sampled_from(ODD_CHARS), st.integers(0, 10**6)), min_size=1, max_size=4)),
    st.tuples(st.just("text"), st.integers(0, 10**6), st.text(min_size=1, max_size=60)),
    # a `$ref` at any mapping, to any place of the document (or just past it), whose target is
    # then made a value of any JSON type
    st.tuples(st.just("ref"), st.integers(0, 10**6),
              st.tuples(st.integers(0, 10**6), st.sampled_from(["", "/", "/x", "/0", "/-1", "~1"]),
                        st.one_of(st.none(), VALUES))),
    st.tuples(st.just("number"), st.integers(0, 10**6), NUMBERS),
)


def mutate(tree, mutations):
    deepened = False
    for op, at, arg in mutations:
        if op == "deep":
            if deepened:
                continue   # one deep nesting per document, so MAX_DEPTH bounds it
            deepened = True
        paths = list(_paths(tree))
        path = paths[at % len(paths)]
        node = _get(tree, path)
        if op == "swap":
            tree = _set(tree, path, arg)
        elif op == "drop" and path:
            parent = _get(tree, path[:-1])
            del parent[path[-1]]
        elif op == "rename" and path and isinstance(path[-1], str):
            parent = _get(tree, path[:-1])
            parent[arg] = parent.pop(path[-1])
        elif op == "deep":
            tree = _set(tree, path, _deep(arg[0], arg[1]))
        elif op == "huge-string":
            tree = _set(tree, path, arg[1] * (arg[0] // len(arg[1])))
        elif op == "huge-array":
            tree = _set(tree, path, [node if isinstance(node, (bool, int, float)) else "x"] * arg)
        elif op == "huge-key" and isinstance(node, dict):
            node["K" * arg] = "v"
        elif op == "ref":
            tree = _add_ref(tree, path, paths, *arg)
        elif op == "number":
            tree = _set(tree, path, arg)
        elif op in ("odd-chars", "text"):
            inserts = arg if op == "odd-chars" else [(arg, 0)]
            if isinstance(node, str):
                for ch, pos in inserts:
                    i = pos % (len(node) + 1)
                    node = node[:i] + ch + node[i:]
                tree = _set(tree, path, node)
            elif isinstance(node, dict) and node:
                k = next(iter(node))
                ch, pos = inserts[0]
                i = pos % (len(str(k)) + 1)
                node[str(k)[:i] + ch + str(k)[i:]] = node.pop(k)
    return tree


def _pointer(path) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _add_ref(tree, at, paths, target_at, tail, target_value):
    """``{"$ref": "#<pointer>"}`` into the mapping at ``at`` (or replacing a scalar there),
    pointing at another place; the target is then set to ``target_value`` unless it is None."""
    target = paths[target_at % len(paths)]
    ref = "#" + _pointer(target) + (tail if target_at % 3 == 0 else "")
    node = _get(tree, at)
    if isinstance(node, dict):
        node["$ref"] = ref
    else:
        tree = _set(tree, at, {"$ref": ref})
    if target_value is not None and target and not _is_prefix(target, at):
        try:
            tree = _set(tree, target, target_value)
        except (KeyError, IndexError, TypeError):   # the place moved under the new $ref
            pass
    return tree


def _is_prefix(a, b) -> bool:
    return tuple(b[:len(a)]) == tuple(a)


# -- byte damage ----------------------------------------------------------------------------------

BYTE_OPS = st.lists(st.one_of(
    st.tuples(st.just("flip"), st.integers(0, 10**6), st.integers(1, 255)),
    st.tuples(st.just("insert"), st.integers(0, 10**6), st.one_of(st.sampled_from(SPECIAL_BYTES),
                                                                  st.binary(min_size=1, max_size=8))),
    st.tuples(st.just("delete"), st.integers(0, 10**6), st.integers(1, 64)),
    st.tuples(st.just("truncate"), st.integers(0, 10**6), st.none()),
    st.tuples(st.just("dup-line"), st.integers(0, 10**6), st.integers(0, 10**6)),
    st.tuples(st.just("swap-lines"), st.integers(0, 10**6), st.integers(0, 10**6)),
), min_size=1, max_size=5)


def damage(raw: bytes, ops) -> bytes:
    for op, at, arg in ops:
        i = at % (len(raw) + 1)
        if op == "flip" and raw:
            i = at % len(raw)
            raw = raw[:i] + bytes([raw[i] ^ arg]) + raw[i + 1:]
        elif op == "insert":
            raw = raw[:i] + arg + raw[i:]
        elif op == "delete":
            raw = raw[:i] + raw[i + arg:]
        elif op == "truncate":
            raw = raw[:i]
        elif op in ("dup-line", "swap-lines"):
            lines = raw.split(b"\n")
            a, b = at % len(lines), arg % len(lines)
            if op == "dup-line":
                lines.insert(b, lines[a])
            else:
                lines[a], lines[b] = lines[b], lines[a]
            raw = b"\n".join(lines)
    return raw


# -- whole documents ------------------------------------------------------------------------------

def finish(text: str, rnd: random.Random) -> bytes:
    """Line endings, BOM, tabs: applied to the whole text."""
    if rnd.random() < 0.15:
        text = text.replace("\n", "\r\n")
    if rnd.random() < 0.05:
        text = text.replace("  ", "\t", 1)
    raw = text.encode("utf-8", "surrogatepass")
    if rnd.random() < 0.1:
        raw = b"\xef\xbb\xbf" + raw
    return raw


@st.composite
def structured(draw, syntaxes=("yaml", "json", "toml")):
    """A mutant of a seed's data tree, written in a random style of its own syntax (or,
    sometimes, of another syntax under the same name)."""
    syntax = draw(st.sampled_from(sorted(syntaxes)))   # each syntax as often, whatever the seed counts
    seed = draw(st.sampled_from(structured_seeds(syntax)))
    tree = seed.tree
    if tree is None:
        tree = {}
    mutations = draw(st.lists(MUTATIONS, max_size=4))
    tree = mutate(_copy(tree), mutations)
    rnd = random.Random(draw(st.integers(0, 2**32)))
    syntax = seed.syntax if rnd.random() < 0.9 else rnd.choice(sorted(EMITTERS))
    wild = draw(st.sampled_from([0.0, 0.05, 0.3]))
    text = _expand_numbers(_expand_deep(EMITTERS[syntax](tree, rnd, wild), syntax))
    return seed.name, finish(text, rnd)


@st.composite
def deep_block(draw):
    """Block-style YAML nesting (mappings and sequences) ``depth`` levels deep, inside
    an otherwise plausible AGIS document."""
    depth = draw(st.integers(1, MAX_DEPTH))
    step = draw(st.sampled_from(["- ", "k: ", "- k: "]))
    lines, indent = [], 2
    for _ in range(depth):
        lines.append(" " * indent + step.rstrip() if step != "- k: " else " " * indent + "- k:")
        indent += 2 if step != "- k: " else 4
    lines.append(" " * indent + "leaf")
    text = 'agis: "1.0"\nservice: s\nendpoints:\n  - method: BOOK\n    path: /x\n    input:\n' + \
        "\n".join("    " + line for line in lines) + "\n"
    return "deep.agis", text.encode()


@st.composite
def damaged(draw):
    """A seed (or a structured mutant) with its bytes damaged: documents mid-edit."""
    if draw(st.booleans()):
        name, raw = draw(structured())
    else:
        syntax = draw(st.sampled_from(["json", "toml", "yaml"]))
        seed = draw(st.sampled_from([s for s in seeds() if s.syntax == syntax]))
        name, raw = seed.name, seed.raw
    return name, damage(raw, draw(BYTE_OPS))


def documents():
    return st.one_of(structured(), damaged(), deep_block())


def _copy(tree):
    return json.loads(json.dumps(tree, default=str)) if not isinstance(tree, (str, int, float)) else tree
