"""The blind split of the MCP corpus (docs/corpora.md): pinned, kept in its own folder, never
opened by the trainer's corpus readers, and measured by ``benchmarks/real_precision.py`` only
when asked by name.

Nothing here reads a blind server's text: the real blind units are checked by name, by the
counts of ``harvest.json`` and by the existence of their files; the readers are exercised on a
tiny corpus written here.
"""
from __future__ import annotations

import json
import pathlib
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "benchmarks" / "corpora"
sys.path.insert(0, str(ROOT / "models"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "scripts"))

import real_precision  # noqa: E402
import security_corpora  # noqa: E402
import split_corpora  # noqa: E402

TOOL = {"name": "get_weather", "description": "Return the forecast for a city.",
        "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}}}


def _blind_units() -> set[str]:
    return {u for u, s in json.loads((CORPORA / "splits.json").read_text())["corpora"]["mcp"].items()
            if s == "blind"}


def test_blind_units_are_pinned_listed_and_in_their_folder():
    pinned = {s["name"]: s for s in tomllib.loads((CORPORA / "mcp" / "servers.toml").read_text())["server"]}
    rows = {r["server"]: r for r in json.loads((CORPORA / "mcp" / "harvest.json").read_text())["servers"]}
    blind = _blind_units()
    assert len(blind) >= 30
    for unit in blind:
        assert pinned[unit].get("split") == "blind", unit
        assert rows[unit]["split"] == "blind" and rows[unit]["tools"] > 0 and not rows[unit]["failure"], unit
        assert rows[unit]["version"] == pinned[unit]["version"], unit
        assert (CORPORA / "mcp" / "blind" / f"{unit}.tools.mcp.json").is_file(), unit
        assert not (CORPORA / "mcp" / f"{unit}.tools.mcp.json").exists(), unit
    # a blind server that listed no tools is recorded in harvest.json and left out of the split
    assert {u for u, s in pinned.items() if s.get("split") == "blind" and not rows[u]["failure"]} == blind
    assert set(split_corpora.pinned_splits().values()) == {"blind"}


@pytest.fixture
def tiny_corpus(tmp_path, monkeypatch):
    """A corpus of three one-tool servers, one per split; the blind one in mcp/blind/."""
    (tmp_path / "mcp" / "blind").mkdir(parents=True)
    for unit, folder in (("devsrv", "mcp"), ("heldsrv", "mcp"), ("blindsrv", "mcp/blind")):
        (tmp_path / folder / f"{unit}.tools.mcp.json").write_text(json.dumps({"tools": [TOOL]}))
    (tmp_path / "splits.json").write_text(json.dumps({"corpora": {"mcp": {
        "devsrv": "dev", "heldsrv": "heldout", "blindsrv": "blind"}}}))
    monkeypatch.setattr(security_corpora, "CORPORA", tmp_path)
    monkeypatch.setattr(real_precision, "CORPORA", tmp_path)
    return tmp_path


def test_trainer_corpus_readers_never_open_a_blind_or_heldout_unit(tiny_corpus, monkeypatch):
    opened: list[str] = []
    real_read = pathlib.Path.read_text

    def spy(self, *a, **k):
        opened.append(str(self))
        return real_read(self, *a, **k)

    monkeypatch.setattr(pathlib.Path, "read_text", spy)
    rows = security_corpora.mcp_rows()
    assert {r["unit"] for r in rows} == {"devsrv"} and rows
    assert any("devsrv" in p for p in opened)
    assert not [p for p in opened if "blindsrv" in p or "heldsrv" in p]


def test_real_precision_reads_blind_only_by_name(tiny_corpus):
    assert real_precision.wanted("all") == ("dev", "heldout")
    assert real_precision.wanted("blind") == ("blind",)
    assert real_precision.mcp_files("blindsrv", "blind") == [tiny_corpus / "mcp" / "blind" / "blindsrv.tools.mcp.json"]
    assert real_precision.mcp_files("blindsrv", "dev") == []


def test_blind_split_is_for_the_mcp_corpus_only(capsys):
    with pytest.raises(SystemExit) as e:
        real_precision.main(["--split", "blind", "--corpus", "openapi"])
    assert e.value.code == 2
    assert "--corpus mcp" in capsys.readouterr().err


def test_real_precision_measures_a_blind_split_with_the_shipped_cli(tiny_corpus, capsys):
    exe = str(Path(sys.executable).parent / "agis-lint")
    real_precision.run_mcp(exe, "blind", semantic=False)
    out = capsys.readouterr().out
    assert "| blind | 1 | 2 |" in out   # one server: its tool's description and its parameter's
    assert "| dev |" not in out and "| heldout |" not in out
