"""The observation entries and legal-action masks written by the compiled observers
(``<game>/observe.py``).

An observation is mostly zeros: an observer writes its non-zero entries here, and
``pack`` returns them as one byte string of 12-byte records, a position (little-endian
int64) then a value (little-endian float32), which numpy reads without converting anything
(``numpy.frombuffer`` with ``ENTRY``) and adds into a zero vector in one call
(``numpy.add.at``, which sums the values written at one position): much cheaper than
numpy converting lists of Python ints, or than compiled code setting the items of a
``bytearray`` one by one. No numpy here: these run compiled, where numpy is an untyped,
slow object.
"""

from __future__ import annotations

import struct
from typing import Any

VALUES = 1024  # values below this have their bytes made once (the encodings' bound: 1000)
ENTRY = "<qf"  # one entry's record (struct format); numpy: [("<i8"), ("<f4")], packed


def _value(v: int) -> bytes:
    return struct.pack("<f", v)


class Entries:
    """The entries of one observation at a time, for positions below ``size`` (reused:
    ``start`` begins the next; not for two threads at once). Entries written twice at one
    position add up: ``add`` counts names, ``put`` writes a value. Each entry is made of
    ``bytes`` made in advance, joined by ``pack``."""

    def __init__(self, size: int) -> None:
        self.ones = [struct.pack(ENTRY, i, 1) for i in range(size)]
        self.positions = [i.to_bytes(8, "little") for i in range(size)]
        self.values = [_value(v) for v in range(VALUES)]
        self.parts: list[bytes] = []

    def start(self) -> None:
        """Begin a new observation, all zeros."""
        self.parts = []

    def add(self, i: int) -> None:
        """Add 1 to entry ``i``."""
        self.parts.append(self.ones[i])

    def put(self, i: int, value: int) -> None:
        """Add ``value`` to entry ``i`` (where, in the encodings, nothing else writes)."""
        if value == 1:
            self.parts.append(self.ones[i])
        elif 0 < value < VALUES:
            self.parts.append(self.positions[i])
            self.parts.append(self.values[value])
        elif value:
            self.parts.append(struct.pack(ENTRY, i, value))

    def count(self, offset: int, index: dict[str, int], names: list[str]) -> None:
        """Add 1 at ``offset + index[name]`` for each known name (unknown names skipped)."""
        parts, ones = self.parts, self.ones
        for name in names:
            k = index.get(name, -1)
            if k >= 0:
                parts.append(ones[offset + k])

    def pack(self) -> bytes:
        """The entries as ``ENTRY`` records."""
        return b"".join(self.parts)


def legal_map(indices: list[int], actions: list[Any]) -> dict[int, Any]:
    """Index -> action, for the ``indices`` (one per action, same order) that are >= 0."""
    out: dict[int, Any] = {}
    for k, i in enumerate(indices):
        if i >= 0:
            out[i] = actions[k]
    return out


def legal_mask(
    indices: list[int], actions: list[Any], size: int
) -> tuple[dict[int, Any], bytearray]:
    """``legal_map`` and, in the same pass, a mask of ``size`` bytes: 1 at each index."""
    out: dict[int, Any] = {}
    mask = bytearray(size)
    for k, i in enumerate(indices):
        if i >= 0:
            out[i] = actions[k]
            mask[i] = 1
    return out, mask


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
