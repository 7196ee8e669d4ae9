"""Every action of every game in plain words, through gettext: the table page shows these on
its buttons and in its confirmations for the decisions it does not word itself (Leaders'
``copy``, Architects' ``science``, ...). Names come from the data; the page never builds a
label from an action's JSON."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wonders.core.i18n import _
from wonders.core.protocol import JSON
from wonders.web.texts import texts

Label = Callable[[JSON, Sequence[str]], str]


def _payment(pay: Any) -> str:
    """7 Wonders' coins to the neighbours (and Bilkis' bank), in words; empty if free."""
    if not isinstance(pay, dict):
        return ""
    parts = []
    if pay.get("left"):
        parts.append(_("{n} to the left").format(n=pay["left"]))
    if pay.get("right"):
        parts.append(_("{n} to the right").format(n=pay["right"]))
    if pay.get("bank"):
        parts.append(_("{n} to the bank").format(n=pay["bank"]))
    return _(" (pay {parts})").format(parts=", ".join(parts)) if parts else ""


def _kinds(pay: Any) -> str:
    """Architects' cards spent, by their labels."""
    known = texts("architects")
    return ", ".join(str(known.get(k, {}).get("label", k)) for k in pay or [])


def _token(a: JSON) -> str:
    return _("the top of the token stack") if a.get("token") == "stack" else str(a["token"])


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else _("player {n}").format(n=seat + 1)


LABELS: dict[str, dict[str, Label]] = {
    "classic": {
        "build": lambda a, _n: _("Build {card}").format(card=a["card"]) + _payment(a.get("pay")),
        "wonder": lambda a, _n: (
            _("Wonder stage with {card}").format(card=a["card"]) + _payment(a.get("pay"))
        ),
        "sell": lambda a, _n: _("Sell {card} for 3 coins").format(card=a["card"]),
        "free_build": lambda a, _n: _("Build {card} free (once an Age)").format(card=a["card"]),
        "discard_build": lambda a, _n: _("Build {card} free from the discard pile").format(
            card=a["card"]
        ),
        "skip": lambda a, _n: _("Decline: build or recruit nothing"),
        "draft": lambda a, _n: _("Keep the leader {card}").format(card=a["card"]),
        "recruit": lambda a, _n: (
            _("Recruit {card}").format(card=a["card"]) + _payment(a.get("pay"))
        ),
        "copy": lambda a, _n: _("Copy the leader {card} (Courtesans Guild)").format(card=a["card"]),
        "return": lambda a, _n: _("Send the leader {card} back to the box").format(card=a["card"]),
        "pay": lambda a, _n: _("Pay {n} coins of the loss (the rest is debt)").format(n=a["coins"]),
    },
    "duel": {
        "pick_wonder": lambda a, _n: _("Take the wonder {wonder}").format(wonder=a["wonder"]),
        "build": lambda a, _n: _("Build {card}").format(card=a["card"]),
        "sell": lambda a, _n: _("Sell {card}").format(card=a["card"]),
        "wonder": lambda a, _n: _("Build {wonder} with {card}").format(
            wonder=a["wonder"], card=a["card"]
        ),
        "token": lambda a, _n: _("Take the progress token {token}").format(token=a["token"]),
        "destroy": lambda a, _n: _("Destroy the opponent's {card}").format(card=a["card"]),
        "discard_build": lambda a, _n: _("Build {card} free from the discard pile").format(
            card=a["card"]
        ),
        "start": lambda a, names: _("{who} starts the next Age").format(who=_who(names, a["seat"])),
    },
    "architects": {
        "take": lambda a, _n: _("Take the top card of the {deck} deck").format(deck=a["deck"]),
        "search": lambda a, _n: _("Look at the top 5 cards of the {deck} deck").format(
            deck=a["deck"]
        ),
        "pick": lambda a, _n: _("Keep {card}").format(card=_kinds([a["card"]])),
        "build": lambda a, _n: _("Build stage {stage} with {cards}").format(
            stage=a["stage"], cards=_kinds(a.get("pay"))
        ),
        "science": lambda a, _n: _("Spend {cards} for {token}").format(
            cards=_kinds(a.get("pay")), token=_token(a)
        ),
        "token": lambda a, _n: _("Take {token}").format(token=_token(a)),
    },
}


def label(game: str, action: JSON, names: Sequence[str]) -> str:
    """``action`` of ``game`` in words (``names``: the seats' names); KeyError for an action
    kind this module does not know (a test walks every game's actions to keep that out)."""
    return LABELS[game][action["kind"]](action, names)
