"""``agis-lsp``: start the language server (stdio by default)."""
from __future__ import annotations

import argparse
import gc
import logging
import sys

from .. import __version__


def _address(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    try:
        return host or "127.0.0.1", int(port)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, not {value!r}") from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="agis-lsp",
                                description="Language server for AGIS documents and AGTP-API "
                                            "deployment files (stdio unless told otherwise).")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--stdio", action="store_true", help="talk over stdin/stdout (default)")
    group.add_argument("--tcp", metavar="HOST:PORT", type=_address,
                       help="listen on a TCP socket instead of stdio")
    group.add_argument("--ws", metavar="HOST:PORT", type=_address, nargs="?",
                       const=("127.0.0.1", 2087),
                       help="listen for a WebSocket client (needs `pip install pygls[ws]`)")
    p.add_argument("--log-file", metavar="FILE", help="write the server's log to FILE")
    p.add_argument("--log-level", default="INFO",
                   choices=("DEBUG", "INFO", "WARNING", "ERROR"), help="level for --log-file")
    p.add_argument("--version", action="version", version=f"agis-lsp {__version__}")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.log_file:
        logging.basicConfig(filename=args.log_file, level=getattr(logging, args.log_level),
                            format="%(asctime)s %(threadName)s %(name)s %(levelname)s %(message)s")
        # pygls logs every message body at INFO; keep that for DEBUG only.
        logging.getLogger("pygls").setLevel(logging.DEBUG if args.log_level == "DEBUG"
                                            else logging.WARNING)
    else:
        logging.getLogger("pygls").setLevel(logging.WARNING)
    # A parse of a large document allocates ~10^5 objects; collect young objects less often.
    gc.set_threshold(20_000, 20, 20)
    from ..engine.linter import single_blas_thread
    single_blas_thread()   # before the model's first load imports numpy
    from .server import build_server
    server = build_server()
    if args.tcp:
        server.start_tcp(*args.tcp)
    elif args.ws:
        server.start_ws(*args.ws)
    else:
        server.start_io()
    # The transport is closed (``exit``, or the client went away). End now rather than at
    # interpreter shutdown, which waits for worker threads (a check of a large document) and
    # can abort on a native thread (the model half-loaded).
    from .features.lifecycle import hard_exit
    hard_exit(getattr(server, "exit_code", 0))
    return 0  # pragma: no cover - hard_exit does not return


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
