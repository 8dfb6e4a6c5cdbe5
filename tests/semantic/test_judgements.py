"""Pins: the AGIS draft's own examples, and the contract of the judgements."""

import json

import pytest

from agis_lsp.semantic import model_dir

# draft section 5.4: consistency violations
VIOLATIONS = [
    ("BOOK", "Returns a list of available restaurants", "retrieve"),
    ("FIND", "Creates a new reservation in the system", "create"),
    ("CANCEL", "Retrieves cancellation policy", "retrieve"),
]
# draft appendix examples (conformant documents)
CONSISTENT = [
    ("BOOK", "Books a restaurant reservation on behalf of the requesting agent"),
    ("FIND", "Finds restaurants matching the agent criteria"),
    ("TRIAGE", "Assesses and prioritizes a patient for care"),
    ("ADMIT", "Admits a patient to a care facility"),
    ("TRANSFER", "Transfers funds between accounts on behalf of the agent"),
    ("RECONCILE", "Reconciles account records against transaction ledger"),
]


@pytest.mark.parametrize("verb,intent,kind", VIOLATIONS)
def test_draft_violations_are_inconsistent(model, verb, intent, kind):
    j = model.judge_consistency([(verb, intent)])[0]
    assert j.verdict == "inconsistent", j
    assert j.intent_class.split("/")[0] in (kind, "discover" if kind == "retrieve" else kind)
    assert j.verb == verb and j.intent == intent


@pytest.mark.parametrize("verb,intent", CONSISTENT)
def test_draft_examples_are_consistent(model, verb, intent):
    j = model.judge_consistency([(verb, intent)])[0]
    assert j.verdict == "consistent", j
    assert j.suggestion is None


def test_verb_class_names_what_the_verb_implies(model):
    j = model.judge_consistency([("BOOK", "Returns a list of available restaurants")])[0]
    assert "commit" in j.verb_class.split("/")
    j = model.judge_consistency([("CANCEL", "Retrieves cancellation policy")])[0]
    assert j.verb_class.split("/")[0] == "terminate"


def test_the_lead_trap_pair(model):
    ok, bad = model.judge_consistency([("RESERVE", "Holds a table for the guest"),
                                       ("CANCEL", "Returns the cancellation policy")])
    assert ok.verdict == "consistent"
    assert bad.verdict != "consistent"
    assert bad.score < ok.score


def test_suggestion_is_a_catalog_verb_matching_the_intent(model):
    j = model.judge_consistency([("FIND", "Creates a new reservation in the system")])[0]
    catalog = set(json.loads((model_dir() / "heads.json").read_text())["catalog"])
    assert j.suggestion in catalog
    assert j.suggestion == "CREATE"


def test_batch_and_single_agree(model):
    pairs = VIOLATIONS[:2] + CONSISTENT[:2]
    batch = model.judge_consistency([(v, t) for v, t, *_ in pairs])
    single = [model.judge_consistency([(v, t)])[0] for v, t, *_ in pairs]
    assert [j.verdict for j in batch] == [j.verdict for j in single]
    assert all(abs(a.score - b.score) < 1e-5 for a, b in zip(batch, single))


def test_empty_input(model):
    assert model.judge_consistency([]) == []
    assert model.judge_verbs([]) == []


def test_catalog_verbs_are_never_non_action(model):
    catalog = json.loads((model_dir() / "heads.json").read_text())["catalog"]
    assert len(catalog) == 425
    judged = model.judge_verbs(catalog)
    assert all(j.is_action and j.label == "action" for j in judged)


@pytest.mark.parametrize("token,label", [("AVAILABLE", "state"), ("ACTIVE", "state"),
                                         ("STATUS", "noun")])
def test_draft_non_action_examples(model, token, label):
    j = model.judge_verbs([token])[0]
    assert not j.is_action and j.label == label
    assert 0.0 <= j.confidence <= 1.0


@pytest.mark.parametrize("token", ["GEOCODE", "UPSERT", "DEDUPE", "TRIAGE", "ADMIT", "RESERVE"])
def test_unlisted_action_verbs_stay_action(model, token):
    assert model.judge_verbs([token])[0].is_action


def test_judge_verbs_is_case_insensitive(model):
    a, b = model.judge_verbs(["book", "Book"])
    assert a.is_action and b.is_action
