"""Regenerate AGTP golden files: python -m tests.agtp.update [CODE ...]  (review the diff!)."""
from __future__ import annotations

import os
import sys

from .render import HERE, cases, codes, render_case


def main(selected: list[str]) -> None:
    for code in selected or codes():
        for case in cases(code, "bad"):
            path = os.path.join(HERE, code, case + ".expected")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(render_case(os.path.join(HERE, code, case), code))
            print(f"{code}/{case}: written")


if __name__ == "__main__":
    main(sys.argv[1:])
