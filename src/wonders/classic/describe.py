"""Plain one-line descriptions of 7 Wonders cards, wonder stages, boards and leaders.

Generated from the catalogue's JSON form (``Card.to_json``, ``Wonder.to_json``: the effect
vocabulary of ``cards.py``), so every card of the data gets a text with no hand-written
table per card. Shared by the terminal front ends, ``wonders cards --json`` (its ``text``
field) and the web pages. Every word goes through the gettext functions of
``wonders.core.i18n``: printed names (cards, wonders, leaders) through ``printed``, the
data's identifiers (resources, colours, science symbols, sides, effect types) through the
vocabulary below, marked ``N_`` and translated where shown, every count through ``ngettext``.
The JSON keeps the identifiers in English: only the texts are translated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from wonders.classic.cards import CITIES_MAX_PLAYERS, EXPANSIONS, MAX_PLAYERS, catalog_for
from wonders.classic.state import FREE_CITY_PLAYERS, normalize_options
from wonders.core.errors import OptionsError
from wonders.core.i18n import N_, _, name, ngettext, pgettext
from wonders.core.present import coins
from wonders.core.protocol import JSON

# ---------------------------------------------------------------- the vocabulary
# Identifiers of the data (resources, colours, symbols, sides, effect types) are English and
# stay so in JSON; these are their words, translated where they are shown.

RESOURCE_WORDS = {
    "wood": N_("wood"),
    "stone": N_("stone"),
    "clay": N_("clay"),
    "ore": N_("ore"),
    "glass": N_("glass"),
    "loom": N_("loom"),
    "papyrus": N_("papyrus"),
}

# "2 stone", "1 glass": a count of each resource as one phrase (three forms in Slavic languages)
RESOURCE_COUNTS: dict[str, Callable[[int], str]] = {
    "wood": lambda n: ngettext("{n} wood", "{n} wood", n),
    "stone": lambda n: ngettext("{n} stone", "{n} stone", n),
    "clay": lambda n: ngettext("{n} clay", "{n} clay", n),
    "ore": lambda n: ngettext("{n} ore", "{n} ore", n),
    "glass": lambda n: ngettext("{n} glass", "{n} glass", n),
    "loom": lambda n: ngettext("{n} loom", "{n} loom", n),
    "papyrus": lambda n: ngettext("{n} papyrus", "{n} papyrus", n),
}

COLOUR_WORDS = {
    "brown": N_("brown"),
    "grey": N_("grey"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "red": N_("red"),
    "purple": N_("purple"),
    "black": N_("black"),
    "white": N_("white"),
}

SCIENCE_WORDS = {"compass": N_("compass"), "gear": N_("gear"), "tablet": N_("tablet")}

SCIENCE_COUNTS: dict[str, Callable[[int], str]] = {
    "compass": lambda n: ngettext("{n} compass", "{n} compasses", n),
    "gear": lambda n: ngettext("{n} gear", "{n} gears", n),
    "tablet": lambda n: ngettext("{n} tablet", "{n} tablets", n),
}

SIDE_WORDS = {"left": N_("left"), "right": N_("right")}

# where ``coins_per`` / ``points_per`` / ``leader_discount`` count, by the set of ``whose``
WHOSE_WORDS = {
    frozenset({"self"}): N_("in your city"),
    frozenset({"left"}): N_("in your left neighbour's city"),
    frozenset({"right"}): N_("in your right neighbour's city"),
    frozenset({"left", "right"}): N_("in both neighbours' cities"),
    frozenset({"self", "left"}): N_("in your city and your left neighbour's"),
    frozenset({"self", "right"}): N_("in your city and your right neighbour's"),
    frozenset({"self", "left", "right"}): N_("in your city and both neighbours'"),
    frozenset({"most"}): N_("in the city with the most"),
}

CITIES_WORDS = {
    "diplomacy": N_("a diplomacy token (sit out one Age's conflicts)"),
    "mask": N_("copies a neighbour's green science symbol at the end"),
    "produce_owned": N_("produces one of the resources your board and brown/grey cards make"),
    "produce_unowned": N_("produces one of the resources your board and brown/grey cards lack"),
    "free_stage_resources": N_("wonder stages cost no resources from next turn"),
    "bank_bonus": N_("+1 coin whenever the bank pays you (once a turn)"),
    "free_black_per_age": N_("build a black card free once an Age"),
    "defeats_as_shields": N_("your defeat tokens count as shields"),
}

POWER_WORDS = {
    # wonder powers
    "free_build_per_age": N_("once an Age, build a card free"),
    "play_last_card": N_("also play the last card of each Age instead of discarding it"),
    "build_from_discard": N_("build a card of the discard pile free, at once"),
    "copy_guild": N_("at the end, copy a guild of a neighbour"),
    # leaders
    "free_leaders": N_("leaders recruited free"),
    "bank_resource": N_("once a turn, 1 resource from the bank for 1 coin"),
    "trade_rebate": N_("1 coin back per neighbour bought from in a turn"),
    "free_guilds": N_("guilds built free of resources"),
    "defeats_to_winner": N_("defeat tokens go to the neighbour who won"),
    "copy_leader": N_("copies a neighbour's recruited leader (chosen when built)"),
    "recruit_leader": N_("recruit a leader at once"),
}


def printed(text: str) -> str:
    """A card's, wonder's, leader's or token's printed name, in the reader's language."""
    return name("classic", text)


def resource_name(resource: str) -> str:
    """A resource's word ("wood"), in the reader's language."""
    word = RESOURCE_WORDS.get(resource)
    return _(word) if word else resource


def resource_count(resource: str, n: int) -> str:
    """``n`` units of a resource in words: "2 stone"."""
    count = RESOURCE_COUNTS.get(resource)
    if count is None:
        return f"{n} {resource}"
    return count(n).format(n=n)


def resources(names: Iterable[str], joiner: str = "/") -> str:
    """Resources' words joined: "wood/clay" (either one), "wood + wood" (both)."""
    return joiner.join(resource_name(r) for r in names)


def colour_name(colour: str) -> str:
    """A card colour's word ("blue"), in the reader's language."""
    word = COLOUR_WORDS.get(colour)
    return _(word) if word else colour


def colours(names: Iterable[str]) -> str:
    return "/".join(colour_name(c) for c in names)


def symbol_name(symbol: str) -> str:
    """A science symbol's word ("gear"), in the reader's language."""
    word = SCIENCE_WORDS.get(symbol)
    return _(word) if word else symbol


def symbol_count(symbol: str, n: int) -> str:
    """``n`` science symbols of a kind in words: "2 compasses"."""
    count = SCIENCE_COUNTS.get(symbol)
    if count is None:
        return f"{n} {symbol}"
    return count(n).format(n=n)


def side_name(side: str) -> str:
    """A side ("left", "right") in the reader's language."""
    word = SIDE_WORDS.get(side)
    return _(word) if word else side


def either(parts: list[str]) -> str:
    """ "a", "a or b", "a, b or c": alternatives in a sentence."""
    if len(parts) < 2:
        return "".join(parts)
    return _("{first} or {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def vp(n: int) -> str:
    """ "1 VP", "3 VP": victory points, counted. (Not the msgid "{n} VP", which other games
    use as a singular-only entry: a plural one of the same id would hide their translation.)"""
    return ngettext("{points} VP", "{points} VP", n).format(points=n)


def _counted(what: list[str]) -> str:
    """The counted things of ``coins_per`` / ``points_per`` in words."""
    words = {
        "wonder_stages": _("wonder stage"),
        "victory_tokens": _("victory token"),
        "defeat_tokens": _("defeat token"),
        "white": pgettext("counted", "leader"),
    }
    coloured = [w for w in what if w not in words]
    parts = [words[w] for w in what if w in words]
    if coloured:
        parts.insert(0, _("{colours} card").format(colours=colours(coloured)))
    return either(parts)


def _whose(whose: Any) -> str:
    sides = frozenset([whose] if isinstance(whose, str) else whose)
    word = WHOSE_WORDS.get(sides)
    return _(word) if word else ""


def effect_text(effect: dict[str, Any]) -> str:
    """One effect of the catalogue's JSON form in words."""
    kind = effect["type"]
    if kind == "produce":
        return _("produces {what}").format(what=resources(effect["resources"], " + "))
    if kind == "produce_choice":
        return _("produces one of {what}").format(what=resources(effect["options"]))
    if kind == "trade_discount":
        what = resources(effect["resources"])
        sides = frozenset(effect["sides"])
        if sides == {"left"}:
            return _("buys {what} for 1 coin from the left").format(what=what)
        if sides == {"right"}:
            return _("buys {what} for 1 coin from the right").format(what=what)
        return _("buys {what} for 1 coin from the left and right").format(what=what)
    if kind == "trade_at_one":
        return _("buys {what} from the bank for 1 coin").format(what=resources(effect["resources"]))
    if kind == "coins":
        return coins(effect["coins"])
    if kind == "points":
        return vp(effect["points"])
    if kind == "shields":
        return ngettext("{n} shield", "{n} shields", effect["shields"]).format(n=effect["shields"])
    if kind == "science":
        if effect["symbol"] == "any":
            return _("science: any one symbol, chosen at the end")
        return _("science: {symbol}").format(symbol=symbol_name(effect["symbol"]))
    if kind == "coins_per":
        return _("{coins} now per {what} {where}").format(
            coins=coins(effect["coins"]),
            what=_counted(effect["count"]),
            where=_whose(effect["whose"]),
        )
    if kind == "points_per":
        return _("{points} at the end per {what} {where}").format(
            points=vp(effect["points"]),
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
        return _("{colour} cards cost 1 resource less").format(colour=colour_name(effect["target"]))
    if kind == "points_per_set":
        return _("{points} per set of {what} cards").format(
            points=vp(effect["points"]), what=colours(effect["count"])
        )
    if kind == "points_per_coins":
        return _("{points} per 3 coins at the end").format(points=vp(effect["points"]))
    if kind == "science_set_bonus":
        n = effect["points"]
        return ngettext(
            "{n} more VP per set of 3 different science symbols",
            "{n} more VP per set of 3 different science symbols",
            n,
        ).format(n=n)
    if kind == "coins_on_build":
        return _("{coins} per {colour} card built later").format(
            coins=coins(effect["coins"]), colour=colours(effect["count"])
        )
    if kind == "coins_on_chain":
        return _("{coins} per chain build later").format(coins=coins(effect["coins"]))
    if kind == "coins_on_victory":
        return _("{coins} per military victory later").format(coins=coins(effect["coins"]))
    if kind == "leader_discount":
        return _("leaders cost {coins} less {where}").format(
            coins=coins(effect["coins"]), where=_whose(effect["whose"])
        )
    if kind == "draw_leaders":
        n = effect["amount"]
        return ngettext("draw {n} leader", "draw {n} leaders", n).format(n=n)
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
        if effect["sides"][0] == "right":
            return _("the first purchase each turn from the right costs 1 less")
        return _("the first purchase each turn from the left costs 1 less")
    if kind in CITIES_WORDS:
        return _(CITIES_WORDS[kind])
    return ""


def cost_text(cost: dict[str, Any]) -> str:
    """A cost in words: a card's ``{"coins": n, "resources": {...}}`` or a stage's flat
    ``{"coins": n, "stone": 2}``; "free" when there is none."""
    flat = dict(cost.get("resources", {}))
    flat.update({k: v for k, v in cost.items() if k not in ("resources", "coins")})
    parts = [coins(cost["coins"])] if cost.get("coins") else []
    parts += [resource_count(r, n) for r, n in flat.items()]
    return ", ".join(parts) or _("free")


def effects_text(effects: list[dict[str, Any]]) -> str:
    return "; ".join(effect_text(e) for e in effects) or _("no effect")


def card_text(card: dict[str, Any], chains_to: list[str] | None = None) -> str:
    """A card (or leader) in one line: effect, what makes it free, what it makes free."""
    text = effects_text(card["effect"])
    if card.get("chains_from"):
        text += "; " + _("free with {cards}").format(
            cards=either([printed(c) for c in card["chains_from"]])
        )
    if chains_to:
        text += "; " + _("chains into {cards}").format(
            cards=", ".join(printed(c) for c in chains_to)
        )
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
        _("produces {what}").format(what=resource_name(board["produces"]))
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
            "produces": board_text({**board, "sides": {}}),  # the board's own resource
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
        raise OptionsError(
            _("{option} must be {least} to {most}").format(
                option="--players", least=FREE_CITY_PLAYERS, most=most
            )
        )
    cat = catalog_for(chosen)
    deck_players = max(players, 3) if players is not None else None  # 2 players: the 3+ cards
    every = [card.to_json() for card in (*cat.cards, *cat.leaders)]
    into = chains_into(every)
    out = []
    for card, data in zip((*cat.cards, *cat.leaders), every, strict=True):
        if age is not None and card.age != age:
            continue
        if deck_players is not None and card.copies:  # guilds, black cards, leaders: random
            data["copies"] = [m for m in card.copies if m <= deck_players]
            if not data["copies"]:
                continue
        data["text"] = card_text(data, into.get(card.name))
        out.append(data)
    if age is None:  # the boards (no Age): both sides' stages, each with its text
        for w in cat.wonders:
            board = {**w.to_json(), "age": None, "color": "wonder"}
            for stages in board["sides"].values():
                for stage in stages:
                    stage["text"] = stage_text(stage)
            board["text"] = board_text(board)
            out.append(board)
    return out
