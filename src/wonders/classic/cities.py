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
from wonders.classic.turn import ClassicState, Part, Resolution
from wonders.classic.views import CityPublic, ClassicView
from wonders.core.protocol import JSON, rank_players

DEBT = "debt"  # the losing players choose what to pay
CITIES_HAND_SIZE = 8  # one card more a hand, one turn more an Age (not at 8 players)
TEAM_SIZES = (4, 6, 8)


class Cities(Part):
    """The Cities expansion's rules and state: the coin losses of this turn (who caused
    them, the effect), what each city owes in the debt phase, Berenice's once-a-turn coin
    and the coins received from neighbours this turn; the team game when ``teams``."""

    def __init__(self, teams: bool, n: int) -> None:
        self.teams = teams
        self.losses: list[tuple[int, Effect]] = []
        self.owed: dict[int, int] = {}
        self.berenice_done: set[int] = set()
        self.trade_in = [0] * n  # coins each city received from its neighbours this turn

    def copy(self) -> Cities:
        o = Cities(self.teams, 0)
        o.losses, o.owed = list(self.losses), dict(self.owed)
        o.berenice_done, o.trade_in = set(self.berenice_done), list(self.trade_in)
        return o

    def teammate(self, g: ClassicState, seat: int) -> int | None:
        """Team game: the seat playing with ``seat`` (seats 0-1, 2-3... sit together)."""
        return seat ^ 1 if self.teams else None

    def knows(self, g: ClassicState, player: int, event: JSON) -> bool:
        """Teammates know each other's secret cards (they saw the hand)."""
        return self.teams and g.played(player ^ 1, event)

    # ------------------------------------------------------------ the debt phase

    def phases(self) -> tuple[str, ...]:
        return (DEBT,)

    def movers(self, g: ClassicState, phase: str) -> list[int]:
        return sorted({g.decider(c) for c in self.owed if g.pending[c] is None})

    def legal(self, g: ClassicState, phase: str, player: int) -> list[Action]:
        city = self.debt_city(g, player)
        most = min(g.cities[city].coins, self.owed[city])
        return [Action("pay", bank=k) for k in range(most, -1, -1)]

    def decide(self, g: ClassicState, phase: str, player: int, action: Action) -> None:
        g.pending[self.debt_city(g, player)] = action
        g.stale(player)
        if all(g.pending[c] is not None for c in self.owed):
            self._settle_debts(g)

    def chosen(self, g: ClassicState, phase: str, city: int) -> bool:
        return g.pending[city] is not None

    def acting_city(self, g: ClassicState, phase: str, player: int) -> int:
        return self.debt_city(g, player)

    def debt_city(self, g: ClassicState, seat: int) -> int:
        """The city whose loss ``seat`` decides now (at 2 players the Free City's
        controller decides for their own city first, then for the Free City)."""
        return min(c for c in self.owed if g.pending[c] is None and g.decider(c) == seat)

    def _note_losses(self, p: int, effects: tuple[Effect, ...]) -> None:
        """Coin losses are settled at the end of the turn (the debt phase)."""
        for e in effects:
            if e.type in ("lose_coins", "lose_coins_per"):
                self.losses.append((p, e))

    def owes_before_next_turn(self, g: ClassicState) -> bool:
        """The turn's coin losses, once every card is played."""
        if not self.losses:
            return False
        self._start_debt(g)
        return g.phase == DEBT

    def _start_debt(self, g: ClassicState) -> None:
        """What each city loses this turn; a city with coins chooses what to pay (phase
        ``debt``), one without takes it all as debt."""
        owed = [0] * g.n
        for source, e in self.losses:
            for q in range(g.n):
                if q == source:
                    continue
                if e.type == "lose_coins":
                    owed[q] += e.amount
                else:  # lose_coins_per: the loser's own victory tokens or wonder stages
                    city = g.cities[q]
                    what = city.victories if e.count[0] == "victory_tokens" else city.stages
                    owed[q] += e.amount * what
        self.losses = []
        self.owed = {}
        for q, amount in enumerate(owed):
            if amount and g.cities[q].coins == 0:
                self._take_loss(g, q, amount, 0)
            elif amount:
                self.owed[q] = amount
        if self.owed:
            g.phase, g.queue = DEBT, []
            g.pending = [None] * g.n
            g.stale()
            shown = {str(c): n for c, n in self.owed.items()}
            g.events.append({"type": "losses", "owed": shown})

    def _settle_debts(self, g: ClassicState) -> None:
        for c, amount in sorted(self.owed.items()):
            action = g.pending[c]
            assert action is not None
            self._take_loss(g, c, amount, action.bank)
        self.owed = {}
        g.pending = [None] * g.n
        g.stale()
        g.after_turn()

    def _take_loss(self, g: ClassicState, c: int, amount: int, paid: int) -> None:
        city = g.cities[c]
        city.coins -= paid
        city.debt += amount - paid
        g.events.append(
            {"type": "debt", "seat": c, "lost": amount, "paid": paid, "debt": amount - paid}
        )

    # ------------------------------------------------------------ black cards and leaders

    def card_free_power(self, g: ClassicState, p: int, card: Card) -> bool:
        """Caligula: one black card free an Age."""
        return card.color == BLACK and self.caligula_ready(g, p)

    def caligula_ready(self, g: ClassicState, p: int) -> bool:
        city = g.cities[p]
        return bool(city.lp.get("free_black_per_age")) and city.caligula_age != g.age

    def use_free_build(self, g: ClassicState, p: int, card: Card) -> bool:
        """Caligula's power first: Olympia's fits any card."""
        if card.color == BLACK and self.caligula_ready(g, p):
            g.cities[p].caligula_age = g.age
            return True
        return False

    def on_card_built(self, g: ClassicState, p: int, card: Card) -> None:
        self._note_losses(p, card.effects)

    def on_stage_built(self, g: ClassicState, p: int, stage: Stage) -> None:
        self._note_losses(p, stage.effects)

    def new_turn_of_coins(self, g: ClassicState) -> None:
        """Berenice's coin is once a turn."""
        self.berenice_done.clear()

    def after_payment(
        self, g: ClassicState, p: int, action: Action, chain: bool, bought: int, res: Resolution
    ) -> None:
        """Coins paid to neighbours are not from the bank (Berenice)."""
        self.trade_in[g.left(p)] += action.left
        self.trade_in[g.right(p)] += action.right

    def income_bonus(self, g: ClassicState, income: list[int]) -> None:
        """Berenice: 1 coin more when coins arrive from the bank, once a turn."""
        for p, amount in enumerate(income):
            bonus = amount > self.trade_in[p] and g.cities[p].lp.get("bank_bonus")
            if bonus and p not in self.berenice_done:
                self.berenice_done.add(p)
                income[p] += 1
        self.trade_in = [0] * g.n

    # ------------------------------------------------------------ conflicts

    def sitting_out(self, g: ClassicState) -> set[int]:
        """The cities holding a diplomacy token sit out (and spend it); the conflicts are a
        turn of their own for Berenice (Cities FAQ)."""
        self.berenice_done.clear()
        diplomats = {p for p in range(g.n) if g.cities[p].diplomacy}
        for p in sorted(diplomats):
            g.cities[p].diplomacy -= 1
            g.events.append({"type": "diplomacy", "seat": p, "age": g.age})
        return diplomats

    def battles(self, g: ClassicState, out: set[int]) -> list[tuple[int, int, int]]:
        """Diplomats sit out and their neighbours fight; two cities left fight once. Teams:
        each player fights the opposing neighbour for two tokens, one when either holds a
        diplomacy token."""
        if self.teams:
            return [
                (p, q, 1 if p in out or q in out else 2)
                for p in range(g.n)
                for q in (g.left(p),)
                if p // 2 != q // 2
            ]
        fighters = [p for p in range(g.n) if p not in out]
        if len(fighters) == 2:
            return [(fighters[0], fighters[1], 1)]
        if len(fighters) < 2:
            return []
        return [(p, fighters[(i + 1) % len(fighters)], 1) for i, p in enumerate(fighters)]

    # ------------------------------------------------------------ the end: teams

    def ranks(self, g: ClassicState, totals: list[int], coins: list[int]) -> list[int] | None:
        """Teams are ranked by their two players' points, then coins."""
        if not self.teams:
            return None
        team_ranks = rank_players(self._team_keys(g, totals, coins))
        return [team_ranks[p // 2] for p in range(g.players)]

    def _team_keys(
        self, g: ClassicState, totals: list[int], coins: list[int]
    ) -> list[tuple[int, int]]:
        m = g.players
        return [(totals[t] + totals[t + 1], coins[t] + coins[t + 1]) for t in range(0, m, 2)]

    def result_extra(
        self, g: ClassicState, breakdowns: list[dict[str, int]], totals: list[int], extra: JSON
    ) -> None:
        if self.teams:
            keys = self._team_keys(g, totals, [c.coins for c in g.cities])
            team_ranks = rank_players(keys)
            extra["teams"] = [
                {"seats": [2 * i, 2 * i + 1], "total": k[0], "coins": k[1], "rank": team_ranks[i]}
                for i, k in enumerate(keys)
            ]

    # ------------------------------------------------------------ views and JSON

    def city_public(self, g: ClassicState, p: int, out: CityPublic) -> None:
        city = g.cities[p]
        out["debt"] = city.debt
        out["diplomacy"] = city.diplomacy
        if p in self.owed:
            out["owes"] = self.owed[p]

    def view_extra(self, g: ClassicState, out: ClassicView, player: int | None) -> None:
        if self.teams:
            out["teams"] = [[p, p + 1] for p in range(0, g.players, 2)]
        if player is None:
            return
        mate = g.teammate(player)
        if mate is not None:  # teammates show each other their hands
            out["teammate"] = mate
            out["teammate_hand"] = [c.name for c in g.hands[mate]]
        if g.phase == DEBT and player in g.to_move():
            out["deciding_for"] = self.debt_city(g, player)

    def to_json(self, g: ClassicState, out: JSON) -> None:
        for i, c in enumerate(g.cities):
            out["cities"][i].update(
                debt=c.debt,
                diplomacy=c.diplomacy,
                caligula_age=c.caligula_age,
            )
        out["owed"] = {str(k): v for k, v in self.owed.items()}
        out["losses"] = [[p, e.type, e.amount, list(e.count)] for p, e in self.losses]
        out["berenice_done"] = sorted(self.berenice_done)

    def load(self, g: ClassicState, data: JSON) -> None:
        for city, c in zip(g.cities, data["cities"], strict=True):
            city.debt, city.diplomacy = c["debt"], c["diplomacy"]
            city.caligula_age = c["caligula_age"]
        self.owed = {int(k): v for k, v in data["owed"].items()}
        self.losses = [
            (p, Effect(kind, amount=n, count=tuple(what))) for p, kind, n, what in data["losses"]
        ]
        self.berenice_done = set(data["berenice_done"])


def cities_of(g: ClassicState) -> Cities | None:
    """The game's Cities part (None without the expansion)."""
    for part in g.parts:
        if isinstance(part, Cities):
            return part
    return None
