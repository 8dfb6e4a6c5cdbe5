#!/usr/bin/env python3
"""Write ``agis_lsp/rules/security/_prefilter_table.py``: every security pattern's literal
prefilter (``rules/security/_prefilter``), derived here once instead of in every process.

    python scripts/build_prefilter_table.py          # write the table
    python scripts/build_prefilter_table.py --check  # exit 1 when it is out of date

Deriving them parses each pattern with the standard library's regex parser (written in
Python): ~0.06 s of CPU in every process that scans prose, in each ``--jobs`` worker. The
table maps (pattern, flags) to the function :func:`_prefilter.compile_requirement` builds,
written out as a lambda, so that it arrives with the module's compiled code. A pattern
missing from it (edited since the table was written) is derived at run time as before;
``tests/security/test_prefilter_table.py`` fails until the table is written again.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TABLE = ROOT / "agis_lsp" / "rules" / "security" / "_prefilter_table.py"

HEADER = '''"""Every security pattern's literal prefilter, derived at build time (``_prefilter``).

Written by ``scripts/build_prefilter_table.py``; do not edit. ``NEEDS`` maps (pattern, flags)
to a function of the folded text that is False only when the pattern cannot match it, or to
None when the pattern needs nothing (``_scan.lazy`` reads it).
"""
# flake8: noqa
NEEDS = {
'''


def patterns() -> list:
    """Every lazy pattern of the rule modules: module globals, and lists and tuples of them."""
    import importlib
    import pkgutil

    import agis_lsp.rules
    from agis_lsp.engine.registry import all_rules
    from agis_lsp.rules.security import _scan
    all_rules()
    for info in pkgutil.walk_packages(agis_lsp.rules.__path__, "agis_lsp.rules."):
        importlib.import_module(info.name)   # helper modules too, which a rule imports on first use
    out, seen = {}, set()
    stack = [v for name, m in sorted(sys.modules.items())
             if name.startswith("agis_lsp.rules.") and m is not None for v in vars(m).values()]
    while stack:
        v = stack.pop()
        if isinstance(v, _scan.lazy) and id(v) not in seen:
            seen.add(id(v))
            out[(v.source, int(v.flags))] = v
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return [out[k] for k in sorted(out)]


def canonical(req):
    """``req`` with the items of every AND and OR in one order (the derivation keeps the order
    of a set, which changes from process to process): the same condition, the same table."""
    from agis_lsp.rules.security._prefilter import NON_ASCII
    if isinstance(req, str) or req == NON_ASCII or not isinstance(req, tuple):
        return req
    kind, items = req
    items = [canonical(x) for x in items]
    return kind, sorted(items, key=lambda x: (not isinstance(x, str), len(repr(x)), repr(x)))


def render() -> str:
    from agis_lsp.rules.security._prefilter import TRUE, _expr, requirement
    lines = [HEADER]
    for p in patterns():
        req = canonical(requirement(p.source, p.flags))
        body = "None" if req is TRUE else f"lambda t: {_expr(req)}"
        lines.append(f"    ({p.source!r}, {int(p.flags)}):\n        {body},\n")
    lines.append("}\n")
    return "".join(lines)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        same = TABLE.is_file() and TABLE.read_text(encoding="utf-8") == text
        print(f"{TABLE.relative_to(ROOT)} is {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    TABLE.write_text(text, encoding="utf-8")
    print(f"wrote {TABLE.relative_to(ROOT)}: {text.count('lambda t:')} prefilters, "
          f"{text.count('        None,')} patterns without one")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
