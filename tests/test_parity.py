"""The CLI and the server cannot disagree: both lint through one ``Linter``.

1. In-process, for every example and golden file (AGIS, AGTP deployments, the agent-interface
   formats): ``Linter.check`` (the CLI's road: both phases at once) equals
   ``Linter.mechanical`` then ``Linter.semantic`` (the server's road: a first publish, then the
   model's findings merged), diagnostic for diagnostic: code, severity, range, message,
   related locations (with their files and ranges) and fixes. Plus the places the two roads
   disagreed before: a file that is not UTF-8, an unused suppression of a semantic code, a
   custom catalog's verb, a broken catalog.
2. As processes: ``agis-lint check --format json`` and what ``agis-lsp`` publishes over stdio
   for the same files, after converting positions (both are 0-based UTF-16), including an
   unopened Latin-1 sibling the server reads from the disk and a cross-file related location.
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess

import pytest

from agis_lsp.catalog import CatalogError
from agis_lsp.cli.files import collect
from agis_lsp.engine.linter import Linter

from .test_process import script as _console

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXAMPLES = os.path.join(ROOT, "examples")
GOLDEN_DIRS = [os.path.join(HERE, d) for d in ("golden", "agtp/golden", "formats/golden",
                                                "security/golden")]


def _files() -> list[str]:
    files, _ = collect([EXAMPLES] + [d for d in GOLDEN_DIRS if os.path.isdir(d)])
    return files


def _range(r) -> tuple:
    return (r.start.line, r.start.character, r.end.line, r.end.character) if r is not None else None


def render(diagnostics) -> list:
    """Everything a user sees of a diagnostic, comparable."""
    out = []
    for d in diagnostics:
        related = tuple((rel.file, _range(rel.range), rel.message) for rel in d.related)
        fixes = tuple((f.title, f.safe, f.preferred, tuple((e.start, e.end, e.new_text) for e in f.edits))
                      for f in d.fixes)
        out.append((d.code, int(d.severity), _range(d.range), d.message, related, fixes, d.tags))
    return out


def both_roads(linter: Linter, path: str):
    cli = linter.check(path)
    target = linter.prepare(path)
    mechanical = linter.mechanical(target)
    server = linter.semantic(target, mechanical)
    return cli, mechanical, server


FILES = _files()


def test_the_corpus_is_there():
    kinds = {Linter().prepare(f).kind for f in FILES}
    assert len(FILES) > 300
    assert {"agis", "agtp-endpoint", "agtp-server", "agtp-recipes", "mcp-tools"} <= kinds, kinds


@pytest.mark.slow
def test_check_equals_mechanical_then_semantic_on_every_example_and_golden_file():
    linter = Linter()
    disagreements = []
    for path in FILES:
        try:
            cli, _, server = both_roads(linter, path)
        except CatalogError:
            continue  # a golden case of a broken catalog file: both roads refuse it alike
        if render(cli.diagnostics) != render(server.diagnostics):
            disagreements.append(os.path.relpath(path, ROOT))
        assert cli.internal_errors == server.internal_errors == 0, path
    assert disagreements == []


def test_a_file_that_is_not_utf8_is_agis005_on_both_roads(tmp_path):
    path = tmp_path / "latin.agis"
    path.write_bytes('agis: "1.0"\nservice: {name: "Café"}\n'.encode("latin-1"))
    cli, mechanical, server = both_roads(Linter(), str(path))
    assert [d.code for d in cli.diagnostics] == ["AGIS005"]
    assert render(mechanical.diagnostics) == render(server.diagnostics) == render(cli.diagnostics)


with open(os.path.join(EXAMPLES, "restaurant.agis"), encoding="utf-8") as _fh:
    CLEAN = _fh.read()  # lints clean, model on
SUPPRESSED = CLEAN.replace("  - method: BOOK\n", "  - method: BOOK   # agis-lint: disable=AGIS601\n", 1)


def test_an_unused_suppression_of_a_semantic_code_is_reported_on_both_roads(tmp_path):
    path = tmp_path / "suppressed.agis"
    path.write_text(SUPPRESSED, encoding="utf-8")
    cli, mechanical, server = both_roads(Linter(), str(path))
    assert [d.code for d in cli.diagnostics] == ["AGIS006"], render(cli.diagnostics)
    assert render(server.diagnostics) == render(cli.diagnostics)
    assert not mechanical.complete and [d.code for d in mechanical.diagnostics] == [], \
        "the first publish does not judge a semantic suppression before the model has run"


def _custom_catalog(tmp_path) -> str:
    from agis_lsp.catalog import SHIPPED_CATALOG
    with open(SHIPPED_CATALOG, encoding="utf-8") as fh:
        data = json.load(fh)
    methods = data["methods"]
    template = next(iter(methods.values())) if isinstance(methods, dict) else methods[0]
    entry = dict(template, name="ZORBIFY") if isinstance(template, dict) else template
    if isinstance(methods, dict):
        methods["ZORBIFY"] = entry
    else:
        methods.append(entry)
    out = tmp_path / "methods.json"
    out.write_text(json.dumps(data), encoding="utf-8")
    return str(out)


def test_a_custom_catalog_verb_is_a_verb_for_pass_2(tmp_path):
    catalog = _custom_catalog(tmp_path)
    custom = tmp_path / "custom"
    custom.mkdir()
    (custom / ".agis-lint.toml").write_text(f'catalog = "{catalog}"\nsemantic = false\n')
    doc = custom / "zorb.agis"
    doc.write_text(CLEAN.replace("method: BOOK", "method: ZORBIFY"))
    cli, _, server = both_roads(Linter(), str(doc))
    codes = [d.code for d in cli.diagnostics]
    assert "AGIS205" not in codes, render(cli.diagnostics)
    assert render(server.diagnostics) == render(cli.diagnostics)
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "zorb.agis").write_text(doc.read_text())
    shipped = Linter().check(str(plain / "zorb.agis"))
    assert "AGIS205" in [d.code for d in shipped.diagnostics], "the shipped catalog lacks ZORBIFY"


def test_a_broken_catalog_is_an_error_on_both_roads_never_a_fallback(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    (tmp_path / ".agis-lint.toml").write_text(f'catalog = "{bad}"\n')
    doc = tmp_path / "a.agis"
    doc.write_text(SUPPRESSED)
    with pytest.raises(CatalogError):
        Linter().prepare(str(doc))
    code = subprocess.run([_console("agis-lint"), "check", str(doc)], capture_output=True,
                          text=True, timeout=120)
    assert code.returncode == 2 and "catalog error" in code.stderr


# -- as processes: the CLI's JSON and what the server publishes --------------------------------
def _cli_json(paths: list[str], env: dict | None = None) -> dict:
    proc = subprocess.run([_console("agis-lint"), "check", "--format", "json", "--no-cache",
                           "--jobs", "1", *paths], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env} if env else None)
    assert proc.returncode in (0, 1), proc.stderr
    out: dict = {os.path.abspath(p): [] for p in paths}
    for d in json.loads(proc.stdout)["diagnostics"]:
        related = tuple((os.path.abspath(r["path"]), json.dumps(r.get("range"), sort_keys=True),
                         r["message"]) for r in d.get("related", ()))
        out[os.path.abspath(d["path"])].append(
            (d["code"], json.dumps(d["range"], sort_keys=True), d["message"], related))
    return {k: sorted(v) for k, v in out.items()}


def _published(params: dict) -> list:
    from agis_lsp.lsp.protocol.uris import to_path
    out = []
    for d in params["diagnostics"]:
        related = tuple((to_path(r["location"]["uri"]), json.dumps(r["location"]["range"], sort_keys=True),
                         r["message"]) for r in d.get("relatedInformation", ()))
        out.append((d["code"], json.dumps(d["range"], sort_keys=True), d["message"], related))
    return sorted(out)


def _deployment(tmp_path) -> tuple[str, str, str]:
    dep = tmp_path / "deploy"
    shutil.copytree(os.path.join(EXAMPLES, "deployment"), dep)
    book = dep / "endpoints" / "book_room.toml"
    book.write_text(book.read_text(encoding="utf-8").replace('method = "BOOK"', 'method = "GET"'),
                    encoding="utf-8")
    twin = dep / "endpoints" / "book_twin.toml"
    twin.write_text(book.read_text(encoding="utf-8"), encoding="utf-8")   # AGTP701: related file
    latin = dep / "endpoints" / "latin.toml"
    latin.write_bytes('[endpoint]\nmethod = "BOOK"\ndescription = "Caf\xe9"\n'.encode("latin-1"))
    return str(book), str(twin), str(latin)


async def _last_published(client, uris: dict, expected: dict, version=None, seconds: float = 60) -> dict:
    """{name: the last diagnostics published for uris[name] (of ``version``, when given)},
    waited for until it equals ``expected`` or ``seconds`` pass."""
    got: dict = {}
    for _ in range(int(seconds / 0.05)):
        for name, uri in uris.items():
            pubs = [p for p in client.published(uri) if version is None or p.get("version") == version]
            if pubs:
                got[name] = _published(pubs[-1])
        if got == expected:
            break
        await asyncio.sleep(0.05)
    return got


@pytest.mark.slow
async def test_the_cli_json_equals_what_the_server_publishes(tmp_path):
    from tests.lsp.rawclient import RawClient
    from tests.lsp.conftest import uri_of
    book, twin, latin = _deployment(tmp_path)
    agis = tmp_path / "suppressed.agis"
    agis.write_text(SUPPRESSED.replace("method: FIND", "method: GET"), encoding="utf-8")
    restaurant = os.path.join(EXAMPLES, "restaurant.agis")
    expected = _cli_json([book, twin, latin, str(agis), restaurant])
    assert any(rel for d in expected[book] for rel in d[3] if rel[0] == twin), "a cross-file related"
    assert [d[0] for d in expected[latin]] == ["AGIS005"]

    client = await RawClient.start(env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    try:
        await client.initialize(uri_of(str(tmp_path)))
        for path, lang in ((book, "toml"), (str(agis), "agis"), (restaurant, "agis")):
            with open(path, encoding="utf-8") as fh:
                client.open(uri_of(path), fh.read(), language=lang)
        # book_room.toml's siblings (twin, latin) are checked from the disk, unopened
        got = await _last_published(client, {path: uri_of(path) for path in expected}, expected)
        assert got == expected
        assert await client.stop() == 0
        assert "Traceback" not in client.log()
    finally:
        client.kill()


@pytest.mark.slow
async def test_with_a_second_encoder_graph_the_cli_json_equals_what_the_server_publishes(tmp_path):
    """The security head's findings and agreements (AGSC901 on its own; "also the model" folded
    into a pattern finding) with scope.onnx in the model directory (the shipped one, fine-tuned for
    the head; a copy of encoder.onnx where a model directory has none): the command line and the
    server load both graphs and publish the same."""
    from tests.lsp.conftest import uri_of
    from tests.lsp.rawclient import RawClient
    from tests.semantic.test_scope_graph import _payload_document, add_scope
    from agis_lsp.semantic import model_dir
    models = tmp_path / "models"
    models.mkdir()
    for line in (model_dir() / "SHA256SUMS").read_text().splitlines():
        if line.strip():
            shutil.copy(model_dir() / line.split("  ", 1)[1].strip(), models)
    shutil.copy(model_dir() / "SHA256SUMS", models)
    if not (models / "scope.onnx").exists():
        add_scope(models, (models / "encoder.onnx").read_bytes())
    payloads = str(_payload_document(tmp_path))
    restaurant = os.path.join(EXAMPLES, "restaurant.agis")
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "AGIS_LSP_MODEL_DIR": str(models)}
    expected = _cli_json([payloads, restaurant], env)
    assert any(d[0] == "AGSC901" for d in expected[payloads])
    assert any(r[2].startswith("also the model: ") for d in expected[payloads] for r in d[3])
    client = await RawClient.start(env=env)
    try:
        await client.initialize(uri_of(str(tmp_path)))
        for path, lang in ((payloads, "json"), (restaurant, "agis")):
            with open(path, encoding="utf-8") as fh:
                client.open(uri_of(path), fh.read(), language=lang)
        got = await _last_published(client, {path: uri_of(path) for path in expected}, expected)
        assert got == expected
        assert await client.stop() == 0
        assert "Traceback" not in client.log() and "scope.onnx" not in client.log()
    finally:
        client.kill()


async def test_the_server_says_a_catalog_is_broken_and_does_not_check_with_another(tmp_path):
    """The CLI's exit 2 for a broken catalog is, in the editor, an error message and no findings
    from a catalog the user did not configure (the server used to fall back silently)."""
    from tests.lsp.conftest import uri_of
    from tests.lsp.rawclient import RawClient
    (tmp_path / "broken.json").write_text("{not json")
    (tmp_path / ".agis-lint.toml").write_text('catalog = "broken.json"\n')
    doc = tmp_path / "a.agis"
    doc.write_text(CLEAN.replace("method: FIND", "method: GET"))
    client = await RawClient.start(env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    try:
        await client.initialize(uri_of(str(tmp_path)))
        client.open(uri_of(str(doc)), doc.read_text())
        shown = []
        for _ in range(400):
            shown = [n["params"] for n in client.notifications if n["method"] == "window/showMessage"]
            if shown:
                break
            await asyncio.sleep(0.025)
        assert shown and shown[0]["type"] == 1 and "catalog" in shown[0]["message"].lower(), shown
        await asyncio.sleep(0.5)
        published = client.published(uri_of(str(doc)))
        assert all(p["diagnostics"] == [] for p in published), published  # nothing from another catalog
        assert await client.stop() == 0
        assert "Traceback" not in client.log()
    finally:
        client.kill()


async def _server_after_edits_equals_cli(tmp_path, name: str, seed: int, edit, rounds: int = 24) -> None:
    """Open ``mutated(40)`` in the server over stdio, send ``rounds`` edits (``edit(text, rng)``
    gives the new text and the ``contentChanges``, or None to skip), then compare the server's
    last published diagnostics with the CLI's on the final text, process against process."""
    import random
    import sys
    from tests.lsp.conftest import uri_of
    from tests.lsp.rawclient import RawClient
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from test_incremental_lint import mutated
    text = mutated(40)
    path = tmp_path / f"{name}.agis"
    path.write_text(text, encoding="utf-8")
    uri = uri_of(str(path))
    rng = random.Random(seed)
    client = await RawClient.start(env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    try:
        await client.initialize(uri_of(str(tmp_path)))
        client.open(uri, text)
        version = 1
        for _ in range(rounds):
            step = edit(text, rng)
            if step is None:
                continue
            text, changes = step
            version += 1
            client.change(uri, version, changes)
            await asyncio.sleep(rng.choice([0.0, 0.05, 0.3]))
        path.write_text(text, encoding="utf-8")
        expected = _cli_json([str(path)])[str(path)]
        assert len(expected) >= 5
        got = await _last_published(client, {name: uri}, {name: expected}, version)
        assert got == {name: expected}
        assert await client.stop() == 0
        assert "Traceback" not in client.log()
    finally:
        client.kill()


@pytest.mark.slow
async def test_after_incremental_edits_the_server_publishes_what_the_cli_finds(tmp_path):
    """The server checks every edit incrementally (one endpoint parsed again, per-endpoint rules
    on it, the rest reused): after a burst of edits its diagnostics equal the CLI's on the final
    text, process against process."""
    edits = [("intent: \"", "intent: \"Quickly "), ("method: DISPATCH", "method: DISPATCHES"),
             ("outcome: \"The", "outcome: \"Then the"), ("maxLength: 200", "maxLength: 20")]

    def ranged(text, rng):
        old, new = rng.choice(edits)
        at = rng.choice([i for i in range(len(text)) if text.startswith(old, i)])
        line = text.count("\n", 0, at)
        col = at - (text.rfind("\n", 0, at) + 1)
        return text[:at] + new + text[at + len(old):], [
            {"range": {"start": {"line": line, "character": col},
                       "end": {"line": line, "character": col + len(old)}}, "text": new}]
    await _server_after_edits_equals_cli(tmp_path, "typed", 11, ranged)


@pytest.mark.slow
async def test_after_frame_edits_in_whole_document_sync_the_server_publishes_what_the_cli_finds(tmp_path):
    """Edits of the frame (the top-level description, version, the vocabulary) sent as whole
    new texts (a client in whole-document sync): the server finds each edit by diffing and
    checks it incrementally; its diagnostics equal the CLI's on the final text."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from test_incremental_lint import FRAME_EDITS

    def whole(text, rng):
        old, new = rng.choice(FRAME_EDITS + [("intent: \"", "intent: \"Quickly ")])
        if old not in text:
            old, new = new, old
        if old not in text:
            return None
        text = text.replace(old, new, 1)
        return text, [{"text": text}]
    await _server_after_edits_equals_cli(tmp_path, "frame", 12, whole)
