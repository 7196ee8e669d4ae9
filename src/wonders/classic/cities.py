"""The Cities expansion and its team game (docs/RULINGS.md, "Cities").

Black cards are dealt with each Age (8 cards a hand and 7 turns; 7 and 6 at 8 players).
Coin losses are settled at the end of the turn, once every card is played (phase ``debt``:
each losing city with coins chooses how much to pay, the rest becomes debt; the Free City's
controller decides for it). Diplomacy tokens keep a city out of the next conflicts (its
neighbours fight each other; two cities left fight once). Masks and the other lasting
effects live in ``City``; payments with the Clandestine Docks in ``trade.py``; Berenice and
Caligula, the Cities leaders, act here.

The team game (``{"teams": true}``, 4, 6 or 8 players): seats 0-1, 2-3... play together,
show each other their hands, fight only the opposing neighbour for two tokens (one when
either holds a diplomacy token), and are ranked by the team's total.
"""

from __future__ import annotations

from wonders.classic.actions import Action
from wonders.classic.cards import BLACK, Card, Effect, Stage
from wonders.classic.city import City
from wonders.classic.leaders import LeadersRules
from wonders.classic.turn import Resolution
from wonders.classic.views import CityPublic, ClassicView
from wonders.core.protocol import JSON, rank_players

DEBT = "debt"  # the losing players choose what to pay
CITIES_HAND_SIZE = 8  # one card more a hand, one turn more an Age (not at 8 players)
TEAM_SIZES = (4, 6, 8)


class CitiesRules(LeadersRules):
    def teammate(self, seat: int) -> int | None:
        """Team game: the seat playing with ``seat`` (seats 0-1, 2-3... sit together)."""
        if not self.cities_on:
            return super().teammate(seat)
        return seat ^ 1 if self.teams else None

    # ------------------------------------------------------------ the debt phase

    def to_move(self) -> list[int]:
        if not self.cities_on:
            return super().to_move()
        if self.phase == DEBT:
            return sorted({self.decider(c) for c in self.owed if self.pending[c] is None})
        return super().to_move()

    def _legal_now(self, player: int) -> list[Action]:
        if not self.cities_on:
            return super()._legal_now(player)
        if self.phase == DEBT:
            city = self._debt_city(player)
            most = min(self.cities[city].coins, self.owed[city])
            return [Action("pay", bank=k) for k in range(most, -1, -1)]
        return super()._legal_now(player)

    def _decide(self, player: int, action: Action) -> None:
        if not self.cities_on:
            super()._decide(player, action)
            return
        if self.phase != DEBT:
            super()._decide(player, action)
            return
        self.pending[self._debt_city(player)] = action
        self._legal.pop(player, None)
        if all(self.pending[c] is not None for c in self.owed):
            self._settle_debts()

    def _chosen(self, p: int) -> bool:
        if not self.cities_on:
            return super()._chosen(p)
        if self.phase == DEBT:
            return self.pending[p] is not None
        return super()._chosen(p)

    def _debt_city(self, seat: int) -> int:
        """The city whose loss ``seat`` decides now (at 2 players the Free City's
        controller decides for their own city first, then for the Free City)."""
        return min(c for c in self.owed if self.pending[c] is None and self.decider(c) == seat)

    def _note_losses(self, p: int, effects: tuple[Effect, ...]) -> None:
        """Coin losses are settled at the end of the turn (the debt phase)."""
        for e in effects:
            if e.type in ("lose_coins", "lose_coins_per"):
                self.losses.append((p, e))

    def _owes_before_next_turn(self) -> bool:
        """The turn's coin losses, once every card is played."""
        if not self.cities_on:
            return super()._owes_before_next_turn()
        if super()._owes_before_next_turn():
            return True
        if not self.losses:
            return False
        self._start_debt()
        return self.phase == DEBT

    def _start_debt(self) -> None:
        """What each city loses this turn; a city with coins chooses what to pay (phase
        ``debt``), one without takes it all as debt."""
        owed = [0] * self.n
        for source, e in self.losses:
            for q in range(self.n):
                if q == source:
                    continue
                if e.type == "lose_coins":
                    owed[q] += e.amount
                else:  # lose_coins_per: the loser's own victory tokens or wonder stages
                    city = self.cities[q]
                    what = city.victories if e.count[0] == "victory_tokens" else city.stages
                    owed[q] += e.amount * what
        self.losses = []
        self.owed = {}
        for q, amount in enumerate(owed):
            if amount and self.cities[q].coins == 0:
                self._take_loss(q, amount, 0)
            elif amount:
                self.owed[q] = amount
        if self.owed:
            self.phase, self.queue = DEBT, []
            self.pending = [None] * self.n
            self._legal.clear()
            shown = {str(c): n for c, n in self.owed.items()}
            self._events.append({"type": "losses", "owed": shown})

    def _settle_debts(self) -> None:
        for c, amount in sorted(self.owed.items()):
            action = self.pending[c]
            assert action is not None
            self._take_loss(c, amount, action.bank)
        self.owed = {}
        self.pending = [None] * self.n
        self._legal.clear()
        self._after_turn()

    def _take_loss(self, c: int, amount: int, paid: int) -> None:
        city = self.cities[c]
        city.coins -= paid
        city.debt += amount - paid
        self._events.append(
            {"type": "debt", "seat": c, "lost": amount, "paid": paid, "debt": amount - paid}
        )

    # ------------------------------------------------------------ black cards and leaders

    def _card_free_power(self, p: int, card: Card) -> bool:
        """Caligula: one black card free an Age."""
        if not self.cities_on:
            return super()._card_free_power(p, card)
        return (card.color == BLACK and self._caligula_ready(p)) or super()._card_free_power(
            p, card
        )

    def _caligula_ready(self, p: int) -> bool:
        city = self.cities[p]
        return bool(city.lp.get("free_black_per_age")) and city.caligula_age != self.age

    def _use_free_build(self, p: int, card: Card) -> None:
        """Caligula's power first: Olympia's fits any card."""
        if not self.cities_on:
            super()._use_free_build(p, card)
            return
        if card.color == BLACK and self._caligula_ready(p):
            self.cities[p].caligula_age = self.age
        else:
            super()._use_free_build(p, card)

    def _on_card_built(self, p: int, card: Card) -> None:
        super()._on_card_built(p, card)
        if not self.cities_on:
            return
        self._note_losses(p, card.effects)

    def _on_stage_built(self, p: int, stage: Stage) -> None:
        if not self.cities_on:
            super()._on_stage_built(p, stage)
            return
        self._note_losses(p, stage.effects)
        super()._on_stage_built(p, stage)

    def _new_turn_of_coins(self) -> None:
        """Berenice's coin is once a turn."""
        super()._new_turn_of_coins()
        if not self.cities_on:
            return
        self.berenice_done.clear()

    def _after_payment(
        self, p: int, action: Action, chain: bool, bought: int, res: Resolution
    ) -> None:
        """Coins paid to neighbours are not from the bank (Berenice)."""
        super()._after_payment(p, action, chain, bought, res)
        if not self.cities_on:
            return
        self._trade_in[self.left(p)] += action.left
        self._trade_in[self.right(p)] += action.right

    def _income_bonus(self, income: list[int]) -> None:
        """Berenice: 1 coin more when coins arrive from the bank, once a turn."""
        super()._income_bonus(income)
        if not self.cities_on:
            return
        for p, amount in enumerate(income):
            bonus = amount > self._trade_in[p] and self.cities[p].lp.get("bank_bonus")
            if bonus and p not in self.berenice_done:
                self.berenice_done.add(p)
                income[p] += 1
        self._trade_in = [0] * self.n

    # ------------------------------------------------------------ conflicts

    def _sitting_out(self) -> set[int]:
        """The cities holding a diplomacy token sit out (and spend it); the conflicts are a
        turn of their own for Berenice (Cities FAQ)."""
        if not self.cities_on:
            return super()._sitting_out()
        out = super()._sitting_out()
        self.berenice_done.clear()
        diplomats = {p for p in range(self.n) if self.cities[p].diplomacy}
        for p in sorted(diplomats):
            self.cities[p].diplomacy -= 1
            self._events.append({"type": "diplomacy", "seat": p, "age": self.age})
        return out | diplomats

    def _battles(self, out: set[int]) -> list[tuple[int, int, int]]:
        """Diplomats sit out and their neighbours fight; two cities left fight once. Teams:
        each player fights the opposing neighbour for two tokens, one when either holds a
        diplomacy token."""
        if not self.cities_on:
            return super()._battles(out)
        if self.teams:
            return [
                (p, q, 1 if p in out or q in out else 2)
                for p in range(self.n)
                for q in (self.left(p),)
                if p // 2 != q // 2
            ]
        fighters = [p for p in range(self.n) if p not in out]
        if len(fighters) == 2:
            return [(fighters[0], fighters[1], 1)]
        if len(fighters) < 2:
            return []
        return [(p, fighters[(i + 1) % len(fighters)], 1) for i, p in enumerate(fighters)]

    # ------------------------------------------------------------ the end: teams

    def _ranks(self, totals: list[int], coins: list[int]) -> list[int]:
        """Teams are ranked by their two players' points, then coins."""
        if not self.cities_on:
            return super()._ranks(totals, coins)
        if not self.teams:
            return super()._ranks(totals, coins)
        team_ranks = rank_players(self._team_keys(totals, coins))
        return [team_ranks[p // 2] for p in range(self.players)]

    def _team_keys(self, totals: list[int], coins: list[int]) -> list[tuple[int, int]]:
        m = self.players
        return [(totals[t] + totals[t + 1], coins[t] + coins[t + 1]) for t in range(0, m, 2)]

    def _result_extra(
        self, breakdowns: list[dict[str, int]], totals: list[int], coins: list[int]
    ) -> JSON:
        if not self.cities_on:
            return super()._result_extra(breakdowns, totals, coins)
        extra = super()._result_extra(breakdowns, totals, coins)
        if self.teams:
            keys = self._team_keys(totals, coins)
            team_ranks = rank_players(keys)
            extra["teams"] = [
                {"seats": [2 * i, 2 * i + 1], "total": k[0], "coins": k[1], "rank": team_ranks[i]}
                for i, k in enumerate(keys)
            ]
        return extra

    # ------------------------------------------------------------ views and copies

    def _city_public(self, p: int) -> CityPublic:
        if not self.cities_on:
            return super()._city_public(p)
        out = super()._city_public(p)
        city = self.cities[p]
        out["debt"] = city.debt
        out["diplomacy"] = city.diplomacy
        if p in self.owed:
            out["owes"] = self.owed[p]
        return out

    def _view_extra(self, out: ClassicView, player: int | None) -> None:
        super()._view_extra(out, player)
        if not self.cities_on:
            return
        if self.teams:
            out["teams"] = [[p, p + 1] for p in range(0, self.players, 2)]
        if player is None:
            return
        mate = self.teammate(player)
        if mate is not None:  # teammates show each other their hands
            out["teammate"] = mate
            out["teammate_hand"] = [c.name for c in self.hands[mate]]
        if self.phase == DEBT and player in self.to_move():
            out["deciding_for"] = self._debt_city(player)

    def knows(self, player: int, event: JSON) -> bool:
        """Teammates know each other's secret cards (they saw the hand)."""
        if not (self.cities_on and self.teams):
            return super().knows(player, event)
        return super().knows(player, event) or super().knows(player ^ 1, event)

    def _json_extra(self, out: JSON) -> None:
        super()._json_extra(out)
        if not self.cities_on:
            return
        for i, c in enumerate(self.cities):
            out["cities"][i].update(
                debt=c.debt,
                diplomacy=c.diplomacy,
                caligula_age=c.caligula_age,
            )
        out["owed"] = {str(k): v for k, v in self.owed.items()}
        out["losses"] = [[p, e.type, e.amount, list(e.count)] for p, e in self.losses]
        out["berenice_done"] = sorted(self.berenice_done)

    def _load_city_extra(self, city: City, data: JSON) -> None:
        super()._load_city_extra(city, data)
        if not self.cities_on:
            return
        city.debt, city.diplomacy = data["debt"], data["diplomacy"]
        city.caligula_age = data["caligula_age"]

    def _load_extra(self, data: JSON) -> None:
        super()._load_extra(data)
        if not self.cities_on:
            return
        self.owed = {int(k): v for k, v in data["owed"].items()}
        self.losses = [
            (p, Effect(kind, amount=n, count=tuple(what))) for p, kind, n, what in data["losses"]
        ]
        self.berenice_done = set(data["berenice_done"])
