"""agis-lint: the terminal front end of the engine."""
from __future__ import annotations

import argparse
import logging
import os
import sys

from .. import __version__
from ..engine.config import ConfigError
from ..engine.findings import Severity
from . import output
from .files import collect
from .usage import UsageError, codes_option

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


_LINT_COMMANDS = ("check", "rule", "rules")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line. For a lint command (``command`` in :data:`_LINT_COMMANDS`) the
    other subcommands are left out: registering them imports the converters and the
    catalog code, which a terminal run on one file does not need."""
    p = argparse.ArgumentParser(prog="agis-lint", description="Lint the interface documents of AI-agent APIs: AGIS, AGTP-API deployments, MCP tool lists and client configurations, A2T, ADP, AINP, Agent Skills and agent instruction files.",
                                formatter_class=_Formatter)
    p.add_argument("--version", action="version", version=f"agis-lint {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check", help="lint files and directories (a directory recurses to every file of a supported kind)",
                       formatter_class=_Formatter)
    c.add_argument("paths", nargs="*", default=["."], help="files, directories, or - for standard input")
    c.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text")
    c.add_argument("--fail-level", choices=("error", "warning", "information", "hint"), default=None,
                   help="lowest severity that makes the exit status 1 (default: the fail-level of each "
                        "file's configuration, else error)")
    c.add_argument("--no-semantic", action="store_true", help="skip the model-backed passes (3 model, 6)")
    c.add_argument("--level", type=int, choices=(1, 2), default=None, help="AGIS conformance level")
    c.add_argument("--select", default=None, help="comma-separated rule codes or prefixes to enable")
    c.add_argument("--ignore", default=None, help="comma-separated rule codes or prefixes to disable")
    c.add_argument("--catalog", default=None, help="AGTP method catalog JSON to use instead of the shipped one")
    c.add_argument("--config", default=None, help="configuration file (default: found from each file upwards)")
    c.add_argument("--fix", action="store_true", help="apply safe fixes in place")
    c.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, apply unsafe fixes too")
    c.add_argument("--diff", action="store_true", help="show the fixes as a unified diff; change nothing")
    c.add_argument("--show-fixes", action="store_true", help="text format: name the available fix")
    c.add_argument("--docs-base-url", default=os.environ.get("AGIS_LINT_DOCS_URL") or None, metavar="URL",
                   help="where the documentation site is served: SARIF helpUri links to URL/rules/CODE.html")
    c.add_argument("--stdin-filename", default=None, help="file name to use for standard input")
    c.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary line")
    c.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                   help="lint on N processes (default: the number of CPUs; 1: in this process)")
    c.add_argument("--max-file-size", type=_size, default=None, metavar="SIZE",
                   help='files larger than this get one AGIS007 finding and are not parsed '
                   '(bytes, or "10 MB"; 0: no limit; default: the configuration\'s, else 10 MB)')
    c.add_argument("--no-respect-gitignore", dest="respect_gitignore", action="store_false",
                   default=None, help="walk into what .gitignore, .git/info/exclude ignore (default: "
                   "the configuration's respect-gitignore, else left out; named files are always checked)")
    c.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the result cache ($AGIS_LINT_CACHE_DIR, else "
                   "$XDG_CACHE_HOME/agis-lint, else ~/.cache/agis-lint)")

    r = sub.add_parser("rule", help="explain a rule", formatter_class=_Formatter)
    r.add_argument("code", help="rule code (AGIS201) or name (inflected-method)")
    rs = sub.add_parser("rules", help="list every rule", formatter_class=_Formatter)
    rs.add_argument("--format", choices=("text", "json"), default="text",
                    help="text: a markdown table; json: the rule table (code, name, module, kinds, "
                    "pass, flags, status, default severity)")
    if command in _LINT_COMMANDS:
        return p
    from . import catalog_diff, convert, mcp_cmd
    catalog_diff.add_parser(sub)
    convert.add_parser(sub)
    mcp_cmd.add_parser(sub)
    return p


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the terminal's width as ``shutil.get_terminal_size``
    finds it (``$COLUMNS``, else the terminal of standard output, else 80) without importing
    ``shutil``: argparse builds a formatter for every ``add_argument`` (to check its
    metavar), and ``shutil`` with the compression modules it imports was ~1.5% of a run on
    one small file."""

    def __init__(self, prog, *args, width=None, **kwargs) -> None:
        super().__init__(prog, *args, width=_columns() - 2 if width is None else width, **kwargs)


def _columns() -> int:
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def _jobs(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"--jobs wants a whole number of at least 1, not {value!r}")
    return n


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="agis-lint: %(message)s")
    _escape_unencodable()
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(next((a for a in argv if not a.startswith("-")), None))
    args = parser.parse_args(argv)
    try:
        if args.command == "rule":
            text = output.render_rule(args.code)
            if text is None:
                print(f"agis-lint: unknown rule {args.code!r} (see 'agis-lint rules')", file=sys.stderr)
                return EXIT_ERROR
            print(text)
            return EXIT_CLEAN
        if args.command == "rules":
            print(output.render_rules_json() if args.format == "json" else output.render_rules_table())
            return EXIT_CLEAN
        if args.command == "catalog-diff":
            from . import catalog_diff
            return catalog_diff.run(args)
        if args.command == "convert":
            from . import convert
            return convert.run(args)
        if args.command == "mcp":
            from . import mcp_cmd
            return mcp_cmd.run(args)
        return check(args)
    except ConfigError as exc:
        print(f"agis-lint: configuration error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except UsageError as exc:
        print(f"agis-lint: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # `agis-lint rules | head`: the reader has what it wanted
        _stdout_closed()
        return EXIT_CLEAN
    except Exception:  # noqa: BLE001 - a bug: exit 2 (an uncaught exception would exit 1, "findings")
        import traceback
        traceback.print_exc()
        print(f"agis-lint {__version__}: internal error (above); please report it", file=sys.stderr)
        return EXIT_ERROR


def _escape_unencodable() -> None:
    """A document can hold text no encoding can write (a lone surrogate escaped in JSON,
    `"\\ud800"`): print it as a backslash escape (valid inside JSON strings) instead of
    failing in the middle of the output."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):  # not a text file (a test's capture)
            pass


def _stdout_closed() -> None:
    """The reader of standard output went away (`agis-lint check | head -1`): send the
    rest to /dev/null, so that neither later writes nor the flush at exit fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _emit(write) -> None:
    """Run ``write`` (which prints to standard output) and flush; a closed pipe stops
    the output but not the run, so the exit status still says what was found."""
    try:
        write()
        sys.stdout.flush()
    except BrokenPipeError:
        _stdout_closed()


def _overrides(args) -> dict:
    kw: dict = {}
    if args.level:
        kw["level"] = args.level
    if args.no_semantic:
        kw["semantic"] = False
    if args.select is not None:
        kw["select"] = codes_option(args.select, "--select")
    if args.ignore is not None:
        kw["ignore"] = codes_option(args.ignore, "--ignore")
    if args.catalog:
        kw["catalog"] = os.path.abspath(args.catalog)
    if args.fail_level:
        kw["fail_level"] = Severity.parse(args.fail_level)
    if getattr(args, "max_file_size", None) is not None:
        kw["max_file_size"] = args.max_file_size
    if getattr(args, "respect_gitignore", None) is not None:
        kw["respect_gitignore"] = args.respect_gitignore
    return kw


def _size(value: str) -> int:
    from ..engine.config import ConfigError, parse_size
    try:
        return parse_size(value)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace("'max-file-size'", "--max-file-size")) from None


def check(args) -> int:
    from ..engine.linter import Linter
    from .batch import Settings
    overrides = _overrides(args)
    settings = Settings(overrides, args.config)
    linter = Linter(config_of=settings.config_of)

    stdin_mode = args.paths == ["-"]
    missing: list[str] = []
    walk_notes: list[str] = []
    if stdin_mode:
        from ..files.reading import read_stream
        # read up to the size limit and one byte more: a larger input is AGIS007, not a
        # MemoryError (``cat /dev/zero | agis-lint check -``)
        stdin = read_stream(sys.stdin.buffer.read, settings.config_of(args.stdin_filename).max_file_size)
        inputs = [("-", stdin.raw)]   # (display, the bytes)
    else:
        files, missing = collect(args.paths, respect_gitignore=settings.respects_gitignore,
                                 notes=walk_notes)
        for m in missing:
            print(f"agis-lint: {m}", file=sys.stderr)
        if missing and not files:
            return EXIT_ERROR
        inputs = [(f, f) for f in files]

    names = [args.stdin_filename] if stdin_mode else [path for _, path in inputs]
    bad_catalog = _check_catalogs(linter, {settings.config_of(name).catalog for name in names})
    if bad_catalog:
        print(f"agis-lint: catalog error: {bad_catalog}", file=sys.stderr)
        return EXIT_ERROR

    if not (stdin_mode or args.fix or args.diff):
        code = _check_batch(inputs, settings, args, walk_notes)
        return EXIT_ERROR if missing else code

    results, levels, notes, internal, fix_changes = _check_each(linter, inputs, args, stdin_mode)
    notes[:0] = walk_notes
    if stdin_mode and args.fix:
        if stdin.over:  # over the size limit: not fixed, passed through whole as it streams
            _emit(lambda: _pass_through(stdin.raw))
        elif results:
            _emit(lambda: sys.stdout.write(results[0][1].text))
        else:  # not a document agis-lint knows: passed through unchanged
            _emit(lambda: (sys.stdout.flush(), sys.stdout.buffer.write(inputs[0][1])))
    elif args.diff:
        return EXIT_ERROR if missing else EXIT_FINDINGS if fix_changes else EXIT_CLEAN
    else:
        _emit(lambda: _print(results, notes, args))
    code = _exit_code(zip(levels, (ds for _, _, ds in results)), internal)
    return EXIT_ERROR if missing else code


def _check_each(linter, inputs, args, stdin_mode: bool):
    """Lint (and fix, with --fix/--diff) each input in this process: standard input, or
    files whose fixes are written back. The model is not started here: a semantic rule
    loads it (in this thread, see engine.linter.ModelProvider) only when a document has
    something for it to judge. ``levels[i]`` is the fail level of the configuration that
    judged ``results[i]`` (the exit status is made of them)."""
    from .batch import skipped_note
    results, levels, notes, internal, fix_changes = [], [], [], 0, 0
    for display, path in inputs:
        if display == "-":
            name = args.stdin_filename
            target = linter.prepare(name, raw=path, default_kind=None if name else "agis")
            display = name or "<stdin>"
        else:
            target = linter.prepare(path)
        if target.kind is None:
            # named explicitly (a directory walk only yields documents it knows)
            notes.append(skipped_note(display))
            continue
        if args.fix or args.diff:
            target, changed = _apply_fixes(linter, target, args, display, write=not stdin_mode)
            fix_changes += changed
        outcome = linter.check(target=target)
        internal += outcome.internal_errors
        notes.extend(n for n in outcome.notes if n not in notes)
        results.append((display, outcome.doc, outcome.diagnostics))
        levels.append(target.config.fail_level)
    return results, levels, notes, internal, fix_changes


def _pass_through(head: bytes) -> None:
    """Standard input to standard output unchanged: what was read, then the rest in chunks."""
    from ..files.reading import CHUNK
    sys.stdout.flush()
    out = sys.stdout.buffer
    out.write(head)
    for chunk in iter(lambda: sys.stdin.buffer.read(CHUNK), b""):
        out.write(chunk)


def _check_batch(inputs, settings, args, walk_notes=()) -> int:
    """Lint files (no --fix/--diff, no standard input): cached results, the rest on
    --jobs processes; output in input order (see cli/batch.py and cli/cache.py)."""
    from .batch import TextDoc, WorkerDied, check_files, default_jobs
    from .cache import ResultCache
    try:
        files = check_files(inputs, settings, ResultCache(enabled=not args.no_cache),
                            args.jobs or default_jobs())
    except WorkerDied as exc:
        print(f"agis-lint: internal error: a worker process died ({exc}); "
              "try --jobs 1", file=sys.stderr)
        return EXIT_ERROR
    results, notes, internal = [], list(walk_notes), 0
    for f in files:
        internal += f.internal
        notes.extend(n for n in f.notes if n not in notes)
        if f.linted:
            results.append((f.display, TextDoc(f.text), f.diagnostics))
    _emit(lambda: _print(results, notes, args))
    return _exit_code(((f.fail_level, f.diagnostics) for f in files if f.linted), internal)


def _check_catalogs(linter, paths) -> str | None:
    """Load each configured catalog once; a broken one is a usage error, not N rule crashes."""
    from ..catalog import CatalogError
    for path in sorted(p for p in paths if p):
        try:
            linter.catalogs.load(path)
        except CatalogError as exc:
            return str(exc)
    return None


def _apply_fixes(linter, target, args, display, *, write: bool):
    """``target`` with its fixes applied (written back when ``write``, shown with --diff),
    and whether anything changed."""
    if not target.doc.parsed:
        return target, 0
    result = linter.fix(target, unsafe=args.unsafe_fixes)
    if result.text == target.doc.text:
        return target, 0
    if args.diff:
        import difflib
        _emit(lambda: sys.stdout.writelines(difflib.unified_diff(
            target.doc.text.splitlines(keepends=True), result.text.splitlines(keepends=True),
            fromfile=f"a/{display}", tofile=f"b/{display}")))
        return target, 1
    if write and os.path.isfile(target.path):
        with open(target.path, "w", encoding="utf-8", newline="") as fh:
            fh.write(("\ufeff" if target.doc.bom else "") + result.text)   # keep the byte-order mark
    if write and not args.quiet and args.format == "text":
        print(f"{display}: {result.summary()}", file=sys.stderr)
    return linter.prepare(target.path, text=result.text, previous_kind=target.kind), 1


def _print(results, notes, args) -> None:
    fmt = args.format
    if fmt == "json":
        print(output.render_json(results, notes))
    elif fmt == "sarif":
        print(output.render_sarif(results, notes, args.docs_base_url))
    elif fmt == "github":
        text = output.render_github(results, notes)
        if text:
            print(text)
    else:
        text = output.render_text([(p, d) for p, _, d in results], [] if args.quiet else notes,
                                  args.show_fixes)
        if text:
            print(text)
        if not args.quiet:
            s = output.summary(results)
            fixable = sum(1 for _, _, ds in results for d in ds if any(f.safe for f in d.fixes))
            tail = f"; {fixable} fixable with --fix" if fixable else ""
            print(f"{s['files']} file(s) checked: {s['errors']} error(s), {s['warnings']} warning(s){tail}",
                  file=sys.stderr)


def _exit_code(verdicts, internal: int) -> int:
    """The exit status of a run: 2 when a rule crashed, else 1 when some file has a finding
    at or above the fail level of the configuration that judged that file (``verdicts``:
    ``(fail_level, diagnostics)`` a file; ``--fail-level`` is already merged into each
    file's configuration, see ``batch.Settings``), else 0."""
    if internal:
        return EXIT_ERROR
    failed = any(d.severity <= fail for fail, ds in verdicts for d in ds)
    return EXIT_FINDINGS if failed else EXIT_CLEAN


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
