"""7 Wonders Duel in words for every front end: the log (``Log``), where the conflict pawn
stands (``pawn``), the decision a seat owes (``decision``) and each of its legal actions
(``action_label``), and who won the game and how (``victory_line``).

Seats are named as ``core.present.Narrator`` says: the reader is "you" in sentences of their
own; the other seat is its name at the table when the front end gives names (the web), else
"your rival" (the terminal), or "player N" for a spectator without names.

Every word goes through gettext: cards, wonders and tokens by their printed names
(``describe.printed``; the views' and actions' identifiers stay English), every count through
``ngettext``, one message per whole sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wonders.core.i18n import N_, _, ngettext
from wonders.core.present import Heading, Narrator, age_name, coins, listed, seat_view, upper_first
from wonders.core.protocol import JSON, PlayerResultView, ResultView, View, own_seat
from wonders.duel import advice, describe
from wonders.duel.cards import catalog
from wonders.duel.city import wonder_facts
from wonders.duel.describe import printed
from wonders.duel.views import DuelView

# the engine's identifiers as words: the kinds of victory, and the score's categories
VICTORY_NAMES = {
    "civilian": N_("civilian victory"),
    "military": N_("military supremacy"),
    "science": N_("scientific supremacy"),
}
CATEGORY_NAMES = {
    "military": N_("military"),
    "treasury": N_("treasury"),
    "wonders": N_("wonders"),
    "civilian": N_("civilian"),
    "science": N_("science"),
    "commerce": N_("commerce"),
    "guilds": N_("guilds"),
    "tokens": N_("tokens"),
}


def token_with(effect: str) -> str:
    """The progress token whose data gives ``effect`` (``trade_income``: Economy;
    ``chain_coins``: Urbanism; ``wonder_replay``: Theology), named as the data names it."""
    return next(t.name for t in catalog().tokens if t.effects.get(effect))


# the wonders some sentences name as the cause (their printed names)
GREAT_LIBRARY, MAUSOLEUM = "The Great Library", "The Mausoleum"


def victory_name(victory: str) -> str:
    """A kind of victory (``Result.victory``: civilian, military, science) in words."""
    return _(VICTORY_NAMES[victory])


def category_name(category: str) -> str:
    """A score category of ``Result`` (military, treasury, ...) in words."""
    return _(CATEGORY_NAMES[category])


def seat_name(seat: int, reader: int | None, names: Sequence[str] | None) -> str:
    """``seat`` in a third-person sentence: its name at the table, else "your rival" for a
    seated reader, else "player N"."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    if reader is not None:
        return _("your rival")
    return _("player {n}").format(n=seat + 1)


def pawn(position: int, reader: int | None, names: Sequence[str] | None = None) -> str:
    """Where the conflict pawn stands ("the conflict pawn is 2 spaces toward your capital")."""
    if position == 0:
        return _("the conflict pawn is in the centre")
    toward, n = (1 if position > 0 else 0), abs(position)  # positive: toward seat 1's capital
    if toward == reader:
        return ngettext(
            "the conflict pawn is {n} space toward your capital",
            "the conflict pawn is {n} spaces toward your capital",
            n,
        ).format(n=n)
    return ngettext(
        "the conflict pawn is {n} space toward {who}'s capital",
        "the conflict pawn is {n} spaces toward {who}'s capital",
        n,
    ).format(n=n, who=seat_name(toward, reader, names))


def reward(wonder: str) -> str:
    """What a wonder gives, in words (its text without its cost)."""
    for w in catalog().wonders:
        if w.name == wonder:
            return describe.wonder_effect_text(w.to_json()["effect"])
    return ""


class Log(Narrator):
    """A reader's Duel log in whole sentences (see ``core.present.Narrator``)."""

    def __init__(self, view: View, names: Sequence[str] | None = None) -> None:
        super().__init__(view, names)
        self.picks = 0  # wonders taken since the last offer: the 4th is the one left over

    def name(self, seat: int) -> str:
        return seat_name(seat, self.seat, self.names)

    def by(self, seat: Any, you: str, other: str, **fields: Any) -> str:
        """``you`` when ``seat`` is the reader, else ``other`` with ``{who}`` the seat."""
        if seat == self.seat:
            return you.format(**fields)
        who = self.name(seat) if isinstance(seat, int) else _("someone")
        return other.format(who=who, **fields)

    def line(self, event: JSON) -> str | None:
        say = SAY.get(str(event.get("type")))
        return say(self, event) if say is not None else None

    # -- the wonder draft and the Ages ------------------------------------------------------

    def _wonders_offered(self, e: JSON) -> str:
        self.picks = 0
        return _("Wonders on offer: {names}").format(
            names=", ".join(printed(w) for w in e["wonders"])
        )

    def _pick_wonder(self, e: JSON) -> str:
        self.picks += 1
        if self.picks == 4:
            return self.by(
                e["player"],
                _("You get the last wonder of the four, {wonder}"),
                _("{who} gets the last wonder of the four, {wonder}"),
                wonder=printed(e["wonder"]),
            )
        return self.by(
            e["player"],
            _("You took {wonder}"),
            _("{who} took {wonder}"),
            wonder=printed(e["wonder"]),
        )

    def _age(self, e: JSON) -> str:
        return Heading(_("Age {age}: its structure is laid out").format(age=age_name(e["age"])))

    def _first(self, e: JSON) -> str:
        """Who starts the Age just laid out, and who chose it (nobody in Age I)."""
        player, chooser, age = e["player"], e.get("chooser"), age_name(e["age"])
        if chooser is None:
            text = self.by(player, _("You start Age {age}"), _("{who} starts Age {age}"), age=age)
        elif chooser == self.seat:
            text = self.by(
                player,
                _("You chose to start Age {age}"),
                _("You chose {who} to start Age {age}"),
                age=age,
            )
        elif player == self.seat:
            text = _("{chooser} chose you to start Age {age}").format(
                chooser=self.name(chooser), age=age
            )
        elif player == chooser:
            text = _("{chooser} chose to start Age {age}").format(
                chooser=self.name(chooser), age=age
            )
        else:
            text = _("{chooser} chose {who} to start Age {age}").format(
                chooser=self.name(chooser), who=self.name(player), age=age
            )
        return Heading(text)

    def _game_over(self, e: JSON) -> str:
        victory, winner = e.get("victory"), e.get("winner")
        if victory == "civilian":
            return Heading(_("Game over after Age III: the points decide"))
        if victory == "military" and winner is not None:
            return Heading(
                self.by(
                    winner,
                    _("Game over: you win by military supremacy"),
                    _("Game over: {who} wins by military supremacy"),
                )
            )
        if victory == "science" and winner is not None:
            return Heading(
                self.by(
                    winner,
                    _("Game over: you win by scientific supremacy"),
                    _("Game over: {who} wins by scientific supremacy"),
                )
            )
        return Heading(_("The game is over"))

    # -- a turn: the card taken ---------------------------------------------------------------

    def _build(self, e: JSON) -> str:
        if e.get("paid"):
            return self.by(
                e["player"],
                _("You built {card} for {coins}"),
                _("{who} built {card} for {coins}"),
                card=printed(e["card"]),
                coins=coins(e["paid"]),
            )
        return self.by(
            e["player"],
            _("You built {card} for free"),
            _("{who} built {card} for free"),
            card=printed(e["card"]),
        )

    def _sell(self, e: JSON) -> str:
        return self.by(
            e["player"],
            _("You sold {card} for {coins}"),
            _("{who} sold {card} for {coins}"),
            card=printed(e["card"]) if e.get("card") else _("a card"),
            coins=coins(e["coins"]),
        )

    def _wonder(self, e: JSON) -> str:
        wonder, text = printed(e["wonder"]), reward(e["wonder"])
        if e.get("paid"):
            return self.by(
                e["player"],
                _("You built {wonder} for {coins} — {text}"),
                _("{who} built {wonder} for {coins} — {text}"),
                wonder=wonder,
                coins=coins(e["paid"]),
                text=text,
            )
        return self.by(
            e["player"],
            _("You built {wonder} for free — {text}"),
            _("{who} built {wonder} for free — {text}"),
            wonder=wonder,
            text=text,
        )

    def _replay(self, e: JSON) -> str:
        return self.by(e["player"], _("You play again"), _("{who} plays again"))

    def _wonder_returned(self, e: JSON) -> str:
        if not isinstance(e.get("player"), int):
            return _("{wonder} goes back to the box: 7 wonders are built").format(
                wonder=printed(e["wonder"])
            )
        return self.by(
            e["player"],
            _("Your wonder {wonder} goes back to the box: 7 wonders are built"),
            _("{who}'s wonder {wonder} goes back to the box: 7 wonders are built"),
            wonder=printed(e["wonder"]),
        )

    # -- coins ----------------------------------------------------------------------------------

    def _coins(self, e: JSON) -> str:
        return self.by(
            e["player"],
            _("You received {coins} from {card}"),
            _("{who} received {coins} from {card}"),
            coins=coins(e["coins"]),
            card=printed(e["card"]),
        )

    def _economy(self, e: JSON) -> str:
        """The owner of Economy gets the coins the other seat paid the bank for resources."""
        owner, amount, token = e["player"], coins(e["coins"]), printed(token_with("trade_income"))
        payer = 1 - owner
        if owner == self.seat:
            return _(
                "You received {coins} that {who} paid the bank for resources ({token})"
            ).format(coins=amount, who=self.name(payer), token=token)
        if payer == self.seat:
            return _("{who} received the {coins} you paid the bank for resources ({token})").format(
                coins=amount, who=self.name(owner), token=token
            )
        return _("{who} received the {coins} {payer} paid the bank for resources ({token})").format(
            coins=amount, who=self.name(owner), payer=self.name(payer), token=token
        )

    def _urbanism(self, e: JSON) -> str:
        return self.by(
            e["player"],
            _("You received {coins} for building by a chain ({token})"),
            _("{who} received {coins} for building by a chain ({token})"),
            coins=coins(e["coins"]),
            token=printed(token_with("chain_coins")),
        )

    # -- the conflict pawn --------------------------------------------------------------------

    def _military(self, e: JSON) -> str:
        player, n = e["player"], e["shields"]
        target = 1 - player
        if player == self.seat:
            move = ngettext(
                "You moved the conflict pawn {n} space toward {who}'s capital",
                "You moved the conflict pawn {n} spaces toward {who}'s capital",
                n,
            ).format(n=n, who=self.name(target))
        elif target == self.seat:
            move = ngettext(
                "{who} moved the conflict pawn {n} space toward your capital",
                "{who} moved the conflict pawn {n} spaces toward your capital",
                n,
            ).format(n=n, who=self.name(player))
        else:
            move = ngettext(
                "{who} moved the conflict pawn {n} space toward {target}'s capital",
                "{who} moved the conflict pawn {n} spaces toward {target}'s capital",
                n,
            ).format(n=n, who=self.name(player), target=self.name(target))
        position = e["position"]
        if position == (n if target == 1 else -n):  # from the centre: the move says it all
            return move
        where = pawn(position, self.seat, self.names)
        return _("{move}; {where}").format(move=move, where=where)

    def _military_token(self, e: JSON) -> str:
        if not e["coins"]:
            return self.by(
                e["player"],
                _("You had no coins to lose to the military token"),
                _("{who} had no coins to lose to the military token"),
            )
        return self.by(
            e["player"],
            _("You lost {coins} to a military token"),
            _("{who} lost {coins} to a military token"),
            coins=coins(e["coins"]),
        )

    # -- progress tokens and the wonders' second effects ---------------------------------------

    def _token(self, e: JSON) -> str:
        return self.by(
            e["player"],
            _("You took the progress token {token}"),
            _("{who} took the progress token {token}"),
            token=printed(e["token"]),
        )

    def _library(self, e: JSON) -> str:
        """The Great Library: the tokens drawn are named to their drawer only."""
        tokens = [printed(t) for t in e.get("tokens", [])]
        n, wonder = len(tokens), printed(GREAT_LIBRARY)
        if e["player"] == self.seat:
            return ngettext(
                "You drew {n} progress token from the box ({wonder}): {tokens}",
                "You drew {n} progress tokens from the box ({wonder}): {tokens}",
                n,
            ).format(n=n, wonder=wonder, tokens=listed(tokens))
        return ngettext(
            "{who} drew {n} progress token from the box ({wonder})",
            "{who} drew {n} progress tokens from the box ({wonder})",
            n,
        ).format(who=self.name(e["player"]), n=n, wonder=wonder)

    def _destroy(self, e: JSON) -> str:
        player, card = e["player"], printed(e["card"])
        victim = 1 - player
        if player == self.seat:
            return _("You discarded {who}'s {card}").format(who=self.name(victim), card=card)
        if victim == self.seat:
            return _("{who} discarded your {card}").format(who=self.name(player), card=card)
        return _("{who} discarded {victim}'s {card}").format(
            who=self.name(player), victim=self.name(victim), card=card
        )

    def _discard_build(self, e: JSON) -> str:
        return self.by(
            e["player"],
            _("You built {card} from the discard pile for free ({wonder})"),
            _("{who} built {card} from the discard pile for free ({wonder})"),
            card=printed(e["card"]),
            wonder=printed(MAUSOLEUM),
        )


# each event type the engine logs and its sentence; a "reveal" (a card of the structure
# turned face up) is left out: the structure on screen shows it
SAY: dict[str, Callable[[Log, JSON], str]] = {
    "wonders_offered": Log._wonders_offered,
    "pick_wonder": Log._pick_wonder,
    "age": Log._age,
    "first": Log._first,
    "game_over": Log._game_over,
    "build": Log._build,
    "sell": Log._sell,
    "wonder": Log._wonder,
    "replay": Log._replay,
    "wonder_returned": Log._wonder_returned,
    "coins": Log._coins,
    "economy": Log._economy,
    "urbanism": Log._urbanism,
    "military": Log._military,
    "military_token": Log._military_token,
    "token": Log._token,
    "library": Log._library,
    "destroy": Log._destroy,
    "discard_build": Log._discard_build,
}
QUIET = frozenset({"reveal"})


# -- decisions and actions ------------------------------------------------------------------


def decision(
    view: DuelView, legal: Sequence[JSON], names: Sequence[str] | None = None
) -> tuple[str, str]:
    """(title, prompt) of the decision the view's seat owes now, ("", "") if none. ``legal``:
    the seat's legal actions as JSON (``a.to_json()``); ``names`` as for ``Log``."""
    seat = view.get("seat")
    if seat is None or not legal or seat not in view.get("to_move", ()):
        return "", ""
    asked = Asked(view, names)
    if view["phase"] == "draft":
        return asked.draft()
    pending = view.get("pending")
    if pending is None:
        return asked.turn(legal)
    return ASK[pending["kind"]](asked, legal)


def action_label(view: DuelView, action: JSON, names: Sequence[str] | None = None) -> str:
    """One legal action (JSON) in words for the view's seat, as a whole sentence: what it
    does, and what it costs or brings now."""
    return LABEL[action["kind"]](Asked(view, names), action)


def about(name: str) -> str:
    """A card's, wonder's or progress token's description (``describe``), by name."""
    return describe.texts().get(name, "")


class Asked:
    """The words of one seat's decision: its view, and the seats named as in ``Log``."""

    def __init__(self, view: DuelView, names: Sequence[str] | None) -> None:
        self.view = view
        self.seat: int = own_seat(view)
        self.names = names

    @property
    def rival(self) -> str:
        return seat_name(1 - self.seat, self.seat, self.names)

    def last_wonder(self) -> str | None:
        """The wonder the seat built last (whose effect it now resolves)."""
        for e in reversed(self.view["events"]):
            if e["type"] == "wonder" and e.get("player") == self.seat:
                return str(e["wonder"])
        return None

    def to_rival(self, paid: int) -> str:
        """A sentence when the rival's Economy gets the ``paid`` coins for resources."""
        if not paid or not advice.token_effect(self.view, 1 - self.seat, "trade_income"):
            return ""
        text = _("{who} gets the {coins} you pay for resources ({token}).")
        return " " + upper_first(
            text.format(
                coins=coins(paid), who=self.rival, token=printed(token_with("trade_income"))
            )
        )

    # -- decisions ------------------------------------------------------------------------

    def draft(self) -> tuple[str, str]:
        """Four wonders at a time: one for the first picker, two for the other, the last
        back to the first picker."""
        left = len(self.view["offer"])
        if left >= 4:
            text = _(
                "Take one of the four wonders on offer. Then {who} takes two of the other "
                "three, and the last one comes back to you."
            )
        elif left == 3:
            text = _(
                "Take one of the three wonders on offer, then one of the two left. The last "
                "one goes to {who}."
            )
        else:
            text = _("Take one of the two wonders left. The other one goes to {who}.")
        return _("Choose a wonder"), text.format(who=self.rival)

    def turn(self, legal: Sequence[JSON]) -> tuple[str, str]:
        sale = coins(advice.sell_value(self.view, self.seat))
        if any(a["kind"] == "wonder" for a in legal):
            text = _(
                "Take a card of the structure that no other card covers: build it, sell it "
                "for {coins}, or build one of your wonders with it."
            )
        else:
            text = _(
                "Take a card of the structure that no other card covers: build it or sell it "
                "for {coins}."
            )
        prompt = text.format(coins=sale)
        events = self.view["events"]
        if events and events[-1]["type"] == "replay" and events[-1].get("player") == self.seat:
            prompt = _("You play again.") + " " + prompt
        return _("Choose a card to play"), prompt

    def token(self, legal: Sequence[JSON]) -> tuple[str, str]:
        pair = advice.science_pair(self.view)
        n = len(legal)
        if n == 1:
            choose = _("Take the last progress token on the board.")
        else:
            choose = ngettext(
                "Take one of the {n} progress token on the board.",
                "Take one of the {n} progress tokens on the board.",
                n,
            ).format(n=n)
        if pair is None:
            why = _("A pair of equal science symbols earns you a progress token.")
        else:
            symbol, shown = pair
            why = _(
                "Your {cards} make a pair of the {symbol} symbol: it earns you a progress token."
            ).format(cards=listed([printed(c) for c in shown]), symbol=describe.symbol_name(symbol))
        return _("Choose a progress token"), why + " " + choose

    def library(self, legal: Sequence[JSON]) -> tuple[str, str]:
        n = len(legal)
        prompt = ngettext(
            "{wonder} drew {n} progress token from the box for you. Keep it.",
            "{wonder} drew {n} progress tokens from the box for you. Keep one; the others "
            "leave the game.",
            n,
        ).format(n=n, wonder=printed(GREAT_LIBRARY))
        return _("Keep a progress token"), prompt

    def destroy(self, legal: Sequence[JSON]) -> tuple[str, str]:
        """A wonder discards a brown card (The Statue of Zeus) or a grey one (Circus
        Maximus) of the rival's: a sentence per colour (the languages decline the word)."""
        pending = self.view["pending"]
        grey = pending is not None and pending.get("color") == "grey"
        wonder = self.last_wonder()
        if grey:
            title = _("Discard one of {who}'s grey cards")
        else:
            title = _("Discard one of {who}'s brown cards")
        if wonder is None:
            why = (
                _("Your wonder discards one grey card of {who}'s.")
                if grey
                else _("Your wonder discards one brown card of {who}'s.")
            )
        else:
            why = (
                _("{wonder} discards one grey card of {who}'s.")
                if grey
                else _("{wonder} discards one brown card of {who}'s.")
            )
        prompt = why.format(wonder=wonder and printed(wonder), who=self.rival)
        title = title.format(who=self.rival)
        return title, prompt + " " + _("Choose which: it goes to the discard pile.")

    def discard_build(self, legal: Sequence[JSON]) -> tuple[str, str]:
        wonder = self.last_wonder()
        if wonder is None:
            prompt = _(
                "Your wonder lets you build one card of the discard pile for free, with all "
                "its effects. Choose it."
            )
        else:
            prompt = _(
                "{wonder} lets you build one card of the discard pile for free, with all its "
                "effects. Choose it."
            ).format(wonder=printed(wonder))
        return _("Build a card of the discard pile for free"), prompt

    def start(self, legal: Sequence[JSON]) -> tuple[str, str]:
        """The weaker in military chooses; with the pawn in the centre, who took the last
        card of the Age (the view's Age is already the next one, laid out)."""
        age, last = self.view["age"], age_name(self.view["age"] - 1)
        if advice.military(self.view).leader() is None:
            why = _(
                "Nobody leads in military and you took the last card of Age {last}, so you "
                "choose who starts Age {age}."
            )
        else:
            why = _("{who} leads in military, so you, the weaker, choose who starts Age {age}.")
        prompt = upper_first(why.format(who=self.rival, last=last, age=age_name(age)))
        prompt += " " + _("Look at its face-up cards in the structure before you choose.")
        return _("Who starts Age {age}?").format(age=age_name(age)), prompt

    # -- actions --------------------------------------------------------------------------

    def build(self, a: JSON) -> str:
        card = printed(a["card"])
        total, trade = advice.card_cost(self.view, self.seat, a["card"])
        if total == 0:
            giver = advice.chained_by(self.view, self.seat, a["card"])
            if giver is None:
                return _("Build {card} for free.").format(card=card)
            text = _("Build {card} for free by its chain from {giver}.").format(
                card=card, giver=printed(giver)
            )
            bonus = advice.token_effect(self.view, self.seat, "chain_coins")
            if bonus:
                text += " " + _("{token} gives you {coins} for it.").format(
                    token=printed(token_with("chain_coins")), coins=coins(bonus)
                )
            return text
        if not trade:
            return _("Build {card} for {coins}.").format(card=card, coins=coins(total))
        if trade == total:
            text = _("Build {card} for {coins}, paid to the bank for {resources}.")
        else:
            text = _(
                "Build {card} for {coins}: {printed} printed on it and {trade} to the bank for "
                "{resources}."
            )
        return text.format(
            card=card,
            coins=coins(total),
            printed=coins(total - trade),
            trade=coins(trade),
            resources=advice.missing(self.view, self.seat, a["card"]),
        ) + self.to_rival(trade)

    def sell(self, a: JSON) -> str:
        value = advice.sell_value(self.view, self.seat)
        return _("Sell {card} for {coins}.").format(card=printed(a["card"]), coins=coins(value))

    def wonder(self, a: JSON) -> str:
        wonder, card = a["wonder"], a["card"]
        cost = advice.wonder_cost(self.view, self.seat, wonder)
        if cost:
            text = _("Build {wonder} with {card} for {coins}: {reward}.")
        else:
            text = _("Build {wonder} with {card} for free: {reward}.")
        text = text.format(
            wonder=printed(wonder), card=printed(card), coins=coins(cost), reward=reward(wonder)
        )
        replays = wonder_facts()[wonder].wonder.effects.get("replay")
        if not replays and advice.token_effect(self.view, self.seat, "wonder_replay"):
            text += " " + _("{token} lets you play again.").format(
                token=printed(token_with("wonder_replay"))
            )
        return text + self.to_rival(cost)

    def pick_wonder(self, a: JSON) -> str:
        wonder = next(w for w in catalog().wonders if w.name == a["wonder"]).to_json()
        return _("Take {wonder} (cost: {cost}): {reward}.").format(
            wonder=printed(a["wonder"]),
            cost=describe.cost_text(wonder["cost"]),
            reward=describe.wonder_effect_text(wonder["effect"]),
        )

    def take_token(self, a: JSON) -> str:
        pending = self.view["pending"]
        if pending is not None and pending["kind"] == "library":
            text = _("Keep the progress token {token}: {effect}.")
        else:
            text = _("Take the progress token {token}: {effect}.")
        return text.format(token=printed(a["token"]), effect=about(a["token"]))

    def destroy_card(self, a: JSON) -> str:
        return _("Discard {who}'s {card} ({effect}).").format(
            who=self.rival, card=printed(a["card"]), effect=about(a["card"])
        )

    def build_discarded(self, a: JSON) -> str:
        return _("Build {card} from the discard pile for free ({effect}).").format(
            card=printed(a["card"]), effect=about(a["card"])
        )

    def start_seat(self, a: JSON) -> str:
        age = age_name(self.view["age"])
        if a["seat"] == self.seat:
            return _("You start Age {age}.").format(age=age)
        return upper_first(_("{who} starts Age {age}.").format(who=self.rival, age=age))


# each pending decision's words; ``decision`` words the draft and a turn itself
ASK: dict[str, Callable[[Asked, Sequence[JSON]], tuple[str, str]]] = {
    "token": Asked.token,
    "library": Asked.library,
    "destroy": Asked.destroy,
    "discard_build": Asked.discard_build,
    "start": Asked.start,
}
# each action kind's sentence
LABEL: dict[str, Callable[[Asked, JSON], str]] = {
    "pick_wonder": Asked.pick_wonder,
    "build": Asked.build,
    "sell": Asked.sell,
    "wonder": Asked.wonder,
    "token": Asked.take_token,
    "destroy": Asked.destroy_card,
    "discard_build": Asked.build_discarded,
    "start": Asked.start_seat,
}


def tiebreak_name() -> str:
    """The heading of a final table's tie-break column: the civilian (blue) points."""
    return _("civilian VP")


def victory_line(result: ResultView, reader: int | None, names: Sequence[str] | None = None) -> str:
    """Who won and how, for the end screen: ``result`` is ``Result.to_json()``. A supremacy
    win says that it counts whatever the points (the winner may have fewer)."""
    players = {p["seat"]: p for p in result["players"]}
    winners = list(result["winners"])
    if len(winners) != 1:
        first = players[0]
        return _("A shared victory: {vp} VP each and {blue} civilian VP each.").format(
            vp=first["total"], blue=first["breakdown"].get("civilian", first["tiebreak"])
        )
    won = players[winners[0]]
    lost = players[1 - winners[0]]
    text = _winner_sentence(result["victory"], won, lost, Log(seat_view(reader), names))
    text = text[0].upper() + text[1:]
    if result["victory"] in ("military", "science") and won["total"] <= lost["total"]:
        text += " " + _("Supremacy wins at once, whatever the points ({won} VP to {lost}).").format(
            won=won["total"], lost=lost["total"]
        )
    return text


def _winner_sentence(victory: str, won: PlayerResultView, lost: PlayerResultView, log: Log) -> str:
    w, loser = won["seat"], lost["seat"]
    if victory == "military":
        if loser == log.seat:
            return _(
                "{who} won by military supremacy: the conflict pawn reached your capital."
            ).format(who=log.name(w))
        return log.by(
            w,
            _("You won by military supremacy: the conflict pawn reached {loser}'s capital."),
            _("{who} won by military supremacy: the conflict pawn reached {loser}'s capital."),
            loser=log.name(loser),
        )
    if victory == "science":
        return log.by(
            w,
            _("You won by scientific supremacy: 6 different science symbols."),
            _("{who} won by scientific supremacy: 6 different science symbols."),
        )
    if won["total"] != lost["total"]:
        return log.by(
            w,
            _("You won on points: {won} VP to {lost}."),
            _("{who} won on points: {won} VP to {lost}."),
            won=won["total"],
            lost=lost["total"],
        )
    return log.by(
        w,
        _("You won on points: {vp} VP each, and more civilian VP ({won} to {lost})."),
        _("{who} won on points: {vp} VP each, and more civilian VP ({won} to {lost})."),
        vp=won["total"],
        won=won["tiebreak"],
        lost=lost["tiebreak"],
    )


def booklet_verdict(scored: JSON) -> str:
    """The score booklet's last line (``booklet.score_sheet``'s result): who won, and how."""
    victory, winners = scored["victory"], scored["winners"]
    if len(winners) > 1:
        return _("A shared victory: equal points and equal blue points.")
    texts = {
        "military": _("{name} wins by military supremacy (the conflict pawn in the capital)."),
        "science": _("{name} wins by scientific supremacy (6 different science symbols)."),
        "civilian": _("{name} wins the civilian count."),
    }
    return texts[victory].format(name=winners[0])
