"""The observation entries written by the compiled observers (``<game>/observe.py``).

An observation is mostly zeros: an observer writes its non-zero entries here as
little-endian ``uint16`` pairs (position, value), which numpy reads in one call
(``numpy.frombuffer``) and sums into a zero vector (``numpy.bincount``): much cheaper than
numpy converting lists of Python ints, or than compiled code setting the items of a
``bytearray`` one by one. Every position and value is a whole number below 65536 (the
encodings bound their values by 1000). No numpy here: these run compiled, where numpy is
an untyped, slow object.
"""

from __future__ import annotations

VALUES = 1024  # values below this have their bytes made once (the encodings' bound: 1000)


def _pair(a: int, b: int) -> bytes:
    return bytes((a & 255, a >> 8, b & 255, b >> 8))


class Entries:
    """The entries of one observation at a time, for positions below ``size`` (reused:
    ``start`` begins the next; not for two threads at once). Entries written twice at one
    position add up: ``add`` counts names, ``put`` writes a value where nothing else
    writes. Each entry is one ``bytes`` made in advance, joined by ``pack``."""

    def __init__(self, size: int) -> None:
        self.ones = [_pair(i, 1) for i in range(size)]
        self.positions = [bytes((i & 255, i >> 8)) for i in range(size)]
        self.values = [bytes((v & 255, v >> 8)) for v in range(VALUES)]
        self.parts: list[bytes] = []

    def start(self) -> None:
        """Begin a new observation, all zeros."""
        self.parts = []

    def add(self, i: int) -> None:
        """Add 1 to entry ``i``."""
        self.parts.append(self.ones[i])

    def put(self, i: int, value: int) -> None:
        """Write ``value`` (0 <= value < 65536) at ``i``, which nothing else writes."""
        if value == 1:
            self.parts.append(self.ones[i])
        elif 0 < value < VALUES:
            self.parts.append(self.positions[i])
            self.parts.append(self.values[value])
        elif value:
            self.parts.append(_pair(i, value))

    def count(self, offset: int, index: dict[str, int], names: list[str]) -> None:
        """Add 1 at ``offset + index[name]`` for each known name (unknown names skipped)."""
        parts, ones = self.parts, self.ones
        for name in names:
            k = index.get(name, -1)
            if k >= 0:
                parts.append(ones[offset + k])

    def pack(self) -> bytes:
        """The entries as little-endian uint16 (position, value) pairs."""
        return b"".join(self.parts)


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
