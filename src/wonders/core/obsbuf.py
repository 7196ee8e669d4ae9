"""What the compiled observers (``<game>/observe.py``) write observations and masks with,
and hand them out through (``Observer``). No numpy here: these run compiled, where numpy
is an untyped, slow object.

Two ways to write an observation, both reading only inputs that may change and writing
only what they changed (a step changes a few fields; reading the unchanged parts again was
most of the cost), keeping nothing of a state: any state may be observed next, in any
order (one thread at a time: what is kept is shared by the calls).

- Runs written whole (classic, Architects): the observation is joined from runs of
  float32 bytes (a part: a city, a deck, a field of the seat's own), each kept with the
  inputs it was written from and written again from scratch, with native writes
  (``librt.strings``), when they changed. Best where the observation is small or made of
  many parts that change one at a time.
- ``Dense`` (Duel): each seat's observation kept whole, and only the entries that changed
  written in place. Best where a large field changes a little at a time (Duel's
  structure of 20 places of 73 cards each: there runs were slower).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex, cast

from librt.strings import BytesWriter, write_f32_le


class Dense:
    """One seat's observation, kept between calls: each call writes every field again, and
    only the entries whose value changed are stored (a step changes a few of them; most
    of the cost of writing an observation is reading the unchanged ones again).

    ``floats`` (over ``buf``, float32 in the machine's order) holds the observation; the
    caller copies it out. ``values`` is the same as ints. A field written with ``count``,
    ``tally``, ``table`` or ``one`` remembers its last input (a
    copy, compared by value: nothing of a state is kept, and a state changed in place is
    read again) and is skipped while that input is unchanged. ``put`` compares with the
    value held. Every field must be written on every call (an empty input when absent), or
    it keeps its old value.

    A part that is the same in every seat's observation (a player's city, at the seat's
    relative place) is written once, in a ``Dense`` of its own, and ``paste``d into each
    seat's where it changed since that seat's last observation (``version``): a step
    changes one or two cities, so each change is read once, not once per seat."""

    def __init__(self, size: int) -> None:
        self.buf = bytearray(4 * size)
        self.floats = memoryview(self.buf).cast("f")
        self.values = [0] * size
        self.inputs: list[Any] = [None] * size  # by a field's offset: its last input
        self.version = 0  # counts the writes

    def put(self, i: int, value: int) -> None:
        """Entry ``i`` holds ``value``."""
        if self.values[i] != value:
            self.values[i] = value
            self.floats[i] = value
            self.version += 1

    def _add(self, i: int, by: int) -> None:
        value = self.values[i] + by
        self.values[i] = value
        self.floats[i] = value
        self.version += 1

    def paste(self, offset: int, part: Dense) -> bool:
        """The entries from ``offset`` hold ``part``'s (always the same part at one
        offset): copied if it was written since this offset's last copy (then True).
        Only the floats are copied: the region must hold nothing the seat writes itself."""
        if self.inputs[offset] == part.version:
            return False
        self.buf[4 * offset : 4 * offset + len(part.buf)] = part.buf
        self.inputs[offset] = part.version
        return True

    def count(self, offset: int, index: dict[str, int], names: list[str]) -> None:
        """The field at ``offset`` counts ``names``: 1 at ``offset + index[name]`` per
        name (a name twice: 2; unknown names skipped)."""
        before = self.inputs[offset]
        if before is not None and before == names:
            return
        self.recount(offset, index, before if before is not None else [], names)
        self.inputs[offset] = list(names)

    def recount(
        self, offset: int, index: dict[str, int], before: list[str], names: list[str]
    ) -> None:
        """A counting field at ``offset`` that counted ``before`` counts ``names`` (the
        caller remembers its input). Only the middle where the two lists differ is
        counted again (a card added at the end, or one taken out of a hand)."""
        start = 0
        end_before, end = len(before), len(names)
        while start < end_before and start < end and before[start] == names[start]:
            start += 1
        while end_before > start and end > start and before[end_before - 1] == names[end - 1]:
            end_before -= 1
            end -= 1
        for k in range(start, end_before):
            i = index.get(before[k], -1)
            if i >= 0:
                self._add(offset + i, -1)
        for k in range(start, end):
            i = index.get(names[k], -1)
            if i >= 0:
                self._add(offset + i, 1)

    def tally(self, offset: int, where: list[int], items: Sequence[int]) -> None:
        """``count`` of small numbers: 1 at ``offset + where[item]`` per item
        (``where[item]`` < 0: not shown). A tuple is kept as it is (immutable)."""
        before = self.inputs[offset]
        if before is not None:
            if before is items or before == items:
                return
            for item in before:
                w = where[item]
                if w >= 0:
                    self._add(offset + w, -1)
        for item in items:
            w = where[item]
            if w >= 0:
                self._add(offset + w, 1)
        self.inputs[offset] = items if isinstance(items, tuple) else list(items)

    def table(self, offset: int, index: dict[str, int], values: dict[str, int]) -> None:
        """The field at ``offset`` holds ``values[name]`` at ``offset + index[name]``
        (unknown names skipped)."""
        before = self.inputs[offset]
        if before is not None:
            if before == values:
                return
            for name in before:
                k = index.get(name, -1)
                if k >= 0:
                    self.put(offset + k, 0)
        for name, value in values.items():
            k = index.get(name, -1)
            if k >= 0:
                self.put(offset + k, value)
        self.inputs[offset] = dict(values)

    def one(self, offset: int, k: int) -> None:
        """The field at ``offset`` is one-hot: 1 at ``offset + k`` (``k`` < 0: none)."""
        before = self.inputs[offset]
        if before is not None:
            if before == k:
                return
            if before >= 0:
                self.put(offset + before, 0)
        if k >= 0:
            self.put(offset + k, 1)
        self.inputs[offset] = k


# ------------------------------------------------------------ runs written whole
# The float32 bytes of a part, written from scratch (natively when compiled: a few ns a
# value) when its inputs changed. A kept run is checked by its inputs' identity where the
# engine promises that an input is never changed in place (a new object for every change),
# else by value.

ZEROS = [bytes(4 * k) for k in range(257)]  # runs of 0.0 by length


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


def counts(w: BytesWriter, index: dict[str, int], names: list[str]) -> None:
    """``len(index)`` entries: how many of ``names`` have each index (unknown names
    skipped), written as the counts and the runs of zeros between them."""
    size = len(index)
    found: list[int] = []
    for name in names:
        i = index.get(name, -1)
        if i >= 0:
            found.append(i)
    found.sort()
    at = 0
    k = 0
    while k < len(found):
        i = found[k]
        c = 1
        while k + c < len(found) and found[k + c] == i:
            c += 1
        zeros(w, i - at)
        write_f32_le(w, float(c))
        at = i + 1
        k += c
    zeros(w, size - at)


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


def inverse(where: list[int], size: int) -> list[int]:
    """For ``gather``: the ``k`` with ``where[k] == i`` at each ``i`` < ``size`` (-1: none)."""
    out = [-1] * size
    for k in range(len(where)):
        if 0 <= where[k] < size:
            out[where[k]] = k
    return out


WAIT = 0  # the index of a seat that owes no decision (``wonders.envs.codec``)


class Observer:
    """What every game's compiled observer (``<game>/observe.py``) shares: one compiled call
    per use that writes an observation or a mask and hands it out as a new numpy array
    (``observation``, ``legal_and_mask``), made with the numpy function the codec gives
    with ``attach`` (no numpy imported here: compiled, it would be an untyped, slow
    object)."""

    def __init__(self, num_actions: int) -> None:
        self.no_mask = bytes(num_actions)
        self.frombuffer: Any = None
        self.float32: Any = None
        self.int8: Any = None

    def attach(self, frombuffer: Any, float32: Any, int8: Any) -> None:
        """``numpy.frombuffer`` and the observation's and mask's dtypes."""
        self.frombuffer = frombuffer
        self.float32 = float32
        self.int8 = int8

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
        return self.frombuffer(self.observe(state, seat), self.float32)

    def legal_and_mask(self, actions: list[Any], seat: int) -> tuple[dict[int, Any], Any]:
        """Index -> action for ``seat``'s legal ``actions``, and its mask, a new array
        (no actions: ``{WAIT: None}``)."""
        if not actions:
            actions = [None]
            indices = [WAIT]
        else:
            indices = self.indices(actions, seat)
        legal = legal_map(indices, actions)
        mask = bytearray(self.no_mask)
        for i in cast(dict[SupportsIndex, Any], legal):
            mask[i] = 1
        return legal, self.frombuffer(mask, self.int8)


KEPT = 8192  # ActionIndex's bound


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


def legal_map(indices: list[int], actions: list[Any]) -> dict[int, Any]:
    """Index -> action, for the ``indices`` (one per action, same order) that are not -1
    (the encoding's "none")."""
    out: dict[SupportsIndex, Any] = {}
    # the indices as the list's own objects: an int read as an int is boxed again when
    # stored (a new object above 256), here and when the mask reads the keys
    boxed = cast(list[SupportsIndex], indices)
    for k in range(len(boxed)):
        i = boxed[k]
        if i != -1:
            out[i] = actions[k]
    return cast(dict[int, Any], out)


def mask(indices: list[int], size: int) -> bytearray:
    """A mask of ``size`` bytes: 1 at each of ``indices`` that is >= 0."""
    out = bytearray(size)
    for i in indices:
        if i >= 0:
            out[i] = 1
    return out
