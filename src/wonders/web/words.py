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


def _age(e: JSON) -> str:
    """An event's Age as the rulebooks write it (I, II, III)."""
    age = e.get("age")
    return {1: "I", 2: "II", 3: "III"}.get(age, str(age)) if isinstance(age, int) else str(age)


def _first_player(e: JSON, reader: int | None, names: list[str] | None) -> str:
    """Duel: who starts the Age just laid out, and who chose it (nobody in Age I)."""
    player, chooser, age = e.get("player"), e.get("chooser"), _age(e)
    if chooser is None:
        if player == reader:
            return _("You start Age {age}").format(age=age)
        return _("{who} starts Age {age}").format(who=who(player, reader, names), age=age)
    if chooser == reader:
        if player == reader:
            return _("You chose to start Age {age}").format(age=age)
        return _("You chose {who} to start Age {age}").format(
            who=who(player, reader, names), age=age
        )
    name = who(chooser, reader, names)
    if player == reader:
        return _("{chooser} chose you to start Age {age}").format(chooser=name, age=age)
    if player == chooser:
        return _("{chooser} chose to start Age {age}").format(chooser=name, age=age)
    return _("{chooser} chose {who} to start Age {age}").format(
        chooser=name, who=who(player, reader, names), age=age
    )


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
        return _("Age {age} begins").format(age=_age(e))
    if t == "turn" and "age" in e:
        return _("Age {age}, turn {turn}").format(age=_age(e), turn=e.get("turn"))
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
            age=_age(e),
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
    return _game_line(t, e, p, card, reader, names)


def _game_line(
    t: Any, e: JSON, p: str, card: str | None, reader: int | None, names: list[str] | None
) -> str | None:
    """The events of one game or variant (Leaders, Cities, the Free City, Duel, Architects)."""
    if t == "first":
        return _first_player(e, reader, names)
    if t == "leader_draft":
        return _("Leader draft, round {n}").format(n=e.get("round"))
    if t == "recruitment":
        return _("Age {age}: recruit a leader, bury one under a stage or sell one").format(
            age=_age(e)
        )
    if t == "free_city":
        return _("{who} plays for the Free City this turn").format(
            who=who(e.get("controller"), reader, names)
        )
    if t == "losses":
        owed = e.get("owed", {})
        parts = [
            _("{who} ({n})").format(who=who(int(c), reader, names), n=n) for c, n in owed.items()
        ]
        return _("Coins to lose this turn: {parts}").format(parts=", ".join(parts))
    if t == "debt":
        return _("{who} lost {lost} coin(s): paid {paid}, took {debt} debt").format(
            who=p, lost=e.get("lost"), paid=e.get("paid"), debt=e.get("debt")
        )
    if t == "diplomacy":
        return _("{who} stays out of the Age {age} conflicts (diplomacy)").format(
            who=p, age=_age(e)
        )
    if t == "return":
        return _("{who} sent {card} back to the box").format(who=p, card=card or _("a leader"))
    if t == "copy":
        return _("{who}'s Courtesans Guild copies {card}").format(who=p, card=card)
    if t == "draw_leaders":
        return _("{who} drew {n} leader(s) from the box").format(who=p, n=e.get("count"))
    if t == "solomon":
        return _("{who} builds a card of the discard pile (Solomon)").format(who=p)
    if t == "military":
        return _("{who} moved the conflict pawn {n} space(s) towards the rival's capital").format(
            who=p, n=e.get("shields")
        )
    if t == "military_token":
        return _("{who} lost {n} coin(s) to a military token").format(who=p, n=e.get("coins"))
    if t == "economy":
        return _("{who} received {n} coin(s) of the opponent's trade (Economy)").format(
            who=p, n=e.get("coins")
        )
    if t == "wonder_returned":
        return _("{wonder} goes back to the box: only 7 wonders are built").format(
            wonder=e.get("wonder")
        )
    if t == "discard_build":
        return _("{who} built {card} from the discard pile").format(who=p, card=card)
    if t == "library":
        return _("{who} drew the progress tokens {tokens} (the Great Library)").format(
            who=p, tokens=", ".join(e.get("tokens", []))
        )
    if t == "conflict" and "flipped" in e:
        return _("{who} flipped {n} conflict token(s) to the battle side").format(
            who=p, n=e.get("flipped")
        )
    if t == "battle":
        won = [
            _("{who} ({n})").format(who=who(q, reader, names), n=n)
            for q, n in enumerate(e.get("won", []))
            if n
        ]
        return _("Battle! Victory tokens: {won}").format(won=", ".join(won) or _("none"))
    if t == "extra_card":
        return _("{who} takes one more card ({token})").format(who=p, token=e.get("token"))
    if t == "search":
        return _("{who} looks at the top {n} cards of the {deck} deck").format(
            who=p, n=e.get("count"), deck=e.get("deck")
        )
    if t == "shuffle":
        return _("The {deck} deck is shuffled").format(deck=e.get("deck"))
    if t == "replay":
        return _("{who} plays again").format(who=p)
    if t == "destroy":
        return _("{who} sent the rival's {card} to the discard pile").format(who=p, card=card)
    if t == "urbanism":
        return _("{who} received {n} coins for a chain build (Urbanism)").format(
            who=p, n=e.get("coins")
        )
    if t == "no_cards":
        return _("No one has a deck left to take from")
    if t == "nothing":
        effects = {
            "extra": _("an extra card"),
            "any": _("Alexandria's card"),
            "search": _("Halicarnassus' search"),
            "babylon": _("Babylon's token"),
        }
        what = effects.get(str(e.get("effect")), str(e.get("effect")))
        return _("{who}: nothing left to take for {what}").format(who=p, what=what)
    return raw(e, p)


def raw(e: JSON, p: str) -> str:
    """An event no line above knows, as its fields (a new event type still shows)."""
    fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "seat", "player"))
    subject = f"{p}: " if ("seat" in e or "player" in e) else ""
    return f"{subject}{str(e.get('type')).replace('_', ' ')}" + (f" ({fields})" if fields else "")


def log(game: str, view: JSON, reader: int | None, names: list[str], last: int = 200) -> list[str]:
    """The last ``last`` lines of the log of ``view`` (its events), for ``reader``; seats
    are called by ``names``."""
    events = view.get("events", [])
    out = [text for e in events if (text := line(e, reader, game, names)) is not None]
    return out[-last:]
