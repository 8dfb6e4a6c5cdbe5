#!/usr/bin/env python3
"""Do two builds of ``agis-lint`` report the same findings? For changes that must not change any.

    python benchmarks/same_findings.py --base OTHER/.venv/bin/agis-lint [--exe PATH] [--split dev]

Runs ``agis-lint check --no-cache --format json`` (model on) of this build (``--exe``, default
the console script beside this interpreter) and of ``--base`` over the same files and compares
every diagnostic (file, code, severity, range, message, fixes, related information), the
notes and the summary; the version string is left out. The sets:

* ``mcp``: the tool lists of the published MCP servers of ``--split`` (``benchmarks/corpora/mcp``,
  the files of ``cisco_speed.py``);
* ``examples``: every file under ``examples/``;
* ``payloads``: the development payloads (``models/data/security_payloads_dev.txt`` and
  ``benchmarks/corpora/payloads/published2_dev.jsonl``), each placed in an MCP tool list as a
  tool description, a parameter description and server instructions (the roles of
  ``real_precision.py``), written once to a temporary directory both builds read.

Prints one row a set (files, findings of each build, files whose output differs) and the
first differences; exit status 0 when every set agrees, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from cisco_speed import files_of  # noqa: E402
from real_precision import ROLES  # noqa: E402


def dev_payloads() -> list[str]:
    out = []
    for line in (ROOT / "models/data/security_payloads_dev.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.strip())
    pub = ROOT / "benchmarks/corpora/payloads/published2_dev.jsonl"
    for line in pub.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(json.loads(line)["text"])
    return out


def lint(exe: str, files: list[str]) -> dict:
    proc = subprocess.run([exe, "check", "--no-cache", "--format", "json", *files],
                          capture_output=True, text=True, cwd=ROOT)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{exe} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    out = json.loads(proc.stdout)
    out.pop("version", None)
    return out


def by_file(out: dict) -> dict:
    files: dict = {}
    for d in out["diagnostics"]:
        files.setdefault(d.get("file") or d.get("path"), []).append(json.dumps(d, sort_keys=True))
    return files


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="the other build's agis-lint")
    ap.add_argument("--exe", default=shutil.which("agis-lint", path=os.path.dirname(sys.executable)))
    ap.add_argument("--split", choices=("dev", "heldout", "all"), default="dev")
    ap.add_argument("--sets", default="mcp,examples,payloads")
    a = ap.parse_args(argv)
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        sets = {}
        if "mcp" in a.sets:
            sets["mcp"] = [os.path.relpath(p, ROOT) for p in files_of(a.split)]
        if "examples" in a.sets:
            sets["examples"] = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").rglob("*")
                                      if p.is_file())
        if "payloads" in a.sets:
            files = []
            for i, text in enumerate(dev_payloads()):
                for j, build in enumerate(ROLES.values()):
                    f = Path(tmp) / f"p{i:04d}-{j}.mcp.json"
                    f.write_text(json.dumps(build(text), indent=1), encoding="utf-8")
                    files.append(str(f))
            sets["payloads"] = files
        print("| set | files | findings, this build | findings, base | files that differ |")
        print("|---|---:|---:|---:|---:|")
        shown = 0
        for name, files in sets.items():
            mine, base = lint(a.exe, files), lint(a.base, files)
            fm, fb = by_file(mine), by_file(base)
            differ = sorted(f for f in set(fm) | set(fb) if fm.get(f) != fb.get(f))
            rest_same = {k: v for k, v in mine.items() if k != "diagnostics"} == \
                {k: v for k, v in base.items() if k != "diagnostics"}
            print(f"| {name} | {len(files)} | {len(mine['diagnostics'])} | {len(base['diagnostics'])} | "
                  f"{len(differ)}{'' if rest_same else ' (and the notes or summary)'} |")
            same = same and not differ and rest_same
            for f in differ[: max(0, 5 - shown)]:
                shown += 1
                print(f"\n{f}:\n  this build: {fm.get(f)}\n  base:       {fb.get(f)}")
    print("\nsame findings" if same else "\nthe findings differ")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
