"""What the compiled observers (``<game>/observe.py``) write observations and masks with,
and hand them out through (``Observer``). No numpy here: these run compiled, where numpy
is an untyped, slow object.

An observation is joined from runs of float32 bytes (a part: a city, a deck, a field of
the seat's own), each kept with the inputs it was written from and written again, with
native writes (``librt.strings``), only when they changed: a step changes a few parts,
and reading or writing the unchanged ones again was most of the cost. A big field that
changes a few entries at a time (Duel's structure: 20 places of 73 cards) is a ``Sheet``,
kept and changed in place. Nothing of a state is kept: any state may be observed next, in
any order (one thread at a time: what is kept is shared by the calls).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, Final, SupportsIndex, cast

from librt.strings import BytesWriter, write_f32_le
from mypy_extensions import i64

# ------------------------------------------------------------ runs written whole
# The float32 bytes of a part, written from scratch (natively when compiled: a few ns a
# value) when its inputs changed. A kept run is checked by its inputs' identity where the
# engine promises that an input is never changed in place (a new object for every change),
# else by value.

ZEROS: Final = [bytes(4 * k) for k in range(257)]  # runs of 0.0 by length


def zeros(w: BytesWriter, size: int) -> None:
    """``size`` zeros."""
    w.write(ZEROS[size] if size <= 256 else bytes(4 * size))


def one_hot(w: BytesWriter, size: int, k: int) -> None:
    """``size`` entries, 1 at ``k`` (``k`` < 0: none)."""
    if k < 0:
        zeros(w, size)
        return
    zeros(w, k)
    write_f32_le(w, 1.0)
    zeros(w, size - k - 1)


def values(w: BytesWriter, row: list[int]) -> None:
    """Each of ``row``."""
    for v in row:
        write_f32_le(w, float(v))


# a count n < 256 as float32 little-endian: bytes 0 and 1 are 0, then HIGH2[n], HIGH3[n]
HIGH2: Final = [struct.pack("<f", n)[2] for n in range(256)]
HIGH3: Final = [struct.pack("<f", n)[3] for n in range(256)]
COUNT_OF: Final = {HIGH3[n] << 8 | HIGH2[n]: n for n in range(256)}


def counts(w: BytesWriter, index: dict[str, int], names: list[str]) -> None:
    """``len(index)`` entries: how many of ``names`` have each index (unknown names
    skipped; fewer than 256 of one name), written as zeros and then each name's entry
    set in place (no sorting, no list)."""
    start: i64 = len(w)
    zeros(w, len(index))
    for name in names:
        i = index.get(name, -1)
        if i >= 0:
            j = start + 4 * i
            if w[j + 3] == 0:  # the first of this name: 1.0
                w[j + 2] = 0x80
                w[j + 3] = 0x3F
            else:
                high: int = w[j + 3]  # ints: u8 arithmetic would overflow
                low: int = w[j + 2]
                n = COUNT_OF[high << 8 | low] + 1
                w[j + 2] = HIGH2[n]
                w[j + 3] = HIGH3[n]


def tally(w: BytesWriter, where: list[int], size: int, items: list[int]) -> None:
    """``size`` entries: 1 at ``where[item]`` per item (``where[item]`` < 0: not shown)."""
    if not items:
        zeros(w, size)
        return
    row = [0] * size
    for item in items:
        i = where[item]
        if i >= 0:
            row[i] += 1
    values(w, row)


def gather(w: BytesWriter, source: list[int], row: list[int]) -> None:
    """``len(source)`` entries: ``row[source[i]]`` at ``i`` (``source[i]`` < 0: 0)."""
    for i in range(len(source)):
        k = source[i]
        write_f32_le(w, float(row[k]) if k >= 0 else 0.0)


class Pile:
    """A field counting names (``counts``), kept with the names it was written from
    (compared by value: the state changes its lists in place)."""

    def __init__(self, index: dict[str, int]) -> None:
        self.index = index
        self.names: list[str] = []
        w = BytesWriter()
        zeros(w, len(index))
        self.run = w.getvalue()

    def of(self, names: list[str]) -> bytes:
        """The field's run for ``names``."""
        if names != self.names:
            w = BytesWriter()
            counts(w, self.index, names)
            self.run = w.getvalue()
            self.names = list(names)
        return self.run


class Sheet:
    """A run of ``size`` float32 entries, each 0 or 1, kept and changed in place (natively:
    a ``BytesWriter``'s items; 1.0 is the bytes 00 00 80 3f, so a flip sets the last two)."""

    def __init__(self, size: int) -> None:
        self.w = BytesWriter()
        zeros(self.w, size)
        self.bytes: bytes | None = None  # the run, made again after a change

    def flag(self, i: i64, on: bool) -> None:
        """Entry ``i`` is 1 if ``on`` else 0."""
        j = 4 * i
        self.w[j + 2] = 0x80 if on else 0
        self.w[j + 3] = 0x3F if on else 0
        self.bytes = None

    def run(self) -> bytes:
        """The entries' bytes."""
        if self.bytes is None:
            self.bytes = self.w.getvalue()
        return self.bytes


def inverse(where: list[int], size: int) -> list[int]:
    """For ``gather``: the ``k`` with ``where[k] == i`` at each ``i`` < ``size`` (-1: none)."""
    out = [-1] * size
    for k in range(len(where)):
        if 0 <= where[k] < size:
            out[where[k]] = k
    return out


# up to this many actions, a mask is set in a bytearray (a call per item); above, in a
# BytesWriter (native items, but the writer and its copy cost more than a few calls)
FEW: Final = 8
WAIT: Final = 0  # the index of a seat that owes no decision (``wonders.envs.codec``)


class Observer:
    """What every game's compiled observer (``<game>/observe.py``) shares: one compiled call
    per use that writes an observation or a mask and hands it out as a new numpy array
    (``observation``, ``legal_and_mask``), made with the numpy function the codec gives
    with ``attach`` (no numpy imported here: compiled, it would be an untyped, slow
    object)."""

    def __init__(self, num_actions: int) -> None:
        self.no_mask = bytes(num_actions)
        self.array: Any = None
        self.float32: Any = None
        self.int8: Any = None
        self.obs_shape: tuple[int] = (0,)
        self.mask_shape = (num_actions,)

    def attach(self, array: Any, float32: Any, int8: Any, size: int) -> None:
        """``numpy.ndarray`` (called as ``ndarray(shape, dtype, buffer)``: less work than
        ``frombuffer``), the observation's and mask's dtypes, and the observation's size."""
        self.array = array
        self.float32 = float32
        self.int8 = int8
        self.obs_shape = (size,)

    def observe(self, state: Any, seat: int) -> bytearray:
        """``seat``'s observation of ``state``: its float32 bytes, a new bytearray (every
        game's observer defines it)."""
        raise NotImplementedError

    def indices(self, actions: list[Any], seat: int) -> list[int]:
        """Each of ``seat``'s legal ``actions``' index (-1 if the encoding cannot express it;
        every game's observer defines it)."""
        raise NotImplementedError

    def observation(self, state: Any, seat: int) -> Any:
        """``seat``'s observation of ``state``, a new array."""
        return self.array(self.obs_shape, self.float32, self.observe(state, seat))

    def legal_and_mask(self, actions: list[Any], seat: int) -> tuple[dict[int, Any], Any]:
        """Index -> action for ``seat``'s legal ``actions``, and its mask, a new array
        (no actions: ``{WAIT: None}``)."""
        if not actions:
            actions = [None]
            indices = [WAIT]
        else:
            indices = self.indices(actions, seat)
        if len(indices) <= FEW:
            legal = legal_map(indices, actions)
            out = mask(indices, len(self.no_mask))
        else:  # a BytesWriter's items are set natively (a bytearray's by a generic call)
            w = BytesWriter()
            w.write(self.no_mask)
            legal = legal_map(indices, actions, w)
            out = bytearray(w.getvalue())
        return legal, self.array(self.mask_shape, self.int8, out)


KEPT: Final = 8192  # ActionIndex's bound


class ActionIndex:
    """Each action's index, computed once (``index_of``; -1: none): found by identity
    first, as the engines hand out the same action objects again (no tuple hashed), then by
    value. At most ``KEPT`` objects are kept (alive, so no other object has their id)."""

    def __init__(self, index_of: Callable[[Any], int]) -> None:
        self.index_of = index_of
        self.by_id: dict[int, int] = {}
        self.by_value: dict[Any, int] = {}
        self.kept: list[Any] = []

    def indices(self, actions: list[Any]) -> list[int]:
        """Each of ``actions``' index."""
        by_id = self.by_id
        out: list[int] = []
        for a in actions:
            i = by_id.get(id(a), -2)
            if i == -2:
                i = self.by_value.get(a, -2)
                if i == -2:
                    i = self.by_value[a] = self.index_of(a)
                if len(self.kept) < KEPT:
                    by_id[id(a)] = i
                    self.kept.append(a)
            out.append(i)
        return out


def legal_map(
    indices: list[int], actions: list[Any], mask: BytesWriter | None = None
) -> dict[int, Any]:
    """Index -> action, for the ``indices`` (one per action, same order) that are not -1
    (the encoding's "none"); each of them also set to 1 in ``mask``, if given."""
    out: dict[SupportsIndex, Any] = {}
    # the indices as the list's own objects: an int read as an int is boxed again when
    # stored (a new object above 256)
    boxed = cast(list[SupportsIndex], indices)
    for k in range(len(indices)):
        i = indices[k]
        if i != -1:
            out[boxed[k]] = actions[k]
            if mask is not None:
                mask[i] = 1
    return cast(dict[int, Any], out)


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
