"""The game log in plain words, made from the events of a seat's view only (already redacted
by the engine: a card sold or buried face down by another seat is not in them)."""

from __future__ import annotations

from typing import Any

from wonders.core.i18n import _
from wonders.core.protocol import JSON
from wonders.web.texts import texts


def who(p: Any, reader: int | None, names: list[str] | None = None) -> str:
    """A seat as its reader calls it: "you", else the seat's name at the table."""
    if not isinstance(p, int):
        return _("someone")
    if p == reader:
        return _("you")
    if names and 0 <= p < len(names):
        return names[p]
    return _("player {n}").format(n=p + 1)


def _card(game: str, name: Any) -> str:
    """A card as players call it (Architects' card kinds have labels: "blue 2 VP + cat")."""
    label = texts(game).get(str(name), {}).get("label")
    return str(label or name)


def _paid(paid: Any) -> str:
    if isinstance(paid, int):
        return _(" for {n} coins").format(n=paid) if paid else ""
    if isinstance(paid, list):
        return _(" with {cards}").format(cards=", ".join(map(str, paid))) if paid else ""
    if not isinstance(paid, dict):
        return ""
    parts = []
    if paid.get("left"):
        parts.append(_("{n} to the left").format(n=paid["left"]))
    if paid.get("right"):
        parts.append(_("{n} to the right").format(n=paid["right"]))
    if paid.get("bank"):
        parts.append(_("{n} to the bank").format(n=paid["bank"]))
    return _(" paying {what}").format(what=", ".join(parts)) if parts else ""


def line(e: JSON, reader: int | None, game: str = "", names: list[str] | None = None) -> str | None:
    """One event in words (None for the bookkeeping events a player need not read)."""
    t = e.get("type")
    p = who(e.get("seat", e.get("player")), reader, names)
    card = _card(game, e["card"]) if e.get("card") else None
    if t == "age":
        return _("Age {age} begins").format(age=e.get("age"))
    if t == "turn" and "age" in e:
        return _("Age {age}, turn {turn}").format(age=e["age"], turn=e.get("turn"))
    if t == "turn":
        return _("Turn {turn}: {who} to play").format(turn=e.get("turn"), who=p)
    if t == "build" and card:
        free = _(" for free") if e.get("free") else _paid(e.get("paid"))
        return _("{who} built {card}{how}").format(who=p, card=card, how=free)
    if t == "build":
        return _("{who} built wonder stage {stage}{how}").format(
            who=p, stage=e.get("stage"), how=_paid(e.get("paid"))
        )
    if t == "wonder":
        name = e.get("wonder") or _("stage {n}").format(n=e.get("stage"))
        return _("{who} built {what}{how}").format(who=p, what=name, how=_paid(e.get("paid")))
    if t == "sell":
        if card:
            return _("{who} sold {card}").format(who=p, card=card)
        return _("{who} sold a card (face down)").format(who=p)
    if t == "coins":
        n = e.get("amount", e.get("coins"))
        return _("{who} took {n} coins").format(who=p, n=n)
    if t == "discard":
        return _("{who} discarded {card}").format(who=p, card=card or _("a card"))
    if t == "conflict" and "winner" in e:
        return _("Age {age} conflict: {w} beat {l}").format(
            age=e.get("age"),
            w=who(e["winner"], reader, names),
            l=who(e.get("loser"), reader, names),
        )
    if t == "game_over":
        return _("The game is over")
    if t == "pick_wonder":
        return _("{who} took {w}").format(who=p, w=e.get("wonder"))
    if t == "token":
        return _("{who} took the progress token {t}").format(who=p, t=e.get("token"))
    if t == "take":
        return _("{who} took {card} from the {deck} deck").format(
            who=p, card=card or _("a card"), deck=e.get("deck")
        )
    if t == "progress":
        return _("{who} took the progress token {t}").format(who=p, t=e.get("token"))
    if t == "cat":
        return _("{who} took the cat").format(who=p)
    if t == "recruit":
        return _("{who} recruited {card}{how}").format(who=p, card=card, how=_paid(e.get("paid")))
    if t in ("end_turn", "reveal", "wonders_offered", "setup", "recruit_turn"):
        return None
    fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "seat", "player"))
    subject = f"{p}: " if ("seat" in e or "player" in e) else ""
    return f"{subject}{str(t).replace('_', ' ')}" + (f" ({fields})" if fields else "")


def log(game: str, view: JSON, reader: int | None, names: list[str], last: int = 200) -> list[str]:
    """The last ``last`` lines of the log of ``view`` (its events), for ``reader``; seats
    are called by ``names``."""
    events = view.get("events", [])
    out = [text for e in events if (text := line(e, reader, game, names)) is not None]
    return out[-last:]
