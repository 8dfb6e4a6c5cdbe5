"""`additionalProperties` in a tool's input/output schema may be a boolean or a schema (JSON Schema
2020-12, 10.3.2.3). A published server (mapbox's, in the real corpus) writes schemas there; MCPT102
called each one an error until a real-corpus run showed it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

AGIS_LINT = str(Path(sys.executable).with_name("agis-lint"))
REAL = Path(__file__).resolve().parents[2] / "benchmarks" / "corpora" / "mcp" / "mapbox_mcp-server.tools.mcp.json"


def _codes(path: Path) -> tuple[int, list[str]]:
    proc = subprocess.run([AGIS_LINT, "check", str(path), "--no-semantic", "--no-cache", "--select", "MCPT",
                           "--format", "json"], capture_output=True, text=True, timeout=120)
    data = json.loads(proc.stdout)
    return proc.returncode, [d["code"] for d in data["diagnostics"]]


def test_a_schema_as_additional_properties_is_valid(tmp_path: Path) -> None:
    doc = tmp_path / "t.mcp.json"
    doc.write_text(json.dumps({"tools": [{"name": "geocode", "description": "Finds a place.",
                                          "inputSchema": {"type": "object"},
                                          "outputSchema": {"type": "object",
                                                           "additionalProperties": {"type": "string"}}}]}))
    assert _codes(doc) == (0, [])
    assert _codes(REAL)[1].count("MCPT102") == 0


def test_a_string_there_is_still_wrong(tmp_path: Path) -> None:
    doc = tmp_path / "t.mcp.json"
    doc.write_text(json.dumps({"tools": [{"name": "geocode", "description": "Finds a place.",
                                          "inputSchema": {"type": "object", "additionalProperties": "yes"}}]}))
    assert _codes(doc) == (1, ["MCPT102"])
