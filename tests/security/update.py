"""Regenerate security golden files: python -m tests.security.update [CODE ...] (review the diff!)."""
from __future__ import annotations

import os
import sys

from .golden import HERE, codes, render


def main(which: list[str]) -> None:
    for code in which or codes():
        with open(os.path.join(HERE, code, "bad.expected"), "w", encoding="utf-8") as fh:
            fh.write(render(code))
        print(f"{code}: written")


if __name__ == "__main__":
    main(sys.argv[1:])
