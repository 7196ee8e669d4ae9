"""Plain one-line descriptions of 7 Wonders cards, wonder stages, boards and leaders.

Generated from the catalogue's JSON form (``Card.to_json``, ``Wonder.to_json``: the effect
vocabulary of ``cards.py``), so every card of the data gets a text with no hand-written
table per card. Shared by the terminal front ends, ``wonders cards --json`` (its ``text``
field) and the web pages. Every word goes through the gettext function ``wonders.core.i18n``;
card and resource names come from the data.
"""

from __future__ import annotations

from typing import Any

from wonders.classic.cards import CITIES_MAX_PLAYERS, EXPANSIONS, MAX_PLAYERS, catalog_for
from wonders.classic.state import FREE_CITY_PLAYERS, normalize_options
from wonders.core.errors import OptionsError
from wonders.core.i18n import _, ngettext
from wonders.core.present import coins
from wonders.core.protocol import JSON

SCIENCE_WORDS = {"compass": "compass", "gear": "gear", "tablet": "tablet"}


def _vp(n: int) -> str:
    return _("{n} VP").format(n=n)


def _counted(what: list[str]) -> str:
    """The counted things of ``coins_per`` / ``points_per`` in words."""
    words = {
        "wonder_stages": _("wonder stage"),
        "victory_tokens": _("victory token"),
        "defeat_tokens": _("defeat token"),
        "white": _("leader"),
    }
    colours = [w for w in what if w not in words]
    parts = [words[w] for w in what if w in words]
    if colours:
        parts.insert(0, _("{colours} card").format(colours="/".join(colours)))
    return _(" or ").join(parts)


def _whose(whose: Any) -> str:
    sides = [whose] if isinstance(whose, str) else list(whose)
    if sides == ["self"]:
        return _("in your city")
    if sorted(sides) == ["left", "right"]:
        return _("in both neighbours' cities")
    if sorted(sides) == ["left", "right", "self"]:
        return _("in your city and both neighbours'")
    if sides == ["most"]:
        return _("in the city with the most")
    return _("in the {sides} cities").format(sides=" + ".join(sides))


CITIES_WORDS = {
    "diplomacy": "a diplomacy token (sit out one Age's conflicts)",
    "mask": "copies a neighbour's green science symbol at the end",
    "produce_owned": "produces one of the resources your board and brown/grey cards make",
    "produce_unowned": "produces one of the resources your board and brown/grey cards lack",
    "free_stage_resources": "wonder stages cost no resources from next turn",
    "bank_bonus": "+1 coin whenever the bank pays you (once a turn)",
    "free_black_per_age": "build a black card free once an Age",
    "defeats_as_shields": "your defeat tokens count as shields",
}

POWER_WORDS = {
    # wonder powers
    "free_build_per_age": "once an Age, build a card free",
    "play_last_card": "also play the last card of each Age instead of discarding it",
    "build_from_discard": "build a card of the discard pile free, at once",
    "copy_guild": "at the end, copy a guild of a neighbour",
    # leaders
    "free_leaders": "leaders recruited free",
    "bank_resource": "once a turn, 1 resource from the bank for 1 coin",
    "trade_rebate": "1 coin back per neighbour bought from in a turn",
    "free_guilds": "guilds built free of resources",
    "defeats_to_winner": "defeat tokens go to the neighbour who won",
    "copy_leader": "copies a neighbour's recruited leader (chosen when built)",
    "recruit_leader": "recruit a leader at once",
}


def effect_text(effect: dict[str, Any]) -> str:
    """One effect of the catalogue's JSON form in words."""
    kind = effect["type"]
    if kind == "produce":
        return _("produces {what}").format(what=" + ".join(effect["resources"]))
    if kind == "produce_choice":
        return _("produces one of {what}").format(what="/".join(effect["options"]))
    if kind == "trade_discount":
        return _("buys {what} for 1 coin from the {sides}").format(
            what="/".join(effect["resources"]), sides=_(" and ").join(effect["sides"])
        )
    if kind == "trade_at_one":
        return _("buys {what} from the bank for 1 coin").format(what="/".join(effect["resources"]))
    if kind == "coins":
        return coins(effect["coins"])
    if kind == "points":
        return _vp(effect["points"])
    if kind == "shields":
        return ngettext("{n} shield", "{n} shields", effect["shields"]).format(n=effect["shields"])
    if kind == "science":
        if effect["symbol"] == "any":
            return _("science: any one symbol, chosen at the end")
        return _("science: {symbol}").format(symbol=effect["symbol"])
    if kind == "coins_per":
        return _("{coins} now per {what} {where}").format(
            coins=coins(effect["coins"]),
            what=_counted(effect["count"]),
            where=_whose(effect["whose"]),
        )
    if kind == "points_per":
        return _("{points} at the end per {what} {where}").format(
            points=_vp(effect["points"]),
            what=_counted(effect["count"]),
            where=_whose(effect["whose"]),
        )
    if kind in POWER_WORDS:
        return _(POWER_WORDS[kind])
    return _leader_words(effect) or _cities_words(effect) or kind.replace("_", " ")


def _leader_words(effect: dict[str, Any]) -> str:
    kind = effect["type"]
    if kind == "cost_discount":
        if effect["target"] == "wonder":
            return _("wonder stages cost 1 resource less")
        return _("{colour} cards cost 1 resource less").format(colour=effect["target"])
    if kind == "points_per_set":
        return _("{points} per set of {what} cards").format(
            points=_vp(effect["points"]), what="/".join(effect["count"])
        )
    if kind == "points_per_coins":
        return _("{points} per 3 coins at the end").format(points=_vp(effect["points"]))
    if kind == "science_set_bonus":
        return _("{n} more VP per set of 3 different science symbols").format(n=effect["points"])
    if kind == "coins_on_build":
        return _("{coins} per {colour} card built later").format(
            coins=coins(effect["coins"]), colour="/".join(effect["count"])
        )
    if kind == "coins_on_chain":
        return _("{coins} per chain build later").format(coins=coins(effect["coins"]))
    if kind == "coins_on_victory":
        return _("{coins} per military victory later").format(coins=coins(effect["coins"]))
    if kind == "leader_discount":
        return _("leaders cost {coins} less ({whose})").format(
            coins=coins(effect["coins"]), whose="/".join(effect["whose"])
        )
    if kind == "draw_leaders":
        return _("draw {n} leaders").format(n=effect["amount"])
    return ""


def _cities_words(effect: dict[str, Any]) -> str:
    kind = effect["type"]
    n = effect.get("coins", 0)
    if kind == "lose_coins":
        return ngettext(
            "every other city loses {n} coin (or takes debt)",
            "every other city loses {n} coins (or takes debt)",
            n,
        ).format(n=n)
    if kind == "lose_coins_per":
        return ngettext(
            "every other city loses {n} coin per {what} of its own (or takes debt)",
            "every other city loses {n} coins per {what} of its own (or takes debt)",
            n,
        ).format(n=n, what=_counted(effect["count"]))
    if kind == "neighbours_coins":
        return ngettext(
            "each neighbour takes {n} coin from the bank",
            "each neighbour takes {n} coins from the bank",
            n,
        ).format(n=n)
    if kind == "first_trade_discount":
        return _("the first purchase each turn from the {side} costs 1 less").format(
            side=effect["sides"][0]
        )
    if kind in CITIES_WORDS:
        return _(CITIES_WORDS[kind])
    return ""


def cost_text(cost: dict[str, Any]) -> str:
    """A cost in words: a card's ``{"coins": n, "resources": {...}}`` or a stage's flat
    ``{"coins": n, "stone": 2}``; "free" when there is none."""
    flat = dict(cost.get("resources", {}))
    flat.update({k: v for k, v in cost.items() if k not in ("resources", "coins")})
    parts = [coins(cost["coins"])] if cost.get("coins") else []
    parts += [f"{n} {r}" for r, n in flat.items()]
    return ", ".join(parts) or _("free")


def effects_text(effects: list[dict[str, Any]]) -> str:
    return "; ".join(effect_text(e) for e in effects) or _("no effect")


def card_text(card: dict[str, Any], chains_to: list[str] | None = None) -> str:
    """A card (or leader) in one line: effect, what makes it free, what it makes free."""
    text = effects_text(card["effect"])
    if card.get("chains_from"):
        text += "; " + _("free with {cards}").format(cards=_(" or ").join(card["chains_from"]))
    if chains_to:
        text += "; " + _("chains into {cards}").format(cards=", ".join(chains_to))
    return text


def stage_reward_text(stage: dict[str, Any]) -> str:
    """What a wonder stage gives ("3 VP")."""
    return effects_text(stage["effect"])


def stage_text(stage: dict[str, Any]) -> str:
    """A wonder stage: its cost and its reward ("2 stone -> 3 VP")."""
    return _("{cost} -> {reward}").format(
        cost=cost_text(stage["cost"]), reward=effects_text(stage["effect"])
    )


def board_text(board: dict[str, Any]) -> str:
    """A board with both sides: production, then each side's stages (cost -> reward)."""
    parts = [
        _("produces {what}").format(what=board["produces"])
        if board["produces"]
        else _("produces nothing")
    ]
    for side, stages in board["sides"].items():
        steps = " | ".join(stage_text(s) for s in stages)
        parts.append(_("side {side}: {stages}").format(side=side, stages=steps))
    return "; ".join(parts)


def chains_into(cards: list[dict[str, Any]]) -> dict[str, list[str]]:
    """For each card name, the cards its presence makes free (the reverse of chains_from)."""
    out: dict[str, list[str]] = {}
    for c in cards:
        for source in c.get("chains_from", []):
            targets = out.setdefault(source, [])
            if c["name"] not in targets:
                targets.append(c["name"])
    return out


def page_texts() -> dict[str, JSON]:
    """Every name of the game's data with what the web page shows of it (its text, cost,
    colour, stages, label), by name."""
    cat = catalog_for(list(EXPANSIONS))
    every = [c.to_json() for c in (*cat.cards, *cat.leaders)]
    into = chains_into(every)
    out: dict[str, JSON] = {}
    for data in every:
        out[data["name"]] = {
            "text": card_text(data, into.get(data["name"])),
            "cost": cost_text(data.get("cost", {})),
            "color": data.get("color", ""),
        }
    for w in cat.wonders:
        board = w.to_json()
        stages = {side: [stage_text(s) for s in st] for side, st in board["sides"].items()}
        out[board["name"]] = {
            "text": board_text(board),
            "stages": stages,
            "color": "wonder",
        }
    return out


def card_list(
    players: int | None, age: int | None, expansions: str | None = None
) -> list[dict[str, Any]]:
    """``wonders cards``: the cards (and leaders) used at ``players`` (every card if None),
    of ``age`` (and the boards when no Age is asked), each with its ``text``."""

    names = [e.strip() for e in (expansions or "").split(",") if e.strip()]
    chosen: list[str] = normalize_options({"expansions": names}).get("expansions", [])
    most = CITIES_MAX_PLAYERS if "cities" in chosen else MAX_PLAYERS
    if players is not None and not FREE_CITY_PLAYERS <= players <= most:
        raise OptionsError(f"--players must be {FREE_CITY_PLAYERS} to {most}")
    cat = catalog_for(chosen)
    deck_players = max(players, 3) if players is not None else None  # 2 players: the 3+ cards
    every = [card.to_json() for card in (*cat.cards, *cat.leaders)]
    into = chains_into(every)
    listed = []
    for card, data in zip((*cat.cards, *cat.leaders), every, strict=True):
        if age is not None and card.age != age:
            continue
        if deck_players is not None and card.copies:  # guilds, black cards, leaders: random
            data["copies"] = [m for m in card.copies if m <= deck_players]
            if not data["copies"]:
                continue
        data["text"] = card_text(data, into.get(card.name))
        listed.append(data)
    if age is None:  # the boards (no Age): both sides' stages, each with its text
        for w in cat.wonders:
            board = {**w.to_json(), "age": None, "color": "wonder"}
            for stages in board["sides"].values():
                for stage in stages:
                    stage["text"] = stage_text(stage)
            board["text"] = board_text(board)
            listed.append(board)
    return listed
