"""Precision on real text and recall on published payloads, through the shipped `agis-lint`.

    python benchmarks/real_precision.py [--split dev|heldout|all|blind|blind2|…] [--corpus mcp|openapi|converted|examples|a2t|adp|ainp|payloads|all]
                                        [--exe PATH] [--no-semantic] [--misses] [--list]

Every table is per corpus, split and **role** (the field's place: tool description or title,
parameter or schema text, enum/default/example value, server instructions, prompt, resource,
AGIS intent, AGIS outcome, A2T/ADP/AINP prose): prose fields, security findings per 1,000
fields at any severity and at warning or error, security errors; and per corpus the units
(servers, documents) with a warning or error of **any** code; for MCP, per code, with every
such warning's text. ``--list`` prints every security finding with its unit, role, severity
and text.

Runs the installed console script (``agis-lint check --format json``, model on) as a
process over the committed real corpora (``benchmarks/corpora``, docs/corpora.md) and
prints, per corpus and split (development / held-out):

* ``mcp``: the tool lists (and prompts, resources, instructions) of real published MCP
  servers: prose fields, findings per rule, security findings per 1,000 prose fields,
  errors, and the share of servers flagged (any security finding / a warning or worse /
  an error);
* ``openapi``: every extracted prose field of the real API descriptions, each placed
  in an MCP tool list at a slot of the same role (operation text as a tool
  description or title, schema text as a parameter's description, title or default),
  since OpenAPI itself is not a kind agis-lint checks; the tool names there are the
  harness's, so the naming rules (TOOL2xx, TOOL3xx, TOOL6xx, MCPT6xx) are not run on it;
* ``converted``: real OpenAPI documents converted to AGIS by the shipped converter:
  findings per rule, "real operation intents flagged" (AGSC901 on an intent) and
  "converted endpoints with an AGIS601 error outside review items";
* ``examples`` (``a2t``, ``adp``, ``ainp``): the examples printed in the three specifications,
  written by their authors (``benchmarks/corpora/other``), all rules, one table per format;
* ``rules``: per security rule, recall on the development payloads and false flags on the
  real development halves (the table of docs/security.md; not part of ``all``);
* ``payloads``: recall of the held-out poisoning payloads (the published ones in
  ``benchmarks/corpora/payloads/heldout_published.jsonl`` and the hand-written
  ``models/data/security_payloads_heldout.txt``), each embedded in an MCP tool list as
  a tool description, a parameter description and a server instruction; caught =
  any security finding in that file. Recall per family, every miss listed.

Prose fields are counted with the engine's own walker (``agis_lsp.formats.prose``) on
the very files linted. Nothing is downloaded. The held-out split is for measuring only:
never for training or for tuning a threshold. A blind split (``--split blind``, ``blind2``, …:
every split that ``benchmarks/corpora/mcp/servers.toml`` pins, ``blind_splits.py``; MCP servers
only, files under ``benchmarks/corpora/mcp/<split>/``) is one nobody has read: run it once, with
``--corpus mcp``, for its final measurement; ``all`` never includes one.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agis_lsp.document import parse_text  # noqa: E402
from agis_lsp.document.locate import path_at  # noqa: E402
from agis_lsp.formats.kinds import detect  # noqa: E402
from agis_lsp.formats.prose import prose_fields  # noqa: E402
from api_host import host_document  # noqa: E402
from blind_splits import blind_splits  # noqa: E402

CORPORA = ROOT / "benchmarks" / "corpora"
SECURITY = "AGSC"
SPLITS = ("dev", "heldout")
BLIND = blind_splits()   # ("blind", "blind2", ...): MCP servers only, each in its own folder; never in "all"


# -- running the shipped CLI ------------------------------------------------------------------

def lint(exe: str, files: list[Path], semantic: bool, extra: tuple = ()) -> dict[str, list[dict]]:
    """Diagnostics per file from one `agis-lint check --format json` process."""
    out: dict[str, list[dict]] = {str(f): [] for f in files}
    if not files:
        return out
    cmd = [exe, "check", "--format", "json", "--no-cache", *([] if semantic else ["--no-semantic"]), *extra,
           *map(str, files)]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if r.returncode not in (0, 1):
        raise SystemExit(f"agis-lint exited {r.returncode}: {r.stderr.strip()[-2000:]}")
    for d in json.loads(r.stdout)["diagnostics"]:
        p = d["path"] if os.path.isabs(d["path"]) else str(ROOT / d["path"])
        out.setdefault(str(Path(p).resolve()), []).append(d)
    return {str(Path(k).resolve()): v for k, v in out.items()}


def parsed(path: Path):
    doc = parse_text(path.read_text(), str(path))
    return doc, detect(doc)


def fields_of(path: Path) -> int:
    doc, kind = parsed(path)
    return len(prose_fields(kind, doc))


def splits() -> dict:
    return json.loads((CORPORA / "splits.json").read_text())["corpora"]


def wanted(split: str) -> tuple[str, ...]:
    return SPLITS if split == "all" else (split,)


_MERGED = None   # the folder of the servers' whole listings, made on first use, removed at exit


def mcp_files(server: str, side: str) -> list[Path]:
    """A server's linted file: what a client gets from it, as ``agis-lint mcp scan`` lints it,
    in one document (its tool list, and its instructions, prompts and resources where it has
    any), so that the instructions' and prompts' words about its own tools are read as such. The
    corpus keeps them in two files (``<server>.tools.mcp.json``, ``<server>.listing.mcp.json``;
    the blind splits' under their own folders); they are joined here, in a temporary folder."""
    global _MERGED
    folder = CORPORA / "mcp" / (side if side in BLIND else "")
    tools, listing = folder / f"{server}.tools.mcp.json", folder / f"{server}.listing.mcp.json"
    if not listing.exists():
        return [tools] if tools.exists() else []
    if _MERGED is None:
        _MERGED = tempfile.TemporaryDirectory(prefix="agis-rp-")
    whole = {**json.loads(listing.read_text(encoding="utf-8")), "tools": []}
    if tools.exists():
        whole["tools"] = json.loads(tools.read_text(encoding="utf-8"))["tools"]
    out = Path(_MERGED.name) / side / f"{server}.mcp.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(whole, indent=1, ensure_ascii=False), encoding="utf-8")
    return [out]


# -- tables -----------------------------------------------------------------------------------

def rule_table(title: str, rows: dict[str, dict]) -> None:
    """rows: split -> {"fields", "findings": [diag], "units", "flagged": {...}}"""
    print(f"\n## {title}\n")
    print(f"| split | units | prose fields | security findings | per 1,000 fields | security errors | "
          f"units flagged (any / warning+ / error) |")
    print("|---|---|---|---|---|---|---|")
    for split, r in rows.items():
        sec = [d for d in r["findings"] if d["code"].startswith(SECURITY)]
        errs = sum(1 for d in sec if d["severity"] == "error")
        per_k = 1000 * len(sec) / r["fields"] if r["fields"] else 0.0
        fl = r.get("flagged")
        flagged = (f"{fl['any']}/{r['units']} ({fl['any'] / r['units']:.0%}) / {fl['warning']} / {fl['error']}"
                   if fl and r["units"] else "")
        print(f"| {split} | {r['units']} | {r['fields']:,} | {len(sec)} | {per_k:.1f} | {errs} | {flagged} |")
    for split, r in rows.items():
        by_rule = Counter((d["code"], d["severity"]) for d in r["findings"])
        if by_rule:
            print(f"\nfindings per rule ({split}): " + ", ".join(
                f"{c} {s} {n}" for (c, s), n in sorted(by_rule.items(), key=lambda x: (-x[1], x[0]))))


def role_of(kind: str, prose) -> str:
    """The role bucket of a prose field (``formats.prose`` role and place)."""
    top = str(prose.path[0]) if prose.path else ""
    if kind.split("-")[0] in ("a2t", "adp", "ainp"):
        return f"{kind.split('-')[0].upper()} prose"
    if top == "instructions":
        return "server instructions"
    if top == "prompts":
        return "prompts"
    if top in ("resources", "resourceTemplates"):
        return "resources"
    if prose.role in ("intent", "outcome"):
        return f"AGIS {prose.role}"
    if prose.role in ("schema-value", "enum-description"):
        return "enum/default/example"
    if prose.role.startswith("schema-"):
        return "parameter/schema text"
    if top == "tools":
        return "tool description/title"
    return f"{kind} {prose.role}"


def field_roles(path: Path) -> tuple[object, dict, set]:
    """(the parsed document, {prose field path: role bucket}, the paths of its guidance fields:
    prose with a word instructions use, "you", "must", "always", "never", "use this" ...,
    ``semantic.directive.has_cue``: on a real server, benign imperative guidance)."""
    from agis_lsp.semantic.directive import has_cue
    doc, kind = parsed(path)
    fields = prose_fields(kind, doc)
    return doc, {tuple(p.path): role_of(kind, p) for p in fields}, {tuple(p.path) for p in fields if has_cue(p.text)}


def field_of_diag(doc, roles: dict, diag: dict) -> tuple | None:
    """The prose field a diagnostic lies in (None: not in one)."""
    lines = doc.text.split("\n")
    ln, ch = diag["range"]["start"]["line"], diag["range"]["start"]["character"]
    offset = sum(len(x) + 1 for x in lines[:ln]) + ch
    path, _ = path_at(doc, offset)
    path = tuple(path)
    while path:
        if path in roles:
            return path
        path = path[:-1]
    return None


def role_of_diag(doc, roles: dict, diag: dict) -> str:
    path = field_of_diag(doc, roles, diag)
    return roles[path] if path is not None else "(not a prose field)"


def measure(files: dict, diags: dict) -> dict:
    """files: {unit: [Path]}; diags: {resolved file: [diag]} -> the rows of :func:`role_table`."""
    fields: Counter = Counter()
    found: list = []
    units_any = units_sec = guidance = guidance_flagged = 0
    for unit, fs in files.items():
        any_warn = sec_warn = False
        for f in fs:
            doc, roles, cued = field_roles(f)
            fields.update(roles.values())
            flagged_paths = set()
            for d in diags.get(str(Path(f).resolve()), []):
                warn = d["severity"] in ("warning", "error")
                any_warn |= warn
                if d["code"].startswith(SECURITY):
                    sec_warn |= warn
                    found.append((unit, role_of_diag(doc, roles, d), d))
                    flagged_paths.add(field_of_diag(doc, roles, d))
            guidance += len(cued)
            guidance_flagged += len(cued & flagged_paths)
        units_any += any_warn
        units_sec += sec_warn
    return {"units": len(files), "fields": fields, "found": found, "units_any": units_any, "units_sec": units_sec,
            "guidance": guidance, "guidance_flagged": guidance_flagged}


def role_table(title: str, rows: dict, show: bool = False) -> None:
    """rows: split -> :func:`measure`. Per role: fields, security findings per 1,000 (any
    severity / warning or error), errors; per split: units with a warning of any code."""
    print(f"\n## {title}, per role\n")
    print("| split | role | prose fields | security findings | per 1,000 (any) | per 1,000 (warning+) | errors |")
    print("|---|---|---|---|---|---|---|")
    for split, r in rows.items():
        roles = sorted(set(r["fields"]) | {role for _, role, _ in r["found"]})
        for role in roles + ["**all**"]:
            n = sum(r["fields"].values()) if role == "**all**" else r["fields"].get(role, 0)
            mine = [d for _, ro, d in r["found"] if role == "**all**" or ro == role]
            warn = sum(1 for d in mine if d["severity"] in ("warning", "error"))
            errs = sum(1 for d in mine if d["severity"] == "error")
            per = (lambda k: f"{1000 * k / n:.2f}" if n else "-")
            print(f"| {split} | {role} | {n:,} | {len(mine)} | {per(len(mine))} | {per(warn)} | {errs} |")
    print("\n| split | units | with a warning or error of any code | with a security warning or error | "
          "guidance fields (a word instructions use) | flagged by a security rule |")
    print("|---|---|---|---|---|---|")
    for split, r in rows.items():
        u, g = r["units"] or 1, r["guidance"] or 1
        print(f"| {split} | {r['units']} | {r['units_any']} ({r['units_any'] / u:.1%}) | "
              f"{r['units_sec']} ({r['units_sec'] / u:.1%}) | {r['guidance']:,} | "
              f"{r['guidance_flagged']} ({r['guidance_flagged'] / g:.2%}) |")
    if show:
        for split, r in rows.items():
            for unit, role, d in r["found"]:
                print(f"  ({split}) {unit} [{role}] {d['code']} {d['severity']}: {d['message'][:220]}")


def flagged(per_unit: dict[str, list[dict]]) -> dict:
    sev = {u: {d["severity"] for d in ds if d["code"].startswith(SECURITY)} for u, ds in per_unit.items()}
    return {"any": sum(1 for s in sev.values() if s),
            "warning": sum(1 for s in sev.values() if s & {"warning", "error"}),
            "error": sum(1 for s in sev.values() if "error" in s)}


# -- corpora ----------------------------------------------------------------------------------

def run_mcp(exe: str, split: str, semantic: bool, show: bool = False) -> None:
    assign = splits().get("mcp", {})
    rows, by_role, warned = {}, {}, {}
    for side in wanted(split):
        servers = sorted(s for s, v in assign.items() if v == side)
        files = {s: mcp_files(s, side) for s in servers}
        diags = lint(exe, [f for fs in files.values() for f in fs], semantic)
        per = {s: [d for f in fs for d in diags.get(str(f.resolve()), [])] for s, fs in files.items()}
        rows[side] = {"units": len(servers), "fields": sum(fields_of(f) for fs in files.values() for f in fs),
                      "findings": [d for ds in per.values() for d in ds], "flagged": flagged(per)}
        by_role[side] = measure(files, diags)
        warned[side] = (len(servers), per)
    rule_table("MCP servers (tools, prompts, resources, instructions)", rows)
    role_table("MCP servers", by_role, show)
    warned_table("MCP servers", warned)


def warned_table(title: str, warned: dict) -> None:
    """Per split and code, the units with a warning or error of that code (any rule, not only
    security) and their share; then every such warning with its unit and text."""
    print(f"\n## {title} with a warning or error, per code\n")
    print("| split | code | severity | findings | units | share of units |")
    print("|---|---|---|---|---|---|")
    for side, (n, per) in warned.items():
        by = defaultdict(lambda: [0, set(), set()])
        for unit, ds in per.items():
            for d in ds:
                if d["severity"] in ("warning", "error"):
                    row = by[d["code"]]
                    row[0] += 1
                    row[1].add(unit)
                    row[2].add(d["severity"])
        units = {u for _, us, _ in by.values() for u in us}
        for code, (k, us, sev) in sorted(by.items()):
            print(f"| {side} | {code} | {'/'.join(sorted(sev))} | {k} | {len(us)} | {len(us) / n:.1%} |")
        print(f"| {side} | **any** | | {sum(r[0] for r in by.values())} | {len(units)} | "
              f"{len(units) / n if n else 0:.1%} |")
    for side, (_n, per) in warned.items():
        for unit, ds in sorted(per.items()):
            for d in ds:
                if d["severity"] in ("warning", "error"):
                    print(f"  ({side}) {unit} {d['code']} {d['severity']} line {d['range']['start']['line'] + 1}: "
                          f"{d['message'][:240]}")


NAMING = ("--ignore", "TOOL2,TOOL3,TOOL6,MCPT6")   # the harness's tool names are not the documents'


def run_openapi(exe: str, split: str, semantic: bool, show: bool = False) -> None:
    assign = splits().get("openapi", {})
    by_doc = defaultdict(list)
    for f in sorted((CORPORA / "openapi").glob("*.jsonl")):
        for line in f.open():
            r = json.loads(line)
            by_doc[r["document"]].append(r)
    rows, by_role = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for side in wanted(split):
            docs = sorted(d for d, v in assign.items() if v == side and d in by_doc)
            files = {}
            for i, d in enumerate(docs):
                p = Path(tmp) / f"{side}-{i:03d}.mcp.json"
                p.write_text(json.dumps(host_document(by_doc[d]), indent=1))
                files[d] = p.resolve()
            diags = lint(exe, list(files.values()), semantic, NAMING)
            per = {d: [x for x in diags.get(str(p), []) if x["code"].startswith(SECURITY)] for d, p in files.items()}
            rows[side] = {"units": len(docs), "fields": sum(fields_of(p) for p in files.values()),
                          "findings": [x for ds in per.values() for x in ds], "flagged": flagged(per)}
            by_role[side] = measure({d: [p] for d, p in files.items()}, diags)
    rule_table("OpenAPI / API-description prose fields (security rules only)", rows)
    role_table("OpenAPI / API-description prose in MCP tool lists (naming rules not run)", by_role, show)


def endpoint_of(doc, diag) -> int | None:
    lines = doc.text.split("\n")
    ln, ch = diag["range"]["start"]["line"], diag["range"]["start"]["character"]
    offset = sum(len(x) + 1 for x in lines[:ln]) + ch
    path, _ = path_at(doc, offset)
    return path[1] if len(path) > 1 and path[0] == "endpoints" and isinstance(path[1], int) else None


def run_converted(exe: str, split: str, semantic: bool, show: bool = False) -> None:
    assign = splits().get("openapi", {})
    conv = CORPORA / "openapi" / "converted"
    if not conv.is_dir():
        print("\n## Converted documents\n\n(none: run scripts/fetch_corpora.py)")
        return
    rows, extra, by_role = {}, {}, {}
    for side in wanted(split):
        reviews = {p: json.loads(p.read_text()) for p in sorted(conv.glob("*.review.json"))}
        files = {}
        for rp, rv in reviews.items():
            if assign.get(rv["document"]) == side:
                files[(conv / rv["files"][0]).resolve()] = rv
        diags = lint(exe, list(files), semantic)
        intents = flagged_intents = endpoints = bad601 = fields = 0
        examples = []
        for f, rv in files.items():
            doc, kind = parsed(f)
            fields += len(prose_fields(kind, doc))
            eps = doc.data.get("endpoints", []) if isinstance(doc.data, dict) else []
            endpoints += len(eps)
            intents += sum(1 for e in eps if isinstance(e, dict) and isinstance(e.get("semantic"), dict)
                           and e["semantic"].get("intent"))
            reviewed = {tuple(it["path"][:2]) for it in rv.get("review", []) if it.get("path")}
            eps901, eps601 = set(), set()
            for d in diags.get(str(f), []):
                ep = endpoint_of(doc, d)
                if d["code"] == "AGSC901" and ep is not None and ".intent" in d["message"]:
                    eps901.add(ep)
                if d["code"] == "AGIS601" and d["severity"] == "error" and ep is not None \
                        and ("endpoints", ep) not in reviewed:
                    eps601.add(ep)
                    examples.append(f"{f.name} endpoints[{ep}]: {d['message'][:140]}")
            flagged_intents += len(eps901)
            bad601 += len(eps601)
        rows[side] = {"units": len(files), "fields": fields,
                      "findings": [d for ds in diags.values() for d in ds]}
        extra[side] = (intents, flagged_intents, endpoints, bad601, examples)
        by_role[side] = measure({rv["document"]: [f] for f, rv in files.items()}, diags)
    rule_table("OpenAPI documents converted to AGIS (all rules)", rows)
    role_table("OpenAPI documents converted to AGIS", by_role, show)
    print("\n| split | intents | real operation intents flagged (AGSC901) | converted endpoints | "
          "with an AGIS601 error outside review items |")
    print("|---|---|---|---|---|")
    for side, (n, f, e, b, _) in extra.items():
        print(f"| {side} | {n} | {f} ({f / n if n else 0:.2%}) | {e} | {b} ({b / e if e else 0:.1%}) |")
    for side, (*_, ex) in extra.items():
        for line in ex:
            print(f"  AGIS601 ({side}) {line}")


EXAMPLE_FORMATS = ("a2t", "adp", "ainp")


def run_other(exe: str, split: str, semantic: bool, formats=EXAMPLE_FORMATS, show: bool = False) -> None:
    """The A2T, ADP and AINP examples (``benchmarks/corpora/other/<format>/``, provenance in its
    index.json): one table per format, all rules, each finding listed with ``--findings``."""
    other = CORPORA / "other"
    files = sorted(p for p in other.rglob("*") if p.is_file() and p.suffix in (".json", ".yaml", ".yml")
                   and p.name != "index.json") if other.is_dir() else []
    if not files:
        print("\n## A2T / ADP / AINP examples\n\n(none)")
        return
    assign = splits().get("other", {})
    for fmt in formats:
        mine = [f for f in files if f.relative_to(other).parts[0] == fmt]
        rows, listed, by_role = {}, [], {}
        for side in wanted(split):
            fs = [f.resolve() for f in mine if assign.get(f.relative_to(other).as_posix(), "dev") == side]
            diags = lint(exe, fs, semantic)
            per = {str(f): diags.get(str(f), []) for f in fs}
            rows[side] = {"units": len(fs), "fields": sum(fields_of(f) for f in fs),
                          "findings": [d for ds in per.values() for d in ds], "flagged": flagged(per)}
            by_role[side] = measure({f.name: [f] for f in fs}, diags)
            listed += [(side, Path(f).relative_to(other.resolve()).as_posix(), d)
                       for f, ds in per.items() for d in ds]
        rule_table(f"{fmt.upper()} examples from its specification (all rules)", rows)
        role_table(f"{fmt.upper()} examples", by_role)
        if show:
            for side, rel, d in listed:
                line = d["range"]["start"]["line"] + 1
                print(f"  ({side}) {rel}:{line} {d['code']} {d['severity']}: {d['message'][:200]}")


def payloads() -> list[dict]:
    out = []
    pub = CORPORA / "payloads" / "heldout_published.jsonl"
    if pub.exists():
        for line in pub.open():
            if line.strip():
                r = json.loads(line)
                out.append({"text": r["text"], "family": r["family"], "source": r.get("source", "published")})
    own = ROOT / "models" / "data" / "security_payloads_heldout.txt"
    family = "unlabelled"
    for line in own.read_text().splitlines():
        if line.startswith("# family:"):
            family = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            out.append({"text": line.strip(), "family": family, "source": "security_payloads_heldout.txt"})
    return out


ROLES = {
    "tool description": lambda t: {"tools": [{"name": "get_forecast", "description": t,
                                              "inputSchema": {"type": "object", "properties": {
                                                  "city": {"type": "string", "description": "City name"}}}}]},
    "parameter description": lambda t: {"tools": [{"name": "get_forecast", "description": "Get the forecast for a city.",
                                                   "inputSchema": {"type": "object", "properties": {
                                                       "city": {"type": "string", "description": t}}}}]},
    "server instructions": lambda t: {"tools": [{"name": "get_forecast", "description": "Get the forecast for a city.",
                                                 "inputSchema": {"type": "object"}}], "instructions": t},
}


def recall(exe: str, items: list[dict], semantic: bool) -> tuple[dict, list]:
    """Lint each payload in each of the ROLES: {family: [caught, of]} and the misses
    (family, role, source, text). A payload is caught in a role when any security finding
    lands in its file."""
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, p in enumerate(items):
            for j, (role, build) in enumerate(ROLES.items()):
                f = (Path(tmp) / f"p{i:04d}-{j}.mcp.json").resolve()
                f.write_text(json.dumps(build(p["text"]), indent=1))
                files.append((f, p, role))
        diags = lint(exe, [f for f, _, _ in files], semantic)
    fam: dict = defaultdict(lambda: [0, 0])
    misses = []
    for f, p, role in files:
        hit = any(d["code"].startswith(SECURITY) for d in diags.get(str(f), []))
        fam[p["family"]][0] += hit
        fam[p["family"]][1] += 1
        if not hit:
            misses.append((p["family"], role, p.get("source", ""), p["text"]))
    return fam, misses


def recall_table(fam: dict) -> None:
    print("| family | caught | of | recall |")
    print("|---|---|---|---|")
    tc = tn = 0
    for k in sorted(fam):
        c, n = fam[k]
        tc, tn = tc + c, tn + n
        print(f"| {k} | {c} | {n} | {c / n:.1%} |")
    print(f"| **all** | {tc} | {tn} | {tc / tn if tn else 0:.1%} |")


def run_payloads(exe: str, split: str, semantic: bool, show_misses: bool) -> None:
    if split == "dev":
        print("\n## Payload recall\n\n(held-out payloads only; run with --split heldout or all)")
        return
    fam, misses = recall(exe, payloads(), semantic)
    print("\n## Held-out poisoning payloads caught (each payload x 3 field roles)\n")
    recall_table(fam)
    if misses and show_misses:          # held-out texts: printed only when asked for
        print(f"\nmisses ({len(misses)}):")
        for m in misses:
            print(f"  [{m[0]}] {m[1]} ({m[2]}): {m[3][:160]!r}")
    elif misses:
        print(f"\n{len(misses)} misses (held-out texts: --misses lists them)")


def signals(d: dict) -> list[str]:
    """The security codes of a diagnostic: its own and those in its related information."""
    out = [d["code"]]
    for r in d.get("related") or []:
        msg = r.get("message", "") if isinstance(r, dict) else str(r)
        if msg.startswith("also AGSC"):
            out.append(msg.split(":", 1)[0].removeprefix("also "))
    return out


def run_rules(exe: str, split: str, semantic: bool, show: bool = False) -> None:
    """Per rule: recall on the development payloads (``payload_recall.py`` sets ``dev`` and
    ``published2-dev``, each payload in the three ROLES; a rule counts when its code is the
    finding's or in its related information) and the severity of those findings; false flags
    per 1,000 prose fields of the real development halves (MCP servers, OpenAPI prose)."""
    from payload_recall import SETS   # (imports this module: loaded on use)
    if split == "heldout":
        print("\n## Per rule\n\n(development sets only)")
        return
    items = SETS["dev"]() + SETS["published2-dev"]()
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, p in enumerate(items):
            for j, build in enumerate(ROLES.values()):
                f = (Path(tmp) / f"p{i:04d}-{j}.mcp.json").resolve()
                f.write_text(json.dumps(build(p["text"]), indent=1))
                files.append(f)
        diags = lint(exe, files, semantic)
    caught: dict = defaultdict(set)
    sev: dict = defaultdict(Counter)
    any_caught = warned = errors = 0
    for f in files:
        ds = [d for d in diags.get(str(f), []) if d["code"].startswith(SECURITY)]
        any_caught += bool(ds)
        warned += any(d["severity"] in ("warning", "error") for d in ds)
        errors += any(d["severity"] == "error" for d in ds)
        for d in ds:
            for code in signals(d):
                caught[code].add(f)
            sev[d["code"]][d["severity"]] += 1
    assign = splits()
    real_fields, real = 0, Counter()
    mcp = [f for s_, v in assign.get("mcp", {}).items() if v == "dev"
           for f in mcp_files(s_, "dev")]
    by_doc = defaultdict(list)
    for f in sorted((CORPORA / "openapi").glob("*.jsonl")):
        for line in f.open():
            r = json.loads(line)
            if assign.get("openapi", {}).get(r["document"]) == "dev":
                by_doc[r["document"]].append(r)
    with tempfile.TemporaryDirectory() as tmp:
        hosts = []
        for i, rows in enumerate(by_doc.values()):
            p = (Path(tmp) / f"dev-{i:03d}.mcp.json").resolve()
            p.write_text(json.dumps(host_document(rows), indent=1))
            hosts.append(p)
        for fs, extra in ((mcp, ()), (hosts, NAMING)):
            ds = lint(exe, fs, semantic, extra)
            real_fields += sum(fields_of(f) for f in fs)
            for d in (d for x in ds.values() for d in x if d["code"].startswith(SECURITY)):
                real[d["code"]] += 1
                if show:
                    print(f"  real: {d['code']} {d['severity']}: {d['message'][:200]}")
    n = len(files)
    print(f"\n## Per rule: recall on {len(items)} development payloads x {len(ROLES)} roles ({n} texts; any rule "
          f"{any_caught / n:.1%}, at warning or error {warned / n:.1%}, at error {errors / n:.1%}), false flags on "
          f"{real_fields:,} real development prose fields\n")
    print("| rule | payload texts it fires on | recall | its findings by severity | real findings | per 1,000 real fields |")
    print("|---|---|---|---|---|---|")
    for code in sorted(set(caught) | set(real) | set(sev)):
        by = ", ".join(f"{k} {v}" for k, v in sorted(sev[code].items()))
        print(f"| {code} | {len(caught[code])} | {len(caught[code]) / n:.1%} | {by or '-'} | {real[code]} | "
              f"{1000 * real[code] / real_fields:.2f} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=(*SPLITS, "all", *BLIND), default="all",
                    help="'all': dev and heldout, never a blind split; "
                         f"{' or '.join(repr(b) for b in BLIND)} (with --corpus mcp): a blind split's unread "
                         "servers, measured once")
    ap.add_argument("--corpus", default="all",
                    choices=("mcp", "openapi", "converted", "other", "examples", *EXAMPLE_FORMATS, "payloads", "rules",
                             "all"),
                    help="'examples' (or 'other'): the A2T, ADP and AINP examples; a2t/adp/ainp: one of them")
    ap.add_argument("--exe", default=str(Path(sys.executable).parent / "agis-lint"),
                    help="the agis-lint console script (default: the one beside this Python)")
    ap.add_argument("--no-semantic", action="store_true", help="model off (not the measured configuration)")
    ap.add_argument("--misses", action="store_true", help="list every missed payload")
    ap.add_argument("--findings", action="store_true", help="list every finding on the A2T/ADP/AINP examples")
    ap.add_argument("--list", action="store_true", help="list every security finding (unit, role, severity, text)")
    a = ap.parse_args(argv)
    if a.split in BLIND and a.corpus != "mcp":
        ap.error(f"--split {a.split} holds MCP servers only: use it with --corpus mcp")
    sem = not a.no_semantic
    print(f"# real_precision: agis-lint {a.exe}, model {'on' if sem else 'OFF'}, split {a.split}")
    todo = ("mcp", "openapi", "converted", "other", "payloads") if a.corpus == "all" else (a.corpus,)
    for c in todo:
        if c == "payloads":
            run_payloads(a.exe, a.split, sem, a.misses)
        elif c == "rules":
            run_rules(a.exe, a.split, sem, a.list)
        elif c in ("other", "examples") or c in EXAMPLE_FORMATS:
            run_other(a.exe, a.split, sem, EXAMPLE_FORMATS if c in ("other", "examples") else (c,), a.findings)
        else:
            {"mcp": run_mcp, "openapi": run_openapi, "converted": run_converted}[c](
                a.exe, a.split, sem, a.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
