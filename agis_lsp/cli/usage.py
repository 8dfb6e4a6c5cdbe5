"""What the commands share of their command lines: the usage error (exit status 2) and the
rule-code option (``--select`` / ``--ignore`` of ``check`` and ``mcp scan``)."""
from __future__ import annotations


class UsageError(Exception):
    """A command line that cannot be carried out as written (exit status 2)."""


def codes_option(value: str, option: str) -> tuple:
    """--select / --ignore: each code or prefix must name at least one rule."""
    from ..engine.registry import all_rules
    codes = tuple(c.strip().upper() for c in value.split(",") if c.strip())
    known = [r.code for r in all_rules()]
    unknown = [c for c in codes if not any(k.startswith(c) for k in known)]
    if unknown:
        raise UsageError(f"{option} {','.join(unknown)}: no rule code starts with "
                         f"{'this' if len(unknown) == 1 else 'these'} (see 'agis-lint rules')")
    return codes
