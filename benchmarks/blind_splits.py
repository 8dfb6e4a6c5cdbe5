"""The blind splits of the MCP corpus (docs/corpora.md).

A blind split is one that ``benchmarks/corpora/mcp/servers.toml`` pins its servers to
(``split = "blind"``, ``split = "blind2"``, ...) before they are harvested. Its files live in their
own folder, ``benchmarks/corpora/mcp/<split>/``, and nobody reads them before the split's one
measurement (``benchmarks/real_precision.py --corpus mcp --split <split>``), so every reader that
walks a corpus folder skips a folder of that name, and no split of them is ever part of ``all``.
"""
from __future__ import annotations

import functools
import tomllib
from pathlib import Path

SERVERS = Path(__file__).resolve().parent / "corpora" / "mcp" / "servers.toml"


@functools.cache
def blind_splits() -> tuple[str, ...]:
    """The names of the blind splits, sorted: every ``split`` that servers.toml pins."""
    with open(SERVERS, "rb") as f:
        return tuple(sorted({s["split"] for s in tomllib.load(f)["server"] if s.get("split")}))


def in_blind_folder(parts) -> bool:
    """Whether a path (given by its parts, relative to the corpus folder walked) lies in a blind
    split's folder."""
    return not set(blind_splits()).isdisjoint(parts)
