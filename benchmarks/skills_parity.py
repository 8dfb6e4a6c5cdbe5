"""Parity with the Agent Skills reference validator: every violation ``agentskills validate``
(skills-ref) reports, agis-lint reports too.

    python -m venv /tmp/skills-ref-venv && /tmp/skills-ref-venv/bin/pip install skills-ref==0.1.1
    python benchmarks/skills_parity.py --reference /tmp/skills-ref-venv/bin/python [--exe agis-lint]

The skills: every real ``SKILL.md`` of ``benchmarks/corpora/agent_docs`` (published npm
packages, see its ``index.json``), and mutated copies of the first real skills that the
reference accepts (each mutation breaks one rule of the specification: the name's case,
characters, hyphens, length, its folder; a missing, empty, too long or list-valued field; an
unknown field; no frontmatter, an unclosed one, invalid YAML, a frontmatter that is not a
mapping, a flow-style mapping).

The reference runs its own ``skills_ref.validate`` (what ``agentskills validate`` calls) in
its own interpreter; agis-lint runs as the installed console script (``check --no-semantic
--format json``). Each reference message is mapped to the rule that reports the same
violation; a message whose rule agis-lint does not report on that file is a miss. Prints a
table per violation, and exits 1 when anything is missed.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpora", "agent_docs", "files")
N_MUTATED = 30

# reference message -> (violation, the agis-lint codes that report it)
MAPPING = (
    (r"^Unexpected fields in frontmatter", "unknown field", ("SKIL107",)),
    (r"^Skill name .* must be lowercase", "name not lowercase", ("SKIL104",)),
    (r"^Skill name cannot start or end with a hyphen", "name edge hyphen", ("SKIL104",)),
    (r"^Skill name cannot contain consecutive hyphens", "name double hyphen", ("SKIL104",)),
    (r"^Skill name .* contains invalid characters", "name characters", ("SKIL104",)),
    (r"^Skill name .* exceeds", "name too long", ("SKIL104",)),
    (r"^Directory name .* must match skill name", "name != folder", ("SKIL105",)),
    (r"^Missing required field in frontmatter", "missing field", ("SKIL102",)),
    (r"^Field '\w+' must be a non-empty string", "empty or non-text field", ("SKIL103",)),
    (r"^Field 'compatibility' must be a string", "field type", ("SKIL103",)),
    (r"^(Description|Compatibility) exceeds", "field too long", ("SKIL106",)),
    (r"^SKILL.md must start with YAML frontmatter", "no frontmatter", ("SKIL101",)),
    (r"^SKILL.md frontmatter not properly closed", "unclosed frontmatter", ("AGIS001",)),
    (r"^SKILL.md frontmatter must be a YAML mapping", "frontmatter not a mapping", ("AGIS001",)),
    (r"^Invalid YAML in frontmatter:(?s:.*)JSONesque flow", "flow style (strictyaml)",
     ("SKIL108", "AGIS001")),
    (r"^Invalid YAML in frontmatter", "invalid YAML", ("AGIS001", "AGIS002", "AGIS003", "AGIS004")),
)

REFERENCE = r"""
import json, sys
from pathlib import Path
from skills_ref import validate
out = {}
for d in json.load(sys.stdin):
    out[d] = [str(e) for e in validate(Path(d))]
print(json.dumps(out))
"""


def violation(message: str):
    for rx, name, codes in MAPPING:
        if re.search(rx, message):
            return name, codes
    return "other: " + message[:60], ()


def fm_text(text: str) -> tuple[str, str]:
    m = re.match(r"---[ \t]*\r?\n(.*?)^---[ \t]*$", text, re.S | re.M)
    return (m.group(1), text[m.end():]) if m else ("", text)


def _set(text: str, key: str, value: str | None) -> str:
    fm, body = fm_text(text)
    lines = [ln for ln in fm.splitlines()]
    out, skip = [], False
    for ln in lines:
        if re.match(rf"{re.escape(key)}\s*:", ln):
            skip = True
            continue
        if skip and (ln.startswith((" ", "\t")) or not ln.strip()):
            continue
        skip = False
        out.append(ln)
    if value is not None:
        out.insert(0, f"{key}: {value}")
    return "---\n" + "\n".join(out) + "\n---" + body


MUTATIONS = {
    "upper-name": lambda t, n: (_set(t, "name", n.upper()), n.upper()),
    "edge-hyphen": lambda t, n: (_set(t, "name", "-" + n), "-" + n),
    "double-hyphen": lambda t, n: (_set(t, "name", n.replace("-", "--", 1) if "-" in n else n + "--x"),
                                   n.replace("-", "--", 1) if "-" in n else n + "--x"),
    "underscore": lambda t, n: (_set(t, "name", n.replace("-", "_") + "_x"), n.replace("-", "_") + "_x"),
    "long-name": lambda t, n: (_set(t, "name", (n + "-" + "x" * 70)[:70]), (n + "-" + "x" * 70)[:70]),
    "folder-mismatch": lambda t, n: (t, n + "-copy"),
    "no-name": lambda t, n: (_set(t, "name", None), n),
    "no-description": lambda t, n: (_set(t, "description", None), n),
    "empty-description": lambda t, n: (_set(t, "description", '""'), n),
    "long-description": lambda t, n: (_set(t, "description", '"' + "Use this skill. " * 70 + '"'), n),
    "long-compatibility": lambda t, n: (_set(t, "compatibility", '"' + "Requires git. " * 40 + '"'), n),
    "unknown-field": lambda t, n: (_set(t, "version", "1.0.0"), n),
    "no-frontmatter": lambda t, n: (fm_text(t)[1].lstrip("\n") or "# Skill\n", n),
    "unclosed": lambda t, n: ("---\n" + fm_text(t)[0] + fm_text(t)[1], n),
    "invalid-yaml": lambda t, n: (_set(t, "license", "[MIT"), n),
    "not-mapping": lambda t, n: ("---\n- a\n- b\n---\n" + fm_text(t)[1], n),
    "list-compatibility": lambda t, n: (_set(t, "compatibility", "\n  - git\n  - python3"), n),
    "list-description": lambda t, n: (_set(t, "description", "\n  - Extract text.\n  - Fill forms."), n),
    "flow-metadata": lambda t, n: (_set(t, "metadata", "{author: example-org, version: '1.0'}"), n),
}


def real_skills() -> list[str]:
    out = []
    for root, _, names in os.walk(CORPUS):
        if "SKILL.md" in names:
            out.append(root)
    return sorted(out)


def reference(python: str, dirs: list[str]) -> dict:
    proc = subprocess.run([python, "-c", REFERENCE], input=json.dumps(dirs), capture_output=True,
                          text=True, timeout=900)
    if proc.returncode != 0:
        sys.exit(f"skills-ref failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def agis(exe: str, dirs: list[str]) -> dict:
    files = [os.path.join(d, "SKILL.md") for d in dirs]
    found: dict = {d: set() for d in dirs}
    for i in range(0, len(files), 200):
        proc = subprocess.run([exe, "check", "--no-semantic", "--format", "json", *files[i:i + 200]],
                              capture_output=True, text=True, timeout=900)
        if proc.returncode not in (0, 1):
            sys.exit(f"agis-lint exited {proc.returncode}: {proc.stderr[-2000:]}")
        for d in json.loads(proc.stdout)["diagnostics"]:
            found[os.path.dirname(os.path.abspath(d["path"]))].add(d["code"])
    return found


def mutate(dirs: list[str], accepted: list[str], work: str) -> list[tuple[str, str]]:
    out = []
    for src in accepted[:N_MUTATED]:
        with open(os.path.join(src, "SKILL.md"), encoding="utf-8") as fh:
            text = fh.read()
        name = os.path.basename(src)
        for mname, fn in MUTATIONS.items():
            new_text, folder = fn(text, name)
            dest = os.path.join(work, f"{len(out):04d}", folder)
            os.makedirs(dest)
            with open(os.path.join(dest, "SKILL.md"), "w", encoding="utf-8") as fh:
                fh.write(new_text)
            out.append((dest, mname))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", required=True, help="a Python with skills-ref installed")
    ap.add_argument("--exe", default=os.path.join(os.path.dirname(sys.executable), "agis-lint"))
    args = ap.parse_args()
    real = real_skills()
    ref_real = reference(args.reference, real)
    accepted = [d for d in real if not ref_real[d]]
    work = tempfile.mkdtemp(prefix="skills-parity-")
    try:
        mutated = mutate(real, accepted, work)
        ref_mut = reference(args.reference, [d for d, _ in mutated])
        ours = agis(args.exe, real + [d for d, _ in mutated])
        rows: dict = {}
        missed = []
        for group, refs in (("real", ref_real), ("mutated", ref_mut)):
            for d, messages in refs.items():
                for msg in messages:
                    name, codes = violation(msg)
                    row = rows.setdefault((group, name), Counter())
                    row["reported by skills-ref"] += 1
                    if set(codes) & ours[d]:
                        row["also by agis-lint"] += 1
                    else:
                        missed.append((group, os.path.relpath(d, CORPUS if group == "real" else work), msg))
        n_real_rej = sum(1 for m in ref_real.values() if m)
        n_mut_rej = sum(1 for m in ref_mut.values() if m)
        print(f"skills: {len(real)} real ({n_real_rej} rejected by skills-ref), {len(mutated)} mutated "
              f"copies of {min(N_MUTATED, len(accepted))} accepted real skills ({n_mut_rej} rejected)")
        print(f"{'set':<8} {'violation (skills-ref)':<28} {'skills-ref':>10} {'agis-lint':>10} {'parity':>7}")
        tot = Counter()
        for (group, name), row in sorted(rows.items()):
            a, b = row["reported by skills-ref"], row["also by agis-lint"]
            tot["a"] += a
            tot["b"] += b
            print(f"{group:<8} {name:<28} {a:>10} {b:>10} {100 * b / a:>6.1f}%")
        print(f"{'all':<8} {'':<28} {tot['a']:>10} {tot['b']:>10} {100 * tot['b'] / max(1, tot['a']):>6.1f}%")
        rejected_files = [d for d, m in list(ref_real.items()) + list(ref_mut.items()) if m]
        caught = sum(1 for d in rejected_files if any(c.startswith(("SKIL1", "AGIS00")) for c in ours[d]))
        print("skills rejected by skills-ref that agis-lint reports (a SKIL1xx finding or a syntax "
              f"error): {caught}/"
              f"{len(rejected_files)}")
        for group, where, msg in missed[:40]:
            print(f"MISSED [{group}] {where}: {msg}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
