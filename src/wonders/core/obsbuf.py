"""The observation entries written by the compiled observers (``<game>/observe.py``).

An observation is mostly zeros: an observer writes its non-zero entries here and packs
them as little-endian ``uint16`` pairs (position, value), which numpy reads in one call
(``numpy.frombuffer``) and scatters into a zero vector: much cheaper than numpy converting
lists of Python ints, or than compiled code setting the items of a ``bytearray`` one by
one. Every position and value is a whole number below 65536 (the encodings bound their
values by 1000). No numpy here: these run compiled, where numpy is an untyped, slow object.
"""

from __future__ import annotations


class Entries:
    """The entries of one observation at a time (reused: ``start`` begins the next; not
    for use by two threads at once). Each position appears once in ``pos``: ``add``
    counts, ``put`` sets, the stamps telling whether this observation wrote it already."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.stamp = [0] * size  # the observation that last wrote each position
        self.slot = [0] * size  # where in pos/val it did
        self.current = 0
        self.pos: list[int] = []
        self.val: list[int] = []

    def start(self) -> None:
        """Begin a new observation, all zeros."""
        self.current += 1
        self.pos = []
        self.val = []

    def add(self, i: int) -> None:
        """Add 1 to entry ``i``."""
        if self.stamp[i] == self.current:
            self.val[self.slot[i]] += 1
        else:
            self.stamp[i] = self.current
            self.slot[i] = len(self.pos)
            self.pos.append(i)
            self.val.append(1)

    def put(self, i: int, value: int) -> None:
        """Set entry ``i`` to ``value`` (0 <= value < 65536)."""
        if self.stamp[i] == self.current:
            self.val[self.slot[i]] = value
        elif value:
            self.stamp[i] = self.current
            self.slot[i] = len(self.pos)
            self.pos.append(i)
            self.val.append(value)

    def count(self, offset: int, index: dict[str, int], names: list[str]) -> None:
        """Add 1 at ``offset + index[name]`` for each known name (unknown names skipped)."""
        for name in names:
            k = index.get(name, -1)
            if k >= 0:
                self.add(offset + k)

    def pack(self) -> bytes:
        """The entries as little-endian uint16 (position, value) pairs."""
        out: list[int] = []
        val = self.val
        for k, p in enumerate(self.pos):
            v = val[k]
            out.append(p & 255)
            out.append(p >> 8)
            out.append(v & 255)
            out.append(v >> 8)
        return bytes(out)


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
