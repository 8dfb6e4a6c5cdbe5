"""The committed real corpora (docs/corpora.md) are complete, split, and read by the engine as intended."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from agis_lsp.document import parse_text
from agis_lsp.formats.kinds import detect
from agis_lsp.formats.prose import prose_fields

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "benchmarks" / "corpora"
FAMILIES = {"other-tools", "files", "secrets", "conversation", "recipients", "concealment", "override",
            "authority", "role", "encoding", "tag"}


def _splits() -> dict:
    return json.loads((CORPORA / "splits.json").read_text())["corpora"]


def test_every_harvested_server_is_pinned_and_split():
    pinned = {s["name"]: s for s in tomllib.loads((CORPORA / "mcp" / "servers.toml").read_text())["server"]}
    rows = json.loads((CORPORA / "mcp" / "harvest.json").read_text())["servers"]
    listed = {r["server"] for r in rows if not r["failure"]}
    assert len(listed) >= 30
    assert listed <= set(pinned)
    assert set(_splits()["mcp"]) == listed
    for name in listed:
        if pinned[name].get("split"):   # a blind split: tests/test_corpora_blind.py, never its text
            continue
        raw = json.loads((CORPORA / "mcp" / f"{name}.json").read_text())
        assert raw["version"] == pinned[name]["version"] and raw["package"] == pinned[name]["package"]
        assert raw["harvested"] and raw["command"]


@pytest.mark.parametrize("corpus", ["mcp", "openapi"])
def test_split_is_about_half_and_disjoint(corpus):
    pinned = {s["split"] for s in tomllib.loads((CORPORA / "mcp" / "servers.toml").read_text())["server"]
              if s.get("split")}
    assert pinned >= {"blind", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8"} and all(s.startswith("blind") for s in pinned)
    sides = [s for s in _splits()[corpus].values() if s not in pinned]   # the blind splits: pinned, not paired
    assert set(sides) == {"dev", "heldout"}
    assert abs(sides.count("dev") - sides.count("heldout")) <= 1


def test_tool_lists_are_mcp_documents_with_prose():
    files = sorted((CORPORA / "mcp").glob("*.tools.mcp.json"))
    assert files
    for f in files[:10]:
        doc = parse_text(f.read_text(), str(f))
        kind = detect(doc)
        assert kind == "mcp-tools", f.name
        assert prose_fields(kind, doc), f.name


def test_openapi_rows_carry_provenance_and_belong_to_a_split():
    split = _splits()["openapi"]
    for f in sorted((CORPORA / "openapi").glob("*.jsonl")):
        assert f.stat().st_size < 5 * 1024 * 1024, f.name
        with f.open() as fh:
            first = json.loads(fh.readline())
        assert {"document", "package", "registry", "version", "file", "pointer", "role", "text"} <= set(first)
        assert first["pointer"].startswith("/") and first["document"] in split


def test_published_payloads_are_labelled():
    rows = [json.loads(x) for x in (CORPORA / "payloads" / "heldout_published.jsonl").read_text().splitlines()
            if x.strip()]
    assert len(rows) >= 30
    for r in rows:
        assert r["family"] in FAMILIES and set(r["also"]) <= FAMILIES
        assert r["source"] and r["text"].strip()


@pytest.mark.parametrize("name", ["fresh2_sources.jsonl", "fresh3_sources.jsonl"])
def test_evaluation_only_payload_sets_are_read_by_no_trainer(name):
    """The third fresh set measures generalisation, and the second (a development set for the
    patterns since) was one: well-formed, and no trainer, data builder or calibration under models/
    names them or globs the payload folder (they read the files they name: the held-out sets to
    leave out, the published dev set)."""
    rows = [json.loads(x) for x in (CORPORA / "payloads" / name).read_text(encoding="utf-8").split("\n") if x.strip()]
    assert len(rows) >= 300
    for r in rows:
        assert set(r) == {"text", "source", "family", "label"} and r["label"] == 1
        assert r["text"].strip() and r["source"] and r["family"]
    stem = name.split(".")[0]
    for py in sorted((ROOT / "models").glob("*.py")):
        text = py.read_text(encoding="utf-8")
        assert stem not in text, py.name
        assert not [ln for ln in text.splitlines() if "payloads" in ln and re.search(r"\bi?glob\(", ln)], py.name
