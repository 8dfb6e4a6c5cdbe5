"""agis-lint convert INPUT --to {agis,mcp,toml,well-known} [-o PATH] [--force] [--from FMT]

A thin adapter over :mod:`agis_lsp.convert`: read the input (a file or ``-``),
convert, write the files (stdout for a single file without ``-o``), and report
the review items as ``FILE:LINE:COL: review: message`` on standard error,
positioned in the written output.

Exit status: 0 converted with nothing to review, 1 converted with review items,
2 usage error, unreadable or unconvertible input, or a file that would be
overwritten without --force.
"""
from __future__ import annotations

import json
import os
import sys

EXIT_CLEAN, EXIT_REVIEW, EXIT_ERROR = 0, 1, 2


def add_parser(subparsers) -> None:
    from ..convert import FORMATS, TARGETS
    p = subparsers.add_parser(
        "convert", help="convert between AGIS, MCP tools/list, OpenAPI 3, AGTP TOML and agent manifests",
        description="Convert INPUT (YAML, JSON or TOML; - for standard input; the format is recognised "
        "by content) to an AGIS document, an MCP tools/list, AGTP deployment TOML or the "
        "/.well-known/agis.json summary. Choices a human must confirm are reported as review items. "
        "Exit status: 0 nothing to review, 1 review items, 2 error.")
    p.add_argument("input", help="input file, or - for standard input")
    p.add_argument("--to", required=True, choices=TARGETS, help="what to produce")
    p.add_argument("--from", dest="source_format", choices=FORMATS, default=None,
                   help="input format (default: recognised by content)")
    p.add_argument("-o", "--output", default=None,
                   help="output file, or directory (required when several files are produced)")
    p.add_argument("--force", action="store_true", help="overwrite existing output files")
    p.add_argument("--no-semantic", action="store_true", help="do not check verbs with the semantic model")
    p.add_argument("--catalog", default=None, help="AGTP method catalog JSON to use instead of the shipped one")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="how review items are reported on standard error")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary line")


def run(args) -> int:
    from ..catalog import CatalogError, load_catalog
    from ..convert import ConvertError, convert_text
    from ..document import decode_bytes

    name = None if args.input == "-" else args.input
    try:
        raw = sys.stdin.buffer.read() if name is None else _read(name)
    except OSError as exc:
        print(f"agis-lint: {args.input}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERROR
    text, problem = decode_bytes(raw)
    if problem is not None:
        print(f"agis-lint: {args.input}: {problem.message}", file=sys.stderr)
        return EXIT_ERROR
    try:
        catalog = load_catalog(os.path.abspath(args.catalog)) if args.catalog else None
    except CatalogError as exc:
        print(f"agis-lint: catalog error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    try:
        conv = convert_text(text, args.to, source_format=args.source_format, name=name,
                            semantic=not args.no_semantic, catalog=catalog)
    except ConvertError as exc:
        print(f"agis-lint: {args.input}:{exc}" if exc.line else f"agis-lint: {args.input}: {exc}",
              file=sys.stderr)
        return EXIT_ERROR
    targets = _targets(conv, args.output)
    if targets is None:
        print(f"agis-lint: this conversion produces {len(conv.files)} files; name a directory with -o DIR",
              file=sys.stderr)
        return EXIT_ERROR
    if not args.force:
        existing = [t for t in targets.values() if t != "-" and os.path.exists(t)]
        if existing:
            print("agis-lint: refusing to overwrite " + ", ".join(sorted(existing)) + " (use --force)",
                  file=sys.stderr)
            return EXIT_ERROR
    for f in conv.files:
        dest = targets[f.name]
        if dest == "-":
            sys.stdout.write(f.text)
            continue
        parent = os.path.dirname(dest)
        if parent:
            os.makedirs(parent, exist_ok=True)
        with open(dest, "w", encoding="utf-8", newline="") as fh:
            fh.write(f.text)
    _report(conv, targets, args)
    return EXIT_REVIEW if conv.review else EXIT_CLEAN


def _read(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def _targets(conv, output: str | None) -> dict | None:
    """Output file name -> destination path ("-" for stdout)."""
    if output is None:
        return {conv.files[0].name: "-"} if len(conv.files) == 1 else None
    is_dir = os.path.isdir(output) or output.endswith(("/", os.sep)) or len(conv.files) > 1
    if not is_dir:
        return {conv.files[0].name: output}
    return {f.name: os.path.join(output, *f.name.split("/")) for f in conv.files}


def review_positions(conv, targets: dict) -> list[dict]:
    """Review items with 1-based line/column in the written output."""
    from ..document import parse_text
    docs = {}
    out = []
    for r in conv.review:
        f = conv.file(r.file)
        if f is None:
            continue
        if r.file not in docs:
            docs[r.file] = parse_text(f.text, f.name)
        doc = docs[r.file]
        try:
            rng = doc.range(tuple(r.path), "value")
            line, col = rng.start.line + 1, rng.start.character + 1
        except Exception:  # a path the output does not have: report at the top
            line, col = 1, 1
        dest = targets.get(r.file, r.file)
        out.append({"file": "<stdout>" if dest == "-" else dest, "line": line, "column": col,
                    "path": list(r.path), "source": r.source, "message": r.message})
    return out


def _report(conv, targets: dict, args) -> None:
    items = review_positions(conv, targets)
    if args.format == "json":
        print(json.dumps({"source_format": conv.source_format, "target": conv.target,
                          "files": [targets[f.name] for f in conv.files],
                          "review": items, "notes": conv.notes}, indent=2), file=sys.stderr)
        return
    for it in items:
        print(f"{it['file']}:{it['line']}:{it['column']}: review: {it['message']}", file=sys.stderr)
    for n in conv.notes:
        print(f"agis-lint: {n}", file=sys.stderr)
    if not args.quiet:
        where = ", ".join(t for t in targets.values() if t != "-") or "standard output"
        print(f"converted {conv.source_format} to {conv.target} ({len(conv.files)} file(s): {where}); "
              f"{len(items)} item(s) to review", file=sys.stderr)
