"""Golden tests per converter: the shipped converters on fixed inputs, byte for byte."""
import os

import pytest

from .golden_cases import CASES, HERE, render

UPDATE = os.environ.get("AGIS_UPDATE_GOLDEN") == "1"


def _stored(case: str) -> dict:
    base = os.path.join(HERE, "golden", case)
    out = {}
    for dirpath, _, files in os.walk(base):
        for f in files:
            full = os.path.join(dirpath, f)
            rel = os.path.relpath(full, base).replace(os.sep, "/")
            with open(full, encoding="utf-8") as fh:
                out["REVIEW" if rel == "REVIEW.txt" else rel] = fh.read()
    return out


def _write(case: str, files: dict) -> None:
    base = os.path.join(HERE, "golden", case)
    for name, text in files.items():
        dest = os.path.join(base, *("REVIEW.txt" if name == "REVIEW" else name).split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)


@pytest.mark.parametrize("case,path,target", CASES, ids=[c[0] for c in CASES])
def test_golden(case, path, target):
    got = render(path, target)
    if UPDATE:
        _write(case, got)
    assert got == _stored(case)
