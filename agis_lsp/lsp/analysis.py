"""Linting one document for the server: what runs in the worker threads.

Nothing here knows LSP. ``analyse`` parses a text, decides whether the server
cares about it at all (other files are left alone), resolves the configuration
and the catalog, and runs the mechanical passes; ``analyse_semantic`` runs the
model-backed passes on the same parsed document.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from typing import Any

from ..document import Document, parse_text
from ..engine.config import Config, ConfigError, config_for
from ..engine.registry import rules_for
from ..engine.runner import lint
from ..formats import AGIS_SUFFIXES, detect_kind

log = logging.getLogger("agis_lsp.lsp")

DEPLOYMENT_NAMES = ("agtp-server.toml", "agtp-recipes.toml")


@dataclass
class Analysis:
    """The mechanical result for one (uri, version)."""
    uri: str
    version: int | None
    path: str | None
    doc: Document
    kind: str | None
    config: Config
    catalog: Any = None
    deployment: Any = None
    diagnostics: list = field(default_factory=list)   # engine Diagnostics (mechanical)
    notes: list = field(default_factory=list)
    has_semantic: bool = False                        # semantic rules apply to this kind

    @property
    def relevant(self) -> bool:
        return self.kind is not None


def guess_kind_by_name(path: str | None) -> str | None:
    """What a file is from its name alone (for documents that do not parse)."""
    if not path:
        return None
    norm = path.replace(os.sep, "/")
    name = norm.rsplit("/", 1)[-1].lower()
    if name.endswith(AGIS_SUFFIXES):
        return "agis"
    if name == "agtp-server.toml":
        return "agtp-server"
    if name == "agtp-recipes.toml":
        return "agtp-recipes"
    if name.endswith(".toml") and "/endpoints/" in norm:
        return "agtp-endpoint"
    from ..formats.registry import kind_by_name
    return kind_by_name(norm)


def detect(doc: Document, previous: str | None = None) -> str | None:
    """The document kind, or None for files the server leaves alone.

    A document that does not parse keeps the kind it had (or its name's);
    otherwise the content decides.
    """
    by_name = guess_kind_by_name(doc.path)
    if not doc.parsed:
        return by_name or previous
    try:
        kind = detect_kind(doc)
    except ImportError:  # a kind whose format module is not available
        kind = None
    except Exception:  # noqa: BLE001 - detection must never take a document down
        log.exception("kind detection failed for %s", doc.path)
        kind = None
    return kind or by_name


def resolve_config(path: str | None, root: str | None, settings) -> Config:
    try:
        base = config_for(path if path else root)
    except ConfigError as exc:
        log.warning("configuration error (defaults used): %s", exc)
        base = Config()
    return settings.apply(base) if settings is not None else base


def load_catalog_for(config: Config):
    from ..catalog import CatalogError, load_catalog
    try:
        return load_catalog(config.catalog)
    except CatalogError as exc:
        log.warning("catalog %s could not be loaded (the shipped catalog is used): %s",
                    config.catalog, exc)
        return load_catalog(None)


def find_deployment_for(path: str | None, kind: str | None, overlay: dict | None):
    if not path or not kind or not kind.startswith("agtp-"):
        return None
    try:
        from ..formats.deployment import find_deployment
    except ImportError:
        return None
    try:
        return find_deployment(path, overlay)
    except Exception:  # noqa: BLE001
        log.exception("could not read the deployment around %s", path)
        return None


def deployment_files(deployment) -> list[str]:
    """Absolute paths of the files of a deployment (whatever shape the object has)."""
    if deployment is None:
        return []
    files = getattr(deployment, "files", None)
    if callable(files):
        files = files()
    if isinstance(files, dict):
        files = list(files)
    out = []
    for f in files or ():
        p = getattr(f, "path", f)
        if isinstance(p, str):
            out.append(os.path.abspath(p))
    return out


def parse_for(path: str | None, text: str) -> Document:
    try:
        return parse_text(text, path)
    except ImportError as exc:  # e.g. TOML support not installed
        doc = Document(text, path)
        log.warning("cannot parse %s: %s", path, exc)
        return doc


def analyse(uri: str, path: str | None, text: str, version: int | None, *, settings=None,
            root: str | None = None, previous_kind: str | None = None,
            overlay: dict | None = None, doc: Document | None = None) -> Analysis:
    """Parse and run the mechanical passes (called in the lint worker)."""
    doc = doc if doc is not None else parse_for(path, text)
    kind = detect(doc, previous_kind)
    config = resolve_config(path, root, settings)
    result = Analysis(uri, version, path, doc, kind, config)
    if kind is None:
        return result
    result.catalog = load_catalog_for(config)
    result.deployment = find_deployment_for(path, kind, overlay)
    lint_result = lint(doc, config, phase="mechanical", kind=kind, deployment=result.deployment,
                       catalog=result.catalog)
    result.diagnostics = _own(lint_result.diagnostics, uri)
    result.notes = list(lint_result.notes)
    result.has_semantic = doc.parsed and config.semantic and any(
        r.semantic for r in rules_for(kind) + rules_for(kind, "deployment"))
    return result


def analyse_semantic(analysis: Analysis) -> tuple[list, list]:
    """Run the model-backed passes on an analysis' document (called in the model worker)."""
    res = lint(analysis.doc, analysis.config, phase="semantic", kind=analysis.kind,
               deployment=analysis.deployment, catalog=analysis.catalog)
    return _own(res.diagnostics, analysis.uri), list(res.notes)


def _own(diagnostics: list, uri: str) -> list:
    """Cross-file rules report on the current document; anything else is dropped."""
    out = []
    for d in diagnostics:
        if d.uri and d.uri != uri and not _same_file(d.uri, uri):
            log.debug("dropping %s reported against another document (%s)", d.code, d.uri)
            continue
        out.append(d)
    return out


def _same_file(a: str, b: str) -> bool:
    from .uris import to_path

    def as_path(x: str):
        return to_path(x) if "://" in x else os.path.abspath(x)

    pa, pb = as_path(a), as_path(b)
    return pa is not None and pa == pb
