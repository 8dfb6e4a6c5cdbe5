"""A model directory with a second encoder graph, for the benchmarks that measure its cost.

``scope_copy_dir()`` copies the shipped model files into a temporary directory and adds
``encoder.onnx`` again as ``scope.onnx`` (listed in its SHA256SUMS): the security head then
embeds through a second ONNX Runtime session whose vectors are the first's, so the findings are the
shipped ones and the difference in time and memory is what the second graph costs. The
directory is removed at exit. Point the linter at it with ``AGIS_LSP_MODEL_DIR``.
"""
from __future__ import annotations

import atexit
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def scope_copy_dir() -> str:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from agis_lsp.semantic import model_dir
    src, dst = model_dir(), Path(tempfile.mkdtemp(prefix="agis-scope-copy-"))
    atexit.register(shutil.rmtree, dst, True)
    sums = (src / "SHA256SUMS").read_text()
    names = [line.split("  ", 1)[1].strip() for line in sums.splitlines() if line.strip()]
    for name in names:
        shutil.copy(src / name, dst / name)
    shutil.copy(src / "encoder.onnx", dst / "scope.onnx")
    digest = next(line.split()[0] for line in sums.splitlines() if line.strip().endswith("  encoder.onnx"))
    (dst / "SHA256SUMS").write_text(sums.rstrip("\n") + f"\n{digest}  scope.onnx\n")
    return str(dst)
