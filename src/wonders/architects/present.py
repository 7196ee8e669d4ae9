"""7 Wonders Architects in words for every front end: the log narrator (``Log``) and the
sentence that says who won (``victory_line``).

Seats are named by their name at the table (the web's players) or, without names, by their
wonder (the terminal); the reader is "you" in sentences of their own. Decks are named by
their wonder, with where they lie for the reader ("your left"). Card faces read as what
they are ("blue 2 VP + cat"), progress tokens with their effect, stages with their reward.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonders.architects import describe
from wonders.architects.cards import CENTRAL, catalog
from wonders.core.i18n import _, ngettext
from wonders.core.present import Heading, Narrator, listed
from wonders.core.protocol import JSON

BOOKKEEPING = frozenset({"setup", "end_turn"})


# ---------------------------------------------------------------- card faces and counts


def card_label(kind: str) -> str:
    """A card face by what it is: "wood", "gold coin", "blue 2 VP + cat"."""
    known = catalog().kinds.get(kind)
    return describe.kind_name(known) if known else kind


def card_labels(kinds: Sequence[str]) -> str:
    return ", ".join(card_label(k) for k in kinds)


def token_effect(name: str) -> str:
    """A progress token's effect in words ("" for a name the catalogue does not know)."""
    token = next((t for t in catalog().tokens if t.name == name), None)
    return describe.token_text(token.effects) if token else ""


def stage_reward(wonder: str, stage: int) -> str:
    """What stage ``stage`` of ``wonder`` gives: "4 VP; 1 shield"."""
    known = next((w for w in catalog().wonders if w.name == wonder), None)
    return describe.stage_reward_text(known, stage) if known else ""


def shields(n: int) -> str:
    return ngettext("{n} shield", "{n} shields", n).format(n=n)


def victory_tokens(n: int) -> str:
    return ngettext("{n} victory token", "{n} victory tokens", n).format(n=n)


def stages(n: int) -> str:
    return ngettext("{n} wonder stage", "{n} wonder stages", n).format(n=n)


def points(n: int) -> str:
    return _("{n} VP").format(n=n)


# ---------------------------------------------------------------- the log


class Log(Narrator):
    """A reader's Architects log in whole sentences (see ``core.present.Narrator``)."""

    def __init__(self, view: JSON, names: Sequence[str] | None = None) -> None:
        super().__init__(view, names)
        players = view.get("players", [])
        self.wonders: list[str] = [str(info.get("wonder", "")) for info in players]
        decks = view.get("decks", [])
        self.decks: list[str] = [str(d.get("deck")) for d in decks] or list(self.wonders)
        self.conflict_total: int | None = (view.get("conflict") or {}).get("total")

    # ------------------------------------------------------------ naming

    def name(self, seat: int) -> str:
        """A seat in a third-person sentence: its name, else its wonder (the terminal)."""
        if self.names is None and 0 <= seat < len(self.wonders):
            return self.wonders[seat]
        return super().name(seat)

    def mine(self, event: JSON) -> bool:
        """Whether the event is the reader's own (a spectator has none)."""
        return self.seat is not None and event.get("seat") == self.seat

    def who(self, event: JSON) -> str:
        seat = event.get("seat")
        return self.name(seat) if isinstance(seat, int) else _("someone")

    def place(self, deck: str) -> str | None:
        """Where a side deck lies for the reader ("your left"); None when it is far, or for
        a spectator. With 2 players both side decks are next to you: yours and theirs."""
        if self.seat is None or deck not in self.decks:
            return None
        d, n = self.decks.index(deck), len(self.decks)
        if n == 2:
            return _("yours") if d == self.seat else _("theirs")
        if d == self.seat:
            return _("your left")
        if d == (self.seat - 1) % n:
            return _("your right")
        return None

    def deck(self, deck: Any) -> str:
        """A deck as a noun phrase: "the central deck", "the Giza deck (your left)"."""
        if deck == CENTRAL:
            return _("the central deck")
        place = self.place(str(deck))
        if place is None:
            return _("the {deck} deck").format(deck=deck)
        return _("the {deck} deck ({where})").format(deck=deck, where=place)

    # ------------------------------------------------------------ events

    def line(self, event: JSON) -> str | None:
        kind = event.get("type")
        if kind in BOOKKEEPING:
            return None
        say = getattr(self, f"_{kind}", None)
        if say is None:
            return self._unknown(event)
        text: str | None = say(event)
        return text

    def _turn(self, e: JSON) -> str:
        if self.mine(e):
            return Heading(_("Turn {n}: you play").format(n=e.get("turn")))
        return Heading(_("Turn {n}: {who} plays").format(n=e.get("turn"), who=self.who(e)))

    def _take(self, e: JSON) -> str:
        card, deck = card_label(str(e.get("card"))), self.deck(e.get("deck"))
        if e.get("searched"):
            if self.mine(e):
                return _("You kept {card} from the top of {deck}").format(card=card, deck=deck)
            return _("{who} kept {card} from the top of {deck}").format(
                who=self.who(e), card=card, deck=deck
            )
        if self.mine(e):
            return _("You took {card} from {deck}").format(card=card, deck=deck)
        return _("{who} took {card} from {deck}").format(who=self.who(e), card=card, deck=deck)

    def _cat(self, e: JSON) -> str:
        if self.mine(e):
            return _("You took the cat")
        return _("{who} took the cat").format(who=self.who(e))

    def _conflict(self, e: JSON) -> str:
        n = int(e.get("flipped", 0))
        if self.mine(e):
            text = ngettext(
                "You flipped {n} conflict token to the battle side",
                "You flipped {n} conflict tokens to the battle side",
                n,
            ).format(n=n)
        else:
            text = ngettext(
                "{who} flipped {n} conflict token to the battle side",
                "{who} flipped {n} conflict tokens to the battle side",
                n,
            ).format(who=self.who(e), n=n)
        side = e.get("battle_side")
        if isinstance(side, int) and isinstance(self.conflict_total, int):
            return _("{text} ({side} of {total})").format(
                text=text, side=side, total=self.conflict_total
            )
        return text

    def _battle(self, e: JSON) -> str:
        """Who won how many victory tokens, with their shields; then the red cards with
        horns leave every wonder and the conflict tokens turn back."""
        power = list(e.get("shields", []))
        sentences = []
        for seat, won in enumerate(e.get("won", [])):
            if not won:
                continue
            args = {"tokens": victory_tokens(won), "shields": shields(power[seat])}
            if self.seat is not None and seat == self.seat:
                sentences.append(_("You won {tokens} ({shields}).").format(**args))
            else:
                sentences.append(
                    _("{who} won {tokens} ({shields}).").format(who=self.name(seat), **args)
                )
        if not sentences:
            sentences.append(_("No one won a victory token."))
        return _("Battle! {results} The cards with horns are discarded.").format(
            results=" ".join(sentences)
        )

    def _extra_card(self, e: JSON) -> str:
        token = e.get("token")
        if self.mine(e):
            return _("{token} gives you one more card").format(token=token)
        return _("{token} gives {who} one more card").format(token=token, who=self.who(e))

    def _search(self, e: JSON) -> str:
        n, deck = int(e.get("count", 0)), self.deck(e.get("deck"))
        if self.mine(e):
            return ngettext(
                "You looked at the top {n} card of {deck}",
                "You looked at the top {n} cards of {deck}",
                n,
            ).format(n=n, deck=deck)
        return ngettext(
            "{who} looked at the top {n} card of {deck}",
            "{who} looked at the top {n} cards of {deck}",
            n,
        ).format(who=self.who(e), n=n, deck=deck)

    def _shuffle(self, e: JSON) -> str:
        return _("The other cards go back into {deck}, shuffled").format(
            deck=self.deck(e.get("deck"))
        )

    def _build(self, e: JSON) -> str:
        seat, stage = e.get("seat"), int(e.get("stage", 0))
        wonder = self.wonders[seat] if isinstance(seat, int) and seat < len(self.wonders) else ""
        args = {
            "n": stage,
            "reward": stage_reward(wonder, stage),
            "cards": card_labels(e.get("paid", [])),
        }
        if self.mine(e):
            return _("You built stage {n} ({reward}) with {cards}").format(**args)
        if self.names is None:  # the seat is called by its wonder already
            return _("{who} built stage {n} ({reward}) with {cards}").format(
                who=self.who(e), **args
            )
        return _("{who} built stage {n} of {wonder} ({reward}) with {cards}").format(
            who=self.who(e), wonder=wonder, **args
        )

    def _progress(self, e: JSON) -> str:
        token = str(e.get("token"))
        if e.get("used"):
            how = _("spending {cards}").format(cards=card_labels(e["used"]))
        elif e.get("from") == "Babylon":
            how = _("with Babylon's stage")
        else:
            how = _("for a science set")
        args = {"token": token, "how": how, "effect": token_effect(token)}
        if e.get("from_stack"):
            if self.mine(e):
                return _("You drew {token} from the token stack {how}: {effect}").format(**args)
            return _("{who} drew {token} from the token stack {how}: {effect}").format(
                who=self.who(e), **args
            )
        if self.mine(e):
            return _("You took the progress token {token} {how}: {effect}").format(**args)
        return _("{who} took the progress token {token} {how}: {effect}").format(
            who=self.who(e), **args
        )

    def _nothing(self, e: JSON) -> str:
        """A pending effect dropped: nothing was left to take for it."""
        effect = str(e.get("effect"))
        mine = {
            "extra": _("You get no extra card: no deck is left to take it from"),
            "any": _("You get no card from Alexandria: every deck is empty"),
            "search": _("You search no deck with Halicarnassus: both your side decks are empty"),
            "babylon": _("You get no progress token from Babylon: none is left"),
        }
        theirs = {
            "extra": _("{who} gets no extra card: no deck is left to take it from"),
            "any": _("{who} gets no card from Alexandria: every deck is empty"),
            "search": _(
                "{who} searches no deck with Halicarnassus: both their side decks are empty"
            ),
            "babylon": _("{who} gets no progress token from Babylon: none is left"),
        }
        if self.mine(e):
            return mine.get(effect) or _("Nothing is left for you to take")
        text = theirs.get(effect) or _("Nothing is left for {who} to take")
        return text.format(who=self.who(e))

    def _no_cards(self, e: JSON) -> str:
        return _("No one has a deck left to take from: the game ends")

    def _game_over(self, e: JSON) -> str:
        return Heading(_("The game is over"))

    def _unknown(self, e: JSON) -> str:
        """An event no method above knows, as its fields (a new event type still shows)."""
        fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "seat"))
        what = str(e.get("type")).replace("_", " ")
        return f"{what} ({fields})" if fields else what


# ---------------------------------------------------------------- the end


def tiebreak_name() -> str:
    """The heading of a final table's tie-break column: the wonder stages built."""
    return _("stages")


def victory_line(result: JSON, reader: int | None, names: Sequence[str]) -> str:
    """Who won and how, from ``Result.to_json()``: the most points; on a tie the most wonder
    stages built; still tied, the victory is shared (the rulebook's end of the game).
    ``names``: each seat's name (the terminal passes the wonders)."""
    players = sorted(result.get("players", []), key=lambda p: p["seat"])
    if not players:
        return ""
    winners = [p for p in players if p["seat"] in result.get("winners", [])]
    if not winners:
        return ""
    best = winners[0]
    vp, built = points(best["total"]), stages(best["tiebreak"])

    def called(seat: int) -> str:
        if seat == reader:
            return _("you")
        return names[seat] if 0 <= seat < len(names) else _("player {n}").format(n=seat + 1)

    if len(winners) > 1:
        others = [called(p["seat"]) for p in winners if p["seat"] != reader]
        if len(others) < len(winners):
            return _("You share the victory with {others}: {vp} and {stages} each.").format(
                others=listed(others), vp=vp, stages=built
            )
        return _("{who} share the victory: {vp} and {stages} each.").format(
            who=listed(others), vp=vp, stages=built
        )
    tied = [p for p in players if p["total"] == best["total"] and p is not best]
    if not tied:
        if best["seat"] == reader:
            return _("You win with {vp}.").format(vp=vp)
        return _("{who} wins with {vp}.").format(who=called(best["seat"]), vp=vp)
    args = {
        "vp": vp,
        "others": listed([called(p["seat"]) for p in tied]),
        "stages": built,
        "fewer": listed([stages(p["tiebreak"]) for p in tied]),
    }
    if best["seat"] == reader:
        return _(
            "You win on the tie-break: {vp} like {others}, but {stages} built against {fewer}."
        ).format(**args)
    return _(
        "{who} wins on the tie-break: {vp} like {others}, but {stages} built against {fewer}."
    ).format(who=called(best["seat"]), **args)
