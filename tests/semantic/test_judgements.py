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


# multi-step intents whose main action is the method, checks written as a clause
MULTI_STEP = [
    ("BOOK", "Checks availability and then books the room for the guest"),
    ("STORE", "Validates the payload and stores it in the bucket"),
    ("CANCEL", "Finds the booking by its reference and cancels it"),
]


@pytest.mark.parametrize("verb,intent", MULTI_STEP)
def test_multi_step_intent_whose_later_clause_is_the_method(model, verb, intent):
    assert model.judge_consistency([(verb, intent)])[0].verdict == "consistent"


def test_multi_step_intent_without_the_method_is_still_flagged(model):
    j = model.judge_consistency([("BOOK", "Checks availability and returns the free rooms")])[0]
    assert j.verdict != "consistent"


def test_a_clause_of_another_kind_does_not_rescue_the_pair(model):
    from agis_lsp.semantic.text import later_clauses
    intent = "Purchases the items in the cart and creates an order"
    assert later_clauses(intent) == [("create", "Creates an order")]
    j = model.judge_consistency([("ANONYMIZE", intent)])[0]
    assert j.verdict != "consistent"


def test_a_check_written_as_a_clause_heads_verify(model):
    from agis_lsp.semantic.text import intent_head
    assert intent_head("Confirms that the coupon code can be redeemed")[0] == "verify"
    assert intent_head("Makes sure the document follows the schema")[0] == "verify"
    assert intent_head("Confirms the booking")[0] == "confirm"
    j = model.judge_consistency([("VALIDATE", "Confirms that the coupon code can be redeemed")])[0]
    assert j.verdict == "consistent"


def test_a_verdict_near_the_error_threshold_is_only_suspicious():
    from agis_lsp.semantic.heads import verdict_of
    p6 = {"t_suspicious": 0.2, "t_inconsistent": 0.1, "error_margin_logit": 0.4}
    assert verdict_of(0.25, p6) == "consistent"
    assert verdict_of(0.15, p6) == "suspicious"
    assert verdict_of(0.08, p6) == "suspicious"     # under t_inconsistent, within the margin
    assert verdict_of(0.02, p6) == "inconsistent"


def test_the_statement_is_read_first_and_the_whole_intent_only_when_it_is_not_consistent(model):
    pairs = [("BOOK", "Books a table for the party. The confirmation is sent by e-mail; cancelled bookings are refunded."),
             ("CANCEL", "Returns the cancellation policy of the venue. Policies differ per venue and season."),
             ("CANCEL", "Retrieves cancellation policy")]
    (f0, w0), (f1, w1), (f2, w2) = model.judge_statements(pairs)
    assert f0.verdict == "consistent" and w0 is f0          # not read again
    assert f1.intent == "Returns the cancellation policy of the venue." and f1.verdict != "consistent"
    assert w1.intent == pairs[1][1] and w1.verdict != "consistent"   # read again, whole
    assert w2 is f2 and f2.verdict != "consistent"           # one sentence: read once
    first = model.statement_texts(pairs)
    assert "Books a table for the party." in first and not any("season" in t or "refunded" in t for t in first)
