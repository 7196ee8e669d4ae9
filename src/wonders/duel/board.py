"""The words around the board of 7 Wonders Duel on the web page (``wonders.web.boards``
asks for them through the registry's ``board`` part): ``static/games.js`` draws the board
from the view's numbers and identifiers and shows only these. Made from the reader's view
only, in the reader's language; a ``{field}`` left in a phrase is where the page puts
elements (card chips, a drawn cost)."""

from __future__ import annotations

from collections.abc import Sequence

from wonders.core.i18n import N_, _
from wonders.core.present import age_name, coins, phase_words, upper_first
from wonders.core.protocol import JSON
from wonders.duel import present
from wonders.duel.views import DuelView

# what ``view["phase"]`` means
PHASES = {
    "draft": N_("Wonder draft"),
    "play": N_("Taking cards"),
    "over": N_("Game over"),
}


def board_words(view: DuelView, reader: int | None, names: Sequence[str]) -> JSON:
    from wonders.duel.describe import symbol_name

    if view["phase"] == "draft":  # the wonders are drafted before Age I
        head = [_("Before Age I")]
    else:
        head = [_("Age {age}").format(age=age_name(view["age"]))]
    head.append(phase_words(PHASES, view["phase"]))
    victory = view["victory"]
    if victory:
        head.append(upper_first(present.victory_name(victory)))
    players: dict[str, JSON] = {}
    for p in view["players"]:
        science = p["science"]
        players[str(p["seat"])] = {
            "science": ", ".join(f"{symbol_name(k)} ×{v}" for k, v in science.items())
        }
    return {
        "head": " — ".join(head),
        "pawn": upper_first(present.pawn(view["military"]["position"], reader, names)),
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
