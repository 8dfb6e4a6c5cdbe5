"""The blind splits of the MCP corpus (docs/corpora.md; ``blind``, ``blind2``, …,
every split servers.toml pins: each is covered here without being named): pinned, each
kept in its own folder, never opened by the trainer's corpus readers nor by the benchmarks that
walk a corpus folder, and measured by ``benchmarks/real_precision.py`` only when asked by name.

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

import blind_splits  # noqa: E402
import directive_eval  # noqa: E402
import real_precision  # noqa: E402
import security_corpora  # noqa: E402
import split_corpora  # noqa: E402
import verb_sample  # noqa: E402

# each blind split (every split that servers.toml pins), and the fewest servers it must hold
BLIND = {b: {"blind": 30}.get(b, 25) for b in blind_splits.blind_splits()}

TOOL = {"name": "get_weather", "description": "Return the forecast for a city.",
        "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}}}


def _blind_units(split: str) -> set[str]:
    return {u for u, s in json.loads((CORPORA / "splits.json").read_text())["corpora"]["mcp"].items()
            if s == split}


def test_the_blind_splits_are_the_pinned_ones():
    assert {"blind", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8"} <= set(BLIND)
    assert all(b.startswith("blind") for b in BLIND)
    assert set(split_corpora.pinned_splits().values()) == set(BLIND)
    assert blind_splits.blind_splits() == tuple(sorted(BLIND)) == real_precision.BLIND
    assert set(BLIND) <= set(json.loads((CORPORA / "splits.json").read_text())["corpora"]["mcp"].values())


@pytest.mark.parametrize("split", sorted(BLIND))
def test_blind_units_are_pinned_listed_and_in_their_folder(split):
    pinned = {s["name"]: s for s in tomllib.loads((CORPORA / "mcp" / "servers.toml").read_text())["server"]}
    rows = {r["server"]: r for r in json.loads((CORPORA / "mcp" / "harvest.json").read_text())["servers"]}
    blind = _blind_units(split)
    assert len(blind) >= BLIND[split]
    for unit in blind:
        assert pinned[unit].get("split") == split, unit
        assert rows[unit]["split"] == split and rows[unit]["tools"] > 0 and not rows[unit]["failure"], unit
        assert rows[unit]["version"] == pinned[unit]["version"], unit
        assert (CORPORA / "mcp" / split / f"{unit}.tools.mcp.json").is_file(), unit
        for other in ("", *(b for b in BLIND if b != split)):   # nowhere else
            assert not (CORPORA / "mcp" / other / f"{unit}.tools.mcp.json").exists(), (unit, other)
    # a blind server that listed no tools is recorded in harvest.json and left out of the split
    assert {u for u, s in pinned.items() if s.get("split") == split and not rows[u]["failure"]} == blind
    failed = {u for u, s in pinned.items() if s.get("split") == split and rows[u]["failure"]}
    assert all(rows[u]["split"] == split and not (CORPORA / "mcp" / split / f"{u}.tools.mcp.json").exists()
               for u in failed)
    # every file of the split's folder belongs to one of its pinned servers
    stems = {f.name.split(".tools.")[0].split(".listing.")[0].removesuffix(".json")
             for f in (CORPORA / "mcp" / split).glob("*.json") if f.name != "licenses.json"}
    assert stems <= {u for u, s in pinned.items() if s.get("split") == split}


BLIND_UNITS = {b: f"{b}srv" for b in BLIND}   # the tiny corpus's one server of each blind split
UNREAD = ("heldsrv", *BLIND_UNITS.values())   # the held-out and blind units of the tiny corpus


@pytest.fixture
def tiny_corpus(tmp_path, monkeypatch):
    """A corpus of one-tool servers, one per split; each blind one in its split's folder."""
    for b in BLIND:
        (tmp_path / "mcp" / b).mkdir(parents=True)
    for unit, folder in (("devsrv", "mcp"), ("heldsrv", "mcp"),
                         *((u, f"mcp/{b}") for b, u in BLIND_UNITS.items())):
        (tmp_path / folder / f"{unit}.tools.mcp.json").write_text(json.dumps({"tools": [TOOL]}))
    (tmp_path / "splits.json").write_text(json.dumps({"corpora": {"mcp": {
        "devsrv": "dev", "heldsrv": "heldout", **{u: b for b, u in BLIND_UNITS.items()}}}}))
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
    assert not [p for p in opened if any(u in p for u in UNREAD)]


def test_directive_eval_corpora_walk_skips_the_blind_folders(tiny_corpus, monkeypatch):
    """``directive_eval.py --corpora DIR`` lints every *.json under DIR except a blind folder's."""
    prepared: list[str] = []

    class Linter:   # records what the walk hands the engine; reads nothing itself
        def __init__(self, **_):
            pass

        def prepare(self, path, text):
            prepared.append(path)
            return object()

        def check(self, target):
            return type("Result", (), {"diagnostics": []})()

    monkeypatch.setattr(directive_eval, "Linter", Linter)
    directive_eval.corpora_rows(str(tiny_corpus / "mcp"), show=0)
    names = {Path(p).name for p in prepared}
    assert {"devsrv.tools.mcp.json", "heldsrv.tools.mcp.json"} <= names
    assert not [n for n in names if n.startswith(tuple(BLIND_UNITS.values()))]


def test_verb_sample_skips_the_blind_folders(tiny_corpus, monkeypatch, capsys):
    """Every file ``verb_sample.py`` walks past the blind check is styled (and may then be opened)."""
    styled: list[str] = []
    monkeypatch.setattr(verb_sample, "style_of", lambda rel: styled.append(rel) and None)
    monkeypatch.setattr(verb_sample, "operations", lambda path: pytest.fail(f"opened {path}"))
    verb_sample.main([str(tiny_corpus)])
    assert {"mcp/devsrv.tools.mcp.json", "mcp/heldsrv.tools.mcp.json"} <= set(styled)
    assert not [r for r in styled if any(u in r for u in BLIND_UNITS.values())]


def test_blind_folder_is_judged_on_the_path_below_the_corpus():
    assert blind_splits.in_blind_folder(("blind", "x.tools.mcp.json"))
    assert all(blind_splits.in_blind_folder(("mcp", s, "x.tools.mcp.json")) for s in BLIND)
    assert not blind_splits.in_blind_folder(("mcp", "x.tools.mcp.json"))
    assert not blind_splits.in_blind_folder(("mcp", "blinds", "blind2.tools.mcp.json"))


@pytest.mark.parametrize("split", sorted(BLIND))
def test_real_precision_reads_blind_only_by_name(tiny_corpus, split):
    unit = BLIND_UNITS[split]
    assert real_precision.wanted("all") == ("dev", "heldout")
    assert real_precision.wanted(split) == (split,)
    assert real_precision.mcp_files(unit, split) == [tiny_corpus / "mcp" / split / f"{unit}.tools.mcp.json"]
    for side in ("dev", "heldout", *(b for b in BLIND if b != split)):
        assert real_precision.mcp_files(unit, side) == []


@pytest.mark.parametrize("split", sorted(BLIND))
def test_blind_split_is_for_the_mcp_corpus_only(capsys, split):
    with pytest.raises(SystemExit) as e:
        real_precision.main(["--split", split, "--corpus", "openapi"])
    assert e.value.code == 2
    assert f"--split {split}" in (err := capsys.readouterr().err) and "--corpus mcp" in err


def test_real_precision_help_names_every_blind_split(capsys):
    with pytest.raises(SystemExit):
        real_precision.main(["--help"])
    out = capsys.readouterr().out
    assert all(f"'{b}'" in out for b in BLIND) and "never a blind split" in out


@pytest.mark.parametrize("split", sorted(BLIND))
def test_real_precision_measures_a_blind_split_with_the_shipped_cli(tiny_corpus, capsys, split):
    exe = str(Path(sys.executable).parent / "agis-lint")
    real_precision.run_mcp(exe, split, semantic=False)
    out = capsys.readouterr().out
    assert f"| {split} | 1 | 2 |" in out   # one server: its tool's description and its parameter's
    assert all(f"| {s} |" not in out for s in ("dev", "heldout", *BLIND) if s != split)
