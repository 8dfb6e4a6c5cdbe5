"""Output formats: text, json, sarif (2.1.0), github (workflow commands)."""
from __future__ import annotations

import json
import os

from .. import __version__
from ..engine.findings import Severity
from ..engine.registry import all_rules, get_rule, rule_url

SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning",
               Severity.INFORMATION: "note", Severity.HINT: "note"}


def _pass_tag(d) -> str:
    return f"[pass {d.pass_no}] " if d.pass_no else ""


def render_text(results, notes, show_fixes: bool = False) -> str:
    lines = []
    for path, diags in results:
        for d in diags:
            s = d.range.start
            fix = ""
            if show_fixes and d.fixes:
                fix = f" (fix{'' if d.fixes[0].safe else ', unsafe'}: {d.fixes[0].title})"
            lines.append(f"{path}:{s.line + 1}:{s.character + 1}: {d.severity.label} {d.code} "
                         f"{_pass_tag(d)}{d.message}{fix}")
    for note in notes:
        lines.append(f"info: {note}")
    return "\n".join(lines)


def _edit_json(doc, e) -> dict:
    return {"range": doc.lines.range(e.start, e.end).to_json(), "newText": e.new_text}


def diagnostic_json(path, doc, d) -> dict:
    out = {"path": path, "range": d.range.to_json(), "severity": d.severity.label, "code": d.code,
           "name": d.name, "pass": d.pass_no, "message": d.message,
           "fixes": [{"title": f.title, "safety": f.safety, "edits": [_edit_json(doc, e) for e in f.edits]}
                     for f in d.fixes]}
    if d.tags:
        out["tags"] = list(d.tags)
    if d.related:
        out["related"] = [_related_json(path, r) for r in d.related]
    if isinstance(d.data, dict) and "flow" in d.data:
        out["flow"] = d.data["flow"]        # MCPT501-503: the combination's servers and tools
    return out


def _related_json(path, r) -> dict:
    """A related location: its file (the diagnostic's own when the rule named none) and,
    whenever that file could be read, its range (0-based, UTF-16, as the server's)."""
    out = {"path": path if r.file is None else r.file, "message": r.message}
    if r.range is not None:
        out["range"] = r.range.to_json()
    return out


def summary(results) -> dict:
    diags = [d for _, _, ds in results for d in ds]
    return {"files": len(results),
            "errors": sum(d.severity == Severity.ERROR for d in diags),
            "warnings": sum(d.severity == Severity.WARNING for d in diags)}


def render_json(results, notes, extra: dict | None = None) -> str:
    out = {"tool": "agis-lint", "version": __version__,
           "diagnostics": [diagnostic_json(p, doc, d) for p, doc, ds in results for d in ds],
           "summary": summary(results), **(extra or {})}
    if notes:
        out["notes"] = notes
    return json.dumps(out, indent=2, ensure_ascii=False)


def _gh_data(text: str) -> str:
    """A workflow command's message (actions/toolkit ``escapeData``)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    """A workflow command's property value (``escapeProperty``): also ``:`` and ``,``."""
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(results, notes) -> str:
    level = {Severity.ERROR: "error", Severity.WARNING: "warning",
             Severity.INFORMATION: "notice", Severity.HINT: "notice"}
    lines = []
    for path, _, diags in results:
        for d in diags:
            s, e = d.range.start, d.range.end
            lines.append(f"::{level[d.severity]} file={_gh_property(path)},line={s.line + 1},"
                         f"col={s.character + 1},endLine={e.line + 1},endColumn={e.character + 1},"
                         f"title={_gh_property(f'{d.code} {d.name}')}::{_gh_data(d.message)}")
    for note in notes:
        lines.append(f"::notice::{_gh_data(note)}")
    return "\n".join(lines)


def render_sarif(results, notes, docs_base_url: str | None = None) -> str:
    rules = all_rules()
    index = {r.code: i for i, r in enumerate(rules)}
    sarif_rules = []
    for r in rules:
        sarif_rules.append({
            "id": r.code, "name": "".join(w.capitalize() for w in r.name.split("-")),
            "shortDescription": {"text": r.summary},
            "fullDescription": {"text": r.sections.get("What it does", r.summary)},
            "help": {"text": r.doc, "markdown": r.render_markdown()},
            "properties": {"pass": r.pass_no, "tags": [r.name] + ([f"pass-{r.pass_no}"] if r.pass_no else [])},
        })
        if docs_base_url:
            sarif_rules[-1]["helpUri"] = rule_url(docs_base_url, r.code)
    sarif_results = []
    for path, doc, diags in results:
        uri = path.replace(os.sep, "/")
        for d in diags:
            s, e = d.range.start, d.range.end
            # SARIF columns are 1-based; the default columnKind is UTF-16 code units, like LSP.
            res = {"ruleId": d.code, "ruleIndex": index.get(d.code, 0), "level": SARIF_LEVEL[d.severity],
                   "message": {"text": d.message},
                   "locations": [{"physicalLocation": {
                       "artifactLocation": {"uri": uri},
                       "region": {"startLine": s.line + 1, "startColumn": s.character + 1,
                                  "endLine": e.line + 1, "endColumn": e.character + 1}}}]}
            if d.fixes:
                res["fixes"] = [{"description": {"text": f.title}, "artifactChanges": [{
                    "artifactLocation": {"uri": uri},
                    "replacements": [{"deletedRegion": _region(doc, x), "insertedContent": {"text": x.new_text}}
                                     for x in f.edits]}]} for f in d.fixes]
            sarif_results.append(res)
    log = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "agis-lint", "version": __version__,
                                          "semanticVersion": __version__,
                                          "informationUri": "https://github.com/agis-lsp/agis-lsp",
                                          "rules": sarif_rules}},
                     "columnKind": "utf16CodeUnits",
                     "results": sarif_results,
                     "invocations": [{"executionSuccessful": True,
                                      "toolExecutionNotifications": [{"level": "note", "message": {"text": n}}
                                                                     for n in notes]}]}]}
    return json.dumps(log, indent=2, ensure_ascii=False)


def _region(doc, e) -> dict:
    r = doc.lines.range(e.start, e.end)
    return {"startLine": r.start.line + 1, "startColumn": r.start.character + 1,
            "endLine": r.end.line + 1, "endColumn": r.end.character + 1}


def render_rule(code: str) -> str | None:
    r = get_rule(code)
    return None if r is None else r.render_markdown()


def render_rules_json() -> str:
    """The rule table (``agis_lsp.rules.table``) with each rule's default severity."""
    from ..engine.registry import table_rows
    return json.dumps({"rules": table_rows()}, indent=2, ensure_ascii=False)


def render_rules_table() -> str:
    rows = ["| code | name | pass | kinds | summary |", "|---|---|---|---|---|"]
    for r in all_rules():
        rows.append(f"| {r.code} | {r.name} | {r.pass_no or '-'} | {', '.join(r.kinds)} | {r.summary} |")
    return "\n".join(rows)
