"""Credentials written into the instructions an agent loads (skills, AGENTS.md, rules files)."""
from __future__ import annotations

from ...engine.findings import Finding
from ...engine.registry import rule
from ...formats.mcp_client_values import KNOWN_PREFIXES, PLACEHOLDER


@rule("AGIN101", spec="OWASP Top 10 for LLM Applications, LLM02 Sensitive Information Disclosure")
def credential_in_instructions(ctx):
    """A credential in its issuer's documented format is written in the instructions.

    ## What it does
    Looks through every block of the body (code blocks included) for the documented
    prefixes of credentials: OpenAI and Anthropic keys (`sk-`), GitHub (`ghp_`,
    `github_pat_`), Slack (`xox?-`), AWS access key ids (`AKIA`), Google (`AIza`),
    GitLab (`glpat-`), npm (`npm_`), Hugging Face (`hf_`), Stripe live keys,
    Linear. Placeholders (`sk-your-key-here`, `...`, `xxx`) are left alone. The
    message names the kind of credential, never the value.

    ## Why is this bad?
    The agent loads the file into its context on every turn, and the file is
    committed and published with the project (or the skill): the key is shared
    with every reader, every model provider the agent talks to, and any tool
    output the agent writes it into.

    ## Example
    ```markdown
    Use the API key sk-proj-0123456789abcdefghij0123456789 for tests.
    ```

    ## Use instead
    ```markdown
    Read the API key from the OPENAI_API_KEY environment variable.
    ```

    ## Fix safety
    No fix: revoke the key, then remove it.
    """
    for i, block in enumerate(ctx.view.blocks):
        for rx, what, _ in KNOWN_PREFIXES:
            for m in rx.finditer(block):
                if PLACEHOLDER.search(m.group(0)):
                    continue
                yield Finding(("body", i), f"the instructions hold {what} in plain text; anyone who "
                              "reads the file, and every model the agent talks to, gets it",
                              span=ctx.doc.subspan(("body", i), m.start(), m.end()))
                break
