"""JSON with comments (JSONC), as VS Code writes its own files: ``//`` and ``/* */`` comments
and trailing commas. Read by blanking them: the text keeps its length, so every offset, and
every position a diagnostic or an edit names, is the same in the original text.

Which files are JSONC is a fact about the program that reads them, not about their content:
:func:`accepts_comments` names them by path (VS Code's ``.vscode/mcp.json``, whose MCP
configuration reference shows comments in it).
"""
from __future__ import annotations

JSONC_SUFFIXES = ("/.vscode/mcp.json",)


def accepts_comments(path: str | None) -> bool:
    """Whether the program that reads ``path`` accepts comments and trailing commas."""
    norm = "/" + (path or "").replace("\\", "/").lstrip("/")
    return norm.lower().endswith(JSONC_SUFFIXES)


def strip_jsonc(text: str) -> str:
    """JSON with comments and trailing commas (VS Code, Zed settings) as plain JSON of the
    same length: comments and the dropped commas become spaces, so positions stay."""
    out = list(text)
    i, n = 0, len(text)
    last_comma = -1
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            last_comma = -1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = [c if c == "\n" else " " for c in text[i:j]]
            i = j
        elif ch == ",":
            last_comma = i
            i += 1
        elif ch in "}]" and last_comma >= 0:
            out[last_comma] = " "
            last_comma = -1
            i += 1
        else:
            if not ch.isspace():
                last_comma = -1
            i += 1
    return "".join(out)
