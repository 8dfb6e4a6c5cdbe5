"""End-to-end helpers: a pytest-lsp client that records what the server sends.

pytest-lsp's ``wait_for_notification`` only sees notifications that arrive
after it is called; these helpers record every ``publishDiagnostics`` (with its
version) and wait on the record instead, always under a timeout.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
TIMEOUT = 20.0
CACHE_DIR = tempfile.mkdtemp(prefix="agis-lsp-test-cache-")
STATE_DIR = tempfile.mkdtemp(prefix="agis-lsp-test-state-")     # the pins of "Scan this server"


def _record_publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)
    client.changed.set()


def _record_log(client: LanguageClient, params: types.LogMessageParams) -> None:
    client.log_messages.append(params)
    client.changed.set()


def _record_progress(client: LanguageClient, params: types.ProgressParams) -> None:
    DEFAULT_CLIENT_FEATURES[types.PROGRESS](client, params)
    client.changed.set()


def _record_refresh(client: LanguageClient, params) -> None:
    client.diagnostic_refresh_count += 1
    client.changed.set()


def _register_capability(client: LanguageClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


def _apply_edit(client: LanguageClient, params: types.ApplyWorkspaceEditParams):
    client.applied_edits.append(params.edit)
    return types.ApplyWorkspaceEditResult(applied=True)


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_publish
    features[types.WINDOW_LOG_MESSAGE] = _record_log
    features[types.PROGRESS] = _record_progress
    features[types.WORKSPACE_DIAGNOSTIC_REFRESH] = _record_refresh
    features[types.CLIENT_REGISTER_CAPABILITY] = _register_capability
    features[types.WORKSPACE_APPLY_EDIT] = _apply_edit
    register_lsp_features(client, features)
    client.published = []
    client.changed = asyncio.Event()
    client.registrations = []
    client.applied_edits = []
    return client


def server_config(**env) -> ClientServerConfig:
    return ClientServerConfig(
        server_command=[sys.executable, "-m", "agis_lsp.lsp"],
        client_factory=make_client,
        server_env={**os.environ, "XDG_CACHE_HOME": CACHE_DIR, "XDG_STATE_HOME": STATE_DIR, **env})


def capabilities(name: str) -> types.ClientCapabilities:
    """A capability set shipped with pytest-lsp; ``name+pull`` adds diagnostic refresh."""
    base, _, extra = name.partition("+")
    caps = client_capabilities(base)
    if extra == "pull":
        if caps.text_document.diagnostic is None:
            caps.text_document.diagnostic = types.DiagnosticClientCapabilities()
        caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=True)
    return caps


async def initialize(client: LanguageClient, name: str, root: str, options=None):
    return await asyncio.wait_for(client.initialize_session(types.InitializeParams(
        capabilities=capabilities(name), root_uri=uri_of(root),
        workspace_folders=[types.WorkspaceFolder(uri=uri_of(root), name="ws")],
        initialization_options=options)), TIMEOUT)


def uri_of(path: str) -> str:
    from pygls.uris import from_fs_path
    return from_fs_path(os.path.abspath(path))


def workspace_copy(prefix: str = "agis-lsp-ws-") -> str:
    """A fresh copy of the fixtures (documents are opened from there)."""
    root = tempfile.mkdtemp(prefix=prefix)
    shutil.copytree(FIXTURES, root, dirs_exist_ok=True)
    return root


async def wait_published(client: LanguageClient, uri: str, *, since: int = 0, version=None,
                         where=None, timeout: float = TIMEOUT) -> types.PublishDiagnosticsParams:
    """The first ``publishDiagnostics`` for ``uri`` (after index ``since``) that matches."""

    async def scan():
        i = since
        while True:
            while i < len(client.published):
                p = client.published[i]
                i += 1
                if p.uri == uri and (version is None or p.version == version) and \
                        (where is None or where(p.diagnostics)):
                    return p
            client.changed.clear()
            await client.changed.wait()

    return await asyncio.wait_for(scan(), timeout)


async def wait_logged(client: LanguageClient, fragment: str, *, since: int = 0,
                      timeout: float = TIMEOUT) -> types.LogMessageParams:
    """The first ``window/logMessage`` (after index ``since``) containing ``fragment``."""

    async def scan():
        i = since
        while True:
            while i < len(client.log_messages):
                m = client.log_messages[i]
                i += 1
                if fragment in m.message:
                    return m
            client.changed.clear()
            await client.changed.wait()

    return await asyncio.wait_for(scan(), timeout)


async def wait_for(client: LanguageClient, condition, timeout: float = TIMEOUT):
    """Wait until ``condition()`` is true, re-checking whenever the server sends something."""

    async def loop():
        while not condition():
            client.changed.clear()
            await client.changed.wait()
        return condition()

    return await asyncio.wait_for(loop(), timeout)


def open_doc(client: LanguageClient, path: str, text: str | None = None, version: int = 1,
             language: str = "agis") -> tuple[str, str]:
    if text is None:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    uri = uri_of(path)
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id=language, version=version, text=text)))
    return uri, text


def change_doc(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def codes(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


def position_of(text: str, needle: str, delta: int = 0) -> types.Position:
    offset = text.index(needle) + delta
    line = text.count("\n", 0, offset)
    col = offset - (text.rfind("\n", 0, offset) + 1)
    return types.Position(line=line, character=col)


def apply_text_edits(text: str, edits) -> str:
    """Apply LSP TextEdits (ASCII test documents: characters == code points)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def off(p):
        return starts[p.line] + p.character if p.line < len(starts) else len(text)

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:off(e.range.start)] + e.new_text + text[off(e.range.end):]
    return text


def edits_of(edit: types.WorkspaceEdit, uri: str) -> list:
    """The TextEdits of ``uri`` in a WorkspaceEdit, whichever form it uses."""
    if edit.document_changes:
        out = []
        for change in edit.document_changes:
            if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri:
                out.extend(change.edits)
        return out
    return list((edit.changes or {}).get(uri, []))


async def pull_diagnostics(client, uri: str, previous: str | None = None, tries: int = 20):
    """``textDocument/diagnostic`` as an editor sends it: a ServerCancelled answer with
    ``retriggerRequest`` (the check is still running) is asked again, as VS Code does."""
    from pygls.exceptions import JsonRpcException
    params = types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri),
                                            previous_result_id=previous)
    for attempt in range(tries):
        try:
            return await asyncio.wait_for(client.text_document_diagnostic_async(params), TIMEOUT)
        except JsonRpcException as exc:
            if exc.code != -32802 or not (exc.data or {}).get("retriggerRequest") \
                    or attempt == tries - 1:
                raise
            await asyncio.sleep(0.25)
