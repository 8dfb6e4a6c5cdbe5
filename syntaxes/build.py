#!/usr/bin/env python3
"""Generate the AGIS TextMate grammars from this file.

    python syntaxes/build.py          # rewrite the .tmLanguage.json files
    python syntaxes/build.py --check  # exit 1 if they are out of date

The regexes are composed here (names of keys, enum values, path syntax) so the
two grammars cannot drift apart; the JSON files are committed because editors
read them directly.  One rule set serves both serialisations: AGIS JSON is YAML
flow syntax, so keys may be bare, 'single' or "double" quoted everywhere.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SEMANTIC_KEYS = [
    "intent", "actor", "outcome", "capability", "confidence_guidance",
    "impact_tier", "is_idempotent", "state_transition",
]
STRUCTURE_KEYS = [
    "agis", "service", "agtp", "description", "endpoints", "method", "path",
    "semantic", "input", "output", "errors", "schemas", "vocabulary",
    "declared_verbs", "domain", "namespace", "negotiable", "data_manifest",
]
ENUMS = {
    "actor": ["agent", "user", "system"],
    "capability": ["discovery", "transaction", "modification", "retrieval",
                   "analysis", "notification"],
    "impact_tier": ["informational", "reversible", "irreversible"],
    "sensitivity": ["informational", "reversible", "irreversible", "low", "medium", "high"],
}

VERB = r"[A-Za-z][A-Za-z0-9_-]*"          # what a `method:` value may be (the linter judges it)
KEY_VERB = r"[A-Z][A-Z0-9_]*"             # the verb of a "BOOK /path" mapping key
# A path: `{param}` groups, otherwise no blanks, quotes, flow indicators or comments.
PATH_PLAIN = r"/(?:[^\s#,\[\]{}\"':]|\{[^\s{}\"']*\})*"
PATH_QUOTED = r"[^\"'\n]*"
# What may follow a complete scalar value, in block or flow context.
VALUE_END = r"(?=[ \t]*(?:$|#|[,\]}]))"

SCOPE_SEMANTIC = "support.type.property-name.semantic.agis"
SCOPE_STRUCTURE = "entity.name.tag.structure.agis"
SCOPE_KEY = "entity.name.tag.agis"
SCOPE_METHOD = "entity.name.function.method.agis"
# A path is not a string: two scopes (a TextMate name may hold several, space-separated) so that
# themes colour it as a name and underline it as a link. Default Dark+/Light+ (the theme JSON in
# VS Code's extensions/theme-defaults): entity.name.type #4EC9B0/#267f99 + markup.underline, where
# strings are #CE9178/#A31515, keys #569CD6/#800000 and the verb #DCDCAA/#795E26
# (tests/editors/test_grammar.py::test_default_themes_colour_paths_apart checks this).
SCOPE_PATH = "entity.name.type.path.agis markup.underline.link.path.agis"
SCOPE_PARAM = "variable.parameter.path.agis"
SCOPE_ENUM = "constant.language.enum.agis"
P_BEGIN = "punctuation.definition.string.begin.agis"
P_END = "punctuation.definition.string.end.agis"
P_COLON = "punctuation.separator.key-value.mapping.agis"


def alt(words: list[str]) -> str:
    return "(?:" + "|".join(words) + ")"


def key(names: str, g: int) -> str:
    """A mapping key (bare, 'single' or "double" quoted) and its colon: 4 groups from g.

    g: quote, g+1: name, g+2: closing quote, g+3: colon.  A bare key needs a blank
    (or the end of the line) after its colon, as YAML does; a quoted one does not (JSON).
    """
    return (rf"(?<![^\s{{,\[])([\"']?)({names})(\{g})[ \t]*(:)"
            rf"(?=\s|$|(?<=[\"']:)|(?<=[\"'][ \t]:))")


def key_captures(g: int, scope: str) -> dict:
    return {str(g): {"name": P_BEGIN}, str(g + 1): {"name": scope},
            str(g + 2): {"name": P_END}, str(g + 3): {"name": P_COLON}}


def value(inner: str, g: int) -> str:
    """A scalar value, quoted or bare, followed by VALUE_END: 4 groups from g.

    g: quote, g+1: quoted text, g+2: closing quote, g+3: bare text.
    """
    return rf"[ \t]*(?:([\"'])({inner})(\{g})|({inner})){VALUE_END}"


def value_captures(g: int, scope: str, patterns: list | None = None) -> dict:
    inner = {"name": scope}
    if patterns:
        inner["patterns"] = patterns
    return {str(g): {"name": P_BEGIN}, str(g + 1): inner,
            str(g + 2): {"name": P_END}, str(g + 3): dict(inner)}


def agis_grammar() -> dict:
    path_param = [{"include": "#path-param"}]
    repo: dict[str, dict] = {}

    repo["comment"] = {
        "match": r"(?:^|(?<=\s))(#).*$",
        "name": "comment.line.number-sign.agis",
        "captures": {"1": {"name": "punctuation.definition.comment.agis"}},
    }
    repo["document-marker"] = {
        "match": r"^(?:---|\.\.\.)(?=\s|$)",
        "name": "entity.other.document.begin.agis",
    }
    repo["path-param"] = {
        "match": r"(\{)([^{}/\s\"']*)(\})",
        "name": SCOPE_PARAM,
        "captures": {"1": {"name": "punctuation.definition.parameter.begin.agis"},
                     "3": {"name": "punctuation.definition.parameter.end.agis"}},
    }
    # `"BOOK /reservation/{id}": {...}` (JSON) or `BOOK /reservation/{id}:` (YAML)
    repo["endpoint-key"] = {
        "patterns": [
            {
                "match": rf"([\"'])({KEY_VERB})([ \t]+)({PATH_QUOTED})(\1)[ \t]*(:)",
                "name": "meta.mapping-key.endpoint.agis",
                "captures": {"1": {"name": P_BEGIN}, "2": {"name": SCOPE_METHOD},
                             "4": {"name": SCOPE_PATH, "patterns": path_param},
                             "5": {"name": P_END}, "6": {"name": P_COLON}},
            },
            {
                "match": rf"(?<![^\s{{,\[])({KEY_VERB})([ \t]+)({PATH_PLAIN})[ \t]*(:)(?=\s|$)",
                "name": "meta.mapping-key.endpoint.agis",
                "captures": {"1": {"name": SCOPE_METHOD},
                             "3": {"name": SCOPE_PATH, "patterns": path_param},
                             "4": {"name": P_COLON}},
            },
        ]
    }
    repo["method-entry"] = {
        "match": key("method", 1) + value(VERB, 5),
        "name": "meta.method.agis",
        "captures": {**key_captures(1, SCOPE_STRUCTURE), **value_captures(5, SCOPE_METHOD)},
    }
    repo["path-entry"] = {
        "patterns": [
            {
                "match": key("path", 1) + rf"[ \t]*([\"'])({PATH_QUOTED})(\5){VALUE_END}",
                "name": "meta.path.agis",
                "captures": {**key_captures(1, SCOPE_STRUCTURE), "5": {"name": P_BEGIN},
                             "6": {"name": SCOPE_PATH, "patterns": path_param},
                             "7": {"name": P_END}},
            },
            {
                "match": key("path", 1) + rf"[ \t]*({PATH_PLAIN}){VALUE_END}",
                "name": "meta.path.agis",
                "captures": {**key_captures(1, SCOPE_STRUCTURE),
                             "5": {"name": SCOPE_PATH, "patterns": path_param}},
            },
        ]
    }
    repo["enum-entry"] = {
        "patterns": [
            {
                "match": key(name, 1) + value(alt(values), 5),
                "captures": {**key_captures(1, SCOPE_SEMANTIC if name in SEMANTIC_KEYS else SCOPE_KEY),
                             **value_captures(5, SCOPE_ENUM)},
            }
            for name, values in ENUMS.items()
        ]
    }
    verb_item = {
        "match": rf"([\"']?)({VERB})(\1)(?=[ \t]*(?:$|#|[,\]]))",
        "captures": {"1": {"name": P_BEGIN}, "2": {"name": SCOPE_METHOD}, "3": {"name": P_END}},
    }
    repo["declared-verbs"] = {
        "patterns": [
            {   # declared_verbs: [BOOK, FIND]   /   "declared_verbs": ["BOOK"]
                "begin": key("declared_verbs", 1) + r"[ \t]*(\[)",
                "end": r"\]",
                "name": "meta.declared-verbs.agis",
                "beginCaptures": {**key_captures(1, SCOPE_STRUCTURE),
                                  "5": {"name": "punctuation.definition.sequence.begin.agis"}},
                "endCaptures": {"0": {"name": "punctuation.definition.sequence.end.agis"}},
                "patterns": [{"include": "#comment"}, verb_item,
                             {"match": ",", "name": "punctuation.separator.sequence.agis"}],
            },
            {   # declared_verbs:\n  - BOOK\n  - FIND
                "begin": r"^([ \t]*)(?:(-)[ \t]+)?" + key("declared_verbs", 3) + r"[ \t]*(?=#|$)",
                "end": r"^(?![ \t]*(?:-[ \t]|-$|#|$))",
                "name": "meta.declared-verbs.agis",
                "beginCaptures": {"2": {"name": "punctuation.definition.block.sequence.item.agis"},
                                  **key_captures(3, SCOPE_STRUCTURE)},
                "patterns": [
                    {"include": "#comment"},
                    {"match": r"(?<![^\s])(-)(?=[ \t]|$)",
                     "name": "punctuation.definition.block.sequence.item.agis"},
                    verb_item,
                ],
            },
        ]
    }
    repo["key-name"] = {   # classifies a key already isolated by a capture
        "patterns": [
            {"match": rf"(?<![\w-]){alt(SEMANTIC_KEYS)}(?![\w-])", "name": SCOPE_SEMANTIC},
            {"match": rf"(?<![\w-]){alt(STRUCTURE_KEYS)}(?![\w-])", "name": SCOPE_STRUCTURE},
            {"match": r".+", "name": SCOPE_KEY},
        ]
    }
    repo["key"] = {
        "patterns": [
            {"match": key(alt(SEMANTIC_KEYS), 1), "captures": key_captures(1, SCOPE_SEMANTIC)},
            {"match": key(alt(STRUCTURE_KEYS), 1), "captures": key_captures(1, SCOPE_STRUCTURE)},
            {   # "any key":   (JSON, quoted YAML)
                "match": r"([\"'])((?:[^\"'\\]|\\.)*)(\1)[ \t]*(:)",
                "captures": key_captures(1, SCOPE_KEY),
            },
            {   # bare YAML key
                "match": r"(?<![^\s{,\[])([^\s#\"'{}\[\],:\-][^\s#{}\[\],:]*(?:[ \t]+[^\s#{}\[\],:]+)*)[ \t]*(:)(?=\s|$)",
                "captures": {"1": {"name": SCOPE_KEY}, "2": {"name": P_COLON}},
            },
        ]
    }
    # `key: |` / `key: >-` and the more indented lines that follow it.
    repo["block-scalar"] = {
        "begin": r"^([ \t]*)(?:(-)[ \t]+)?([\"']?)([^\s#\"'{}\[\],:\-][^#:]*?)(\3)[ \t]*(:)[ \t]+([|>])([1-9]?[+-]?|[+-][1-9]?)[ \t]*(?=#|$)",
        "end": r"^(?!\1[ \t]+\S|[ \t]*$)",
        "beginCaptures": {
            "2": {"name": "punctuation.definition.block.sequence.item.agis"},
            "3": {"name": P_BEGIN},
            "4": {"patterns": [{"include": "#key-name"}]},
            "5": {"name": P_END},
            "6": {"name": P_COLON},
            "7": {"name": "keyword.control.flow.block-scalar.agis"},
            "8": {"name": "storage.modifier.block-scalar-indicator.agis"},
        },
        "contentName": "string.unquoted.block.agis",
        "patterns": [{"include": "#comment-after-indicator"}],
    }
    repo["comment-after-indicator"] = {
        "match": r"\G[ \t]*(#).*$",
        "name": "comment.line.number-sign.agis",
        "captures": {"1": {"name": "punctuation.definition.comment.agis"}},
    }
    repo["string"] = {
        "patterns": [
            {
                "begin": '"', "end": '"', "name": "string.quoted.double.agis",
                "beginCaptures": {"0": {"name": P_BEGIN}},
                "endCaptures": {"0": {"name": P_END}},
                "patterns": [{"match": r"\\(?:[\"\\/bfnrt0abetvN_LP ]|x\h{2}|u\h{4}|U\h{8})",
                              "name": "constant.character.escape.agis"},
                             {"match": r"\\.", "name": "invalid.illegal.unrecognized-escape.agis"}],
            },
            {
                "begin": "'", "end": "'(?!')", "name": "string.quoted.single.agis",
                "beginCaptures": {"0": {"name": P_BEGIN}},
                "endCaptures": {"0": {"name": P_END}},
                "patterns": [{"match": "''", "name": "constant.character.escape.agis"}],
            },
        ]
    }
    repo["scalar"] = {
        "patterns": [
            {"include": "#string"},
            {"match": r"(?<![^\s:\[{,])-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?" + VALUE_END,
             "name": "constant.numeric.agis"},
            {"match": r"(?<![^\s:\[{,])(?:true|false|True|False|TRUE|FALSE)" + VALUE_END,
             "name": "constant.language.boolean.agis"},
            {"match": r"(?<![^\s:\[{,])(?:null|Null|NULL|~)" + VALUE_END,
             "name": "constant.language.null.agis"},
            {"match": r"(?<![^\s:\[{,])([&*])[^\s,\[\]{}]+", "name": "variable.other.anchor.agis",
             "captures": {"1": {"name": "punctuation.definition.anchor.agis"}}},
            {"match": r"(?<![^\s:\[{,])!\S*", "name": "storage.type.tag.agis"},
            {"include": "#flow-mapping"},
            {"include": "#flow-sequence"},
        ]
    }
    entries = [
        {"include": "#endpoint-key"},
        {"include": "#method-entry"},
        {"include": "#path-entry"},
        {"include": "#enum-entry"},
        {"include": "#declared-verbs"},
        {"include": "#key"},
    ]
    flow_items = [
        {"include": "#comment"},
        *entries,
        {"include": "#scalar"},
        {"match": ",", "name": "punctuation.separator.agis"},
        {"match": r"[^\s#\"'{}\[\],&*!|>%@`:-][^,\[\]{}#]*?(?=[ \t]*(?:$|[,\]}]|[ \t]#|:(?:\s|$)))",
         "name": "string.unquoted.plain.agis"},
    ]
    repo["flow-mapping"] = {
        "begin": r"\{", "end": r"\}", "name": "meta.flow-mapping.agis",
        "beginCaptures": {"0": {"name": "punctuation.definition.mapping.begin.agis"}},
        "endCaptures": {"0": {"name": "punctuation.definition.mapping.end.agis"}},
        "patterns": flow_items,
    }
    repo["flow-sequence"] = {
        "begin": r"\[", "end": r"\]", "name": "meta.flow-sequence.agis",
        "beginCaptures": {"0": {"name": "punctuation.definition.sequence.begin.agis"}},
        "endCaptures": {"0": {"name": "punctuation.definition.sequence.end.agis"}},
        "patterns": flow_items,
    }
    repo["block"] = {
        "patterns": [
            {"include": "#comment"},
            {"include": "#document-marker"},
            {"include": "#block-scalar"},
            *entries,
            {"match": r"(?<![^\s])(-)(?=[ \t]|$)",
             "name": "punctuation.definition.block.sequence.item.agis"},
            {"include": "#scalar"},
            {"match": r"[^\s#\"'{}\[\],&*!|>%@`-][^#]*?(?=[ \t]+#|[ \t]*$)",
             "name": "string.unquoted.plain.agis"},
        ]
    }
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "AGIS",
        "scopeName": "source.agis",
        "fileTypes": ["agis"],
        "comment": "Generated by syntaxes/build.py - edit that file, not this one.",
        "patterns": [{"include": "#block"}],
        "repository": repo,
    }


def toml_injection() -> dict:
    end = r"(?=[ \t]*(?:#|$))"
    quoted = lambda inner: rf"(?:(\")({inner})(\")|(')({inner})('))"  # noqa: E731
    def caps(g: int, scope: str, patterns=None) -> dict:
        inner = {"name": scope, **({"patterns": patterns} if patterns else {})}
        return {str(g): {"name": "punctuation.definition.string.begin.toml"}, str(g + 1): inner,
                str(g + 2): {"name": "punctuation.definition.string.end.toml"},
                str(g + 3): {"name": "punctuation.definition.string.begin.toml"}, str(g + 4): dict(inner),
                str(g + 5): {"name": "punctuation.definition.string.end.toml"}}
    key_caps = {"1": {"name": "support.type.property-name.toml"},
                "2": {"name": "punctuation.separator.key-value.toml"}}
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "AGTP TOML (injection)",
        "scopeName": "source.agtp-toml.injection",
        "comment": "Generated by syntaxes/build.py. Injected into source.toml: colours the AGTP "
                   "`method = \"VERB\"` and `path = \"/x/{id}\"` values of endpoint files.",
        "injectionSelector": "L:source.toml -comment -string",
        "patterns": [{"include": "#method"}, {"include": "#path"}],
        "repository": {
            "method": {
                "match": rf"^[ \t]*(method)[ \t]*(=)[ \t]*{quoted(VERB)}{end}",
                "name": "meta.method.agtp.toml",
                "captures": {**key_caps, **caps(3, SCOPE_METHOD)},
            },
            "path": {
                "match": rf"^[ \t]*(path)[ \t]*(=)[ \t]*{quoted(PATH_QUOTED)}{end}",
                "name": "meta.path.agtp.toml",
                "captures": {**key_caps, **caps(3, SCOPE_PATH, [{"include": "#path-param"}])},
            },
            "path-param": agis_grammar()["repository"]["path-param"],
        },
    }


OUTPUTS = {
    "agis.tmLanguage.json": agis_grammar,
    "agtp-toml.injection.tmLanguage.json": toml_injection,
}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, build in OUTPUTS.items():
        text = json.dumps(build(), indent=2, ensure_ascii=False) + "\n"
        target = HERE / name
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            target.write_text(text, encoding="utf-8")
    if stale:
        print("out of date (run python syntaxes/build.py):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
