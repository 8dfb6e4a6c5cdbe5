"""Reads bounded while reading.

Only a regular file is read. A FIFO, a device, a socket or a directory is refused with what
it is (:class:`NotRegularFile`), checked on the open descriptor: the path is opened with
``O_NONBLOCK``, so a FIFO without a writer neither blocks the open nor the read, and a
symbolic link replaced between a check and the open is still caught. A symbolic link loop is
named as such.

Every read stops at the size limit plus one byte (:func:`read_limited`), whatever the file
or stream says of its size: ``stat`` says 0 for a pipe, and a file may grow while it is read.
"""
from __future__ import annotations

import errno
import os
import stat
from typing import Callable, NamedTuple

CHUNK = 1 << 20        # bytes a read asks for at a time
HEAD = 65536           # what is kept of an input over its limit (enough for a kind's marks)
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | \
    getattr(os, "O_BINARY", 0)


LOOP = "a symlink loop"


class NotRegularFile(OSError):
    """A path that names no regular file; ``strerror`` says what it is."""

    def __init__(self, what: str, path: str) -> None:
        super().__init__(errno.ELOOP if what == LOOP else errno.EINVAL,
                         what if what == LOOP else f"not a regular file: {what}", path)
        self.what = what


class TooLarge(OSError):
    """A file read whole or not at all that is over its limit."""

    def __init__(self, path, limit: int, size: int | None, what: str = "file") -> None:
        told = f"{size:,} bytes" if size is not None else f"more than {limit:,} bytes"
        super().__init__(errno.EFBIG, f"the {what} is too large ({told}; at most {limit:,} are read)",
                         os.fspath(path))


def what_is(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file (None: it is one)."""
    if stat.S_ISREG(mode):
        return None
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "an unknown kind of file"


def not_regular(path: str | os.PathLike) -> str | None:
    """What ``path`` is when it exists and is no regular file ("a FIFO", "a symlink loop"...);
    None for a regular file and for a path that does not exist (the caller says so)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return LOOP if exc.errno == errno.ELOOP else None
    return what_is(st.st_mode)


def missing_reason(path: str | os.PathLike) -> str:
    """Why a path named by the user cannot be read: what it is when it is no regular file, a
    dangling symbolic link, or that it does not exist."""
    what = not_regular(path)
    if what == LOOP:
        return LOOP
    if what is not None:
        return f"not a regular file: {what}"
    if os.path.islink(path):
        return f"a symbolic link to a missing file ({os.readlink(path)})"
    return "no such file or directory"


def open_regular(path: str | os.PathLike) -> tuple[int, os.stat_result]:
    """A descriptor of the regular file ``path`` and its status; raises NotRegularFile for
    anything else (the descriptor is checked, not the name), OSError when it cannot be opened."""
    name = os.fspath(path)
    try:
        fd = os.open(name, _FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegularFile(LOOP, name) from None
        raise
    try:
        st = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    what = what_is(st.st_mode)
    if what is not None:
        os.close(fd)
        raise NotRegularFile(what, name)
    return fd, st


def read_limited(read: Callable[[int], bytes], limit: int | None) -> bytes:
    """What ``read(n)`` gives until the end, in chunks, but at most ``limit + 1`` bytes (one
    more than the limit says the input is over it). ``limit`` 0 or None: no limit."""
    parts, total = [], 0
    want = limit + 1 if limit else None
    while want is None or total < want:
        chunk = read(CHUNK if want is None else min(CHUNK, want - total))
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
    return parts[0] if len(parts) == 1 else b"".join(parts)


class Read(NamedTuple):
    """A bounded read: ``raw`` is the whole input when ``over`` is False, else its first
    :data:`HEAD` bytes; ``size`` is the input's size in bytes, None when it is only known to
    be over the limit (a stream, or a file that grew while it was read)."""
    raw: bytes
    size: int | None
    over: bool


def read_file(path: str | os.PathLike, limit: int | None) -> Read:
    """The bytes of the regular file ``path``, at most ``limit`` of them (0 or None: all).
    Raises NotRegularFile or OSError."""
    fd, st = open_regular(path)
    try:
        if limit and st.st_size > limit:       # the size is known: read only the head
            return Read(_read_fd(fd, HEAD), st.st_size, True)
        raw = read_limited(lambda n: _read_fd(fd, n), limit)
    finally:
        os.close(fd)
    if limit and len(raw) > limit:
        return Read(raw[:HEAD], None, True)
    return Read(raw, len(raw), False)


def read_stream(read: Callable[[int], bytes], limit: int | None) -> Read:
    """Standard input (or any stream) read as :func:`read_file` reads a file."""
    raw = read_limited(read, limit)
    if limit and len(raw) > limit:
        return Read(raw, None, True)           # all that was read: a filter passes it on
    return Read(raw, len(raw), False)


def text_or_none(path: str | os.PathLike, limit: int) -> str | None:
    """The text of the regular file ``path`` (UTF-8, undecodable bytes replaced); None when
    it cannot be read, is no regular file or is over ``limit`` bytes (a file compared with
    what it should hold: a kept page, a file as saved)."""
    try:
        got = read_file(path, limit)
    except OSError:
        return None
    return None if got.over else got.raw.decode("utf-8", errors="replace")


def read_bytes(path: str | os.PathLike, limit: int, what: str = "file") -> bytes:
    """The whole regular file ``path``; raises OSError (NotRegularFile) when it is no regular
    file and :class:`TooLarge` when it is over ``limit`` bytes (a configuration file, a
    catalog, a pin file: inputs that are read whole or not at all)."""
    got = read_file(path, limit)
    if got.over:
        raise TooLarge(path, limit, got.size, what)
    return got.raw


def _read_fd(fd: int, n: int) -> bytes:
    """Up to ``n`` bytes of a regular file (a short read only at its end)."""
    parts, total = [], 0
    while total < n:
        chunk = os.read(fd, n - total)
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
    return b"".join(parts)
