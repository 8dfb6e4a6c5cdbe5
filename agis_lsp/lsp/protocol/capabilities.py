"""What the client can do, read once from its capabilities into plain flags."""
from __future__ import annotations

from dataclasses import dataclass

from lsprotocol import types
from pygls.capabilities import get_capability


@dataclass(frozen=True)
class ClientFeatures:
    """Capabilities the server adapts to (defaults: what a minimal client supports)."""

    pull_diagnostics: bool = False         # textDocument/diagnostic
    diagnostic_refresh: bool = False       # workspace/diagnostic/refresh
    semantic_tokens_refresh: bool = False  # workspace/semanticTokens/refresh
    related_information: bool = False
    diagnostic_tags: frozenset = frozenset()
    code_description: bool = False
    document_changes: bool = False         # WorkspaceEdit.documentChanges
    code_action_resolve: bool = False
    snippets: bool = False
    completion_tags: frozenset = frozenset()
    completion_deprecated: bool = False
    markdown: bool = True                  # hover / documentation markup
    hierarchical_symbols: bool = False
    work_done_progress: bool = False
    configuration: bool = False            # workspace/configuration
    watched_files_dynamic: bool = False
    link_tooltips: bool = False            # DocumentLink.tooltip


def client_features(caps: types.ClientCapabilities | None) -> ClientFeatures:
    if caps is None:
        return ClientFeatures()

    def cap(name, default=None):
        return get_capability(caps, name, default)

    pull = cap("text_document.diagnostic") is not None
    refresh = bool(cap("workspace.diagnostics.refresh_support", False))
    tags = cap("text_document.publish_diagnostics.tag_support.value_set", None) or []
    ctags = cap("text_document.completion.completion_item.tag_support.value_set", None) or []
    hover_formats = cap("text_document.hover.content_format", None)
    resolve = cap("text_document.code_action.resolve_support.properties", None) or []
    return ClientFeatures(
        pull_diagnostics=pull,
        diagnostic_refresh=refresh,
        semantic_tokens_refresh=bool(cap("workspace.semantic_tokens.refresh_support", False)),
        related_information=bool(cap("text_document.publish_diagnostics.related_information", False)),
        diagnostic_tags=frozenset(int(t) for t in tags),
        code_description=bool(cap("text_document.publish_diagnostics.code_description_support",
                                  False)),
        document_changes=bool(cap("workspace.workspace_edit.document_changes", False)),
        code_action_resolve="edit" in resolve,
        snippets=bool(cap("text_document.completion.completion_item.snippet_support", False)),
        completion_tags=frozenset(int(t) for t in ctags),
        completion_deprecated=bool(cap("text_document.completion.completion_item.deprecated_support",
                                       False)),
        markdown=hover_formats is None or types.MarkupKind.Markdown in hover_formats,
        hierarchical_symbols=bool(cap(
            "text_document.document_symbol.hierarchical_document_symbol_support", False)),
        work_done_progress=bool(cap("window.work_done_progress", False)),
        configuration=bool(cap("workspace.configuration", False)),
        watched_files_dynamic=bool(cap("workspace.did_change_watched_files.dynamic_registration",
                                       False)),
        link_tooltips=bool(cap("text_document.document_link.tooltip_support", False)),
    )


def use_pull_diagnostics(features: ClientFeatures) -> bool:
    """Pull only when the client can also be told to re-pull.

    Diagnostics stream in (mechanical first, then the model's); a pull client
    that cannot receive ``workspace/diagnostic/refresh`` would only see the
    model's findings on its next edit, so such clients get push instead.
    """
    return features.pull_diagnostics and features.diagnostic_refresh
