"""TOOL601/TOOL602 on the pass 6 intent/verb pairs placed in MCP tool lists, through the linter.

    python benchmarks/pass6_tools.py              # dev splits (what the rules are decided on)
    python benchmarks/pass6_tools.py --heldout    # adds the held-out splits (read to report)
    python benchmarks/pass6_tools.py --show 10    # print the wrong verdicts

The same pairs as ``benchmarks/pass6_hard.py`` (models/data/hardpairs.jsonl, traps.jsonl and the
realistic pairs with their copy-paste mistakes), each pair a tool of an MCP tool list: the name is
the verb lower-cased and the description the intent, so the name reader reads the verb alone.
Tools with the same verb go to different lists (a list's names are the reader's evidence). Linted
by the engine with the model on and only TOOL601/TOOL602 selected. A pair is *warned* when TOOL601
lands on its description, *hinted* when TOOL602 does. "caught" counts warnings only: the share of
the inconsistent pairs a user sees as a warning.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from agis_lsp.engine.config import Config  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402
import pass6_hard  # noqa: E402

NAMING = Config(select=("TOOL601", "TOOL602"))


def _lists(pairs: list[tuple[str, str]]) -> list[list[int]]:
    """Indices of ``pairs`` cut into lists in which every verb is used once."""
    lists: list[list[int]] = []
    seen: list[set] = []
    for i, (verb, _) in enumerate(pairs):
        for idx, verbs in zip(lists, seen):
            if verb not in verbs:
                idx.append(i)
                verbs.add(verb)
                break
        else:
            lists.append([i])
            seen.append({verb})
    return lists


def verdicts(pairs: list[tuple[str, str]]) -> list[str]:
    """'warning' (TOOL601), 'hint' (TOOL602 only) or '' for each pair."""
    linter = Linter(config_of=lambda _p: NAMING)
    out = [""] * len(pairs)
    for idx in _lists(pairs):
        tools = [{"name": pairs[i][0].lower(), "description": pairs[i][1], "inputSchema": {"type": "object"}}
                 for i in idx]
        result = linter.check(target=linter.prepare("eval.tools.mcp.json", text=json.dumps({"tools": tools})))
        if any("skipped" in n for n in result.notes):
            raise SystemExit("the model is not available: " + "; ".join(result.notes))
        for d in result.diagnostics:
            if len(d.path) >= 2 and d.path[0] == "tools" and isinstance(d.path[1], int):
                i = idx[d.path[1]]
                out[i] = "warning" if d.code == "TOOL601" or out[i] == "warning" else "hint"
    return out


def report(name: str, rows: list[tuple[str, str, int, str]], show: int) -> None:
    by = pass6_hard.by_category(rows, verdicts([(v, t) for v, t, _, _ in rows]))
    for cat, items in by.items():
        cons = [g for label, g, *_ in items if label == 1]
        inc = [g for label, g, *_ in items if label == 0]
        warned = sum(1 for g in cons if g == "warning") / max(1, len(cons))
        caught = sum(1 for g in inc if g == "warning") / max(1, len(inc))
        hinted = sum(1 for g in inc if g) / max(1, len(inc))
        print(f"| {name} | {cat} | {len(cons)} | {100 * warned:.1f}% | {len(inc)} | {100 * caught:.1f}% | "
              f"{100 * hinted:.1f}% |")
    if show:
        wrong = [(label, g, v, t) for label, g, v, t in by["all"] if (g == "warning") == (label == 1)]
        for label, g, v, t in wrong[:show]:
            print(f"|   {'false warning' if label else 'missed (' + (g or 'none') + ')'}: {v} / {t!r} | | | | | |")


HEADER = ("| set | category | consistent | warned | inconsistent | caught (warning) | caught (warning or hint) |\n"
          "|---|---|---:|---:|---:|---:|---:|")


def main() -> None:
    pass6_hard.main(HEADER, report)


if __name__ == "__main__":
    main()
