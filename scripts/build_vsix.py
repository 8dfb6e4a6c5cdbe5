"""Builds a platform .vsix of the VS Code extension that carries the server (no pip install for the user).

The layout of Microsoft's Python tools extension template (bundled/tool + bundled/libs, run by the
user's interpreter), per platform like ruff's extension (`vsce package --target linux-x64`):

    bundled/tool/lsp_server.py   the launcher (puts bundled/libs first on sys.path, runs agis-lsp)
    bundled/libs/common/         agis_lsp from the wheel (pure Python + the model files)
    bundled/libs/cpXY/           its dependencies for CPython X.Y on the target platform
                                 (onnxruntime, numpy, tokenizers, ruamel.yaml.clib, rpds-py, pydantic-core, ...)

    python scripts/build_vsix.py [--target linux-x64] [--python 3.10 --python 3.11 ...]
                                 [--wheel dist/agis_lsp-X-py3-none-any.whl] [--find-links DIR --no-index]
                                 [--out dist/]
    python scripts/build_vsix.py --wheel W --download DIR [--target ...] [--python ...]   (fill a wheelhouse)

Without --wheel, the wheel is built from this checkout (`python -m build --wheel --no-isolation`).
The dependencies come from PyPI (`pip install --target --platform --python-version --only-binary=:all:`),
or offline from a wheelhouse (--no-index --find-links DIR: scripts/install_wheelhouse.sh fills one for
this machine's platform and Python). Needs node/npm and vscode-extension/node_modules (npm ci), and to
build the wheel, `build` and setuptools >= 77 (the project's venv: `.venv/bin/python scripts/build_vsix.py`);
they are checked first (scripts/prereqs.py): a missing one, or a failing step, is one line and exit status 2.
Prints the .vsix path last.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import prereqs  # noqa: E402
from prereqs import EXT, ROOT, BuildError  # noqa: E402

LIBS = EXT / "bundled" / "libs"

# vsce target -> pip --platform tags (newest first), the wheels that platform's Python accepts
PLATFORMS = {
    "linux-x64": [f"manylinux_2_{n}_x86_64" for n in range(28, 16, -1)] + ["manylinux2014_x86_64"],
    "linux-arm64": [f"manylinux_2_{n}_aarch64" for n in range(28, 16, -1)] + ["manylinux2014_aarch64"],
    "darwin-arm64": [f"macosx_{v}_arm64" for v in ("14_0", "13_0", "12_0", "11_0")],
    "darwin-x64": [f"macosx_{v}_x86_64" for v in ("14_0", "13_0", "12_0", "11_0", "10_15", "10_9")],
    "win32-x64": ["win_amd64"],
}


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from agis_lsp import __version__
    return __version__


def run(cmd: list[str], step: str, cwd: Path = ROOT) -> None:
    prereqs.run(cmd, step, cwd=cwd)


def source_copy(dest: Path) -> Path:
    """The checkout's files (tracked and untracked, not ignored; symlinks kept) in `dest`: a build there
    cannot pick up a stale build/ or egg-info of the working tree."""
    files = prereqs.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], "listing the checkout's files",
                        capture_output=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src, dst = ROOT / rel, dest / rel
        if not src.exists() and not src.is_symlink():
            continue                                   # deleted in the working tree
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            dst.symlink_to(src.readlink())
        else:
            shutil.copy2(src, dst)
    return dest


def build_wheel(out: Path, *, isolation: bool = False) -> Path:
    """sdist, then the wheel from that sdist (what `python -m build` does): the sdist must be complete."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src = source_copy(Path(tmp) / "src")
        run([sys.executable, "-m", "build", *([] if isolation else ["--no-isolation"]), "--outdir", str(out), str(src)],
            "building the sdist and the wheel")
    [wheel] = out.glob(f"agis_lsp-{version()}-*.whl")
    return wheel


def platform_args(target: str, py: str) -> list[str]:
    """pip's options for wheels that CPython `py` on `target` installs (manylinux <= 2.28: VS Code's own floor)."""
    return ["--only-binary=:all:", "--implementation", "cp", "--python-version", py,
            *[a for tag in PLATFORMS[target] for a in ("--platform", tag)]]


def download(wheel: Path, target: str, pythons: list[str], dest: Path) -> None:
    """The dependency wheels for `target` into a wheelhouse (scripts/install_wheelhouse.sh), for offline builds."""
    for py in pythons:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--dest", str(dest),
             *platform_args(target, py), str(wheel)], f"downloading the dependency wheels for {target}, Python {py}")


def install_libs(wheel: Path, target: str, pythons: list[str], index: list[str]) -> None:
    """bundled/libs/cpXY for each Python; agis_lsp moved once into bundled/libs/common."""
    shutil.rmtree(LIBS, ignore_errors=True)
    common = LIBS / "common"
    common.mkdir(parents=True)
    for py in pythons:
        dest = LIBS / f"cp{py.replace('.', '')}"
        run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile",
             "--target", str(dest), *platform_args(target, py), *index, str(wheel)],
            f"installing the bundled libraries for {target}, Python {py}")
        for item in [*dest.glob("agis_lsp"), *dest.glob("agis_lsp-*.dist-info")]:
            if not (common / item.name).exists():
                shutil.move(str(item), common / item.name)
            else:
                shutil.rmtree(item)
        shutil.rmtree(dest / "bin", ignore_errors=True)      # console scripts with this machine's shebang


def package(target: str, out: Path) -> Path:
    manifest = json.loads((EXT / "package.json").read_text(encoding="utf-8"))
    if manifest["version"] != version():
        raise BuildError(f"vscode-extension/package.json version {manifest['version']} != agis_lsp.__version__ "
                         f"{version()}: make them equal")
    vsix = out / f"agis-lsp-{target}-{version()}.vsix"
    run(["npm", "run", "--silent", "build"], "building the extension (npm run build)", cwd=EXT)
    # vsce 3 runs secretlint over every file: over bundled/libs (3,000+ files of published PyPI wheels, a
    # 70 MB onnxruntime library) it takes tens of minutes and flags the test keys some packages ship.
    # Our own files are scanned by the client-only build (`npm run package`, which keeps the scan).
    run([str(EXT / "node_modules" / ".bin" / "vsce"), "package", "--no-dependencies", "--target", target,
         "--allow-package-all-secrets", "--allow-package-env-file", "--out", str(vsix)], "packaging the .vsix (vsce)",
        cwd=EXT)
    return vsix


def check(*, build: bool, isolation: bool = False, twine: bool = False) -> None:
    """Everything the build needs, before it starts (scripts/prereqs.py)."""
    if build:
        prereqs.python_packages(isolation=isolation, twine=twine)
        prereqs.git()
    prereqs.node()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--target", default="linux-x64", choices=sorted(PLATFORMS))
    p.add_argument("--python", action="append", dest="pythons", metavar="X.Y",
                   help="CPython versions to bundle for (repeatable; default: the one running this script)")
    p.add_argument("--wheel", type=Path, help="the agis-lsp wheel (default: built from this checkout)")
    p.add_argument("--find-links", type=Path, help="a wheelhouse for the dependencies")
    p.add_argument("--no-index", action="store_true", help="do not use PyPI (offline, with --find-links)")
    p.add_argument("--out", type=Path, default=ROOT / "dist")
    p.add_argument("--download", type=Path, metavar="DIR",
                   help="only download the dependency wheels for --target/--python into DIR (needs --wheel)")
    args = p.parse_args(argv)
    if not args.download:
        check(build=not args.wheel)
    args.out.mkdir(parents=True, exist_ok=True)
    pythons = args.pythons or [f"{sys.version_info[0]}.{sys.version_info[1]}"]
    index = (["--no-index"] if args.no_index else []) + (["--find-links", str(args.find_links)] if args.find_links else [])
    if args.download:
        if not args.wheel:
            p.error("--download needs --wheel")
        download(args.wheel.resolve(), args.target, pythons, args.download)
        return 0
    wheel = args.wheel or build_wheel(args.out)
    install_libs(wheel.resolve(), args.target, pythons, index)
    vsix = package(args.target, args.out.resolve())
    print(vsix)
    return 0


if __name__ == "__main__":
    sys.exit(prereqs.main_guard(main))
