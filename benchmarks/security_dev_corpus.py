"""Security findings per 1,000 prose fields on a directory of documents, through the shipped Linter.

    python benchmarks/security_dev_corpus.py /tmp/secdev/mcp /tmp/findings.jsonl
"""
import collections, glob, json, sys, os
sys.path.insert(0, os.getcwd())
from agis_lsp.engine.config import Config
from agis_lsp.engine.linter import Linter
from agis_lsp.document import read_document
from agis_lsp.formats import detect_kind
from agis_lsp.formats.prose import prose_fields

files = sorted(glob.glob(sys.argv[1] + "/*.json"))
cfg = Config(select=("AGSC",))
linter = Linter(config_of=lambda _p: cfg.merged(semantic=False))
fields = 0; per = collections.Counter(); sev = collections.Counter(); out = []
for f in files:
    doc = read_document(f)
    n = len(prose_fields(detect_kind(doc), doc))
    fields += n
    res = linter.check(target=linter.prepare(f, text=doc.text))
    for d in res.diagnostics:
        if d.code.startswith("AGSC"):
            per[d.code] += 1; sev[str(d.severity)] += 1
            out.append({"file": os.path.basename(f), "code": d.code, "sev": str(d.severity), "msg": d.message})
print(f"files {len(files)} prose fields {fields} findings {sum(per.values())} "
      f"per 1,000 {1000*sum(per.values())/max(1,fields):.2f}")
for c, k in sorted(per.items()): print(f"  {c} {k}")
print(" ", dict(sev))
with open(sys.argv[2], "w") as fh:
    for o in out: fh.write(json.dumps(o) + "\n")
