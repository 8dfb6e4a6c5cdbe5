"""Client settings (the ``agis`` section) and how they override the config files.

Settings come from ``workspace/configuration`` (or the ``settings`` of
``workspace/didChangeConfiguration`` for clients without it, or the
``initializationOptions``). They override what ``config_for(path)`` finds via
``Config.merged(...)``; severities stay configuration, never server code.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from ...engine.config import Config, parse_severity

SECTION = "agis"


@dataclass(frozen=True)
class Settings:
    level: int | None = None
    semantic: bool | None = None
    catalog_path: str | None = None
    severity: dict = field(default_factory=dict)     # code -> Severity | None (off)
    docs_base_url: str | None = None
    debounce_ms: int | None = None                    # None: the server's adaptive delay
    problems: tuple = ()                              # messages about values we ignored

    def apply(self, config: Config) -> Config:
        """``config`` (from the config files) with these settings on top."""
        return config.merged(level=self.level, semantic=self.semantic, catalog=self.catalog_path,
                             severity=dict(self.severity) if self.severity else None)


def section_of(raw) -> dict:
    """The ``agis`` section of a settings object (``{"agis": {...}}`` or the section itself)."""
    if isinstance(raw, dict) and isinstance(raw.get(SECTION), dict):
        return raw[SECTION]
    return raw if isinstance(raw, dict) else {}


def parse_settings(raw, root: str | None = None) -> Settings:
    """Read the ``agis`` section (a dict; ``{"agis": {...}}`` is unwrapped too).

    Invalid values are ignored and named in ``Settings.problems``.
    """
    raw = section_of(raw)
    problems: list[str] = []
    kw: dict = {}

    level = raw.get("level")
    if level is not None:
        if level in (1, 2) or level in ("1", "2"):
            kw["level"] = int(level)
        else:
            problems.append(f"agis.level must be 1 or 2, not {level!r}")

    semantic = raw.get("semantic")
    enabled = semantic.get("enabled") if isinstance(semantic, dict) else semantic
    if enabled is not None:
        if isinstance(enabled, bool):
            kw["semantic"] = enabled
        else:
            problems.append(f"agis.semantic.enabled must be true or false, not {enabled!r}")

    catalog = raw.get("catalogPath")
    if isinstance(catalog, str) and catalog.strip():
        path = os.path.expanduser(catalog.strip())
        if root and not os.path.isabs(path):
            path = os.path.join(root, path)
        kw["catalog_path"] = os.path.normpath(path)
    elif catalog not in (None, ""):
        problems.append(f"agis.catalogPath must be a path, not {catalog!r}")

    severity = raw.get("severity")
    if isinstance(severity, dict):
        parsed = {}
        for code, value in severity.items():
            try:
                parsed[str(code).strip().upper()] = parse_severity(value)
            except (KeyError, AttributeError):
                problems.append(f"agis.severity.{code}: unknown severity {value!r} "
                                "(error, warning, information, hint or off)")
        kw["severity"] = parsed
    elif severity not in (None, ""):
        problems.append("agis.severity must be an object {CODE: level}")

    base = raw.get("docsBaseUrl")
    if isinstance(base, str) and base.strip():
        kw["docs_base_url"] = base.strip()

    debounce = raw.get("debounceMs")
    if debounce is not None:
        if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and \
                0 <= debounce <= 5000:
            kw["debounce_ms"] = int(debounce)
        else:
            problems.append(f"agis.debounceMs must be a number of milliseconds, not {debounce!r}")
    return Settings(problems=tuple(problems), **kw)
