"""The skill's folder: the files its instructions name, and the code it bundles. Files are
looked up by name only: never opened, run or imported."""
from __future__ import annotations

import os

from ...engine.findings import Finding
from ...engine.registry import rule
from ...formats import skill as fmt


@rule("SKIL201", spec="Agent Skills specification, \"File references\"")
def skill_missing_file(ctx):
    """The instructions name a file of the skill that does not exist.

    ## What it does
    Reads every relative Markdown link and image in the body (outside fenced code
    blocks), and every `scripts/...`, `references/...` or `assets/...` file path
    (code blocks included: `python scripts/extract.py`), and looks for the file in
    the skill's folder. Absolute URLs,
    anchors, absolute paths (`/`, `~`, variables) and paths that leave the skill's
    folder (`../docs/X.md`) are left alone. Not checked for a buffer that is not a
    file.

    ## Why is this bad?
    The specification ("File references"): "When referencing other files in your
    skill, use relative paths from the skill root". The agent follows these
    references when the skill is active; a missing file is a step it cannot
    take, usually a file forgotten when the skill was packaged.

    ## Example
    ```markdown
    See [the form guide](references/FORMS.md); run `scripts/fill_form.py`.
    ```
    (with no `references/FORMS.md` in the folder)

    ## Use instead
    Ship the file, or correct the path.

    ## Fix safety
    No fix.
    """
    folder = ctx.view.folder
    if folder is None:
        return
    for i, start, end, target in ctx.view.references():
        rel = fmt.target_path(target)
        full = os.path.normpath(os.path.join(folder, rel))
        if os.path.relpath(full, folder).startswith(".."):
            continue    # outside the skill: a file of the project around it, not the skill's
        if not os.path.exists(full):
            yield Finding(("body", i), f"'{rel}' is not a file of this skill (no {rel} beside "
                          "the SKILL.md) (Agent Skills specification, \"File references\")",
                          span=ctx.doc.subspan(("body", i), start, end))


@rule("SKIL202", spec="Agent Skills specification, \"scripts/\"")
def skill_bundled_scripts(ctx):
    """The skill bundles scripts that the agent may run.

    ## What it does
    Lists the code files under the skill's `scripts/` folder, by name. They are
    never opened, executed or imported by agis-lint.

    ## Why is this bad?
    It is not wrong: the specification ("scripts/") lets a skill ship
    "executable code that agents can run". It is code that runs on the user's
    machine with the agent's permissions, which the instructions' text does not
    show; this information names it so that it is reviewed with the skill.

    ## Example
    ```text
    pdf-processing/scripts/extract.py
    ```

    ## Use instead
    Review the scripts; keep them self-contained and documented.

    ## Fix safety
    No fix.
    """
    scripts = ctx.view.scripts
    if not scripts or ctx.view.frontmatter is None:
        return
    shown = ", ".join(scripts[:5]) + (f" and {len(scripts) - 5} more" if len(scripts) > 5 else "")
    where = ("frontmatter", "name") if "name" in ctx.view.frontmatter else ("frontmatter",)
    yield Finding(where, f"the skill bundles {len(scripts)} script(s) the agent may run: {shown}; "
                  "review them with the skill (agis-lint does not read or run them)", part="key")
