#!/usr/bin/env bash
# Fills a local wheelhouse with every wheel agis-lsp needs at run time, so that the release tests
# (tests/release/) install the wheel into a fresh venv, with pipx and with pre-commit, OFFLINE:
#   pip install --no-index --find-links "$AGIS_WHEELHOUSE" dist/agis_lsp-*.whl
# Network (PyPI) only here, at install time; run by .ci/run after the venv is made.
#   - the dependencies of agis-lsp (resolved from a wheel built from this checkout, which is then removed:
#     the tests build their own wheel from the source they test)
#   - the same dependencies as manylinux<=2.28 wheels for the linux-x64 .vsix's bundled/libs
#   - pip, setuptools>=77 and wheel: pre-commit's and pipx's fresh venvs install from here too
#     (pre-commit builds the hook's package from the repository: setuptools must be found offline)
# Default: ~/.cache/agis-release/wheelhouse ($AGIS_WHEELHOUSE). Idempotent (pip skips what is there).
# Python: $PYTHON, default .venv/bin/python (needs `build`, from the [test] extra).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
wh=${AGIS_WHEELHOUSE:-$HOME/.cache/agis-release/wheelhouse}
py=${PYTHON:-$root/.venv/bin/python}
t0=$(date +%s)
mkdir -p "$wh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

"$py" -m build --wheel --outdir "$tmp" "$root" >/dev/null
"$py" -m pip wheel --quiet --disable-pip-version-check --wheel-dir "$wh" \
  "$tmp"/agis_lsp-*.whl pip "setuptools>=77" wheel
# the bundled libraries of the linux-x64 .vsix (scripts/build_vsix.py --no-index --find-links): manylinux <= 2.28
# wheels for this Python (pip wheel above may have picked newer tags, e.g. cryptography's manylinux_2_34)
"$py" "$root/scripts/build_vsix.py" --wheel "$tmp"/agis_lsp-*.whl --target linux-x64 --download "$wh" >/dev/null
rm -f "$wh"/agis_lsp-*.whl
echo "wheelhouse ready in $(( $(date +%s) - t0 )) s: $(ls "$wh" | wc -l) wheels in $wh"
