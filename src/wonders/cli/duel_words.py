"""7 Wonders Duel in words for one seat, shared by the full-screen table and ``--plain``:
what each decision is and why, and each choice with its cost and effect (the log is
``wonders.duel.present.Log``, shared with the web)."""

from __future__ import annotations

from functools import cache
from typing import Any

from wonders.core.i18n import _
from wonders.core.present import age_name, coins
from wonders.duel import describe
from wonders.duel.cards import catalog
from wonders.duel.city import card_facts


@cache
def rewards() -> dict[str, str]:
    """What each wonder gives (its text without its cost), by name."""
    return {w.name: describe.wonder_effect_text(w.to_json()["effect"]) for w in catalog().wonders}


@cache
def texts() -> dict[str, str]:
    """Every card, wonder and progress token's plain description, by name."""
    return describe.texts()


def who(p: int | None, seat: int) -> str:
    if p is None:
        return _("nobody")
    return _("you") if p == seat else _("your rival")


def prompt(view: dict[str, Any]) -> str:
    """What the seat is asked now, and why."""
    from wonders.duel import advice

    pending, seat = view["pending"], view["seat"]
    if view["phase"] == "draft":
        return _(
            "Wonder draft: take one of the wonders on offer (4 at a time: one, then two for "
            "your rival, the last one back to the first picker)."
        )
    if pending is None:
        return _(
            "Take a card of the structure that nothing covers: build it, sell it for {coins}, "
            "or build one of your wonders with it."
        ).format(coins=coins(advice.sell_value(view, seat)))
    kind = pending["kind"]
    if kind == "token":
        return _("{pair}: take one of the progress tokens on the board.").format(
            pair=science_pair(view)
        )
    if kind == "library":
        return _("The Great Library: keep one of the 3 progress tokens drawn from the box.")
    if kind == "destroy":
        return _("Your wonder discards one {colour} card of your rival's: choose it.").format(
            colour=_(pending.get("color", ""))
        )
    if kind == "discard_build":
        return _("The Mausoleum: build one card of the discard pile for free.")
    if kind == "start":
        if advice.military(view).leader() is None:
            why = _("nobody leads in military and you took the last card of the Age")
        else:
            why = _("your rival leads in military, so you, the weaker, choose")
        return _("Who starts Age {age}? You choose: {why}.").format(
            age=age_name(view["age"]), why=why
        )
    return ""


def science_pair(view: dict[str, Any]) -> str:
    """ "A pair of quill (Scriptorium, Library)": the pair that earned the token."""
    cards = view["players"][view["seat"]]["cards"]
    symbols: dict[str, list[str]] = {}
    for name in cards:
        card = card_facts()[name].card
        if card.science:
            symbols.setdefault(card.science, []).append(name)
    last = next((e["card"] for e in reversed(view["events"]) if e["type"] == "build"), None)
    symbol = next((s for s, names in symbols.items() if last in names and len(names) >= 2), None)
    if symbol is None:
        return _("A pair of science symbols")
    return _("A pair of {symbol} ({cards})").format(symbol=symbol, cards=", ".join(symbols[symbol]))


def choice_text(view: dict[str, Any], action: Any) -> str:
    """An action in words with what it costs or brings now."""
    from wonders.duel import advice

    seat = view["seat"]
    if action.kind == "build":
        total = advice.card_cost(view, seat, action.card)[0]
        cost = coins(total) if total else _("free")
        return _("build {card} ({cost})").format(card=action.card, cost=cost)
    if action.kind == "sell":
        sell = advice.sell_value(view, seat)
        return _("sell {card} for {coins}").format(card=action.card, coins=coins(sell))
    if action.kind == "wonder":
        total = advice.wonder_cost(view, seat, action.wonder)
        cost = coins(total) if total else _("free")
        return _("build {wonder} with it ({cost}): {text}").format(
            wonder=action.wonder, cost=cost, text=rewards()[action.wonder]
        )
    if action.kind == "pick_wonder":
        return _("take {wonder}: {text}").format(wonder=action.wonder, text=texts()[action.wonder])
    if action.kind == "token":
        return _("take {token}: {text}").format(token=action.token, text=texts()[action.token])
    if action.kind == "start":
        age = age_name(view["age"])
        text = _("you start Age {age}") if action.seat == seat else _("your rival starts Age {age}")
        return text.format(age=age)
    if action.kind == "destroy":
        return _("discard your rival's {card}").format(card=action.card)
    if action.kind == "discard_build":
        return _("build {card} from the discard pile: {text}").format(
            card=action.card, text=texts()[action.card]
        )
    return _(str(action.kind))


def short_names(width: int) -> dict[str, str]:
    """Each Duel card's name in at most ``width`` characters, all different: the name itself
    when it fits, else its first word cut, a space and the other words' initials ("Lumber
    Y"), or the cut word and a dot ("Brickya.")."""
    out: dict[str, str] = {}
    for name in sorted(card_facts()):
        words = name.split()
        if len(name) <= width:
            short = name
        elif len(words) > 1:
            rest = "".join(w[0].upper() for w in words[1:])
            short = words[0][: width - len(rest) - 1] + " " + rest
        else:
            short = name[: width - 1] + "."
        n = 2
        base = short
        while short in out.values():
            short = base[: width - len(str(n))] + str(n)
            n += 1
        out[name] = short
    return out
