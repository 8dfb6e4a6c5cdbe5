"""The frontmatter of a SKILL.md against the Agent Skills specification ("Frontmatter" and
its field sections), the checks of its reference validator (skills-ref), each on its field."""
from __future__ import annotations

import os
import unicodedata

from ...engine.findings import Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ...formats import skill as fmt


def _fm(ctx):
    return ctx.view.frontmatter


def _text(value) -> str | None:
    """A scalar as skills-ref reads it (its YAML reader keeps every scalar as text)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    return None


@rule("SKIL101", spec="Agent Skills specification, \"SKILL.md format\"")
def skill_frontmatter_missing(ctx):
    """The SKILL.md does not start with a YAML frontmatter.

    ## What it does
    Checks that the file's first line is `---`, opening the frontmatter that a
    `---` line closes. (A frontmatter that is opened and never closed, or whose
    YAML does not parse, is reported as a syntax error at its place.)

    ## Why is this bad?
    The specification: "The SKILL.md file must contain YAML frontmatter followed
    by Markdown content". Agents read only `name` and `description` at startup to
    decide when to load a skill: without them the skill is never chosen, and
    `agentskills validate` rejects it.

    ## Example
    ```markdown
    # PDF processing
    Extract text from PDF files.
    ```

    ## Use instead
    ```markdown
    ---
    name: pdf-processing
    description: Extract text from PDF files. Use when the user works with PDFs.
    ---
    # PDF processing
    ```

    ## Fix safety
    No fix: the name and the description are the author's to write.
    """
    if ctx.view.state == "none":
        yield Finding((), "a SKILL.md must start with a YAML frontmatter ('---' line, name:, "
                      "description:, '---' line) (Agent Skills specification, \"SKILL.md format\")",
                      part="key")


@rule("SKIL102", spec="Agent Skills specification, \"Frontmatter\"")
def skill_missing_field(ctx):
    """The frontmatter has no `name` or no `description`.

    ## What it does
    Checks for the two required fields of the specification's frontmatter table.

    ## Why is this bad?
    `name` (the skill's identifier) and `description` (what it does and when to use
    it) are all an agent sees of a skill before loading it ("Progressive
    disclosure"). `agentskills validate` rejects a skill without either.

    ## Example
    ```yaml
    ---
    name: pdf-processing
    ---
    ```

    ## Use instead
    ```yaml
    ---
    name: pdf-processing
    description: Extract text and tables from PDF files. Use when handling PDFs.
    ---
    ```

    ## Fix safety
    No fix.
    """
    fm = _fm(ctx)
    if fm is None:
        return
    for key in fmt.REQUIRED:
        if key not in fm:
            yield Finding(("frontmatter",), f"the frontmatter has no '{key}'; it is required "
                          f"(Agent Skills specification, \"{key} field\")", part="key")


@rule("SKIL103", spec="Agent Skills specification, \"Frontmatter\"")
def skill_field_type(ctx):
    """A frontmatter field holds the wrong type of value.

    ## What it does
    `name`, `description`, `license`, `compatibility` and `allowed-tools` must be
    text; `metadata` must be a mapping from string keys to string values. An
    empty `name` or `description` is reported here too.

    ## Why is this bad?
    The specification's frontmatter table gives each field's form; agents and
    the reference validator read `name` and `description` as non-empty text
    ("Field 'name' must be a non-empty string").

    ## Example
    ```yaml
    name:
    metadata: [author, version]
    ```

    ## Use instead
    ```yaml
    name: pdf-processing
    metadata:
      author: example-org
      version: "1.0"
    ```

    ## Fix safety
    No fix.
    """
    fm = _fm(ctx)
    if fm is None:
        return
    for key in ("name", "description"):
        if key in fm:
            text = _text(fm[key])
            if text is None or not text.strip():
                yield Finding(("frontmatter", key), f"'{key}' must be a non-empty string "
                              f"(Agent Skills specification, \"{key} field\")")
    for key in ("license", "compatibility", "allowed-tools"):
        if key in fm and _text(fm[key]) is None:
            yield Finding(("frontmatter", key), f"'{key}' must be a string (Agent Skills "
                          f"specification, \"{key} field\")")
    meta = fm.get("metadata")
    if "metadata" in fm and not isinstance(meta, dict):
        yield Finding(("frontmatter", "metadata"), "'metadata' must be a mapping from string keys "
                      "to string values (Agent Skills specification, \"metadata field\")")
    elif isinstance(meta, dict):
        for k, v in meta.items():
            if _text(v) is None:
                yield Finding(("frontmatter", "metadata", k), f"metadata '{k}' must be a string "
                              "value, not a list or mapping (Agent Skills specification, "
                              "\"metadata field\")")


@rule("SKIL104", spec="Agent Skills specification, \"name field\"")
def skill_name_format(ctx):
    """The skill's `name` breaks the specification's format.

    ## What it does
    Checks, after Unicode NFKC normalisation as the reference validator does:
    at most 64 characters; lowercase; only letters, digits and hyphens; not
    starting or ending with a hyphen; no two hyphens in a row.

    ## Why is this bad?
    The specification ("name field"): "May only contain unicode lowercase
    alphanumeric characters and hyphens", "Must not start or end with a hyphen",
    "Must not contain consecutive hyphens", "Must be 1-64 characters". The name is
    the skill's identifier in every agent and marketplace; `agentskills validate`
    rejects a skill whose name breaks any of these.

    ## Example
    ```yaml
    name: PDF_Processing-
    ```

    ## Use instead
    ```yaml
    name: pdf-processing
    ```

    ## Fix safety
    Unsafe, and offered only when the fixed name is the folder's name (otherwise the
    fix would only trade this finding for SKIL105).
    """
    fm = _fm(ctx)
    name = _text(fm.get("name")) if fm else None
    if not name or not name.strip():
        return
    problems = fmt.name_problems(name)
    if not problems:
        return
    fixed = suggest_name(unicodedata.normalize("NFKC", name.strip()))
    folder = ctx.view.folder
    if folder is not None and os.path.basename(folder) != fixed:
        fixed = ""    # renaming would only trade this finding for a folder mismatch (SKIL105)
    fixes = [Fix(f"Rename the skill to '{fixed}'", False, [SetValue(("frontmatter", "name"), fixed)])] \
        if fixed and fixed != name else []
    yield Finding(("frontmatter", "name"), f"skill name '{name}' " + "; ".join(problems) +
                  " (Agent Skills specification, \"name field\")", fixes=fixes)


def suggest_name(name: str) -> str:
    out = "".join(ch if ch.isalnum() else "-" for ch in name.lower())
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")[:fmt.NAME_MAX].strip("-")


@rule("SKIL105", spec="Agent Skills specification, \"name field\"")
def skill_name_folder_mismatch(ctx):
    """The skill's `name` is not the name of its folder.

    ## What it does
    Compares `name` (NFKC-normalised) with the name of the folder that holds the
    SKILL.md. Not checked for a buffer that is not a file.

    ## Why is this bad?
    The specification ("name field"): "Must match the parent directory name".
    Agents install and find skills by folder; a skill whose name differs is
    loaded under one name and listed under another, and `agentskills validate`
    rejects it.

    ## Example
    ```text
    pdf/SKILL.md:  name: pdf-processing
    ```

    ## Use instead
    ```text
    pdf-processing/SKILL.md:  name: pdf-processing
    ```

    ## Fix safety
    Unsafe: renames the skill to its folder's name, when that is a valid name (the
    other way round, renaming the folder, is the author's choice).
    """
    fm, folder = _fm(ctx), ctx.view.folder
    name = _text(fm.get("name")) if fm else None
    if not name or not name.strip() or folder is None:
        return
    norm = unicodedata.normalize("NFKC", name.strip())
    base = os.path.basename(folder)
    if unicodedata.normalize("NFKC", base) != norm:
        fixes = [] if fmt.name_problems(base) else [
            Fix(f"Rename the skill to '{base}'", False, [SetValue(("frontmatter", "name"), base)])]
        yield Finding(("frontmatter", "name"), f"skill name '{name}' does not match its folder's "
                      f"name '{base}' (Agent Skills specification, \"name field\": must match the "
                      "parent directory name)", fixes=fixes)


@rule("SKIL106", spec="Agent Skills specification, \"description field\", \"compatibility field\"")
def skill_field_too_long(ctx):
    """The `description` is longer than 1,024 characters, or `compatibility` than 500.

    ## What it does
    Counts the characters of the two fields whose length the specification
    limits.

    ## Why is this bad?
    The specification: `description` "Must be 1-1024 characters", `compatibility`
    "Must be 1-500 characters if provided". Agents load every skill's description
    into the context at startup; clients may cut or refuse a longer one, and
    `agentskills validate` rejects it.

    ## Example
    ```yaml
    description: (1,500 characters of feature list)
    ```

    ## Use instead
    ```yaml
    description: Extract text and tables from PDF files. Use when handling PDFs.
    ```
    (the details go into the body, or into `references/`).

    ## Fix safety
    No fix.
    """
    fm = _fm(ctx)
    if fm is None:
        return
    for key, limit in (("description", fmt.DESCRIPTION_MAX), ("compatibility", fmt.COMPATIBILITY_MAX)):
        text = _text(fm.get(key))
        if text is not None and len(text) > limit:
            yield Finding(("frontmatter", key), f"'{key}' has {len(text)} characters; at most "
                          f"{limit} (Agent Skills specification, \"{key} field\")")
        elif key == "compatibility" and text is not None and not text.strip():
            yield Finding(("frontmatter", key), "'compatibility' is empty; it must be 1-500 "
                          "characters if provided (Agent Skills specification, \"compatibility field\")")


@rule("SKIL107", spec="Agent Skills specification, \"Frontmatter\", \"metadata field\"")
def skill_unknown_field(ctx):
    """The frontmatter holds a field the specification does not define.

    ## What it does
    Reports every top-level key other than `name`, `description`, `license`,
    `compatibility`, `metadata` and `allowed-tools`.

    ## Why is this bad?
    The specification defines those six; properties of one's own belong in
    `metadata` ("Clients can use this to store additional properties not defined
    by the Agent Skills spec"). `agentskills validate` rejects a skill with any
    other field, and agents ignore it.

    ## Example
    ```yaml
    version: 1.2.0
    ```

    ## Use instead
    ```yaml
    metadata:
      version: "1.2.0"
    ```

    ## Fix safety
    No fix (moving a field into `metadata` turns its value into text).
    """
    fm = _fm(ctx)
    if fm is None:
        return
    for key in fm:
        if key not in fmt.FIELDS:
            yield Finding(("frontmatter", key), f"'{key}' is not a field of the Agent Skills "
                          "specification (name, description, license, compatibility, metadata, "
                          "allowed-tools); put it under 'metadata'", part="key",
                          related=[Related(("frontmatter", "metadata"), "properties of one's own "
                                           "belong here", part="key")] if "metadata" in fm else [])


@rule("SKIL108", spec="skills-ref 0.1.1 (the specification's reference library), parser.parse_frontmatter")
def skill_frontmatter_flow_style(ctx):
    """The frontmatter writes a list or mapping in flow style (`[a, b]`, `{k: v}`).

    ## What it does
    Reports each flow collection of the frontmatter (the outermost one where they nest).

    ## Why is this bad?
    It is valid YAML, but the specification's reference library reads the frontmatter with
    strictyaml, which refuses flow style ("Found ugly disallowed JSONesque flow mapping"):
    `agentskills validate` rejects the skill, and clients built on the library do not load
    it. Block style is read the same by every YAML reader.

    ## Example
    ```yaml
    metadata: {author: example-org, version: "1.0"}
    ```

    ## Use instead
    ```yaml
    metadata:
      author: example-org
      version: "1.0"
    ```

    ## Fix safety
    No fix.
    """
    for path in ctx.view.flow_paths:
        yield Finding(path, f"'{'.'.join(str(p) for p in path[1:])}' is written in flow style; the "
                      "reference library (skills-ref) refuses flow collections in the frontmatter: "
                      "write it in block style (one item a line)")
