"""AGTP5xx: agtp-server.toml (and the same blocks of a manifest): server identity,
the five policy toggles of section 8.7 and the method policy of section 9."""
from __future__ import annotations

from ...engine.model import Finding, Fix, Related, Remove, RenameKey, SetValue
from ...engine.registry import rule
from ...formats.agtp_kinds import LEGACY_VERBS, POLICY_TOGGLES
from ._common import analyze_path, close_matches, lexically_valid, type_name

SERVERISH = ("agtp-server", "agtp-manifest")
SERVER_KEYS = ("server_id", "operator", "contact", "domain", "supported_features", "issued", "updated")
POLICY_KEYS = POLICY_TOGGLES + ("max_synthesis_depth", "methods", "negotiable")
METHOD_POLICY_KEYS = ("allow", "disallow", "legacy", "redirects", "aliases")
REDIRECT_KEYS = ("from_method", "from_path", "to_method", "to_path")


def _server(ctx):
    data = ctx.data if isinstance(ctx.data, dict) else {}
    return data.get("server")


@rule("AGTP501", "missing-server-field", pass_no=None, kinds=SERVERISH, spec="AGTP-API §8.3")
def missing_server_field(ctx):
    """The server block or one of its required fields is missing.

    ## What it does
    `agtp-server.toml` (and a manifest) needs a `[server]` table with
    `server_id`, `operator` and `contact` (section 8.3; `domain` is
    optional).

    ## Why is this bad?
    The manifest the server publishes is built from this block; agents and
    operators identify and contact the server through it.

    ## Example
    ```toml
    [server]
    server_id = "agents.acme.com"
    ```

    ## Use instead
    ```toml
    [server]
    server_id = "agents.acme.com"
    operator = "Acme Retail"
    contact = "ops@acme.com"
    ```

    ## Fix safety
    No fix.
    """
    s = _server(ctx)
    if s is None:
        if isinstance(ctx.data, dict):
            yield Finding((), "the [server] table is missing; it declares server_id, operator and "
                          "contact (section 8.3)" if ctx.kind == "agtp-server" else
                          "the manifest is missing its server block (section 8.3)", part="key")
        return
    if not isinstance(s, dict):
        return
    for key in ("server_id", "operator", "contact"):
        if key not in s:
            yield Finding(("server",), f"the server block is missing '{key}' (section 8.3)",
                          part="key")


@rule("AGTP502", "invalid-server-field", pass_no=None, kinds=SERVERISH, spec="AGTP-API §8.3")
def invalid_server_field(ctx):
    """A server block field has the wrong type.

    ## What it does
    `server_id`, `operator` and `contact` are non-empty strings; `domain` a
    string (or null in a manifest); `supported_features` an array of strings;
    `issued` and `updated` timestamps. `server` itself is a table.

    ## Why is this bad?
    The server cannot build its manifest from ill-typed identity fields.

    ## Example
    ```toml
    [server]
    server_id = 42
    ```

    ## Use instead
    ```toml
    [server]
    server_id = "agents.acme.com"
    ```

    ## Fix safety
    No fix.
    """
    s = _server(ctx)
    if s is None:
        return
    if not isinstance(s, dict):
        yield Finding(("server",), f"server must be a table, not {type_name(s)}")
        return
    for key in ("server_id", "operator", "contact"):
        if key in s and (not isinstance(s[key], str) or not s[key].strip()):
            yield Finding(("server", key), f"server.{key} must be a non-empty string"
                          + ("" if isinstance(s[key], str) else f", not {type_name(s[key])}"))
    if "domain" in s and not (isinstance(s["domain"], str) or s["domain"] is None):
        yield Finding(("server", "domain"), f"server.domain must be a string, not {type_name(s['domain'])}")
    if "supported_features" in s:
        v = s["supported_features"]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            yield Finding(("server", "supported_features"), "server.supported_features must be an "
                          "array of strings")
    for key in ("issued", "updated"):
        if key in s and isinstance(s[key], (bool, int, float, list, dict)):
            yield Finding(("server", key), f"server.{key} must be an ISO 8601 timestamp, not "
                          f"{type_name(s[key])}")


@rule("AGTP503", "invalid-policy-value", pass_no=None, kinds=SERVERISH, spec="AGTP-API §8.7")
def invalid_policy_value(ctx):
    """A policy toggle is not a boolean, or `max_synthesis_depth` is not a positive integer.

    ## What it does
    Checks the five operational toggles of section 8.7:
    `wildcards_accepted`, `anonymous_discovery`,
    `scope_required_for_invocation` and `synthesis_enabled` are booleans;
    `max_synthesis_depth` is a positive integer. `[policies]` and
    `[policies.methods]` are tables.

    ## Why is this bad?
    The server refuses a configuration it cannot read; a string `"false"`
    would otherwise risk being read as true.

    ## Example
    ```toml
    [policies]
    synthesis_enabled = "false"
    max_synthesis_depth = 0
    ```

    ## Use instead
    ```toml
    [policies]
    synthesis_enabled = false
    max_synthesis_depth = 10
    ```

    ## Fix safety
    A boolean or integer written as a string is converted safely.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    pol = data.get("policies")
    if pol is None:
        return
    if not isinstance(pol, dict):
        if not (pol is None and ctx.kind == "agtp-manifest"):
            yield Finding(("policies",), f"policies must be a table, not {type_name(pol)}")
        return
    for key in POLICY_TOGGLES + ("negotiable",):
        if key in pol and not isinstance(pol[key], bool):
            v = pol[key]
            fixes = []
            if isinstance(v, str) and v.strip().lower() in ("true", "false"):
                b = v.strip().lower() == "true"
                fixes.append(Fix(f"Write it as the boolean {str(b).lower()}", True,
                                 [SetValue(("policies", key), b)]))
            yield Finding(("policies", key), f"policies.{key} must be true or false, not "
                          f"{type_name(v)}", fixes=fixes)
    if "max_synthesis_depth" in pol:
        v = pol["max_synthesis_depth"]
        path = ("policies", "max_synthesis_depth")
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            yield Finding(path, f"max_synthesis_depth must be a positive integer, not {type_name(v)}")
        elif isinstance(v, str) or isinstance(v, float):
            try:
                num = float(v)
            except ValueError:
                num = None
            fixes = [Fix(f"Write it as the integer {int(num)}", True, [SetValue(path, int(num))])] \
                if num is not None and num.is_integer() and num >= 1 else []
            yield Finding(path, f"max_synthesis_depth must be a positive integer, not "
                          f"{type_name(v)} {v!r}", fixes=fixes)
        elif v < 1:
            yield Finding(path, f"max_synthesis_depth is {v}; it is the maximum number of composed "
                          "steps and must be a positive integer (section 8.7)")
    if "methods" in pol and not isinstance(pol["methods"], dict) and pol["methods"] is not None:
        yield Finding(("policies", "methods"), f"policies.methods must be a table, not "
                      f"{type_name(pol['methods'])}")


def _unknown(path, table, known, what):
    for key in table:
        if key in known:
            continue
        sugg = close_matches(key, known, 1)
        fixes = [Fix(f"Rename to {sugg[0]}", False, [RenameKey(path + (key,), sugg[0])])] \
            if sugg and sugg[0] not in table else []
        extra = f"; did you mean '{sugg[0]}'?" if sugg else ""
        if key == "legacy_verbs":
            extra = "; legacy opt-in is written legacy = \"*\" | \"NONE\" | [verbs] (section 9.2)"
        yield Finding(path + (key,), f"unknown {what} key '{key}' is ignored by the server{extra}",
                      part="key", fixes=fixes)


@rule("AGTP504", "unknown-config-key", pass_no=None, kinds=SERVERISH, spec="AGTP-API §8.3, §8.7, §9.2")
def unknown_config_key(ctx):
    """A key of `[server]`, `[policies]`, `[policies.methods]` or a redirect is unknown.

    ## What it does
    Reports keys these tables do not define, with the closest known name.
    Other top-level tables of `agtp-server.toml` (server settings outside
    AGTP-API's scope) are not checked.

    ## Why is this bad?
    The server ignores unknown keys: a misspelt `synthesis_enable` leaves the
    default in force without a word.

    ## Example
    ```toml
    [policies]
    synthesis_enable = false
    ```

    ## Use instead
    ```toml
    [policies]
    synthesis_enabled = false
    ```

    ## Fix safety
    Unsafe: after the rename the server reads a value it ignored before.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    s = data.get("server")
    if isinstance(s, dict) and ctx.kind == "agtp-server":
        yield from _unknown(("server",), s, SERVER_KEYS, "server")
    pol = data.get("policies")
    if isinstance(pol, dict):
        yield from _unknown(("policies",), pol, POLICY_KEYS, "policies")
        m = pol.get("methods")
        if isinstance(m, dict):
            yield from _unknown(("policies", "methods"), m, METHOD_POLICY_KEYS, "policies.methods")
            reds = m.get("redirects")
            for i, r in enumerate(reds if isinstance(reds, list) else []):
                if isinstance(r, dict):
                    yield from _unknown(("policies", "methods", "redirects", i), r, REDIRECT_KEYS,
                                        "redirect")


def _legacy_fix(raw):
    """The canonical spelling of a legacy value that is right except for letter case."""
    if isinstance(raw, str):
        up = raw.strip().upper()
        if up in ("NONE", "*") and raw != up:
            return up
        return None
    if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        ups = [x.strip().upper() for x in raw]
        if all(u in LEGACY_VERBS for u in ups) and ups != raw:
            return ups
    return None


@rule("AGTP505", "invalid-legacy-policy", pass_no=None, kinds=SERVERISH, spec="AGTP-API §9.2, §9.4")
def invalid_legacy_policy(ctx):
    """`policies.methods.legacy` is not `"*"`, `"NONE"` or a list of the five legacy verbs.

    ## What it does
    Accepts exactly `"*"` (all five), `"NONE"` (the default) or an array of
    `GET`, `POST`, `PUT`, `DELETE`, `PATCH`. Any other value or entry (a typo,
    a catalog verb, `HEAD`, `true`, the older `"enabled"`) is reported.
    Spellings that differ only in letter case are AGTP511.

    ## Why is this bad?
    Section 9.4: typos or non-HTTP verbs in `legacy` MUST be rejected as a
    hard configuration error: the server does not start.

    ## Example
    ```toml
    [policies.methods]
    legacy = ["GET", "FETCH"]
    ```

    ## Use instead
    ```toml
    [policies.methods]
    legacy = ["GET"]
    ```

    ## Fix safety
    `"enabled"` / `true` (the binary toggle of section 3.6) become `"*"`, and
    `false` becomes `"NONE"`: unsafe, as the intent of the older form is
    ambiguous for individual verbs.
    """
    pol = ctx.view.policies
    if "legacy" not in pol.methods:
        return
    raw = pol.methods["legacy"]
    path = pol.methods_path + ("legacy",)
    if _legacy_fix(raw) is not None:
        return
    if isinstance(raw, str):
        if raw.strip() in ("*", "NONE"):
            return
        fixes = []
        if raw.strip().lower() in ("enabled", "all", "yes", "true"):
            fixes.append(Fix('Use "*"', False, [SetValue(path, "*")]))
        elif raw.strip().lower() in ("disabled", "no", "false", "off"):
            fixes.append(Fix('Use "NONE"', False, [SetValue(path, "NONE")]))
        yield Finding(path, f"policies.methods.legacy {raw!r} must be \"*\", \"NONE\" or a list of "
                      "GET, POST, PUT, DELETE, PATCH: the server refuses to start (section 9.4)",
                      fixes=fixes)
    elif isinstance(raw, bool):
        yield Finding(path, "policies.methods.legacy must be \"*\", \"NONE\" or a list of legacy "
                      "verbs, not a boolean (section 9.2)",
                      fixes=[Fix('Use "*"' if raw else 'Use "NONE"', False,
                                 [SetValue(path, "*" if raw else "NONE")])])
    elif isinstance(raw, list):
        for i, v in enumerate(raw):
            if isinstance(v, str) and v.strip().upper() in LEGACY_VERBS:
                continue
            sugg = close_matches(v.upper(), LEGACY_VERBS, 1, limit=1) if isinstance(v, str) else []
            fixes = [Fix(f"Use {s}", False, [SetValue(path + (i,), s)]) for s in sugg]
            shown = repr(v) if isinstance(v, str) else type_name(v)
            yield Finding(path + (i,), f"legacy entry {shown} is not one of the five legacy HTTP "
                          "verbs (GET, POST, PUT, DELETE, PATCH): the server refuses to start "
                          "(section 9.4)" + (f"; did you mean {sugg[0]}?" if sugg else ""),
                          fixes=fixes)
    else:
        yield Finding(path, f"policies.methods.legacy must be \"*\", \"NONE\" or a list of legacy "
                      f"verbs, not {type_name(raw)}")


@rule("AGTP511", "legacy-policy-case", pass_no=None, kinds=SERVERISH, spec="AGTP-API §9.2")
def legacy_policy_case(ctx):
    """`policies.methods.legacy` is right except for letter case.

    ## What it does
    Reports `"none"`, `["get"]` and similar spellings.

    ## Why is this bad?
    Section 9.2 spells the values `"NONE"` and the verbs in capitals. The
    reference server upper-cases them, but a stricter server may refuse to
    start (section 9.4 makes a wrong legacy value a hard error).

    ## Example
    ```toml
    legacy = ["get"]
    ```

    ## Use instead
    ```toml
    legacy = ["GET"]
    ```

    ## Fix safety
    Safe: the reference server already reads the value this way.
    """
    pol = ctx.view.policies
    if "legacy" not in pol.methods:
        return
    raw = pol.methods["legacy"]
    fixed = _legacy_fix(raw)
    if fixed is None:
        return
    path = pol.methods_path + ("legacy",)
    yield Finding(path, f"write policies.methods.legacy as {fixed!r}".replace("'", '"'),
                  fixes=[Fix("Fix the letter case", True, [SetValue(path, fixed)])])


def _method_list(pol, key):
    raw = pol.methods.get(key)
    return raw if isinstance(raw, list) else []


@rule("AGTP506", "invalid-method-policy", pass_no=None, kinds=SERVERISH, spec="AGTP-API §9.2")
def invalid_method_policy(ctx):
    """`allow`, `disallow` or `aliases` of the method policy is malformed.

    ## What it does
    `allow` is `"*"` or an array of method names; `disallow` an array of
    method names; `aliases` a table mapping a verb to a verb;
    `redirects` an array of tables. Every name follows the lexical rule of
    section 3.2 (`^[A-Z]+$`, 3 to 32 characters).

    ## Why is this bad?
    The server refuses a policy it cannot read, and a name that breaks the
    lexical rule can never match a request.

    ## Example
    ```toml
    [policies.methods]
    allow = "all"
    disallow = ["book"]
    ```

    ## Use instead
    ```toml
    [policies.methods]
    allow = "*"
    disallow = ["BOOK"]
    ```

    ## Fix safety
    Upper-casing a name is safe (the reference server upper-cases them).
    `"all"` becoming `"*"` is unsafe.
    """
    pol = ctx.view.policies
    m = pol.methods
    base = pol.methods_path
    if "allow" in m:
        a = m["allow"]
        if isinstance(a, str) and a != "*":
            fixes = [Fix('Use "*"', False, [SetValue(base + ("allow",), "*")])] \
                if a.strip().lower() in ("all", "any", "*") else []
            yield Finding(base + ("allow",), f"policies.methods.allow {a!r} must be \"*\" or an "
                          "array of method names (section 9.2)", fixes=fixes)
        elif not isinstance(a, (str, list)):
            yield Finding(base + ("allow",), f"policies.methods.allow must be \"*\" or an array of "
                          f"method names, not {type_name(a)}")
    if "disallow" in m and not isinstance(m["disallow"], list):
        yield Finding(base + ("disallow",), f"policies.methods.disallow must be an array of method "
                      f"names, not {type_name(m['disallow'])}")
    for key in ("allow", "disallow"):
        for i, v in enumerate(_method_list(pol, key)):
            path = base + (key, i)
            if not isinstance(v, str):
                yield Finding(path, f"{key}[{i}] must be a method name, not {type_name(v)}")
            elif not lexically_valid(v):
                up = v.strip().upper()
                fixes = [Fix(f"Use {up}", True, [SetValue(path, up)])] if lexically_valid(up) else []
                yield Finding(path, f"'{v}' in {key} is not a valid method name (uppercase letters, "
                              "3 to 32; section 3.2)", fixes=fixes)
    if "redirects" in m and not (isinstance(m["redirects"], list) and
                                 all(isinstance(r, dict) for r in m["redirects"])):
        yield Finding(base + ("redirects",), "policies.methods.redirects must be an array of "
                      "tables ([[policies.methods.redirects]])")
    if "aliases" in m:
        al = m["aliases"]
        if not isinstance(al, dict):
            yield Finding(base + ("aliases",), f"policies.methods.aliases must be a table of "
                          f"VERB = \"TARGET\", not {type_name(al)}")
        else:
            for k, v in al.items():
                if not lexically_valid(k.strip().upper()):
                    yield Finding(base + ("aliases", k), f"alias '{k}' is not a valid method name",
                                  part="key")
                if not isinstance(v, str) or not lexically_valid(v.strip().upper()):
                    yield Finding(base + ("aliases", k), f"alias target {v!r} of {k} is not a "
                                  "method name")


@rule("AGTP507", "unknown-policy-method", pass_no=None, kinds=SERVERISH, spec="AGTP-API §4.5, §9.4")
def unknown_policy_method(ctx):
    """A policy entry refers to a verb the catalog does not have (or has removed).

    ## What it does
    `disallow`, `redirects` (both sides) and alias targets must name catalog
    verbs, legacy verbs or the server's custom methods; an entry naming a
    removed or unknown verb is reported. `allow` entries outside the catalog
    declare custom methods (section 3.3): they are reported only when they
    look like a misspelt catalog verb, or name a removed one.

    ## Why is this bad?
    Section 9.4: the server skips such entries at load time with a warning, so
    the policy silently does less than it says (a `disallow` that no longer
    disallows anything).

    ## Example
    ```toml
    [policies.methods]
    disallow = ["TRANSFR"]
    ```

    ## Use instead
    ```toml
    [policies.methods]
    disallow = ["TRANSFER"]
    ```

    ## Fix safety
    Unsafe: the suggested verb is a guess by edit distance.

    ## Decision
    The reference server skips every non-catalog name in `allow`, while
    section 3.3 makes `allow` the place to declare custom methods. agis-lint
    follows the draft: a non-catalog name in `allow` is a custom method.
    """
    pol = ctx.view.policies
    cat = ctx.catalog
    custom = pol.custom_methods(cat)
    base = pol.methods_path

    def known(name: str) -> bool:
        return name in cat or name in LEGACY_VERBS or name in custom

    def report(path, name, where, part="value"):
        up = name.strip().upper()
        if cat.is_removed(up):
            yield Finding(path, f"{where} '{name}' was removed in catalog "
                          f"{cat.get(up).removed_in}: the server skips this entry (section 9.4)",
                          part=part)
            return
        if known(up):
            return
        sugg = cat.suggest(up, 2)
        fixes = [Fix(f"Use {s}", False, [SetValue(path, s)]) for s in sugg] if part == "value" else []
        yield Finding(path, f"{where} '{name}' is not in catalog {cat.version} (nor a legacy or "
                      "custom method): the server skips this entry (section 9.4)"
                      + (f"; did you mean {' or '.join(sugg)}?" if sugg else ""), part=part,
                      fixes=fixes)

    for i, v in enumerate(_method_list(pol, "allow")):
        if not isinstance(v, str) or not lexically_valid(v.strip().upper()):
            continue
        up = v.strip().upper()
        if cat.is_removed(up):
            yield from report(base + ("allow", i), v, "allow entry")
        elif up not in cat and up not in LEGACY_VERBS:
            sugg = close_matches(up, list(cat), 2, limit=1)
            if sugg:
                yield Finding(base + ("allow", i), f"allow entry '{v}' is not in catalog "
                              f"{cat.version}, so it declares a custom method; did you mean "
                              f"{' or '.join(sugg)}?",
                              fixes=[Fix(f"Use {s}", False, [SetValue(base + ("allow", i), s)])
                                     for s in sugg])
    for i, v in enumerate(_method_list(pol, "disallow")):
        if isinstance(v, str) and lexically_valid(v.strip().upper()):
            yield from report(base + ("disallow", i), v, "disallow entry")
    for i, r in enumerate(pol.redirects):
        if not isinstance(r, dict):
            continue
        for key in ("from_method", "to_method"):
            v = r.get(key)
            if isinstance(v, str) and lexically_valid(v.strip().upper()):
                yield from report(base + ("redirects", i, key), v, f"redirect {key}")
    for k, v in pol.aliases.items():
        if isinstance(v, str) and lexically_valid(v.strip().upper()):
            yield from report(base + ("aliases", k), v, f"alias target of {k}")


@rule("AGTP508", "invalid-redirect", pass_no=None, kinds=SERVERISH, spec="AGTP-API §9.2")
def invalid_redirect(ctx):
    """A method redirect is incomplete, malformed or loops.

    ## What it does
    Each `[[policies.methods.redirects]]` entry needs `from_method` and
    `to_method` (method names); `from_path` and `to_path`, when given, are
    valid paths (section 5). A redirect to itself, and redirects that lead
    back to where they started, are reported.

    ## Why is this bad?
    The server refuses an entry without both methods; a loop never reaches an
    endpoint.

    ## Example
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    to_path = "rooms"
    ```

    ## Use instead
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    to_method = "RESERVE"
    to_path = "/rooms"
    ```

    ## Fix safety
    No fix.
    """
    pol = ctx.view.policies
    base = pol.methods_path + ("redirects",)
    edges = {}
    for i, r in enumerate(pol.redirects):
        if not isinstance(r, dict):
            continue
        path = base + (i,)
        for key in ("from_method", "to_method"):
            v = r.get(key)
            if key not in r:
                yield Finding(path, f"the redirect needs '{key}'", part="key")
            elif not isinstance(v, str) or not lexically_valid(v.strip().upper()):
                yield Finding(path + (key,), f"redirect {key} {v!r} is not a method name "
                              "(section 3.2)")
        for key in ("from_path", "to_path"):
            if key in r:
                v = r[key]
                if not isinstance(v, str):
                    yield Finding(path + (key,), f"redirect {key} must be a path string")
                    continue
                a = analyze_path(v)
                if not a.ok:
                    yield Finding(path + (key,), f"redirect {key} '{v}' is not a valid path "
                                  "(section 5)")
        fm, tm = r.get("from_method"), r.get("to_method")
        paths_ok = all(isinstance(r.get(k), (str, type(None))) for k in ("from_path", "to_path"))
        if isinstance(fm, str) and isinstance(tm, str) and paths_ok:
            src = (fm.upper(), r.get("from_path"))
            dst = (tm.upper(), r.get("to_path", r.get("from_path")))
            if src == dst:
                yield Finding(path, "the redirect leads to itself", part="key")
            else:
                edges.setdefault(src, (dst, i))
    for src, (dst, i) in edges.items():
        seen = {src}
        cur = dst
        while cur in edges and cur not in seen:
            seen.add(cur)
            cur = edges[cur][0]
        if cur == src:
            yield Finding(base + (i,), f"redirect from {src[0]}{' ' + src[1] if src[1] else ''} "
                          "loops back to itself through other redirects", part="key")


@rule("AGTP512", "redirect-path-pairing", pass_no=None, kinds=SERVERISH, spec="AGTP-API §9.2")
def redirect_path_pairing(ctx):
    """A redirect gives only one of `from_path` and `to_path`.

    ## What it does
    Reports redirects with `from_path` but no `to_path`, or the reverse.

    ## Why is this bad?
    Section 9.2 allows either to be omitted, but the reference server refuses
    such an entry ("from_path AND to_path, or neither") and does not start.

    ## Example
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    from_path = "/room"
    to_method = "RESERVE"
    ```

    ## Use instead
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    from_path = "/room"
    to_method = "RESERVE"
    to_path = "/room"
    ```

    ## Fix safety
    Safe: a missing `to_path` means "the same path as the request", so the
    fix writes `from_path` again.

    ## Decision
    The draft and the reference server disagree; this is a warning, not an
    error, so a deployment for a draft-conformant server stays clean with
    `AGTP512` ignored.
    """
    from ...engine.model import AddKey
    pol = ctx.view.policies
    base = pol.methods_path + ("redirects",)
    for i, r in enumerate(pol.redirects):
        if not isinstance(r, dict) or (("from_path" in r) == ("to_path" in r)):
            continue
        fixes = []
        if "from_path" in r and isinstance(r["from_path"], str):
            fixes.append(Fix("Add to_path (the same path)", True,
                             [AddKey(base + (i,), "to_path", r["from_path"])]))
        have, lack = ("from_path", "to_path") if "from_path" in r else ("to_path", "from_path")
        yield Finding(base + (i, have), f"the redirect gives {have} without {lack}: the reference "
                      "server accepts both paths or neither and refuses this entry", part="key",
                      fixes=fixes)


@rule("AGTP509", "chained-method-alias", pass_no=None, kinds=SERVERISH, spec="AGTP-API §9 (aliases)")
def chained_method_alias(ctx):
    """A method alias points at another alias.

    ## What it does
    `[policies.methods.aliases]` maps an incoming verb to the verb the server
    dispatches (e.g. `WHOAMI = "DESCRIBE"`). An alias whose target is itself
    an alias, or that maps a verb to itself, is reported.

    ## Why is this bad?
    Aliases are resolved in a single hop: `A = "B"` with `B = "C"` sends `A`
    to `B`, never to `C`, which is rarely what the chain meant; an alias to
    itself does nothing.

    ## Example
    ```toml
    [policies.methods.aliases]
    WHOAMI = "DESCRIBE"
    DESCRIBE = "INSPECT"
    ```

    ## Use instead
    ```toml
    [policies.methods.aliases]
    WHOAMI = "INSPECT"
    DESCRIBE = "INSPECT"
    ```

    ## Fix safety
    Unsafe: pointing the alias at the end of the chain changes where requests
    go (today they stop after one hop).
    """
    pol = ctx.view.policies
    al = {str(k).strip().upper(): (k, v) for k, v in pol.aliases.items()}
    base = pol.methods_path + ("aliases",)
    for up, (k, v) in al.items():
        if not isinstance(v, str):
            continue
        t = v.strip().upper()
        if t == up:
            yield Finding(base + (k,), f"alias {k} maps the verb to itself and has no effect",
                          fixes=[Fix(f"Remove alias {k}", True, [Remove(base + (k,))])])
            continue
        if t in al:
            final, seen = t, {up, t}
            while final in al and isinstance(al[final][1], str):
                nxt = al[final][1].strip().upper()
                if nxt in seen:
                    final = None
                    break
                seen.add(nxt)
                final = nxt
            fixes = [Fix(f"Point {k} at {final}", False, [SetValue(base + (k,), final)])] \
                if final and final != up else []
            yield Finding(base + (k,), f"alias {k} -> {t} chains through another alias ({t} -> "
                          f"{al[t][1]}); aliases resolve in one hop and must not chain",
                          fixes=fixes, related=[Related(base + (al[t][0],), f"the alias of {t}",
                                                        part="key")])


@rule("AGTP510", "floor-method-disallowed", pass_no=None, kinds=SERVERISH, spec="AGTP-API §3.1, §9.2")
def floor_method_disallowed(ctx):
    """`disallow` names a floor (embedded) method.

    ## What it does
    Reports `disallow` entries that are among the catalog's embedded floor
    verbs (QUERY, DISCOVER, DESCRIBE, ... 18 in catalog 1.0.0).

    ## Why is this bad?
    Every AGTP server MUST support the floor verbs (section 3.1); the
    reference server lets them bypass the policy gate so a misconfigured
    `disallow` cannot take a server off-protocol. The entry has no effect.

    ## Example
    ```toml
    disallow = ["DISCOVER"]
    ```

    ## Use instead
    ```toml
    disallow = []
    ```

    ## Fix safety
    Safe: the entry has no effect, so removing it changes nothing.
    """
    pol = ctx.view.policies
    floor = ctx.catalog.embedded
    for i, v in enumerate(_method_list(pol, "disallow")):
        if isinstance(v, str) and v.strip().upper() in floor:
            path = pol.methods_path + ("disallow", i)
            yield Finding(path, f"'{v}' is a floor method every server must support; disallowing "
                          "it has no effect", fixes=[Fix(f"Remove {v}", True, [Remove(path)])])
