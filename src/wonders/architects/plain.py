"""`wonders play architects --plain`: 7 Wonders Architects in lines, for screen readers and
scripts.

Each decision is short and linear (``wonders.cli.plain``): what happened since your last
decision, the turn and the conflict, your wonder in a few sentences (stages, next stage,
cards, shields, tokens, points so far), each other wonder in a sentence, the decks you can
take from and the progress tokens on offer, the decision in the game's words, then the
choices one a line, with what the card taken does. ``city``, ``all``, ``log`` and ``help``
at the question print your wonder in full, every wonder, the whole log and the rules. Seats
are named by their wonder (and where they sit), decks by their wonder and where they lie.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from wonders.architects import advice, terminal
from wonders.architects.board import board_words
from wonders.architects.cards import CENTRAL, catalog
from wonders.architects.describe import colour_name, kind_text, printed, victory_tokens
from wonders.architects.present import (
    Log,
    action_label,
    card_label,
    card_labels,
    category_name,
    decision,
    token_effect,
    victory_line,
    where,
)
from wonders.architects.views import ArchitectsPlayerView, ArchitectsView, DeckView, architects_view
from wonders.cli import render
from wonders.cli.narration import play_lines
from wonders.cli.plain import described, numbered, say, say_all, say_decision
from wonders.cli.session import SeatTable, Session
from wonders.core.i18n import _, ngettext
from wonders.core.present import Heading, colour_card, listed, upper_first
from wonders.core.protocol import JSON, Result, own_seat

STAGES = 5


def play(session: Session, console: Console, ask: Callable[..., int]) -> None:
    table = SeatTable(session)
    seat = table.seat
    first = architects_view(table.view())
    n = len(first["players"])
    say(
        console,
        _("7 Wonders Architects, {n} players, seed {seed}. You are seat {seat}.").format(
            n=n, seed=table.seed, seat=seat
        )
        + " "
        + _("Your wonder is {wonder}.").format(wonder=printed(first["players"][seat]["wonder"])),
    )
    view: ArchitectsView = play_lines(
        table,
        console,
        ask,
        Log(first),
        lambda v, a: decide(console, v, a),
        what=lambda v, actions: decision(v, [a.to_json() for a in actions])[0],
        pages=lambda v: {"city": lambda: city_page(v), "all": lambda: every_wonder(v)},
    )
    final(console, view, table.result())


# ---------------------------------------------------------------- a decision


def decide(console: Console, view: ArchitectsView, actions: list[Any]) -> None:
    """Print one decision, from the seat's view: the state in a few lines, the decision's
    title and prompt, then the numbered choices, one a line (the state only when the seat
    has no decision)."""
    said = decision(view, [a.to_json() for a in actions]) if actions else None
    say_decision(console, state_lines(view), said, choice_lines(view, actions))


def seat_name(view: ArchitectsView, p: int) -> str:
    """Another seat by its wonder and where it sits: "Ephesus (your left)"."""
    wonder = printed(view["players"][p]["wonder"])
    seat, n = own_seat(view), len(view["players"])
    if n > 2 and p == (seat + 1) % n:
        return _("{name} ({where})").format(name=wonder, where=_("your left"))
    if n > 2 and p == (seat - 1) % n:
        return _("{name} ({where})").format(name=wonder, where=_("your right"))
    return wonder


def stages_built(info: ArchitectsPlayerView) -> str:
    return ngettext(
        "{built} of {n} wonder stage built", "{built} of {n} wonder stages built", STAGES
    ).format(built=len(info["stages"]), n=STAGES)


def shields(n: int) -> str:
    return ngettext("{n} shield", "{n} shields", n).format(n=n)


def cards_text(held: dict[str, int]) -> str:
    """The cards in front of a player: "wood, gold coin x2" (or "none")."""
    if not held:
        return _("none")
    return ", ".join(
        _("{card} x{n}").format(card=card_label(k), n=n) if n > 1 else card_label(k)
        for k, n in held.items()
    )


def state_lines(view: ArchitectsView) -> list[str]:
    """The seat's state in a few sentences: the turn and the conflict, your wonder (stages,
    the next one, shields, victory tokens, points so far, the cat), your cards and progress
    tokens, each other wonder in a sentence, the decks, the tokens on offer, what you look
    at."""
    seat = own_seat(view)
    me = view["players"][seat]
    head = board_words(view, seat, [])["head"]  # the web's words, a part a sentence
    lines = [" ".join(upper_first(part) + "." for part in head.split(" — "))]
    lines.append(
        _("You: {wonder}, {stages}, {shields}, {tokens}; about {vp} VP.").format(
            wonder=printed(me["wonder"]),
            stages=stages_built(me),
            shields=shields(me["shields"]),
            tokens=victory_tokens(me["victory_tokens"]),
            vp=advice.score(view, seat),
        )
    )
    for st in me["next_stages"]:
        lines.append(
            _("Your next wonder stage is stage {n}: {text}.").format(
                n=st, text=terminal.stage_text(me["wonder"], st)
            )
        )
    lines.append(_("Your cards: {cards}.").format(cards=cards_text(me["cards"])))
    if me["progress"]:
        names = listed([printed(t) for t in me["progress"]])
        lines.append(_("Your progress tokens: {names}.").format(names=names))
    if me["cat"]:
        lines.append(_("You have the cat."))
    for p in range(len(view["players"])):
        if p != seat:
            lines.append(other_line(view, p))
    lines += decks_lines(view)
    return lines


def other_line(view: ArchitectsView, p: int) -> str:
    """Another wonder in a sentence: stages, shields, tokens, cards, points so far, the cat."""
    info = view["players"][p]
    facts = {
        "who": seat_name(view, p),
        "stages": stages_built(info),
        "shields": shields(info["shields"]),
        "tokens": victory_tokens(info["victory_tokens"]),
        "cards": cards_text(info["cards"]),
        "vp": advice.score(view, p),
    }
    if info["cat"]:
        said = _(
            "{who}, with the cat: {stages}, {shields}, {tokens}; cards: {cards}; about {vp} VP."
        )
    else:
        said = _("{who}: {stages}, {shields}, {tokens}; cards: {cards}; about {vp} VP.")
    return said.format(**facts)


def decks_lines(view: ArchitectsView) -> list[str]:
    """The decks you may take from (each with its top card and size), the progress tokens on
    offer, the cards you look at."""
    lines = []
    for deck in view["decks"]:
        place = where(view, deck["deck"])
        if place is None:  # far: not yours to take
            continue
        top = card_label(deck["top"]) if deck["top"] else "-"
        lines.append(deck_line(deck, place, top))
    central = view["central"]
    if "top" in central:
        top = _("top {card} (the cat's peek)").format(card=card_label(central["top"]))
    else:
        top = _("face down")
    lines.append(
        upper_first(
            ngettext(
                "central: {top}, {n} card", "central: {top}, {n} cards", central["size"]
            ).format(top=top, n=central["size"])
        )
        + "."
    )
    tokens = view["tokens"]
    lines.append(
        _("Progress tokens: {names} (stack {n})").format(
            names=", ".join(printed(t) for t in tokens["face_up"]) or _("none"), n=tokens["stack"]
        )
        + "."
    )
    if "searching" in view and "cards" in view["searching"]:
        lines.append(
            _("You look at: {cards}").format(cards=card_labels(view["searching"]["cards"])) + "."
        )
    return lines


def deck_line(deck: DeckView, place: str, top: str) -> str:
    """A side deck in a sentence: where it lies, its top card, its size."""
    text = ngettext(
        "{deck} deck ({where}): top {top}, {n} card",
        "{deck} deck ({where}): top {top}, {n} cards",
        deck["size"],
    ).format(deck=printed(deck["deck"]), where=place, top=top, n=deck["size"])
    return upper_first(text) + "."


def shown_card(view: ArchitectsView, data: JSON) -> str | None:
    """The card an action takes or keeps, as the seat sees it: a side deck's top, the
    central deck's only with the cat's peek, the card kept of a search. None otherwise."""
    if data["kind"] == "pick":
        return str(data["card"])
    if data["kind"] != "take":
        return None
    if data["deck"] == CENTRAL:
        peek: str | None = view["central"].get("top")
        return peek
    top: str | None = view["decks"][advice.deck_index(view, data["deck"])]["top"]
    return top


def choice_lines(view: ArchitectsView, actions: list[Any]) -> list[str]:
    """The numbered choices, one a line, in the game's words (``present.action_label``), a
    card taken or kept with what it does."""
    lines = []
    for i, action in enumerate(actions, 1):
        data = action.to_json()
        card = shown_card(view, data)
        more = []
        if card:
            kind = catalog().kinds[card]
            more.append(described(colour_card(kind.color), kind_text(kind)))
        lines.append(numbered(i, action_label(view, data), *more))
    return lines


# ---------------------------------------------------------------- city, all


def wonder_lines(view: ArchitectsView, p: int) -> list[str]:
    """A wonder in full, a fact a line: each stage (built, next or later) with its cost and
    reward, shields and victory tokens, the cards, each progress token with its effect, the
    cat, the points so far by category."""
    seat = own_seat(view)
    info = view["players"][p]
    wonder = printed(info["wonder"])
    if p == seat:
        lines: list[str] = [Heading(_("Your wonder, {name}:").format(name=wonder))]
    else:
        lines = [Heading(seat_name(view, p) + ":")]
    for s in range(1, STAGES + 1):
        text = terminal.stage_text(info["wonder"], s)
        if s in info["stages"]:
            lines.append(_("Stage {n}, built: {text}.").format(n=s, text=text))
        elif s in info["next_stages"]:
            lines.append(_("Stage {n}, next: {text}.").format(n=s, text=text))
        else:
            lines.append(_("Stage {n}: {text}.").format(n=s, text=text))
    lines.append(
        upper_first(shields(info["shields"])) + ", " + victory_tokens(info["victory_tokens"]) + "."
    )
    lines.append(_("Cards: {cards}.").format(cards=cards_text(info["cards"])))
    for t in info["progress"]:
        lines.append(
            _("Progress token {name}: {text}.").format(name=printed(t), text=token_effect(t))
        )
    if info["cat"]:
        lines.append(_("With the cat."))
    parts = ", ".join(f"{category_name(k)} {v}" for k, v in advice.breakdown(view, p).items() if v)
    vp = advice.score(view, p)
    if parts:
        lines.append(_("Score so far: about {vp} VP ({parts}).").format(vp=vp, parts=parts))
    else:
        lines.append(_("Score so far: about {vp} VP.").format(vp=vp))
    return lines


def city_page(view: ArchitectsView) -> list[str]:
    """The ``city`` command: your wonder in full."""
    return wonder_lines(view, own_seat(view))


def every_wonder(view: ArchitectsView) -> list[str]:
    """The ``all`` command: every wonder in full, yours first, then the decks (the far ones
    too), the progress tokens on offer with their effects, the conflict."""
    seat, n = own_seat(view), len(view["players"])
    lines: list[str] = []
    for step in range(n):
        lines += wonder_lines(view, (seat + step) % n)
    lines.append(Heading(_("Decks:")))
    for deck in view["decks"]:
        place = where(view, deck["deck"]) or _("far")
        top = card_label(deck["top"]) if deck["top"] else "-"
        lines.append(deck_line(deck, place, top))
    lines.append(
        Heading(upper_first(_("progress tokens (stack {n}):").format(n=view["tokens"]["stack"])))
    )
    for t in view["tokens"]["face_up"]:
        lines.append(_("{name}: {text}").format(name=printed(t), text=token_effect(t)) + ".")
    lines.append(
        _("Conflict: {b} of {t} tokens on the battle side").format(
            b=view["conflict"]["battle_side"], t=view["conflict"]["total"]
        )
        + "."
    )
    return lines


# ---------------------------------------------------------------- the end


def final(console: Console, view: ArchitectsView, result: Result) -> None:
    """The end, from the seat's final view, a line each: the players by rank with their
    points and stages, each category, who won and how, your points item by item."""
    say_all(console, final_lines(view, result))


def final_lines(view: ArchitectsView, result: Result) -> list[str]:
    seat = own_seat(view)
    wonders = [info["wonder"] for info in view["players"]]

    def who(p: int) -> str:
        return _("you") if p == seat else seat_name(view, p)

    lines: list[str] = [Heading(_("Final scores"))]
    ranked = sorted(result.players, key=lambda pr: pr.rank)
    for pr in ranked:
        lines.append(
            _("{rank}. {who}: {vp} VP, {stages}.").format(
                rank=pr.rank,
                who=upper_first(who(pr.seat)),
                vp=pr.total,
                stages=ngettext("{n} wonder stage", "{n} wonder stages", pr.tiebreak).format(
                    n=pr.tiebreak
                ),
            )
        )
    for category in result.players[0].breakdown:
        scores = ", ".join(
            _("{who} {points}").format(who=who(pr.seat), points=pr.breakdown[category])
            for pr in ranked
        )
        lines.append(
            _("{category}: {scores}.").format(
                category=upper_first(category_name(category)), scores=scores
            )
        )
    lines.append(victory_line(result.to_json(), seat, wonders))
    lines.append(Heading(_("Your points at the end")))
    for label, points in advice.card_points(view):
        lines.append(_("{what}: {n} VP.").format(what=upper_first(label), n=points))
    return lines


def cards_table(listed: list[dict[str, Any]], title: str, players: int | None) -> Table:
    """One row per card face (how many in the central deck and in the wonder decks), then
    the wonders with their stages and the progress tokens."""
    table = Table(title=_("{game}: cards, wonders and progress tokens").format(game=title))
    for column in (_("card"), _("colour"), _("central"), _("wonder decks"), _("what it does")):
        table.add_column(column)
    faces: dict[str, dict[str, Any]] = {}
    for c in listed:
        if c["deck"] is None:
            continue
        face = faces.setdefault(c["name"], {"card": c, "central": 0, "wonders": 0})
        face["central" if c["deck"] == "central" else "wonders"] += 1
    for face in faces.values():
        color = face["card"]["color"]
        table.add_row(
            f"[{render.COLOR_STYLE.get(color, color)}]{escape(face['card']['label'])}[/]",
            colour_name(color),
            str(face["central"]),
            str(face["wonders"]),
            escape(face["card"]["text"]),
        )
    for c in listed:
        if c["deck"] is None:
            kind = "wonder" if c["color"] == "wonder" else "token"
            what = _("wonder") if kind == "wonder" else _("progress token")
            name = escape(printed(c["name"]))
            table.add_row(f"[{render.COLOR_STYLE[kind]}]{name}[/]", what, "", "", c["text"])
    return table
