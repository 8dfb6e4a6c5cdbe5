"""agis-lint catalog-diff OLD NEW [--against-deployment DIR] [--format text|json]

The catalog upgrade check of AGTP-API section 4.7: which verbs a new method
catalog adds, removes and newly deprecates, and - against a deployment
directory - which endpoints, paths, recipes and policy entries would break.

Exit status: 0 no breakage, 1 breakage in the deployment, 2 a catalog or a
deployment file could not be parsed (or the directory is not a deployment).
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field

from ..catalog import CatalogError, diff_catalogs, load_catalog

EXIT_CLEAN, EXIT_BREAKING, EXIT_PARSE = 0, 1, 2
SECTIONS = (("endpoint_conflicts", "endpoint conflicts (endpoints declaring removed methods)"),
            ("path_conflicts", "path-grammar conflicts (paths containing newly-added method names)"),
            ("recipe_conflicts", "recipe conflicts (recipes referencing removed methods)"),
            ("policy_conflicts", "policy conflicts (policy entries referencing removed methods)"),
            ("deprecations", "newly deprecated methods in use (not breaking)"))
BREAKING = ("endpoint_conflicts", "path_conflicts", "recipe_conflicts", "policy_conflicts")


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "catalog-diff", help="compare two AGTP method catalogs (and what a deployment would lose)",
        description="Compare two AGTP method catalogs: verbs added, removed and newly deprecated "
        "(AGTP-API section 4.7). With --against-deployment, report the endpoints, paths, recipes "
        "and policy entries of a deployment that break under the new catalog. Exit status: 0 no "
        "breakage, 1 breakage, 2 parse error.")
    p.add_argument("old", help="the catalog in use (methods.json)")
    p.add_argument("new", help="the candidate catalog")
    p.add_argument("--against-deployment", metavar="DIR", default=None,
                   help="deployment directory (agtp-server.toml, agtp-recipes.toml, endpoints/)")
    p.add_argument("--format", choices=("text", "json"), default="text")


@dataclass
class Conflict:
    file: str
    line: int
    column: int
    message: str
    method: str
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column, "method": self.method,
                "message": self.message, **self.extra}


def removed_verbs(old, new) -> dict:
    """Verbs usable under ``old`` that ``new`` no longer admits -> successor (or None)."""
    out = {}
    for name in old.methods:
        if old.is_removed(name):
            continue
        info = new.get(name)
        if info is None:
            out[name] = old.methods[name].successor
        elif new.is_removed(name):
            out[name] = info.successor
    return out


# The rules whose findings, new under the candidate catalog, are the breakage of section 4.7.
SECTION_OF = {"AGTP102": "endpoint_conflicts", "AGTP106": "endpoint_conflicts",
              "AGTP207": "path_conflicts", "AGTP604": "recipe_conflicts",
              "AGTP507": "policy_conflicts", "AGTP105": "deprecations"}


def _lint(root: str, catalog_path: str) -> list:
    """Every file of the deployment linted by the Linter under one catalog: only the rules
    of :data:`SECTION_OF`, whatever the project's configuration selects."""
    from ..engine.config import Config
    from ..engine.linter import Linter
    config = Config(select=tuple(SECTION_OF), semantic=False, catalog=catalog_path)
    return Linter(config_of=lambda _path: config).check_deployment(root)


def scan_deployment(root: str, old, new, removed: dict, deprecated: dict, *,
                    old_path: str, new_path: str) -> dict:
    """Conflicts of a deployment under the ``new`` catalog (see :data:`SECTIONS`): the
    findings of the rules in :data:`SECTION_OF` that the deployment has under ``new`` and
    did not have under ``old`` (the rules decide; this report only words them as a
    migration)."""
    report: dict = {k: [] for k, _ in SECTIONS}
    report["parse_errors"] = []
    before = _lint(root, old_path)
    if not before:
        report["parse_errors"].append({"file": root, "message": "not a deployment directory "
                                       "(no agtp-server.toml, agtp-recipes.toml or endpoints/)"})
        return report
    known = {(f, d.code, tuple(d.path)) for f, o in before for d in o.diagnostics}
    for f, outcome in _lint(root, new_path):
        rel = os.path.relpath(f, root)
        doc = outcome.doc
        if not doc.parsed:
            p = doc.problems[0] if doc.problems else None
            pos = doc.lines.position(p.start) if p else None
            report["parse_errors"].append({"file": rel, "line": pos.line + 1 if pos else 1,
                                           "column": pos.character + 1 if pos else 1,
                                           "message": p.message if p else "does not parse"})
            continue
        for d in outcome.diagnostics:
            section = SECTION_OF.get(d.code)
            if section is None or (f, d.code, tuple(d.path)) in known:
                continue
            conflict = _conflict(section, rel, doc, d, new, removed, deprecated)
            if conflict is not None:
                report[section].append(conflict)
        if outcome.kind == "agtp-recipes":
            report["recipe_conflicts"].extend(_pattern_conflicts(rel, doc, new, removed))
    for key, _ in SECTIONS:
        report[key].sort(key=lambda c: (c.file, c.line, c.column))
    return report


def _conflict(section: str, rel: str, doc, d, new, removed: dict, deprecated: dict):
    """A finding of the rule worded as what the catalog change does to the deployment."""
    line, col = d.range.start.line + 1, d.range.start.character + 1
    value = doc.get(tuple(d.path))
    if section in ("endpoint_conflicts", "deprecations"):
        from ..formats.agtp import EndpointFileView
        ep = EndpointFileView(doc).endpoint
        m = ep.method.strip().upper() if isinstance(ep.method, str) else str(value)
        if section == "deprecations":
            succ = deprecated.get(m) or (new.get(m).successor if new.get(m) else None)
            return Conflict(rel, line, col, f"{ep.label} uses {m}, deprecated in catalog "
                            f"{new.version}" + (f"; successor {succ}" if succ else ""), m,
                            {"path": ep.path, "successor": succ})
        succ = removed.get(m)
        return Conflict(rel, line, col, f"{ep.label} declares {m}, which catalog {new.version} "
                        "removes: the server refuses to load this endpoint"
                        + (f"; migrate to {succ}" if succ else ""), m,
                        {"path": ep.path, "successor": succ})
    if section == "path_conflicts":
        seg, verb = d.data.get("segment"), d.data.get("verb")
        return Conflict(rel, line, col, f"path {value}: segment '{seg}' is {verb}, a verb catalog "
                        f"{new.version} adds; the server will answer 460 Endpoint Violation", verb,
                        {"path": value, "segment": seg})
    m = value.strip().upper() if isinstance(value, str) else str(value)
    if section == "recipe_conflicts":
        recipe = doc.get(tuple(d.path[:-3]) + ("name",)) if len(d.path) >= 3 else None
        step = d.path[-2] + 1 if len(d.path) >= 2 and isinstance(d.path[-2], int) else None
        return Conflict(rel, line, col, f"recipe '{recipe}' step {step} calls {m}, which catalog "
                        f"{new.version} removes: plans using the recipe fail", m,
                        {"recipe": recipe, "step": step})
    what = " ".join(str(k) for k in d.path[-2:] if isinstance(k, str)) or "entry"
    return Conflict(rel, line, col, f"policy {what} {m} is removed by catalog {new.version}: the "
                    "server skips this entry (section 9.4)", m)


def _pattern_conflicts(rel: str, doc, new, removed: dict) -> list:
    """Recipes whose proposal pattern names a removed verb (``pattern.name_exact``): no rule
    reports this (a pattern names no method to call), only the upgrade does."""
    from ..formats.agtp import RecipesView
    out = []
    for r in RecipesView(doc).recipes:
        pat = r.body.get("pattern")
        ne = pat.get("name_exact") if isinstance(pat, dict) else None
        if isinstance(ne, str) and ne.upper() in removed:
            rng = doc.range(r.path + ("pattern", "name_exact"), "value")
            out.append(Conflict(rel, rng.start.line + 1, rng.start.character + 1,
                                f"recipe '{r.name}' matches proposals for {ne.upper()}, which "
                                f"catalog {new.version} removes", ne.upper(), {"recipe": r.name}))
    return out


def run(args) -> int:
    out = sys.stdout
    catalogs = []
    for which in ("old", "new"):
        path = getattr(args, which)
        try:
            catalogs.append(load_catalog(path))
        except CatalogError as exc:
            if args.format == "json":
                print(json.dumps({"error": str(exc), "catalog": which, "exit_code": EXIT_PARSE},
                                 indent=2), file=out)
            else:
                print(f"agis-lint catalog-diff: {which} catalog: {exc}", file=sys.stderr)
            return EXIT_PARSE
    old, new = catalogs
    diff = diff_catalogs(old, new)
    removed = removed_verbs(old, new)
    deprecated = dict(diff.newly_deprecated)

    report = None
    if args.against_deployment:
        report = scan_deployment(os.path.abspath(args.against_deployment), old, new, removed,
                                 deprecated, old_path=os.path.abspath(args.old),
                                 new_path=os.path.abspath(args.new))
    breaking = bool(report) and any(report[k] for k in BREAKING)
    if report is not None and report["parse_errors"]:
        code = EXIT_PARSE
    else:
        code = EXIT_BREAKING if breaking else EXIT_CLEAN

    if args.format == "json":
        print(json.dumps(_json(args, old, new, diff, removed, report, breaking, code), indent=2,
                         ensure_ascii=False), file=out)
    else:
        print(_text(args, old, new, diff, removed, report, code), file=out)
    return code


def _json(args, old, new, diff, removed, report, breaking, code) -> dict:
    doc = {
        "old": {"path": args.old, "version": old.version},
        "new": {"path": args.new, "version": new.version},
        "added": list(diff.added),
        "removed": sorted(removed),
        "newly_deprecated": {k: v for k, v in diff.newly_deprecated.items()},
        "category_changes": {k: {"old": list(a), "new": list(b)}
                             for k, (a, b) in diff.category_changes.items()},
    }
    if report is not None:
        doc["deployment"] = {"root": args.against_deployment,
                             **{k: [c.to_json() for c in report[k]] for k, _ in SECTIONS},
                             "parse_errors": report["parse_errors"]}
    doc["breaking"] = breaking
    doc["exit_code"] = code
    return doc


def _names(items, limit=40) -> str:
    items = list(items)
    shown = ", ".join(items[:limit])
    return shown + (f", ... ({len(items) - limit} more)" if len(items) > limit else "")


def _text(args, old, new, diff, removed, report, code) -> str:
    lines = [f"catalog {old.version} ({args.old}) -> {new.version} ({args.new})"]
    lines.append(f"added ({len(diff.added)}): {_names(diff.added) or '-'}")
    lines.append(f"removed ({len(removed)}): "
                 + (", ".join(f"{m} (successor {s})" if s else m for m, s in sorted(removed.items()))
                    or "-"))
    dep = diff.newly_deprecated
    lines.append(f"newly deprecated ({len(dep)}): "
                 + (", ".join(f"{m} (successor {s})" if s else m for m, s in dep.items()) or "-"))
    if diff.category_changes:
        lines.append(f"category changes ({len(diff.category_changes)}): " + ", ".join(
            f"{m} {'/'.join(a) or '-'} -> {'/'.join(b) or '-'}"
            for m, (a, b) in diff.category_changes.items()))
    if report is not None:
        lines.append(f"deployment {args.against_deployment}:")
        for p in report["parse_errors"]:
            where = f"{p['file']}:{p['line']}:{p['column']}" if "line" in p else p["file"]
            lines.append(f"  parse error: {where}: {p['message']}")
        for key, title in SECTIONS:
            items = report[key]
            if not items:
                continue
            lines.append(f"  {title}:")
            lines.extend(f"    {c.file}:{c.line}:{c.column}: {c.message}" for c in items)
        n = sum(len(report[k]) for k in BREAKING)
        if code == EXIT_PARSE:
            lines.append("result: the deployment could not be read completely (exit 2)")
        elif n:
            lines.append(f"result: {n} breaking change(s) for this deployment (exit 1)")
        else:
            lines.append("result: no breakage for this deployment (exit 0)")
    return "\n".join(lines)
