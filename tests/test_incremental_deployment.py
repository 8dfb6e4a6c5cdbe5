"""A deployment file re-checked because a sibling changed (the server's cascade) re-runs only
the rules that read the deployment, and equals a full check."""
from __future__ import annotations

import glob
import os
import random

import pytest

from agis_lsp.engine.config import Config
from agis_lsp.engine.linter import Linter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEPLOYMENT = os.path.join(ROOT, "examples", "deployment")


def key(d) -> tuple:
    return (d.code, d.severity, tuple(d.path), d.start, d.end, d.range, d.message,
            tuple((f.title, f.safe, tuple(f.edits)) for f in d.fixes),
            tuple((r.message, r.file, r.range) for r in d.related))


EDITS = [('method = "BOOK"', 'method = "RESERVE"'), ('method = "BOOK"', 'method = "GET"'),
         ("/room", "/rooms"), ('recipe', 'recip'), ("timeout", "timeot"), ("[", "[[")]


@pytest.mark.parametrize("semantic", [False, True])
def test_a_sibling_edit_reruns_only_cross_file_rules_and_equals_a_full_check(semantic):
    linter = Linter(config_of=lambda p: Config(semantic=semantic))
    files = sorted(glob.glob(os.path.join(DEPLOYMENT, "**", "*.toml"), recursive=True))
    assert len(files) >= 4
    previous = {}
    for f in files:
        out = linter.mechanical(linter.prepare(f, overlay={}))
        previous[f] = linter.semantic(out.target, out) if semantic else out
    assert any(o.cross_file for o in previous.values())
    rng = random.Random(7)
    reused = 0
    for step in range(12):
        edited = rng.choice(files)
        text = open(edited, encoding="utf-8").read()
        old, new = rng.choice(EDITS)
        overlay = {edited: text.replace(old, new, 1) if old in text else text + "\n# edited\n"}
        for f in files:
            if f == edited:
                continue
            target = linter.prepare(f, overlay=overlay)
            got = linter.mechanical(target, previous=previous[f])
            want = linter.mechanical(linter.prepare(f, overlay=overlay))
            if semantic:
                got = linter.semantic(target, got, previous=previous[f])
                want = linter.semantic(want.target, want)
            assert [key(d) for d in got.diagnostics] == [key(d) for d in want.diagnostics], (step, f)
            reused += got.incremental
    assert reused >= 10
