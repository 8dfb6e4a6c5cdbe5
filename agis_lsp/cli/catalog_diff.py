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
from ..formats.agtp_kinds import LEGACY_VERBS

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


def _where(doc, path, part="value") -> tuple[int, int]:
    r = doc.range(tuple(path), part)
    return r.start.line + 1, r.start.character + 1


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


def scan_deployment(root: str, old, new, removed: dict, deprecated: dict) -> dict:
    """Conflicts of a deployment under the ``new`` catalog (see :data:`SECTIONS`)."""
    from ..formats.deployment import DocumentCache, find_deployment
    from ..rules.agtp._common import analyze_path, normalize_segment
    report: dict = {k: [] for k, _ in SECTIONS}
    report["parse_errors"] = []
    dep = find_deployment(root, cache=DocumentCache())
    if dep is None:
        report["parse_errors"].append({"file": root, "message": "not a deployment directory "
                                       "(no agtp-server.toml, agtp-recipes.toml or endpoints/)"})
        return report

    def rel(path: str) -> str:
        return os.path.relpath(path, root)

    for f in dep.files():
        d = dep.doc(f)
        if d is not None and not d.parsed:
            p = d.problems[0] if d.problems else None
            line, col = ((d.lines.position(p.start).line + 1, d.lines.position(p.start).character + 1)
                         if p else (1, 1))
            report["parse_errors"].append({"file": rel(f), "line": line, "column": col,
                                           "message": p.message if p else "does not parse"})
    added_new = {m for m in new.methods if m not in old.methods and not new.is_removed(m)}

    for ref in dep.endpoints:
        ep, doc = ref.view, ref.doc
        m = ep.method.strip().upper() if isinstance(ep.method, str) else None
        if m and m in removed:
            line, col = _where(doc, *ep.method_loc)
            succ = removed[m]
            report["endpoint_conflicts"].append(Conflict(
                rel(ref.file), line, col, f"{ep.label} declares {m}, which catalog {new.version} "
                f"removes: the server refuses to load this endpoint"
                + (f"; migrate to {succ}" if succ else ""), m, {"path": ep.path, "successor": succ}))
        elif m and m in deprecated:
            line, col = _where(doc, *ep.method_loc)
            succ = deprecated[m]
            report["deprecations"].append(Conflict(
                rel(ref.file), line, col, f"{ep.label} uses {m}, deprecated in catalog "
                f"{new.version}" + (f"; successor {succ}" if succ else ""), m,
                {"path": ep.path, "successor": succ}))
        if isinstance(ep.path, str):
            for seg in analyze_path(ep.path).segments:
                verb = normalize_segment(seg.text) if seg.kind == "literal" else ""
                if verb in added_new:
                    line, col = _where(doc, *ep.path_loc)
                    report["path_conflicts"].append(Conflict(
                        rel(ref.file), line, col, f"path {ep.path}: segment '{seg.text}' is {verb}, "
                        f"a verb catalog {new.version} adds; the server will answer 460 Endpoint "
                        "Violation", verb, {"path": ep.path, "segment": seg.text}))

    if dep.recipes is not None:
        doc = dep.recipes_doc
        for r in dep.recipes.recipes:
            for s in r.steps:
                m = s.method.strip().upper() if isinstance(s.method, str) else None
                if m in removed:
                    line, col = _where(doc, s.path + ("method",))
                    report["recipe_conflicts"].append(Conflict(
                        rel(dep.recipes_path), line, col, f"recipe '{r.name}' step {s.index + 1} "
                        f"calls {m}, which catalog {new.version} removes: plans using the recipe "
                        "fail", m, {"recipe": r.name, "step": s.index + 1}))
            pat = r.body.get("pattern")
            ne = pat.get("name_exact") if isinstance(pat, dict) else None
            if isinstance(ne, str) and ne.upper() in removed:
                line, col = _where(doc, r.path + ("pattern", "name_exact"))
                report["recipe_conflicts"].append(Conflict(
                    rel(dep.recipes_path), line, col, f"recipe '{r.name}' matches proposals for "
                    f"{ne.upper()}, which catalog {new.version} removes", ne.upper(),
                    {"recipe": r.name}))

    pol = dep.policy
    if pol is not None:
        doc = dep.server_doc
        base = pol.methods_path
        entries = []
        for key in ("allow", "disallow"):
            raw = pol.methods.get(key)
            for i, v in enumerate(raw if isinstance(raw, list) else []):
                entries.append((base + (key, i), v, f"{key} entry"))
        for i, red in enumerate(pol.redirects):
            if isinstance(red, dict):
                for key in ("from_method", "to_method"):
                    entries.append((base + ("redirects", i, key), red.get(key), f"redirect {key}"))
        for k, v in pol.aliases.items():
            entries.append((base + ("aliases", k), v, f"alias target of {k}"))
        for path, v, what in entries:
            if not isinstance(v, str):
                continue
            m = v.strip().upper()
            if m in removed and m not in LEGACY_VERBS:
                line, col = _where(doc, path)
                report["policy_conflicts"].append(Conflict(
                    rel(dep.server_path), line, col, f"{what} {m} is removed by catalog "
                    f"{new.version}: the server skips this entry (section 9.4)", m))
    return report


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
                                 deprecated)
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
