"""Where the diagnostics of a live scan are, and how they are printed.

A live definition has no file: its stable location is ``mcp://SERVER/tools/NAME`` (also
``/prompts/NAME``, ``/resources/URI``, ``/resourceTemplates/URI``, ``/instructions``,
or ``mcp://SERVER`` for the server as a whole). Where the server came from a client
configuration, the diagnostic also carries the position of its entry there; a server that
could not be read is reported on that entry itself.
"""
from __future__ import annotations

import dataclasses
import sys

from ..document.positions import Position, Range
from ..engine.findings import RelatedLocation
from . import output

_ID = {"tools": "name", "prompts": "name", "resources": "uri", "resourceTemplates": "uriTemplate"}
_ZERO = Range(Position(0, 0), Position(0, 0))


def location(server: str, data, path: tuple) -> str:
    base = f"mcp://{server}"
    if not path:
        return base
    section = path[0]
    if section == "instructions":
        return f"{base}/instructions"
    if section in _ID and len(path) > 1 and isinstance(data, dict):
        items = data.get(section)
        item = items[path[1]] if isinstance(items, list) and isinstance(path[1], int) \
            and path[1] < len(items) else None
        ident = item.get(_ID[section]) if isinstance(item, dict) else None
        if isinstance(ident, str):
            return f"{base}/{section}/{ident}"
    return f"{base}/{section}" if isinstance(section, str) else base


FLOW_CODES = ("MCPT501", "MCPT502", "MCPT503")


class Report:
    def __init__(self, config_docs: dict, entries: list = (), capabilities: dict | None = None,
                 table: dict | None = None) -> None:
        self.config_docs = config_docs          # config path -> ConfigRead
        self.entries = {e.name: e for e in entries}
        self.capabilities = capabilities or {}  # server -> [Capabilities]
        self.table = table or {}                # server -> {tool: {label: confidence}}
        self.results: list = []                 # (location, doc, [Diagnostic])
        self.internal = 0
        self.servers = 0

    def flow_notes(self, accepted: tuple) -> list:
        """A note for each combination the configuration accepts (it is not reported)."""
        from ..formats import flows
        taken = []
        for client in dict.fromkeys(e.client for e in self.entries.values()):
            table = {n: t for n, t in self.table.items()
                     if n in self.entries and self.entries[n].client == client}
            taken += flows.find(table, accepted)[1]
        return [f"accepted combination of server(s) {', '.join(repr(n) for n in f.servers)} "
                f"({f.code}): {reason}" for f, reason in taken]

    def _flow_related(self, d) -> list:
        """The configuration entries of a combination's other servers."""
        flow = d.data.get("flow") if isinstance(d.data, dict) else None
        out = []
        for name in (flow or {}).get("servers", [])[1:]:
            entry = self.entries.get(name)
            rng = self._entry_range(entry) if entry is not None and entry.source else None
            legs = [f"{lb} '{leg['tool']}'" for lb, leg in flow["legs"].items()
                    if leg["server"] == name]
            what = f" ({', '.join(legs)})" if legs else ""
            if rng is not None:
                out.append(RelatedLocation(f"server '{name}'{what} is configured here", rng,
                                           entry.source, entry.entry_path))
            else:
                out.append(RelatedLocation(f"server mcp://{name}{what}", None, f"mcp://{name}"))
        return out

    def _entry_range(self, entry):
        read = self.config_docs.get(entry.source)
        if read is None or read.doc is None:
            return None
        try:
            return read.doc.range(entry.entry_path, "key")
        except (KeyError, IndexError, TypeError, ValueError):
            return None

    def add(self, entry, outcome) -> None:
        self.internal += outcome.internal_errors
        self.servers += 1
        doc = outcome.doc
        entry_range = self._entry_range(entry) if entry.source else None
        groups: dict = {}
        for d in outcome.diagnostics:
            loc = location(entry.name, doc.data, d.path)
            related = list(d.related)
            if entry.source and entry_range is not None:
                related.append(RelatedLocation(f"server '{entry.name}' is configured here",
                                               entry_range, entry.source, entry.entry_path))
            rng = _ZERO
            if d.code == "MCPT304" and entry.source and entry_range is not None:
                loc, rng = entry.source, entry_range   # on the configuration entry itself
                related = [RelatedLocation(f"server mcp://{entry.name}", None, f"mcp://{entry.name}")]
            elif d.code in FLOW_CODES:
                if entry.source and entry_range is not None:
                    loc, rng = entry.source, entry_range
                    related = [RelatedLocation(f"server mcp://{entry.name}", None,
                                               f"mcp://{entry.name}")]
                related += self._flow_related(d)
            related = [dataclasses.replace(r, range=None) if r.file is None else r for r in related]
            groups.setdefault(loc, []).append(dataclasses.replace(d, range=rng, related=related,
                                                                  fixes=[]))
        for loc, diags in groups.items():
            self.results.append((loc, doc, diags))

    def emit(self, args, notes: list, secrets: list) -> None:
        fmt = args.format
        if fmt == "json":
            text = output.render_json(self.results, notes, {"servers": self.servers_json()})
        elif fmt == "sarif":
            text = output.render_sarif(self.results, notes)
        elif fmt == "github":
            text = output.render_github(self.results, notes)
        else:
            text = self._text([] if args.quiet else notes)
        text = scrub(text, secrets)
        if text:
            print(text)
        if fmt == "text" and not args.quiet:
            s = output.summary(self.results)
            print(f"{self.servers} server(s) scanned: {s['errors']} error(s), "
                  f"{s['warnings']} warning(s)", file=sys.stderr)

    def servers_json(self) -> list:
        """Each scanned server's tools with the capability labels that hold."""
        return [{"server": name,
                 "tools": [{"name": c.name, "capabilities": c.as_json()} for c in caps]}
                for name, caps in self.capabilities.items()]

    def _text(self, notes: list) -> str:
        lines = []
        for loc, _, diags in self.results:
            for d in diags:
                where = loc
                if not loc.startswith("mcp://"):
                    where = f"{loc}:{d.range.start.line + 1}:{d.range.start.character + 1}"
                lines.append(f"{where}: {d.severity.label} {d.code} {d.message}")
                for r in d.related:
                    if r.file and r.range is not None and "configured here" in r.message:
                        lines.append(f"  {r.file}:{r.range.start.line + 1}:"
                                     f"{r.range.start.character + 1}: {r.message}")
        lines += [f"info: {n}" for n in notes]
        return "\n".join(lines)

    def exit_code(self, config, overrides: dict, accepted: tuple = ()) -> int:
        """0/1 by the worst finding at or above the fail level; ``accepted`` codes (the pin
        changes that --update-pins has just accepted) are printed but do not fail the run."""
        if self.internal:
            return 2
        fail = overrides.get("fail_level", config.fail_level)
        worst = min((d.severity for _, _, ds in self.results for d in ds
                     if d.code not in accepted), default=None)
        return 1 if worst is not None and worst <= fail else 0


def scrub(text: str, secrets: list) -> str:
    """Every environment or header value replaced by ``***`` (values of 4+ characters)."""
    for s in sorted({s for s in secrets if len(s) >= 4}, key=len, reverse=True):
        text = text.replace(s, "***")
    return text
