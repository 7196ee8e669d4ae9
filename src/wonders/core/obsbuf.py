"""The observation entries and legal-action masks written by the compiled observers
(``<game>/observe.py``).

An observation is mostly zeros: an observer writes its non-zero entries here, and
``pack`` returns them as ``Packed``: the positions (little-endian int64) and the values
(little-endian float32) as two byte strings that numpy reads without converting anything
(``numpy.frombuffer``), for one fancy assignment into a zero vector (``vector`` in
``wonders.envs.codec``): much cheaper than numpy converting lists of Python ints, than
compiled code setting the items of a buffer one by one, or than ``numpy.add.at``. An
observation whose names repeat (two copies of a card in a hand) is flagged, and summed
with ``numpy.add.at`` instead. No numpy here: these run compiled, where numpy is an
untyped, slow object.
"""

from __future__ import annotations

import struct
from typing import Any

VALUES = 1024  # values below this have their bytes made once (the encodings' bound: 1000)

# (positions, values, whether a name may repeat: then summed, not assigned)
Packed = tuple[bytes, bytes, bool]


def _value(v: int) -> bytes:
    return struct.pack("<f", v)


class Entries:
    """The entries of one observation at a time, for positions below ``size`` (reused:
    ``start`` begins the next; not for two threads at once). ``add`` counts names, ``put``
    writes a value. An observer that may write one position twice (a name counted twice)
    says so (``count_repeating``, ``note_repeats``), so that the values are summed. Each
    entry is made of ``bytes`` made in advance (a position's, a value's), joined by
    ``pack``."""

    def __init__(self, size: int) -> None:
        self.positions = [i.to_bytes(8, "little") for i in range(size)]
        self.values = [_value(v) for v in range(VALUES)]
        self.one = self.values[1]
        self.at: list[bytes] = []
        self.vals: list[bytes] = []
        self.repeated = False

    def start(self) -> None:
        """Begin a new observation, all zeros."""
        self.at = []
        self.vals = []
        self.repeated = False

    def add(self, i: int) -> None:
        """Add 1 to entry ``i``."""
        self.at.append(self.positions[i])
        self.vals.append(self.one)

    def put(self, i: int, value: int) -> None:
        """Write ``value`` at entry ``i`` (where nothing else writes in the encodings)."""
        if not value:
            return
        self.at.append(self.positions[i])
        if 0 < value < VALUES:
            self.vals.append(self.values[value])
        else:
            self.vals.append(_value(value))

    def count(self, offset: int, index: dict[str, int], names: list[str]) -> None:
        """Add 1 at ``offset + index[name]`` for each known name (unknown names skipped);
        the names are distinct (else ``count_repeating``)."""
        at, vals, positions, one = self.at, self.vals, self.positions, self.one
        for name in names:
            k = index.get(name, -1)
            if k >= 0:
                at.append(positions[offset + k])
                vals.append(one)

    def note_repeats(self, keys: list[Any]) -> None:
        """Flag the observation for summing if ``keys`` (what is about to be counted at
        one position each) hold one twice."""
        if len(keys) > 1 and len(set(keys)) < len(keys):
            self.repeated = True

    def count_repeating(self, offset: int, index: dict[str, int], names: list[str]) -> None:
        """``count`` of names that may repeat (a hand, a discard pile)."""
        self.note_repeats(names)
        self.count(offset, index, names)

    def pack(self) -> Packed:
        """The entries: positions, values, and whether a position may be written twice."""
        return b"".join(self.at), b"".join(self.vals), self.repeated


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
