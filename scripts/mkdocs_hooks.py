"""MkDocs hooks: the documentation site's generated pages.

Nothing here is written by hand twice: every rule page renders from the rule's
docstring and the engine's rule table (the same text `agis-lint rule CODE`, hovers
and diagnostic links show), and the front page is the repository's README with
its links rewritten for the site. Used by ``mkdocs.yml`` (``hooks:``); build with
``python scripts/build_docs.py`` (``mkdocs build --strict``).
"""
from __future__ import annotations

import os
import re

_REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Repository files outside docs/ that pages link to, published under these names.
_EXTRA_PAGES = {"README.md": "index.md", "models/README.md": "model-building.md"}

_FAMILIES = {
    "AGIS": "AGIS documents (passes 1-8; AGIS0xx document level)",
    "AGTP": "AGTP-API deployments",
    "AGSC": "Security (tool poisoning, prompt injection)",
    "AGWK": "/.well-known/agis.json",
    "ATOT": "A2T tool signatures",
    "AGDP": "Agent Discovery Protocol",
    "AINP": "AINP manifests",
    "MCPT": "MCP tool lists",
    "MCPC": "MCP client configurations",
    "TOOL": "Verb checks shared by the agent-interface formats",
}


def _rules():
    from agis_lsp.engine.config import default_severities
    from agis_lsp.engine.registry import all_rules
    severities = default_severities()
    return all_rules(), severities


def _severity_name(sev) -> str:
    return "off" if sev is None else sev.name.lower()


def rule_page(rule, severity) -> str:
    """One rule's page: its facts as a table, then its documentation sections."""
    facts = [
        ("Code", f"`{rule.code}`"),
        ("Name", f"`{rule.name}`"),
        ("Pass", str(rule.pass_no) if rule.pass_no else "document level"),
        ("Applies to", ", ".join(f"`{k}`" for k in rule.kinds)),
        ("Default severity", _severity_name(severity)),
        ("Needs the model", "yes (skipped with `--no-semantic`)" if rule.semantic else "no"),
        ("Scope", "deployment (cross-file)" if rule.scope == "deployment" else "one document"),
        ("Status", rule.status),
    ]
    if rule.spec:
        facts.append(("Specification", rule.spec))
    head = [f"# {rule.code} {rule.name}", "", rule.summary, "", "| Property | Value |", "|---|---|"]
    head += [f"| {k} | {v} |" for k, v in facts]
    body = []
    for title, text in rule.sections.items():
        if title == "summary":
            continue
        body += ["", f"## {title}", "", text.strip()]
    foot = ["", "---", "",
            f"Suppress it on one line with `# agis-lint: disable={rule.code}`, or set its severity "
            f"in the configuration (`[tool.agis-lint.severity] {rule.code} = \"off\"`); see "
            "[Usage](../usage.md). `agis-lint rule " + rule.code + "` prints this page in a terminal."]
    return "\n".join(head + body + foot) + "\n"


def rules_index(rules, severities) -> str:
    out = ["# Rules", "",
           f"{len(rules)} rules. Each page renders from the rule's own documentation, as "
           "`agis-lint rule CODE` and the editor's hover do; `agis-lint rules` prints this table.", ""]
    by_family: dict[str, list] = {}
    for r in rules:
        by_family.setdefault(r.code[:4], []).append(r)
    for fam in sorted(by_family, key=lambda f: list(_FAMILIES).index(f) if f in _FAMILIES else 99):
        out += [f"## {fam}: {_FAMILIES.get(fam, fam)}", "",
                "| code | name | pass | default | summary |", "|---|---|---|---|---|"]
        for r in by_family[fam]:
            summary = r.summary.replace("|", "\\|")
            out.append(f"| [{r.code}]({r.code}.md) | `{r.name}` | {r.pass_no or '-'} | "
                       f"{_severity_name(severities.get(r.code))} | {summary} |")
        out.append("")
    return "\n".join(out)


_LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


def _rewrite_readme_links(text: str) -> str:
    """README links are relative to the repository root; the site's are relative to docs/."""
    def sub(m: re.Match) -> str:
        target, anchor = m.group(1), m.group(2) or ""
        if re.match(r"^[a-z]+:", target):
            return m.group(0)
        if target in _EXTRA_PAGES:
            return f"]({_EXTRA_PAGES[target]}{anchor})"
        if target.startswith("docs/"):
            return f"]({target[len('docs/'):]}{anchor})"
        return m.group(0)
    return _LINK.sub(sub, text)


def _rewrite_model_links(text: str) -> str:
    """models/README.md links relative to models/."""
    def sub(m: re.Match) -> str:
        target, anchor = m.group(1), m.group(2) or ""
        if target == "../README.md":
            return f"](index.md{anchor})"
        if target.startswith("../docs/"):
            return f"]({target[len('../docs/'):]}{anchor})"
        return m.group(0)
    return _LINK.sub(sub, text)


def on_files(files, config):
    from mkdocs.structure.files import File   # here: rule_page renders (and is tested) without mkdocs
    rules, severities = _rules()
    for code_rule in rules:
        files.append(File.generated(config, f"rules/{code_rule.code}.md",
                                    content=rule_page(code_rule, severities.get(code_rule.code))))
    files.append(File.generated(config, "rules/index.md", content=rules_index(rules, severities)))
    for source, dest in _EXTRA_PAGES.items():
        with open(os.path.join(_REPO, source), encoding="utf-8") as fh:
            text = fh.read()
        text = _rewrite_readme_links(text) if source == "README.md" else _rewrite_model_links(text)
        files.append(File.generated(config, dest, content=text))
    return files


def on_page_markdown(markdown, page, config, files):
    """Links from docs/ pages to the repository's README and model notes go to their site pages."""
    def sub(m: re.Match) -> str:
        target, anchor = m.group(1), m.group(2) or ""
        if target.startswith("../"):
            repo_rel = target[3:]
            if repo_rel in _EXTRA_PAGES:
                return f"]({_EXTRA_PAGES[repo_rel]}{anchor})"
        return m.group(0)
    if page.file.src_uri.count("/") == 0:
        return _LINK.sub(sub, markdown)
    return markdown
