"""agis-lint catalog-diff: the three exit codes, text and JSON output, against a deployment."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from agis_lsp.catalog import SHIPPED_CATALOG

from ..conftest import EXAMPLES

EXAMPLE = os.path.join(EXAMPLES, "deployment")


def _catalog(tmp_path, name, *, version, remove=(), add=(), deprecate=None):
    with open(SHIPPED_CATALOG, encoding="utf-8") as fh:
        data = json.load(fh)
    data["version"] = version
    for m in remove:
        del data["methods"][m]
    for m in add:
        data["methods"][m] = {"categories": ["discovery"], "description": "A new verb."}
    for m, succ in (deprecate or {}).items():
        data["methods"][m].update({"deprecated_in": version, "removed_in": "9.0.0", "successor": succ})
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.fixture
def deployment(tmp_path):
    target = tmp_path / "deployment"
    shutil.copytree(EXAMPLE, target)
    return target


def test_no_breakage_exits_0(cli, tmp_path, deployment):
    new = _catalog(tmp_path, "new.json", version="1.1.0", add=["FROBNICATE"])
    code, out, err = cli("catalog-diff", str(SHIPPED_CATALOG), new, "--against-deployment",
                         str(deployment))
    assert code == 0, err
    assert "catalog 1.0.0" in out and "-> 1.1.0" in out
    assert "added (1): FROBNICATE" in out
    assert "removed (0): -" in out
    assert "result: no breakage for this deployment (exit 0)" in out


def test_catalog_only_diff_lists_added_removed_deprecated(cli, tmp_path):
    new = _catalog(tmp_path, "new.json", version="2.0.0", remove=["QUOTE"], add=["ZAP"],
                   deprecate={"BOOK": "RESERVE"})
    code, out, _ = cli("catalog-diff", str(SHIPPED_CATALOG), new, "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["added"] == ["ZAP"] and doc["removed"] == ["QUOTE"]
    assert doc["newly_deprecated"] == {"BOOK": "RESERVE"}
    assert doc["breaking"] is False and doc["exit_code"] == 0 and "deployment" not in doc


def test_breakage_exits_1_and_names_every_conflict(cli, tmp_path, deployment):
    new = _catalog(tmp_path, "new.json", version="2.0.0",
                   remove=["ESTIMATE", "TRANSFER", "SUMMARIZE"], add=["STAYS", "HISTORY"],
                   deprecate={"BOOK": "RESERVE"})
    code, out, err = cli("catalog-diff", str(SHIPPED_CATALOG), new, "--against-deployment",
                         str(deployment), "--format", "json")
    assert code == 1, err
    doc = json.loads(out)
    dep = doc["deployment"]
    assert doc["breaking"] is True and doc["exit_code"] == 1
    [ep] = dep["endpoint_conflicts"]
    assert (ep["file"], ep["line"], ep["column"], ep["method"]) == (
        os.path.join("endpoints", "quote_stay.toml"), 4, 10, "ESTIMATE")
    assert ep["path"] == "/stays/quotes"
    paths = sorted((c["method"], c["segment"]) for c in dep["path_conflicts"])
    assert paths == [("HISTORY", "history"), ("STAYS", "stays")]
    [rc] = dep["recipe_conflicts"]
    assert (rc["recipe"], rc["step"], rc["method"]) == ("audit-via-query-and-summarize", 2, "SUMMARIZE")
    [pc] = dep["policy_conflicts"]
    assert pc["file"] == "agtp-server.toml" and pc["method"] == "TRANSFER" and "skips" in pc["message"]
    [dp] = dep["deprecations"]
    assert dp["method"] == "BOOK" and dp["successor"] == "RESERVE"
    assert dep["parse_errors"] == []


def test_breakage_text_report(cli, tmp_path, deployment):
    new = _catalog(tmp_path, "new.json", version="2.0.0", remove=["ESTIMATE"])
    code, out, _ = cli("catalog-diff", str(SHIPPED_CATALOG), new, "--against-deployment",
                       str(deployment))
    assert code == 1
    assert "removed (1): ESTIMATE" in out
    assert "endpoint conflicts (endpoints declaring removed methods):" in out
    assert (f"    {os.path.join('endpoints', 'quote_stay.toml')}:4:10: ESTIMATE /stays/quotes "
            "declares ESTIMATE, which catalog 2.0.0 removes") in out
    assert "result: 1 breaking change(s) for this deployment (exit 1)" in out


def test_unreadable_catalog_exits_2(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": "1.0.0", "methods": {', encoding="utf-8")
    code, out, err = cli("catalog-diff", str(SHIPPED_CATALOG), str(bad))
    assert code == 2
    assert "new catalog" in err and "invalid JSON" in err
    code, out, _ = cli("catalog-diff", str(tmp_path / "missing.json"), str(SHIPPED_CATALOG),
                       "--format", "json")
    assert code == 2 and json.loads(out)["catalog"] == "old"


def test_deployment_parse_error_exits_2(cli, tmp_path, deployment):
    (deployment / "endpoints" / "broken.toml").write_text('[endpoint]\nmethod = "BOOK\n', encoding="utf-8")
    code, out, _ = cli("catalog-diff", str(SHIPPED_CATALOG), str(SHIPPED_CATALOG),
                       "--against-deployment", str(deployment))
    assert code == 2
    assert "parse error: " + os.path.join("endpoints", "broken.toml") + ":2:" in out
    assert "exit 2" in out


def test_not_a_deployment_exits_2(cli, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, _ = cli("catalog-diff", str(SHIPPED_CATALOG), str(SHIPPED_CATALOG),
                       "--against-deployment", str(empty), "--format", "json")
    assert code == 2
    assert "not a deployment directory" in json.loads(out)["deployment"]["parse_errors"][0]["message"]
