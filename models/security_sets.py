"""The texts the directive head of the security pass (AGSC901) is trained and thresholded on:
the readers of models/data/ and the real corpora's folds, and the training and development
sets built from them (``models/train_security.py`` fits the head on them; see its docstring
and models/README.md, "Security head" and "Scope head at scale", for what each set holds).
The held-out split is never read here.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from agis_lsp.semantic.directive import has_cue, pieces
from security_corpora import dev_rows, heldout_aws_services
import scope_data

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"


def payloads(split: str) -> list[tuple[str, str]]:
    """(family, text) of a payload file; '# family: x' lines start a family."""
    out, family = [], ""
    for line in (DATA / f"security_payloads_{split}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# family:"):
            family = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            out.append((family, line.strip()))
    return out


def benign(split: str) -> list[str]:
    return _sections("security_benign.txt", "# split:", split)


def real(split: str, roles: tuple = ()) -> list[str]:
    return [r["text"] for r in real_rows("security_real.jsonl", split, roles)]


def real_rows(name: str, split: str, roles: tuple = ()) -> list[dict]:
    """The rows of a ``{"text", "role", "source", "split"}`` file of models/data of one split."""
    out = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["split"] == split and (not roles or row["role"] in roles):
            out.append(row)
    return out


def guidance(split: str) -> list[str]:
    """Hand-written usage guidance (``security_guidance.txt``, ``# split:`` sections)."""
    return _sections("security_guidance.txt", "# split:", split)


def scope_payloads() -> list[tuple[str, str]]:
    """(direction, text): hand-written boundary-crossing texts, train only (``security_scope_train.txt``)."""
    out, family = [], ""
    for line in (DATA / "security_scope_train.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# family:"):
            family = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            out.append((family, line.strip()))
    return out


def _sections(name: str, marker: str, wanted: str) -> list[str]:
    out, current = [], ""
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.startswith(marker):
            current = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#") and current == wanted:
            out.append(line.strip())
    return out


def project_clean() -> list[str]:
    rows = [json.loads(l) for l in (DATA / "realistic.jsonl").read_text().splitlines() if l.strip()]
    intents = [r["intent"] for r in rows if r["split"] == "dev"]
    catalog = json.loads((HERE.parent / "agis_lsp" / "catalog" / "methods-1.0.0.json").read_text())
    descriptions = [m["description"] for m in catalog["methods"].values() if isinstance(m.get("description"), str)]
    return intents + descriptions


def with_sentences(texts: list[str]) -> list[str]:
    out = []
    for t in texts:
        out.extend(t[a:b] for a, b in pieces(t))
    return list(dict.fromkeys(out))


_DESCRIPTIVE_START = re.compile(r"^[A-Z][a-z]+s\b")


def directive_pieces(texts: list[str]) -> list[str]:
    """Payloads, plus their sentences that do not read as a description (a payload often
    starts with one: "Returns the forecast. <the instruction>")."""
    out = []
    for t in texts:
        out.append(t)
        ps = pieces(t)
        out.extend(t[a:b] for a, b in ps[1:] if not _DESCRIPTIVE_START.match(t[a:b]))
    return list(dict.fromkeys(out))


# Embedding is the cost (the shared 2-core machine embedded ~2 texts a second under load):
# fixed-seed samples of the real texts, short ones (<= SHORT chars, fewer sentences).
REAL_TRAIN_N = 2000
INTENT_TRAIN_N = 412
DEV_REAL_N = 250
DEV_INTENT_N = 200
SHORT = 400
SEED = 22        # the samples' seed, and train_mlp's (models/train_security.py)


def sample(rows: list[str], n: int, cue_only: bool = True) -> list[str]:
    """A fixed-seed sample of ``n`` short texts (with a cue word, when ``cue_only``)."""
    import random
    pool = [t for t in rows if len(t) <= SHORT and (not cue_only or has_cue(t))]
    return random.Random(SEED).sample(pool, min(n, len(pool)))


def real_texts(name: str, split: str) -> list[str]:
    return [r["text"] for r in real_rows(name, split)]


def aws_only(texts: list[str], name: str) -> list[str]:
    """Only the texts from botocore (AWS): the OpenAPI documents of directive_*.jsonl are also in
    the project's real corpus (benchmarks/corpora/, docs/corpora.md), whose own dev/held-out split
    is not this file's. Nor an AWS service whose API document is in that corpus's held-out half
    (``heldout_aws_services``: apisguru's AWS documents carry botocore's text)."""
    skip = heldout_aws_services()
    aws = {r["text"] for s in ("train", "dev", "heldout") for r in real_rows(name, s)
           if r["source"].startswith("botocore:") and r["source"].split(":", 1)[1] not in skip}
    return [t for t in texts if t in aws]


def corpus_fold(fold: str, corpus: str | None = None) -> tuple[list[str], int]:
    """The texts AGSC901 judges in the dev units of one fold of the real corpora (MCP servers and
    API documents, models/security_corpora.py; ``corpus`` "mcp" or "openapi" for one of them),
    and how many prose fields that fold has."""
    rows = [r for r in dev_rows() if r["fold"] == fold and corpus in (None, r["corpus"])]
    return list(dict.fromkeys(r["text"] for r in rows if r["judged"])), len(rows)


def descriptive_train(exclude: frozenset[str] = frozenset()) -> list[str]:
    """Label 0: legitimate text, however imperative; every text and each of its sentences; the
    payload packages' own benign controls; a fixed-seed sample of these in carriers (scope_data)."""
    real_new = aws_only(sample(real_texts("directive_real.jsonl", "train"), REAL_TRAIN_N), "directive_real.jsonl")
    intents = aws_only(sample(real_texts("directive_intents.jsonl", "train"), INTENT_TRAIN_N),
                       "directive_intents.jsonl")
    clean = with_sentences(benign("train") + guidance("train") + real_new + intents + corpus_fold("fit")[0])
    return list(dict.fromkeys(clean + scope_data.package_negatives(exclude) + scope_data.clean_in_carriers(clean)))


def dev_clean() -> list[str]:
    return (benign("dev") + guidance("dev")
            + aws_only(sample(real_texts("directive_real.jsonl", "dev"), DEV_REAL_N), "directive_real.jsonl")
            + aws_only(sample(real_texts("directive_intents.jsonl", "dev"), DEV_INTENT_N),
                       "directive_intents.jsonl"))


def directive_train(exclude: frozenset[str] = frozenset()) -> list[str]:
    """Label 1: the train payloads and the boundary-crossing texts, their sentences that do not
    read as a description, and each behind a clean first sentence (payloads hide behind
    documentation: a real operation statement or a line of usage guidance); the published
    payloads of every source not in ``exclude``, plain and in carriers (scope_data)."""
    pay = [t for _, t in payloads("train")] + [t for _, t in scope_payloads()]
    prefixes = [t for t in benign("train") + guidance("train") if len(t) < 80 and t.endswith(".")]
    scope = [t for _, t in scope_payloads()]
    own = directive_pieces(pay) + [f"{prefixes[(7 * i) % len(prefixes)]} {t}" for i, t in enumerate(scope)]
    return list(dict.fromkeys(own + scope_data.positives(exclude)))


def dev_payloads() -> list[tuple[str, str]]:
    """(family, text): the hand-written dev payloads and the development half of the second
    published set (benchmarks/corpora/payloads/published2_dev.jsonl); never trained on."""
    p2 = HERE.parent / "benchmarks" / "corpora" / "payloads" / "published2_dev.jsonl"
    return payloads("dev") + [(r["family"], r["text"]) for r in map(json.loads, p2.read_text().splitlines())]
