"""Regenerate golden files: python -m tests.golden.update [CODE ...]  (review the diff!)."""
from __future__ import annotations

import os
import sys

from .render import HERE, fixture, render, semantic_available


def main(codes: list[str]) -> None:
    codes = codes or sorted(d for d in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, d))
                            and not d.startswith("_"))
    semantic = semantic_available()
    for code in codes:
        bad = fixture(code, "bad")
        if bad is None:
            print(f"{code}: no bad fixture", file=sys.stderr)
            continue
        with open(os.path.join(HERE, code, "bad.expected"), "w", encoding="utf-8") as fh:
            fh.write(render(bad, code, semantic))
        print(f"{code}: written")


if __name__ == "__main__":
    main(sys.argv[1:])
