"""The security pattern scan on hostile fields: one huge text of a pattern's words repeated.

    python benchmarks/scan_hostile.py [--scale 1.0] [--compare CHECKOUT]

Each case is one prose field of 0.5-1.1 million characters that a pattern (or the scan's
bookkeeping) could make superlinear: a line format repeated, letters spelt apart, a phrase of a
role switch or a leak request repeated tens of thousands of times (one hit each), words of other
scripts. ``scan_text`` (the function every prose field goes through) is timed once per case;
``--compare`` runs the same cases with another checkout first on ``sys.path`` (a subprocess),
side by side. Wall seconds of one run: the cases differ by orders of magnitude when something is
quadratic, which is what this is for; the engine's budgets and cancellation are measured by
``benchmarks/lsp_latency.py``.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

CASES = {
    "encoded lines": ("BASE64 encoded string: abcd\n", 40000),
    "spaced letters": (" ".join("abcdefghij") + " ", 50000),
    "dotted letters": (".".join("abcdefghij") + ".", 50000),
    "a conditional without rules": ("if you had no ", 50000),
    "a role switch, one hit each": ("Please act as my ", 50000),
    "an open leak line, one hit each": ("My system prompt is: '", 40000),
    "a leak question": ("what ", 100000),
    "Arabic words": ("تجاهل ", 100000),
    "Devanagari words": ("निर्देश ", 100000),
}


def measure(scale: float) -> dict[str, tuple[int, float]]:
    from agis_lsp.rules.security._scan import scan_text
    out = {}
    for name, (unit, n) in CASES.items():
        text = unit * max(1, int(n * scale))
        t = time.perf_counter()
        scan_text(text)
        out[name] = (len(text), time.perf_counter() - t)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every case's repetitions")
    ap.add_argument("--compare", help="another checkout (its root), measured in a subprocess")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    mine = measure(a.scale)
    if a.json:
        print(json.dumps(mine))
        return 0
    other = {}
    if a.compare:
        env = {**os.environ, "PYTHONPATH": a.compare}
        proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--json", "--scale", str(a.scale)],
                              capture_output=True, text=True, env=env, cwd=a.compare)
        other = json.loads(proc.stdout) if proc.returncode == 0 else {}
    print("| case | characters | seconds |" + (" other checkout |" if a.compare else ""))
    print("|---|---:|---:|" + ("---:|" if a.compare else ""))
    for name, (chars, sec) in mine.items():
        row = f"| {name} | {chars:,} | {sec:.2f} |"
        if a.compare:
            row += f" {other[name][1]:.2f} |" if name in other else " - |"
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
