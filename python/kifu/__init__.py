"""kifu for Python: the rules, the records and the engine of Mana, Escampe,
Shogun and Flower of the Lotus, from the same Rust crate as the `kifu`
command. See docs/python.md."""

import bz2
import io
import lzma
import os

from . import _kifu
from ._kifu import (
    __version__,
    GAMES,
    SQUARE_LINES,
    EngineError,
    Engine,
    Game,
    IllegalMove,
    Move,
    PlayResult,
    Reader,
    Record,
    search,
    solve,
    Solution,
)

__all__ = [
    "__version__",
    "GAMES",
    "SQUARE_LINES",
    "Engine",
    "EngineError",
    "Game",
    "IllegalMove",
    "Move",
    "PlayResult",
    "Reader",
    "Record",
    "read",
    "search",
    "solve",
    "Solution",
    "validate",
]


def validate(source):
    """The verdicts of every record of `source` (a path or a file object,
    plain or compressed), as `kifu validate --format json` gives them; or,
    for a `Record`, its verdict."""
    if isinstance(source, Record):
        return source.validate()
    return validate_file(source)


def read(source):
    """The records of a plain or compressed file (a path or a file object),
    one at a time, in constant memory."""
    return _kifu.read(_decompressed(source))


def validate_file(source):
    """The verdicts of every record of `source` (as `read` takes it), as
    `kifu validate --format json` gives them."""
    return _kifu.validate_file(_decompressed(source))


def _zstd_open(file):
    """A zstd stream decoded: by the standard library from Python 3.14, else
    by the zstandard package."""
    try:
        from compression import zstd

        return zstd.open(file, "rb")
    except ImportError:
        pass
    try:
        import zstandard
    except ImportError:
        raise OSError(
            "zstd-compressed: Python reads zstd from version 3.14 on, or "
            "with the zstandard package (pip install zstandard)"
        ) from None
    if not hasattr(file, "read"):
        file = open(file, "rb")
    return zstandard.ZstdDecompressor().stream_reader(file, read_across_frames=True)


# The formats whose C libraries the Rust core is built without (the wheel
# links none of them): Python's own modules decode them. gzip the core reads.
_DECODERS = {
    "bzip2": lambda file: bz2.open(file, "rb"),
    "xz": lambda file: lzma.open(file, "rb"),
    "zstd": _zstd_open,
}


class _Prefixed(io.RawIOBase):
    """A binary file named `name` whose first bytes, `head`, were read
    already: they are read again, then the rest of `rest`."""

    def __init__(self, head, rest, name):
        super().__init__()
        self._head, self._rest, self.name = head, rest, name

    def readable(self):
        return True

    def readinto(self, buffer):
        if not self._head:
            self._head = self._rest.read(len(buffer))
            if isinstance(self._head, str):
                self._head = self._head.encode()
        chunk, self._head = self._head[: len(buffer)], self._head[len(buffer) :]
        buffer[: len(chunk)] = chunk
        return len(chunk)


def _decompressed(source):
    """`source`, or, when it is compressed with bzip2, xz or zstd, a file
    object of its text decoded by Python's modules."""
    if isinstance(source, io.TextIOBase):
        return source
    if hasattr(source, "read"):
        name = getattr(source, "name", "-")
        head = source.read(_kifu.MAGIC_BYTES)
        if isinstance(head, str):
            return _Prefixed(head.encode(), source, name)
        raw = _Prefixed(head, source, name)
    else:
        try:
            with open(source, "rb") as file:
                head = file.read(_kifu.MAGIC_BYTES)
        except OSError:
            return source  # the core's own error says why
        name, raw = os.fsdecode(source), None
    decoder = _DECODERS.get(_kifu.compression_of(head))
    if decoder is None:
        return source if raw is None else raw
    try:
        decoded = decoder(source if raw is None else raw)
    except OSError as error:
        raise OSError(f"{name}: {error}") from None
    return _Prefixed(b"", decoded, name)
