"""Harvest the listings of real published MCP servers (the benign MCP corpus).

    python scripts/harvest_mcp.py [--install] [--only NAME ...] [--cache DIR] [--timeout S]

Reads the pinned list ``benchmarks/corpora/mcp/servers.toml`` (package, registry,
version, the command that starts the server over stdio, placeholder environment).
With ``--install`` it first installs every missing pinned package into the cache
directory, outside the repository (default ``$AGIS_MCP_CACHE`` or
``/work/.mcp-servers``): npm packages with ``npm install --prefix DIR --ignore-scripts``,
PyPI packages into one virtual environment each. Then it starts each server with
placeholder credentials and asks, through the official MCP Python SDK (``mcp``):
``initialize`` (serverInfo, instructions, capabilities), ``tools/list``,
``prompts/list``, ``resources/list`` and ``resources/templates/list``, following
``nextCursor``. It never sends ``tools/call``. Each server runs in its own child
process and session group, under a timeout, and is killed afterwards.

It writes, per server, into ``benchmarks/corpora/mcp/``:

* ``<name>.json``: the raw listing with provenance (package, registry, version,
  command, date, protocol version) and the errors met;
* ``<name>.tools.mcp.json``: ``{"tools": [...]}``, a tools/list result that
  ``agis-lint check`` recognises as an MCP tool list;
* ``<name>.listing.mcp.json`` (when the server has any): the rest of the prose a
  client shows the model, ``{"tools": [], "instructions", "prompts", "resources",
  "resourceTemplates"}``, in the same MCP shape so the same check scans it.

and ``harvest.json``: one row per server (tools, prompts, resources, failure).

A server pinned with ``split = "<name>"`` belongs to that split of splits.json from the start
(a blind split, ``blind``, ``blind2``, …: servers nobody reads
before its one measurement); its three files go into the folder ``benchmarks/corpora/mcp/<name>/``,
out of reach of anything that globs the corpus folder, and its row in ``harvest.json`` carries
``split``.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "benchmarks" / "corpora" / "mcp"
SERVERS = CORPUS / "servers.toml"
DEFAULT_CACHE = Path(os.environ.get("AGIS_MCP_CACHE", "/work/.mcp-servers"))
SANDBOX = Path("/tmp/agis-mcp-harvest")   # fixed, so the listings do not carry random paths
MAX_PAGES = 50
# Placeholders every server gets; a server's own `env` in servers.toml adds to these.
BASE_ENV = {"NODE_ENV": "production", "NO_COLOR": "1", "DO_NOT_TRACK": "1"}


def load_servers() -> list[dict]:
    with open(SERVERS, "rb") as f:
        return tomllib.load(f)["server"]


def out_dir(s: dict) -> Path:
    """Where a server's files go: the corpus folder, or its pinned split's folder under it."""
    return CORPUS / s["split"] if s.get("split") else CORPUS


def install_dir(cache: Path, s: dict) -> Path:
    return cache / s["registry"] / s["name"]


def install(cache: Path, s: dict) -> str | None:
    """Install the pinned package if missing; None on success, else the reason."""
    d = install_dir(cache, s)
    if (d / ".done").exists():
        return None
    d.mkdir(parents=True, exist_ok=True)
    spec = f"{s['package']}@{s['version']}" if s["registry"] == "npm" else f"{s['package']}=={s['version']}"
    if s["registry"] == "npm":
        cmd = ["npm", "install", "--prefix", str(d), "--ignore-scripts", "--no-audit", "--no-fund",
               "--loglevel=error", spec]
        env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1")
    else:
        subprocess.run([sys.executable, "-m", "venv", str(d)], check=True)
        cmd = [str(d / "bin" / "pip"), "install", "-q", "--disable-pip-version-check", spec]
        env = None
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    if r.returncode:
        return f"install failed: {r.stderr.strip()[-300:]}"
    (d / ".done").touch()
    return None


def resolve_command(cache: Path, s: dict) -> list[str]:
    """The argv that starts the server: the package's executable in the cache, then `args`."""
    d = install_dir(cache, s)
    if s["registry"] == "npm":
        bin_name = s.get("bin")
        if not bin_name:
            pkg = json.loads((d / "node_modules" / s["package"] / "package.json").read_text())
            b = pkg.get("bin")
            if isinstance(b, str):
                bin_name = s["package"].split("/")[-1]
            elif isinstance(b, dict) and len(b) == 1:
                bin_name = next(iter(b))
            else:
                raise RuntimeError(f"package has executables {sorted(b or {})}: set `bin`")
        exe = d / "node_modules" / ".bin" / bin_name
        if not exe.exists():   # a scoped key ("@scope/x") is linked as "x"
            exe = exe.parent / bin_name.split("/")[-1]
    else:
        exe = d / "bin" / s.get("bin", s["package"])
    return [str(exe), *[a.replace("{sandbox}", str(SANDBOX)) for a in s.get("args", [])]]


def display_command(s: dict) -> str:
    """The command as a user would type it (no cache paths), for the provenance record."""
    runner = "npx -y" if s["registry"] == "npm" else "uvx --from"
    pinned = f"{s['package']}@{s['version']}" if s["registry"] == "npm" else f"{s['package']}=={s['version']}"
    tail = " ".join(a.replace("{sandbox}", str(SANDBOX)) for a in s.get("args", []))
    if s["registry"] == "npm":
        head = pinned if not s.get("bin") else f"--package {pinned} {s['bin']}"
    else:
        head = f"{pinned} {s.get('bin', s['package'])}"
    return f"{runner} {head} {tail}".strip()


# --- the child: one server, one session -------------------------------------------------------

async def _pages(session, kind: str, errors: dict) -> list:
    """Every item of a paginated list (``kind``: tools, prompts, resources, resourceTemplates).

    The typed SDK call first; a result that does not validate against the MCP schema
    (a server that omits ``inputSchema.type``, say) is asked again untyped and kept
    as sent, with the validation error recorded."""
    from pydantic import ValidationError
    from mcp import types
    request_type, method = {
        "tools": (types.ListToolsRequest, "tools/list"),
        "prompts": (types.ListPromptsRequest, "prompts/list"),
        "resources": (types.ListResourcesRequest, "resources/list"),
        "resourceTemplates": (types.ListResourceTemplatesRequest, "resources/templates/list"),
    }[kind]
    typed = {"tools": types.ListToolsResult, "prompts": types.ListPromptsResult,
             "resources": types.ListResourcesResult,
             "resourceTemplates": types.ListResourceTemplatesResult}[kind]
    items, cursor = [], None
    for _ in range(MAX_PAGES):
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        try:
            try:
                res = await session.send_request(request_type(params=params), typed)
            except ValidationError as e:
                errors[method + " (schema)"] = f"result does not validate, kept as sent: {e}"[:500]
                res = await _send_unvalidated(session, request_type(params=params))
            page = res if isinstance(res, dict) else res.model_dump(mode="json", by_alias=True,
                                                                     exclude_none=True)
        except Exception as e:  # noqa: BLE001 - recorded, never fatal
            errors[method] = f"{type(e).__name__}: {e}"[:500]
            break
        items.extend(page.get(kind, []))
        cursor = page.get("nextCursor")
        if not cursor:
            break
    return items


async def _send_unvalidated(session, request) -> dict:
    """The request through the SDK's own dispatcher, as ``send_request`` does, minus the
    result validation (the SDK offers no public call for that)."""
    data = request.model_dump(by_alias=True, mode="json", exclude_none=True)
    opts: dict = {"timeout": session._session_read_timeout_seconds}
    session._stamp(data, opts)
    return await session._dispatcher.send_raw_request(data["method"], data.get("params"), opts)


async def harvest_one(argv: list[str], env: dict, timeout: float) -> dict:
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    out: dict = {"errors": {}}
    errlog = open(SANDBOX / "stderr.log", "a")
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=env, cwd=str(SANDBOX))
    with anyio.fail_after(timeout):
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=timeout / 2) as session:
                init = await session.initialize()
                out["protocolVersion"] = init.protocol_version if hasattr(init, "protocol_version") \
                    else init.protocolVersion
                out["serverInfo"] = init.model_dump(mode="json", by_alias=True, exclude_none=True).get("serverInfo")
                out["instructions"] = session.instructions
                caps = init.model_dump(mode="json", by_alias=True, exclude_none=True).get("capabilities", {})
                out["capabilities"] = caps
                e = out["errors"]
                for kind, cap in (("tools", "tools"), ("prompts", "prompts"), ("resources", "resources"),
                                  ("resourceTemplates", "resources")):
                    out[kind] = await _pages(session, kind, e) if cap in caps else []
    return out


def _leaves(e: BaseException) -> list[str]:
    """The innermost errors of an exception group (anyio wraps the real cause)."""
    if isinstance(e, BaseExceptionGroup):
        return [m for x in e.exceptions for m in _leaves(x)]
    return [f"{type(e).__name__}: {e}".strip()]


def child_main(spec: str) -> int:
    import anyio
    job = json.loads(spec)
    try:
        res = anyio.run(harvest_one, job["argv"], job["env"], job["timeout"])
    except BaseException as e:  # noqa: BLE001 - the parent records it
        res = {"failure": "; ".join(_leaves(e))[:800]}
    sys.stdout.write("\n@@RESULT@@" + json.dumps(res) + "\n")
    sys.stdout.flush()
    os._exit(0)


# --- the parent: provenance, timeouts, files --------------------------------------------------

def run_server(cache: Path, s: dict, timeout: float) -> dict:
    SANDBOX.mkdir(parents=True, exist_ok=True)
    (SANDBOX / "root").mkdir(exist_ok=True)
    if not (SANDBOX / "repo" / ".git").exists() and shutil.which("git"):   # for mcp-server-git
        (SANDBOX / "repo").mkdir(exist_ok=True)
        subprocess.run(["git", "init", "-q", str(SANDBOX / "repo")], check=False)
    env = dict(BASE_ENV, HOME=str(SANDBOX / "home"), **{k: str(v) for k, v in s.get("env", {}).items()})
    (SANDBOX / "home").mkdir(exist_ok=True)
    env["PATH"] = os.environ.get("PATH", "")
    try:
        argv = resolve_command(cache, s)
    except Exception as e:  # noqa: BLE001
        return {"failure": f"command: {e}"}
    job = json.dumps({"argv": argv, "env": env, "timeout": timeout})
    p = subprocess.Popen([sys.executable, __file__, "--child", job], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout + 15)
    except subprocess.TimeoutExpired:
        out = ""
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)   # the server and anything it spawned
        except ProcessLookupError:
            pass
        p.wait()
    for line in reversed(out.splitlines()):
        if line.startswith("@@RESULT@@"):
            return json.loads(line[len("@@RESULT@@"):])
    return {"failure": "timeout or no result from the harvest child"}


def write_result(s: dict, res: dict, today: str) -> dict:
    record = {
        "server": s["name"], "package": s["package"], "registry": s["registry"], "version": s["version"],
        "command": display_command(s), "env_placeholders": sorted(s.get("env", {})),
        "harvested": today, "harvested_by": "scripts/harvest_mcp.py (MCP Python SDK client, stdio)",
        **res,
    }
    out = out_dir(s)
    out.mkdir(exist_ok=True)
    (out / f"{s['name']}.json").write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    tools_file = out / f"{s['name']}.tools.mcp.json"
    if res.get("tools"):
        tools_file.write_text(json.dumps({"tools": res["tools"]}, indent=1, ensure_ascii=False) + "\n")
    elif tools_file.exists():
        tools_file.unlink()
    listing = {k: res[k] for k in ("instructions", "prompts", "resources", "resourceTemplates") if res.get(k)}
    listing_file = out / f"{s['name']}.listing.mcp.json"
    if listing:
        listing_file.write_text(json.dumps({"tools": [], **listing}, indent=1, ensure_ascii=False) + "\n")
    elif listing_file.exists():
        listing_file.unlink()
    return {"server": s["name"], "package": s["package"], "version": s["version"],
            **({"split": s["split"]} if s.get("split") else {}),
            "tools": len(res.get("tools", [])), "prompts": len(res.get("prompts", [])),
            "resources": len(res.get("resources", [])) + len(res.get("resourceTemplates", [])),
            "instructions": bool(res.get("instructions")),
            "failure": res.get("failure") or ("no tools" if not res.get("tools") else None),
            "errors": res.get("errors", {})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--install", action="store_true", help="install missing pinned packages first")
    ap.add_argument("--only", nargs="*", help="harvest only these server names")
    ap.add_argument("--new", action="store_true", help="only servers not yet in harvest.json")
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    ap.add_argument("--timeout", type=float, default=45.0, help="seconds per server (default 45)")
    a = ap.parse_args(argv)
    if a.child:
        return child_main(a.child)
    if a.install and not (shutil.which("npm") and shutil.which("node")):
        print("npm and node are needed to install the npm servers", file=sys.stderr)
        return 2
    today = dt.date.today().isoformat()
    servers = [s for s in load_servers() if not a.only or s["name"] in a.only]
    index_path = CORPUS / "harvest.json"
    index = {r["server"]: r for r in json.loads(index_path.read_text())["servers"]} \
        if index_path.exists() else {}
    if a.new:
        servers = [s for s in servers if s["name"] not in index]
    for s in servers:
        if not a.install and not (install_dir(a.cache, s) / ".done").exists():
            print(f"{s['name']:45} not installed (use --install); skipped", flush=True)
            continue
        failure = install(a.cache, s) if a.install else None
        res = {"failure": failure} if failure else run_server(a.cache, s, a.timeout)
        row = write_result(s, res, today)
        index[s["name"]] = row
        print(f"{s['name']:45} {row['tools']:4} tools {row['prompts']:3} prompts "
              f"{row['resources']:3} resources  {row['failure'] or ''}", flush=True)
    known = {s["name"] for s in load_servers()}
    rows = [index[k] for k in sorted(index) if k in known]
    index_path.write_text(json.dumps({"harvested": today, "servers": rows}, indent=1) + "\n")
    ok = sum(1 for r in rows if not r["failure"])
    print(f"{ok} of {len(rows)} servers listed their tools")
    return 0


if __name__ == "__main__":
    sys.exit(main())
