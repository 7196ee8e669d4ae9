"""7 Wonders in words for every front end: the log (``Log``) of the base game, the Free City
(2 players), Leaders, Cities and the team game; each decision a seat owes (``decision``: its
title and why and how) and each legal action (``action_label``: what it does, what it costs
or brings now, from ``advice``); the end (``victory_line``).

Seats are named as ``core.present.Narrator`` says: the reader is "you" in sentences of their
own; another seat is its name at the table when the front end gives names (the web: "Ann
(your left)"), else its wonder and where it sits ("Rhodes (your left)", "Giza (seat 3)", the
terminal). A payment names who received it; a seat's coins say where they came from (a
sale, trade with whom, cards and wonders); a second card in one turn says why (Babylon B's
last card of the Age, a build from the discard pile); a free build names the power behind it
(Olympia's or Caligula's). Only the events of the reader's view are read: what was sold or
buried face down by another seat is not in them.

Every word is in the reader's language (``wonders.core.i18n``): every card, wonder and leader
name through ``describe.printed``, the rest in whole sentences; the views, the actions and
the results keep the English identifiers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wonders.classic import advice, describe
from wonders.classic.actions import Action
from wonders.classic.cards import Card
from wonders.classic.describe import printed
from wonders.classic.leaders import LEADER_SELL_COINS, LEADERS_DEALT
from wonders.classic.turn import SELL_COINS
from wonders.classic.views import ClassicView
from wonders.core.i18n import N_, _, ngettext
from wonders.core.present import Heading, Narrator, age_name, coins, listed, upper_first
from wonders.core.protocol import JSON, ResultView, TeamResult

# events that start a new round of card choices: what a narrator notes per turn starts over
NEW_TURN = frozenset({"age", "turn", "recruitment", "recruit_turn", "leader_draft"})
LOSES_COINS = ("lose_coins", "lose_coins_per")  # Cities' effects that make the others pay
# the bookkeeping events a reader need not read (every other event type has an ``_on_`` line)
QUIET = frozenset({"recruit_turn"})


class Log(Narrator):
    """A reader's 7 Wonders log in whole sentences (see ``core.present.Narrator``)."""

    def __init__(self, view: ClassicView, names: Sequence[str] | None = None) -> None:
        super().__init__(view, names)
        entries = advice.city_entries(view)
        self.catalog = advice.catalog(view)
        self.wonders: list[str] = [printed(e["wonder"]) for e in entries]
        self.stages: list[list[JSON]] = [
            self.catalog.wonder_named(e["wonder"]).to_json()["sides"][e["side"]] for e in entries
        ]
        self.powers = [{fx["type"] for s in stages for fx in s["effect"]} for stages in self.stages]
        self.leaders_on = "leaders" in view.get("expansions", [])
        players = len(view["players"])
        self.free_city = players if len(entries) > players else None
        self.count = len(entries)
        self.teammate: int | None = view.get("teammate")
        # the leaders recruited or copied so far, from the events (the web's view is the
        # current one, given with the whole log: its leaders may come later in the log)
        self.leaders: list[set[str]] = [set() for _entry in entries]
        self.caligula_used: set[int] = set()  # this Age
        self.solomon: set[int] = set()  # owes a build from the discard pile to Solomon
        self.recruiting = False
        self.after_conflicts = False
        self.settling: list[str] = []  # the causes of the last coin losses, in words
        self._new_turn()

    def _new_turn(self) -> None:
        """A new round of choices (a turn, a recruitment): who acted, sold, was paid."""
        self.acted: set[int] = set()
        self.sales: dict[int, int] = {}
        self.trade_in: dict[int, dict[int, int]] = {}  # receiver: {payer: coins}
        self.loss_causes: list[tuple[int, str]] = []  # (seat, card or stage)

    # ------------------------------------------------------------------ seats

    def left(self, p: int) -> int:
        return (p + 1) % self.count

    def right(self, p: int) -> int:
        return (p - 1) % self.count

    def name(self, seat: int) -> str:
        """A seat for the reader: "you", "Rhodes (your left)", "Ann (your teammate)",
        "Giza (seat 3)" (no names), "the Free City (your right)" (names)."""
        if seat == self.seat:
            return _("you")
        where = self._where(seat)
        if self.names is None:
            return _("{name} ({where})").format(name=self.wonders[seat], where=where)
        name = self.names[seat] if 0 <= seat < len(self.names) else _("the Free City")
        return _("{name} ({where})").format(name=name, where=where) if where else name

    def _where(self, p: int, by: int | None = None) -> str:
        """Where ``p`` sits for the reader, and who played the Free City's card (``by``);
        "" with names and nothing to say."""
        me = self.seat
        side = ""
        if me is not None and p == self.left(me):
            side = _("your left")
        elif me is not None and p == self.right(me):
            side = _("your right")
        if p == self.free_city and self.names is None:
            where = _("the Free City, {side}").format(side=side) if side else _("the Free City")
        elif p == self.teammate:
            where = _("your teammate")
        elif side or self.names is not None:
            where = side
        else:
            where = _("seat {n}").format(n=p)
        if by is None:
            return where
        if by == me:
            return _("{where}, played by you").format(where=where) if where else _("played by you")
        player = self.wonders[by] if self.names is None else self.names[by]  # no nesting
        if where:
            return _("{where}, played by {by}").format(where=where, by=player)
        return _("played by {by}").format(by=player)

    def _who(self, event: JSON) -> str:
        """The acting seat of ``event`` in a third-person sentence (the Free City with the
        player who played its card)."""
        p, by = event["seat"], event.get("by")
        if by is None:
            return self.name(p)
        name = self.wonders[p] if self.names is None else _("the Free City")
        return _("{name} ({where})").format(name=name, where=self._where(p, by))

    def _say(self, event: JSON, you: str, other: str, **fields: Any) -> str:
        """``you`` when the event's seat is the reader, else ``other`` with ``{who}``."""
        if event.get("seat") == self.seat:
            return you.format(**fields)
        return other.format(who=self._who(event), **fields)

    # ------------------------------------------------------------------ the log

    def line(self, event: JSON) -> str | None:
        kind = str(event.get("type"))
        if kind in NEW_TURN:
            self._new_turn()
            self.after_conflicts = False
            self.recruiting = kind in ("recruitment", "recruit_turn")
        if kind in QUIET:
            return None
        say: Callable[[JSON], str | None] | None = getattr(self, "_on_" + kind, None)
        return say(event) if say is not None else None

    def _on_age(self, event: JSON) -> str:
        self.caligula_used.clear()
        age = age_name(event["age"])
        if self.free_city is not None:
            return Heading(_("Age {age} begins").format(age=age))
        if event["age"] == 2:
            return Heading(_("Age {age}: hands pass to the right").format(age=age))
        return Heading(_("Age {age}: hands pass to the left").format(age=age))

    def _on_turn(self, event: JSON) -> str:
        age, turn = age_name(event["age"]), event["turn"]
        if turn <= 1:
            text = _("Age {age}, turn {turn}")
        elif self.free_city is not None:
            text = _("Age {age}, turn {turn} (hands swapped)")
        elif event["age"] == 2:
            text = _("Age {age}, turn {turn} (hands passed to the right)")
        else:
            text = _("Age {age}, turn {turn} (hands passed to the left)")
        return Heading(text.format(age=age, turn=turn))

    def _on_free_city(self, event: JSON) -> str:
        turn = event.get("turn", "")
        if event["controller"] == self.seat:
            return _("You play the Free City's card in turn {turn}").format(turn=turn)
        return _("{who} plays the Free City's card in turn {turn}").format(
            who=self.name(event["controller"]), turn=turn
        )

    def _on_leader_draft(self, event: JSON) -> str:
        return Heading(_("Leader draft, round {n}").format(n=event["round"]))

    def _on_recruitment(self, event: JSON) -> str:
        return Heading(_("Age {age}: recruitment").format(age=age_name(event["age"])))

    def _on_game_over(self, event: JSON) -> str:
        return _("The game is over")

    # ------------------------------------------------------------------ cards and stages

    def _on_build(self, event: JSON) -> str:
        p, card = event["seat"], event["card"]
        again = self._again(event)
        self._note_loss_cause(p, printed(card), self._card_effects(card))
        if event.get("from_discard"):
            power = "Solomon" if p in self.solomon else "Halicarnassus"
            self.solomon.discard(p)
            text = self._say(
                event,
                _("You built {card} from the discard pile ({power})"),
                _("{who} built {card} from the discard pile ({power})"),
                card=printed(card),
                power=printed(power),
            )
        elif event.get("free"):
            text = self._free_build(event, card)
        else:
            paying = self._payment(event)
            if paying:
                text = self._say(
                    event,
                    _("You built {card}, paying {payment}"),
                    _("{who} built {card}, paying {payment}"),
                    card=printed(card),
                    payment=paying,
                )
            else:
                text = self._say(
                    event, _("You built {card}"), _("{who} built {card}"), card=printed(card)
                )
        return again(text)

    def _free_build(self, event: JSON, card: str) -> str:
        """A free build: Olympia A's power, or Caligula's for a black card (used first, as
        the engine does, when the city has both and Caligula's is ready this Age)."""
        p = event["seat"]
        found = self._card(card)
        caligula = any(
            fx["type"] == "free_black_per_age"
            for leader in self.leaders[p]
            for fx in self._card_effects(leader)
        )
        black = found is not None and found.color == "black"
        olympia = "free_build_per_age" in self.powers[p]
        if caligula and black and (p not in self.caligula_used or not olympia):
            self.caligula_used.add(p)
            return self._say(
                event,
                _("You built {card} free with Caligula's power"),
                _("{who} built {card} free with Caligula's power"),
                card=printed(card),
            )
        if olympia:
            return self._say(
                event,
                _("You built {card} free with Olympia's power"),
                _("{who} built {card} free with Olympia's power"),
                card=printed(card),
            )
        return self._say(
            event, _("You built {card} free"), _("{who} built {card} free"), card=printed(card)
        )

    def _on_wonder(self, event: JSON) -> str:
        p, n = event["seat"], event["stage"]
        again = self._again(event)
        stage = self.stages[p][n - 1] if 1 <= n <= len(self.stages[p]) else None
        text = _("wonder stage {n}").format(n=n)
        extra_bank = 0
        if stage is not None:
            reward = describe.stage_reward_text(stage)
            text = _("wonder stage {n} ({reward})").format(n=n, reward=reward)
            extra_bank = stage["cost"].get("coins", 0)  # Petra: not in the event's payment
            self._note_loss_cause(p, _("wonder stage {n}").format(n=n), stage["effect"])
        paying = self._payment(event, extra_bank)
        card = event.get("card")
        fields = {"stage": text, "card": card and printed(card), "payment": paying}
        if card is None and self.recruiting:  # a leader buried face down
            if paying:
                said = self._say(
                    event,
                    _("You built {stage} with a leader, paying {payment}"),
                    _("{who} built {stage} with a leader, paying {payment}"),
                    **fields,
                )
            else:
                said = self._say(
                    event,
                    _("You built {stage} with a leader"),
                    _("{who} built {stage} with a leader"),
                    **fields,
                )
        elif card is not None and paying:
            said = self._say(
                event,
                _("You built {stage} with {card}, paying {payment}"),
                _("{who} built {stage} with {card}, paying {payment}"),
                **fields,
            )
        elif card is not None:
            said = self._say(
                event,
                _("You built {stage} with {card}"),
                _("{who} built {stage} with {card}"),
                **fields,
            )
        elif paying:
            said = self._say(
                event,
                _("You built {stage}, paying {payment}"),
                _("{who} built {stage}, paying {payment}"),
                **fields,
            )
        else:
            said = self._say(event, _("You built {stage}"), _("{who} built {stage}"), **fields)
        return again(said)

    def _on_sell(self, event: JSON) -> str:
        p = event["seat"]
        again = self._again(event)
        self.sales[p] = self.sales.get(p, 0) + 1
        card = event.get("card")
        if card is not None:
            text = self._say(
                event, _("You sold {card}"), _("{who} sold {card}"), card=printed(card)
            )
        elif self.recruiting:
            text = self._say(event, _("You sold a leader"), _("{who} sold a leader"))
        else:
            text = self._say(event, _("You sold a card"), _("{who} sold a card"))
        return again(text)

    def _on_discard(self, event: JSON) -> str | None:
        """The last card of an Age's hand, discarded: said only when the reader knows it."""
        card = event.get("card")
        if card is None:
            return None
        return self._say(
            event,
            _("You discarded {card}, the last card of your hand"),
            _("{who} discarded {card}"),
            card=printed(card),
        )

    def _on_solomon(self, event: JSON) -> str:
        self.solomon.add(event["seat"])
        return self._say(
            event,
            _("Solomon: you build a card of the discard pile for free"),
            _("{who} builds a card of the discard pile for free (Solomon)"),
        )

    def _again(self, event: JSON) -> Callable[[str], str]:
        """What to add to a card played this turn: why it is a second one (Babylon B's last
        card of the Age), for a city whose board has that power."""
        p = event["seat"]
        second = p in self.acted and not event.get("from_discard")
        if not event.get("from_discard"):
            self.acted.add(p)
        if second and "play_last_card" in self.powers[p]:
            return lambda text: _("{line} (Babylon B: the last card of the Age)").format(line=text)
        return lambda text: text

    def _payment(self, event: JSON, extra_bank: int = 0) -> str:
        """ "2 coins to Rhodes (your left) and 1 coin to the bank" (remembering the
        receivers' trade income for their coins line); "" when nothing was paid."""
        payer, paid = event["seat"], event.get("paid") or {}
        parts = []
        for side, to in (("left", self.left(payer)), ("right", self.right(payer))):
            amount = paid.get(side, 0)
            if not amount:
                continue
            received = self.trade_in.setdefault(to, {})
            received[payer] = received.get(payer, 0) + amount
            if to == self.seat:
                parts.append(_("{coins} to you").format(coins=coins(amount)))
            else:
                parts.append(_("{coins} to {who}").format(coins=coins(amount), who=self.name(to)))
        bank = paid.get("bank", 0) + extra_bank
        if bank:
            parts.append(_("{coins} to the bank").format(coins=coins(bank)))
        return listed(parts)

    # ------------------------------------------------------------------ coins

    def _on_coins(self, event: JSON) -> str:
        p, amount = event["seat"], event["amount"]
        sales = self.sales.pop(p, 0)
        trade = self.trade_in.pop(p, {})
        parts = []
        if sales:
            parts.append(
                ngettext("{coins} for the sale", "{coins} for {n} sales", sales).format(
                    coins=coins(SELL_COINS * sales), n=sales
                )
            )
        for payer, paid in trade.items():
            if payer == self.seat:
                parts.append(_("{coins} from trade with you").format(coins=coins(paid)))
            else:
                parts.append(
                    _("{coins} from trade with {who}").format(
                        coins=coins(paid), who=self.name(payer)
                    )
                )
        rest = amount - SELL_COINS * sales - sum(trade.values())
        if rest > 0:
            parts.append(self._other_income(rest))
        if rest < 0 or not parts:  # a split the events do not explain: just the total
            return self._say(
                event, _("You received {coins}"), _("{who} received {coins}"), coins=coins(amount)
            )
        if len(parts) == 1:
            return self._say(
                event, _("You received {part}"), _("{who} received {part}"), part=parts[0]
            )
        return self._say(
            event,
            _("You received {coins}: {parts}"),
            _("{who} received {coins}: {parts}"),
            coins=coins(amount),
            parts=", ".join(parts),
        )

    def _other_income(self, n: int) -> str:
        """Coins neither from a sale nor from trade: cards, wonder stages, leaders."""
        if self.after_conflicts and self.leaders_on:
            return _("{coins} from leaders after the conflicts").format(coins=coins(n))
        if self.leaders_on:
            return _("{coins} from cards, wonders and leaders").format(coins=coins(n))
        return _("{coins} from cards and wonders").format(coins=coins(n))

    # ------------------------------------------------------------------ conflicts

    def _on_conflict(self, event: JSON) -> str:
        self.after_conflicts = True
        age, winner, loser = age_name(event["age"]), event["winner"], event["loser"]
        if winner == self.seat:
            text = _("Age {age} conflict: you beat {loser}").format(age=age, loser=self.name(loser))
        elif loser == self.seat:
            text = _("Age {age} conflict: {winner} beat you").format(
                age=age, winner=self.name(winner)
            )
        else:
            text = _("Age {age} conflict: {winner} beat {loser}").format(
                age=age, winner=self.name(winner), loser=self.name(loser)
            )
        shields = event.get("shields")
        if shields:
            text = ngettext(
                "{line}, {a} shield to {b}", "{line}, {a} shields to {b}", shields[0]
            ).format(line=text, a=shields[0], b=shields[1])
        tokens = event.get("tokens", 1)
        if tokens != 1:
            text = ngettext("{line} ({n} token each)", "{line} ({n} tokens each)", tokens).format(
                line=text, n=tokens
            )
        return text

    def _on_diplomacy(self, event: JSON) -> str:
        self.after_conflicts = True
        return self._say(
            event,
            _("You use a diplomacy token and sit out the conflicts of Age {age}"),
            _("{who} uses a diplomacy token and sits out the conflicts of Age {age}"),
            age=age_name(event["age"]),
        )

    # ------------------------------------------------------------------ Cities' losses

    def _note_loss_cause(self, p: int, what: str, effects: Sequence[JSON]) -> None:
        if any(fx.get("type") in LOSES_COINS for fx in effects):
            self.loss_causes.append((p, what))

    def _on_losses(self, event: JSON) -> str:
        owed = []
        for c, n in event["owed"].items():
            if int(c) == self.seat:
                owed.append(_("you owe {coins}").format(coins=coins(n)))
            else:
                owed.append(_("{who} owes {coins}").format(who=self.name(int(c)), coins=coins(n)))
        causes = self.settling = [
            _("your {what}").format(what=what)
            if p == self.seat
            else _("{what} of {who}").format(what=what, who=self.name(p))
            for p, what in self.loss_causes
        ]
        self.loss_causes = []
        if causes:
            return _("Coin losses to settle, caused by {causes}: {owed}").format(
                causes=listed(causes), owed=", ".join(owed)
            )
        return _("Coin losses to settle: {owed}").format(owed=", ".join(owed))

    def _on_debt(self, event: JSON) -> str:
        lost, paid, debt = event["lost"], event["paid"], event["debt"]
        if not debt:
            return self._say(
                event, _("You lost {coins}"), _("{who} lost {coins}"), coins=coins(lost)
            )
        if not paid:
            return self._say(
                event,
                ngettext(
                    "You took {n} debt token (-{n} VP) instead of losing {coins}",
                    "You took {n} debt tokens (-{n} VP) instead of losing {coins}",
                    debt,
                ),
                ngettext(
                    "{who} took {n} debt token (-{n} VP) instead of losing {coins}",
                    "{who} took {n} debt tokens (-{n} VP) instead of losing {coins}",
                    debt,
                ),
                n=debt,
                coins=coins(lost),
            )
        return self._say(
            event,
            ngettext(
                "You paid {paid} of a loss of {lost} and took {n} debt token (-{n} VP)",
                "You paid {paid} of a loss of {lost} and took {n} debt tokens (-{n} VP)",
                debt,
            ),
            ngettext(
                "{who} paid {paid} of a loss of {lost} and took {n} debt token (-{n} VP)",
                "{who} paid {paid} of a loss of {lost} and took {n} debt tokens (-{n} VP)",
                debt,
            ),
            paid=coins(paid),
            lost=coins(lost),
            n=debt,
        )

    # ------------------------------------------------------------------ Leaders

    def _on_recruit(self, event: JSON) -> str:
        card = event["card"]
        self.leaders[event["seat"]].add(card)
        cost = (event.get("paid") or {}).get("bank", 0)
        if not cost:
            return self._say(
                event,
                _("You recruited {card} free"),
                _("{who} recruited {card} free"),
                card=printed(card),
            )
        return self._say(
            event,
            _("You recruited {card} for {coins}"),
            _("{who} recruited {card} for {coins}"),
            card=printed(card),
            coins=coins(cost),
        )

    def _on_copy(self, event: JSON) -> str:
        self.leaders[event["seat"]].add(event["card"])
        return self._say(
            event,
            _("Your Courtesans Guild copies {card}"),
            _("The Courtesans Guild of {who} copies {card}"),
            card=printed(event["card"]),
        )

    def _on_draw_leaders(self, event: JSON) -> str:
        n = event["count"]
        return self._say(
            event,
            ngettext(
                "You drew {n} leader from the box (Roma)",
                "You drew {n} leaders from the box (Roma)",
                n,
            ),
            ngettext(
                "{who} drew {n} leader from the box (Roma)",
                "{who} drew {n} leaders from the box (Roma)",
                n,
            ),
            n=n,
        )

    def _on_return(self, event: JSON) -> str:
        card = event.get("card")
        if card is None:
            return self._say(
                event,
                _("You sent a leader back to the box"),
                _("{who} sent a leader back to the box"),
            )
        return self._say(
            event,
            _("You sent {card} back to the box"),
            _("{who} sent {card} back to the box"),
            card=printed(card),
        )

    # ------------------------------------------------------------------ the catalogue

    def _card(self, name: str) -> Card | None:
        found = self.catalog.by_name.get(name.strip().lower())
        return found[0] if found else None

    def _card_effects(self, name: str) -> list[JSON]:
        card = self._card(name)
        return list(card.to_json()["effect"]) if card is not None else []


# ---------------------------------------------------------------- the end


# the score booklet's categories (``scoring.CATEGORIES`` and the expansions'), by identifier
CATEGORY_WORDS = {
    "military": N_("military"),
    "treasury": N_("treasury"),
    "wonder": N_("wonder"),
    "civilian": N_("civilian"),
    "science": N_("science"),
    "commerce": N_("commerce"),
    "guilds": N_("guilds"),
    "leaders": N_("leaders"),
    "cities": N_("cities"),
    "debt": N_("debt"),
}


EXPANSION_WORDS = {"leaders": N_("Leaders"), "cities": N_("Cities")}


def expansion_name(expansion: str) -> str:
    """An expansion's name (``leaders``, ``cities``) in the reader's language."""
    word = EXPANSION_WORDS.get(expansion.lower())
    return _(word) if word else expansion


def tiebreak_name() -> str:
    """The heading of a final table's tie-break column: the coins in the treasury."""
    return _("coins")


def category_name(category: str) -> str:
    """A score category's heading (``Result`` and the booklet keep the identifiers)."""
    word = CATEGORY_WORDS.get(category)
    return _(word) if word else category


# 7 Wonders' score categories, abbreviated so that Cities' ten columns fit 80 columns
SHORT = {
    "military": N_("mil"),
    "treasury": N_("trea"),
    "wonder": N_("wond"),
    "civilian": N_("civ"),
    "science": N_("sci"),
    "commerce": N_("com"),
    "guilds": N_("guild"),
    "leaders": N_("lead"),
    "cities": N_("city"),
}


def column_heading(category: str) -> str:
    """A score column's heading: a short word where there is one, so that Cities' ten
    columns fit 80 columns."""
    short = SHORT.get(category)
    return _(short) if short else category_name(category)


def victory_line(result: ResultView, reader: int | None, names: Sequence[str]) -> str:
    """Who won and how, in a sentence for ``reader`` (see ``_victory``)."""
    return upper_first(_victory(result, reader, names))


def _victory(result: ResultView, reader: int | None, names: Sequence[str]) -> str:
    """Who won and how, from ``Result.to_json()``: the most points; on a tie the most coins;
    still tied (or a team), the victory is shared. ``names``: each seat's name."""
    players = {p["seat"]: p for p in result["players"]}
    winners = [w for w in result["winners"] if w in players]
    if not winners:
        return ""

    def called(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else _("player {n}").format(n=seat + 1)

    top = [t for t in result.get("teams", []) if t["rank"] == 1]
    if top:  # a team game (``teams`` told with the result): the teams' totals decide
        return _team_victory(top, reader, called)
    best = players[winners[0]]
    vp = best["total"]
    if len(winners) > 1:
        others = [called(w) for w in winners if w != reader]
        if reader in winners:
            return _("You share the victory with {others} ({vp} VP).").format(
                others=listed(others), vp=vp
            )
        return _("{who} share the victory ({vp} VP).").format(who=listed(others), vp=vp)
    tied = [p for s, p in players.items() if p["total"] == vp and s != best["seat"]]
    if not tied:
        if best["seat"] == reader:
            return _("You win with {vp} VP.").format(vp=vp)
        return _("{who} wins with {vp} VP.").format(who=called(best["seat"]), vp=vp)
    fields = {
        "vp": vp,
        "who": called(best["seat"]),
        "others": listed([called(p["seat"]) for p in tied if p["seat"] != reader]),
        "coins": coins(best["tiebreak"]),
        "fewer": listed([coins(p["tiebreak"]) for p in tied]),
    }
    if best["seat"] == reader:
        said = _("You win on the tie-break: {vp} VP like {others}, but {coins} against {fewer}.")
    elif not any(p["seat"] == reader for p in tied):
        said = _("{who} wins on the tie-break: {vp} VP like {others}, but {coins} against {fewer}.")
    elif len(tied) == 1:
        said = _("{who} wins on the tie-break: {vp} VP like you, but {coins} against {fewer}.")
    else:
        said = _(
            "{who} wins on the tie-break: {vp} VP like you and {others}, but {coins} against "
            "{fewer}."
        )
    return said.format(**fields)


# ---------------------------------------------------------------- decisions and actions

Said = tuple[str, list[str]]  # a decision's title and the sentences of its prompt


def _team_victory(top: list[TeamResult], reader: int | None, called: Callable[[int], str]) -> str:
    """The winning team (or teams, sharing), by their players and total."""
    if len(top) > 1:
        teams = "; ".join(listed([called(s) for s in t["seats"]]) for t in top)
        return _("The teams {teams} share the victory with {vp} VP each.").format(
            teams=teams, vp=top[0]["total"]
        )
    team = top[0]
    if reader in team["seats"]:
        mates = listed([called(s) for s in team["seats"] if s != reader])
        return _("Your team (with {mates}) wins with {vp} VP.").format(
            mates=mates, vp=team["total"]
        )
    members = listed([called(s) for s in team["seats"]])
    return _("The team of {members} wins with {vp} VP.").format(members=members, vp=team["total"])


def decision(
    view: ClassicView, legal: Sequence[JSON], names: Sequence[str] | None = None
) -> tuple[str, str]:
    """(title, prompt) of the decision the view's seat owes now, ("", "") if none. ``legal``:
    the seat's legal actions as JSON (``a.to_json()``); ``names`` as for ``Log``."""
    if view.get("seat") is None or not legal:
        return "", ""
    log = Log(view, names)
    asked = DECISIONS.get(view["phase"], _other_decision)
    title, sentences = asked(view, legal, log)
    return title, " ".join(s for s in sentences if s)


def _card_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    """A turn's card, the seat's own or (2 players) the Free City's."""
    p = advice.acting(view)
    if p != view["seat"]:
        return _("Choose the Free City's card"), [
            _(
                "You play for {city} now, with the rest of your hand: it builds a card free by "
                "chain when it can, sells only when it can build nothing, and pays from its own "
                "treasury."
            ).format(city=log.name(p))
        ]
    said = [_play_or_sell(), _what_next(view, p)]
    if view.get("free_city", {}).get("controller") == p:
        said.append(
            _("You hold the Free City card: after your own card, you choose the Free City's.")
        )
    return _("Choose a card to play"), said + _free_powers(view, legal, p)


def _play_or_sell() -> str:
    return _(
        "Build a card of your hand, build your next wonder stage with it, or sell it for {coins}."
    ).format(coins=coins(SELL_COINS))


def _what_next(view: ClassicView, p: int) -> str:
    """What becomes of the rest of the hand: passed on, or (the Age's last turn) discarded
    or played by Babylon B's power."""
    hand = len(view.get("hand", []))
    if view.get("free_city", {}).get("controller") == p:
        hand -= 1  # the Free City's card is in it too
    if hand <= 2:
        if "play_last_card" in advice.cities(view)[p].powers:
            return _("Babylon B's power then lets you play the card left too.")
        return _("The card left is then discarded.")
    if "free_city" in view:
        return _("Then you and the other player swap hands.")
    if view.get("pass_to") == "right":
        return _("Then the hands pass to the right.")
    return _("Then the hands pass to the left.")


def _free_powers(view: ClassicView, legal: Sequence[JSON], p: int) -> list[str]:
    """The free builds offered now, by the power behind them."""
    powers = {
        advice.free_build_power(view, p, a["card"]) for a in legal if a["kind"] == "free_build"
    }
    said = []
    if "olympia" in powers:
        said.append(_("Olympia's power is ready: once an Age, you may build a card free."))
    if "caligula" in powers:
        said.append(_("Caligula's power is ready: once an Age, you may build a black card free."))
    return said


def _last_card_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    """Babylon B's last card of the Age (the Free City's too, when it is Babylon B)."""
    p = advice.acting(view)
    if p != view["seat"]:
        return _("Play the Free City's last card of the Age"), [
            _(
                "Babylon B's power: {city} plays the last card of its hand too, instead of "
                "discarding it, and you choose how."
            ).format(city=log.name(p))
        ]
    said = [
        _("Babylon B's power: you play the last card of your hand too, instead of discarding it."),
        _play_or_sell(),
    ]
    return _("Play the last card of the Age"), said + _free_powers(view, legal, p)


def _discard_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    """Halicarnassus' stage or Solomon: a card of the discard pile, built free."""
    p = advice.acting(view)
    if advice.solomon_turn(view):
        said = _("Solomon's power: you build one card of the discard pile now, for free.")
    elif p == view["seat"]:
        said = _(
            "Halicarnassus' wonder stage: you build one card of the discard pile now, for free."
        )
    else:
        said = _(
            "Halicarnassus' wonder stage: {city} builds one card of the discard pile now, for "
            "free, and you choose it."
        ).format(city=log.name(p))
    rest = _("You may also build nothing.") if _offers(legal, "skip") else ""
    return _("Build a card of the discard pile for free"), [said, rest]


def _leader_draft_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    said = _(
        "Round {n} of {rounds} of the leader draft: keep one leader of the packet in front of you."
    ).format(n=view.get("draft_round", 1), rounds=LEADERS_DEALT - 1)
    if len(view["players"]) == 2:
        rest = _("The others pass to the other player.")
    else:
        rest = _("The others pass to your right.")
    return _("Keep a leader"), [said, rest]


def _recruit_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    said = _(
        "Age {age} recruitment: recruit a leader of your hand for its cost in coins, build your "
        "next wonder stage with it, or sell it for {coins}."
    ).format(age=age_name(view["age"]), coins=coins(LEADER_SELL_COINS))
    return _("Choose a leader to recruit, bury or sell"), [
        said,
        _("A leader sold goes back to the box."),
    ]


def _recruit_now_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    said = _("Roma B's wonder stage: you recruit one leader of your hand now, paying its cost.")
    rest = _("You may also recruit none.") if _offers(legal, "skip") else ""
    return _("Recruit a leader now"), [said, rest]


def _courtesan_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    p = advice.acting(view)
    if p != view["seat"]:
        said = _(
            "The Courtesans Guild of {city} copies the power of one leader recruited by a "
            "neighbour of it: you choose which."
        ).format(city=log.name(p))
    else:
        said = _(
            "Your Courtesans Guild copies the power of one leader recruited by a neighbour: "
            "choose which."
        )
    return _("Copy a neighbour's leader"), [said]


def _return_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    said = _("Age III: one of the leaders left in your hand goes back to the box: choose which.")
    return _("Send a leader back to the box"), [said]


def _debt_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    """Cities' coin losses: what the city owes, why (the cards and stages of this turn, as
    the log tells them), and what a coin not paid costs."""
    p = advice.acting(view)
    entry = advice.city_entries(view)[p]
    log.lines(view["events"])  # the causes of the losses being settled: ``Log.settling``
    fields = {
        "owes": coins(entry.get("owes", 0)),
        "coins": coins(entry["coins"]),
        "causes": listed(log.settling),
        "city": log.name(p),
    }
    if p == view["seat"]:
        if log.settling:
            said = _("Because of {causes}, you must lose {owes}, and you have {coins}.")
        else:
            said = _("You must lose {owes} this turn, and you have {coins}.")
        rule = _(
            "Pay what you choose: each coin you do not pay becomes a debt token, -1 VP at the end."
        )
        return _("Pay your losses or take debt"), [said.format(**fields), rule]
    if log.settling:
        said = _("Because of {causes}, {city} must lose {owes}, and it has {coins}.")
    else:
        said = _("This turn {city} must lose {owes}, and it has {coins}.")
    rule = _(
        "You choose what it pays: each coin it does not pay becomes a debt token, -1 VP at the end."
    )
    return _("Pay the Free City's losses or take debt"), [said.format(**fields), rule]


def _other_decision(view: ClassicView, legal: Sequence[JSON], log: Log) -> Said:
    return _("Choose an action"), [_("Choose one of the actions offered.")]


def _offers(legal: Sequence[JSON], kind: str) -> bool:
    return any(a["kind"] == kind for a in legal)


DECISIONS: dict[str, Callable[[ClassicView, Sequence[JSON], Log], Said]] = {
    "draft": _card_decision,
    "extra_card": _last_card_decision,
    "discard_build": _discard_decision,
    "leader_draft": _leader_draft_decision,
    "recruit": _recruit_decision,
    "recruit_now": _recruit_now_decision,
    "courtesan": _courtesan_decision,
    "return_leader": _return_decision,
    "debt": _debt_decision,
}


def action_label(view: ClassicView, action: JSON, names: Sequence[str] | None = None) -> str:
    """One legal action (JSON) in words for the view's seat: what it does, and what it costs
    or brings now (coins and to whom, what they buy, the stage's reward, the power behind a
    free build, the debt a payment leaves)."""
    act = Action.from_json(action)
    return LABELS[act.kind](view, act, Log(view, names), advice.acting(view))


Label = Callable[[ClassicView, Action, Log, int], str]


def _build_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    card = advice.card(view, act.card)
    if advice.cities(view)[p].chain_free(card):
        return _("Build {card} free by chain.").format(card=printed(act.card))
    paying = _payment(view, act, log, p, card.coins)
    if not paying:
        return _("Build {card} at no cost.").format(card=printed(act.card))
    return _("Build {card}, paying {payment}.").format(card=printed(act.card), payment=paying)


def _wonder_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    n = advice.city_entries(view)[p]["stages"] + 1
    stage = log.stages[p][n - 1]
    fields = {
        "n": n,
        "reward": describe.stage_reward_text(stage),
        "card": printed(act.card),
        "payment": _payment(view, act, log, p, stage["cost"].get("coins", 0)),  # Petra's coins
    }
    if fields["payment"]:
        return _("Build wonder stage {n} ({reward}) with {card}, paying {payment}.").format(
            **fields
        )
    return _("Build wonder stage {n} ({reward}) with {card}.").format(**fields)


def _payment(view: ClassicView, act: Action, log: Log, p: int, bank: int) -> str:
    """ "1 coin to the bank and 2 coins to Rhodes (your left) for 1 wood": who receives the
    coins of ``act`` and what they buy; ``bank``: the coins of the card or stage itself."""
    plan = advice.buys(view, p, act)
    parts = []
    if bank:
        parts.append(_("{coins} to the bank").format(coins=coins(bank)))
    sides = ((act.left, advice.left(view, p)), (act.right, advice.right(view, p)))
    for i, (paid, to) in enumerate(sides):
        if not paid:
            continue
        fields = {"coins": coins(paid), "who": log.name(to)}
        bought = plan is not None and any(plan[i])
        if to == view.get("seat"):  # the Free City buying from the reader
            if bought and plan is not None:
                parts.append(
                    _("{coins} to you for {what}").format(what=advice.units(plan[i]), **fields)
                )
            else:
                parts.append(_("{coins} to you").format(**fields))
        elif bought and plan is not None:
            parts.append(
                _("{coins} to {who} for {what}").format(what=advice.units(plan[i]), **fields)
            )
        else:
            parts.append(_("{coins} to {who}").format(**fields))
    if act.bank:
        parts.append(_("{coins} to the bank for a resource (Bilkis)").format(coins=coins(act.bank)))
    return listed(parts)


def _sell_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    if view["phase"] == "recruit":
        return _("Sell {card} for {coins}: the leader goes back to the box.").format(
            card=printed(act.card), coins=coins(LEADER_SELL_COINS)
        )
    return _("Sell {card} for {coins}.").format(card=printed(act.card), coins=coins(SELL_COINS))


def _free_build_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    power = advice.free_build_power(view, p, act.card)
    if power == "caligula":
        return _("Build {card} free with Caligula's power.").format(card=printed(act.card))
    if power == "olympia":
        return _("Build {card} free with Olympia's power.").format(card=printed(act.card))
    return _("Build {card} free.").format(card=printed(act.card))


def _discard_build_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    if advice.solomon_turn(view):
        return _("Build {card} from the discard pile, free with Solomon's power.").format(
            card=printed(act.card)
        )
    return _("Build {card} from the discard pile, free with Halicarnassus' power.").format(
        card=printed(act.card)
    )


def _skip_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    if view["phase"] == "discard_build":
        return _("Build nothing from the discard pile.")
    if view["phase"] == "recruit_now":
        return _("Recruit no leader now.")
    return _("Decline.")


def _draft_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    cost = advice.leader_cost(view, p, act.card)
    if not cost:
        return _("Keep the leader {card}: recruiting it costs you nothing now.").format(
            card=printed(act.card)
        )
    return _("Keep the leader {card}: recruiting it costs you {coins} now.").format(
        card=printed(act.card), coins=coins(cost)
    )


def _recruit_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    cost = advice.leader_cost(view, p, act.card)
    if not cost:
        return _("Recruit {card} free.").format(card=printed(act.card))
    return _("Recruit {card}, paying {coins} to the bank.").format(
        card=printed(act.card), coins=coins(cost)
    )


def _copy_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    entries = advice.city_entries(view)
    owners = [
        q
        for q in dict.fromkeys((advice.left(view, p), advice.right(view, p)))
        if act.card in entries[q].get("leaders", [])
    ]
    if not owners:
        return _("Copy {card} with the Courtesans Guild.").format(card=printed(act.card))
    if view.get("seat") in owners:  # the Free City's guild copying the reader's leader
        return _("Copy {card}, your leader, with the Courtesans Guild.").format(
            card=printed(act.card)
        )
    return _("Copy {card}, the leader of {who}, with the Courtesans Guild.").format(
        card=printed(act.card), who=listed([log.name(q) for q in owners])
    )


def _return_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    return _("Send {card} back to the box.").format(card=printed(act.card))


def _pay_label(view: ClassicView, act: Action, log: Log, p: int) -> str:
    owes, paid = advice.city_entries(view)[p].get("owes", 0), act.bank
    debt = max(0, owes - paid)
    if not debt:
        return _("Pay the whole loss of {coins}.").format(coins=coins(paid))
    if not paid:
        return ngettext(
            "Pay nothing and take {n} debt token (-{n} VP at the end).",
            "Pay nothing and take {n} debt tokens (-{n} VP at the end).",
            debt,
        ).format(n=debt)
    return ngettext(
        "Pay {coins} and take {n} debt token (-{n} VP at the end).",
        "Pay {coins} and take {n} debt tokens (-{n} VP at the end).",
        debt,
    ).format(coins=coins(paid), n=debt)


LABELS: dict[str, Label] = {
    "build": _build_label,
    "wonder": _wonder_label,
    "sell": _sell_label,
    "free_build": _free_build_label,
    "discard_build": _discard_build_label,
    "skip": _skip_label,
    "draft": _draft_label,
    "recruit": _recruit_label,
    "copy": _copy_label,
    "return": _return_label,
    "pay": _pay_label,
}
