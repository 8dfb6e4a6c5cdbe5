"""Regenerate golden files: python -m tests.formats.update [CODE ...]  (review the diff!)."""
from __future__ import annotations

import sys

from .render import cases, codes, expected_path, render, semantic_available


def main(selected: list[str]) -> None:
    semantic = semantic_available()
    for code in selected or codes():
        for case in cases(code, "bad"):
            with open(expected_path(case), "w", encoding="utf-8") as fh:
                fh.write(render(case, code, semantic))
        print(f"{code}: written")


if __name__ == "__main__":
    main(sys.argv[1:])
