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
from typing import Protocol

from wonders.duel.cards import catalog
from wonders.duel.structure import Structure

REMOVED_PER_AGE = 3
GUILDS_IN_PLAY = 3


class _CityCards(Protocol):
    cards: list[str]
    built: dict[str, str]  # wonder -> the card under it


class Dealt(Protocol):
    """What ``sample_world`` reads and re-deals in a Duel state (``state.DuelState``)."""

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


def age_cards(age: int) -> list[str]:
    """An Age's cards, the guilds aside."""
    return [c.name for c in catalog().cards if c.age == age and c.color != "purple"]


def guild_names() -> list[str]:
    return [c.name for c in catalog().cards if c.color == "purple"]


def deal_age(age: int, rng: random.Random, guilds: list[str]) -> tuple[list[str], list[str]]:
    """One Age's 20 cards in structure order and the 3 removed unseen (Age III: the 3 guilds
    are added after the removal, so they are always in the structure)."""
    cards = age_cards(age)
    rng.shuffle(cards)
    removed, kept = cards[:REMOVED_PER_AGE], cards[REMOVED_PER_AGE:]
    if age == 3:
        kept += guilds
        rng.shuffle(kept)
    return kept, removed


def visible_cards(state: Dealt) -> list[str]:
    """Every Age card a player has seen: built, discarded, under wonders, face up."""
    out = list(state.discard)
    for c in state.cities:
        out += c.cards
        out += c.built.values()
    if state.structure is not None and state.phase != "draft":
        out += [
            c
            for c, up in zip(state.structure.cards, state.structure.face_up, strict=True)
            if c is not None and up
        ]
    return out


def resample(world: Dealt, rng: random.Random) -> None:
    """Re-deal in place what no player knows in ``world`` (a copy of the true state): both
    players know the same things in Duel, so this serves either seat."""
    rng.shuffle(world.unseen_wonders)
    rng.shuffle(world.box_tokens)
    laid = world.age if world.structure is not None and world.phase != "draft" else 0
    seen = set(visible_cards(world))
    guilds_seen = [g for g in guild_names() if g in seen]
    guilds = guilds_seen + rng.sample(
        [g for g in guild_names() if g not in seen], GUILDS_IN_PLAY - len(guilds_seen)
    )
    for age in (1, 2, 3):
        if age < laid:
            continue
        if age > laid:
            world.decks[age], world.removed[age] = deal_age(age, rng, guilds)
            continue
        assert world.structure is not None
        hidden = [
            i
            for i, c in enumerate(world.structure.cards)
            if c is not None and not world.structure.face_up[i]
        ]
        seen_here = {c for c in world.decks[age] if c in seen}
        unknown = [c for c in age_cards(age) if c not in seen_here]
        rng.shuffle(unknown)
        must = [g for g in guilds if g not in seen_here] if age == 3 else []
        placed = must + unknown[: len(hidden) - len(must)]
        rng.shuffle(placed)
        for i, c in zip(hidden, placed, strict=True):
            world.structure.cards[i] = c
        deck = list(world.decks[age])
        for i, c in zip(hidden, placed, strict=True):
            deck[i] = c
        world.decks[age] = deck
        world.removed[age] = unknown[len(hidden) - len(must) :]
