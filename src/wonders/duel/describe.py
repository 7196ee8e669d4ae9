"""Plain one-line descriptions of 7 Wonders Duel cards, wonders and progress tokens.

Generated from the catalogue (``DuelCard.to_json``, ``DuelWonder``/``ProgressToken`` effect
fields, documented at the top of each data file), shared by the terminal, ``wonders cards
duel --json`` (the ``text`` field) and the web pages. Every word goes through
``wonders.core.i18n``; names come from the data.
"""

from __future__ import annotations

from typing import Any

from wonders.core.errors import OptionsError
from wonders.core.i18n import _, ngettext
from wonders.core.present import coins
from wonders.core.protocol import JSON
from wonders.duel.cards import DuelCatalog, catalog


def _shields(n: int) -> str:
    return ngettext("{n} shield", "{n} shields", n).format(n=n)


def _counted(count: list[str], whose: str) -> str:
    names = {"wonders": _("wonder"), "coin_sets": _("3 coins")}
    what = "/".join(names.get(c, c) for c in count)
    if not any(c in names for c in count):
        what = _("{colours} card").format(colours=what)
    if whose == "most":
        return _("{what} in the city with the most").format(what=what)
    return _("{what} in your city").format(what=what)


def effect_text(effect: dict[str, Any]) -> str:
    """One effect of a card's JSON ``effect`` list in words."""
    kind = effect["type"]
    if kind == "produce":
        return _("produces {what}").format(what=" + ".join(effect["resources"]))
    if kind == "produce_choice":
        return _("produces one of {what} each turn").format(what="/".join(effect["options"]))
    if kind == "trade_at_one":
        return _("you buy {what} from the bank for 1 coin each").format(
            what="/".join(effect["resources"])
        )
    if kind == "coins":
        return coins(effect["coins"])
    if kind == "coins_per":
        return _("{coins} now per {what}").format(
            coins=coins(effect["coins"]), what=_counted(effect["count"], effect["whose"])
        )
    if kind == "points_per":
        return _("{n} VP at the end per {what}").format(
            n=effect["points"], what=_counted(effect["count"], effect["whose"])
        )
    return str(kind).replace("_", " ")


def card_text(card: dict[str, Any], chains_to: list[str] | None = None) -> str:
    """A card in one line: effects, points, shields, science, chains both ways."""
    parts = [effect_text(e) for e in card["effect"]]
    if card.get("points"):
        parts.append(_("{n} VP").format(n=card["points"]))
    if card.get("shields"):
        parts.append(_shields(card["shields"]))
    if card.get("science"):
        parts.append(_("science symbol: {symbol}").format(symbol=card["science"]))
    if card.get("chains_from"):
        parts.append(_("free with {cards}").format(cards=_(" or ").join(card["chains_from"])))
    if chains_to:
        parts.append(_("chains into {cards}").format(cards=", ".join(chains_to)))
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
        parts.append(
            _("discard one {colour} card of your opponent's").format(colour=effect["destroy"])
        )
    if effect.get("produce_choice"):
        parts.append(
            _("produces one of {what} each turn").format(what="/".join(effect["produce_choice"]))
        )
    if effect.get("build_from_discard"):
        parts.append(_("build a card of the discard pile free"))
    if effect.get("progress_from_box"):
        parts.append(_("draw 3 progress tokens set aside at setup and keep one"))
    if effect.get("replay"):
        parts.append(_("play again at once"))
    if effect.get("points"):
        parts.append(_("{n} VP").format(n=effect["points"]))
    return "; ".join(parts)


def cost_text(cost: dict[str, Any]) -> str:
    """A cost: a card's ``{"coins": n, "resources": {...}}`` or a wonder's flat table."""
    flat = dict(cost.get("resources", {}))
    flat.update({k: v for k, v in cost.items() if k not in ("resources", "coins")})
    parts = [coins(cost["coins"])] if cost.get("coins") else []
    parts += [f"{n} {r}" for r, n in flat.items()]
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
        parts.append(_("{n} VP").format(n=effect["points"]))
    if effect.get("science"):
        parts.append(_("a science symbol ({symbol})").format(symbol=effect["science"]))
    if effect.get("wonder_discount"):
        parts.append(
            _("wonders cost {n} fewer resources (your choice)").format(n=effect["wonder_discount"])
        )
    if effect.get("blue_discount"):
        parts.append(
            _("blue cards cost {n} fewer resources (your choice)").format(n=effect["blue_discount"])
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
        parts.append(_("your red cards built from now on give 1 more shield"))
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
        name: {"text": text, "color": colors.get(name, "")} for name, text in texts(cat).items()
    }


def card_list(
    players: int | None, age: int | None, expansions: str | None = None
) -> list[dict[str, Any]]:
    """``wonders cards``: the Age cards (of ``age``), then (no Age asked) the wonders and
    the progress tokens, each with its ``text``."""
    if players not in (None, 2):
        raise OptionsError("Duel is for 2 players")
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
