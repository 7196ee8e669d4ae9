"""Duel's hidden information: the deal of each Age, and the worlds a player cannot tell
apart (``sample_world``).

What a player cannot know: the face-down cards of the structure laid out now, the three
cards removed unseen each Age, the Ages to come, the wonders not yet offered in the draft
and the order of the progress tokens set aside. A sampled world re-deals exactly those,
keeping every card the player has seen where it is (guilds seen stay in the game).

Every card taken from a structure stays in sight (built, under a wonder or discarded) and
guilds are dealt into Age III only, so the cards seen of the Age laid out are its deck's
cards but for the face-down ones, and guilds are seen only in Age III: ``resample`` reads
that from the structure instead of gathering everything in sight (``visible_cards``, which
the tests compare). A re-deal's draws are counted first and made from one ``Draws``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

from wonders.core.draws import Draws, draws_to_shuffle
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


class _Decks:
    """The catalog's Age cards (guilds aside) and guilds, in catalog order."""

    def __init__(self) -> None:
        cards = catalog().cards
        self.ages: dict[int, tuple[str, ...]] = {
            age: tuple(c.name for c in cards if c.age == age and c.color != "purple")
            for age in (1, 2, 3)
        }
        self.guilds: tuple[str, ...] = tuple(c.name for c in cards if c.color == "purple")


_decks: _Decks | None = None


def _catalog_decks() -> _Decks:
    global _decks
    if _decks is None:
        _decks = _Decks()
    return _decks


def age_cards(age: int) -> list[str]:
    """An Age's cards, the guilds aside."""
    return list(_catalog_decks().ages[age])


def guild_names() -> list[str]:
    return list(_catalog_decks().guilds)


def deal_draws(age: int, guilds: int) -> int:
    """The draws ``deal_age`` makes (with ``guilds`` guilds for Age III)."""
    n = len(_catalog_decks().ages[age])
    count = draws_to_shuffle(n)
    if age == 3:
        count += draws_to_shuffle(n - REMOVED_PER_AGE + guilds)
    return count


def deal_age(age: int, draws: Draws, guilds: list[str]) -> tuple[list[str], list[str]]:
    """One Age's 20 cards in structure order and the 3 removed unseen (Age III: the 3 guilds
    are added after the removal, so they are always in the structure)."""
    cards = age_cards(age)
    draws.shuffle(cards)
    removed, kept = cards[:REMOVED_PER_AGE], cards[REMOVED_PER_AGE:]
    if age == 3:
        kept += guilds
        draws.shuffle(kept)
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
    decks = _catalog_decks()
    structure = world.structure
    laid = world.age if structure is not None and world.phase != "draft" else 0
    hidden: list[int] = []  # the laid structure's face-down places
    seen_here: set[str] = set()  # the laid Age's cards seen (module docstring)
    unknown: list[str] = []  # the laid Age's cards not seen, catalog order
    if structure is not None and laid:
        cards, face_up, deck = structure.cards, structure.face_up, world.decks[laid]
        for i in range(len(cards)):
            if cards[i] is not None and not face_up[i]:
                hidden.append(i)
            else:
                seen_here.add(deck[i])
        unknown = [c for c in decks.ages[laid] if c not in seen_here]
    guilds: list[str] = []
    unseen_guilds: list[str] = []
    for g in decks.guilds:
        if laid == 3 and g in seen_here:
            guilds.append(g)
        else:
            unseen_guilds.append(g)
    more_guilds = GUILDS_IN_PLAY - len(guilds)
    count = draws_to_shuffle(len(world.unseen_wonders)) + draws_to_shuffle(len(world.box_tokens))
    count += more_guilds
    for age in (1, 2, 3):
        if age == laid:
            count += draws_to_shuffle(len(unknown)) + draws_to_shuffle(len(hidden))
        elif age > laid:
            count += deal_draws(age, GUILDS_IN_PLAY)
    draws = Draws(rng, count)
    # sorted first: what is drawn depends on what is hidden, never on its true order
    world.unseen_wonders.sort()
    world.box_tokens.sort()
    draws.shuffle(world.unseen_wonders)
    draws.shuffle(world.box_tokens)
    guilds += draws.sample(unseen_guilds, more_guilds)
    for age in (1, 2, 3):
        if age < laid:
            continue
        if age > laid:
            world.decks[age], world.removed[age] = deal_age(age, draws, guilds)
            continue
        assert structure is not None
        draws.shuffle(unknown)
        must = [g for g in guilds if g not in seen_here] if age == 3 else []
        placed = must + unknown[: len(hidden) - len(must)]
        draws.shuffle(placed)
        cards = structure.cards
        deck = list(world.decks[age])
        for i, c in zip(hidden, placed, strict=True):
            cards[i] = c
            deck[i] = c
        world.decks[age] = deck
        world.removed[age] = unknown[len(hidden) - len(must) :]
