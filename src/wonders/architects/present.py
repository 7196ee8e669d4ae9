"""7 Wonders Architects in words for every front end: the log narrator (``Log``), what the
seat is asked (``decision``) and each of its legal actions (``action_label``), and the
sentence that says who won (``victory_line``).

Seats are named by their name at the table (the web's players) or, without names, by their
wonder (the terminal); the reader is "you" in sentences of their own. Decks are named by
their wonder, with where they lie for the reader ("your left"). Card faces read as what
they are ("blue 2 VP + cat"), progress tokens with their effect, stages with their reward.

Every word goes through ``wonders.core.i18n``: wonders and progress tokens by their printed
names (``describe.printed``), counts through ``ngettext``, one msgid per whole sentence. The
events, views and actions keep the data's English identifiers; only what is shown is
translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonders.architects import advice, describe
from wonders.architects.actions import STACK
from wonders.architects.cards import CENTRAL, WONDER_NAMES, catalog
from wonders.architects.describe import printed
from wonders.architects.describe import victory_tokens as victory_tokens
from wonders.architects.state import ANY, BABYLON, EXTRA, MAIN, PICK, SEARCH
from wonders.architects.views import ArchitectsView
from wonders.core.i18n import N_, _, ngettext
from wonders.core.present import Heading, Narrator, listed, upper_first
from wonders.core.protocol import JSON, ResultView, own_seat

BOOKKEEPING = frozenset({"setup", "end_turn"})

# the engine's identifiers as words: the kind of victory, and the score's categories
VICTORY_NAMES = {"points": N_("victory on points")}
CATEGORY_NAMES = {
    "wonder": N_("wonder"),
    "cat": N_("cat"),
    "blue": N_("blue cards"),
    "military": N_("military"),
    "progress": N_("progress tokens"),
}
# the wonders whose stage powers a pending effect comes from (``nothing`` events)
ALEXANDRIA, HALICARNASSUS, BABYLON_WONDER = "Alexandria", "Halicarnassus", "Babylon"

# A progress token taken, by (drawn from the stack, how it was paid, the reader's own):
# how is "used" (science cards spent), "wonder" (Babylon's stage) or "set" (science).
PROGRESS_LINES = {
    (True, "used", True): N_("You drew {token} from the token stack spending {cards}: {effect}"),
    (True, "used", False): N_("{who} drew {token} from the token stack spending {cards}: {effect}"),
    (True, "wonder", True): N_(
        "You drew {token} from the token stack with {wonder}'s stage: {effect}"
    ),
    (True, "wonder", False): N_(
        "{who} drew {token} from the token stack with {wonder}'s stage: {effect}"
    ),
    (True, "set", True): N_("You drew {token} from the token stack for a science set: {effect}"),
    (True, "set", False): N_("{who} drew {token} from the token stack for a science set: {effect}"),
    (False, "used", True): N_("You took the progress token {token} spending {cards}: {effect}"),
    (False, "used", False): N_("{who} took the progress token {token} spending {cards}: {effect}"),
    (False, "wonder", True): N_(
        "You took the progress token {token} with {wonder}'s stage: {effect}"
    ),
    (False, "wonder", False): N_(
        "{who} took the progress token {token} with {wonder}'s stage: {effect}"
    ),
    (False, "set", True): N_("You took the progress token {token} for a science set: {effect}"),
    (False, "set", False): N_("{who} took the progress token {token} for a science set: {effect}"),
}


def victory_name(victory: str) -> str:
    """The kind of victory (``Result.victory``: points) in words."""
    return _(VICTORY_NAMES[victory])


def category_name(category: str) -> str:
    """A score category of ``Result`` (wonder, cat, blue, military, progress) in words."""
    return _(CATEGORY_NAMES[category])


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


def stages(n: int) -> str:
    return ngettext("{n} wonder stage", "{n} wonder stages", n).format(n=n)


def points(n: int) -> str:
    return _("{n} VP").format(n=n)


# ---------------------------------------------------------------- decks


def place(seat: int | None, decks: Sequence[str], deck: str) -> str | None:
    """Where a side deck lies for ``seat`` ("your left"); None when it is far, or for a
    spectator. With 2 players both side decks are next to you: yours and theirs."""
    if seat is None or deck not in decks:
        return None
    side = advice.side_of(seat, len(decks), decks.index(deck))
    if len(decks) == 2:
        return _("yours") if side == "left" else _("theirs")
    return {"left": _("your left"), "right": _("your right")}.get(side)


def where(view: ArchitectsView, deck: str) -> str | None:
    """Where a side deck lies for the view's seat ("your left", "theirs"); None when far."""
    return place(view.get("seat"), deck_names(view), deck)


def deck_phrase(seat: int | None, decks: Sequence[str], deck: Any) -> str:
    """A deck as a noun phrase: "the central deck", "the Giza deck (your left)"."""
    if deck == CENTRAL:
        return _("the central deck")
    where = place(seat, decks, str(deck))
    if where is None:
        return _("the {deck} deck").format(deck=printed(str(deck)))
    return _("the {deck} deck ({where})").format(deck=printed(str(deck)), where=where)


def deck_names(view: ArchitectsView) -> list[str]:
    """The side decks by their wonder, in seat order (the deck of seat p lies on its left)."""
    return [str(d.get("deck")) for d in view.get("decks", [])] or [
        str(info.get("wonder", "")) for info in view.get("players", [])
    ]


# ---------------------------------------------------------------- the log


class Log(Narrator):
    """A reader's Architects log in whole sentences (see ``core.present.Narrator``)."""

    def __init__(self, view: ArchitectsView, names: Sequence[str] | None = None) -> None:
        super().__init__(view, names)
        players = view.get("players", [])
        self.wonders: list[str] = [str(info.get("wonder", "")) for info in players]
        self.decks = deck_names(view)
        self.conflict_total: int | None = (view.get("conflict") or {}).get("total")

    # ------------------------------------------------------------ naming

    def name(self, seat: int) -> str:
        """A seat in a third-person sentence: its name, else its wonder (the terminal)."""
        if self.names is None and 0 <= seat < len(self.wonders):
            return printed(self.wonders[seat])
        return super().name(seat)

    def mine(self, event: JSON) -> bool:
        """Whether the event is the reader's own (a spectator has none)."""
        return self.seat is not None and event.get("seat") == self.seat

    def who(self, event: JSON) -> str:
        seat = event.get("seat")
        return self.name(seat) if isinstance(seat, int) else _("someone")

    def deck(self, deck: Any) -> str:
        """A deck as a noun phrase: "the central deck", "the Giza deck (your left)"."""
        return deck_phrase(self.seat, self.decks, deck)

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
        n, side, total = int(e.get("flipped", 0)), e.get("battle_side"), self.conflict_total
        args = {"n": n, "side": side, "total": total}
        if not (isinstance(side, int) and isinstance(total, int)):
            if self.mine(e):
                return ngettext(
                    "You flipped {n} conflict token to the battle side",
                    "You flipped {n} conflict tokens to the battle side",
                    n,
                ).format(**args)
            return ngettext(
                "{who} flipped {n} conflict token to the battle side",
                "{who} flipped {n} conflict tokens to the battle side",
                n,
            ).format(who=self.who(e), **args)
        if self.mine(e):
            return ngettext(
                "You flipped {n} conflict token to the battle side ({side} of {total})",
                "You flipped {n} conflict tokens to the battle side ({side} of {total})",
                n,
            ).format(**args)
        return ngettext(
            "{who} flipped {n} conflict token to the battle side ({side} of {total})",
            "{who} flipped {n} conflict tokens to the battle side ({side} of {total})",
            n,
        ).format(who=self.who(e), **args)

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
        token = printed(str(e.get("token")))
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
            who=self.who(e), wonder=printed(wonder), **args
        )

    def _progress(self, e: JSON) -> str:
        token, source = str(e.get("token")), str(e.get("from"))
        how = "used" if e.get("used") else "wonder" if source in WONDER_NAMES else "set"
        text = _(PROGRESS_LINES[(bool(e.get("from_stack")), how, self.mine(e))])
        return text.format(
            token=printed(token),
            cards=card_labels(e.get("used") or []),
            wonder=printed(source) if how == "wonder" else "",
            effect=token_effect(token),
            who=self.who(e),
        )

    def _nothing(self, e: JSON) -> str:
        """A pending effect dropped: nothing was left to take for it."""
        effect = str(e.get("effect"))
        wonder = {ANY: ALEXANDRIA, SEARCH: HALICARNASSUS, BABYLON: BABYLON_WONDER}.get(effect)
        args = {"who": self.who(e), "wonder": printed(wonder) if wonder else ""}
        mine = {
            EXTRA: _("You get no extra card: no deck is left to take it from"),
            ANY: _("You get no card from {wonder}: every deck is empty"),
            SEARCH: _("You search no deck with {wonder}: both your side decks are empty"),
            BABYLON: _("You get no progress token from {wonder}: none is left"),
        }
        theirs = {
            EXTRA: _("{who} gets no extra card: no deck is left to take it from"),
            ANY: _("{who} gets no card from {wonder}: every deck is empty"),
            SEARCH: _("{who} searches no deck with {wonder}: both their side decks are empty"),
            BABYLON: _("{who} gets no progress token from {wonder}: none is left"),
        }
        if self.mine(e):
            text = mine.get(effect) or _("Nothing is left for you to take")
        else:
            text = theirs.get(effect) or _("Nothing is left for {who} to take")
        return text.format(**args)

    def _no_cards(self, e: JSON) -> str:
        return _("No one has a deck left to take from: the game ends")

    def _game_over(self, e: JSON) -> str:
        return Heading(_("The game is over"))

    def _unknown(self, e: JSON) -> str:
        """An event no method above knows, as its fields (a new event type still shows)."""
        fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "seat"))
        what = str(e.get("type")).replace("_", " ")
        return f"{what} ({fields})" if fields else what


# ---------------------------------------------------------------- decisions and actions

# what the oldest pending effect asks (``view["pending"][0]``); none: only what is owed
# besides (a wonder stage, a progress token for science cards)
EFFECTS = (MAIN, EXTRA, ANY, SEARCH, PICK, BABYLON)


def decision(
    view: ArchitectsView, legal: Sequence[JSON], names: Sequence[str] | None = None
) -> tuple[str, str]:
    """(title, prompt) of the decision the view's seat owes now, ("", "") if none. ``legal``:
    the seat's legal actions as JSON (``a.to_json()``). The oldest pending effect (the
    turn's card, an extra card, a wonder stage's power) is asked first; a wonder stage and a
    progress token for science cards are compulsory whenever they can be paid, so the prompt
    says so whenever they are on offer."""
    seat = view.get("seat")
    if seat is None or not legal or view.get("current") != seat:
        return "", ""
    pending = view.get("pending") or []
    head = pending[0] if pending and pending[0] in EFFECTS else None
    kinds = {a.get("kind") for a in legal}
    build, science = "build" in kinds, "science" in kinds
    if head is None:
        return _owed_decision(build, science)
    title, prompt = _effect_decision(view, str(head))
    also = _also_owed(build, science)
    if also:
        return title, f"{prompt} {also}"
    if head == MAIN and "top" not in (view.get("central") or {}):
        return title, prompt + " " + _("Then build a stage whenever you can pay for it.")
    return title, prompt


def _sides(view: ArchitectsView) -> str:
    """The two decks a seat takes from, as a noun phrase."""
    if len(view.get("players", [])) == 2:
        return _("your deck or your rival's")
    return _("the deck on your left or right")


def _effect_decision(view: ArchitectsView, head: str) -> tuple[str, str]:
    """The title and prompt of the oldest pending effect."""
    me = view["players"][own_seat(view)]
    sides, wonder = _sides(view), printed(str(me.get("wonder", "")))
    if head == MAIN:
        prompt = _(
            "Take the top card of {sides} (face up) or of the central deck (face down)."
        ).format(sides=sides)
        peek = (view.get("central") or {}).get("top")
        if peek:
            prompt += " " + _("The cat shows you the central deck's top card: {card}.").format(
                card=card_label(str(peek))
            )
        return _("Take a card"), prompt
    if head == EXTRA:
        return _("Take one more card"), _(
            "{token} gives you one more card: the top card of {sides} or of the central deck."
        ).format(token=_extra_token(view), sides=sides)
    if head == ANY:
        return _("Take a card from any deck"), _(
            "{wonder}'s stage gives you the top card of any deck, the central one included."
        ).format(wonder=wonder)
    if head == SEARCH:
        n = advice.look_at(str(me.get("wonder", "")))
        return _("Choose a deck to search"), ngettext(
            "{wonder}'s stage lets you look at the top {n} card of {sides} and keep it.",
            "{wonder}'s stage lets you look at the top {n} cards of {sides} and keep one; the "
            "others go back, shuffled.",
            n,
        ).format(wonder=wonder, sides=sides, n=n)
    if head == PICK:
        searching = view.get("searching")
        n = searching["count"] if searching else 0
        deck = deck_phrase(view["seat"], deck_names(view), searching["deck"] if searching else None)
        return _("Keep one of the cards you look at"), ngettext(
            "You look at the top {n} card of {deck}: keep it.",
            "You look at the top {n} cards of {deck}: keep one; the others go back, shuffled.",
            n,
        ).format(n=n, deck=deck)
    return _("Choose a progress token from {wonder}").format(wonder=wonder), _(
        "{wonder}'s stage gives you a progress token: one of those face up, or the top of "
        "the stack, face down."
    ).format(wonder=wonder)


def _extra_token(view: ArchitectsView) -> str:
    """The progress token whose extra card is asked now: pending effects are resolved
    oldest first, so it is the first of this turn's extra cards still pending."""
    seat, events = view["seat"], view.get("events", [])
    start = max(
        (i for i, e in enumerate(events) if e.get("type") == "turn" and e.get("seat") == seat),
        default=0,
    )
    tokens = [
        printed(str(e.get("token")))
        for e in events[start:]
        if e.get("type") == "extra_card" and e.get("seat") == seat
    ]
    waiting = list(view.get("pending", [])).count(EXTRA)
    done = len(tokens) - waiting
    return tokens[done] if 0 <= done < len(tokens) else _("A progress token")


def _owed_decision(build: bool, science: bool) -> tuple[str, str]:
    """Only a wonder stage or a progress token is owed: the turn ends once neither is."""
    if build and science:
        return _("Build a stage or take a progress token"), _(
            "You can pay for a wonder stage and, with your science cards, for a progress "
            "token: you must take both before your turn ends, in the order you like."
        )
    if science:
        return _("Choose a progress token for your science cards"), _(
            "Your science cards show 2 equal or 3 different symbols: you must spend them on "
            "a progress token before your turn ends."
        )
    return _("Build a wonder stage"), _(
        "You can pay for a stage of your wonder: you must build it before your turn ends. "
        "Choose the cards you spend."
    )


def _also_owed(build: bool, science: bool) -> str:
    """The sentence that adds a compulsory stage or token to a pending effect's prompt."""
    if build and science:
        return _(
            "You can pay for a wonder stage and a progress token too: take both before your "
            "turn ends."
        )
    if build:
        return _("You can pay for a wonder stage too: build it before your turn ends.")
    if science:
        return _("Your science cards pay for a progress token too: take it before your turn ends.")
    return ""


def action_label(view: ArchitectsView, action: JSON, names: Sequence[str] | None = None) -> str:
    """One legal action (JSON) in words for the view's seat: the card it takes (decks by
    their wonder and where they lie for the reader), the stage it builds with its reward
    and the cards it spends, the progress token it takes with its effect. (``names`` is not
    needed: no Architects action names another seat.)"""
    kind = action.get("kind")
    if kind == "take":
        return _take_label(view, str(action.get("deck")))
    if kind == "search":
        deck = str(action.get("deck"))
        n = advice.search_count(view, deck)
        return ngettext(
            "Look at the top {n} card of {deck} and keep it",
            "Look at the top {n} cards of {deck} and keep one",
            n,
        ).format(n=n, deck=deck_phrase(view.get("seat"), deck_names(view), deck))
    if kind == "pick":
        return _("Keep {card}").format(card=card_label(str(action.get("card"))))
    if kind == "build":
        return _build_label(view, int(action.get("stage", 0)), list(action.get("pay", [])))
    if kind in ("science", "token"):
        return _token_label(str(action.get("token")), list(action.get("pay", [])))
    return str(kind)


def _take_label(view: ArchitectsView, deck: str) -> str:
    where = deck_phrase(view.get("seat"), deck_names(view), deck)
    if deck == CENTRAL:
        peek = (view.get("central") or {}).get("top")
        if peek:
            return _("Take {card} from the central deck (the cat's peek)").format(
                card=card_label(str(peek))
            )
        return _("Take the top card of the central deck, face down")
    top = next((d.get("top") for d in view.get("decks", []) if d.get("deck") == deck), None)
    if top is None:
        return _("Take the top card of {deck}").format(deck=where)
    return _("Take {card} from {deck}").format(card=card_label(str(top)), deck=where)


def _build_label(view: ArchitectsView, stage: int, pay: list[str]) -> str:
    """A stage with its reward and the cards spent; whether a token counts a gold coin
    twice in this payment, and whether the stage completes the wonder (the game's end)."""
    wonder = view["players"][own_seat(view)].get("wonder", "")
    args = {"n": stage, "reward": stage_reward(str(wonder), stage), "cards": card_labels(pay)}
    token = advice.gold_counted_twice(view, stage, pay)
    if advice.completes(view, stage):
        if token:
            return _(
                "Build stage {n} ({reward}) with {cards}, {token} counting a gold coin as 2 "
                "resources: your wonder is complete and the game ends with this turn"
            ).format(token=printed(token), **args)
        return _(
            "Build stage {n} ({reward}) with {cards}: your wonder is complete and the game "
            "ends with this turn"
        ).format(**args)
    if token:
        return _(
            "Build stage {n} ({reward}) with {cards}, {token} counting a gold coin as 2 resources"
        ).format(token=printed(token), **args)
    return _("Build stage {n} ({reward}) with {cards}").format(**args)


def _token_label(token: str, pay: list[str]) -> str:
    """A progress token taken for science cards (``pay``) or by Babylon's stage."""
    if token == STACK:
        if pay:
            return _("Draw the top token of the stack, face down, spending {cards}").format(
                cards=card_labels(pay)
            )
        return _("Draw the top token of the stack, face down")
    args = {"token": printed(token), "effect": token_effect(token), "cards": card_labels(pay)}
    if pay:
        return _("Take the progress token {token} spending {cards}: {effect}").format(**args)
    return _("Take the progress token {token}: {effect}").format(**args)


# ---------------------------------------------------------------- the end


def tiebreak_name() -> str:
    """The heading of a final table's tie-break column: the wonder stages built."""
    return _("stages")


def victory_line(result: ResultView, reader: int | None, names: Sequence[str]) -> str:
    """Who won and how, in a sentence for ``reader`` (see ``_victory``)."""
    return upper_first(_victory(result, reader, names))


def _victory(result: ResultView, reader: int | None, names: Sequence[str]) -> str:
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
    # the terminal names the seats by their wonders: those are printed names
    shown = [printed(n) for n in names] if set(names) <= set(WONDER_NAMES) else list(names)

    def called(seat: int) -> str:
        if seat == reader:
            return _("you")
        return shown[seat] if 0 <= seat < len(shown) else _("player {n}").format(n=seat + 1)

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
