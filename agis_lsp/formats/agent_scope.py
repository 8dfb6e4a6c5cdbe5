"""What is inside the purpose of the documents that instruct an agent (Agent Skills, agent
instruction files), for the security pass.

A tool description that gives the model orders steps outside its contract; a skill or an
``AGENTS.md`` *is* orders to the agent: telling it what to say, which tool to prefer or
avoid, which persona to take, which command to run, which environment variable holds a key,
is what the file is for. What still crosses its purpose, and stays reported: secrets and
the files that hold them, sending data out (exfiltration, suspicious URLs), concealment from
the user, overriding the user's instructions or authority, encoded or hidden text, and
download-and-run (``curl ... | sh``).
"""
from __future__ import annotations

import re

#: What a security finding on these files advises (the detectors' advice speaks of API descriptions).
ADVICE = ("instructions an agent loads may direct its work, not hide text from the user, point it at "
          "secrets, send data out, override the user, or run downloaded code")

#: The security codes that are these files' purpose (the orders an instruction file gives).
IN_PURPOSE = frozenset((
    "AGSC101",   # directive-to-model: every line of a skill is one
    "AGSC104",   # role-switch: "You are a senior reviewer" is the skill's persona
    "AGSC105",   # tool-preference: a skill chooses the tools its task needs
    "AGSC302",   # secret-variable-reference: naming the variable that holds a key is setup
    "AGSC401",   # cross-tool-instruction: orchestrating tools is what a skill does
    "AGSC702",   # run-command-lure: running the project's commands is the task
    "AGSC901",   # directive-text (the learned head): imperatives are the content
))
#: Download-and-run: a fetched script handed to a shell or an interpreter.
DOWNLOAD_AND_RUN = re.compile(
    r"(?:curl|wget|iwr|invoke-webrequest|irm|invoke-restmethod)\b[^|\n]*\|\s*(?:sudo\s+)?"
    r"(?:ba|z|da|k|fi)?sh\b|(?:curl|wget|iwr|irm)\b[^|\n]*\|\s*(?:sudo\s+)?(?:python\d?|node|perl|ruby|iex|"
    r"invoke-expression|pwsh|powershell)\b|(?:ba|z)?sh\s+(?:-c\s+)?[\"']?\$\(\s*(?:curl|wget)|"
    r"(?:ba|z)?sh\s+<\(\s*(?:curl|wget)", re.I)
#: A system or chat-template marker a file has no reason to write (structuring tags such as
#: ``<rules>`` or a "### System" heading are the author's own).
SYSTEM_MARKER = re.compile(r"<\|[^|>]{1,30}\|>|\[/?INST\]|<<\s*/?SYS\s*>>|</?\s*(?:system|sys)\s*>", re.I)
#: The agent's own configuration files: a setup step names them, they hold no secret of
#: their own (the secret files - keys, .env, credentials - stay reported).
AGENT_CONFIG = re.compile(r"(?:claude_desktop_config|mcp|settings(?:\.local)?)\.json\b", re.I)


def quoted(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is written as code: inside a `code span` on its line, or in
    a fenced code block (a block that starts with a fence)."""
    if text.lstrip().startswith(("```", "~~~")):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end
    return text.count("`", line_start, start) % 2 == 1 and "`" in text[end:line_end]


def in_purpose(code: str, text: str, start: int, end: int) -> bool:
    """Whether a hit of ``code`` on ``text[start:end]`` (what the detector matched, in the
    prose field ``text``) is the purpose of an instruction file rather than a step outside it."""
    span = text[start:end]
    if code in IN_PURPOSE:
        return True
    if code == "AGSC701":                   # shell-command: only download-and-run crosses
        return DOWNLOAD_AND_RUN.search(span) is None
    if code == "AGSC102":                   # fake-system-tag: only chat-template markers in use,
        return SYSTEM_MARKER.search(span) is None or quoted(text, start, end)   # not quoted as code
    if code == "AGSC301":
        return AGENT_CONFIG.search(span) is not None
    return False


def by_name_only(data) -> bool:
    """Content never makes a file one of these kinds: only its exact name and place do."""
    return False


#: What every kind of orders to an agent declares to the registry (``FormatKind`` fields).
INSTRUCTION_KIND = {"detect": by_name_only, "syntaxes": ("markdown",), "in_purpose": in_purpose,
                    "security_advice": ADVICE, "exact_case": True}
