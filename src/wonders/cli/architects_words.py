"""7 Wonders Architects in words for one seat, shared by the full-screen table and
``--plain``: card faces by what they are ("blue 2 VP + cat", not ``blue2cat``), wonder
stages with their cost pattern and reward, decks by where they lie. The log is
``wonders.architects.present.Log``, shared with the web."""

from __future__ import annotations

from functools import cache
from typing import Any

from wonders.architects import advice, describe
from wonders.architects.cards import CENTRAL, ArchitectsWonder, catalog
from wonders.core.i18n import _


@cache
def label(kind: str) -> str:
    """A card face for a player: "wood", "gold coin", "blue 2 VP + cat"."""
    return describe.kind_name(catalog().kinds[kind])


def labels(kinds: list[str] | tuple[str, ...]) -> str:
    return ", ".join(label(k) for k in kinds)


@cache
def token_text(name: str) -> str:
    token = next(t for t in catalog().tokens if t.name == name)
    return describe.token_text(token.effects)


def wonder(name: str) -> ArchitectsWonder:
    return next(w for w in catalog().wonders if w.name == name)


def stage_text(name: str, stage: int) -> str:
    return describe.stage_text(catalog(), wonder(name), stage)


def stage_reward(name: str, stage: int) -> str:
    return describe.stage_reward_text(wonder(name), stage)


def where(view: dict[str, Any], deck: str) -> str:
    """Where a deck lies for the seat: "your left", "your right", "far" or "central"."""
    return advice.where(view, deck)


def choice_text(view: dict[str, Any], action: Any) -> str:
    """An action in words, with what it brings."""
    kind = action.kind
    if kind in ("take", "search"):
        place = where(view, action.deck)
        if action.deck == CENTRAL:
            known = view["central"].get("top")
            top = " " + _("(the cat's peek: {card})").format(card=label(known)) if known else ""
            return _("take the central deck's top card, face down{top}").format(top=top)
        deck = view["decks"][advice.deck_index(view, action.deck)]
        if kind == "search":
            return _("look at the top 5 of the {deck} deck ({where}) and keep one").format(
                deck=action.deck, where=place
            )
        return _("take {card} from the {deck} deck ({where})").format(
            card=label(deck["top"]), deck=action.deck, where=place
        )
    if kind == "pick":
        return _("keep {card}").format(card=label(action.card))
    if kind == "build":
        name = view["players"][view["seat"]]["wonder"]
        return _("build stage {n} with {cards} -> {reward}").format(
            n=action.stage,
            cards=labels(action.pay),
            reward=stage_reward(name, action.stage),
        )
    if kind in ("science", "token"):
        if action.token == "stack":
            token = _("the top of the token stack (face down)")
        else:
            token = f"{action.token} ({token_text(action.token)})"
        if kind == "token":
            return _("take {token}").format(token=token)
        return _("spend {cards} for {token}").format(cards=labels(action.pay), token=token)
    return _(str(kind))


def prompt(view: dict[str, Any], actions: list[Any]) -> str:
    """What the seat is asked now (``actions``: its legal actions)."""
    pending = view.get("pending") or []
    first = pending[0] if pending else "main"
    texts = {
        "main": _(
            "Take a card: the top of your left or right deck (face up) or of the central "
            "deck (face down). Then build a stage whenever you can pay it."
        ),
        "extra": _(
            "Your progress token gives one more card: take it from your left, right or the "
            "central deck."
        ),
        "any": _("Alexandria: take the top card of any deck, the central one included."),
        "search": _("Halicarnassus: choose the deck (left or right) whose top 5 you look at."),
        "pick": _("Halicarnassus: keep one of the cards you look at."),
        "babylon": _("Babylon: take a progress token."),
    }
    text = texts.get(str(first), "")
    kinds = {a.kind for a in actions}
    if kinds & {"build", "science"}:
        text = _(
            "You can pay a wonder stage or a progress token now: you must before the turn ends."
        ) + (" " + text if first != "main" else "")
    return text
