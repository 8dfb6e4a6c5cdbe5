"""Build the corpus of real Agent Skills and agent instruction files from published packages.

    npm pack PACKAGE@VERSION ...                          # npm tarballs (.tgz)
    pip download --no-deps --no-binary :all: PACKAGE==V   # PyPI source distributions (.tar.gz)
    python benchmarks/corpora/agent_docs/collect.py FOLDER ...

For each package under a permissive licence (MIT, ISC, Apache-2.0, BSD), copies every
file agis-lint takes for a skill or an instruction file by its name and place
(``formats.kinds.kind_by_name``: ``SKILL.md`` with its folder's file names, the other files
as empty placeholders since the skill rules look files up by name only; ``AGENTS.md``,
``CLAUDE.md``, ``.cursor/rules/*.mdc``...) into ``files/<package>@<version>/``, and writes
``index.json``: registry, package, version, licence, the split (by package: a hash of its
name, so one package's files are never in both halves), and the files. Packages under
other licences are listed with their files, not copied.
"""
from __future__ import annotations

import email
import hashlib
import json
import os
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
from agis_lsp.formats.kinds import kind_by_name  # noqa: E402

PERMISSIVE = ("MIT", "ISC", "APACHE-2.0", "BSD-2-CLAUSE", "BSD-3-CLAUSE", "0BSD", "UNLICENSE",
              "MIT OR APACHE-2.0", "APACHE 2.0")
MAX_SKILL_FILES = 200


def split_of(package: str) -> str:
    return "dev" if int(hashlib.sha256(package.encode()).hexdigest(), 16) % 2 == 0 else "held-out"


def is_instruction(name: str) -> bool:
    return kind_by_name(name) == "agent-instructions"


def _npm_meta(tar, members) -> tuple | None:
    pkg_json = next((n for n in members if n.count("/") == 1 and n.endswith("/package.json")), None)
    if pkg_json is None:
        return None
    meta = json.load(tar.extractfile(members[pkg_json]))
    lic = meta.get("license")
    return "npm", meta.get("name"), meta.get("version"), lic.get("type") if isinstance(lic, dict) else lic


def _sdist_meta(tar, members) -> tuple | None:
    info = next((n for n in members if n.count("/") == 1 and n.endswith("/PKG-INFO")), None)
    if info is None:
        return None
    msg = email.message_from_bytes(tar.extractfile(members[info]).read())
    lic = msg.get("License-Expression") or ""
    for c in msg.get_all("Classifier") or ():
        if c.startswith("License :: OSI Approved :: ") and not lic:
            lic = {"MIT License": "MIT", "Apache Software License": "Apache-2.0",
                   "BSD License": "BSD-3-Clause", "ISC License (ISCL)": "ISC"}.get(c.rsplit(":: ", 1)[-1], c)
    if not lic and (msg.get("License") or "").split("\n")[0].strip() in ("MIT", "MIT License", "Apache-2.0"):
        lic = msg.get("License").split("\n")[0].strip().replace("MIT License", "MIT")
    return "pypi", msg.get("Name"), msg.get("Version"), lic or None


def collect(tgz: str, out_root: str) -> dict | None:
    with tarfile.open(tgz) as tar:
        members = {m.name: m for m in tar.getmembers() if m.isfile()}
        meta = _npm_meta(tar, members) if tgz.endswith(".tgz") else _sdist_meta(tar, members)
        if meta is None:
            return None
        registry, name, version, lic = meta
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
        return {"registry": registry, "package": name, "version": version, "license": lic, "copied": ok,
                "folder": key, "split": split_of(name), "files": files}


def main(argv: list[str]) -> int:
    entries = []
    for folder in argv[1:]:
        for f in sorted(os.listdir(folder)):
            if f.endswith((".tgz", ".tar.gz")):
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
