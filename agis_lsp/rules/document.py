"""Document-level rules: what the parser itself finds, for every file kind."""
from __future__ import annotations

from ..engine.findings import Finding
from ..engine.registry import rule

ANY = ("any",)


def _problems(ctx, code):
    for p in ctx.doc.problems:
        if p.code == code:
            yield Finding((), p.message, span=(p.start, p.end))


@rule("AGIS000")
def internal_error(ctx):
    """A rule failed with an unexpected exception.

    ## What it does
    Reported by the engine, never by a check of its own: when a rule raises, the
    engine records this finding at the top of the document and goes on with the
    other rules, so one bug never hides the rest of the results.

    ## Why is this bad?
    It is a bug in agis-lint, not in your document. The CLI exits with status 2.

    ## Example
    ```text
    doc.agis:1:1: AGIS000 internal error in rule AGIS512 (invalid-mcp-tool-name): ...
    ```

    ## Use instead
    Report it with the document that triggers it.

    ## Fix safety
    No fix.
    """
    return ()


@rule("AGIS001", spec="AGIS §9")
def syntax_error(ctx):
    """The file is not valid YAML, JSON or TOML.

    ## What it does
    Reports the first syntax error the parser meets, at its position, with the
    parser's explanation (tabs used for YAML indentation are named as such).
    No other rule runs on a document that does not parse.

    ## Why is this bad?
    AGIS section 9 makes YAML and JSON the two normative serialisations; a
    document that does not parse is not an AGIS document at all, and agent
    runtimes must treat it as a discovery failure (section 10(b)).

    ## Example
    ```yaml
    endpoints:
    	- method: BOOK        # a tab before the dash
    ```

    ## Use instead
    ```yaml
    endpoints:
      - method: BOOK
    ```

    ## Fix safety
    No fix: the intended structure is unknowable.
    """
    return _problems(ctx, "AGIS001")


@rule("AGIS002", spec="AGIS §9")
def duplicate_key(ctx):
    """A mapping defines the same key twice.

    ## What it does
    Flags the second occurrence of a key in one mapping (YAML, JSON or TOML).

    ## Why is this bad?
    YAML forbids duplicate keys and JSON leaves their meaning open: parsers keep
    the first, the last, or fail, so the same document means different things to
    different agents. agis-lint keeps the later value, as most parsers do.

    ## Example
    ```yaml
    semantic:
      intent: "Books a table"
      intent: "Finds a table"
    ```

    ## Use instead
    Keep one of the two entries.

    ## Fix safety
    No fix: which value is meant is a decision for the author.
    """
    return _problems(ctx, "AGIS002")


@rule("AGIS003", spec="AGIS §5, §9")
def multiple_documents(ctx):
    """The YAML file holds more than one document (`---` separators).

    ## What it does
    Flags the start of the second YAML document; only the first is linted.

    ## Why is this bad?
    An AGIS document describes one service (section 5). Agents fetching the file
    read a single document, so everything after the separator is invisible.

    ## Example
    ```yaml
    agis: "1.0"
    ...
    ---
    agis: "1.0"
    ```

    ## Use instead
    One service per `.agis` file.

    ## Fix safety
    No fix.
    """
    return _problems(ctx, "AGIS003")


@rule("AGIS004", spec="AGIS §12")
def alias_expansion(ctx):
    """YAML aliases expand the document to an unreasonable size, or refer to themselves.

    ## What it does
    Counts the nodes the document would have with every `*alias` expanded,
    without expanding anything, and refuses documents over one million nodes
    or with recursive aliases (the "billion laughs" pattern).

    ## Why is this bad?
    Consumers that expand aliases run out of memory or time: a few hundred bytes
    can become gigabytes. Section 12 asks validators to guard agents against
    hostile documents.

    ## Example
    ```yaml
    a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]
    b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
    c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
    ```

    ## Use instead
    Write the structure out, or reuse small anchors only.

    ## Fix safety
    No fix.
    """
    return _problems(ctx, "AGIS004")


@rule("AGIS005", spec="AGIS §11")
def invalid_encoding(ctx):
    """The file is not UTF-8 text (binary data, another encoding, NUL bytes).

    ## What it does
    Reports the first byte that is not valid UTF-8, or the first NUL byte.

    ## Why is this bad?
    The `application/agis` media type is UTF-8 (section 11); other encodings are
    read differently by every consumer.

    ## Example
    A file saved as Latin-1 with `café` in a description.

    ## Use instead
    Save the file as UTF-8.

    ## Fix safety
    No fix.
    """
    return _problems(ctx, "AGIS005")


@rule("AGIS007")
def file_too_large(ctx):
    """The file is larger than `max-file-size` and is not checked.

    ## What it does
    Measures a file before reading it: one larger than the configuration's
    `max-file-size` (default 10 MiB) gets this one finding at its top, and is
    neither parsed nor checked. An editor buffer and standard input are measured
    the same way, in UTF-8 bytes.

    ## Why is this bad?
    Linting costs time and memory in proportion to the file (see
    `benchmarks/size_scaling.py`); a generated or vendored file of tens of
    megabytes would stall a CI job or an editor. Interface documents written by
    people are far smaller.

    ## Example
    A 40 MB generated tool list checked with the default limit.

    ## Use instead
    Split the document, or raise the limit where large files are expected:
    ```toml
    [tool.agis-lint]
    max-file-size = "50 MB"   # or a number of bytes; 0 turns the limit off
    ```

    ## Fix safety
    No fix.
    """
    return _problems(ctx, "AGIS007")


@rule("AGIS006")
def unused_suppression(ctx):
    """An `# agis-lint: disable=...` comment suppresses nothing.

    ## What it does
    Reported by the engine after all rules ran: a suppression comment whose codes
    produced no finding on the line it covers (or in the file, for
    `disable-file`). Codes of semantic rules are not reported when the semantic
    passes did not run.

    ## Why is this bad?
    Stale suppressions hide future problems on that line and mislead readers.

    ## Example
    ```yaml
    method: BOOK  # agis-lint: disable=AGIS301
    ```

    ## Use instead
    ```yaml
    method: BOOK
    ```

    ## Fix safety
    Safe: removing the comment changes nothing else.
    """
    return ()
