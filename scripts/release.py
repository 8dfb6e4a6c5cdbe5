"""Builds a release: the sdist and the wheel (checked with `twine check`), the linux-x64 .vsix that carries
the server, and prints their SHA-256 checksums (also written to dist/SHA256SUMS).

    python scripts/release.py [--out dist] [--target linux-x64 ...] [--python 3.10 --python 3.11 ...]
                              [--isolation] [--find-links DIR --no-index]

The sdist and wheel are built from a clean copy of the checkout, the wheel from the sdist (so a file
missing from the sdist fails here, not on a user's machine). --isolation builds in an isolated
environment (setuptools from PyPI); without it, with the setuptools of this interpreter (offline).
The .vsix: scripts/build_vsix.py with the wheel just built; by default for this interpreter's Python only;
a release for users passes every --python it supports (3.10 ... 3.13).

Run it with the project's venv (`.venv/bin/python scripts/release.py`: `build`, setuptools >= 77 and twine
come with `pip install -e '.[test]'`) after `npm ci` in vscode-extension/. What it needs is checked first
(scripts/prereqs.py): a missing piece, or a failing step, is one line naming the command to run, exit status 2.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_vsix  # noqa: E402
import prereqs  # noqa: E402


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=build_vsix.ROOT / "dist")
    p.add_argument("--target", action="append", dest="targets", choices=sorted(build_vsix.PLATFORMS),
                   help="vsce targets (repeatable; default linux-x64)")
    p.add_argument("--python", action="append", dest="pythons", metavar="X.Y")
    p.add_argument("--isolation", action="store_true")
    p.add_argument("--find-links", type=Path)
    p.add_argument("--no-index", action="store_true")
    args = p.parse_args(argv)
    build_vsix.check(build=True, isolation=args.isolation, twine=True)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    version = build_vsix.version()
    for old in [*out.glob("agis_lsp-*"), *out.glob("agis-lsp-*.vsix")]:
        old.unlink()
    wheel = build_vsix.build_wheel(out, isolation=args.isolation)
    [sdist] = out.glob(f"agis_lsp-{version}.tar.gz")
    build_vsix.run([sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)],
                   "checking the sdist and the wheel (twine check)")
    artifacts = [sdist, wheel]
    for target in args.targets or ["linux-x64"]:
        extra = [a for py in args.pythons or [] for a in ("--python", py)]
        extra += (["--no-index"] if args.no_index else []) + (["--find-links", str(args.find_links)] if args.find_links else [])
        build_vsix.main(["--target", target, "--wheel", str(wheel), "--out", str(out), *extra])
        artifacts.append(out / f"agis-lsp-{target}-{version}.vsix")
    lines = [f"{sha256(a)}  {a.name}" for a in artifacts]
    (out / "SHA256SUMS").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nagis-lsp {version} in {out}:")
    for a, line in zip(artifacts, lines):
        print(f"{line}  ({a.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(prereqs.main_guard(main))
