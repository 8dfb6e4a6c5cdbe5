"""Pass 6 on the hard pairs: class swaps, particle opposites, intents that only read,
and a verdict near the error threshold being a warning, through the real model and the CLI."""

import json

import pytest

from agis_lsp.semantic import model_dir
from agis_lsp.semantic.heads import verdict_of


def _document(pairs):
    endpoints = [{"method": v, "path": f"/op{i}",
                  "semantic": {"intent": t, "actor": "agent", "outcome": "The operation is done"}}
                 for i, (v, t) in enumerate(pairs)]
    return json.dumps({"agis": "1.0", "service": "Eval", "agtp": "agtp://eval.example", "description": "Eval",
                       "version": "1.0.0", "endpoints": endpoints,
                       "vocabulary": {"declared_verbs": sorted({v for v, _ in pairs})}})


def _p6():
    return json.loads((model_dir() / "heads.json").read_text())["pass6"]


@pytest.mark.parametrize("verb,intent", [
    ("UPDATE", "Deletes the document permanently"),          # modify / remove
    ("REMOVE", "Updates the title of the document"),
    ("NOTIFY", "Transfers the balance to another account"),  # notify / transfer
    ("ENABLE", "Turns off two-factor authentication for the account"),
    ("DISABLE", "Switches on the webhook"),
])
def test_class_swaps_and_particle_opposites_are_contradictions(model, verb, intent):
    assert model.judge_consistency([(verb, intent)])[0].verdict == "inconsistent"


@pytest.mark.parametrize("verb,intent", [
    ("ARCHIVE", "Removes the project from the active list"),        # two kinds: no swap
    ("SEND", "Transfers the file to the partner's server"),
    ("UPDATE", "Changes the title of the document"),
    ("ENABLE", "Turns on two-factor authentication for the account"),
    ("RETRIEVE", "Returns the refund status of an order"),          # a reading method may return
    ("CANCEL", "Finds the booking by its reference and cancels it"),
])
def test_what_the_rules_leave_alone(model, verb, intent):
    assert model.judge_consistency([(verb, intent)])[0].verdict == "consistent"


def test_an_acting_method_whose_intent_only_reads_is_a_warning(model):
    j = model.judge_consistency([("DISPATCH", "Returns the history of past ambulance calls")])[0]
    assert j.verdict == "suspicious", j
    assert j.score <= _p6()["t_inconsistent"]   # at the error threshold, not past its margin


def test_a_multi_step_intent_that_only_reads_first_is_not_capped(model):
    from agis_lsp.semantic.contradictions import only_reads
    table = model.heads.verb_table
    assert only_reads(table, "DISPATCH", "return", "Returns the history of past ambulance calls")
    assert not only_reads(table, "SHIP", "return", "Returns the label and ships the package")
    assert not only_reads(table, "FETCH", "return", "Returns the label")


def test_near_the_threshold_is_a_warning_through_the_cli(cli, tmp_path, model):
    """A pass-6 finding whose verdict is near the threshold is a warning (AGIS602),
    one clearly past it an error (AGIS601); the exit status follows (1 only for the error)."""
    near = ("DISPATCH", "Returns the history of past ambulance calls")
    far = ("UPDATE", "Deletes the document permanently")
    p6 = _p6()
    s_near, s_far = (j.score for j in model.judge_consistency([near, far]))
    assert s_near < p6["t_suspicious"] and verdict_of(s_near, p6) == "suspicious"
    assert verdict_of(s_far, p6) == "inconsistent"

    doc = tmp_path / "near.agis.json"
    doc.write_text(_document([near]))
    rc, out, err = cli("check", "--format", "json", "--no-cache", "--select", "AGIS601,AGIS602", str(doc))
    found = json.loads(out)["diagnostics"]
    assert [(d["code"], d["severity"]) for d in found] == [("AGIS602", "warning")], err
    assert rc == 0

    doc.write_text(_document([near, far]))
    rc, out, err = cli("check", "--format", "json", "--no-cache", "--select", "AGIS601,AGIS602", str(doc))
    found = sorted((d["code"], d["severity"]) for d in json.loads(out)["diagnostics"])
    assert found == [("AGIS601", "error"), ("AGIS602", "warning")], err
    assert rc == 1
