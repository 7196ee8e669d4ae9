"""The words around the board of 7 Wonders on the web page (``wonders.web.boards``
asks for them through the registry's ``board`` part): ``static/games.js`` draws the board
from the view's numbers and identifiers and shows only these. Made from the reader's view
only, in the reader's language; a ``{field}`` left in a phrase is where the page puts
elements (card chips, a drawn cost)."""

from __future__ import annotations

from collections.abc import Sequence

from wonders.classic.views import ClassicView
from wonders.core.i18n import N_, _, name, ngettext
from wonders.core.present import age_name, called, phase_words
from wonders.core.protocol import JSON

# what ``view["phase"]`` means
PHASES = {
    "draft": N_("Choosing cards"),
    "leader_draft": N_("Leader draft"),
    "recruit": N_("Recruiting leaders"),
    "recruit_now": N_("Recruiting a leader"),
    "return_leader": N_("Giving back a leader"),
    "courtesan": N_("The Courtesan's choice"),
    "extra_card": N_("Babylon's last card"),
    "discard_build": N_("Building from the discard pile"),
    "debt": N_("Paying coin losses"),
    "over": N_("Game over"),
}


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


def board_words(view: ClassicView, reader: int | None, names: Sequence[str]) -> JSON:
    free = view.get("free_city")
    cities = [*view.get("players", []), *([free] if free else [])]
    n = len(cities)
    age = age_name(view.get("age"))
    phase: str | None = view["phase"]
    if view.get("age") == 0:  # the leader draft comes before Age I and its turns
        round_ = _("Leader draft, round {n}").format(n=view.get("draft_round"))
        head, phase = [_("Before Age I"), round_], None
    elif view.get("turn") == 0:  # an Age's recruitment of leaders, before its turn 1
        head, phase = [_("Age {age}: recruitment").format(age=age)], None
    else:
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
    if phase:
        head.append(phase_words(PHASES, phase))
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
        title = _classic_title(seat, reader, near, is_free, called(seat, names), wonder, side)
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
        "teammate_hand": _("{who}'s hand").format(who=called(int(mate), names))
        if isinstance(mate, int)
        else "",
        "leaders": _("Leaders: {leaders}"),
        "cost": _("Cost: {cost}"),
        "has_chosen": _("has chosen"),
    }
