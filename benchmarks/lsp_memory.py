"""Language-server memory with many open documents (a benchmark, not a test).

    python benchmarks/lsp_memory.py [--docs 50] [--size 200] [--edits 5]
                                    [--modes semantic,no-semantic] [--no-features]
                                    [--same-intents] [--breakdown]

The goal: the server holding 50 open 200-endpoint documents and the model stays
<= 400 MB RSS. For each mode a fresh ``python -m agis_lsp.lsp`` is started over stdio
with pytest-lsp's VS Code capabilities (push diagnostics) and, one after another, ``--docs``
distinct generated documents are opened (``gen_docs.document`` with the service name,
paths and error names numbered per document and, unless ``--same-intents``, every intent
made unique with a suffix, so the model's embedding cache sees as many texts as real
documents would give it). Each document is waited for until its diagnostics are in,
including the model's follow-up: the server publishes every version twice when the model
runs (the mechanical result, then the merged one; ``lsp/runtime/scheduler.py``), once with
``agis.semantic.enabled: false``. Like an editor showing the document, the client then
asks for its semantic tokens, symbols and folding ranges (``--no-features``: not). Then
``--edits`` documents get an ``x`` typed into an intent (waited for the same way).

VmRSS and VmHWM (peak) are read from /proc/PID/status of the server process at each step.
Modes: ``semantic`` (the default settings: model loaded) and ``no-semantic``; the
difference is what the model costs.

``--breakdown`` runs the same server code through this script (``--as-server``: it
installs a SIGUSR1 handler, then runs ``agis_lsp.lsp.main``); at the end the client sends
SIGUSR1 and the server writes the sizes of its structures (``sys.getsizeof`` summed over
everything each one reaches that an earlier one did not; types, modules and functions
not followed; the package's module-level caches last), the parsed documents by
attribute, the live Document objects, and pymalloc's and glibc malloc's figures (read
first: the walks allocate).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import signal
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def status(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of ``pid`` in MB."""
    values = {}
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


def doc_text(k: int, size: int, distinct: bool) -> str:
    from gen_docs import document
    text = document(size).replace('service: "Benchmark Service"', f'service: "Shop {k}"')
    text = text.replace("/resource-", f"/shop{k}-resource-").replace("resource_", f"shop{k}_")
    if not distinct:
        return text
    out, i = [], 0
    for line in text.split("\n"):
        if line.startswith('      intent: "'):
            line = line[:-1] + f' (shop {k}, line {i})"'
            i += 1
        out.append(line)
    return "\n".join(out)


# -- the server side of --breakdown -----------------------------------------------------
def deep_size(roots, seen: set) -> int:
    """Bytes of what ``roots`` reach that is not in ``seen`` (bound methods, functions,
    modules and types are not followed: they lead to the whole server or interpreter)."""
    import types as pytypes
    ndarray = getattr(sys.modules.get("numpy"), "ndarray", ())
    skip = (type, pytypes.ModuleType, pytypes.FunctionType, pytypes.CodeType,
            pytypes.BuiltinFunctionType, pytypes.MethodType)
    total, stack = 0, list(roots)
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, skip):
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if ndarray and isinstance(o, ndarray) and o.base is not None:
            stack.append(o.base)  # a view: its data is the base's (gc does not say)
        stack.extend(gc.get_referents(o))
    return total


def dump_sizes(server, path: str) -> None:
    from agis_lsp import semantic
    docs = server.documents.all()
    entries = server.store.entries()
    model = None
    for fut in list(semantic._futures.values()):
        if fut.done() and fut.exception() is None:
            model = fut.result()
    encoder = getattr(model, "encoder", None)
    tokens = getattr(server, "token_cache", None)
    parts = [
        ("embedding cache (encoder LRU)", [encoder._cache] if encoder else []),
        ("shipped vectors (encoder, never evicted)", [encoder._static] if encoder else []),
        ("model, Python side (heads, tokenizer handle)", [model] if model else []),
        ("linter: catalogs, configuration, rule state", [server.linter]),
        ("open documents: text", [d.text for d in docs]),
        ("open documents: line index", [d._lines for d in docs]),
        ("parsed documents (Document of the current version)",
         [d.parsed for d in docs if d.parsed]),
        ("last good parse, when another object", [d.last_good for d in docs]),
        ("store: targets (doc not counted again)", [e.target for e in entries]),
        ("store: mechanical outcomes", [e.mechanical for e in entries]),
        ("store: merged outcomes (with the model's findings)", [e.merged for e in entries]),
        ("store: carried-over findings", [e.carried for e in entries]),
        ("store: converted LSP diagnostics", [e.lsp for e in entries]),
        ("semantic-tokens cache (last snapshot per document)", [tokens] if tokens else []),
        ("everything else the server object reaches", [server]),
    ]
    seen: set = {id(server)}  # reached last, by "everything else"
    # first: the walks below allocate (their sets of ids)
    before = {"pymalloc": pymalloc_stats(), "rss": status(os.getpid())[0],
              "malloc": malloc_stats()}
    out = {"docs": len(docs), "entries": len(entries), "parts": [],
           "embedding_cache_entries": len(encoder._cache) if encoder else 0,
           "gc_objects": len(gc.get_objects()), "pymalloc": before["pymalloc"],
           "rss": before["rss"], "malloc": before["malloc"]}
    for name, roots in parts:
        if roots == [server]:
            seen.discard(id(server))
        out["parts"].append((name, deep_size(roots, seen)))
    found = [(name, deep_size([cache], seen)) for name, cache in caches()]
    out["parts"].append(("module-level caches of agis_lsp (below)", sum(b for _, b in found)))
    out["caches"] = sorted(found, key=lambda nb: -nb[1])[:6]
    # gc-tracked objects the server does not reach (module-level caches, garbage)
    counts: dict = {}
    for o in gc.get_objects():
        if id(o) not in seen and o is not seen:
            n, b = counts.get(type(o).__name__, (0, 0))
            counts[type(o).__name__] = (n + 1, b + sys.getsizeof(o))
    out["unreached"] = sorted(counts.items(), key=lambda kv: -kv[1][1])[:8]
    # the parsed documents by attribute (the same objects as above, counted afresh)
    parsed = [d.parsed[1] for d in docs if d.parsed]
    seen, names = set(), ["text", "data", "containers"]
    names += sorted({k for doc in parsed for k in vars(doc)} - set(names))
    out["doc_attrs"] = [(k, deep_size([getattr(doc, k, None) for doc in parsed], seen))
                        for k in names]
    out["containers"] = sum(len(doc.containers) for doc in parsed)
    out["documents_alive"] = alive_documents(parsed, seen)
    out["container_entries"] = sum(len(c.entries) for doc in parsed for c in doc.containers.values())
    with open(path + ".tmp", "w") as fh:
        json.dump(out, fh)
    os.replace(path + ".tmp", path)


def caches() -> list:
    """The package's module-level caches: lru_cache wrappers (gc follows them to their
    entries), and the values of dict-like caches (WeakKeyDictionary, LRU objects)."""
    import functools
    import weakref
    out = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("agis_lsp") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            label = f"{name[len('agis_lsp.'):]}.{attr}"
            if isinstance(value, functools._lru_cache_wrapper):
                out.append((label, value))
            elif isinstance(value, weakref.WeakKeyDictionary):
                out.append((label, list(value.values())))
            elif type(value).__name__ == "_Cache" and hasattr(value, "data"):
                out.append((label, value.data))
    return out


def alive_documents(current: list, seen: set) -> dict:
    """Every live Document (gc), the ones that are not ``current``, and what holds those."""
    from agis_lsp.document import Document
    ids = {id(d) for d in current}
    gc.collect()
    docs = [o for o in gc.get_objects() if isinstance(o, Document)]
    others = [d for d in docs if id(d) not in ids]
    size = deep_size(others, seen)
    held = {}
    frame = sys._getframe()
    for d in others[:20]:
        for r in gc.get_referrers(d):
            if r is frame or r is docs or r is others:
                continue
            name = type(r).__name__
            if isinstance(r, dict):  # whose dict? one level up
                owners = [type(o).__name__ for o in gc.get_referrers(r) if o is not frame][:2]
                name = f"dict of {'/'.join(owners) or '?'}"
            held[name] = held.get(name, 0) + 1
    return {"count": len(docs), "others": len(others), "others_mb": size / 2**20,
            "held_by": ", ".join(f"{k} ({v})" for k, v in sorted(held.items()))}


def malloc_stats() -> dict:
    """glibc's mallinfo2(): what malloc holds (onnxruntime, numpy, large Python objects)."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
            "uordblks", "fordblks", "keepcost")]
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        mi = libc.mallinfo2()
    except (OSError, AttributeError):
        return {}
    return {"heap (sbrk + arenas)": mi.arena, "mmapped blocks": mi.hblkhd,
            "in use": mi.uordblks, "free in the heap": mi.fordblks}


def pymalloc_stats() -> dict:
    """The summary of ``sys._debugmallocstats()`` (written to fd 2: caught in a file)."""
    import re
    saved = os.dup(2)
    with tempfile.TemporaryFile("w+") as tmp:
        os.dup2(tmp.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        tmp.seek(0)
        text = tmp.read()
    out = {}
    for label, pattern in (("arenas (1 MB each) now", r"# arenas allocated current\s*=\s*([\d,]+)"),
                           ("arenas, high-water mark", r"# arenas highwater mark\s*=\s*([\d,]+)"),
                           ("MB in objects", r"# bytes in allocated blocks\s*=\s*([\d,]+)"),
                           ("MB free in used pools", r"# bytes in available blocks\s*=\s*([\d,]+)"),
                           ("MB in unused pools", r"unused pools \* \d+ bytes\s*=\s*([\d,]+)")):
        m = re.search(pattern, text)
        if m:
            value = int(m.group(1).replace(",", ""))
            out[label] = value / 2**20 if label.startswith("MB") else value
    return out


def serve(dump_path: str) -> None:
    import agis_lsp.lsp.server as srv
    built = {}
    original = srv.build_server

    def build():
        built["server"] = original()
        return built["server"]

    srv.build_server = build
    signal.signal(signal.SIGUSR1, lambda *_: dump_sizes(built["server"], dump_path))
    from agis_lsp.lsp.main import main
    sys.exit(main([]))


# -- the client ------------------------------------------------------------------------
async def run_mode(args, mode: str, root: str) -> dict:
    from lsp_latency import Client, capabilities, open_document, stop
    from lsprotocol import types
    semantic = mode == "semantic"
    dump = os.path.join(root, f"sizes-{mode}.json")
    command = [sys.executable, os.path.abspath(__file__), "--as-server", dump] \
        if args.breakdown else [sys.executable, "-m", "agis_lsp.lsp"]
    client = Client()
    await client.start_io(*command)
    pid = client._server.pid
    options = {"agis": {} if semantic else {"semantic": {"enabled": False}}}
    await client.initialize_async(types.InitializeParams(
        capabilities=capabilities("visual-studio-code"), root_uri=f"file://{root}",
        initialization_options=options))
    client.initialized(types.InitializedParams())
    steps, missing = [("started, no document", *status(pid))], []
    t0 = time.perf_counter()
    wanted = 2 if semantic else 1

    async def settle(uri: str, version: int) -> None:
        got = await client.wait_publishes(uri, version, wanted, timeout=120)
        if len(got) < wanted:
            missing.append((uri.rsplit("/", 1)[1], version, len(got)))
        if args.features:
            ident = types.TextDocumentIdentifier(uri=uri)
            await client.text_document_semantic_tokens_full_async(
                types.SemanticTokensParams(text_document=ident))
            await client.text_document_document_symbol_async(
                types.DocumentSymbolParams(text_document=ident))
            await client.text_document_folding_range_async(
                types.FoldingRangeParams(text_document=ident))

    uris, texts = [], []
    for k in range(args.docs):
        texts.append(doc_text(k, args.size, not args.same_intents))
        uris.append(open_document(client, os.path.join(root, f"shop{k}.agis"), texts[-1]))
        await settle(uris[-1], 1)
        if k + 1 in (1, 10, 25, args.docs):
            label = "1 document" + (" (model loaded)" if semantic else "") if k == 0 \
                else f"{k + 1} documents"
            steps.append((label, *status(pid)))
    for j in range(min(args.edits, args.docs)):
        k = j * args.docs // max(1, args.edits)
        text = texts[k]
        at = text.index('      intent: "', len(text) // 2) + len('      intent: "')
        line = text.count("\n", 0, at)
        col = at - (text.rfind("\n", 0, at) + 1)
        pos = types.Position(line=line, character=col)
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uris[k], version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=pos, end=pos), text="x")]))
        await settle(uris[k], 2)
    await asyncio.sleep(1.0)
    steps.append((f"{args.docs} documents after {args.edits} edits", *status(pid)))
    sizes = None
    if args.breakdown:
        os.kill(pid, signal.SIGUSR1)
        for _ in range(600):
            if os.path.exists(dump):
                break
            await asyncio.sleep(0.1)
        with open(dump) as fh:
            sizes = json.load(fh)
    elapsed = time.perf_counter() - t0
    await stop(client)
    return {"mode": mode, "steps": steps, "missing": missing, "sizes": sizes,
            "elapsed": elapsed}


async def main_async(args) -> None:
    root = tempfile.mkdtemp(prefix="agis-lsp-mem-")
    runs = [await run_mode(args, mode, root) for mode in args.modes]
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"agis-lsp memory over stdio (VS Code capabilities), {args.docs} distinct "
          f"{args.size}-endpoint documents opened one after another"
          f"{', each asked for tokens, symbols and folding' if args.features else ''}, "
          f"{'same' if args.same_intents else 'unique'} intents, then {args.edits} edits "
          f"({platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average {load} at the end)\n")
    print("| step | " + " | ".join(f"{r['mode']}: VmRSS (MB) | {r['mode']}: VmHWM (MB)"
                                    for r in runs) + " |")
    print("|---|" + "---:|---:|" * len(runs))
    for i, (label, _, _) in enumerate(runs[0]["steps"]):
        cells = []
        for r in runs:
            _, rss, hwm = r["steps"][i]
            cells += [f"{rss:.0f}", f"{hwm:.0f}"]
        label = label.replace(" (model loaded)", "") if runs[0]["mode"] != "semantic" else label
        print(f"| {label} | " + " | ".join(cells) + " |")
    for r in runs:
        first, last = r["steps"][1][1], r["steps"][-2][1]
        print(f"\n{r['mode']}: {(last - first) / max(1, args.docs - 1):.1f} MB RSS per further "
              f"document; {r['elapsed']:.0f} s"
              + (f"; without all their publishes: {r['missing']}" if r["missing"] else ""))
    for r in runs:
        s = r["sizes"]
        if not s:
            continue
        print(f"\nWhere it goes ({r['mode']}, {s['docs']} open documents, {s['entries']} "
              f"store entries, {s['embedding_cache_entries']} cached embeddings, "
              f"{s['gc_objects']:,} gc-tracked objects):\n")
        print("| structure | MB | per document (KB) |\n|---|---:|---:|")
        for name, size in s["parts"]:
            print(f"| {name} | {size / 2**20:.1f} | {size / 1024 / max(1, s['docs']):.0f} |")
        print(f"| (largest: {', '.join(f'{k} {b / 2**20:.1f} MB' for k, b in s['caches'])}) "
              "| | |")
        total = sum(size for _, size in s["parts"])
        print(f"| total reached from the server | {total / 2**20:.1f} | "
              f"{total / 1024 / max(1, s['docs']):.0f} |")
        print("\ngc-tracked objects the server does not reach, largest types (shallow): " +
              ", ".join(f"{k} {n:,} ({b / 2**20:.1f} MB)" for k, (n, b) in s["unreached"]))
        alive = s["documents_alive"]
        print(f"\nLive Document objects: {alive['count']}, of which {alive['others']} are not "
              f"an open document's current parse ({alive['others_mb']:.1f} MB more), held by: "
              f"{alive['held_by'] or '-'}")
        print(f"\nThe parsed documents by attribute ({s['containers']:,} containers, "
              f"{s['container_entries']:,} entries):\n")
        print("| Document attribute | MB | per document (KB) |\n|---|---:|---:|")
        for name, size in s["doc_attrs"]:
            print(f"| {name} | {size / 2**20:.1f} | {size / 1024 / max(1, s['docs']):.0f} |")
        print(f"\nAllocators (VmRSS {s['rss']:.0f} MB): " + "; ".join(
            [f"pymalloc {k} {v:,.1f}" for k, v in s["pymalloc"].items()] +
            [f"glibc malloc {k} {v / 2**20:.1f} MB" for k, v in s.get("malloc", {}).items()]))


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--as-server":
        serve(sys.argv[2])
        return
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--docs", type=int, default=50)
    p.add_argument("--size", type=int, default=200)
    p.add_argument("--edits", type=int, default=5)
    p.add_argument("--modes", default="semantic,no-semantic",
                   type=lambda s: [x for x in s.split(",") if x])
    p.add_argument("--no-features", dest="features", action="store_false",
                   help="do not ask for semantic tokens, symbols and folding ranges")
    p.add_argument("--same-intents", action="store_true",
                   help="keep gen_docs' 10 intents (fewer texts for the embedding cache)")
    p.add_argument("--breakdown", action="store_true",
                   help="also the sizes of the server's structures (see above)")
    asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    main()
