"""Where the rule time of one lint goes: per rule, per pass, and the document re-walks.

    python benchmarks/rule_cost.py [--runs 7] [--set small,1000,converted,deployment] [--top 25]
    python benchmarks/rule_cost.py --compare OTHER_CHECKOUT [--rounds 5] [--runs 5] [--set ...]

Runs the shipped engine (``engine.Linter.check``: ``engine.runner.run_rules`` and the
incremental-phase wrapper the CLI goes through) with the model off on four sets:

* ``small``: ``examples/restaurant.agis`` (a small hand-written ``.agis`` file);
* ``1000``: a generated 1,000-endpoint document (``benchmarks/gen_docs.py``);
* ``converted``: the real API documents under ``benchmarks/corpora/openapi/converted``;
* ``deployment``: every file of ``examples/deployment`` (an AGTP deployment).

For each set it prints CPU times (``time.process_time``) per file, medians over ``--runs``
runs after one warm-up run:

* the whole check (``prepare`` + ``check``) and its rules part, measured without any
  instrumentation;
* per rule (the ``--top`` most costly) and per pass: the CPU time spent inside the rule's
  check (and, for rules that visit nodes, inside its visitor: ``engine.walk``), measured in a
  second series of runs in which every rule's entry points are wrapped by timers;
* the re-walks, counted in one more run (its counting lists are slower than lists, so
  it is not timed): how many times per lint the rules iterate the view's lists (the endpoints
  of an AGIS document, the tools, recipes... of the other kinds) and over how many items; and
  an estimate of what those bare iterations cost (a loop that reads one attribute of each
  item, timed here), so the share of the rule time that is walking rather than checking.

The instrumented series costs more than the bare one (the timers); its per-rule figures are
for comparing rules with one another, the bare series for comparing runs.
"""
from __future__ import annotations

import argparse
import dataclasses
import glob
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from gen_docs import document  # noqa: E402

from agis_lsp.engine import registry  # noqa: E402
from agis_lsp.engine.config import config_for  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402

cpu = time.process_time


# -- the sets -------------------------------------------------------------------------------
def sets(names: list[str], tmp: str) -> dict[str, list[str]]:
    out = {}
    for name in names:
        if name == "small":
            out[name] = [os.path.join(ROOT, "examples", "restaurant.agis")]
        elif name.isdigit():
            path = os.path.join(tmp, f"bench{name}.agis")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(document(int(name)))
            out[name] = [path]
        elif name == "converted":
            out[name] = sorted(glob.glob(os.path.join(
                ROOT, "benchmarks", "corpora", "openapi", "converted", "*.agis")))
        elif name == "deployment":
            base = os.path.join(ROOT, "examples", "deployment")
            out[name] = sorted(glob.glob(os.path.join(base, "*.toml"))
                               + glob.glob(os.path.join(base, "endpoints", "*.toml")))
        else:
            raise SystemExit(f"unknown set {name!r}")
    return out


_LINTER: list = []


def linter() -> Linter:
    """One Linter for the whole benchmark, as one CLI process has: its catalog object is the
    one the method facts are cached with (``formats.agis_methods.analyse`` keys its cache by
    the catalog's name set; a second, equal set compares element by element on every hit)."""
    if not _LINTER:
        _LINTER.append(Linter(config_of=lambda p: dataclasses.replace(config_for(p), semantic=False)))
    return _LINTER[0]


# -- the bare series ------------------------------------------------------------------------
def bare(files: list[str], runs: int) -> tuple[float, float, list]:
    """Median CPU seconds of (whole check, its rules part) summed over ``files``; the findings
    of the last run (a check that the instrumented series finds the same)."""
    lt = linter()
    whole, rules, found = [], [], []
    for r in range(runs + 1):
        w = ru = 0.0
        found = []
        for path in files:
            lt.documents = type(lt.documents)()      # each run reads and parses afresh
            t0 = cpu()
            target = lt.prepare(path)
            t1 = cpu()
            out = lt.check(target=target)
            t2 = cpu()
            w += t2 - t0
            ru += t2 - t1
            found += [(path, d.code, d.range.start.line, d.range.start.character, d.message)
                      for d in out.diagnostics]
        if r:                                         # run 0 warms up
            whole.append(w)
            rules.append(ru)
    return statistics.median(whole), statistics.median(rules), found


# -- the instrumented series ----------------------------------------------------------------
class Meter:
    """Wraps every rule's entry points (``check``; ``visit`` where a rule has one) with CPU
    timers, and the view's lists with iteration counters, for the rule running at the time."""

    def __init__(self) -> None:
        self.time: dict = defaultdict(float)     # code -> CPU seconds
        self.calls: dict = defaultdict(int)      # code -> timed calls (each costs the timer's own time)
        self.walks: dict = defaultdict(int)      # code -> iterations of a view list
        self.items: dict = defaultdict(int)      # code -> items those iterations yielded
        self.current: list = []                  # the rule codes running (innermost last)
        self.saved: list = []

    # rules
    def _timed_check(self, code: str, fn):
        meter = self

        def check(ctx):
            meter.current.append(code)
            try:
                t0 = cpu()
                try:
                    it = iter(fn(ctx) or ())
                finally:
                    meter.time[code] += cpu() - t0
                    meter.calls[code] += 1
                while True:
                    t0 = cpu()
                    try:
                        finding = next(it)
                    except StopIteration:
                        return
                    finally:
                        meter.time[code] += cpu() - t0
                        meter.calls[code] += 1
                    yield finding
            finally:
                meter.current.pop()
        return check

    def _timed_visit(self, code: str, fn):
        meter = self

        def visit(ctx, node):
            meter.current.append(code)
            t0 = cpu()
            try:
                return list(fn(ctx, node) or ())
            finally:
                meter.time[code] += cpu() - t0
                meter.calls[code] += 1
                meter.current.pop()
        return visit

    def install(self, count: bool) -> None:
        registry.load_all()
        for rule in registry._RULES.values():
            self.saved.append((rule, rule.check, getattr(rule, "visit", None)))
            rule.check = self._timed_check(rule.code, rule.check)
            if getattr(rule, "visit", None) is not None:
                rule.visit = self._timed_visit(rule.code, rule.visit)
        from agis_lsp.formats import registry as formats
        self.saved_view = formats.lint_view
        if not count:
            return
        meter = self

        def lint_view(*a, **kw):
            view = meter.saved_view(*a, **kw)
            return None if view is None else CountedView(view, meter)
        formats.lint_view = lint_view

    def uninstall(self) -> None:
        for rule, check, visit in self.saved:
            rule.check = check
            if visit is not None:
                rule.visit = visit
        from agis_lsp.formats import registry as formats
        formats.lint_view = self.saved_view

    def counted(self, n: int) -> None:
        code = self.current[-1] if self.current else "(engine)"
        self.walks[code] += 1
        self.items[code] += n


class CountedList(list):
    """A view's list that tells the meter when it is iterated."""
    __slots__ = ("meter",)

    def __iter__(self):
        self.meter.counted(len(self))
        return list.__iter__(self)


class CountedView:
    """The view a rule reads, with its list attributes counted (everything else passes)."""

    def __init__(self, view, meter: Meter) -> None:
        object.__setattr__(self, "_view", view)
        object.__setattr__(self, "_meter", meter)
        object.__setattr__(self, "_lists", {})

    def __getattr__(self, name):
        value = getattr(self._view, name)
        if type(value) is list:
            key = (name, id(value))
            hit = self._lists.get(key)
            if hit is None:
                hit = self._lists[key] = CountedList(value)
                hit.meter = self._meter
            return hit
        return value


def instrumented(files: list[str], runs: int) -> tuple[dict, dict, dict, list]:
    """Per-rule CPU times (timers only), then the re-walk counts in one more run (the
    counting lists cost time of their own, so they are not in the timed runs)."""
    meter = Meter()
    meter.install(count=False)
    try:
        per_run, found = [], []
        lt = linter()
        for r in range(runs + 1):
            meter.time.clear()
            meter.calls.clear()
            found = _check_all(lt, files)
            if r:
                per_run.append({c: t - meter.calls[c] * TIMER for c, t in meter.time.items()})
    finally:
        meter.uninstall()
    codes = {c for run in per_run for c in run}
    times = {c: max(0.0, statistics.median(run.get(c, 0.0) for run in per_run)) for c in codes}
    counter = Meter()
    counter.install(count=True)
    try:
        _check_all(linter(), files)
    finally:
        counter.uninstall()
    return times, dict(counter.walks), dict(counter.items), found


def _timer_cost(n: int = 20000) -> float:
    """CPU seconds one timed call adds beyond the call itself (two clock reads and the
    bookkeeping), subtracted from each rule's time: a visitor is timed once per node."""
    acc = defaultdict(float)
    t0 = cpu()
    for _ in range(n):
        a = cpu()
        acc["x"] += cpu() - a
    return (cpu() - t0) / n


TIMER = 0.0


def _check_all(lt: Linter, files: list[str]) -> list:
    found = []
    for path in files:
        lt.documents = type(lt.documents)()
        out = lt.check(path)
        found += [(path, d.code, d.range.start.line, d.range.start.character, d.message)
                  for d in out.diagnostics]
    return found


def bare_walk_cost(items: int, repeat: int = 5) -> float:
    """CPU seconds of iterating ``items`` endpoint-like objects once, reading one attribute."""
    class Item:
        __slots__ = ("method",)

        def __init__(self) -> None:
            self.method = "BOOK"
    lst = [Item() for _ in range(1000)]
    best = float("inf")
    for _ in range(repeat):
        t0 = cpu()
        for _ in range(20):
            for it in lst:
                if isinstance(it.method, str):
                    pass
        best = min(best, (cpu() - t0) / 20000)
    return best * items


# -- the table ------------------------------------------------------------------------------
def report(name: str, files: list[str], runs: int, top: int) -> None:
    whole, rules_part, found_bare = bare(files, runs)
    times, walks, items, found = instrumented(files, runs)
    same = sorted(found) == sorted(found_bare)
    n = len(files)
    total = sum(times.values())
    print(f"\n## {name}: {n} file(s), {len(found)} finding(s)"
          f"{'' if same else ' (INSTRUMENTED RUN FOUND OTHERWISE)'}\n")
    print("| what | CPU ms per file |")
    print("|---|---:|")
    print(f"| whole check (prepare + rules), bare | {whole / n * 1e3:.3f} |")
    print(f"| rules part (`Linter.check`), bare | {rules_part / n * 1e3:.3f} |")
    print(f"| sum of the rules' own time, instrumented | {total / n * 1e3:.3f} |")
    walked = sum(walks.values())
    visited = sum(items.values())
    est = bare_walk_cost(visited)
    print(f"| re-walks of the view's lists: {walked / n:.1f} per file, {visited / n:.0f} items "
          f"(bare iteration cost) | {est / n * 1e3:.3f} |")
    by_rule = {r.code: r for r in registry._RULES.values()}
    passes: dict = defaultdict(float)
    for code, t in times.items():
        rule = by_rule.get(code)
        passes[rule.pass_no if rule else None] += t
    print("\n| pass | CPU ms per file | share of rule time |")
    print("|---|---:|---:|")
    for p, t in sorted(passes.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)):
        print(f"| {'document' if p is None else p} | {t / n * 1e3:.3f} | {t / total:.1%} |")
    print(f"\n| rule | pass | CPU ms per file | share | walks per file | items per file |")
    print("|---|---:|---:|---:|---:|---:|")
    for code, t in sorted(times.items(), key=lambda kv: -kv[1])[:top]:
        rule = by_rule.get(code)
        print(f"| {code} {rule.name if rule else ''} | {rule.pass_no if rule and rule.pass_no else '-'} "
              f"| {t / n * 1e3:.3f} | {t / total:.1%} | {walks.get(code, 0) / n:.1f} "
              f"| {items.get(code, 0) / n:.0f} |")
    rest = [c for c in walks if c not in dict(sorted(times.items(), key=lambda kv: -kv[1])[:top])]
    if rest:
        print(f"\n(re-walks by rules below the top {top}: {sum(walks[c] for c in rest) / n:.1f} per file)")


def compare(names: list[str], other: str, rounds: int, runs: int) -> None:
    """The bare series of this checkout and of ``other`` (a checkout of agis-lsp put first on
    PYTHONPATH), in alternating child processes, ``rounds`` times: the medians and the ratio,
    from one run (load changes hit both alike)."""
    import json
    import subprocess
    cmd = [sys.executable, os.path.abspath(__file__), "--set", ",".join(names),
                     "--runs", str(runs), "--bare-json"]
    out: dict = {"this": defaultdict(list), "other": defaultdict(list)}
    for _ in range(rounds):
        for who, path in (("other", os.path.abspath(other)), ("this", ROOT)):
            env = {**os.environ, "PYTHONPATH": path}
            proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
            if proc.returncode:
                raise SystemExit(proc.stderr[-2000:])
            for name, (whole, rules) in json.loads(proc.stdout).items():
                out[who][name].append((whole, rules))
    print(f"\n## this checkout vs {other}: {rounds} alternating rounds of {runs} runs each "
          "(CPU ms per file, medians)\n")
    print("| set | whole check, other | whole check, this | ratio | rules part, other | rules part, this | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in names:
        a = [statistics.median(x[i] for x in out["other"][name]) for i in (0, 1)]
        b = [statistics.median(x[i] for x in out["this"][name]) for i in (0, 1)]
        print(f"| {name} | {a[0]:.3f} | {b[0]:.3f} | {b[0] / a[0]:.3f} | {a[1]:.3f} | {b[1]:.3f} "
              f"| {b[1] / a[1]:.3f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--set", default="small,1000,converted,deployment",
                    help="comma-separated: small, N (a generated N-endpoint document), converted, deployment")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--compare", metavar="CHECKOUT", default=None,
                    help="only the bare series, of this checkout and of another one (its directory on "
                    "PYTHONPATH), in alternating processes: a before/after ratio from one run")
    ap.add_argument("--rounds", type=int, default=5, help="alternations with --compare")
    ap.add_argument("--bare-json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    names = args.set.split(",")
    if args.bare_json:
        import json
        with tempfile.TemporaryDirectory() as tmp:
            res = {}
            for name, files in sets(names, tmp).items():
                whole, rules, _ = bare(files, args.runs)
                res[name] = (whole / len(files) * 1e3, rules / len(files) * 1e3)
        print(json.dumps(res))
        return
    global TIMER
    TIMER = min(_timer_cost() for _ in range(3))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; CPU times "
          f"(process_time), medians of {args.runs} runs after a warm-up; the model off; the "
          f"instrumented times less {TIMER * 1e6:.2f} µs per timed call (the timer's own cost)")
    if args.compare:
        compare(names, args.compare, args.rounds, args.runs)
        print(f"\nload average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        for name, files in sets(names, tmp).items():
            report(name, files, args.runs, args.top)


if __name__ == "__main__":
    main()
