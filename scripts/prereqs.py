"""What scripts/release.py and scripts/build_vsix.py need, checked before they start, and their steps run
so that a failure is one line naming the step and the command, never a traceback (exit status 2).

    the Python package `build`       python -m build (sdist, wheel)
    setuptools >= 77                 the non-isolated build (pyproject.toml's build-system requires it)
    twine                            release.py: twine check
    git                              the clean copy of the checkout the build starts from
    node, npm                        the extension's build (npm run build) and vsce
    vscode-extension/node_modules    npm ci in vscode-extension/ (tsc, esbuild, vsce)

Each missing piece is reported with the command that provides it; the project's venv
(`python3 -m venv .venv && .venv/bin/pip install -e '.[test]'`) has every Python one.
"""

from __future__ import annotations

import importlib.metadata
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXT = ROOT / "vscode-extension"
EXIT = 2
SETUPTOOLS_MIN = (77,)
VENV = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]'"
NODE_TOOLS = ("tsc", "esbuild", "vsce")


class BuildError(Exception):
    """A prerequisite is missing or a step failed: the one line to print."""


def _python() -> str:
    return os.path.relpath(sys.executable) if sys.executable.startswith(str(ROOT)) else sys.executable


def _installed(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _release(version: str) -> tuple:
    out = []
    for part in version.split("."):
        digits = "".join(c for c in part if c.isdigit()) if part[:1].isdigit() else ""
        if not digits:
            break
        out.append(int(digits))
    return tuple(out)


def python_packages(*, isolation: bool = False, twine: bool = False) -> None:
    """`build` (and setuptools >= 77 without isolation, twine for a release) in this interpreter."""
    need = [("build", None)]
    if not isolation:
        need.append(("setuptools", SETUPTOOLS_MIN))
    if twine:
        need.append(("twine", None))
    problems, specs = [], []
    for dist, minimum in need:
        have = _installed(dist)
        if have is None or (minimum and _release(have) < minimum):
            floor = ".".join(map(str, minimum or ()))
            problems.append(f"{dist} {have} is older than {floor}" if have else
                            f"the Python package '{dist}' is not installed")
            specs.append(f"'{dist}>={floor}'" if minimum else dist)
    if problems:
        raise BuildError(f"{'; '.join(problems)} for {_python()}: run `{_python()} -m pip install {' '.join(specs)}`, "
                         f"or use the project's venv (`{VENV}`, then `.venv/bin/python {_script()}`)")


def git() -> None:
    if not shutil.which("git"):
        raise BuildError("git is not on PATH (the build copies the checkout's files with `git ls-files`): "
                         "install git")


def node() -> None:
    """node and npm on PATH, and the extension's npm packages (npm ci in vscode-extension/)."""
    missing = [tool for tool in ("node", "npm") if not shutil.which(tool)]
    if missing:
        raise BuildError(f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} not on PATH (the VS Code "
                         "extension is built with Node 20): install Node 20 with npm, then run "
                         "`npm ci` in vscode-extension/")
    bin_dir = EXT / "node_modules" / ".bin"
    absent = [tool for tool in NODE_TOOLS if not (bin_dir / tool).exists()]
    if absent:
        raise BuildError(f"vscode-extension/node_modules lacks {', '.join(absent)}: run "
                         f"`cd vscode-extension && npm ci` (once, and after package-lock.json changes)")


def _script() -> str:
    return os.path.relpath(sys.argv[0], ROOT) if sys.argv and sys.argv[0] else "scripts/release.py"


def run(cmd: list[str], step: str, cwd: Path = ROOT, **kwargs) -> subprocess.CompletedProcess:
    """Runs one step; its failure (or a command not found) becomes a BuildError naming the step."""
    print("+", " ".join(cmd), flush=True)
    shown = shlex.join(str(c) for c in cmd)
    try:
        return subprocess.run(cmd, cwd=cwd, check=True, **kwargs)
    except FileNotFoundError:
        raise BuildError(f"{step}: {cmd[0]} not found (`{shown}`)") from None
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"{step} failed (exit {exc.returncode}): `{shown}` in {cwd}") from None


def main_guard(main, argv=None) -> int:
    """Runs a script's main; a BuildError is one line on stderr and exit status 2."""
    try:
        return main(argv)
    except BuildError as exc:
        print(f"{Path(sys.argv[0]).name}: {exc}", file=sys.stderr)
        return EXIT
    except KeyboardInterrupt:
        print(f"{Path(sys.argv[0]).name}: interrupted", file=sys.stderr)
        return EXIT
