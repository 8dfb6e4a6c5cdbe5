"""Configuration: ``[tool.agis-lint]`` in pyproject.toml or ``.agis-lint.toml`` (top-level
options or the same ``[tool.agis-lint]`` table).

Found from the linted file upwards; the first file that configures agis-lint
wins. Severities live here (defaults in ``severity/*.toml``), never in rules.
"""
from __future__ import annotations

import fnmatch
import os
import sys
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path

from ..document.size import DEFAULT_MAX_FILE_SIZE
from ..files.reading import read_bytes
from .findings import Severity


def _tomllib():
    """``tomllib`` (``tomli`` before 3.11), imported on first use: most runs read no TOML."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib


CONFIG_FILES = (".agis-lint.toml", "pyproject.toml")
MAX_CONFIG_SIZE = 4 * 1024 * 1024       # bytes of a configuration file read at most
_KEYS = {"select", "ignore", "extend-select", "severity", "level", "semantic", "catalog",
         "per-file-ignores", "fail-level", "max-file-size", "conventions", "respect-gitignore",
         "mcp"}
# What a rule marked convention="agis" defaults to on a format that does not adopt AGIS.
CONVENTION_DEFAULT = Severity.INFORMATION


class ConfigError(Exception):
    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


@lru_cache(maxsize=1)
def default_severities() -> dict[str, Severity]:
    return {code: Severity.parse(value) for code, value in _severity_table().items()}


def _severity_table() -> dict:
    """code -> the value ``severity/*.toml`` gives it. The parsed table is kept in the cache
    directory under a stamp of the files (:func:`cachedir.files_stamp`: any write, added or
    removed file changes it): a run without a configuration file of its own then neither
    imports a TOML parser (~5 ms of a small file's run) nor reads the files."""
    import marshal

    from . import cachedir
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "severity")
    files = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".toml")]
    stamp = cachedir.files_stamp(files)
    entry = os.path.join(cachedir.cache_dir(), "severities", f"2-{stamp}.marshal") if stamp else None
    raw = cachedir.read(entry) if entry else None
    try:
        table = marshal.loads(raw) if raw else None
    except (ValueError, EOFError, TypeError):
        table = None
    if isinstance(table, dict):
        return table
    table = {}
    for path in files:
        with open(path, "rb") as fh:
            table.update(_tomllib().loads(fh.read().decode("utf-8")).get("severity", {}))
    if entry is None:
        return table
    try:
        cachedir.write_atomic(entry, marshal.dumps(table))
    except ValueError:  # a value marshal cannot hold
        pass
    return table


@dataclass(frozen=True)
class Config:
    select: tuple = ()                  # code prefixes; empty = everything
    ignore: tuple = ()
    severity: dict = field(default_factory=dict)   # code -> Severity | None (off)
    level: int = 1
    semantic: bool = True
    catalog: str | None = None
    per_file_ignores: dict = field(default_factory=dict)  # glob -> tuple of prefixes
    fail_level: Severity = Severity.ERROR
    max_file_size: int = DEFAULT_MAX_FILE_SIZE      # bytes; 0 = no limit (document.size)
    source: str | None = None
    conventions: tuple = ()             # where AGIS's conventions are adopted beyond AGIS/AGTP:
                                        # "*" (everywhere), document kinds, or rule-code prefixes
    respect_gitignore: bool = True      # a directory walk leaves out what git ignores
    accept_flows: tuple = ()            # ((sorted server names, reason), ...): reviewed
                                        # tool combinations ([tool.agis-lint.mcp] accept-flows)

    @cached_property
    def _enabled_memo(self) -> dict:
        """code -> enabled, one per Config; not a field (not in repr, eq or replace).
        ``cached_property`` writes the instance's ``__dict__`` without the frozen ``__setattr__``."""
        return {}

    def enabled(self, code: str, path: str | None = None) -> bool:
        if path and self.per_file_ignores:
            return self._enabled(code, path)
        memo = self._enabled_memo
        hit = memo.get(code)
        if hit is None:
            hit = memo[code] = self._enabled(code, None)
        return hit

    def _enabled(self, code: str, path: str | None) -> bool:
        if self.select and not any(code.startswith(p) for p in self.select):
            return False
        if any(code.startswith(p) for p in self.ignore):
            return False
        if path and self.per_file_ignores:
            rel = _relative(path, self.source)
            for pattern, prefixes in self.per_file_ignores.items():
                if fnmatch.fnmatch(rel, pattern) and any(code.startswith(p) for p in prefixes):
                    return False
        return self.severity_of(code) is not None

    def severity_of(self, code: str) -> Severity | None:
        if code in self.severity:
            return self.severity[code]
        return default_severities().get(code, Severity.WARNING)

    def severity_for(self, rule, kind: str | None) -> Severity | None:
        """The severity of ``rule``'s findings in a document of ``kind``: the configured one;
        else the default, lowered to information for an AGIS convention (``rule.convention``)
        on a format whose own spec does not ask for it, unless ``conventions`` adopts it."""
        sev = self.severity_of(rule.code)
        if sev is None or not getattr(rule, "convention", "") or rule.code in self.severity:
            return sev
        if self.adopts(rule.code, kind):
            return sev
        return max(sev, CONVENTION_DEFAULT)

    def adopts(self, code: str, kind: str | None) -> bool:
        """Are AGIS's conventions in force for ``code`` in a document of ``kind``?"""
        from ..formats.registry import adopts_agis_conventions
        if adopts_agis_conventions(kind):
            return True
        return any(c == "*" or c == kind or code.startswith(c) for c in self.conventions)

    def merged(self, **overrides) -> "Config":
        clean = {k: v for k, v in overrides.items() if v is not None}
        if "severity" in clean:
            clean["severity"] = {**self.severity, **clean["severity"]}
        return replace(self, **clean)


def _relative(path: str, source: str | None) -> str:
    base = os.path.dirname(source) if source else os.getcwd()
    try:
        return os.path.relpath(path, base).replace(os.sep, "/")
    except ValueError:
        return path


def _codes(value, key: str, source: str) -> tuple:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"'{key}' must be a list of rule codes", source)
    return tuple(v.strip().upper() for v in value)


_UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1024 ** 2, "mb": 1024 ** 2,
          "mib": 1024 ** 2, "g": 1024 ** 3, "gb": 1024 ** 3, "gib": 1024 ** 3}


def parse_size(value, source: str | None = None) -> int:
    """``max-file-size``: bytes (an integer) or a string with a unit ("10 MB", "512KB";
    KB/MB/GB are powers of 1024); 0 turns the limit off."""
    import re
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    m = re.fullmatch(r"\s*([0-9]{1,12}(?:\.[0-9]{1,6})?)\s*([A-Za-z]{0,3})\s*", value) \
        if isinstance(value, str) else None
    if m and m.group(2).lower() in _UNITS:
        return int(float(m.group(1)) * _UNITS[m.group(2).lower()])
    raise ConfigError("'max-file-size' must be a number of bytes or a size such as \"10 MB\" "
                      "(KB, MB, GB); 0 for no limit", source)


def _conventions(value, source: str | None) -> tuple:
    """``conventions = "agis"`` (AGIS's conventions on every format), ``"formats"`` (each
    format's own: the default), or a list of document kinds (``"mcp-tools"``) and rule codes
    or prefixes (``"TOOL301"``, ``"TOOL3"``) that adopt them."""
    from ..formats.registry import kind_names
    if value == "agis":
        return ("*",)
    if value == "formats":
        return ()
    if isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value):
        out = []
        for v in value:
            v = v.strip()
            if v == "agis":
                out.append("*")
            elif v in kind_names():
                out.append(v)
            elif v.upper()[:1].isalpha() and v.upper().isalnum():
                out.append(v.upper())
            else:
                raise ConfigError(f"'conventions': {v!r} is neither a document kind "
                                  f"({', '.join(kind_names())}) nor a rule code", source)
        return tuple(out)
    raise ConfigError("'conventions' must be \"agis\", \"formats\", or a list of document kinds and "
                      "rule codes", source)


def _mcp_table(value, source: str | None) -> tuple:
    """``[tool.agis-lint.mcp] accept-flows = [{servers = ["fetch", "files"], reason = "…"}]``:
    combinations of servers a reviewer accepted (MCPT501-503 no longer report them)."""
    if not isinstance(value, dict) or set(value) - {"accept-flows"}:
        raise ConfigError("'mcp' must be a table holding 'accept-flows' only", source)
    flows = value.get("accept-flows", [])
    form = "'mcp.accept-flows' must be a list of {servers = [\"name\", …], reason = \"…\"}"
    if not isinstance(flows, list):
        raise ConfigError(form, source)
    out = []
    for item in flows:
        servers = item.get("servers") if isinstance(item, dict) else None
        reason = item.get("reason") if isinstance(item, dict) else None
        if not isinstance(item, dict) or set(item) - {"servers", "reason"} or \
                not isinstance(servers, list) or not servers or \
                not all(isinstance(n, str) and n.strip() for n in servers):
            raise ConfigError(form, source)
        if not isinstance(reason, str) or not reason.strip():
            raise ConfigError(f"'mcp.accept-flows': the combination {servers} needs a 'reason' "
                              "(why it was accepted)", source)
        out.append((tuple(sorted({n.strip() for n in servers})), reason.strip()))
    return tuple(out)


def parse_severity(value) -> Severity | None:
    if value in ("off", "none", False):
        return None
    return Severity.parse(str(value))


def config_from_table(table: dict, source: str | None = None) -> Config:
    unknown = set(table) - _KEYS
    if unknown:
        raise ConfigError(f"unknown option(s): {', '.join(sorted(unknown))}", source)
    kw: dict = {"source": source}
    if "select" in table:
        kw["select"] = _codes(table["select"], "select", source)
    if "extend-select" in table:
        kw["select"] = kw.get("select", ()) + _codes(table["extend-select"], "extend-select", source)
    if "ignore" in table:
        kw["ignore"] = _codes(table["ignore"], "ignore", source)
    if "severity" in table:
        sev = table["severity"]
        if not isinstance(sev, dict):
            raise ConfigError("'severity' must be a table of CODE = \"error|warning|information|hint|off\"",
                              source)
        try:
            kw["severity"] = {k.upper(): parse_severity(v) for k, v in sev.items()}
        except KeyError as exc:
            raise ConfigError(f"unknown severity {exc}", source) from None
    if "level" in table:
        if table["level"] not in (1, 2):
            raise ConfigError("'level' must be 1 or 2", source)
        kw["level"] = table["level"]
    for key in ("semantic", "respect-gitignore"):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"'{key}' must be true or false", source)
            kw[key.replace("-", "_")] = table[key]
    if "catalog" in table:
        cat = table["catalog"]
        if not isinstance(cat, str):
            raise ConfigError("'catalog' must be a path", source)
        if source and not os.path.isabs(cat):
            cat = os.path.join(os.path.dirname(source), cat)
        kw["catalog"] = cat
    if "per-file-ignores" in table:
        pfi = table["per-file-ignores"]
        if not isinstance(pfi, dict):
            raise ConfigError("'per-file-ignores' must be a table of glob = [codes]", source)
        kw["per_file_ignores"] = {g: _codes(v, "per-file-ignores", source) for g, v in pfi.items()}
    if "max-file-size" in table:
        kw["max_file_size"] = parse_size(table["max-file-size"], source)
    if "conventions" in table:
        kw["conventions"] = _conventions(table["conventions"], source)
    if "mcp" in table:
        kw["accept_flows"] = _mcp_table(table["mcp"], source)
    if "fail-level" in table:
        try:
            kw["fail_level"] = Severity.parse(table["fail-level"])
        except KeyError:
            raise ConfigError("'fail-level' must be error, warning, information or hint", source) \
                from None
    return Config(**kw)


def find_config_file(start: str | os.PathLike) -> str | None:
    p = Path(start).resolve()
    folder = p if p.is_dir() else p.parent
    for d in (folder, *folder.parents):
        for name in CONFIG_FILES:
            candidate = d / name
            if candidate.is_file():
                if name == "pyproject.toml" and not _has_tool_table(candidate):
                    continue
                return str(candidate)
    return None


def _has_tool_table(path: Path) -> bool:
    try:
        return b"[tool.agis-lint" in read_bytes(path, MAX_CONFIG_SIZE)
    except OSError:     # unreadable, too large, no regular file: not a configuration
        return False


@lru_cache(maxsize=64)
def _load_cached(path: str, mtime: float) -> Config:
    try:
        raw = read_bytes(path, MAX_CONFIG_SIZE, "configuration file")
    except OSError as exc:   # a FIFO or a device named --config, a symlink loop, too large
        raise ConfigError(f"cannot be read: {exc.strerror or exc}", path) from None
    try:
        data = _tomllib().loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
                          path) from None
    except _tomllib().TOMLDecodeError as exc:
        raise ConfigError(f"invalid TOML: {exc}", path) from None
    except ValueError as exc:   # an integer past Python's int-string limit (4,300 digits)
        raise ConfigError(f"invalid TOML: {exc}", path) from None
    return config_from_table(_agis_lint_table(data, path), path)


def _agis_lint_table(data: dict, path: str) -> dict:
    """pyproject.toml: ``[tool.agis-lint]``.  ``.agis-lint.toml`` (or a --config file):
    the options at the top level, or the same ``[tool.agis-lint]`` table as in
    pyproject.toml (so a section can be moved between the two files unchanged)."""
    tool = data.get("tool")
    nested = tool.get("agis-lint") if isinstance(tool, dict) else None
    if path.endswith("pyproject.toml"):
        return nested if isinstance(nested, dict) else {}
    if nested is None:
        return data
    if not isinstance(nested, dict):
        raise ConfigError("[tool.agis-lint] must be a table", path)
    others = sorted(k for k in data if k != "tool")
    if others or set(tool) != {"agis-lint"}:
        extra = others + sorted(f"tool.{k}" for k in tool if k != "agis-lint")
        raise ConfigError(f"options both at the top level and under [tool.agis-lint] "
                          f"({', '.join(extra)}): use one form", path)
    return nested


def load_config_file(path: str) -> Config:
    try:
        mtime = os.path.getmtime(path)
    except OSError as exc:  # `--config missing.toml`: a usage error (exit 2), not a traceback
        raise ConfigError(f"cannot be read: {exc.strerror or exc}", path) from None
    return _load_cached(os.path.abspath(path), mtime)


def config_for(path: str | os.PathLike | None) -> Config:
    """The configuration that applies to ``path`` (defaults when none is found)."""
    if path is None:
        found = find_config_file(os.getcwd())
    else:
        found = find_config_file(path)
    return load_config_file(found) if found else Config()
