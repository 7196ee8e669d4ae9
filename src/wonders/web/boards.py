"""The words around each game's board on the page: ``static/games.js`` draws the board from
the view's numbers and identifiers and shows only these (it holds no word of a game).

``board_words(game, view, reader, names)`` is made with every state message, from the
reader's view only (so it tells nothing the view does not), in the reader's language:
whole sentences and headings through gettext, counts through ``ngettext``, printed names
(``wonders.core.i18n.name``); a ``{field}`` left in a phrase is where the page puts
elements (a row of card chips, a drawn cost). The seats are called by their names at the
table, the reader "you" in phrases of their own. ``names``: the words of identifiers an
action may carry that are no card of the data (Architects' token stack).

A game without an entry here gets ``{}``; the words are each game's (a game added by a
plug-in words its board the same way, or the page shows its view bare).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wonders.core.i18n import N_, _, name, ngettext
from wonders.core.present import age_name, coins, upper_first
from wonders.core.protocol import JSON
from wonders.core.registry import get_game

# what each game's ``view["phase"]`` means
PHASES = {
    "classic:draft": N_("Choosing cards"),
    "classic:leader_draft": N_("Leader draft"),
    "classic:recruit": N_("Recruiting leaders"),
    "classic:recruit_now": N_("Recruiting a leader"),
    "classic:return_leader": N_("Giving back a leader"),
    "classic:courtesan": N_("The Courtesan's choice"),
    "classic:extra_card": N_("Babylon's last card"),
    "classic:discard_build": N_("Building from the discard pile"),
    "classic:debt": N_("Paying coin losses"),
    "classic:over": N_("Game over"),
    "duel:draft": N_("Wonder draft"),
    "duel:play": N_("Taking cards"),
    "duel:over": N_("Game over"),
}


def phase_name(game: str, phase: Any) -> str:
    """A phase of ``game`` in words ("" for none; an unknown one: its identifier)."""
    if not phase:
        return ""
    word = PHASES.get(f"{game}:{phase}")
    return _(word) if word else str(phase)


def category_names(game: str, categories: Sequence[str]) -> dict[str, str]:
    """Each score category's heading, from the game's presentation module."""
    present = get_game(game).part("present")
    named = getattr(present, "category_name", None)
    return {c: str(named(c)) if named is not None else c for c in categories}


def _who(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else _("Player {n}").format(n=seat + 1)


# ---------------------------------------------------------------- 7 Wonders


def _classic_title(
    seat: int, reader: int | None, near: str | None, free: bool, who: str, wonder: str, side: str
) -> str:
    """A city's heading: whose, where it sits for the reader, its wonder and side."""
    if seat == reader:
        return _("Your city: {wonder} {side}").format(wonder=wonder, side=side)
    if free:
        text = {
            "left": _("The Free City, on your left: {wonder} {side}"),
            "right": _("The Free City, on your right: {wonder} {side}"),
        }.get(near or "", _("The Free City: {wonder} {side}"))
        return text.format(wonder=wonder, side=side)
    text = {
        "left": _("{who}, on your left: {wonder} {side}"),
        "right": _("{who}, on your right: {wonder} {side}"),
    }.get(near or "", _("{who}: {wonder} {side}"))
    return text.format(who=who, wonder=wonder, side=side)


def _classic(view: JSON, reader: int | None, names: Sequence[str]) -> JSON:
    free = view.get("free_city")
    cities = [*view.get("players", []), *([free] if free else [])]
    n = len(cities)
    age = age_name(view.get("age"))
    head = [_("Age {age}, turn {turn}").format(age=age, turn=view.get("turn"))]
    if view.get("pass_to") == "left":
        head.append(_("cards pass to the left"))
    elif view.get("pass_to") == "right":
        head.append(_("cards pass to the right"))
    discard = int(view.get("discard_size") or 0)
    head.append(
        ngettext("{n} card in the discard pile", "{n} cards in the discard pile", discard).format(
            n=discard
        )
    )
    if view.get("phase"):
        head.append(phase_name("classic", view["phase"]))
    out_cities: dict[str, JSON] = {}
    for p in cities:
        seat = int(p["seat"])
        near = None
        if reader is not None and seat == (reader + 1) % n and seat != reader:
            near = "left"
        elif reader is not None and seat == (reader - 1) % n and seat != reader:
            near = "right"
        is_free = free is not None and seat == free.get("seat")
        wonder, side = name("classic", str(p["wonder"])), str(p.get("side", ""))
        title = _classic_title(seat, reader, near, is_free, _who(seat, names), wonder, side)
        total, built = int(p.get("stages_total") or 0), int(p.get("stages") or 0)
        stats = [
            ngettext(
                "{built} of {n} wonder stage built", "{built} of {n} wonder stages built", total
            ).format(built=built, n=total)
        ]
        if p.get("tokens"):
            tokens = " ".join(f"{t:+d}" if isinstance(t, int) else str(t) for t in p["tokens"])
            stats.append(_("military tokens: {tokens}").format(tokens=tokens))
        if p.get("debt"):
            debt = int(p["debt"])
            stats.append(ngettext("{n} debt token", "{n} debt tokens", debt).format(n=debt))
        cards = len(p.get("buildings", []))
        out_cities[str(seat)] = {
            "title": title,
            "stats": ", ".join(stats),
            "cards": ngettext("{n} card built", "{n} cards built", cards).format(n=cards),
        }
    holding = free is not None and reader is not None and free.get("controller") == reader
    mate = view.get("teammate")
    return {
        "head": " — ".join(head),
        "cities": out_cities,
        "hand": _("Your hand, with the Free City's card") if holding else _("Your hand"),
        "teammate_hand": _("{who}'s hand").format(who=_who(int(mate), names))
        if isinstance(mate, int)
        else "",
        "leaders": _("Leaders: {leaders}"),
        "cost": _("Cost: {cost}"),
        "has_chosen": _("has chosen"),
    }


# ---------------------------------------------------------------- 7 Wonders Duel


def _duel(view: JSON, reader: int | None, names: Sequence[str]) -> JSON:
    from wonders.duel.describe import symbol_name

    present = get_game("duel").part("present")
    head = [_("Age {age}").format(age=age_name(view.get("age")))]
    if view.get("phase"):
        head.append(phase_name("duel", view["phase"]))
    if view.get("victory"):
        head.append(upper_first(present.victory_name(view["victory"])))
    military = view.get("military", {})
    players: dict[str, JSON] = {}
    for p in view.get("players", []):
        science = p.get("science", {})
        players[str(p["seat"])] = {
            "science": ", ".join(f"{symbol_name(k)} ×{v}" for k, v in science.items())
        }
    return {
        "head": " — ".join(head),
        "pawn": upper_first(present.pawn(int(military.get("position", 0)), reader, names)),
        "coins": {str(n): coins(n) for n in (2, 5)},
        "structure": _("Structure"),
        "face_down": _("face down"),
        "offer": _("Wonders on offer: {names}"),
        "board_tokens": _("Progress tokens on the board: {tokens}"),
        "wonders": _("Wonders: {wonders}"),
        "tokens": _("Progress tokens: {tokens}"),
        "discard": _("Discard pile: {cards}"),
        "players": players,
    }


# ---------------------------------------------------------------- 7 Wonders Architects


def _deck_name(present: Any, reader: int | None, decks: list[str], deck: str, central: str) -> str:
    """A deck as a heading: "The central deck", "The Giza deck (your left)"."""
    if deck == central:
        return _("The central deck")
    where = present.place(reader, decks, deck)
    printed = name("architects", deck)
    if where is None:
        return _("The {deck} deck").format(deck=printed)
    return _("The {deck} deck ({where})").format(deck=printed, where=where)


def _architects(view: JSON, reader: int | None, names: Sequence[str]) -> JSON:
    from wonders.architects.actions import STACK
    from wonders.architects.cards import CENTRAL

    present = get_game("architects").part("present")
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
        called = _deck_name(present, reader, decks, deck, CENTRAL)
        deck_words[deck] = {
            "name": called,
            "line": _("{deck} ({cards}): {top}").format(
                deck=called,
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
            "title": title.format(who=_who(seat, names), wonder=wonder),
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


BOARDS: dict[str, Callable[[JSON, int | None, Sequence[str]], JSON]] = {
    "classic": _classic,
    "duel": _duel,
    "architects": _architects,
}


def board_words(game: str, view: JSON, reader: int | None, names: Sequence[str]) -> JSON:
    """The words of ``game``'s board for ``reader`` (None: a spectator), from ``view``."""
    words = BOARDS.get(game)
    return words(view, reader, names) if words is not None else {}
