"""`wonders play duel --plain`: 7 Wonders Duel in lines, for screen readers and scripts.

Each decision is short and linear (``wonders.cli.plain``): what happened since your last
decision, the Age and the conflict pawn, your city and your rival's in a few sentences
(coins, points so far, production, wonders, progress tokens, science symbols), what the
structure offers, the decision in the game's words, then the choices one a line, each card
described once (its colour, what it does, why it cannot be built). ``city``, ``all``,
``log`` and ``help`` at the question print your city in full, both cities with the
structure card by card, the whole log and the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from wonders.cli import render
from wonders.cli.narration import play_lines
from wonders.cli.plain import described, numbered, say, say_all, say_decision
from wonders.cli.session import SeatTable, Session
from wonders.core.i18n import _, ngettext, pgettext
from wonders.core.present import Heading, age_name, coins, colour_card, listed, upper_first
from wonders.core.protocol import Result, own_seat
from wonders.duel import advice, describe
from wonders.duel.board import PHASES
from wonders.duel.city import card_facts
from wonders.duel.describe import colour_name, printed, symbol_name
from wonders.duel.present import (
    Log,
    action_label,
    category_name,
    decision,
    pawn,
    victory_line,
    victory_name,
)
from wonders.duel.terminal import texts
from wonders.duel.views import DuelCityView, DuelView

COLOURS = ("brown", "grey", "yellow", "blue", "green", "red", "purple")
SCIENCE_GOAL = 6  # different symbols: scientific supremacy


def play(session: Session, console: Console, ask: Callable[..., int]) -> None:
    seats = SeatTable(session)
    say(
        console,
        _("7 Wonders Duel, seed {seed}. You are seat {seat}.").format(
            seed=seats.seed, seat=seats.seat
        ),
    )
    view: DuelView = play_lines(
        seats,
        console,
        ask,
        Log(seats.view()),
        lambda v, a: decide(console, v, a),
        what=lambda v, actions: decision(v, [a.to_json() for a in actions])[0],
        pages=lambda v: {"city": lambda: city_page(v), "all": lambda: everything(v)},
    )
    final(console, view, seats.result())


# ---------------------------------------------------------------- a decision


def decide(console: Console, view: DuelView, actions: list[Any]) -> None:
    """Print one decision, from the seat's view: the state in a few lines, the decision's
    title and prompt, then the numbered choices, one a line (the state only when the seat
    has no decision)."""
    said = decision(view, [a.to_json() for a in actions]) if actions else None
    say_decision(console, state_lines(view), said, choice_lines(view, actions))


def science_text(info: DuelCityView) -> str:
    """A city's science symbols with their counts ("globe ×2, wheel ×1")."""
    return ", ".join(
        f"{symbol_name(k)} ×{v}" for k, v in sorted(info["science"].items(), key=lambda kv: kv[0])
    )


def wonders_built(info: DuelCityView) -> str:
    n = len(info["wonders"])
    return ngettext("{built} of {n} wonder built", "{built} of {n} wonders built", n).format(
        built=len(info["built"]), n=n
    )


def production(view: DuelView, p: int) -> str:
    """What city ``p`` produces in words, "nothing" for nothing."""
    what = advice.production(view, p)
    return what if what != "-" else pgettext("production", "nothing")


def names(items: list[str]) -> str:
    return listed([printed(n) for n in items])


def state_lines(view: DuelView) -> list[str]:
    """The seat's state in a few sentences: the Age and the pawn, your coins, points,
    production, wonders, tokens and science, your rival's in a sentence or two, the
    progress tokens on the board, what the structure shows."""
    seat = own_seat(view)
    me, rival = view["players"][seat], view["players"][1 - seat]
    if view["phase"] == "draft":
        lines = [_(PHASES["draft"]) + "."]
        if me["wonders"]:
            lines.append(_("Your wonders: {names}.").format(names=names(me["wonders"])))
        if rival["wonders"]:
            lines.append(_("Your rival's wonders: {names}.").format(names=names(rival["wonders"])))
        return lines
    position = view["military"]["position"]
    lines = [
        _("Age {age}.").format(age=age_name(view["age"]))
        + " "
        + upper_first(pawn(position, seat))
        + "."
    ]
    lines.append(
        _("You: {coins}, {vp} VP so far, {wonders}.").format(
            coins=coins(me["coins"]), vp=me["points"], wonders=wonders_built(me)
        )
    )
    what = advice.production(view, seat)
    lines.append(
        _("You produce {what}.").format(what=what) if what != "-" else _("You produce nothing.")
    )
    waiting = [w for w in me["wonders"] if w not in me["built"]]
    if waiting:
        lines.append(_("Your wonders still to build: {names}.").format(names=names(waiting)))
    if me["tokens"]:
        lines.append(_("Your progress tokens: {names}.").format(names=names(me["tokens"])))
    if me["science"]:
        lines.append(
            _("Your science symbols: {symbols} ({n} different of 6).").format(
                symbols=science_text(me), n=len(me["science"])
            )
        )
    lines.append(
        _("Your rival: {coins}, {vp} VP so far, {wonders}; produces {what}.").format(
            coins=coins(rival["coins"]),
            vp=rival["points"],
            wonders=wonders_built(rival),
            what=production(view, 1 - seat),
        )
    )
    if rival["tokens"]:
        lines.append(
            _("Your rival's progress tokens: {names}.").format(names=names(rival["tokens"]))
        )
    if rival["science"]:
        lines.append(
            _("Your rival's science symbols: {symbols} ({n} different of 6).").format(
                symbols=science_text(rival), n=len(rival["science"])
            )
        )
    if view["board_tokens"]:
        lines.append(
            _("Progress tokens on the board: {tokens}").format(tokens=names(view["board_tokens"]))
            + "."
        )
    lines += structure_summary(view)
    return lines


def structure_summary(view: DuelView) -> list[str]:
    """The structure in a sentence: how many cards can be taken, lie face up under others,
    lie face down."""
    places = [p for p in view["structure"] if not p["taken"]]
    if not places:
        return []
    free = sum(1 for p in places if p["card"] and p["accessible"])
    covered = [p["card"] for p in places if p["card"] and not p["accessible"]]
    hidden = sum(1 for p in places if p["card"] is None)
    lines = [
        _("In the structure: {free}, {covered}, {hidden}.").format(
            free=ngettext("{n} card to take", "{n} cards to take", free).format(n=free),
            covered=ngettext(
                "{n} face up under others", "{n} face up under others", len(covered)
            ).format(n=len(covered)),
            hidden=ngettext("{n} face down", "{n} face down", hidden).format(n=hidden),
        )
    ]
    return lines


def choice_lines(view: DuelView, actions: list[Any]) -> list[str]:
    """The numbered choices, one a line, in the game's words (``present.action_label``);
    the first choice of a card also says what the card is and does, and why it cannot be
    built when no choice builds it."""
    legal = [a.to_json() for a in actions]
    why = advice.unbuildable(view, legal)
    told: set[str] = set()
    lines = []
    for i, data in enumerate(legal, 1):
        more: list[str] = []
        card = data.get("card")
        if data["kind"] in ("build", "sell", "wonder") and card and card not in told:
            told.add(card)
            colour = card_facts()[card].card.color
            more += [described(colour_card(colour), texts()[card]), why.get(card, "")]
        lines.append(numbered(i, action_label(view, data), *more))
    return lines


# ---------------------------------------------------------------- city, all


def city_lines(view: DuelView, p: int) -> list[str]:
    """City ``p`` in full, a fact a line: coins and points, production, the cards by colour,
    each wonder (built or not) with what it costs and does, each progress token, science."""
    seat = own_seat(view)
    info = view["players"][p]
    lines: list[str] = [Heading(_("Your city") if p == seat else _("Your rival's city"))]
    lines.append(
        _("{coins}, {vp} VP so far.").format(
            coins=upper_first(coins(info["coins"])), vp=info["points"]
        )
    )
    lines.append(_("Produces {what}.").format(what=production(view, p)))
    for colour in COLOURS:
        cards = [printed(c) for c in info["cards"] if card_facts()[c].card.color == colour]
        if cards:
            lines.append(
                _("{colour}: {cards}.").format(
                    colour=upper_first(colour_name(colour)), cards=", ".join(cards)
                )
            )
    for w in info["wonders"]:
        said = _("{name} (built): {text}.") if w in info["built"] else _("{name}: {text}.")
        lines.append(said.format(name=printed(w), text=texts()[w]))
    for t in info["tokens"]:
        lines.append(_("Progress token {name}: {text}.").format(name=printed(t), text=texts()[t]))
    if info["science"]:
        lines.append(
            _("Science symbols: {symbols} ({n} different of 6).").format(
                symbols=science_text(info), n=len(info["science"])
            )
        )
    return lines


def city_page(view: DuelView) -> list[str]:
    """The ``city`` command: the pawn, then your city in full (in the wonder draft, your
    wonders)."""
    if view["phase"] != "draft":
        return [pawn_line(view), *city_lines(view, own_seat(view))]
    mine = view["players"][own_seat(view)]["wonders"]
    if not mine:
        return [_("You have no wonder yet.")]
    return [Heading(_("Your wonders:")), *(wonder_line(w) for w in mine)]


def wonder_line(wonder: str) -> str:
    return _("{name}: {text}").format(name=printed(wonder), text=texts()[wonder]) + "."


def pawn_line(view: DuelView) -> str:
    return upper_first(pawn(view["military"]["position"], view["seat"])) + "."


def draft_page(view: DuelView) -> list[str]:
    """The wonder draft in full: the wonders on offer and each player's, with their texts."""
    seat = own_seat(view)
    lines: list[str] = []
    for title, wonders in (
        (_("Wonders on offer:"), view["offer"]),
        (_("Your wonders:"), view["players"][seat]["wonders"]),
        (_("Your rival's wonders:"), view["players"][1 - seat]["wonders"]),
    ):
        if wonders:
            lines.append(Heading(title))
            lines += [wonder_line(w) for w in wonders]
    return lines


def everything(view: DuelView) -> list[str]:
    """The ``all`` command: the pawn, both cities in full, then the structure card by card
    (what can be taken, what lies face up under other cards, how many face down), the
    progress tokens on the board and the discard pile."""
    if view["phase"] == "draft":
        return draft_page(view)
    seat = own_seat(view)
    lines = [pawn_line(view), *city_lines(view, seat), *city_lines(view, 1 - seat)]
    places = [p for p in view["structure"] if not p["taken"]]
    if places:
        lines.append(Heading(_("The structure")))
        free = [p["card"] for p in places if p["card"] and p["accessible"]]
        covered = [p["card"] for p in places if p["card"] and not p["accessible"]]
        hidden = sum(1 for p in places if p["card"] is None)
        if free:
            lines.append(_("Cards you can take: {names}.").format(names=names(free)))
        for card in covered:
            colour = card_facts()[card].card.color
            lines.append(
                _("Face up under other cards: {name}, {kind}: {text}.").format(
                    name=printed(card), kind=colour_card(colour), text=texts()[card]
                )
            )
        lines.append(
            ngettext("{n} card face down.", "{n} cards face down.", hidden).format(n=hidden)
        )
    if view["board_tokens"]:
        lines.append(Heading(_("Progress tokens on the board:")))
        for t in view["board_tokens"]:
            lines.append(_("{name}: {text}").format(name=printed(t), text=texts()[t]) + ".")
    if view["discard"]:
        lines.append(
            _("Discard pile: {names}").format(names=", ".join(map(printed, view["discard"]))) + "."
        )
    return lines


# ---------------------------------------------------------------- the end


def final(console: Console, view: DuelView, result: Result) -> None:
    """The end, from the seat's final view, a line each: the players by rank with their
    points, each category, who won and how, your cards' points."""
    say_all(console, final_lines(view, result))


def who(p: int, seat: int) -> str:
    return _("you") if p == seat else _("your rival")


def final_lines(view: DuelView, result: Result) -> list[str]:
    seat = own_seat(view)
    lines: list[str] = [
        Heading(_("Final scores ({victory})").format(victory=victory_name(result.victory)))
    ]
    ranked = sorted(result.players, key=lambda pr: pr.rank)
    for pr in ranked:
        lines.append(
            _("{rank}. {who}: {vp} VP.").format(
                rank=pr.rank, who=upper_first(who(pr.seat, seat)), vp=pr.total
            )
        )
    for category in result.players[0].breakdown:
        scores = ", ".join(
            _("{who} {points}").format(who=who(pr.seat, seat), points=pr.breakdown[category])
            for pr in ranked
        )
        lines.append(
            _("{category}: {scores}.").format(
                category=upper_first(category_name(category)), scores=scores
            )
        )
    lines.append(victory_line(result.to_json(), seat))
    lines.append(Heading(_("Your cards at the end")))
    for name, kind, points in advice.card_points(view):
        lines.append(
            _("{card}, {kind}, scored {vp}: {text}.").format(
                card=printed(name),
                kind=colour_card(kind) or colour_name(kind),
                vp=_("{n} VP").format(n=points),
                text=texts()[name],
            )
        )
    return lines


def cards_table(listed: list[dict[str, Any]], title: str, players: int | None) -> Table:
    """``wonders cards duel``: the shared card table in Duel's words."""
    return render.cards_table_in(describe, listed, title, players)
