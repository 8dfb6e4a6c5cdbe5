"""A dotted version prefix ('/v0.5/...', India's NDHM gateway) is dropped whole by the converter: its
words alone ('v0', '5') left '/5/care-contexts' and 48 AGIS407 errors on one real document."""
from __future__ import annotations

import json
import subprocess

from ..test_conventions import agis_lint

OPENAPI = {
    "openapi": "3.0.0", "info": {"title": "Gateway", "version": "0.5"},
    "paths": {
        "/v0.5/care-contexts/discover": {"post": {"summary": "Discover patient's accounts",
                                                  "responses": {"202": {"description": "Request accepted"}}}},
        "/v2.1.3/certs": {"get": {"summary": "Get certs for JWT verification",
                                  "responses": {"200": {"description": "OK"}}}},
    },
}


def test_a_dotted_version_prefix_is_dropped_whole(tmp_path):
    src, out = tmp_path / "gateway.json", tmp_path / "gateway.agis"
    src.write_text(json.dumps(OPENAPI))
    proc = subprocess.run([*agis_lint(), "convert", str(src), "--to", "agis", "-o", str(out), "--force",
                           "--no-semantic"], capture_output=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    text = out.read_text()
    paths = [line.split("path:", 1)[1].strip() for line in text.splitlines() if line.strip().startswith("path:")]
    assert len(paths) == 2, text
    assert all(not p.startswith(("/5", "/1", "/3", "/v")) for p in paths), paths
    check = subprocess.run([*agis_lint(), "check", str(out), "--no-semantic", "--select", "AGIS407",
                            "--format", "json"], capture_output=True, timeout=300)
    assert json.loads(check.stdout.decode())["diagnostics"] == []
