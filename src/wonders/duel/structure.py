"""The card structures of 7 Wonders Duel: which cards can be taken, which get revealed.

Layouts are data (data/structures.toml);
a card is *accessible* when no card of the next row overlaps it, and a face-down card is
turned face up as soon as it becomes accessible.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final, Generic, TypeVar

from wonders.core.datafiles import load_toml
from wonders.core.errors import DataError

CARDS_PER_AGE: Final = 20
T = TypeVar("T")


@dataclass(frozen=True)
class Slot:
    row: int
    x: int
    face_up: bool


@dataclass(frozen=True)
class Layout:
    slots: tuple[Slot, ...]
    covered_by: tuple[tuple[int, ...], ...]  # per slot: the slots lying on it
    lies_on: tuple[tuple[int, ...], ...]  # per slot: the slots it covers


@cache
def layouts() -> dict[int, Layout]:
    """The three Ages' layouts, validated: 20 slots each, every card but the bottom row's
    covered, the bottom row face up."""
    (doc,) = load_toml("wonders.duel", "structures.toml")
    out = {}
    for age in (1, 2, 3):
        rows = doc.get(f"age{age}")
        if not isinstance(rows, list):
            raise DataError(f"Duel structure of Age {age} is missing")
        slots = tuple(
            Slot(r, x, bool(row["face_up"])) for r, row in enumerate(rows) for x in row["x"]
        )
        if len(slots) != CARDS_PER_AGE:
            raise DataError(f"Duel structure of Age {age} has {len(slots)} places")
        covered_by = tuple(
            tuple(
                j
                for j, other in enumerate(slots)
                if other.row == s.row + 1 and abs(other.x - s.x) == 1
            )
            for s in slots
        )
        last = len(rows) - 1
        for s, cover in zip(slots, covered_by, strict=True):
            if (s.row == last) != (not cover):
                raise DataError(f"Duel Age {age}: the bottom row alone must start uncovered")
            if s.row == last and not s.face_up:
                raise DataError(f"Duel Age {age}: the bottom row must be face up")
        lies_on = tuple(
            tuple(j for j, cover in enumerate(covered_by) if i in cover) for i in range(len(slots))
        )
        out[age] = Layout(slots, covered_by, lies_on)
    return out


class Structure(Generic[T]):
    """One Age's structure holding cards of type ``T`` (``None`` once taken).

    The accessible places are kept up to date as cards are taken (legal actions read them
    on every decision)."""

    def __init__(self, age: int, cards: list[T], source: Structure[T] | None = None) -> None:
        """Lay ``cards`` out in ``age``'s layout, or copy ``source`` (a copy constructor:
        compiled classes have no cheap ``__new__``)."""
        self.age = age
        if source is not None:
            self.layout: Layout = source.layout
            self.cards: list[T | None] = list(source.cards)
            self.face_up: list[bool] = list(source.face_up)
            self._open: list[int] = list(source._open)
            return
        if len(cards) != CARDS_PER_AGE:
            raise ValueError(f"a structure holds {CARDS_PER_AGE} cards")
        self.layout = layouts()[age]
        self.cards = list(cards)
        self.face_up = [s.face_up for s in self.layout.slots]
        self._open = self._compute_open()

    def _compute_open(self) -> list[int]:
        cards, covered_by = self.cards, self.layout.covered_by
        return [
            i
            for i, card in enumerate(cards)
            if card is not None and all(cards[j] is None for j in covered_by[i])
        ]

    def restore(self, cards: list[T | None], face_up: list[bool]) -> None:
        """Set the places' cards and faces (a saved game's)."""
        self.cards = list(cards)
        self.face_up = list(face_up)
        self._open = self._compute_open()

    def copy(self) -> Structure[T]:
        return Structure(self.age, [], self)

    def is_open(self, place: int) -> bool:
        """Whether the card at ``place`` can be taken now."""
        return place in self._open

    def open_place(self, card: T) -> int:
        """The accessible place holding ``card``, -1 if none (the cards are all different)."""
        cards = self.cards
        for place in self._open:
            held = cards[place]
            if held is card or held == card:
                return place
        return -1

    def accessible(self) -> list[int]:
        """Places whose card can be taken now."""
        return list(self._open)

    def open_places(self) -> list[int]:
        """``accessible()`` without a copy: the structure's own list, to read, not change
        (the legal actions read it on every decision)."""
        return self._open

    def take(self, place: int) -> tuple[T, list[int]]:
        """Take the card at an accessible place; returns it and the places turned face up."""
        card = self.cards[place]
        if card is None or place not in self._open:
            raise ValueError(f"place {place} is not accessible")
        self.cards[place] = None
        self._open.remove(place)
        cards, covered_by = self.cards, self.layout.covered_by
        revealed = []
        for i in self.layout.lies_on[place]:
            if cards[i] is not None and all(cards[j] is None for j in covered_by[i]):
                self._open.append(i)
                if not self.face_up[i]:
                    self.face_up[i] = True
                    revealed.append(i)
        self._open.sort()
        return card, sorted(revealed)

    def visible(self) -> list[T | None]:
        """What a player sees: face-down and taken places are ``None``."""
        return [c if up else None for c, up in zip(self.cards, self.face_up, strict=True)]

    def is_empty(self) -> bool:
        return not self._open
