"""agis-lint convert INPUT --to {agis,mcp,toml,well-known} [-o PATH] [--force] [--from FMT] [-v]

A thin adapter over :mod:`agis_lsp.convert`: read the input (a file, ``-``, or
an AGTP deployment directory), convert (through AGIS when the pair has no
converter of its own, and say so), write the files (stdout for a single file
without ``-o``), and report the review items as ``FILE:LINE:COL: review:
message`` on standard error, positioned in the written output (or, for the
first step of a chain, in the AGIS document that ``--to agis`` writes), then a
short summary table (every file on its own line with ``-v``).

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
    import argparse

    from ..convert import INPUTS, TARGETS, pairs_text
    p = subparsers.add_parser(
        "convert", formatter_class=argparse.RawDescriptionHelpFormatter,
        help="convert between AGIS, MCP tools/list, OpenAPI 3, AGTP TOML and agent manifests",
        description="Convert INPUT (YAML, JSON or TOML; - for standard input; an AGTP deployment directory;\n"
        "the format is recognised by content) to an AGIS document, an MCP tools/list, AGTP\n"
        "deployment TOML or the /.well-known/agis.json summary. Pairs with no converter of their\n"
        "own go through AGIS. Choices a human must confirm are reported as review items.\n"
        "Exit status: 0 nothing to review, 1 review items, 2 error.",
        epilog=pairs_text())
    p.add_argument("input", help="input file, - for standard input, or an AGTP deployment directory")
    p.add_argument("--to", required=True, choices=TARGETS, help="what to produce")
    p.add_argument("--from", dest="source_format", choices=INPUTS, default=None,
                   help="input format (default: recognised by content)")
    p.add_argument("-o", "--output", default=None,
                   help="output file, or directory (required when several files are produced)")
    p.add_argument("--force", action="store_true", help="overwrite existing output files")
    p.add_argument("--no-semantic", action="store_true", help="do not check verbs with the semantic model")
    p.add_argument("--catalog", default=None, help="AGTP method catalog JSON to use instead of the shipped one")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="how review items are reported on standard error")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary table")
    p.add_argument("-v", "--verbose", action="store_true", help="list every output file in the summary")


def run(args) -> int:
    from ..catalog import CatalogError, load_catalog
    from ..convert import ConvertError, convert_data, convert_text

    try:
        catalog = load_catalog(os.path.abspath(args.catalog)) if args.catalog else None
    except CatalogError as exc:
        print(f"agis-lint: catalog error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    options = {"source_format": args.source_format, "semantic": not args.no_semantic, "catalog": catalog}
    try:
        if args.input != "-" and os.path.isdir(args.input):
            data, problem = _read_directory(args.input, args.source_format)
            if problem:
                print(f"agis-lint: {args.input}: {problem}", file=sys.stderr)
                return EXIT_ERROR
            options["source_format"] = "agtp-deployment"
            conv = convert_data(data, args.to, name=os.path.normpath(args.input), **options)
        else:
            text, problem = _read_text(args.input)
            if problem:
                print(f"agis-lint: {args.input}: {problem}", file=sys.stderr)
                return EXIT_ERROR
            conv = convert_text(text, args.to, name=None if args.input == "-" else args.input, **options)
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


def _read_text(name: str) -> tuple[str | None, str | None]:
    """(text, None) or (None, what is wrong) for a file or ``-``."""
    from ..document import decode_bytes
    from ..document.size import DEFAULT_MAX_FILE_SIZE, show_size
    from ..files.reading import read_file, read_stream
    try:
        got = read_stream(sys.stdin.buffer.read, DEFAULT_MAX_FILE_SIZE) if name == "-" else \
            read_file(name, DEFAULT_MAX_FILE_SIZE)
    except OSError as exc:
        return None, str(exc.strerror or exc)
    if got.over:
        return None, f"more than {show_size(DEFAULT_MAX_FILE_SIZE)}; not converted"
    raw = got.raw
    text, problem = decode_bytes(raw)
    return (None, problem.message) if problem is not None else (text, None)


def _read_directory(path: str, source_format: str | None) -> tuple[dict | None, str | None]:
    """An AGTP deployment directory as data, or what is wrong (a directory of other documents is
    converted one file at a time)."""
    from ..convert.from_deployment import is_deployment, read_deployment
    if source_format not in (None, "agtp-deployment"):
        return None, f"is a directory; --from {source_format} reads one file"
    if not is_deployment(path):
        return None, ("is a directory but not an AGTP deployment (no agtp-server.toml and no "
                      "endpoints/*.toml); convert its documents one at a time, e.g. "
                      f"for f in {path.rstrip('/')}/*; do agis-lint convert \"$f\" --to agis -o out/; done")
    return read_deployment(path), None


def _targets(conv, output: str | None) -> dict | None:
    """Output file name -> destination path ("-" for stdout)."""
    if output is None:
        return {conv.files[0].name: "-"} if len(conv.files) == 1 else None
    is_dir = os.path.isdir(output) or output.endswith(("/", os.sep)) or len(conv.files) > 1
    if not is_dir:
        return {conv.files[0].name: output}
    return {f.name: os.path.join(output, *f.name.split("/")) for f in conv.files}


def review_positions(conv, targets: dict) -> list[dict]:
    """Review items with 1-based line/column in the written output (or, for the first step of a
    chain, in the AGIS document made on the way: ``intermediate`` is then true)."""
    from ..document import parse_text
    docs = {}
    out = []
    for r in conv.review:
        f = conv.source_file(r.file)
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
        written = conv.file(r.file) is not None
        dest = targets.get(r.file, r.file) if written else r.file
        out.append({"file": "<stdout>" if dest == "-" else dest, "line": line, "column": col,
                    "path": list(r.path), "source": r.source, "message": r.message,
                    "intermediate": not written})
    return out


def _chain_text(conv) -> str | None:
    if not conv.chain:
        return None
    return " -> ".join(conv.chain) + " (through AGIS)"


def _report(conv, targets: dict, args) -> None:
    items = review_positions(conv, targets)
    if args.format == "json":
        print(json.dumps({"source_format": conv.source_format, "target": conv.target,
                          "chain": conv.chain, "files": [targets[f.name] for f in conv.files],
                          "review": items, "notes": conv.notes}, indent=2), file=sys.stderr)
        return
    chain = _chain_text(conv)
    if chain:
        print(f"agis-lint: {chain}", file=sys.stderr)
    for it in items:
        print(f"{it['file']}:{it['line']}:{it['column']}: review: {it['message']}", file=sys.stderr)
    for n in conv.notes:
        print(f"agis-lint: {n}", file=sys.stderr)
    if any(it["intermediate"] for it in items):
        names = sorted({it["file"] for it in items if it["intermediate"]})
        print(f"agis-lint: review items in {', '.join(names)} point into the AGIS document made on the way "
              f"(not written; `--to agis` writes the same document)", file=sys.stderr)
    if not args.quiet:
        print(summary_table(conv, targets, items, verbose=args.verbose), file=sys.stderr)


def summary_table(conv, targets: dict, items: list[dict], verbose: bool = False) -> str:
    """``converted A -> B: N file(s), M item(s) to review`` and a table of the files: one row per
    kind and directory, or one row per file when ``verbose``."""
    per_file: dict[str, int] = {}
    for it in items:
        per_file[it["file"]] = per_file.get(it["file"], 0) + 1
    steps = " -> ".join(conv.chain) if conv.chain else f"{conv.source_format} -> {conv.target}"
    head = f"converted {steps}: {len(conv.files)} file(s), {len(items)} item(s) to review"
    rows: list[tuple[str, str, str, str]] = []
    groups: dict[tuple[str, str], list[str]] = {}
    for f in conv.files:
        dest = targets[f.name]
        where = "standard output" if dest == "-" else dest
        if verbose:
            rows.append((f.kind, "1", where, str(per_file.get("<stdout>" if dest == "-" else dest, 0))))
        else:
            groups.setdefault((f.kind, os.path.dirname(where)), []).append(where)
    for (kind, folder), wheres in groups.items():
        if len(wheres) == 1:
            where = wheres[0]
        else:
            exts = {os.path.splitext(w)[1] for w in wheres}
            where = os.path.join(folder, "*" + (exts.pop() if len(exts) == 1 else ""))
        review = sum(per_file.get("<stdout>" if w == "standard output" else w, 0) for w in wheres)
        rows.append((kind, str(len(wheres)), where, str(review)))
    inter = sum(1 for it in items if it["intermediate"])
    if inter:
        for f in conv.intermediate:
            rows.append((f"{f.kind} (on the way)", "0", f"{f.name} (not written)",
                         str(sum(1 for it in items if it["intermediate"] and it["file"] == f.name))))
    header = ("kind", "files", "written to", "review")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(4)]

    def fmt(r):
        return (f"  {r[0]:<{widths[0]}}  {r[1]:>{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]:>{widths[3]}}"
                .rstrip())
    return "\n".join([head, fmt(header)] + [fmt(r) for r in rows])
