#!/usr/bin/env python3
"""Regenerate the English verb lexicon shipped in agis_lsp/lexicon/.

Build-time only. Needs two PyPI packages that the runtime never imports::

    python3 -m venv /work/venv-lex
    /work/venv-lex/bin/pip install lemminflect==0.2.3 spacy-lookups-data==1.0.5
    /work/venv-lex/bin/python scripts/build_lexicon.py          # writes the files
    /work/venv-lex/bin/python scripts/build_lexicon.py --check  # fails if stale

Sources (see agis_lsp/lexicon/SOURCES.md for licences):

* lemminflect 0.2.3 (MIT): ``resources/infl_lu.csv.gz``, lemma -> POS ->
  inflected forms, derived from the NIH SPECIALIST Lexicon; plus its
  spelling rules for verbs that the table lacks.
* spacy-lookups-data 1.0.5 (MIT; WordNet 3.0 licence for the WordNet part):
  ``en_lemma_index`` (WordNet noun/verb/adj/adv lemma lists),
  ``en_lemma_exc`` (WordNet irregular forms) and ``en_lexeme_prob``
  (unigram log-probabilities, used only to rank words for compound
  splitting).
* The shipped AGTP catalog (agis_lsp/catalog/methods-1.0.0.json): every
  catalog verb is a base verb, whatever the dictionaries say.
* The curated lists below: project decisions, each with its reason.

Output (all sorted, so reruns are byte-identical):

* ``verbs.txt``            base-form verbs, one per line
* ``inflections.tsv.gz``   per kind (ing | ed | s): inflected forms and their bases
* ``words.tsv.gz``         every known word form by POS flags and rank cost
* ``nonaction.tsv``        curated non-action words: word, class, note
* ``vague.tsv``            vague verbs: word, more specific alternatives
* ``pathwords.tsv``        path-segment policy words: word, role
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "agis_lsp" / "lexicon"
CATALOG = REPO / "agis_lsp" / "catalog" / "methods-1.0.0.json"

# ---------------------------------------------------------------------------
# Curated lists (project decisions)

# Verbs used in software/API language that the dictionaries miss, list only
# as nouns, or list from a single source while the word's other uses
# dominate (the "weak verb" rule below would otherwise drop them). The
# catalog's own closed compounds (CHECKIN, LOOKUP, ROLLBACK, SHUTDOWN, ...)
# set the precedent for closed-form particle verbs like BACKUP and LOGIN.
TECH_VERBS = """
allowlist autocomplete autocorrect autofill autosave autoscale backfill backup
blocklist blacklist blog bookmark bulk? checksum cleanup containerize crosspost
dedupe dedup deduplicate demo denylist deserialize detokenize dockerize
downvote email escrow failover geocode geofence geolocate geotag handover
hotfix livestream login logoff logon logout lint marshal microblog multicast
nuke offload onboard offboard paginate paraphrase parallelize pickup dropoff
podcast preauthorize prefill preload prepopulate proofread rehash reindex
repost resync retweet screenshot serialize setup shortlist showcase signin
signout signup snooze spellcheck sync teardown timebox timestamp topup
transcode unfollow unfriend unmarshal unmute unpublish unshare upsell upsert
upvote waitlist watermark whitelist alias text fax ping zip unzip tweet
checkpoint benchmark prototype template snapshot triage enqueue
"""

# Prefixes that productively form new verbs from existing ones (REBOOK,
# UNARCHIVE, PREFETCH). Applied at lookup time, only to words the lexicon
# does not already know, and only onto a verb of 3+ letters.
PREFIXES = "re un de pre dis mis co over under out auto sub cross multi inter super".split()

# Non-action words for pass 3, by class. A word that is primarily a verb
# never goes here (OPEN, CLEAR, CLOSE, EMPTY, COMPLETE, FREE, LIVE are
# action verbs in API use and OPEN/CLEAR/CLOSE are catalog verbs). Words
# here that do have a rare verb sense (READY, IDLE, STATE, DETAIL, OBJECT)
# are judged primarily non-verbs as API method names.
NONACTION = {
    "being": (
        "be is are was were been being am "
        "have has had having "
        "exist exists existed existing seem seems seemed belong belongs consist consists "
        "can could may might must shall should will would"
    ),
    "state": (
        "available unavailable active inactive valid invalid pending ready idle busy "
        "online offline healthy unhealthy alive dead stale current latest full "
        "incomplete visible invisible public private successful unsuccessful done "
        "ongoing overdue due eligible ineligible absent true false null okay ok"
    ),
    "noun": (
        "data info information status state details detail metadata config "
        "configuration settings health version summary item items user users "
        "history result results response object content entity resource resources "
        "event events id identity"
    ),
    "adjective": "",
    # Closed-class words: prepositions, pronouns, determiners, conjunctions and
    # adverbs of time or degree (FOR, WITH, THIS, SOON, ASAP, MAYBE). None is a
    # verb; the dictionaries' few verb senses (MINE, TILL, EXCEPT) are left out.
    "function": (
        "for with this that these those it its they them their we us our you your he him his "
        "she her i me my ours yours theirs itself myself yourself ourselves themselves "
        "of to from by at in on into onto upon about above below beneath under over between "
        "among amongst through throughout during without within before after since until "
        "toward towards against along across around behind beside besides beyond despite "
        "per via versus and or but nor yet so because although though unless whether while "
        "whereas if then than a an the some any every each either neither both all none no "
        "not nothing something anything everything someone anyone everyone somebody anybody "
        "nobody here there where when why how what which who whom whose whatever whenever "
        "wherever however very too also just only already almost always never often "
        "sometimes soon asap maybe perhaps now later today tomorrow yesterday again"
    ),
}
NONACTION_NOTES = {
    "being": "expresses existence, possession or modality, not an action (AGIS 4.2)",
    "state": "describes a state or condition, not an action (AGIS 4.2)",
    "noun": "names a thing, not an action (AGIS 4.2: noun recast as a verb)",
    "function": "a closed-class word (preposition, pronoun, determiner, conjunction or adverb), "
                "never a verb (AGIS 4.2)",
}

# Stative verbs (AGIS 4.2: a method names an action, not a state). They are
# verbs, so pass 2 accepts them, but they describe what someone knows, wants,
# has or is like; pass 3 warns (AGIS305). Catalog verbs are never stative (the
# catalog decides verb facts), and stative verbs with a common dynamic API sense
# (LIKE a post, HOLD a seat, INCLUDE an item, REQUIRE a field, UNDERSTAND a
# document) are left out.
STATIVE = (
    "know want need own contain resemble deserve lack possess believe prefer mean matter "
    "depend desire wish doubt suppose equal comprise involve owe"
)

# Fused phrasal nouns and jargon (AGIS 4.1(b), 4.2): LOGIN is the noun for the
# phrasal verb "log in". TECH_VERBS keeps them known words (so they are not
# split or called typos), and AGIS306 reports them unless the AGTP catalog lists
# them (CHECKIN, LOOKUP, ROLLBACK, SHUTDOWN are catalog verbs and stay valid).
# Each maps to the phrase it fuses and catalog verbs to suggest, best first.
FUSED = {
    "login": ("log in", "AUTHENTICATE"),
    "logon": ("log on", "AUTHENTICATE"),
    "signin": ("sign in", "AUTHENTICATE"),
    "logout": ("log out", "REVOKE TERMINATE"),
    "logoff": ("log off", "REVOKE TERMINATE"),
    "signout": ("sign out", "REVOKE TERMINATE"),
    "signup": ("sign up", "REGISTER ENROLL SUBSCRIBE"),
    "setup": ("set up", "CONFIGURE INSTALL PROVISION"),
    "backup": ("back up", "SNAPSHOT ARCHIVE EXPORT"),
    "pickup": ("pick up", "COLLECT RETRIEVE"),
    "dropoff": ("drop off", "DELIVER"),
    "cleanup": ("clean up", "PURGE REMOVE"),
    "topup": ("top up", "CREDIT FUND DEPOSIT"),
    "teardown": ("tear down", "DEPROVISION UNDEPLOY"),
    "handover": ("hand over", "HANDOFF TRANSFER DELEGATE"),
    "upsert": ("update or insert", "UPDATE CREATE INSERT"),
    "autocomplete": ("complete automatically", "PREDICT SEARCH"),
}
# Words that the rule above must never list, checked at build time.
NEVER_NONACTION = "open clear close empty complete free live order book record schedule report list".split()

# Vague verbs (warning, suggest something specific). PROCESS is called out
# by AGIS 4.2 as borderline; the rest say as little about the outcome.
# EXECUTE is not here: it is a floor verb with a defined protocol meaning
# (carry out a planned or proposed action).
VAGUE = {
    "process": "VALIDATE SUBMIT TRANSFORM APPROVE SETTLE",
    "handle": "ROUTE RESOLVE DISPATCH ESCALATE",
    "manage": "CONFIGURE ASSIGN SCHEDULE UPDATE",
    "do": "EXECUTE START PERFORM? CREATE",
    "perform": "EXECUTE RUN? START",
    "run": "EXECUTE START SIMULATE SCHEDULE",
    "make": "CREATE BUILD GENERATE BOOK",
    "act": "EXECUTE RESPOND",
    "operate": "START EXECUTE CONFIGURE",
    "treat": "TRIAGE PRESCRIBE PROCESS?",
    "deal": "NEGOTIATE TRADE RESOLVE",
    "work": "EXECUTE PROCESS?",
    "use": "REDEEM APPLY INVOKE ACCESS",
    "go": "NAVIGATE START ROUTE",
    "try": "RETRY ATTEMPT TEST",
    "take": "ACQUIRE CLAIM FETCH",
    "give": "GRANT TRANSFER ASSIGN",
    "apply": "SUBMIT SET ENFORCE",
}

# Path segments (AGIS 4.4(b)), three roles for a segment's leading word:
# LEAK: imperative verbs that, as a whole segment (/retrieve) or leading a
#   multi-word one (get-restaurant), almost always mean an operation name
#   leaked into the path.
# VERB_FIRST: as a whole segment they read as an operation (/search,
#   /update); leading a multi-word segment they are as often a noun
#   modifier (search-results), so they count only when the segment does not
#   end in a HEAD noun.
# AMBIGUOUS: common resource nouns that are also verbs (/book/{isbn},
#   /order/{id}); a whole segment is fine, a multi-word one counts as a
#   leak unless it ends in a HEAD noun (bookReservation leaks,
#   order-history does not).
#
# A noun/verb homograph in common noun use (a refund, a purchase, an upload, a
# post, a lookup, a transfer) is a noun in a path (AGIS 4.4(b) asks for a noun,
# and "/refund/{id}" names one), so it is AMBIGUOUS, never LEAK; LEAK keeps the
# verbs whose noun sense is marginal in API language (get, fetch, create ...).
PATH_LEAK = (
    "get fetch retrieve create delete remove add find modify edit "
    "insert cancel submit generate compute calculate send make do execute "
    "perform put approve reject sync reserve"
)
PATH_VERB_FIRST = "search update check"
PATH_AMBIGUOUS = (
    "book list order record report review run schedule set test plan request query "
    "refund purchase buy pay upload download post patch lookup"
)
PATH_HEADS = (
    "history results result items item entries entry logs log types type cases "
    "case details detail status summary count id ids list lists records record "
    "metadata tiers tier comments reviews lines line members groups templates "
    "definitions config settings options queue queues index stats statistics "
    "club clubs store stores shelf shelves keeping limits limit rules rule "
    "window windows slots slot request requests form forms link links policy "
    "policies receipt receipts amount amounts order"
)
# Particles that make a hyphenated compound noun of a verb (AGIS 4.4(b)): a
# check-in, a follow-up, a sign-up, a pick-up. A segment whose second word is
# one of these names a thing, whatever its first word is (is_verb_segment).
PATH_PARTICLES = "in up out off on down over back away"

# Short words accepted as compound parts (besides 3+ letter dictionary words).
SHORT_PARTS = (
    "by to in on at of up my me we us it is as an or no id ip ui ux os db vm "
    "ai qr dm pm am tv go do be"
)
# Abbreviations and API words that dictionaries lack, usable as compound
# parts (GETUSERINFO, SENDSMS, EXPORTCSV).
EXTRA_PARTS = (
    "api apis url urls uri json xml csv pdf sms otp sku db html http https "
    "auth admin config info app apps repo repos org orgs utc iso faq kpi crm "
    "erp llm cpu gpu ssh ssl tls dns vpn jwt oauth sso mfa todo todos webhook "
    "webhooks username usernames userid signin login logout checkout inbox "
    "metadata dataset datasets timestamp"
)

# Modern closed-compound nouns the dictionaries lack; knowing them keeps
# split_compound from cutting them up (WISHLIST is a noun, not WISH + LIST).
EXTRA_NOUNS = (
    "wishlist playlist watchlist website webpage homepage username password "
    "passcode hashtag newsletter dataset database firmware middleware backend "
    "frontend endpoint workflow workspace spreadsheet smartphone chatbot "
    "healthcheck offline online inbox outbox checkbox dropdown tooltip sidebar"
)

# A verb that the dictionaries list but that usage shows to be primarily a
# noun or adjective: its past form (-ed) is at least e^7 (~1100) times rarer
# than the word itself in the unigram data (CALENDAR, WEEKEND, QUEEN, DISK,
# GREEN; BOOK is e^-3.8, TABLE e^-5.9, PAGE e^-5.9 and stay verbs). Such
# words remain base-form verbs for pass 2 but are non-action nouns or
# adjectives for pass 3. Catalog and curated verbs are exempt.
PRIMARILY_NOUN_LOG_RATIO = -7.0

# Unigram log-probabilities below this count as unattested (cost 25) and
# such words are not used as compound parts unless listed above.
MIN_LOGPROB = -17.5


def _words(text: str) -> list[str]:
    return [w.rstrip("?").lower() for w in text.split() if w.rstrip("?")]


# ---------------------------------------------------------------------------


def load_sources():
    import lemminflect  # noqa: F401  (build-time dependency)
    import spacy_lookups_data

    lem_dir = Path(lemminflect.__file__).parent / "resources"
    spacy_dir = Path(spacy_lookups_data.__file__).parent / "data"

    # lemminflect: lemma,pos,forms...   (pos in noun/verb/adj/adv)
    lem: dict[str, set[str]] = defaultdict(set)
    with gzip.open(lem_dir / "infl_lu.csv.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            parts = line.rstrip("\n").split(",")
            word, pos = parts[0], parts[1]
            if word.isalpha() and word.islower() and word.isascii():
                lem[word].add(pos)

    index = json.load(gzip.open(spacy_dir / "en_lemma_index.json.gz", "rt", encoding="utf-8"))
    wn: dict[str, set[str]] = defaultdict(set)
    for pos, words in index.items():
        for w in words:
            if w.isalpha() and w.islower() and w.isascii():
                wn[w].add(pos)
    exc = json.load(gzip.open(spacy_dir / "en_lemma_exc.json.gz", "rt", encoding="utf-8"))
    prob = json.load(gzip.open(spacy_dir / "en_lexeme_prob.json.gz", "rt", encoding="utf-8"))
    return lem, wn, exc, prob


def verb_forms(lemma: str):
    """(form, kind) pairs for a verb lemma, from lemminflect's table or rules."""
    from lemminflect import getAllInflections, getAllInflectionsOOV

    forms = getAllInflections(lemma, upos="VERB") or getAllInflectionsOOV(lemma, upos="VERB")
    kind_of = {"VBD": "ed", "VBN": "ed", "VBG": "ing", "VBZ": "s"}
    for tag, spellings in sorted(forms.items()):
        kind = kind_of.get(tag)
        if kind:
            for s in spellings:
                yield s.lower(), kind


def noun_plurals(lemma: str):
    from lemminflect import getAllInflections

    for s in getAllInflections(lemma, upos="NOUN").get("NNS", ()):
        yield s.lower()


def adj_forms(lemma: str):
    from lemminflect import getAllInflections

    for tag, spellings in getAllInflections(lemma, upos="ADJ").items():
        if tag in ("JJR", "JJS"):
            for s in spellings:
                yield s.lower()


def build() -> dict[str, bytes]:
    lem, wn, exc, prob = load_sources()
    catalog = json.loads(CATALOG.read_text(encoding="utf-8"))
    catalog_verbs = {v.lower() for v in catalog["methods"]}
    tech = set(_words(TECH_VERBS))

    lem_verbs = {w for w, p in lem.items() if "verb" in p}
    wn_verbs = {w for w, p in wn.items() if "verb" in p}
    other_pos = {w for w, p in lem.items() if p & {"noun", "adj", "adv"}}
    other_pos |= {w for w, p in wn.items() if p & {"noun", "adj", "adv"}}

    # A verb is kept when both dictionaries list it as a verb, or when only
    # one does and the word has no other part of speech (SYNC, REBOOT). A
    # verb from one source that is also a noun or adjective (VERSION,
    # OPTION, CHURCH) is treated as primarily that other word.
    strong = lem_verbs & wn_verbs
    weak = lem_verbs ^ wn_verbs
    weak_pure = weak - other_pos
    # ... unless the word is a productive prefix on a verb (REWIND, REMATCH):
    # a re-/un-/de- formation on a verb is itself verbal.
    prefixed = {
        w for w in weak & other_pos
        if any(w.startswith(p) and len(w) - len(p) >= 3 and w[len(p):] in strong for p in PREFIXES)
    }
    verbs = strong | weak_pure | prefixed | catalog_verbs | tech
    verbs = {v for v in verbs if len(v) >= 2 or v in ("do", "go", "be")}
    being = set(_words(NONACTION["being"]))
    verbs |= {"be", "have", "exist"}

    # Inflections: lemminflect table, its spelling rules for verbs it lacks,
    # and WordNet's irregular forms. Base form wins: a form that is itself a
    # base verb (FOUND, SPRING, PROCESS, BUS) is not listed as an inflection.
    infl: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for v in sorted(verbs):
        for form, kind in verb_forms(v):
            if form != v and form.isalpha():
                infl[form].add((v, kind))
    for form, bases in sorted(exc.get("verb", {}).items()):
        if not form.isalpha():
            continue
        for b in bases:
            if b in verbs and form != b and not any(base == b for base, _ in infl.get(form, ())):
                # WordNet's exception list does not name the tense; it is
                # mostly irregular pasts, plus doubled-consonant -ing forms.
                kind = "ing" if form.endswith("ing") else "ed"
                infl[form].add((b, kind))
    inflections: dict[str, tuple[str, str]] = {}
    for form in sorted(infl):
        if form in verbs:
            continue
        options = sorted(infl[form], key=lambda bk: (-prob.get(bk[0], -30.0), bk[0], bk[1]))
        inflections[form] = options[0]

    # Word forms with POS flags: v base verb, i inflected verb, n noun
    # (lemma or plural), a adjective, r adverb, x extra API word.
    flags: dict[str, set[str]] = defaultdict(set)
    for v in verbs:
        flags[v].add("v")
    for f in inflections:
        flags[f].add("i")
    for src in (lem, wn):
        for w, ps in src.items():
            if "noun" in ps:
                flags[w].add("n")
                if src is lem:
                    for pl in noun_plurals(w):
                        if pl.isalpha():
                            flags[pl].add("n")
            if "adj" in ps:
                flags[w].add("a")
                if src is lem:
                    for f in adj_forms(w):
                        if f.isalpha():
                            flags[f].add("a")
            if "adv" in ps:
                flags[w].add("r")
    for w in _words(EXTRA_PARTS) + _words(SHORT_PARTS):
        flags[w].add("x")
    for w in _words(EXTRA_NOUNS):
        flags[w].add("n")

    # Usage-based "primarily a noun/adjective" verbs (see PRIMARILY_NOUN_LOG_RATIO).
    primarily_other: dict[str, str] = {}
    for v in sorted(verbs - catalog_verbs - tech):
        fl = flags.get(v, set())
        base_lp = prob.get(v)
        if not (fl & {"n", "a"}) or base_lp is None or base_lp < MIN_LOGPROB:
            continue
        pasts = [f for f, kind in verb_forms(v) if kind == "ed"]
        if not pasts:
            continue
        past_lp = max(prob.get(f, -25.0) for f in pasts)
        if past_lp - base_lp < PRIMARILY_NOUN_LOG_RATIO:
            primarily_other[v] = "adjective" if "a" in fl else "noun"

    def cost(w: str) -> int:
        lp = prob.get(w)
        if lp is None or lp < MIN_LOGPROB:
            return 25
        return max(1, int(round(-lp)))

    # Curated non-action list
    nonaction_rows = []
    seen = set()
    for cls in ("being", "state", "noun", "adjective", "function"):
        for w in _words(NONACTION[cls]):
            if w in seen:
                continue
            seen.add(w)
            if w in catalog_verbs or w in NEVER_NONACTION:
                raise SystemExit(f"curated non-action word {w!r} is a catalog or primary verb")
            nonaction_rows.append((w, cls, NONACTION_NOTES.get(cls, "")))

    usage_note = "primarily a {}: its verb forms are rare in usage"
    for w, cls in sorted(primarily_other.items()):
        if w not in seen and w not in NEVER_NONACTION:
            seen.add(w)
            nonaction_rows.append((w, cls, usage_note.format(cls)))

    vague_rows = []
    for w, alts in sorted(VAGUE.items()):
        if w not in verbs:
            raise SystemExit(f"vague word {w!r} is not a verb in the lexicon")
        alt = [a.rstrip("?") for a in alts.split() if not a.endswith("?")]
        vague_rows.append((w, " ".join(alt)))

    path_rows = [(w, "leak") for w in _words(PATH_LEAK)]
    path_rows += [(w, "verb-first") for w in _words(PATH_VERB_FIRST)]
    path_rows += [(w, "ambiguous") for w in _words(PATH_AMBIGUOUS)]
    path_rows += [(w, "head") for w in _words(PATH_HEADS)]
    path_rows += [(w, "particle") for w in _words(PATH_PARTICLES)]

    # ---- serialise ------------------------------------------------------
    out: dict[str, bytes] = {}
    out["verbs.txt"] = ("\n".join(sorted(verbs)) + "\n").encode()

    # One line per kind: the inflected forms, then their bases in the same
    # order, so the runtime builds each table with one dict(zip(...)).
    buf = io.StringIO()
    buf.write("# kind (ing=present participle, ed=past, s=third person)\tinflected forms\tbases, in the same order\n")
    for kind in ("ed", "ing", "s"):
        forms = [f for f in sorted(inflections) if inflections[f][1] == kind]
        buf.write(f"{kind}\t{' '.join(forms)}\t{' '.join(inflections[f][0] for f in forms)}\n")
    out["inflections.tsv.gz"] = _gzip(buf.getvalue())

    # Grouped by (flags, cost) so the runtime loads it with a few C-level
    # splits: one line per group, its words space-separated.
    # Rare words (no frequency data) are kept only when both dictionaries
    # list them: that drops ~40k obscure entries (mostly SPECIALIST medical
    # terms and WordNet rarities) and keeps the load well under 50 ms. Rare
    # verb forms need no entry here: verbs.txt and inflections list them.
    groups: dict[tuple[str, int], list[str]] = defaultdict(list)
    for w in sorted(flags):
        c, fl = cost(w), flags[w]
        if c == 25 and "x" not in fl and (fl <= {"v", "i"} or w not in lem or w not in wn):
            continue
        groups[("".join(sorted(fl)), c)].append(w)
    buf = io.StringIO()
    buf.write("# flags (v verb, i inflected verb, n noun, a adjective, r adverb, x API word)"
              "\tcost (rounded -ln unigram probability; 25 = rare or unattested)\twords\n")
    for (fl, c) in sorted(groups):
        buf.write(f"{fl}\t{c}\t{' '.join(groups[(fl, c)])}\n")
    out["words.tsv.gz"] = _gzip(buf.getvalue())

    out["nonaction.tsv"] = _tsv("# word\tclass\tnote", sorted(nonaction_rows))
    out["vague.tsv"] = _tsv("# word\tmore specific alternatives", vague_rows)
    out["pathwords.tsv"] = _tsv("# word\trole (leak | verb-first | ambiguous | head | particle)", sorted(set(path_rows)))
    out["prefixes.txt"] = ("\n".join(PREFIXES) + "\n").encode()
    for w in _words(STATIVE):
        if w not in verbs or w in catalog_verbs:
            raise SystemExit(f"stative word {w!r} must be a verb and not a catalog verb")
    out["stative.txt"] = ("\n".join(sorted(_words(STATIVE))) + "\n").encode()
    for w, (_, alts) in FUSED.items():
        if w in catalog_verbs or any(a.lower() not in catalog_verbs for a in alts.split()):
            raise SystemExit(f"fused word {w!r}: not a catalog verb itself, suggestions from the catalog")
    out["fused.tsv"] = _tsv("# word\tthe phrase it fuses\tcatalog verbs to suggest",
                            sorted((w, phrase, alts) for w, (phrase, alts) in FUSED.items()))
    return out


def _tsv(header: str, rows) -> bytes:
    return (header + "\n" + "".join("\t".join(r) + "\n" for r in rows)).encode()


def _gzip(text: str) -> bytes:
    raw = io.BytesIO()
    # mtime=0 and no file name keep the archive byte-identical across runs.
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="", compresslevel=9) as gz:
        gz.write(text.encode())
    return raw.getvalue()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the shipped files are stale")
    args = ap.parse_args(argv)
    files = build()
    stale = [n for n, data in files.items() if not (OUT / n).exists() or (OUT / n).read_bytes() != data]
    if args.check:
        if stale:
            print("stale:", ", ".join(stale))
            return 1
        print("lexicon data up to date")
        return 0
    for name, data in files.items():
        (OUT / name).write_bytes(data)
        print(f"{name:22s} {len(data):>9,d} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
