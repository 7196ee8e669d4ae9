"""Plain one-line descriptions of 7 Wonders Duel cards, wonders and progress tokens.

Generated from the catalogue (``DuelCard.to_json``, ``DuelWonder``/``ProgressToken`` effect
fields, documented at the top of each data file), shared by the terminal, ``wonders cards
duel --json`` (the ``text`` field) and the web pages. Every word goes through
``wonders.core.i18n``: the data's names through ``printed``, its identifiers (resources,
colours, science symbols) through the words marked here, every count through ``ngettext``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from wonders.core.errors import OptionsError
from wonders.core.i18n import N_, _, name, ngettext
from wonders.core.present import coins
from wonders.core.protocol import JSON
from wonders.duel.cards import DuelCatalog, catalog


def printed(text: str) -> str:
    """A card's, wonder's, leader's or token's printed name, in the reader's language."""
    return name("duel", text)


# the words of the data's identifiers, marked where defined and translated where shown
RESOURCE_NAMES = {
    "wood": N_("wood"),
    "clay": N_("clay"),
    "stone": N_("stone"),
    "glass": N_("glass"),
    "papyrus": N_("papyrus"),
}
COLOUR_NAMES = {
    "brown": N_("brown"),
    "grey": N_("grey"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "red": N_("red"),
    "purple": N_("purple"),
}
SYMBOL_NAMES = {
    "globe": N_("globe"),
    "wheel": N_("wheel"),
    "sundial": N_("sundial"),
    "mortar": N_("mortar"),
    "plumb": N_("plumb"),
    "quill": N_("quill"),
    "law": N_("law"),
}
# a count of a resource, each its own phrase (the languages decline each noun their way)
_RESOURCE_COUNTS: dict[str, Callable[[int], str]] = {
    "wood": lambda n: ngettext("{n} wood", "{n} wood", n),
    "clay": lambda n: ngettext("{n} clay", "{n} clay", n),
    "stone": lambda n: ngettext("{n} stone", "{n} stone", n),
    "glass": lambda n: ngettext("{n} glass", "{n} glass", n),
    "papyrus": lambda n: ngettext("{n} papyrus", "{n} papyrus", n),
}
# what a guild or a yellow card counts, with its "per" (the phrase governs its noun's case)
_PER = {
    "brown": N_("per brown card"),
    "grey": N_("per grey card"),
    "blue": N_("per blue card"),
    "green": N_("per green card"),
    "yellow": N_("per yellow card"),
    "red": N_("per red card"),
    "purple": N_("per purple card"),
    "wonders": N_("per wonder"),
    "coin_sets": N_("per 3 coins"),
}
_PER_EITHER: dict[tuple[str, ...], str] = {("brown", "grey"): N_("per brown or grey card")}
# the card a wonder discards from the opponent's city (the data allows brown and grey)
_DESTROYS = {
    "brown": N_("discard one brown card of your opponent's"),
    "grey": N_("discard one grey card of your opponent's"),
}


def resource_name(resource: str) -> str:
    """A resource's name ("stone") in the reader's language."""
    return _(RESOURCE_NAMES[resource])


def resource_count(resource: str, n: int) -> str:
    """``n`` units of ``resource`` ("2 stone") in the reader's language."""
    return _RESOURCE_COUNTS[resource](n).format(n=n)


def colour_name(colour: str) -> str:
    """A card colour ("brown"), or "wonder" / "token" (``advice.card_points``' kinds)."""
    if colour == "wonder":
        return _("wonder")
    if colour == "token":
        return _("progress token")
    return _(COLOUR_NAMES[colour])


def symbol_name(symbol: str) -> str:
    """A science symbol's name ("quill") in the reader's language."""
    return _(SYMBOL_NAMES[symbol])


def _either(resources: list[str]) -> str:
    return "/".join(resource_name(r) for r in resources)


def _shields(n: int) -> str:
    return ngettext("{n} shield", "{n} shields", n).format(n=n)


def _vp(n: int) -> str:
    return _("{n} VP").format(n=n)


def _per(count: list[str]) -> str:
    either = _PER_EITHER.get(tuple(count))
    if either is not None:
        return _(either)
    return _(" or ").join(_(_PER[c]) for c in count)


def effect_text(effect: dict[str, Any]) -> str:
    """One effect of a card's JSON ``effect`` list in words."""
    kind = effect["type"]
    if kind == "produce":
        made = Counter(effect["resources"])
        what = [resource_name(r) if n == 1 else resource_count(r, n) for r, n in made.items()]
        return _("produces {what}").format(what=" + ".join(what))
    if kind == "produce_choice":
        return _("produces one of {what} each turn").format(what=_either(effect["options"]))
    if kind == "trade_at_one":
        return _("you buy {what} from the bank for 1 coin each").format(
            what=_either(effect["resources"])
        )
    if kind == "coins":
        return coins(effect["coins"])
    if kind == "coins_per":
        if effect["whose"] == "most":
            text = _("{coins} now {per} in the city with the most")
        else:
            text = _("{coins} now {per} in your city")
        return text.format(coins=coins(effect["coins"]), per=_per(effect["count"]))
    # "points_per", the last kind of DuelCard.to_json
    if effect["whose"] == "most":
        text = _("{n} VP at the end {per} in the city with the most")
    else:
        text = _("{n} VP at the end {per} in your city")
    return text.format(n=effect["points"], per=_per(effect["count"]))


def card_text(card: dict[str, Any], chains_to: list[str] | None = None) -> str:
    """A card in one line: effects, points, shields, science, chains both ways."""
    parts = [effect_text(e) for e in card["effect"]]
    if card.get("points"):
        parts.append(_vp(card["points"]))
    if card.get("shields"):
        parts.append(_shields(card["shields"]))
    if card.get("science"):
        parts.append(_("science symbol: {symbol}").format(symbol=symbol_name(card["science"])))
    if card.get("chains_from"):
        givers = [printed(c) for c in card["chains_from"]]
        parts.append(_("free with {cards}").format(cards=_(" or ").join(givers)))
    if chains_to:
        parts.append(
            _("chains into {cards}").format(cards=", ".join(printed(c) for c in chains_to))
        )
    return "; ".join(parts) or _("no effect")


def wonder_effect_text(effect: dict[str, Any]) -> str:
    """A wonder's effects (the ``effect`` of ``DuelWonder.to_json``) in words."""
    parts = []
    if effect.get("coins"):
        parts.append(coins(effect["coins"]))
    if effect.get("opponent_loses"):
        parts.append(_("your opponent loses {coins}").format(coins=coins(effect["opponent_loses"])))
    if effect.get("shields"):
        parts.append(_shields(effect["shields"]))
    if effect.get("destroy"):
        parts.append(_(_DESTROYS[effect["destroy"]]))
    if effect.get("produce_choice"):
        parts.append(
            _("produces one of {what} each turn").format(what=_either(effect["produce_choice"]))
        )
    if effect.get("build_from_discard"):
        parts.append(_("build a card of the discard pile free"))
    if effect.get("progress_from_box"):
        parts.append(_("draw 3 progress tokens set aside at setup and keep one"))
    if effect.get("replay"):
        parts.append(_("play again at once"))
    if effect.get("points"):
        parts.append(_vp(effect["points"]))
    return "; ".join(parts)


def cost_text(cost: dict[str, Any]) -> str:
    """A cost: a card's ``{"coins": n, "resources": {...}}`` or a wonder's flat table."""
    flat = dict(cost.get("resources", {}))
    flat.update({k: v for k, v in cost.items() if k not in ("resources", "coins")})
    parts = [coins(cost["coins"])] if cost.get("coins") else []
    parts += [resource_count(r, n) for r, n in flat.items() if n]
    return ", ".join(parts) or _("free")


def wonder_text(wonder: dict[str, Any]) -> str:
    """A wonder in one line: cost, then what it gives."""
    return _("{cost} -> {reward}").format(
        cost=cost_text(wonder["cost"]), reward=wonder_effect_text(wonder["effect"])
    )


def token_text(token: dict[str, Any]) -> str:
    """A progress token's effect (``ProgressToken.to_json``) in words."""
    effect = token["effect"]
    parts = []
    if effect.get("coins"):
        parts.append(coins(effect["coins"]))
    if effect.get("points"):
        parts.append(_vp(effect["points"]))
    if effect.get("science"):
        parts.append(_("a science symbol ({symbol})").format(symbol=symbol_name(effect["science"])))
    if effect.get("wonder_discount"):
        n = effect["wonder_discount"]
        parts.append(
            ngettext(
                "wonders cost {n} fewer resource (your choice)",
                "wonders cost {n} fewer resources (your choice)",
                n,
            ).format(n=n)
        )
    if effect.get("blue_discount"):
        n = effect["blue_discount"]
        parts.append(
            ngettext(
                "blue cards cost {n} fewer resource (your choice)",
                "blue cards cost {n} fewer resources (your choice)",
                n,
            ).format(n=n)
        )
    if effect.get("trade_income"):
        parts.append(_("the coins your opponent pays the bank for resources go to you"))
    if effect.get("points_per_token"):
        parts.append(
            _("{n} VP per progress token you have, this one included").format(
                n=effect["points_per_token"]
            )
        )
    if effect.get("extra_shield"):
        n = effect["extra_shield"]
        parts.append(
            ngettext(
                "your red cards built from now on give {n} more shield",
                "your red cards built from now on give {n} more shields",
                n,
            ).format(n=n)
        )
    if effect.get("wonder_replay"):
        parts.append(_("every wonder you build from now on lets you play again"))
    if effect.get("chain_coins"):
        parts.append(
            _("{coins} each time you build a card by its chain").format(
                coins=coins(effect["chain_coins"])
            )
        )
    return "; ".join(parts)


def chains_into(cat: DuelCatalog | None = None) -> dict[str, list[str]]:
    """For each card name, the cards it makes free by its chain symbol."""
    cards = (cat or catalog()).cards
    return {
        c.name: [d.name for d in cards if d.chain_in and d.chain_in == c.chain_out]
        for c in cards
        if c.chain_out
    }


def texts(cat: DuelCatalog | None = None) -> dict[str, str]:
    """Every card, wonder and token's text by name (names are unique across the three)."""
    cat = cat or catalog()
    into = chains_into(cat)
    out = {c.name: card_text(c.to_json(), into.get(c.name)) for c in cat.cards}
    out.update({w.name: wonder_text(w.to_json()) for w in cat.wonders})
    out.update({t.name: token_text(t.to_json()) for t in cat.tokens})
    return out


def page_texts() -> dict[str, JSON]:
    """Every name of the game's data with what the web page shows of it (its text, cost,
    colour, stages, label), by name."""
    cat = catalog()
    colors: dict[str, Any] = {c.name: c.to_json().get("color", "") for c in cat.cards}
    return {
        name: {"text": text, "label": printed(name), "color": colors.get(name, "")}
        for name, text in texts(cat).items()
    }


def card_list(
    players: int | None, age: int | None, expansions: str | None = None
) -> list[dict[str, Any]]:
    """``wonders cards``: the Age cards (of ``age``), then (no Age asked) the wonders and
    the progress tokens, each with its ``text``."""
    if players not in (None, 2):
        raise OptionsError(_("Duel is for 2 players"))
    cat = catalog()
    into = chains_into(cat)
    listed = [
        {**c.to_json(), "text": card_text(c.to_json(), into.get(c.name))}
        for c in cat.cards
        if age is None or c.age == age
    ]
    if age is None:  # wonders and progress tokens have no Age
        for w in cat.wonders:
            entry = {**w.to_json(), "age": None, "color": "wonder"}
            listed.append({**entry, "text": wonder_text(entry)})
        for t in cat.tokens:
            entry = {**t.to_json(), "age": None, "color": "token"}
            listed.append({**entry, "text": token_text(entry)})
    return listed
