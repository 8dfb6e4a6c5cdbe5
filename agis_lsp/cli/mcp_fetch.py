"""Fetch what a live MCP server offers, with the official SDK (``mcp``), imported here only.

One server per call of :func:`fetch`: start it (stdio) or connect (Streamable HTTP, SSE as
the fallback), ``initialize``, then ``tools/list``, ``prompts/list``, ``resources/list`` and
``resources/templates/list`` with every page. Nothing else is sent: never ``tools/call``,
never ``prompts/get`` or ``resources/read``. Each step has a deadline; the SDK's stdio
transport starts the server in a new process group and kills the group on the way out.
"""
from __future__ import annotations

import tempfile
import anyio
from mcp import ClientSession, types
from mcp.client.stdio import StdioServerParameters, stdio_client

from ..formats.mcp_config import ServerEntry as ServerSpec

MAX_PAGES = 100   # a server whose cursors never end still stops here


class FetchError(Exception):
    """The server could not be started, reached or read (a message fit to print)."""


def _dump(model) -> dict:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


async def _pages(call, key: str, request: float) -> list:
    items, cursor = [], None
    for _ in range(MAX_PAGES):
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        with anyio.fail_after(request):
            result = await call(params=params)
        items.extend(_dump(x) for x in getattr(result, key))
        cursor = result.next_cursor
        if not cursor:
            break
    return items


async def _read(session: ClientSession, startup: float, request: float) -> dict:
    with anyio.fail_after(startup):
        init = await session.initialize()
    snap: dict = {"serverInfo": _dump(init.server_info)}
    if init.instructions:
        snap["instructions"] = init.instructions
    caps = init.capabilities
    snap["tools"] = await _pages(session.list_tools, "tools", request) if caps.tools is not None else []
    if caps.prompts is not None:
        snap["prompts"] = await _pages(session.list_prompts, "prompts", request)
    if caps.resources is not None:
        snap["resources"] = await _pages(session.list_resources, "resources", request)
        snap["resourceTemplates"] = await _pages(session.list_resource_templates,
                                                 "resource_templates", request)
    return snap


async def _over_stdio(spec: ServerSpec, startup: float, request: float, errlog) -> dict:
    params = StdioServerParameters(command=spec.command, args=list(spec.args),
                                   env={k: str(v) for k, v in spec.env.items()} or None,
                                   cwd=spec.cwd)
    async with stdio_client(params, errlog=errlog) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=None) as session:
            return await _read(session, startup, request)


async def _over_http(spec: ServerSpec, startup: float, request: float) -> dict:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client
    async with create_mcp_http_client(headers=dict(spec.headers) or None) as http:
        async with streamable_http_client(spec.url, http_client=http) as (read, write, *_):
            async with ClientSession(read, write, read_timeout_seconds=None) as session:
                return await _read(session, startup, request)


async def _over_sse(spec: ServerSpec, startup: float, request: float) -> dict:
    from mcp.client.sse import sse_client
    async with sse_client(spec.url, headers=dict(spec.headers) or None, timeout=startup,
                          sse_read_timeout=request) as (read, write, *_):
        async with ClientSession(read, write, read_timeout_seconds=None) as session:
            return await _read(session, startup, request)


async def fetch(spec: ServerSpec, *, startup: float = 30.0, request: float = 30.0) -> dict:
    """The server's snapshot: ``serverInfo``, ``instructions``, ``tools``, ``prompts``,
    ``resources``, ``resourceTemplates``. Raises :class:`FetchError` with a message in
    which no environment or header value appears."""
    budget = startup + 5 * request            # the whole conversation, whatever the pages
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as errlog:
        try:
            with anyio.fail_after(budget):
                if spec.transport == "stdio":
                    return await _over_stdio(spec, startup, request, errlog)
                if spec.transport == "sse":
                    return await _over_sse(spec, startup, request)
                try:
                    return await _over_http(spec, startup, request)
                except Exception as first:  # noqa: BLE001 - an older server: SSE
                    try:
                        return await _over_sse(spec, startup, request)
                    except Exception:  # noqa: BLE001 - report the Streamable HTTP failure
                        raise first from None
        except TimeoutError:
            raise FetchError(_scrub(f"no answer within the time limit (start-up {startup:g} s, "
                                    f"each request {request:g} s){_tail(errlog)}", spec)) from None
        except FetchError:
            raise
        except BaseException as exc:  # noqa: BLE001 - any failure of the server is a finding
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            text = _describe(exc)
            if text == "no answer within the time limit":
                text += f" (start-up {startup:g} s, each request {request:g} s)"
            raise FetchError(_scrub(f"{text}{_tail(errlog)}", spec)) from None


def _describe(exc: BaseException) -> str:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    if isinstance(exc, TimeoutError):
        return "no answer within the time limit"
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:300]


def _tail(errlog, lines: int = 3) -> str:
    try:
        errlog.seek(0)
        out = [ln.rstrip() for ln in errlog.read()[-4000:].splitlines() if ln.strip()][-lines:]
    except (OSError, ValueError):
        return ""
    return ("; its standard error ends: " + " | ".join(out)[:400]) if out else ""


def _scrub(text: str, spec: ServerSpec) -> str:
    for secret in sorted(spec.secrets(), key=len, reverse=True):
        if len(secret) >= 3:
            text = text.replace(secret, "***")
    return text
