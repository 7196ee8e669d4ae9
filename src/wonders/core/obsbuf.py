"""Observation and mask buffers written by the compiled observers (``<game>/observe.py``).

An observation is written as little-endian ``uint16`` entries in a ``bytearray`` (two
bytes per entry, every value a whole number in [0, 65535]; the encodings bound theirs by
1000), a mask as one byte per action index. The environments turn them into numpy arrays
with one call each (``numpy.frombuffer``): cheaper than numpy converting lists of indices.
No numpy here: these run compiled, where numpy would be an untyped, slow object.
"""

from __future__ import annotations


def new_obs(size: int) -> bytearray:
    """An observation of ``size`` entries, all 0."""
    return bytearray(2 * size)


def add(buf: bytearray, i: int) -> None:
    """Add 1 to entry ``i`` (a count; counts stay far below 256)."""
    j = 2 * i
    buf[j] = buf[j] + 1


def put(buf: bytearray, i: int, value: int) -> None:
    """Set entry ``i`` to ``value`` (0 <= value < 65536)."""
    j = 2 * i
    buf[j] = value & 255
    buf[j + 1] = value >> 8


def count(buf: bytearray, offset: int, index: dict[str, int], names: list[str]) -> None:
    """Add 1 at ``offset + index[name]`` for each known name (unknown names are skipped)."""
    for name in names:
        k = index.get(name, -1)
        if k >= 0:
            add(buf, offset + k)


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
