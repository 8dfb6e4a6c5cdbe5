"""What the values of an MCP client configuration say: inline secrets, package specs of the
launchers (npx, uvx, pipx, docker) and whether a version is pinned, remote plain-HTTP URLs.

Pure functions over strings, shared by the ``MCPC`` rules; nothing here runs or fetches.
"""
from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

# -- secrets ---------------------------------------------------------------------------------
# A reference the client substitutes: ${input:id} (VS Code), ${env:NAME} (VS Code, Cursor),
# ${NAME} / ${NAME:-default} (Claude Code), ${workspaceFolder} and friends.
REFERENCE = re.compile(r"\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*")
# Prefixes of credentials that their issuers document (precise whatever the key's name).
KNOWN_PREFIXES = (
    (re.compile(r"sk-ant-[A-Za-z0-9_\-]{20,}"), "an Anthropic API key", "sk-ant-"),
    (re.compile(r"sk-(?:proj-|svcacct-)?[A-Za-z0-9_\-]{20,}"), "an OpenAI-style API key", "sk-"),
    (re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}"), "a GitHub token", "gh?_"),
    (re.compile(r"github_pat_[A-Za-z0-9_]{30,}"), "a GitHub fine-grained token", "github_pat_"),
    (re.compile(r"xox[abposr]-[A-Za-z0-9\-]{10,}"), "a Slack token", "xox?-"),
    (re.compile(r"(?:AKIA|ASIA)[0-9A-Z]{16}"), "an AWS access key id", "AKIA"),
    (re.compile(r"AIza[0-9A-Za-z_\-]{35}"), "a Google API key", "AIza"),
    (re.compile(r"glpat-[A-Za-z0-9_\-]{20,}"), "a GitLab token", "glpat-"),
    (re.compile(r"npm_[A-Za-z0-9]{36}"), "an npm token", "npm_"),
    (re.compile(r"hf_[A-Za-z0-9]{30,}"), "a Hugging Face token", "hf_"),
    (re.compile(r"(?:sk|rk)_live_[A-Za-z0-9]{20,}"), "a Stripe live key", "sk_live_"),
    (re.compile(r"lin_api_[A-Za-z0-9]{30,}"), "a Linear API key", "lin_api_"),
)
SECRET_NAME = re.compile(r"(?:^|[^a-z])(?:api[_-]?key|apikey|token|secret|password|passwd|pat|"
                         r"auth|authorization|credentials?|private[_-]?key|access[_-]?key)"
                         r"(?:$|[^a-z])", re.IGNORECASE)
SCHEME = re.compile(r"^(?:Bearer|Basic|Token|Bot)\s+(?P<cred>\S+)\s*$", re.IGNORECASE)
# Placeholders people leave in example configurations: not a secret, not a claim to make.
PLACEHOLDER = re.compile(r"your|here|<|>|xxx|\.\.\.|…|example|placeholder|changeme|replace|"
                         r"remplac|votre|reemplaz|ersetz|insert|"   # fr, es, de: "replace by your"
                         r"dummy|redacted|\*\*\*|^(.)\1*$|^(?:none|null|true|false|test)$",
                         re.IGNORECASE)
MIN_SECRET = 8


def literal_part(value: str) -> str:
    """The value without the references the client substitutes."""
    return REFERENCE.sub("", value)


def _plausible(text: str) -> bool:
    return len(text) >= MIN_SECRET and not PLACEHOLDER.search(text) and " " not in text \
        and not re.match(r"^(?:https?://|/|\./|~/|[A-Za-z]:\\)", text)


def secret_in(key: str, value) -> str | None:
    """What kind of secret ``value`` (under ``key`` in env or headers) holds inline, or None.
    Never returns any part of the value itself."""
    if not isinstance(value, str):
        return None
    literal = literal_part(value).strip()
    for rx, what, _ in KNOWN_PREFIXES:
        m = next((x for x in rx.finditer(literal)
                  if x.start() == 0 or not literal[x.start() - 1].isalnum()), None)
        if m and not PLACEHOLDER.search(m.group()):
            return what
    scheme = SCHEME.match(literal)
    if scheme and not REFERENCE.search(value):
        cred = scheme.group("cred")
        return f"a literal {value.split()[0]} credential" if _plausible(cred) else None
    if REFERENCE.search(value):
        return None                      # a reference with text around it (a URL, a prefix)
    if SECRET_NAME.search(key) and _plausible(literal):
        return f"a literal value for {key!r}"
    return None


def masked(value: str) -> str:
    """How a message may show a secret: its length only."""
    return f"{len(value)} characters"


# -- packages --------------------------------------------------------------------------------
EXACT_NPM = re.compile(r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z.\-]+)?(?:\+[0-9A-Za-z.\-]+)?$")
EXACT_PY = re.compile(r"^\d+(?:\.\d+)*(?:(?:a|b|rc|\.post|\.dev)\d+)*$")
LOCAL = re.compile(r"^(?:\.{0,2}/|~|[A-Za-z]:[\\/]|file:|git\+|git:|https?:|github:|[\w.\-]+/[\w.\-]+#)")

# Options that take a value (the next argument) and flags that do not, per launcher. An
# option outside both lists stops the reading: the package is then not named with certainty.
NPX_VALUE = {"-p", "--package", "-c", "--call", "--registry", "--cache", "--userconfig",
             "--prefix", "-w", "--workspace"}
NPX_FLAG = {"-y", "--yes", "-q", "--quiet", "--no", "--no-install", "--silent", "-s",
            "--ignore-existing", "--prefer-offline", "--prefer-online", "--offline"}
UVX_VALUE = {"--from", "--with", "--with-editable", "--with-requirements", "-p", "--python",
             "--index", "--index-url", "--default-index", "--extra-index-url", "-i",
             "--find-links", "-f", "--directory", "--project", "--cache-dir", "--config-file",
             "--constraints", "-c", "--overrides", "--build-constraints", "--index-strategy",
             "--keyring-provider", "--resolution", "--prerelease", "--exclude-newer", "--env-file"}
UVX_FLAG = {"-q", "--quiet", "-v", "--verbose", "--isolated", "--offline", "--no-cache", "-n",
            "--refresh", "--no-config", "--no-python-downloads", "--native-tls", "--no-progress",
            "--no-env-file", "-U", "--upgrade", "--reinstall", "--python-preference"}
PIPX_VALUE = {"--spec", "--python", "--index-url", "-i", "--pip-args", "--backend"}
PIPX_FLAG = {"--no-cache", "-q", "--quiet", "-v", "--verbose", "--path", "--pypackages",
             "--system-site-packages", "--editable", "-e", "--fetch-missing-python"}
DOCKER_VALUE = {"-e", "--env", "--env-file", "-v", "--volume", "--mount", "--name", "-p",
                "--publish", "--network", "--net", "-w", "--workdir", "-u", "--user",
                "--entrypoint", "-l", "--label", "--platform", "--pull", "--cpus", "-m",
                "--memory", "--add-host", "--cap-add", "--cap-drop", "--device", "--dns",
                "-h", "--hostname", "--ipc", "--log-driver", "--log-opt", "--restart",
                "--runtime", "--security-opt", "--shm-size", "--stop-signal", "--tmpfs",
                "--ulimit", "--volumes-from", "--gpus", "--group-add", "--label-file",
                "--pid", "--uts", "--userns", "--cidfile", "--expose", "--health-cmd",
                "--memory-swap", "--cpu-shares", "-c", "--link", "--sysctl"}
DOCKER_FLAG = {"-i", "-t", "-it", "-ti", "-d", "--rm", "--init", "--privileged", "--read-only",
               "-P", "--interactive", "--tty", "--detach", "-q", "--quiet", "--no-healthcheck",
               "--publish-all", "--sig-proxy", "--oom-kill-disable"}


def _first_operand(args: list, start: int, value_opts: set, flags: set):
    """(index, text) of the first argument that is not an option, or None when an unknown
    option comes first; ``--opt=value`` counts as one option."""
    i = start
    while i < len(args):
        a = args[i]
        if not isinstance(a, str):
            return None
        if a == "--":
            return (i + 1, args[i + 1]) if i + 1 < len(args) and isinstance(args[i + 1], str) \
                else None
        if not a.startswith("-") or a == "-":
            return i, a
        opt = a.split("=", 1)[0]
        if "=" in a and (opt in value_opts or opt in flags):
            i += 1
        elif opt in value_opts:
            i += 2
        elif opt in flags:
            i += 1
        else:
            return None
    return None


def _option_value(args: list, names: set):
    for i, a in enumerate(args):
        if not isinstance(a, str):
            continue
        opt, eq, val = a.partition("=")
        if opt in names:
            if eq:
                return i, val
            if i + 1 < len(args) and isinstance(args[i + 1], str):
                return i + 1, args[i + 1]
    return None


def npm_unpinned(spec: str) -> str | None:
    """Why an npm package spec is not pinned to one version, or None (pinned, or not a
    registry package)."""
    if LOCAL.match(spec):
        return None
    name, at, version = spec[1:].partition("@") if spec.startswith("@") else spec.partition("@")
    if not at:
        return "no version"
    if version == "latest" or version == "next":
        return f"the '{version}' tag"
    return None if EXACT_NPM.match(version) else f"the range '{version}'"


def py_unpinned(spec: str) -> str | None:
    if LOCAL.match(spec) or spec.endswith((".whl", ".tar.gz", ".zip")):
        return None
    m = re.match(r"^[A-Za-z0-9][A-Za-z0-9._\-]*(?:\[[^\]]*\])?\s*(?P<op>==|@|>=|<=|~=|!=|>|<)?"
                 r"\s*(?P<ver>.*)$", spec)
    if m is None:
        return None
    if not m.group("op"):
        return "no version"
    if m.group("op") in ("==", "@") and m.group("ver") == "latest":
        return "the 'latest' version"
    if m.group("op") in ("==", "@") and EXACT_PY.match(m.group("ver")):
        return None
    return f"the range '{m.group('op')}{m.group('ver')}'"


def image_unpinned(image: str) -> str | None:
    if "@sha256:" in image:
        return None
    last = image.rsplit("/", 1)[-1]
    if ":" not in last:
        return "no tag"
    return "the 'latest' tag" if last.rsplit(":", 1)[1] == "latest" else None


RUN_TWICE = "uvx run"      # `uvx run pkg`: uvx is `uv tool run`, so this runs a package named 'run'


def _base(command: str) -> str:
    base = re.split(r"[\\/]", command)[-1].lower()
    return re.sub(r"\.(?:exe|cmd|bat)$", "", base)


def unpinned_package(command: str, args: list, project: bool = True):
    """(argument index, package, launcher, why) when the command runs a package from a
    registry without pinning its version; None otherwise (or when it cannot tell).
    ``project``: the file belongs to a project, whose own install `npx NAME` may run."""
    base = _base(command)
    if base == "cmd" and len(args) > 1 and str(args[0]).lower() == "/c" \
            and isinstance(args[1], str):         # Windows: cmd /c npx -y pkg
        found = unpinned_package(args[1], args[2:], project)
        return (found[0] + 2, *found[1:]) if found else None
    if base in ("npx", "bunx") or (base in ("pnpm", "yarn") and args[:1] == ["dlx"]):
        start = 1 if base in ("pnpm", "yarn") else 0
        spec = _option_value(args, {"-p", "--package"}) if base == "npx" else None
        named = spec is not None
        spec = spec or _first_operand(args, start, NPX_VALUE, NPX_FLAG)
        why = npm_unpinned(spec[1]) if spec else None
        if why == "no version" and base == "npx" and not named and project and \
                not {"-y", "--yes"} & {a for a in args if isinstance(a, str)}:
            return None    # `npx tsx …`: npx runs the project's own install first (see MCPC201)
        return (spec[0], spec[1], base, why) if why else None
    if base == "uvx" or (base == "uv" and args[:2] == ["tool", "run"]):
        start = 2 if base == "uv" else 0
        spec = _option_value(args, {"--from"}) or _first_operand(args, start, UVX_VALUE, UVX_FLAG)
        if spec and spec[1] == "run" and base == "uvx":
            return spec[0], "run", "uvx", RUN_TWICE
        why = py_unpinned(spec[1]) if spec else None
        return (spec[0], spec[1], "uvx", why) if why else None
    if base == "pipx" and args[:1] == ["run"]:
        spec = _option_value(args, {"--spec"}) or _first_operand(args, 1, PIPX_VALUE, PIPX_FLAG)
        why = py_unpinned(spec[1]) if spec else None
        return (spec[0], spec[1], "pipx run", why) if why else None
    if base in ("docker", "podman") and args[:1] == ["run"]:
        spec = _first_operand(args, 1, DOCKER_VALUE, DOCKER_FLAG)
        why = image_unpinned(spec[1]) if spec else None
        return (spec[0], spec[1], f"{base} run", why) if why else None
    return None


# -- URLs ------------------------------------------------------------------------------------
def remote_plain_http(url) -> str | None:
    """The host of a plain ``http://`` URL that is not this machine, or None."""
    if not isinstance(url, str) or not url.lower().startswith("http://"):
        return None
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return None
    if not host or REFERENCE.search(url.split("//", 1)[1].split("/", 1)[0]):
        return None
    if host == "localhost" or host.endswith(".localhost"):
        return None
    try:
        ip = ipaddress.ip_address(host)
        if ip.is_loopback or ip.is_unspecified:
            return None
    except ValueError:
        pass
    return host
