"""`wonders play classic --plain`: 7 Wonders in lines, for screen readers and scripts.

Each decision is short and linear (``wonders.cli.plain``): what happened since your last
decision, your city in a few sentences (coins, shields, wonder stages, production, science,
the score so far) and your neighbours' in one sentence each, the decision in the game's
words, then the choices one a line, each card described once (its colour, what it does, why
it cannot be built). ``city``, ``all``, ``log`` and ``help`` at the question print your
city in full, every city, the whole log and the rules. Cities are named by their wonder
and where they sit ("Ephesus (your left)"), as the log names them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from wonders.classic import advice, describe, terminal
from wonders.classic.board import PHASES
from wonders.classic.present import Log, action_label, category_name, decision, victory_line
from wonders.classic.views import CityPublic, ClassicView, classic_view
from wonders.cli import render
from wonders.cli.narration import play_lines
from wonders.cli.plain import command_words, described, numbered, say, say_all, say_decision
from wonders.cli.session import SeatTable, Session
from wonders.core.i18n import _, ngettext, pgettext
from wonders.core.present import (
    Heading,
    age_name,
    coins,
    colour_card,
    listed,
    phase_words,
    upper_first,
)
from wonders.core.protocol import Result, own_seat


def play(session: Session, console: Console, ask: Callable[..., int]) -> None:
    table = SeatTable(session)
    seat = table.seat
    view = classic_view(table.view())
    players = len(view["players"])
    expansions = view.get("expansions", [])
    extras = ""
    if "free_city" in view:
        extras += ", " + _("the Free City")
    if "leaders" in expansions:
        extras += ", " + _("Leaders")
    if "cities" in expansions:
        extras += ", " + _("Cities")
    entry = view["players"][seat]
    said = [
        _("7 Wonders, {n} players{extras}, seed {seed}. You are seat {seat}.").format(
            n=players, extras=extras, seed=table.seed, seat=seat
        ),
        _("Your wonder is {wonder} {side}.").format(
            wonder=describe.printed(entry["wonder"]), side=entry["side"]
        ),
    ]
    mate = view.get("teammate")
    if mate is not None:
        said.append(teammate_sentence(view, mate))
    say(console, " ".join(said))
    last: ClassicView = play_lines(
        table,
        console,
        ask,
        Log(view),
        lambda v, actions: decide(console, v, actions),
        what=lambda v, actions: decision(v, [a.to_json() for a in actions])[0],
        pages=lambda v: {"city": lambda: city_page(v), "all": lambda: every_city(v)},
    )
    final(console, last, table.result())


def teammate_sentence(view: ClassicView, mate: int) -> str:
    """Where your teammate sits, by their wonder."""
    seat, wonder = own_seat(view), describe.printed(advice.city_entries(view)[mate]["wonder"])
    if mate == advice.left(view, seat):
        return _("Your teammate is {wonder}, on your left.").format(wonder=wonder)
    if mate == advice.right(view, seat):
        return _("Your teammate is {wonder}, on your right.").format(wonder=wonder)
    return _("Your teammate is {wonder}, at seat {n}.").format(wonder=wonder, n=mate)


# ---------------------------------------------------------------- a decision


def decide(console: Console, view: ClassicView, actions: list[Any]) -> None:
    """Print one decision, from the seat's view: the state in a few lines, the decision's
    title and prompt, why no wonder stage is offered (when none is), then the numbered
    choices, one a line (the state only when the seat has no decision)."""
    legal = [a.to_json() for a in actions]
    offers_stage = any(a["kind"] == "wonder" for a in legal)
    why = advice.stage_why_not(view, legal) if legal and not offers_stage else ""
    said = decision(view, legal) if legal else None
    say_decision(console, state_lines(view), said, choice_lines(view, actions), [why])


def stages_built(entry: CityPublic) -> str:
    n = entry["stages_total"]
    return ngettext(
        "{built} of {n} wonder stage built", "{built} of {n} wonder stages built", n
    ).format(built=entry["stages"], n=n)


def shields(n: int) -> str:
    return ngettext("{n} shield", "{n} shields", n).format(n=n)


def tokens_text(tokens: Sequence[int]) -> str:
    return " ".join(f"{t:+d}" for t in tokens)


def score_parts(view: ClassicView, p: int) -> str:
    """City ``p``'s score so far by category: "civilian 3, treasury 1" ("" for none)."""
    return ", ".join(f"{category_name(k)} {v}" for k, v in advice.breakdown(view, p).items() if v)


def production(view: ClassicView, p: int) -> str:
    """What city ``p`` produces in words, "nothing" for nothing."""
    what = advice.production(view, p)
    return what if what != "-" else pgettext("production", "nothing")


def is_player(view: ClassicView, p: int) -> bool:
    """Whether ``p`` is a player's city (not the Free City, which does not score)."""
    return p < len(view["players"])


def state_lines(view: ClassicView) -> list[str]:
    """The seat's state in a few sentences: the Age and turn, its city (coins, shields,
    stages and the next one, production, science, military tokens, the score so far), its
    leaders and teammate's hand, the city it plays for now, its neighbours in a sentence
    each, the other cities named."""
    seat = own_seat(view)
    log = Log(view)
    entries = advice.city_entries(view)
    entry = entries[seat]
    lines = [head_line(view)]
    lines.append(
        _("You: {wonder} {side}, {coins}, {shields}, {stages}.").format(
            wonder=describe.printed(entry["wonder"]),
            side=entry["side"],
            coins=coins(entry["coins"]),
            shields=shields(entry["shields"]),
            stages=stages_built(entry),
        )
    )
    texts = terminal.stage_texts(view, seat)
    if entry["stages"] < len(texts):
        lines.append(
            _("Your next wonder stage is stage {n}: {text}.").format(
                n=entry["stages"] + 1, text=texts[entry["stages"]]
            )
        )
    what = advice.production(view, seat)
    lines.append(
        _("You produce {what}.").format(what=what) if what != "-" else _("You produce nothing.")
    )
    science = advice.science(view, seat)
    if science:
        lines.append(_("Your science symbols: {symbols}.").format(symbols=science))
    if entry["tokens"]:
        lines.append(
            _("Your military tokens: {tokens}.").format(tokens=tokens_text(entry["tokens"]))
        )
    if entry.get("debt") or entry.get("diplomacy"):
        lines.append(
            _("Your debt tokens: {debt}. Your diplomacy tokens: {diplomacy}.").format(
                debt=entry.get("debt", 0), diplomacy=entry.get("diplomacy", 0)
            )
        )
    if entry.get("leaders"):
        names = listed([describe.printed(n) for n in entry["leaders"]])
        lines.append(_("Your leaders: {names}.").format(names=names))
    if view.get("leader_hand") and view["phase"] not in ("recruit", "recruit_now"):
        names = listed([describe.printed(n) for n in view["leader_hand"]])
        lines.append(_("Leaders in your hand: {names}.").format(names=names))
    parts = score_parts(view, seat)
    vp = advice.score(view, seat)
    if parts:
        lines.append(_("Your score so far: about {vp} VP ({parts}).").format(vp=vp, parts=parts))
    else:
        lines.append(_("Your score so far: about {vp} VP.").format(vp=vp))
    acting = advice.acting(view)
    near = [advice.left(view, seat), advice.right(view, seat)]
    if acting != seat and acting not in near:
        near.insert(0, acting)
    for p in dict.fromkeys(near):
        if p != seat:
            lines.append(neighbour_line(view, p, log))
    mate = view.get("teammate")
    held = [*view.get("teammate_hand", []), *view.get("teammate_leader_hand", [])]
    if mate is not None and held:
        lines.append(
            _("{who} shows you their hand: {cards}.").format(
                who=upper_first(log.name(mate)), cards=listed([describe.printed(n) for n in held])
            )
        )
    others = [p for p in range(len(entries)) if p != seat and p not in near]
    if others:
        lines.append(
            _("The other cities: {names}. Type {all} to hear every city in full.").format(
                names=listed([log.name(p) for p in others]), all=command_words()["all"]
            )
        )
    return lines


def head_line(view: ClassicView) -> str:
    """Where the game stands, in short sentences: the Age and turn (none in the leader
    draft), where the hands pass, the discard pile, the phase."""
    parts = []
    age, turn = view.get("age"), view.get("turn")
    if age and turn:
        parts.append(_("Age {age}, turn {turn}").format(age=age_name(age), turn=turn))
    elif age:
        parts.append(_("Age {a}").format(a=age_name(age)))
    if age and view.get("pass_to") == "left":
        parts.append(_("cards pass to the left"))
    elif age and view.get("pass_to") == "right":
        parts.append(_("cards pass to the right"))
    discard = int(view.get("discard_size") or 0)
    if age:  # none before Age I
        parts.append(
            ngettext(
                "{n} card in the discard pile", "{n} cards in the discard pile", discard
            ).format(n=discard)
        )
    if view.get("phase"):
        parts.append(phase_words(PHASES, view["phase"]))
    return " ".join(upper_first(part) + "." for part in parts)


def neighbour_line(view: ClassicView, p: int, log: Log) -> str:
    """City ``p`` in one sentence: coins, shields, stages, production, score so far."""
    entry = advice.city_entries(view)[p]
    facts = {
        "who": upper_first(log.name(p)),
        "coins": coins(entry["coins"]),
        "shields": shields(entry["shields"]),
        "stages": stages_built(entry),
        "what": production(view, p),
    }
    if not is_player(view, p):
        return _("{who}: {coins}, {shields}, {stages}; produces {what}.").format(**facts)
    return _("{who}: {coins}, {shields}, {stages}; produces {what}; about {vp} VP.").format(
        vp=advice.score(view, p), **facts
    )


def card_sentence(view: ClassicView, name: str, into: dict[str, list[str]]) -> str:
    """A card (or leader) described: its colour, what it does, what it chains into."""
    try:
        card = advice.card(view, name)
    except KeyError:
        return ""
    text = describe.card_text(card.to_json(), into.get(card.name))
    return described(colour_card(card.color), text)


def choice_lines(view: ClassicView, actions: list[Any]) -> list[str]:
    """The numbered choices, one a line, in the game's words (``present.action_label``);
    the first choice of a card also says what the card is and does, and why it cannot be
    built when no choice builds it."""
    legal = [a.to_json() for a in actions]
    why = advice.unbuildable(view, legal)
    into = terminal.chains_into(view)
    told: set[str] = set()
    lines = []
    for i, data in enumerate(legal, 1):
        more = []
        card = data.get("card")
        if isinstance(card, str) and card and card not in told:
            told.add(card)
            more += [card_sentence(view, card, into), why.get(card, "")]
        lines.append(numbered(i, action_label(view, data), *more))
    return lines


# ---------------------------------------------------------------- city, all


def city_lines(view: ClassicView, p: int, log: Log) -> list[str]:
    """City ``p`` in full, a fact a line: coins, shields, stages, military and debt tokens,
    every wonder stage (built or not) with its cost and reward, the cards by colour,
    production, science, leaders, the score so far; your hand and leaders for your own."""
    seat = own_seat(view)
    entry = advice.city_entries(view)[p]
    city = advice.cities(view)[p]
    wonder, side = describe.printed(entry["wonder"]), entry["side"]
    if p == seat:
        title = _("Your city: {wonder} {side}").format(wonder=wonder, side=side)
    else:
        title = _("{who}: {wonder} {side}").format(
            who=upper_first(log.name(p)), wonder=wonder, side=side
        )
    lines: list[str] = [Heading(title)]
    lines.append(
        _("{coins}, {shields}, {stages}.").format(
            coins=upper_first(coins(entry["coins"])),
            shields=shields(entry["shields"]),
            stages=stages_built(entry),
        )
    )
    lines.append(
        _("Military tokens: {tokens}.").format(tokens=tokens_text(entry["tokens"]) or _("none"))
    )
    if "debt" in entry:
        lines.append(
            _("Debt tokens: {debt}. Diplomacy tokens: {diplomacy}.").format(
                debt=entry["debt"], diplomacy=entry["diplomacy"]
            )
        )
    for n, text in enumerate(terminal.stage_texts(view, p), 1):
        if n <= entry["stages"]:
            lines.append(_("Wonder stage {n}, built: {text}.").format(n=n, text=text))
        else:
            lines.append(_("Wonder stage {n}: {text}.").format(n=n, text=text))
    for colour in render.COLOR_STYLE:
        built = sorted(describe.printed(c.name) for c in city.cards if c.color == colour)
        if built:
            lines.append(
                _("{colour}: {cards}.").format(
                    colour=upper_first(describe.colour_name(colour)), cards=", ".join(built)
                )
            )
    lines.append(_("Produces {what}.").format(what=production(view, p)))
    science = advice.science(view, p)
    if science:
        lines.append(_("Science: {symbols}.").format(symbols=science))
    if city.leaders or city.copied:
        names = ", ".join(describe.printed(c.name) for c in city.leaders) or _("none")
        if city.copied:
            names = _("{leaders} (Courtesans: {name})").format(
                leaders=names, name=describe.printed(city.copied.name)
            )
        lines.append(_("Leaders: {names}.").format(names=names))
    if is_player(view, p):
        parts = score_parts(view, p)
        vp = advice.score(view, p)
        if parts:
            lines.append(_("Score so far: about {vp} VP ({parts}).").format(vp=vp, parts=parts))
        else:
            lines.append(_("Score so far: about {vp} VP.").format(vp=vp))
    if p == seat:
        if view.get("hand"):
            hand = ", ".join(describe.printed(n) for n in view["hand"])
            lines.append(_("Your hand: {cards}.").format(cards=hand))
        if view.get("leader_hand"):
            hand = ", ".join(describe.printed(n) for n in view["leader_hand"])
            lines.append(_("Leaders in your hand: {names}.").format(names=hand))
    return lines


def city_page(view: ClassicView) -> list[str]:
    """The ``city`` command: your city in full."""
    return city_lines(view, own_seat(view), Log(view))


def every_city(view: ClassicView) -> list[str]:
    """The ``all`` command: every city in full, yours first, then from your left around the
    table (your right-hand neighbour last)."""
    seat, log = own_seat(view), Log(view)
    count = len(advice.city_entries(view))
    lines: list[str] = []
    p = seat
    for _step in range(count):
        lines += city_lines(view, p, log)
        p = advice.left(view, p)
    discard = int(view.get("discard_size") or 0)
    lines.append(
        ngettext("{n} card in the discard pile", "{n} cards in the discard pile", discard).format(
            n=discard
        )
        + "."
    )
    return lines


# ---------------------------------------------------------------- the end


def final(console: Console, view: ClassicView, result: Result) -> None:
    """The end, from the seat's final view, a line each: the players by rank with their
    points, then each category, the teams, the Free City, who won, your cards' points."""
    say_all(console, final_lines(view, result))


def final_lines(view: ClassicView, result: Result) -> list[str]:
    seat, log = own_seat(view), Log(view)
    entries = advice.city_entries(view)
    names = [describe.printed(e["wonder"]) for e in entries]
    lines: list[str] = [Heading(_("Final scores"))]
    ranked = sorted(result.players, key=lambda pr: pr.rank)
    for pr in ranked:
        lines.append(
            _("{rank}. {who}: {vp} VP, {coins}.").format(
                rank=pr.rank,
                who=upper_first(log.name(pr.seat)),
                vp=pr.total,
                coins=coins(pr.tiebreak),
            )
        )
    for category in result.players[0].breakdown:
        scores = ", ".join(
            _("{who} {points}").format(who=log.name(pr.seat), points=pr.breakdown[category])
            for pr in ranked
        )
        lines.append(
            _("{category}: {scores}.").format(
                category=upper_first(category_name(category)), scores=scores
            )
        )
    for team in sorted(result.extra.get("teams", []), key=lambda t: t["rank"]):
        members = listed([log.name(s) for s in team["seats"]])
        lines.append(
            _("{rank}. The team of {members}: {vp} VP, {coins}.").format(
                rank=team["rank"], members=members, vp=team["total"], coins=coins(team["coins"])
            )
        )
    if "free_city" in result.extra:
        fc = result.extra["free_city"]
        lines.append(_("The Free City scored {n} (it does not rank).").format(n=fc["total"]))
    won = victory_line(result.told(), seat, names)
    if won:
        lines.append(won)
    lines += card_points(view)
    return lines


def card_points(view: ClassicView) -> list[str]:
    """Your cards one by one at the end (science counts as a set, in the scores), then your
    wonder stages: the points each scored and what it did."""
    into = terminal.chains_into(view)
    lines: list[str] = [Heading(_("Your cards at the end"))]
    for name, colour, points in advice.card_points(view):
        card = advice.card(view, name)
        lines.append(
            _("{card}, {kind}, scored {vp}: {text}.").format(
                card=describe.printed(name),
                kind=colour_card(colour),
                vp=describe.vp(points),
                text=describe.card_text(card.to_json(), into.get(name)),
            )
        )
    texts = terminal.stage_texts(view, own_seat(view))
    for i, points in enumerate(advice.stage_points(view), 1):
        lines.append(
            _("Wonder stage {n} scored {vp}: {text}.").format(
                n=i, vp=describe.vp(points), text=texts[i - 1]
            )
        )
    return lines


def cards_table(listed: list[dict[str, Any]], title: str, players: int | None) -> Table:
    """``wonders cards``: the shared card table in 7 Wonders' words."""
    return render.cards_table_in(describe, listed, title, players)
