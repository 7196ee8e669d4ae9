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


class Entries:
    """The entries of one observation at a time (reused: ``start`` begins the next; not for
    two threads at once). Entries written twice at one position add up: ``add`` counts
    names, ``put`` writes a value where nothing else writes."""

    def __init__(self) -> None:
        self.out: list[int] = []

    def start(self) -> None:
        """Begin a new observation, all zeros."""
        self.out = []

    def add(self, i: int) -> None:
        """Add 1 to entry ``i``."""
        out = self.out
        out.append(i & 255)
        out.append(i >> 8)
        out.append(1)
        out.append(0)

    def put(self, i: int, value: int) -> None:
        """Write ``value`` (0 <= value < 65536) at ``i``, which nothing else writes."""
        if value:
            out = self.out
            out.append(i & 255)
            out.append(i >> 8)
            out.append(value & 255)
            out.append(value >> 8)

    def count(self, offset: int, index: dict[str, int], names: list[str]) -> None:
        """Add 1 at ``offset + index[name]`` for each known name (unknown names skipped)."""
        for name in names:
            k = index.get(name, -1)
            if k >= 0:
                self.add(offset + k)

    def pack(self) -> bytes:
        """The entries as little-endian uint16 (position, value) pairs."""
        return bytes(self.out)


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
