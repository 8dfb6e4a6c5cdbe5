"""Convert a corpus of real OpenAPI documents to AGIS (and AGTP TOML) and lint the output.

    python benchmarks/convert_corpus.py CORPUS_DIR [--no-semantic] [--toml] [--no-lint] [--details]

CORPUS_DIR holds OpenAPI 3.0/3.1 documents (*.yaml, *.yml, *.json); nothing is
downloaded. docs/convert.md says how the project's corpus was assembled from
registry packages. For each document it runs the shipped code path
(``agis_lsp.convert.convert_text``), then lints every output file with the
real engine, and prints one row per document and a total:

* operations, and the share whose verb needed no review;
* conversion time (parse + convert), wall and CPU (the machine is shared, so CPU
  time is the steadier figure), and the CPU time per 1,000 operations;
* lint errors in the output, split into those on an endpoint that carries a
  review item (the consequence of a choice already handed to a human), those of
  the security pass (AGSC*) on text copied verbatim from the source, and the rest
  (which should be zero);
* crashes (any exception other than a clean ConvertError refusal).
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from agis_lsp.convert import ConvertError, convert_text  # noqa: E402
from agis_lsp.engine.config import Config  # noqa: E402
from agis_lsp.engine.findings import Severity  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402


def lint_output(conv, semantic: bool):
    """(errors not explained by a review item, errors explained by one, error codes).

    An error is explained when it sits at (or under) a review item's path, or on an
    endpoint whose verb, intent or path is already handed to a human."""
    reviewed = set()      # endpoints whose verb, intent or path a human must review
    for r in conv.review:
        if r.path[:1] == ("endpoints",) and r.path[2:3] in (("method",), ("path",), ("semantic",)) \
                and r.path[3:4] in ((), ("intent",)):
            reviewed.add((r.file, r.path[:2]))
        elif r.path[:1] in (("method",), ("path",)) or r.path[:2] == ("semantic", "intent"):
            reviewed.add((r.file, ()))
    real, explained, source_text, codes = 0, 0, 0, {}
    config = Config().merged(semantic=semantic)
    tmp = tempfile.mkdtemp(prefix="convert-corpus-")
    for f in conv.files:       # written out, so a deployment's files are linted together
        dest = os.path.join(tmp, *f.name.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8") as fh:
            fh.write(f.text)
    linter = Linter(config_of=lambda _path: config)  # the shipped orchestration, as agis-lint check
    for f in conv.files:
        dest = os.path.join(tmp, *f.name.split("/"))
        res = linter.check(dest)
        for d in res.diagnostics:
            if d.severity > Severity.ERROR:
                continue
            ep = tuple(d.path[:2]) if d.path[:1] == ("endpoints",) else ()
            at = tuple(d.path)
            if (f.name, ep) in reviewed or any(r.file == f.name and r.path and at[:len(r.path)] == tuple(r.path)
                                               for r in conv.review):
                explained += 1
            elif d.code.startswith("AGSC"):
                # the security pass on prose copied verbatim from the source's descriptions
                source_text += 1
                codes[d.code] = codes.get(d.code, 0) + 1
            else:
                real += 1
                codes[d.code] = codes.get(d.code, 0) + 1
    shutil.rmtree(tmp, ignore_errors=True)
    return real, explained, source_text, codes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--no-semantic", action="store_true", help="convert and lint without the model")
    ap.add_argument("--toml", action="store_true", help="also convert to an AGTP deployment and lint it")
    ap.add_argument("--no-lint", action="store_true", help="time the conversion only")
    ap.add_argument("--details", action="store_true", help="print each real error's code per document")
    args = ap.parse_args(argv)
    files = sorted(f for ext in ("yaml", "yml", "json") for f in glob.glob(os.path.join(args.corpus, f"*.{ext}")))
    if not files:
        print(f"no OpenAPI documents in {args.corpus}", file=sys.stderr)
        return 2
    semantic = not args.no_semantic
    if semantic:  # load the model once, outside the timings
        from agis_lsp.semantic import get_model
        get_model()
    all_codes: dict = {}
    tot = dict(docs=0, ops=0, no_review=0, secs=0.0, cpu=0.0, real=0, explained=0, src=0, crashes=0, refused=0)
    print(f"{'document':42} {'ops':>5} {'verb ok':>8} {'wall s':>7} {'cpu s':>6} {'cpu s/1k':>8} {'errors':>7} "
          f"{'on review':>9} {'src text':>7}")
    for path in files:
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            conv = convert_text(text, "agis", name=path, semantic=semantic)
        except ConvertError as exc:
            tot["refused"] += 1
            print(f"{name:42} refused: {exc}")
            continue
        except Exception:  # noqa: BLE001 - the point is to count them
            tot["crashes"] += 1
            print(f"{name:42} CRASH\n{traceback.format_exc()}")
            continue
        secs, cpu = time.perf_counter() - t0, time.process_time() - c0
        drafts = [r for r in conv.review if r.path[2:3] == ("method",)]
        ops = conv.files[0].text.count("\n- method: ")
        no_review = ops - len({r.path[:2] for r in drafts})
        real = explained = src = 0
        codes: dict = {}
        if not args.no_lint:
            real, explained, src, codes = lint_output(conv, semantic)
            if args.toml:
                try:
                    dep = convert_text(text, "toml", name=path, semantic=semantic)
                    r2, e2, s2, c2 = lint_output(dep, semantic)
                    real, explained, src = real + r2, explained + e2, src + s2
                    for k, v in c2.items():
                        codes[k] = codes.get(k, 0) + v
                except Exception:  # noqa: BLE001
                    tot["crashes"] += 1
                    print(f"{name:42} CRASH (toml)\n{traceback.format_exc()}")
        per_k = cpu / ops * 1000 if ops else 0.0
        print(f"{name:42} {ops:5d} {no_review / ops if ops else 0:8.1%} {secs:7.2f} {cpu:6.2f} {per_k:8.2f} "
              f"{real:7d} {explained:9d} {src:7d}" + (f"  {codes}" if args.details and codes else ""))
        tot["docs"] += 1
        tot["ops"] += ops
        tot["no_review"] += no_review
        tot["secs"] += secs
        tot["cpu"] += cpu
        tot["real"] += real
        tot["explained"] += explained
        tot["src"] += src
        for k, v in codes.items():
            all_codes[k] = all_codes.get(k, 0) + v
    ops = tot["ops"] or 1
    print(f"{'TOTAL (' + str(tot['docs']) + ' documents)':42} {tot['ops']:5d} {tot['no_review'] / ops:8.1%} "
          f"{tot['secs']:7.2f} {tot['cpu']:6.2f} {tot['cpu'] / ops * 1000:8.2f} {tot['real']:7d} "
          f"{tot['explained']:9d} {tot['src']:7d}")
    print(f"errors outside review items, by code: {dict(sorted(all_codes.items())) or 'none'}; "
          f"AGIS601 (pass 6) among them: {all_codes.get('AGIS601', 0)}")
    print(f"crashes: {tot['crashes']}  refused: {tot['refused']}  semantic model: {'on' if semantic else 'off'}")
    return 1 if tot["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())
