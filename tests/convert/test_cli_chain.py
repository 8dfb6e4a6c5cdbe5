"""agis-lint convert as a user runs it (the installed console script in a subprocess): pairs with no
converter of their own go through AGIS and say so, an AGTP deployment directory is an input, the
summary is a short table (every file on its own line with -v), and a pair that cannot convert names
the supported ones."""
import json
import os
import subprocess
import sys

import pytest

from agis_lsp.convert import INPUTS, TARGETS, route

from .golden_cases import EX, FIX

AGIS_LINT = os.path.join(os.path.dirname(sys.executable), "agis-lint")
DEPLOYMENT = os.path.join(EX, "deployment")

# one input of every format (the deployment is a directory)
INPUT_OF = {
    "agis": os.path.join(EX, "restaurant.agis"),
    "mcp": os.path.join(FIX, "tools.mcp.json"),
    "openapi": os.path.join(FIX, "petstore-3.1.json"),
    "agtp-endpoint": os.path.join(DEPLOYMENT, "endpoints", "book_room.toml"),
    "a2t": os.path.join(FIX, "weather.a2t.json"),
    "adp": os.path.join(FIX, "mailforge.adp.json"),
    "ainp": os.path.join(FIX, "users.ainp.yaml"),
    "agtp-deployment": DEPLOYMENT,
}

# written out, not derived from the table under test: every pair that has no converter of its own
CHAINED = [
    ("mcp", "toml"), ("mcp", "well-known"),
    ("openapi", "mcp"), ("openapi", "well-known"),
    ("agtp-endpoint", "mcp"), ("agtp-endpoint", "well-known"),
    ("a2t", "mcp"), ("a2t", "toml"), ("a2t", "well-known"),
    ("adp", "mcp"), ("adp", "toml"), ("adp", "well-known"),
    ("ainp", "mcp"), ("ainp", "toml"), ("ainp", "well-known"),
    ("agtp-deployment", "mcp"), ("agtp-deployment", "toml"), ("agtp-deployment", "well-known"),
]


def agis_lint(*args, cwd=None):
    assert os.path.exists(AGIS_LINT), f"the console script is not installed: {AGIS_LINT}"
    proc = subprocess.run([AGIS_LINT, *args], capture_output=True, cwd=cwd, timeout=180)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def written_files(root) -> list[str]:
    return sorted(os.path.join(d, n) for d, _, names in os.walk(root) for n in names)


def lint_clean(paths) -> None:
    code, out, err = agis_lint("check", "--fail-level", "error", *map(str, paths))
    assert code == 0, out + err


_FIRST_STEP: dict[str, list[dict]] = {}


def first_step_review(fmt: str, tmp_path) -> list[dict]:
    """The review items of ``--to agis`` (the first step of every chain), as --format json reports them."""
    if fmt not in _FIRST_STEP:
        code, _, err = agis_lint("convert", INPUT_OF[fmt], "--to", "agis", "--no-semantic", "--format", "json",
                                 "-o", str(tmp_path / "first-step") + os.sep)
        assert code in (0, 1), err
        _FIRST_STEP[fmt] = json.loads(err)["review"]
    return _FIRST_STEP[fmt]


def test_the_chained_list_is_every_pair_without_a_converter():
    needs_chain = sorted((f, t) for f in INPUTS for t in TARGETS if route(f, t) and len(route(f, t)) > 1)
    assert needs_chain == sorted(CHAINED)
    assert all(route(f, t) for f in INPUTS for t in TARGETS if f != t)


@pytest.mark.parametrize("fmt,to", CHAINED, ids=[f"{f}-{t}" for f, t in CHAINED])
def test_chains_through_agis_and_keeps_every_steps_review(fmt, to, tmp_path):
    out_dir = tmp_path / "out"
    code, out, err = agis_lint("convert", INPUT_OF[fmt], "--to", to, "--no-semantic", "--format", "json",
                               "-o", str(out_dir) + os.sep)
    report = json.loads(err)
    assert report["chain"] == [fmt, "agis", to] and report["source_format"] == fmt
    assert code == (1 if report["review"] else 0) and out == ""
    files = written_files(out_dir)
    assert files and sorted(report["files"]) == files
    lint_clean(files)
    # the first step's review items are all kept, at the place `--to agis` writes them
    first = [(os.path.basename(r["file"]), r["line"], r["column"], r["message"])
             for r in first_step_review(fmt, tmp_path)]
    kept = [(r["file"], r["line"], r["column"], r["message"]) for r in report["review"] if r["intermediate"]]
    assert kept == first
    # the text report says which way it went
    code2, _, err2 = agis_lint("convert", INPUT_OF[fmt], "--to", to, "--no-semantic",
                               "-o", str(tmp_path / "again") + os.sep)
    assert code2 == code
    assert f"agis-lint: {fmt} -> agis -> {to} (through AGIS)" in err2.splitlines()


def test_openapi_to_mcp_on_stdout():
    code, out, err = agis_lint("convert", INPUT_OF["openapi"], "--to", "mcp", "--no-semantic")
    assert code == 1, err
    assert err.splitlines()[0] == "agis-lint: openapi -> agis -> mcp (through AGIS)"
    assert [t["name"] for t in json.loads(out)["tools"]]
    assert "petstore-3.1.agis:" in err and "(not written" in err


def test_a_deployment_directory_converts_to_one_agis_document(tmp_path):
    dest = tmp_path / "hotel.agis"
    code, out, err = agis_lint("convert", DEPLOYMENT, "--to", "agis", "-o", str(dest), "--no-semantic")
    assert code == 1, err      # the 'staff' actor of AUDIT is not an AGIS actor: a review item
    assert "actor 'staff'" in err and "converted agtp-deployment -> agis: 1 file(s)" in err
    lint_clean([dest])
    code, out, _ = agis_lint("convert", str(dest), "--to", "mcp", "--no-semantic")
    tools = json.loads(out)["tools"]
    text = dest.read_text()
    assert "service: reservations.example.com" in text and "agtp: \"agtp://reservations.example.com\"" in text
    methods = sorted(t["name"].split("_")[0].upper() for t in tools)
    assert methods == ["AUDIT", "BOOK", "ESTIMATE", "FETCH"]     # one per endpoints/*.toml


def test_a_deployment_directory_to_well_known_and_mcp(tmp_path):
    code, _, err = agis_lint("convert", DEPLOYMENT + os.sep, "--to", "well-known", "-o",
                             str(tmp_path / ".well-known" / "agis.json"), "--no-semantic")
    assert code == 1, err
    assert "agtp-deployment -> agis -> well-known (through AGIS)" in err
    lint_clean([tmp_path / ".well-known" / "agis.json"])
    code, out, err = agis_lint("convert", DEPLOYMENT, "--to", "mcp", "--no-semantic")
    assert code == 1 and len(json.loads(out)["tools"]) == 4


def test_a_plain_directory_is_a_usage_error(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "tools.mcp.json").write_bytes(open(INPUT_OF["mcp"], "rb").read())
    code, out, err = agis_lint("convert", str(docs), "--to", "agis", "-o", str(tmp_path / "out") + os.sep)
    assert code == 2 and out == ""
    assert "is a directory but not an AGTP deployment" in err and "one at a time" in err
    assert "Traceback" not in err and not (tmp_path / "out").exists()
    code, _, err = agis_lint("convert", DEPLOYMENT, "--to", "agis", "--from", "mcp")
    assert code == 2 and "is a directory; --from mcp reads one file" in err


def test_summary_is_a_short_table_and_v_lists_every_file(tmp_path):
    code, _, err = agis_lint("convert", INPUT_OF["openapi"], "--to", "toml", "--no-semantic",
                             "-o", str(tmp_path / "dep"))
    assert code == 1
    files = written_files(tmp_path / "dep")
    assert len(files) == 6
    review = [ln.split(":", 1)[0] for ln in err.splitlines() if ": review: " in ln]
    table = err[err.index("converted openapi -> toml"):].splitlines()
    assert table[0] == f"converted openapi -> toml: 6 file(s), {len(review)} item(s) to review"
    assert table[1].split() == ["kind", "files", "written", "to", "review"]
    rows = [r.split() for r in table[2:]]
    eps = str(tmp_path / "dep" / "endpoints")
    server = str(tmp_path / "dep" / "agtp-server.toml")
    assert rows == [["agtp-endpoint", "5", os.path.join(eps, "*.toml"),
                     str(sum(r.startswith(eps) for r in review))],
                    ["agtp-server", "1", server, str(review.count(server))]]

    code, _, err = agis_lint("convert", INPUT_OF["openapi"], "--to", "toml", "--no-semantic",
                             "-o", str(tmp_path / "dep"), "--force", "-v")
    assert code == 1
    table = err[err.index("converted openapi -> toml"):].splitlines()[2:]
    assert len(table) == len(files)
    for row in table:       # one file a line, with its own review count
        kind, count, where, items = row.split()
        assert count == "1" and items == str(review.count(where)) and where in files
    assert sorted(r.split()[2] for r in table) == files

    code, _, err = agis_lint("convert", INPUT_OF["openapi"], "--to", "toml", "--no-semantic",
                             "-o", str(tmp_path / "dep"), "--force", "-q")
    assert code == 1 and "converted" not in err and "kind" not in err


def test_no_conversion_names_the_supported_pairs():
    code, out, err = agis_lint("convert", INPUT_OF["agis"], "--to", "agis")
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0].endswith("no conversion from agis to agis (the input is already agis)")
    assert lines[1] == "supported conversions (input -> --to):"
    table = {ln.split("->")[0].strip(): ln.split("->", 1)[1].strip() for ln in lines[2:]}
    assert set(table) == set(INPUTS)
    assert table["agis"] == "mcp, toml, well-known"
    assert table["openapi"] == "agis, mcp (through agis), toml, well-known (through agis)"
    code, out, _ = agis_lint("convert", "--help")
    assert code == 0 and "supported conversions (input -> --to):" in out
