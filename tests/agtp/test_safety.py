"""Linting reads files and nothing else: no imports of handler modules, no network,
no environment variable values in any output."""
from __future__ import annotations

import os
import shutil
import socket
import sys

import pytest

from agis_lsp.cli.main import main as cli_main
from agis_lsp.formats.deployment import DocumentCache

from ..conftest import EXAMPLES


def lint_deployment(root, config=None, *, cache=None):
    """Every file of a deployment through the Linter: [(path, document, Outcome)]."""
    from agis_lsp.engine.config import Config
    from agis_lsp.engine.linter import Linter
    linter = Linter(config_of=lambda _path: config or Config(), documents=cache)
    return [(p, o.doc, o) for p, o in linter.check_deployment(str(root))]

SECRET = "sk_live_TOPSECRET_4f9a2c"
PLACEHOLDER_ENDPOINT = '''[endpoint]
method = "ESTIMATE"
path = "/stays/quotes"
description = "Estimates the price of a stay."
errors = ["upstream_timeout"]

[endpoint.semantic]
intent = "Estimate the price of a stay."
actor = "agent"
outcome = "A price is returned."
capability = "analysis"
confidence = 0.7
impact = "informational"
is_idempotent = true

[endpoint.handler]
type = "external_service"
url = "http://${RATES_HOST}/v2/${RATES_API_TOKEN"
method = "post"

[endpoint.handler.headers]
Authorization = "Bearer ${RATES_API_TOKEN}"
X-Token = "$RATES_API_TOKEN"
X-Other = "${RATES_API_TOKEN"

[endpoint.handler.error_map]
"404" = "${RATES_API_TOKEN}"
'''

EVIL_MODULE = '''
import pathlib
pathlib.Path(__file__).with_name("IMPORTED.marker").write_text("the module was imported")
def handler(ctx):
    return {}
'''


@pytest.fixture
def deployment(tmp_path):
    target = tmp_path / "deployment"
    shutil.copytree(os.path.join(EXAMPLES, "deployment"), target)
    (target / "endpoints" / "leaky.toml").write_text(PLACEHOLDER_ENDPOINT, encoding="utf-8")
    return target


def _run_all_formats(cli, deployment):
    outputs = []
    for fmt in ("text", "json", "sarif", "github"):
        code, out, err = cli("check", str(deployment), "--no-semantic", "--format", fmt,
                             "--show-fixes" if fmt == "text" else "--quiet")
        outputs.append((fmt, code, out + err))
    code, out, err = cli("check", str(deployment), "--no-semantic", "--diff", "--unsafe-fixes")
    outputs.append(("diff", code, out + err))
    for fmt in ("text", "json"):
        from agis_lsp.catalog import SHIPPED_CATALOG
        code, out, err = cli("catalog-diff", str(SHIPPED_CATALOG), str(SHIPPED_CATALOG),
                             "--against-deployment", str(deployment), "--format", fmt)
        outputs.append((f"catalog-diff {fmt}", code, out + err))
    return outputs


def test_env_values_named_in_placeholders_never_appear_in_any_output(deployment, monkeypatch):
    from ..conftest import run_cli
    monkeypatch.setenv("RATES_API_TOKEN", SECRET)
    monkeypatch.setenv("RATES_HOST", SECRET + ".internal")
    outputs = _run_all_formats(run_cli, deployment)
    for fmt, code, text in outputs:
        assert SECRET not in text, fmt
    # the placeholders were really examined: the names are reported, the values never
    text_out = outputs[0][2]
    assert "placeholder '${RATES_API_TOKEN' is not closed" in text_out
    assert "'$RATES_API_TOKEN' is sent literally" in text_out
    assert outputs[0][1] == 1


def test_engine_messages_never_carry_env_values(deployment, monkeypatch):
    monkeypatch.setenv("RATES_API_TOKEN", SECRET)
    results = lint_deployment(str(deployment), cache=DocumentCache())
    texts = []
    for _, doc, res in results:
        for d in res.diagnostics:
            texts.append(d.message)
            texts.extend(f.title for f in d.fixes)
            texts.extend(e.new_text for f in d.fixes for e in f.edits)
            texts.extend(r.message for r in d.related)
    assert texts and not any(SECRET in t for t in texts)


def test_a_registered_function_module_is_never_imported(tmp_path, monkeypatch, capsys):
    target = tmp_path / "deployment"
    shutil.copytree(os.path.join(EXAMPLES, "deployment"), target)
    (target / "evil_handlers.py").write_text(EVIL_MODULE, encoding="utf-8")
    (target / "hotel").mkdir()
    (target / "hotel" / "__init__.py").write_text(EVIL_MODULE, encoding="utf-8")
    (target / "hotel" / "handlers.py").write_text(EVIL_MODULE, encoding="utf-8")
    book = target / "endpoints" / "book_room.toml"
    book.write_text(book.read_text(encoding="utf-8").replace(
        "hotel.handlers.book_room", "evil_handlers.handler"), encoding="utf-8")
    monkeypatch.syspath_prepend(str(target))
    monkeypatch.chdir(target)
    before = set(sys.modules)
    results = lint_deployment(str(target), cache=DocumentCache())
    assert results and all(res.internal_errors == 0 for _, _, res in results)
    assert cli_main(["check", str(target), "--no-semantic", "--quiet", "--jobs", "1", "--no-cache"]) == 0
    capsys.readouterr()
    assert not (target / "IMPORTED.marker").exists()
    assert not (target / "hotel" / "IMPORTED.marker").exists()
    new = set(sys.modules) - before
    assert not {m for m in new if m.startswith(("evil_handlers", "hotel"))}


def test_linting_opens_no_network_connection(deployment, monkeypatch, capsys):
    attempts = []

    def refuse(*args, **kwargs):
        attempts.append(args)
        pytest.fail(f"linting tried to open a network connection: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    results = lint_deployment(str(deployment), cache=DocumentCache())
    assert any(d.code == "AGTP405" for _, _, res in results for d in res.diagnostics)
    assert cli_main(["check", str(deployment), "--no-semantic", "--quiet", "--jobs", "1", "--no-cache"]) == 1
    from agis_lsp.catalog import SHIPPED_CATALOG
    assert cli_main(["catalog-diff", str(SHIPPED_CATALOG), str(SHIPPED_CATALOG),
                     "--against-deployment", str(deployment)]) == 0
    capsys.readouterr()
    assert attempts == []
