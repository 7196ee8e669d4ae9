"""Card, wonder and token descriptions for the pages, from each game's ``describe.py`` (the
one module the terminal, ``wonders cards`` and the web share). Public data only."""

from __future__ import annotations

from functools import cache
from typing import Any

from wonders.core.protocol import JSON


def _classic() -> dict[str, JSON]:
    from wonders.classic import describe
    from wonders.classic.cards import EXPANSIONS, catalog_for

    cat = catalog_for(list(EXPANSIONS))
    every = [c.to_json() for c in (*cat.cards, *cat.leaders)]
    into = describe.chains_into(every)
    out: dict[str, JSON] = {}
    for data in every:
        out[data["name"]] = {
            "text": describe.card_text(data, into.get(data["name"])),
            "cost": describe.cost_text(data.get("cost", {})),
            "color": data.get("color", ""),
        }
    for w in cat.wonders:
        board = w.to_json()
        stages = {side: [describe.stage_text(s) for s in st] for side, st in board["sides"].items()}
        out[board["name"]] = {
            "text": describe.board_text(board),
            "stages": stages,
            "color": "wonder",
        }
    return out


def _duel() -> dict[str, JSON]:
    from wonders.duel import describe
    from wonders.duel.cards import catalog

    cat = catalog()
    colors: dict[str, Any] = {c.name: c.to_json().get("color", "") for c in cat.cards}
    return {
        name: {"text": text, "color": colors.get(name, "")}
        for name, text in describe.texts(cat).items()
    }


def _architects() -> dict[str, JSON]:
    from wonders.architects import describe

    out: dict[str, JSON] = {}
    for item in describe.cards_json():
        entry: JSON = {
            "text": item["text"],
            "label": item.get("label", item["name"]),
            "color": item.get("color", ""),
        }
        if "stages" in item:
            entry["stages"] = [s["text"] for s in item["stages"]]
        out[item["name"]] = entry
    return out


@cache
def texts(game: str) -> dict[str, JSON]:
    """Every name of ``game``'s data with its plain description (empty if none is known)."""
    makers = {"classic": _classic, "duel": _duel, "architects": _architects}
    maker = makers.get(game)
    return maker() if maker else {}
