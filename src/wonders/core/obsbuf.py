"""What the compiled observers (``<game>/observe.py``) write observations and masks with,
and hand them out through (``Observer``). No numpy here: these run compiled, where numpy
is an untyped, slow object.

An observation is joined, in one call, from runs of float32 entries (a part: a city, a
deck, a pile, the seat's own fields). Each run (``Run``) is kept in native memory with the
inputs it was written from, and changed in place, natively, only where they changed: a
step changes a few entries of a few parts, and reading or writing the unchanged ones
again was most of the cost. Nothing of a state is kept: any state may be observed next,
in any order (one thread at a time: what is kept is shared by the calls).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, SupportsIndex, cast

from librt.vecs import vec
from mypy_extensions import i32, i64

ZEROS: Final = [bytes(4 * k) for k in range(257)]  # runs of 0.0 by length, never changed

# A run's float32 entries are kept in a ``vec[i32]`` (one item per entry: its bits, in
# the machine's byte order, little-endian where the observers are used), set natively
# from integers (every entry of every observation is one), and joined straight from that
# memory (a vec has the buffer protocol): no writer, bytes object or zeroed field is made
# per change. A kept run is checked by its inputs' identity where the engine promises
# that an input is never changed in place (a new object for every change), else by value.

EXACT: Final = 1 << 24  # every integer below this is a float32 exactly
ONE_BITS: Final = 0x3F800000  # 1.0


def _f32_bits(value: i64) -> i64:
    """``f32_bits``, computed."""
    if value == 0:
        return 0
    sign: i64 = 0
    if value < 0:
        sign = -0x80000000
        value = -value
    if value >= EXACT:
        raise ValueError(f"{value} is not exact as a float32")
    e: i64 = 0
    m = value >> 1
    while m:
        m >>= 1
        e += 1
    return sign | (127 + e) << 23 | (value << (23 - e)) & 0x7FFFFF


SMALL: Final = 1024
SMALL_BITS: Final = vec[i32]([i32(_f32_bits(k)) for k in range(SMALL)])  # most entries


def f32_bits(value: i64) -> i64:
    """The float32 bits of an integer (exact: |value| < 2**24), as a signed 32-bit
    integer (a negative value's bits are negative)."""
    if 0 <= value < SMALL:
        return i64(SMALL_BITS[value])
    return _f32_bits(value)


def f32_value(bits: i64) -> i64:
    """The integer whose float32 bits these are (``f32_bits``'s inverse)."""
    if bits & 0x7FFFFFFF == 0:
        return 0
    e = (bits >> 23 & 0xFF) - 127
    value = (bits & 0x7FFFFF | 0x800000) >> (23 - e)
    return -value if bits & 0x80000000 else value


class Run:
    """``size`` float32 entries, each an integer, kept in native memory (``bits``) and
    changed in place."""

    def __init__(self, size: int) -> None:
        self.bits: vec[i32] = vec[i32]([0] * size)
        # the same memory as an object, to join: made once (a vec is boxed anew at every
        # use as an object)
        self.out: object = self.bits

    def set(self, i: i64, value: i64) -> None:
        """Entry ``i`` is ``value``."""
        self.bits[i] = i32(f32_bits(value))

    def flag(self, i: i64, on: bool) -> None:
        """Entry ``i`` is 1 if ``on`` else 0."""
        self.bits[i] = ONE_BITS if on else 0

    def add_one(self, i: i64) -> None:
        """Entry ``i`` is 1 more (most often from 0: no conversion then)."""
        bits = self.bits
        old = bits[i]
        bits[i] = ONE_BITS if old == 0 else i32(f32_bits(f32_value(i64(old)) + 1))

    def clear(self, start: i64, size: i64) -> None:
        """Entries ``start`` to ``start + size`` are 0."""
        bits = self.bits
        for i in range(start, start + size):
            bits[i] = 0

    def one_hot(self, start: i64, size: i64, k: i64) -> None:
        """Entries ``start`` to ``start + size``: 1 at ``k``, else 0 (``k`` < 0: none)."""
        self.clear(start, size)
        if k >= 0:
            self.flag(start + k, True)

    def recount(self, start: i64, index: dict[str, int], old: list[str], new: list[str]) -> None:
        """The entries from ``start`` counted ``old`` names (each name's index); they count
        ``new`` now (unknown names skipped). Only the names' entries are written, and only
        after the names both lists begin with (a pile most often grows at its end)."""
        same = 0
        most = min(len(old), len(new))
        while same < most and old[same] == new[same]:
            same += 1
        if same < len(old):  # names removed or changed: all counted again
            bits = self.bits
            for name in old:
                i = index.get(name, -1)
                if i >= 0:
                    bits[start + i] = 0
            same = 0
        for k in range(same, len(new)):
            i = index.get(new[k], -1)
            if i >= 0:
                self.add_one(start + i)

    def values(self, start: i64, row: list[int]) -> None:
        """Entries from ``start``: each of ``row``."""
        for k in range(len(row)):
            self.set(start + k, row[k])

    def tally(self, start: i64, size: i64, where: list[int], items: list[int]) -> None:
        """Entries ``start`` to ``start + size``: how many of ``items`` have each
        ``where[item]`` (< 0: not shown)."""
        self.clear(start, size)
        for item in items:
            i = where[item]
            if i >= 0:
                self.add_one(start + i)

    def gather(self, start: i64, source: vec[i64], row: list[int], kept: vec[i64]) -> i64:
        """Entries from ``start``, ``len(source)`` of them: ``row[source[i]]`` at ``i``
        (``source[i]`` < 0: 0), written only where it differs from ``kept``, the row's
        values they were last written from (``unknown`` at first), which it updates.
        Returns the ``source[i]`` written, as bits (``1 << k``; k < 63)."""
        bits = self.bits
        written: i64 = 0
        for i in range(len(source)):
            k = source[i]
            if k < 0:
                bits[start + i] = 0
            elif kept[k] != row[k]:
                value = row[k]
                kept[k] = value
                bits[start + i] = i32(f32_bits(value))
                written |= i64(1) << k
        return written

    def copy(self, source: i64, to: i64, size: i64) -> None:
        """Entries ``source`` to ``source + size`` copied to ``to`` onward."""
        bits = self.bits
        for i in range(size):
            bits[to + i] = bits[source + i]


def unknown(size: int) -> vec[i64]:
    """``Run.gather``'s record of a row never written (no value is -1)."""
    return vec[i64]([-1] * size)


class Pile:
    """A field counting names, kept with the names it counts (compared by value: the
    state changes its lists in place); ``of`` gives its memory to join."""

    def __init__(self, index: dict[str, int]) -> None:
        self.index = index
        self.names: list[str] = []
        self.run = Run(len(index))

    def of(self, names: list[str]) -> object:
        """The field's entries for ``names`` (to join)."""
        if names != self.names:
            self.run.recount(0, self.index, self.names, names)
            self.names = list(names)
        return self.run.out


def inverse(where: list[int], size: int) -> list[int]:
    """For ``gather``: the ``k`` with ``where[k] == i`` at each ``i`` < ``size`` (-1: none)."""
    out = [-1] * size
    for k in range(len(where)):
        if 0 <= where[k] < size:
            out[where[k]] = k
    return out


WAIT: Final = 0  # the index of a seat that owes no decision (``wonders.envs.codec``)


MASK_ROWS: Final = 16  # masks made at once (``Observer``)


class Observer:
    """What every game's compiled observer (``<game>/observe.py``) shares: one compiled call
    per use that writes an observation or a mask and hands it out as a new numpy array
    (``observation``, ``legal_and_mask``), made with the numpy function the codec gives
    with ``attach`` (no numpy imported here: compiled, it would be an untyped, slow
    object).

    Masks are made ``MASK_ROWS`` at a time: one zeroed bytearray (``block``) seen as a 2-D
    array (``rows``), whose rows are handed out one per call, each set once and never
    written again (indexing a row is a third of the work of a new array). A mask is then
    a view of its block (``mask.base``): it keeps the block alive, at most
    ``MASK_ROWS - 1`` other masks' bytes."""

    def __init__(self, num_actions: int) -> None:
        self.num_actions = num_actions
        self.array: Any = None
        self.float32: Any = None
        self.int8: Any = None
        self.obs_shape: tuple[int] = (0,)
        self.block = bytearray()
        self.rows: Any = None
        self.row = MASK_ROWS  # the next row to hand out (``MASK_ROWS``: a new block first)
        self.base = 0  # the first byte of the row being set
        # joins an observation's runs into a new bytearray: bound once (a method looked up
        # at every call else)
        self.join: Callable[[Iterable[object]], bytearray] = cast(Any, bytearray().join)

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
        assert self.array is not None, "attach first"
        row = self.row
        if row == MASK_ROWS:
            self.block = bytearray(MASK_ROWS * self.num_actions)
            self.rows = self.array((MASK_ROWS, self.num_actions), self.int8, self.block)
            row = 0
        # the row is taken before it is set: one that ``legal`` failed to finish is skipped
        self.row = row + 1
        self.base = row * self.num_actions
        if actions:
            legal = self.legal(actions, seat)
        else:
            legal = {WAIT: None}
            self.block[self.base + WAIT] = 1
        return legal, self.rows[row]

    def find(self, a: Any, seat: int) -> object:
        """``a``'s index for ``seat`` as one kept int object (-1: none), for ``legal``: a
        key used as it is (an int read as an int is boxed again as a key)."""
        raise NotImplementedError

    def legal(self, actions: list[Any], seat: int) -> dict[int, Any]:
        """Index -> action for ``seat``'s legal ``actions`` (some), each index also set to
        1 in the mask being made (``block`` from ``base``), in one pass (``find``); an
        observer whose indices depend on each other (7 Wonders' payment slots) makes them
        from ``indices`` instead."""
        mask, base = self.block, self.base
        out: dict[object, Any] = {}
        for a in actions:
            found = self.find(a, seat)
            i = cast(int, found)
            if i != -1:
                out[found] = a
                mask[base + i] = 1
        return cast(dict[int, Any], out)


KEPT: Final = 8192  # ActionIndex's bound
SLOTS: Final = 256  # ActionIndex's direct-mapped slots (a power of 2)


class ActionIndex:
    """Each action's index, computed once (``index_of``; -1: none): found by identity
    first, as the engines hand out the same action objects again (no tuple hashed), then by
    value. At most ``KEPT`` objects are kept (alive, so no other object has their id). An
    index is kept as one int object, used as the index map's key as it is (an int read as
    an int would be boxed again).

    The last kept objects seen are also in ``SLOTS`` slots by their id (its bits above the
    16-byte alignment, modulo ``SLOTS``): a native comparison, with no id boxed and no dict
    looked into, finds most actions."""

    def __init__(self, index_of: Callable[[Any], int]) -> None:
        self.index_of = index_of
        self.by_id: dict[int, Any] = {}
        self.by_value: dict[Any, Any] = {}
        self.kept: list[Any] = []
        self.slot_ids: vec[i64] = vec[i64]([0] * SLOTS)  # 0: no object's id
        self.slot_found: list[object] = [None] * SLOTS

    def find(self, a: Any) -> object:
        """``a``'s index: in its slot, by identity, by value, else computed (and kept)."""
        key = i64(id(a))
        slot = key >> 4 & (SLOTS - 1)
        if self.slot_ids[slot] == key:
            return self.slot_found[slot]
        found: object = self.by_id.get(id(a))
        if found is None:
            found = self.by_value.get(a)
            if found is None:
                found = self.by_value[a] = self.index_of(a)
            if len(self.kept) >= KEPT:
                return found  # not kept: its id may be another object's later
            self.by_id[id(a)] = found
            self.kept.append(a)
        self.slot_ids[slot] = key
        self.slot_found[slot] = found
        return found

    def indices(self, actions: list[Any]) -> list[int]:
        """Each of ``actions``' index."""
        return [cast(int, self.find(a)) for a in actions]


def legal_map(indices: list[int], actions: list[Any]) -> dict[int, Any]:
    """Index -> action, for the ``indices`` (one per action, same order) that are not -1
    (the encoding's "none")."""
    out: dict[SupportsIndex, Any] = {}
    # the indices as the list's own objects: an int read as an int is boxed again when
    # stored (a new object above 256)
    boxed = cast(list[SupportsIndex], indices)
    for k in range(len(indices)):
        if indices[k] != -1:
            out[boxed[k]] = actions[k]
    return cast(dict[int, Any], out)


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
