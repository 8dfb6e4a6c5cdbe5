"""Generate the templated and lexicon-derived training data in models/data/.

Outputs (rewritten by ``build.py data``):

  intents_train.jsonl  {"text", "kind"}: templated API-summary sentences, one
                       operation kind each, including trap phrasings (an
                       action noun inside a sentence that does something else,
                       secondary clauses, imperative and "Allows the agent to"
                       forms).  Used only to train the intent head.
  words.jsonl          {"token", "label", "split", "source"}: single tokens for
                       the pass-3 head (action vs state/noun/existence/other).

Hand-written inputs that are never rewritten: verbs.jsonl (operation kinds of
the 425 catalog verbs and ~250 others), realistic.jsonl, traps.jsonl.

Build-time only: uses lemminflect and wordfreq to pick frequent English words
that are only nouns / only adjectives / verbs.  Nothing here runs at lint time.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"

KINDS = ["discover", "retrieve", "analyze", "create", "commit", "modify", "remove",
         "terminate", "activate", "transfer", "notify", "approve", "reject", "connect"]


def third_person(base: str) -> str:
    """'cancel' -> 'cancels', 'shut down' -> 'shuts down', 'notify' -> 'notifies'."""
    word, _, rest = base.partition(" ")
    irregular = {"have": "has", "be": "is", "do": "does", "go": "goes"}
    if word in irregular:
        w = irregular[word]
    elif word.endswith(("s", "sh", "ch", "x", "z", "o")):
        w = word + "es"
    elif word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        w = word[:-1] + "ies"
    else:
        w = word + "s"
    return w + (" " + rest if rest else "")


# ---------------------------------------------------------------------------
# Entities: (singular, plural, domain attributes)
ENTITIES = [
    ("reservation", "reservations"), ("restaurant", "restaurants"), ("booking", "bookings"),
    ("patient record", "patient records"), ("appointment", "appointments"),
    ("prescription", "prescriptions"), ("invoice", "invoices"), ("payment", "payments"),
    ("bank account", "bank accounts"), ("order", "orders"), ("shipment", "shipments"),
    ("parcel", "parcels"), ("user account", "user accounts"), ("customer", "customers"),
    ("support ticket", "support tickets"), ("calendar event", "calendar events"),
    ("subscription", "subscriptions"), ("virtual machine", "virtual machines"),
    ("deployment", "deployments"), ("container", "containers"), ("database", "databases"),
    ("file", "files"), ("document", "documents"), ("folder", "folders"),
    ("device", "devices"), ("sensor", "sensors"), ("employee", "employees"),
    ("job application", "job applications"), ("insurance claim", "insurance claims"),
    ("policy", "policies"), ("flight", "flights"), ("hotel room", "hotel rooms"),
    ("course", "courses"), ("student", "students"), ("product", "products"),
    ("cart item", "cart items"), ("playlist", "playlists"), ("article", "articles"),
    ("comment", "comments"), ("API key", "API keys"), ("webhook", "webhooks"),
    ("workflow", "workflows"), ("report", "reports"), ("contract", "contracts"),
    ("loan application", "loan applications"), ("vehicle", "vehicles"), ("driver", "drivers"),
    ("warehouse slot", "warehouse slots"), ("meeting", "meetings"), ("campaign", "campaigns"),
    ("coupon", "coupons"), ("gift card", "gift cards"), ("ticket", "tickets"),
    ("project", "projects"), ("repository", "repositories"), ("dataset", "datasets"),
    ("listing", "listings"), ("lease", "leases"), ("case", "cases"), ("alert rule", "alert rules"),
]
ATTRS = ["details", "current status", "metadata", "full record", "history", "settings",
         "summary", "owner", "latest version", "configuration", "balance", "contents",
         "audit trail", "attachments", "permissions", "price", "location", "schedule",
         "terms", "expiry date", "usage statistics"]
# action nouns that lure keyword matchers (used inside non-matching sentences)
ACTION_NOUNS = ["cancellation", "booking", "reservation", "payment", "refund", "transfer",
                "approval", "deletion", "shipment", "shipping", "notification", "delivery",
                "registration", "renewal", "subscription", "activation", "termination",
                "purchase", "order", "update", "creation", "removal", "suspension",
                "deployment", "migration", "enrollment", "withdrawal", "deposit", "invitation",
                "escalation", "rejection", "authorization", "checkout", "upgrade", "backup",
                "restore", "sync", "export", "import", "search", "booking change", "dispatch"]
ACTION_NOUN_ATTRS = ["policy", "status", "history", "fee", "eligibility", "rules",
                     "preferences", "settings", "terms", "deadline", "options", "receipt",
                     "log", "limits", "details", "records", "date", "requirements", "summary"]
SUFFIXES = ["", "", "", " on behalf of the requesting agent", " for the authenticated user",
            " for the given ID", " in the selected region", " if the caller is authorized",
            " and returns the result", " for the current tenant", " on behalf of the user",
            " using the supplied parameters", " for the specified date range"]
PREFIXES = [  # (template, form) form: 3 = third person, b = base form
    ("{V}", "3"), ("{V}", "3"), ("{V}", "3"), ("{V}", "3"), ("{V}", "b"),
    ("Allows the agent to {v}", "b"), ("Lets the caller {v}", "b"), ("Used to {v}", "b"),
    ("This endpoint {v}", "3"), ("Enables an agent to {v}", "b"),
]

# Per kind: head verbs (base form) and object frames.  {s} singular, {p} plural,
# {a} attribute, {n} action noun, {na} action-noun attribute.
BANK: dict[str, tuple[list[str], list[str]]] = {
    "discover": (
        ["search", "find", "look up", "list", "locate", "discover", "query", "browse",
         "enumerate", "search for", "filter", "scan", "match", "explore", "identify",
         "return a list of", "return all", "show all", "look for"],
        ["{p} that match the given criteria", "{p} near the user's location", "{p} by name",
         "{p} filtered by status", "{p} available on the requested date", "all {p}",
         "matching {p}", "{p} created in the last week", "{p} owned by the user",
         "{p} with a given tag", "available {p}", "open {p} for the account",
         "{p} by keyword", "{p} whose {a} matches the query", "{n} {p}"]),
    "retrieve": (
        ["retrieve", "return", "fetch", "get", "read", "download", "export", "load",
         "show", "provide", "display", "pull", "obtain", "view", "access"],
        ["the {a} of a {s}", "the {a} of the {s}", "a {s} by ID", "the {s} with the given ID",
         "the {a} for a {s}", "a single {s}", "the {n} {na} for a {s}", "the {n} {na}",
         "the {n} {na} of the {s}", "the current {a} of a {s}", "a copy of the {s}",
         "the {s}'s {a}", "the {a} and {a2} of a {s}"]),
    "analyze": (
        ["calculate", "compute", "estimate", "evaluate", "assess", "analyze", "score",
         "rank", "classify", "compare", "predict", "forecast", "validate", "verify",
         "check", "summarize", "measure", "diagnose", "audit", "review", "reconcile",
         "categorize", "detect", "determine", "quantify", "test", "inspect", "grade",
         "interpret", "appraise", "weigh", "prioritize"],
        ["the risk of a {s}", "whether a {s} is valid", "{p} by relevance",
         "the {a} of a {s}", "the expected cost of a {s}", "a {s} against the policy",
         "the total value of all {p}", "whether the {s} is eligible for {n}",
         "the {n} {na} for a {s}", "the quality of a {s}", "two {p}",
         "anomalies in the {p}", "the likelihood that a {s} will be late", "the {s} and reports issues",
         "the {s} for errors", "the {s}'s {a} against the records"]),
    "create": (
        ["create", "generate", "build", "register", "add", "draft", "compose",
         "provision", "define", "open", "set up", "produce", "make", "instantiate",
         "initialize", "author", "construct", "spawn", "establish"],
        ["a new {s}", "a {s} from the supplied data", "a new {s} for the user",
         "a {s} and returns its ID", "a draft {s}", "a {s} from a template",
         "a {n} request for the {s}", "a new {s} with default {a}", "an empty {s}",
         "a {s} record in the system"]),
    "commit": (
        ["book", "reserve", "order", "purchase", "buy", "pay", "place", "submit",
         "charge", "sell", "rent", "lease", "settle", "redeem", "schedule", "sign up for",
         "check out", "bid on", "secure", "commit", "confirm the purchase of", "invest in",
         "hire", "prescribe", "claim", "apply for", "enroll in"],
        ["a {s} for the user", "the {s}", "a {s} on behalf of the user", "a {s} for the requested dates",
         "the {s} using the saved payment method", "a {s} for two people", "a table at the restaurant",
         "a seat on the {s}", "the outstanding {s}", "a {s} and returns the confirmation number",
         "the items in the cart", "a slot for the {s}"]),
    "modify": (
        ["update", "modify", "change", "edit", "adjust", "rename", "configure", "amend",
         "replace", "reschedule", "set", "reset", "upgrade", "correct", "revise",
         "alter", "overwrite", "rewrite", "tweak", "reorder", "restructure",
         "downgrade", "archive", "restore", "extend", "renew"],
        ["the {a} of a {s}", "the {a} of an existing {s}", "a {s}", "the {s}'s {a}",
         "the {n} {na} of the {s}", "the {a} on the {s}", "an existing {s}",
         "the {s} with the supplied fields", "the {a} and {a2} of a {s}",
         "selected fields of the {s}"]),
    "remove": (
        ["delete", "remove", "purge", "erase", "destroy", "clear", "uninstall", "detach",
         "unlink", "deregister", "wipe", "discard", "drop", "get rid of", "evict", "unbind",
         "delete all", "permanently delete", "take down"],
        ["a {s}", "the {s} and all its {a}", "the {s} permanently", "a {s} from the account",
         "the {s} with the given ID", "all {p} older than thirty days", "a {s} from the system",
         "the {n} {na} of a {s}", "the {s}'s {a}", "an obsolete {s}"]),
    "terminate": (
        ["cancel", "terminate", "stop", "abort", "suspend", "pause", "disable", "deactivate",
         "revoke", "void", "end", "close", "shut down", "halt", "withdraw", "kill",
         "expire", "freeze", "call off", "discontinue", "invalidate", "rescind"],
        ["a {s}", "the {s}", "a pending {s}", "an active {s}", "the running {s}",
         "the {s} before it is processed", "a {s} on behalf of the user", "the user's {s}",
         "all active {p}", "the {s} and notifies the owner", "the {s} at the end of the billing period"]),
    "activate": (
        ["start", "activate", "enable", "resume", "launch", "restart", "reactivate",
         "reinstate", "boot", "run", "execute", "trigger", "initiate", "deploy", "unlock",
         "turn on", "kick off", "switch on", "spin up", "unpause", "invoke"],
        ["the {s}", "a stopped {s}", "a paused {s}", "the {s} in the selected region",
         "a new run of the {s}", "the {s} immediately", "the suspended {s}",
         "the {s} with the given parameters"]),
    "transfer": (
        ["transfer", "move", "ship", "deliver", "dispatch", "route", "forward", "migrate",
         "wire", "hand off", "reassign", "relocate", "refer", "send", "remit", "disburse",
         "donate", "escalate", "relay", "redirect", "deposit"],
        ["the {s} to another account", "a {s} to a different owner", "funds between {p}",
         "the {s} to the customer's address", "the {s} to an available agent",
         "the {s} to another region", "money to the recipient", "the {s} to the next team",
         "the {s} from one {s2} to another", "a {s} to the warehouse"]),
    "notify": (
        ["notify", "alert", "remind", "email", "message", "broadcast", "announce",
         "publish", "warn", "inform", "page", "text", "send a notification to",
         "send an email to", "send a reminder to", "post a message to", "ping",
         "send an alert about", "tell",],
        ["the user about a {s}", "the owner of the {s}", "subscribers about the {s}",
         "the team that the {s} changed", "the customer of the {n} {na}",
         "the guest about their {s}", "all members of the {s}", "the on-call engineer",
         "the account holder when a {s} is due"]),
    "approve": (
        ["approve", "authorize", "grant", "accept", "confirm", "permit", "allow",
         "endorse", "certify", "sign off on", "ratify", "green-light", "sanction",
         "greenlight", "okay"],
        ["a pending {s}", "the {s}", "the submitted {s}", "access to the {s}",
         "the {n} request", "the {s} so it can proceed", "a {s} awaiting review",
         "the user's request for a {s}"]),
    "reject": (
        ["reject", "deny", "decline", "refuse", "block", "veto", "disallow", "dismiss",
         "ban", "blacklist", "turn down", "overrule"],
        ["a pending {s}", "the {s}", "the submitted {s}", "access to the {s}",
         "the {n} request", "the {s} and records the reason", "a {s} that fails validation"]),
    "connect": (
        ["link", "attach", "connect", "bind", "pair", "mount", "subscribe", "enroll",
         "join", "associate", "assign", "tie", "hook up", "add"],
        ["a {s} to the account", "the {s} to a {s2}", "the user to the {s}",
         "a {s} with the user's profile", "the {s} to the team", "a {s} to a running {s2}"]),
}
# Secondary clauses of another kind (the label stays the head's kind).
SECONDARY = {
    "notify": [" and notifies the owner", " and sends a confirmation email", " and alerts the team"],
    "retrieve": [" and returns the updated record", " and returns its details"],
    "create": [" and creates an audit entry", " and records the change"],
    "analyze": [" after validating the input", " after checking availability"],
    "commit": [" and charges the saved card"],
    "terminate": [" and cancels any pending jobs"],
}
# Sentences whose head is retrieval/discovery/analysis/notification but which
# contain an action noun (the trap the draft's CANCEL example describes).
TRAP_FRAMES = [
    ("retrieve", "{V} the {n} {na} for a {s}", ["return", "retrieve", "get", "fetch", "show", "read"]),
    ("retrieve", "{V} the {n} {na}", ["return", "retrieve", "get", "fetch", "show", "provide"]),
    ("discover", "{V} {n} {p}", ["list", "search", "find", "browse"]),
    ("discover", "{V} all {p} with a pending {n}", ["list", "find", "return"]),
    ("analyze", "{V} the {n} {na} of a {s}", ["calculate", "estimate", "check", "validate", "compute"]),
    ("analyze", "{V} whether the {s} is eligible for {n}", ["check", "determine", "verify", "assess"]),
    ("notify", "{V} the user about the {n} of their {s}", ["notify", "remind", "alert", "inform"]),
    ("notify", "Sends a {n} confirmation to the {s} owner", []),
    ("modify", "{V} the {n} {na} of the account", ["update", "change", "edit", "configure"]),
    ("remove", "{V} the {n} {na} of a {s}", ["delete", "remove", "purge", "clear"]),
    ("create", "{V} a {n} report for the {s}", ["generate", "create", "produce", "build"]),
]


# Paraphrases built on support verbs and idioms (give, make, take, put, let,
# tell, bring, turn...), so the intent head learns that the verb that leads a
# sentence is not always the one that carries its meaning.
IDIOMS = {
    "approve": ["Gives approval to the {s}", "Gives the {s} a green light", "Gives a yes to the pending {s}",
                "Lets the {s} go ahead", "Puts a stamp of approval on the {s}"],
    "reject": ["Gives a firm no to the {s}", "Turns down the {s}", "Refuses to go ahead with the {s}",
               "Puts a stop to the {s} request and records why"],
    "notify": ["Lets the owner of the {s} know about the change", "Tells the user that the {s} is ready",
               "Keeps the team up to date about the {s}", "Gives the customer a heads-up about the {s}",
               "Makes sure the account holder hears about the {s}", "Gets word to the user about the {s}"],
    "terminate": ["Puts the {s} on hold", "Brings the {s} to an end", "Puts an end to the {s}",
                  "Takes the {s} offline", "Calls off the {s}", "Makes the {s} inactive"],
    "activate": ["Turns the {s} on", "Brings the {s} online", "Puts the {s} into service",
                 "Gets the {s} running again", "Makes the {s} live"],
    "create": ["Makes a new {s}", "Puts together a new {s}", "Brings a new {s} into existence",
               "Comes up with a draft {s}", "Writes a new {s} from the given details"],
    "remove": ["Takes the {s} off the list", "Gets rid of the {s}", "Does away with the obsolete {s}",
               "Takes away the {s} permanently"],
    "retrieve": ["Gives the caller the {a} of the {s}", "Hands back the stored {s}", "Brings up the {s} by ID",
                 "Lets the agent see the {a} of a {s}", "Gets hold of the {s} record"],
    "discover": ["Helps the user find {p} that match", "Comes up with a list of matching {p}",
                 "Turns up {p} near the given location", "Gives a list of {p} that fit the criteria"],
    "analyze": ["Works out the {a} of the {s}", "Figures out whether the {s} is valid",
                "Gives an estimate of the cost of the {s}", "Tells whether the {s} meets the policy",
                "Makes a prediction about the {s}", "Takes a look at the {s} and rates it"],
    "commit": ["Makes a reservation for the {s}", "Puts in an order for the {s}", "Takes out a lease on the {s}",
               "Lands the traveller a place on the {s}", "Makes a payment for the {s}", "Lodges a claim for the {s}"],
    "modify": ["Makes changes to the {s}", "Brings the {s} up to date", "Gives the {s} a new name",
               "Puts the {s} in a different order", "Turns the {s} into the new format"],
    "transfer": ["Hands the {s} over to another team", "Gives the {s} to a new owner",
                 "Sends the {s} over to the warehouse", "Puts the {s} in the hands of another agent"],
    "connect": ["Hooks the {s} up to the account", "Ties the {s} to the user's profile",
                "Brings the {s} into the group"],
}


def _fill(frame: str, rnd: random.Random) -> str:
    s, p = rnd.choice(ENTITIES)
    s2, _ = rnd.choice(ENTITIES)
    attrs = rnd.sample(ATTRS, 2)
    return frame.format(s=s, p=p, s2=s2, a=attrs[0], a2=attrs[1],
                        n=rnd.choice(ACTION_NOUNS), na=rnd.choice(ACTION_NOUN_ATTRS))


def _head(verb: str, form: str, prefix: str) -> str:
    v = third_person(verb) if form == "3" else verb
    text = prefix.format(V=v[:1].upper() + v[1:], v=v)
    return text


def intents(rnd: random.Random, per_kind: int = 700) -> list[dict]:
    rows = []
    for kind in KINDS:
        verbs, frames = BANK[kind]
        for _ in range(per_kind):
            verb = rnd.choice(verbs)
            prefix, form = rnd.choice(PREFIXES)
            body = _fill(rnd.choice(frames), rnd)
            text = _head(verb, form, prefix) + " " + body
            r = rnd.random()
            if r < 0.12:
                others = [k for k in SECONDARY if k != kind]
                text += rnd.choice(SECONDARY[rnd.choice(others)])
            elif r < 0.5:
                text += rnd.choice(SUFFIXES)
            if rnd.random() < 0.3:
                text += "."
            rows.append({"text": text, "kind": kind})
    for kind, frame, verbs in TRAP_FRAMES:
        for _ in range(120):
            if verbs:
                prefix, form = rnd.choice(PREFIXES)
                verb = rnd.choice(verbs)
                head = _head(verb, form, prefix)
                body = frame.replace("{V}", "", 1).strip()
                text = head + " " + _fill(body, rnd)
            else:
                text = _fill(frame, rnd)
            rows.append({"text": text, "kind": kind})
    for kind, frames in IDIOMS.items():
        for _ in range(150):
            text = _fill(rnd.choice(frames), rnd)
            if rnd.random() < 0.3:
                text += rnd.choice(SUFFIXES)
            rows.append({"text": text, "kind": kind})
    rnd.shuffle(rows)
    # de-duplicate, keep order
    seen, out = set(), []
    for r in rows:
        if r["text"] not in seen:
            seen.add(r["text"])
            out.append(r)
    return out


# ---------------------------------------------------------------------------
# Pass 3 words.  Hand lists first (these are the draft's own examples and the
# obvious stop-list), then frequent words from the lemminflect lexicon.
STATE = """available active valid invalid ready pending idle busy online offline open closed
empty full public private secure stable current recent latest new old true false null healthy
alive visible hidden eligible complete done free live unique primary default stale expired
enabled disabled locked unlocked successful failed ok okay blank present absent due overdue
paid unpaid approved verified confirmed missing broken ready inactive valid correct wrong
possible available able unable""".split()
EXISTENCE = """exist exists is are was were be been being has have had having seem seems belong
contain consist remain own know need want like resemble depend matter equal lack hold appear
deserve include involve mean require possess concern""".split()
NOUNS = """status data info information details summary metadata health version config settings
history result results weather availability capacity identity quota schema manifest endpoint
resource customer patient restaurant reservation booking bookings user users account accounts
item items inventory catalog catalogue profile report invoice token session record records
list price balance count total number amount name id uuid value values info detail entity
object payload response request error errors message messages event events log logs job jobs
task tasks order orders product products service services system systems api apis""".split()
MODALS = {"will", "shall", "can", "may", "must", "might", "should", "would", "could", "ought"}
OTHER = """will shall can may must might should would could now soon here there never always yes no maybe please the a an of to in on with
about for from by it this that these those all any some every each again also very""".split()

# verbs that ARE action verbs but look like nouns/adjectives (must stay "action")
TRICKY_ACTION = """book order price bill table record report profile index model score list
count total balance file ticket stamp tag label mark schedule plan design draft map email
text message page post ship park stage seed mint template bucket cluster group sample
check test trace track flag open close free empty clean secure clear complete empty""".split()


# lexicon entries that are names, abbreviations or inflected forms, not verbs
# an API would use (found by reading the lowest-scoring "verbs")
JUNK = set("""consisted third welsh google found psych welch harry except lynch peter
shanghai sic temp worse wade inter hector dam stud questionnaire advert tin pan ref mar
pip wed""".split())


def _lexicon():
    """lemma -> set(POS) from lemminflect's lookup table (build-time only)."""
    import csv, gzip, os
    import lemminflect
    path = os.path.join(os.path.dirname(lemminflect.__file__), "resources", "infl_lu.csv.gz")
    pos: dict[str, set[str]] = {}
    with gzip.open(path, "rt") as f:
        for row in csv.reader(f):
            if len(row) >= 2 and row[0].isalpha() and row[0].islower():
                pos.setdefault(row[0], set()).add(row[1])
    return pos


def _split(token: str) -> str:
    return "heldout" if int(hashlib.sha256(token.encode()).hexdigest(), 16) % 3 == 0 else "train"


def words(verb_rows: list[dict]) -> list[dict]:
    from wordfreq import zipf_frequency
    lex = _lexicon()
    rows: dict[str, dict] = {}

    def add(tok, label, source, split=None):
        tok = tok.upper()
        if tok in rows:
            return
        rows[tok] = {"token": tok, "label": label, "split": split or _split(tok), "source": source}

    # catalog and hand-listed verbs are action; catalog always in train
    for r in verb_rows:
        add(r["verb"], "action", "verbs.jsonl:" + r["source"],
            "train" if r["source"] == "catalog" else ("heldout" if r["split"] == "heldout" else "train"))
    for w in TRICKY_ACTION:
        add(w, "action", "hand:noun-like-verbs")
    for lst, label in ((STATE, "state"), (EXISTENCE, "existence"), (NOUNS, "noun"), (OTHER, "other")):
        for w in lst:
            add(w, label, "hand")
    # lexicon: frequent lemmas that are only nouns / only adjectives / verbs
    verbs_only, nouns_only, adjs_only = [], [], []
    for w, p in lex.items():
        if len(w) < 3 or len(w) > 14:
            continue
        z = zipf_frequency(w, "en")
        if z < 3.2 or w in JUNK:
            continue
        if "verb" in p and not ({"noun", "adj"} & p):
            verbs_only.append((z, w))
        elif p == {"noun"}:
            nouns_only.append((z, w))
        elif p == {"adj"}:
            adjs_only.append((z, w))
    stative = set(EXISTENCE) | MODALS
    inflected = ("ed", "ing")
    for _, w in sorted(verbs_only, reverse=True)[:900]:
        if w not in stative:
            add(w, "action", "lexicon:verb")
    # -ed/-ing forms are pass 2's business (not syntactically fine tokens)
    for _, w in sorted(nouns_only, reverse=True)[:900]:
        if not w.endswith(inflected):
            add(w, "noun", "lexicon:noun")
    for _, w in sorted(adjs_only, reverse=True)[:600]:
        if not w.endswith(inflected):
            add(w, "state", "lexicon:adj")
    return list(rows.values())


def main(seed: int) -> None:
    rnd = random.Random(seed)
    rows = intents(rnd)
    with open(DATA / "intents_train.jsonl", "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    verb_rows = [json.loads(l) for l in open(DATA / "verbs.jsonl")]
    wrows = words(verb_rows)
    with open(DATA / "words.jsonl", "w") as f:
        for r in wrows:
            f.write(json.dumps(r) + "\n")
    print(f"intents_train.jsonl {len(rows)} rows; words.jsonl {len(wrows)} rows")


if __name__ == "__main__":
    main(20260)
