#!/usr/bin/env python3
"""Where the CPU of a model-on ``agis-lint check`` goes: a table of phase -> CPU seconds.

    python benchmarks/lint_phases.py [--runs 3] [--split dev|heldout|all] [--ignore CODES]
                                     [--compare PYTHON]

Each run is a fresh process (the interpreter of this benchmark, or ``--compare``'s: another
checkout's ``.venv/bin/python``, whose installed ``agis_lsp`` is then measured) that runs the
command line's own ``main(["check", "--no-cache", "-q", "--format", "json", "--jobs", "1",
*files])`` over the tool lists of the published MCP servers (``benchmarks/corpora/mcp``, the
files of ``cisco_speed.py``; ``--split`` keeps one half of ``benchmarks/corpora/splits.json``).
CPU is ``time.process_time`` (every thread of the process, the encoder's included), charged
to the innermost phase running, so the phases add up to the run:

* *start*: the interpreter, the command line's imports (with its compile caches, as the
  console script makes them) and the rule registry, to ``main``;
* *model load*: ``agis_lsp.semantic.load`` (numpy, onnxruntime and tokenizers imported, the
  files verified, the ONNX session built, the tokenizer and heads read);
* *read and parse*: ``Linter.prepare``;
* *rules without the model*: every rule that is not semantic, and the walk of the visitors;
* *naming heads*: the semantic rules other than AGSC901 (TOOL3xx/6xx, MCPT601 ...): their
  gathering of texts (``model_texts``), their checks, and the encoder on their texts;
* *AGSC901*: the same for the scope judgment;
* *output*: rendering and printing the JSON;
* *engine, other*: the rest of ``main`` (configuration, suppressions, folding, positions).

The engine embeds a document's texts in one pass before its rules run (``Encoder.hold``);
here each graph's pass is charged to the rules that read it: ``scope.onnx``'s to AGSC901, and
``encoder.onnx``'s in two, the naming heads' texts first and AGSC901's after (without
``scope.onnx`` AGSC901 reads it too; a text both ask for is the naming heads'), so that each phase
gets the encoder CPU of its own texts. A
vector does not depend on its batch, so the findings are the same; the two passes pad a
little differently from one. ``--runs``: the median of each phase over that many processes.
``--jobs 1``: ``agis-lint check`` with its default ``--jobs`` loads the model once per worker
process (two on two cores), so a model load counts twice there.
"""
from __future__ import annotations

import argparse
import contextlib
import glob
import io
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PHASES = ("start", "model load", "read and parse", "rules without the model", "naming heads",
          "AGSC901", "output", "engine, other")
SCOPE = "AGSC901"


def files_of(split: str) -> list[str]:
    splits = json.load(open(os.path.join(HERE, "corpora", "splits.json"), encoding="utf-8"))["corpora"]["mcp"]
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "corpora", "mcp", "*.tools.mcp.json"))):
        unit = os.path.basename(path)[: -len(".tools.mcp.json")]
        if split == "all" or splits.get(unit) == split:
            out.append(os.path.relpath(path, ROOT))
    return out


class Clock:
    """Process CPU charged to the innermost open phase."""

    def __init__(self) -> None:
        self.spent = dict.fromkeys(PHASES, 0.0)
        self.stack = ["engine, other"]
        self.mark = time.process_time()

    @contextlib.contextmanager
    def phase(self, name: str):
        now = time.process_time()
        self.spent[self.stack[-1]] += now - self.mark
        self.stack.append(name)
        self.mark = now
        try:
            yield
        finally:
            now = time.process_time()
            self.spent[self.stack.pop()] += now - self.mark
            self.mark = now

    def wrap(self, fn, name: str):
        def wrapped(*a, **kw):
            with self.phase(name):
                return fn(*a, **kw)
        return wrapped

    def wrap_gen(self, fn, name: str):
        """A rule's check may be a generator: its body runs while it is iterated."""
        def wrapped(*a, **kw):
            with self.phase(name):
                out = fn(*a, **kw)
                return list(out) if out is not None else None
        return wrapped


def _category(rule) -> str:
    if not rule.semantic:
        return "rules without the model"
    return SCOPE if rule.code == SCOPE else "naming heads"


def _time_rules(clock: Clock, rules, asked: dict) -> None:
    """Each rule's check (and a semantic rule's gathering of texts) charged to its phase; the
    texts each phase asks the encoder for, collected in ``asked``."""
    for r in rules:
        r.check = clock.wrap_gen(r.check, _category(r))
        if r.model_texts is not None:
            def gathered(ctx, model, _fn=r.model_texts, _cat=_category(r)):
                with clock.phase(_cat):
                    texts = list(_fn(ctx, model))
                asked[_cat].extend(texts)
                return texts
            r.model_texts = gathered


def _split_holds(clock: Clock, asked: dict, runner, semantic) -> None:
    """A document's held texts embedded in two passes, the naming heads' then AGSC901's, each
    charged to its phase (the engine's own pass then finds every vector in the cache)."""
    held, loader = runner._held_model_texts, semantic.load

    @contextlib.contextmanager
    def fresh_hold(ctx, rules_, phase, config):
        for texts in asked.values():
            texts.clear()
        with held(ctx, rules_, phase, config):
            yield

    def hold_in_two(hold):
        def wrapped(enc, texts):
            # the engine holds each encoder's texts apart: only this encoder's are embedded here
            texts = list(texts)
            mine = set(texts)
            naming = [t for t in dict.fromkeys(asked["naming heads"]) if t in mine]
            if mine <= set(asked[SCOPE]) and not mine <= set(naming):
                naming = []   # a graph only AGSC901 reads (scope.onnx): every text is its
            with clock.phase("naming heads"):
                if naming:
                    enc.embed(naming)
            with clock.phase(SCOPE):
                seen = set(naming)
                rest = [t for t in dict.fromkeys(asked[SCOPE]) if t in mine and t not in seen]
                if rest:
                    enc.embed(rest)
            return hold(enc, texts)
        return wrapped

    def load_and_patch(directory):
        model = loader(directory)
        cls = type(model.encoder)
        if not getattr(cls, "_phases", False):
            cls.hold, cls._phases = hold_in_two(cls.hold), True
        return model

    runner._held_model_texts = fresh_hold
    semantic.load = load_and_patch


def child(files: list[str], ignore: str) -> dict:
    """One run, in this process (started fresh by ``main``): the command line's imports as its
    console script makes them (with the compile caches), then its ``main``."""
    from agis_lsp.cli import code_cache, regex_cache
    regex_cache.install()
    code_cache.install()
    from agis_lsp.cli import output as out_mod
    from agis_lsp.cli.entry import main as cli_main
    from agis_lsp.engine import linter as linter_mod, runner
    from agis_lsp.engine.registry import all_rules
    import agis_lsp.semantic as semantic
    rules = all_rules()
    clock = Clock()
    clock.spent["start"] = clock.mark
    asked: dict[str, list] = {"naming heads": [], SCOPE: []}
    _time_rules(clock, rules, asked)
    runner.walk = clock.wrap(runner.walk, "rules without the model")
    semantic.load = clock.wrap(semantic.load, "model load")
    linter_mod.Linter.prepare = clock.wrap(linter_mod.Linter.prepare, "read and parse")
    for name in ("render_json", "render_text", "render_sarif", "render_github"):
        setattr(out_mod, name, clock.wrap(getattr(out_mod, name), "output"))
    _split_holds(clock, asked, runner, semantic)
    args = ["check", "--no-cache", "-q", "--format", "json", "--jobs", "1"]
    args += ["--ignore", ignore] if ignore else []
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink):
        try:
            cli_main(args + files)
        except SystemExit:
            pass
    now = time.process_time()
    clock.spent[clock.stack[-1]] += now - clock.mark
    out = sink.getvalue()
    return {"cpu": clock.spent, "total": now,
            "findings": len(json.loads(out)["diagnostics"]) if out.strip() else 0}


def run(python: str, files: list[str], ignore: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.run([python, os.path.abspath(__file__), "--child", "--ignore", ignore, *files],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    if proc.returncode != 0:
        raise SystemExit(f"{python}: the run failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--split", choices=("dev", "heldout", "all"), default="dev")
    ap.add_argument("--ignore", default="", help="codes to leave out, as agis-lint check --ignore")
    ap.add_argument("--compare", metavar="PYTHON", help="also measure another build's interpreter")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("files", nargs="*", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        print(json.dumps(child(a.files, a.ignore)))
        return 0
    files = files_of(a.split)
    builds = {"this build": sys.executable, **({"compared": a.compare} if a.compare else {})}
    got: dict[str, list] = {b: [] for b in builds}
    load = os.getloadavg()[0]
    for _ in range(a.runs):            # interleaved, so the load falls on every build alike
        for name, python in builds.items():
            got[name].append(run(python, files, a.ignore))
    print(f"{len(files)} tool lists ({a.split}), --jobs 1, {a.runs} runs each, medians; "
          f"{'--ignore ' + a.ignore + ', ' if a.ignore else ''}"
          f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after\n")
    print("| phase | " + " | ".join(f"{b} CPU s" for b in builds) + " |")
    print("|---|" + "---:|" * len(builds))
    for p in PHASES:
        print(f"| {p} | " + " | ".join(
            f"{statistics.median(r['cpu'][p] for r in got[b]):.2f}" for b in builds) + " |")
    print("| **process** | " + " | ".join(
        f"**{statistics.median(r['total'] for r in got[b]):.2f}**" for b in builds) + " |")
    print("| findings | " + " | ".join(
        "/".join(sorted({str(r['findings']) for r in got[b]})) for b in builds) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
