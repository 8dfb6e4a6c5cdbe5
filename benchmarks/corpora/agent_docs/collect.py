"""Build the corpus of real Agent Skills and agent instruction files from npm tarballs.

    npm pack PACKAGE@VERSION ...            # into a folder of .tgz files
    python benchmarks/corpora/agent_docs/collect.py FOLDER_OF_TGZ

For each package under a permissive licence (MIT, ISC, Apache-2.0, BSD), copies every
``SKILL.md`` with its folder's file names (other files as empty placeholders: the skill
rules look files up by name only) and every agent instruction file (AGENTS.md, CLAUDE.md,
GEMINI.md, .cursorrules, .windsurfrules, *.mdc, copilot-instructions.md) into
``files/<package>@<version>/``, and writes ``index.json``: package, version, licence, the
split (by package: a hash of its name, so one package's files are never in both halves),
and the files. Packages under other licences are listed with their files, not copied.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
PERMISSIVE = ("MIT", "ISC", "APACHE-2.0", "BSD-2-CLAUSE", "BSD-3-CLAUSE", "0BSD", "UNLICENSE",
              "MIT OR APACHE-2.0")
INSTRUCTION_NAMES = ("agents.md", "claude.md", "gemini.md", ".cursorrules", ".windsurfrules",
                     "copilot-instructions.md")
MAX_SKILL_FILES = 200


def split_of(package: str) -> str:
    return "dev" if int(hashlib.sha256(package.encode()).hexdigest(), 16) % 2 == 0 else "held-out"


def is_instruction(name: str) -> bool:
    base = name.rsplit("/", 1)[-1].lower()
    return base in INSTRUCTION_NAMES or base.endswith(".mdc")


def collect(tgz: str, out_root: str) -> dict | None:
    with tarfile.open(tgz) as tar:
        members = {m.name: m for m in tar.getmembers() if m.isfile()}
        pkg_json = next((n for n in members if n.count("/") == 1 and n.endswith("/package.json")), None)
        if pkg_json is None:
            return None
        meta = json.load(tar.extractfile(members[pkg_json]))
        name, version = meta.get("name"), meta.get("version")
        lic = meta.get("license")
        lic = lic.get("type") if isinstance(lic, dict) else lic
        ok = isinstance(lic, str) and lic.upper().strip("()") in PERMISSIVE
        skills = sorted(os.path.dirname(n) for n in members if n.rsplit("/", 1)[-1] == "SKILL.md")
        chosen: dict = {}
        for folder in skills:
            inside = [n for n in members if n.startswith(folder + "/")]
            if len(inside) > MAX_SKILL_FILES:
                continue
            for n in inside:
                chosen[n] = n.endswith("/SKILL.md")
        for n in members:
            if is_instruction(n):
                chosen[n] = True
        if not chosen:
            return None
        key = f"{name}@{version}".replace("/", "__")
        files = []
        for n, with_text in sorted(chosen.items()):
            rel = n.split("/", 1)[1]
            files.append(rel)
            if not ok:
                continue
            dest = os.path.join(out_root, "files", key, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            data = tar.extractfile(members[n]).read() if with_text else b""
            with open(dest, "wb") as fh:
                fh.write(data)
        return {"package": name, "version": version, "license": lic, "copied": ok,
                "folder": key, "split": split_of(name), "files": files}


def main(argv: list[str]) -> int:
    folder = argv[1]
    entries = []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".tgz"):
            e = collect(os.path.join(folder, f), HERE)
            if e is not None:
                entries.append(e)
    with open(os.path.join(HERE, "index.json"), "w") as fh:
        json.dump(entries, fh, indent=1)
        fh.write("\n")
    print(f"{len(entries)} packages, {sum(len(e['files']) for e in entries)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
