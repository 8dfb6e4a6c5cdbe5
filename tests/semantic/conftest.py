import shutil

import pytest

from agis_lsp.semantic import SemanticUnavailable, get_model, model_dir


@pytest.fixture(scope="session")
def model():
    """The real shipped model (tests are skipped only if models/ is absent)."""
    d = model_dir()
    if not (d / "SHA256SUMS").exists():
        pytest.skip(f"no model files in {d}")
    return get_model()


@pytest.fixture
def model_copy(tmp_path):
    """A private copy of models/ that a test may damage."""
    src = model_dir()
    dst = tmp_path / "models"
    dst.mkdir()
    for name in ("SHA256SUMS", "encoder.onnx", "tokenizer.json", "heads.json", "heads.npz",
                 "security_head.json", "security_head.npz", "scope.onnx"):
        if (src / name).exists():        # scope.onnx: the security head's graph, when shipped
            shutil.copy(src / name, dst / name)
    return dst
