"""Duel's hidden information: the deal of each Age, and the worlds a player cannot tell
apart (``sample_world``).

What a player cannot know: the face-down cards of the structure laid out now, the three
cards removed unseen each Age, the Ages to come, the wonders not yet offered in the draft
and the order of the progress tokens set aside. A sampled world re-deals exactly those,
keeping every card the player has seen where it is (guilds seen stay in the game).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Final, Protocol

from wonders.core.draws import sample, shuffle
from wonders.duel.cards import catalog
from wonders.duel.structure import Structure

REMOVED_PER_AGE: Final = 3
GUILDS_IN_PLAY: Final = 3


class _CityCards(Protocol):
    cards: list[str]
    built: dict[str, str]  # wonder -> the card under it


class Dealt(Protocol):
    """What ``resample`` reads and re-deals in a Duel state (``state.DuelState``; a
    protocol, so that this module does not import the state's)."""

    age: int
    phase: str
    decks: dict[int, list[str]]
    removed: dict[int, list[str]]
    structure: Structure[str] | None
    discard: list[str]
    unseen_wonders: list[str]
    box_tokens: list[str]

    @property
    def cities(self) -> Sequence[_CityCards]: ...


@cache
def _age_decks() -> dict[int, tuple[str, ...]]:
    cards = catalog().cards
    return {
        age: tuple(c.name for c in cards if c.age == age and c.color != "purple")
        for age in (1, 2, 3)
    }


@cache
def _guilds() -> tuple[str, ...]:
    return tuple(c.name for c in catalog().cards if c.color == "purple")


def age_cards(age: int) -> list[str]:
    """An Age's cards, the guilds aside."""
    return list(_age_decks()[age])


def guild_names() -> list[str]:
    return list(_guilds())


def deal_age(age: int, rng: random.Random, guilds: list[str]) -> tuple[list[str], list[str]]:
    """One Age's 20 cards in structure order and the 3 removed unseen (Age III: the 3 guilds
    are added after the removal, so they are always in the structure)."""
    cards = age_cards(age)
    shuffle(rng, cards)
    removed, kept = cards[:REMOVED_PER_AGE], cards[REMOVED_PER_AGE:]
    if age == 3:
        kept += guilds
        shuffle(rng, kept)
    return kept, removed


def visible_cards(state: Dealt) -> list[str]:
    """Every Age card a player has seen: built, discarded, under wonders, face up."""
    out = list(state.discard)
    for c in state.cities:
        out += c.cards
        out += c.built.values()
    structure = state.structure
    if structure is not None and state.phase != "draft":
        face_up = structure.face_up
        for i, card in enumerate(structure.cards):
            if card is not None and face_up[i]:
                out.append(card)
    return out


def resample(world: Dealt, rng: random.Random) -> None:
    """Re-deal in place what no player knows in ``world`` (a copy of the true state): both
    players know the same things in Duel, so this serves either seat."""
    shuffle(rng, world.unseen_wonders)
    shuffle(rng, world.box_tokens)
    structure = world.structure
    laid = world.age if structure is not None and world.phase != "draft" else 0
    seen = set(visible_cards(world))
    guilds = [g for g in _guilds() if g in seen]
    guilds += sample(rng, [g for g in _guilds() if g not in seen], GUILDS_IN_PLAY - len(guilds))
    for age in (1, 2, 3):
        if age < laid:
            continue
        if age > laid:
            world.decks[age], world.removed[age] = deal_age(age, rng, guilds)
            continue
        assert structure is not None
        cards, face_up = structure.cards, structure.face_up
        hidden = [i for i in range(len(cards)) if cards[i] is not None and not face_up[i]]
        seen_here = {c for c in world.decks[age] if c in seen}
        unknown = [c for c in _age_decks()[age] if c not in seen_here]
        shuffle(rng, unknown)
        must = [g for g in guilds if g not in seen_here] if age == 3 else []
        placed = must + unknown[: len(hidden) - len(must)]
        shuffle(rng, placed)
        deck = list(world.decks[age])
        for i, c in zip(hidden, placed, strict=True):
            cards[i] = c
            deck[i] = c
        world.decks[age] = deck
        world.removed[age] = unknown[len(hidden) - len(must) :]
