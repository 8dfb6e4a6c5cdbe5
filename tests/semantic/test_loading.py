"""Loading, checksums, degradation."""

import concurrent.futures

import pytest

from agis_lsp.semantic import SemanticUnavailable, get_model, model_dir, start_loading


def test_start_loading_returns_one_future_per_directory(model):
    f1 = start_loading()
    f2 = start_loading()
    assert isinstance(f1, concurrent.futures.Future)
    assert f1 is f2
    assert f1.result() is get_model()


def test_env_var_selects_the_directory(monkeypatch, model_copy):
    monkeypatch.setenv("AGIS_LSP_MODEL_DIR", str(model_copy))
    assert model_dir() == model_copy
    m = get_model()
    assert m.judge_verbs(["BOOK"])[0].is_action


def test_corrupted_onnx_is_reported_by_checksum(model_copy):
    path = model_copy / "encoder.onnx"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(SemanticUnavailable) as exc:
        get_model(model_copy)
    assert "checksum" in exc.value.reason and "encoder.onnx" in exc.value.reason


def test_missing_file_is_named(model_copy):
    (model_copy / "heads.npz").unlink()
    with pytest.raises(SemanticUnavailable) as exc:
        get_model(model_copy)
    assert "missing" in exc.value.reason and "heads.npz" in exc.value.reason


def test_missing_directory(tmp_path):
    with pytest.raises(SemanticUnavailable) as exc:
        get_model(tmp_path / "nowhere")
    assert "SHA256SUMS" in exc.value.reason


def test_failed_load_is_retried_after_repair(model_copy):
    sums = (model_copy / "SHA256SUMS").read_text()
    (model_copy / "SHA256SUMS").unlink()
    with pytest.raises(SemanticUnavailable):
        get_model(model_copy)
    (model_copy / "SHA256SUMS").write_text(sums)
    assert get_model(model_copy).judge_verbs(["FIND"])[0].is_action


def test_checksum_file_must_list_required_files(model_copy):
    lines = [l for l in (model_copy / "SHA256SUMS").read_text().splitlines() if "heads.json" not in l]
    (model_copy / "SHA256SUMS").write_text("\n".join(lines) + "\n")
    with pytest.raises(SemanticUnavailable) as exc:
        get_model(model_copy)
    assert "heads.json" in exc.value.reason


def test_a_verification_is_remembered_until_a_file_changes(model_copy, monkeypatch, tmp_path):
    """Hashing the model files once per set of files: the second verify reads no
    file; a same-size edit with its modification time set back is still hashed again (its
    status-change time moved) and refused."""
    import os

    from agis_lsp import semantic
    from agis_lsp.engine.cachedir import Store
    monkeypatch.setenv("AGIS_LINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(semantic, "_store", Store("model-verified"))   # as the command line does
    hashed = []
    real = semantic._sha256
    monkeypatch.setattr(semantic, "_sha256", lambda p: hashed.append(p.name) or real(p))
    semantic.verify(model_copy)
    assert "encoder.onnx" in hashed
    hashed.clear()
    semantic.verify(model_copy)
    assert hashed == []
    path = model_copy / "tokenizer.json"
    st = os.stat(path)
    data = bytearray(path.read_bytes())
    data[-2] ^= 0x01
    path.write_bytes(bytes(data))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(SemanticUnavailable) as exc:
        semantic.verify(model_copy)
    assert "checksum" in exc.value.reason and "tokenizer.json" in exc.value.reason
