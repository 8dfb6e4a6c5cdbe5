"""Starts agis-lsp from the libraries bundled in this extension, with the user's own Python.

The layout of Microsoft's Python tools extension template (vscode-python-tools-extension-template,
bundled/tool/lsp_server.py: `update_sys_path(bundled/libs, LS_IMPORT_STRATEGY)`), with one
change: agis-lsp's dependencies include compiled wheels (onnxruntime, numpy, tokenizers,
ruamel.yaml.clib, rpds-py, pydantic-core), which exist per Python version, so the .vsix of a
platform carries them per version:

    bundled/libs/common/   agis_lsp itself (pure Python, with the model files)
    bundled/libs/cp311/    its dependencies for CPython 3.11 on this .vsix's platform, ...

`python lsp_server.py` runs the server over stdio; `--cli ARGS` runs agis-lint; `--check` prints where agis_lsp comes from
and exits 0, or says why the bundle cannot serve this interpreter and exits 3.
No third-party import happens before sys.path is set.
"""

from __future__ import annotations

import os
import sys

LIBS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "libs")
UNSUPPORTED = 3


def bundled_dirs() -> tuple[list[str], str | None]:
    """The directories to put first on sys.path, or the reason there are none for this Python."""
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    if sys.implementation.name != "cpython":
        return [], f"the bundled libraries are for CPython; this is {sys.implementation.name}"
    versioned = os.path.join(LIBS, tag)
    if not os.path.isdir(versioned):
        have = sorted(d for d in os.listdir(LIBS) if d.startswith("cp")) if os.path.isdir(LIBS) else []
        built = ", ".join(f"{d[2]}.{d[3:]}" for d in have) or "none"
        return [], (f"no bundled libraries for Python {sys.version_info[0]}.{sys.version_info[1]} "
                    f"(this extension carries them for: {built})")
    return [os.path.join(LIBS, "common"), versioned], None


def main(argv: list[str]) -> int:
    dirs, reason = bundled_dirs()
    if reason:
        print(f"agis-lsp (bundled): {reason}", file=sys.stderr)
        return UNSUPPORTED
    strategy = os.environ.get("LS_IMPORT_STRATEGY", "useBundled")
    for d in reversed(dirs):
        if d not in sys.path:
            if strategy == "fromEnvironment":
                sys.path.append(d)
            else:
                sys.path.insert(0, d)
    if argv[:1] == ["--check"]:
        import agis_lsp
        print(agis_lsp.__file__)
        return 0
    if argv[:1] == ["--cli"]:          # agis-lint (AGIS: Show Rule Documentation runs `rule CODE`)
        from agis_lsp.cli.entry import main as lint
        return lint(argv[1:])
    from agis_lsp.lsp.main import main as serve
    return serve(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
