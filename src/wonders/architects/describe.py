"""Plain one-line descriptions of 7 Wonders Architects cards, wonder stages and tokens.

Generated from the catalogue (card kinds, the stage cost patterns, each wonder's points and
power, the token effect fields documented in data/tokens.toml), shared by the terminal,
``wonders cards architects --json`` (the ``text`` field) and the web pages. Every word goes
through ``wonders.core.i18n``: the data's names (wonders, tokens) through ``printed``, its
identifiers (resources, science symbols, colours, powers, token effects) through the words
marked here, every count through ``ngettext``. Identifiers (``name`` fields) stay English.
"""

from __future__ import annotations

from typing import Any

from wonders.architects.cards import ArchitectsCatalog, ArchitectsWonder, Kind, catalog
from wonders.core.errors import OptionsError
from wonders.core.i18n import N_, _, name, ngettext
from wonders.core.present import listed
from wonders.core.protocol import JSON

# the words of the data's identifiers, marked where defined and translated where shown
RESOURCE_NAMES = {
    "wood": N_("wood"),
    "stone": N_("stone"),
    "brick": N_("brick"),
    "glass": N_("glass"),
    "papyrus": N_("papyrus"),
}
SCIENCE_NAMES = {
    "gear": N_("gear"),
    "compass": N_("compass"),
    "tablet": N_("tablet"),
}
COLOUR_NAMES = {
    "yellow": N_("yellow"),
    "grey": N_("grey"),
    "green": N_("green"),
    "blue": N_("blue"),
    "red": N_("red"),
}
# a wonder's power (``effect`` in data/wonders.toml), as a stage's reward
POWER_WORDS = {
    "take_any_deck_top": N_("take the top card of any deck, the central one included"),
    "take_progress_token": N_("take a progress token"),
    "take_central_top": N_("take the top card of the central deck"),
    "take_both_side_tops": N_("take the top cards of your left and your right deck"),
    "shield": N_("1 shield"),
}
# the progress tokens' effects that need no number (data/tokens.toml)
TOKEN_WORDS = {
    "gold_counts_double": N_("once a turn a gold coin counts as 2 resources"),
    "ignore_same_different": N_("stages take any resources, equal or different"),
}
# what a token's ``points_per`` counts, each a whole phrase with its points
POINTS_PER = {
    "cat_icons": N_("{n} VP per cat icon on your blue cards"),
    "victory_tokens": N_("{n} VP per victory token"),
    "progress_tokens": N_("{n} VP per progress token, this one included"),
}
CULTURE = "Culture"  # the token whose two copies score together (cards.py checks the name)


def printed(text: str) -> str:
    """A card's, wonder's, leader's or token's printed name, in the reader's language."""
    return name("architects", text)


def resource_name(resource: str) -> str:
    """A resource's name ("wood") in the reader's language."""
    return _(RESOURCE_NAMES[resource])


def science_name(symbol: str) -> str:
    """A science symbol's name ("gear") in the reader's language."""
    return _(SCIENCE_NAMES[symbol])


def colour_name(colour: str) -> str:
    """A card colour ("grey") in the reader's language."""
    return _(COLOUR_NAMES[colour])


def either(parts: list[str]) -> str:
    """ "a", "a or b", "a, b or c": things one of which will do, in a sentence."""
    if len(parts) < 2:
        return "".join(parts)
    return _("{first} or {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def kind_name(kind: Kind) -> str:
    """A card face's name for a player: "wood", "gold coin", "blue 2 VP + cat", "shield + 1
    horn"."""
    if kind.coin:
        return _("gold coin")
    if kind.resource:
        return resource_name(kind.resource)
    if kind.science:
        return science_name(kind.science)
    if kind.color == "blue":
        if kind.cat:
            return _("blue {n} VP + cat").format(n=kind.points)
        return _("blue {n} VP").format(n=kind.points)
    if kind.horns:
        return ngettext("shield + {n} horn", "shield + {n} horns", kind.horns).format(n=kind.horns)
    return _("shield")


def kind_text(kind: Kind) -> str:
    """What a card face does, in one line."""
    if kind.coin:
        return _("gold: stands for any one resource in a wonder stage")
    if kind.resource:
        return _("a resource ({name}) to build wonder stages").format(
            name=resource_name(kind.resource)
        )
    if kind.science:
        return _(
            "science symbol ({name}): 2 equal or 3 different symbols take a progress token"
        ).format(name=science_name(kind.science))
    if kind.color == "blue":
        if kind.cat:
            return _("{n} VP; takes the cat (2 VP, a peek at the central deck's top)").format(
                n=kind.points
            )
        return _("{n} VP").format(n=kind.points)
    if kind.horns:
        return ngettext(
            "1 shield; flips {n} conflict token to the battle side",
            "1 shield; flips {n} conflict tokens to the battle side",
            kind.horns,
        ).format(n=kind.horns)
    return _("1 shield")


def victory_tokens(n: int) -> str:
    """ "1 victory token", "2 victory tokens"."""
    return ngettext("{n} victory token", "{n} victory tokens", n).format(n=n)


def stage_cost_text(cat: ArchitectsCatalog, stage: int) -> str:
    """Stage ``stage`` (1-5)'s cost pattern: "2 different resources", "3 equal resources"."""
    cost = cat.costs[stage - 1]
    if cost.same:
        text = ngettext("{n} equal resource", "{n} equal resources", cost.count)
    else:
        text = ngettext("{n} different resource", "{n} different resources", cost.count)
    return text.format(n=cost.count)


def stage_reward_text(wonder: ArchitectsWonder, stage: int) -> str:
    """What stage ``stage`` (1-5) gives: "4 VP; 1 shield"."""
    reward = [_("{n} VP").format(n=wonder.points[stage - 1])]
    if wonder.effect == "search_side_deck" and stage in wonder.effect_stages:
        reward.append(
            ngettext(
                "look at the top {n} card of your left or right deck and take it",
                "look at the top {n} cards of your left or right deck and take one",
                wonder.look_at,
            ).format(n=wonder.look_at)
        )
    elif wonder.effect and stage in wonder.effect_stages:
        reward.append(_(POWER_WORDS[wonder.effect]))
    return "; ".join(reward)


def stage_text(cat: ArchitectsCatalog, wonder: ArchitectsWonder, stage: int) -> str:
    """A stage with its cost and reward: "2 different resources -> 4 VP; 1 shield"."""
    return _("{cost} -> {reward}").format(
        cost=stage_cost_text(cat, stage), reward=stage_reward_text(wonder, stage)
    )


def order_text(wonder: ArchitectsWonder) -> str:
    """The building order, as the rule and its exceptions: "stages in order, 1 to 5",
    "stages in order, 1 to 5; stages 3 and 4 in any order"."""
    rule = _("stages in order, 1 to {last}").format(last=len(wonder.points))
    free = [
        _("stages {stages} in any order").format(stages=listed([str(s) for s in group]))
        for group in wonder.order
        if len(group) > 1
    ]
    return "; ".join([rule, *free])


def wonder_text(cat: ArchitectsCatalog, wonder: ArchitectsWonder) -> str:
    """A wonder in one line: each stage's cost -> reward, then the building order."""
    stages = " | ".join(
        f"{s}: {stage_text(cat, wonder, s)}" for s in range(1, len(wonder.points) + 1)
    )
    return f"{stages}; {order_text(wonder)}"


def token_text(effects: dict[str, Any]) -> str:
    """A progress token's effect fields (data/tokens.toml) in words."""
    parts = []
    if "extra_card_on" in effects:
        if "stage" in effects["extra_card_on"]:
            parts.append(_("once a turn, building a stage gives one more card"))
        else:
            kinds = catalog().kinds
            names = [kind_name(kinds[k]) for k in effects["extra_card_on"]]
            parts.append(
                _("once a turn, taking {what} gives one more card").format(what=either(names))
            )
    for key, words in TOKEN_WORDS.items():
        if effects.get(key):
            parts.append(_(words))
    if effects.get("culture"):
        parts.append(_("4 VP with one {token} token, 12 with both").format(token=printed(CULTURE)))
    if effects.get("shields"):
        n = effects["shields"]
        parts.append(ngettext("{n} shield", "{n} shields", n).format(n=n))
    if "points_unfinished" in effects:
        parts.append(
            _("{a} VP, {b} VP with your wonder finished").format(
                a=effects["points_unfinished"], b=effects["points_finished"]
            )
        )
    if "points_per" in effects:
        per = effects["points_per"]
        parts.append(_(POINTS_PER[per["count"]]).format(n=per["points"]))
    return "; ".join(parts)


def cards_json(cat: ArchitectsCatalog | None = None) -> list[dict[str, Any]]:
    """Every physical card (``cards_json``) with its ``text``, then each wonder with its
    stages and each progress token (once per name), each with a ``text``."""
    cat = cat or catalog()
    entries = [
        {**c, "label": kind_name(cat.kinds[c["name"]]), "text": kind_text(cat.kinds[c["name"]])}
        for c in cat.cards_json()
    ]
    for w in cat.wonders:
        entries.append(
            {
                "name": w.name,
                "deck": None,
                "color": "wonder",
                "label": printed(w.name),
                "text": wonder_text(cat, w),
                "stages": [
                    {
                        "stage": s,
                        "cost": {"count": cat.costs[s - 1].count, "same": cat.costs[s - 1].same},
                        "points": w.points[s - 1],
                        "text": stage_text(cat, w, s),
                    }
                    for s in range(1, len(w.points) + 1)
                ],
            }
        )
    seen = set()
    for t in cat.tokens:
        if t.name not in seen:
            seen.add(t.name)
            entries.append(
                {
                    "name": t.name,
                    "deck": None,
                    "color": "token",
                    "label": printed(t.name),
                    "text": token_text(t.effects),
                }
            )
    return entries


def page_texts() -> dict[str, JSON]:
    """Every name of the game's data with what the web page shows of it (its text, cost,
    colour, stages, label), by name."""

    out: dict[str, JSON] = {}
    for item in cards_json():
        entry: JSON = {
            "text": item["text"],
            "label": item.get("label", item["name"]),
            "color": item.get("color", ""),
        }
        if "stages" in item:
            entry["stages"] = [s["text"] for s in item["stages"]]
        out[item["name"]] = entry
    return out


def card_list(
    players: int | None, age: int | None, expansions: str | None = None
) -> list[dict[str, Any]]:
    """``wonders cards``: ``cards_json`` (Architects has no Ages, and its decks depend on the
    wonders in play, not on the player count)."""
    if players is not None or age is not None:
        raise OptionsError(_("Architects has no Ages; its decks depend on the wonders in play"))
    return cards_json()
