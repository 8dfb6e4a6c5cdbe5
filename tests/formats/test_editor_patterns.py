"""The editor clients attach the server to the same files the registry recognises by name:
the VS Code extension's document selector and activation events, and both Neovim configs."""
from __future__ import annotations

import json
import os

from agis_lsp.formats import registry

from ..conftest import ROOT


def _read(*parts) -> str:
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as fh:
        return fh.read()


def test_vscode_selector_and_activation_cover_every_format_glob():
    ts = _read("vscode-extension", "src", "extension.ts")
    events = json.loads(_read("vscode-extension", "package.json"))["activationEvents"]
    for glob in registry.watch_globs():
        assert f'pattern: "{glob}"' in ts, glob
        assert f"workspaceContains:{glob}" in events, glob


def test_neovim_configs_attach_to_every_format_glob():
    """The patterns live in editors/nvim/lua/agis/init.lua; every config form uses that list."""
    lua = _read("editors", "nvim", "lua", "agis", "init.lua")
    for f in registry.formats():
        for glob in f.file_globs:
            assert f'"{glob}"' in lua, glob
    for name in ("agis.lua", "agis-nvim07.lua"):
        assert "pattern = agis.file_patterns" in _read("editors", "nvim", name), name
    assert "agis.matches(file)" in _read("editors", "nvim", "agis-0.11.lua")


def _example(glob: str) -> str:
    """A repository-relative path the glob names (``*/`` as a folder, ``*`` as a name)."""
    path = glob[2:] if glob.startswith("*/") else glob
    return "project/" + path.replace("*", "servers")


def test_precommit_hook_selects_every_mcp_client_configuration():
    import re

    from agis_lsp.formats import kinds

    from ..yamlio import load
    [hook] = [h for h in load(_read(".pre-commit-hooks.yaml")) if h["id"] == "agis-lint"]
    kind = registry.get("mcp-client-config")
    for glob in kind.file_globs:
        for path in (_example(glob), _example(glob).split("/", 1)[1]):
            assert re.search(hook["files"], path), (glob, path)
            assert kinds.kind_by_name(path) == "mcp-client-config", (glob, path)
    for path in ("project/mcp.json", "project/.vscode/settings.json",
                 "project/notes/.mcp.json.bak"):
        assert not re.search(hook["files"], path), path
