"""The words around the board of 7 Wonders Architects on the web page (``wonders.web.boards``
asks for them through the registry's ``board`` part): ``static/games.js`` draws the board
from the view's numbers and identifiers and shows only these. Made from the reader's view
only, in the reader's language; a ``{field}`` left in a phrase is where the page puts
elements (card chips, a drawn cost)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonders.architects import present
from wonders.architects.views import ArchitectsView
from wonders.core.i18n import _, name, ngettext
from wonders.core.present import called
from wonders.core.protocol import JSON

# what ``view["phase"]`` means (Architects' view has no phase)
PHASES: dict[str, str] = {}


def _deck_name(present: Any, reader: int | None, decks: list[str], deck: str, central: str) -> str:
    """A deck as a heading: "The central deck", "The Giza deck (your left)"."""
    if deck == central:
        return _("The central deck")
    where = present.place(reader, decks, deck)
    printed = name("architects", deck)
    if where is None:
        return _("The {deck} deck").format(deck=printed)
    return _("The {deck} deck ({where})").format(deck=printed, where=where)


def board_words(view: ArchitectsView, reader: int | None, names: Sequence[str]) -> JSON:
    from wonders.architects.actions import STACK
    from wonders.architects.cards import CENTRAL

    conflict = view.get("conflict", {})
    total = int(conflict.get("total") or 0)
    head = [
        _("Turn {turn}").format(turn=view.get("turn")),
        ngettext(
            "{side} of {n} conflict token on the battle side",
            "{side} of {n} conflict tokens on the battle side",
            total,
        ).format(side=conflict.get("battle_side", 0), n=total),
    ]
    decks = [str(d.get("deck")) for d in view.get("decks", [])]
    deck_words: dict[str, JSON] = {}
    sizes = {str(d.get("deck")): int(d.get("size") or 0) for d in view.get("decks", [])}
    sizes[CENTRAL] = int(view.get("central", {}).get("size") or 0)
    for deck, size in sizes.items():
        heading = _deck_name(present, reader, decks, deck, CENTRAL)
        deck_words[deck] = {
            "name": heading,
            "line": _("{deck} ({cards}): {top}").format(
                deck=heading,
                cards=ngettext("{n} card", "{n} cards", size).format(n=size),
                top="{top}",
            ),
        }
    players: dict[str, JSON] = {}
    for p in view.get("players", []):
        seat = int(p["seat"])
        wonder = name("architects", str(p.get("wonder")))
        if seat == reader:
            title = _("You: {wonder}, with the cat") if p.get("cat") else _("You: {wonder}")
        else:
            title = _("{who}: {wonder}, with the cat") if p.get("cat") else _("{who}: {wonder}")
        players[str(seat)] = {
            "title": title.format(who=called(seat, names), wonder=wonder),
            "tokens": present.victory_tokens(int(p.get("victory_tokens") or 0)),
        }
    stack = int(view.get("tokens", {}).get("stack") or 0)
    return {
        "head": " — ".join(head),
        "decks_title": _("Decks"),
        "central": CENTRAL,
        "decks": deck_words,
        "face_down": _("face down"),
        "card_on_top": _("{deck}: {card}"),
        "offer": ngettext(
            "Progress tokens on offer: {tokens} ({n} more in the stack)",
            "Progress tokens on offer: {tokens} ({n} more in the stack)",
            stack,
        ).format(tokens="{tokens}", n=stack),
        "tokens": _("Progress tokens: {tokens}"),
        "players": players,
        "names": {STACK: _("The stack of progress tokens, face down")},
    }
