#!/usr/bin/env python3
"""Every finding the shipped `agis-lint` (model on) gives on the development corpora, sorted, one a
line: to compare two model builds verdict by verdict (a new encoder must not move any).

    AGIS_LSP_MODEL_DIR=/tmp/old-models python benchmarks/model_verdicts.py > old.txt
    python benchmarks/model_verdicts.py > new.txt && diff old.txt new.txt

What is linted (development halves only; the held-out halves are never read here):
``real_precision.py --split dev --corpus mcp|openapi|converted`` and ``payload_recall.py --set dev``
(each payload in each role). Each line: corpus, file (temporary files by their name only), code,
line:character, message; a corpus's lines are printed sorted when it is done (then ``# done
CORPUS``), so a run stopped early still compares the corpora it finished. ``--corpus`` picks some.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import payload_recall  # noqa: E402
import real_precision  # noqa: E402

CORPORA = ("converted", "payloads", "mcp", "openapi")   # the quickest first


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=",".join(CORPORA), help="comma-separated: " + " ".join(CORPORA))
    ap.add_argument("--exe", default=str(Path(sys.executable).parent / "agis-lint"))
    a = ap.parse_args(argv)
    lines: list[str] = []
    shipped = real_precision.lint
    corpus = ""

    def recording(exe, files, semantic, extra=()):
        out = shipped(exe, files, semantic, extra)
        for path, diags in out.items():
            p = Path(path)
            name = p.name if "tmp" in p.parts[:3] else str(p.relative_to(real_precision.ROOT)) \
                if p.is_relative_to(real_precision.ROOT) else p.name
            for d in diags:
                s = d["range"]["start"]
                lines.append(f"{corpus}\t{name}\t{d['code']}\t{s['line']}:{s['character']}\t{d['message']}")
        return out

    real_precision.lint = recording
    for corpus in a.corpus.split(","):
        lines.clear()
        with contextlib.redirect_stdout(io.StringIO()):
            if corpus == "payloads":
                real_precision.recall(a.exe, payload_recall.SETS["dev"](), True)
            else:
                {"mcp": real_precision.run_mcp, "openapi": real_precision.run_openapi,
                 "converted": real_precision.run_converted}[corpus](a.exe, "dev", True)
        print("\n".join(sorted(lines) + [f"# done {corpus}"]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
