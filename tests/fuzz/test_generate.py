"""The generators themselves: every structured mutant is written from a tree of a plausible size.

A structured mutant is its seed's data tree written out in full, aliases expanded. The alias-bomb
fixture (tests/golden/AGIS004/bad.agis, 273 bytes) once became a 227 MB mutant that took the YAML
fuzz test past 200 s (linting it is linear, at about 0.5 s a megabyte: the size was the defect).
"""
from __future__ import annotations

import os
import random

from ..yamlio import load
from .emit import EMITTERS
from .generate import MAX_SEED_NODES, ROOT, expanded_nodes, seeds, structured_seeds

BOMB = os.path.join(ROOT, "tests", "golden", "AGIS004", "bad.agis")


def test_expanded_nodes_counts_each_alias_where_it_occurs():
    tree = load("a: &a [x, x]\nb: [*a, *a, *a]\n")
    assert expanded_nodes(tree, 100) == 1 + 3 + (1 + 3 * 3)
    assert expanded_nodes(tree, 5) == 6   # stops past the limit


def test_the_alias_bomb_seeds_byte_damage_but_no_structured_mutant():
    raw = open(BOMB, "rb").read()
    assert raw in {s.raw for s in seeds()}
    assert expanded_nodes(load(raw), MAX_SEED_NODES) > MAX_SEED_NODES
    assert raw not in {s.raw for s in structured_seeds("yaml")}


def test_every_structured_seed_writes_out_small():
    rnd = random.Random(0)
    for syntax in ("yaml", "json", "toml"):
        for seed in structured_seeds(syntax):
            text = EMITTERS[syntax](seed.tree if seed.tree is not None else {}, rnd, 0.0)
            assert len(text) < 1_000_000, (seed.name, len(text))
