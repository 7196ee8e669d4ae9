"""The 7 Wonders log in words for one seat, shared by the full-screen table and ``--plain``.

Seats are named by their wonder and where they sit for the reader ("Rhodes (your left)",
"you"); a payment names who received it; a turn's coins are split into the sale, the trade
income and the rest; a new turn says which way the hands passed; a second card in one turn
says why (Babylon B's last card, a build from the discard pile). What was sold or buried
face down stays hidden: the events of a seat's view already omit it.
"""

from __future__ import annotations

from typing import Any

from wonders.cli.narration import Narrator
from wonders.core.i18n import _, ngettext

ROMAN = {0: "0", 1: "I", 2: "II", 3: "III"}


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


class ClassicLog(Narrator):
    """Turns a seat's events into lines; call ``lines`` with the new events each time."""

    def __init__(self, view: dict[str, Any]) -> None:
        """``view``: the seat's view (boards and seats do not change during a game)."""
        from wonders.classic import advice

        self.seat: int = view["seat"]
        self.wonders = [e["wonder"] for e in advice.city_entries(view)]
        self.sides = [e["side"] for e in advice.city_entries(view)]
        self.expansions = view.get("expansions", [])
        players = len(view["players"])
        self.free_city = players if players < len(self.wonders) else None
        self.left_of = [advice.left(view, p) for p in range(len(self.wonders))]
        self.right_of = [advice.right(view, p) for p in range(len(self.wonders))]
        self.teammate = view.get("teammate")
        self.acted: set[int] = set()
        self.sales: dict[int, int] = {}
        self.trade_in: dict[int, int] = {}

    def name(self, p: int) -> str:
        """A seat for the reader: "you", "Rhodes (your left)", "Giza (seat 4)"."""
        if p == self.seat:
            return _("you")
        where = _("seat {n}").format(n=p)
        if p == self.free_city:
            side = _("your left") if p == self.left_of[self.seat] else _("your right")
            where = _("the Free City, {side}").format(side=side)
        elif p == self.teammate:
            where = _("your teammate")
        elif p == self.left_of[self.seat]:
            where = _("your left")
        elif p == self.right_of[self.seat]:
            where = _("your right")
        return f"{self.wonders[p]} ({where})"

    def _paid(self, event: dict[str, Any]) -> str:
        """ ", paying 2 coins to Rhodes (your left)" and remember the receivers' income."""
        payer, paid = event["seat"], event.get("paid", {})
        parts = []
        for side in ("left", "right"):
            if paid.get(side):
                to = self.left_of[payer] if side == "left" else self.right_of[payer]
                self.trade_in[to] = self.trade_in.get(to, 0) + paid[side]
                parts.append(
                    _("{coins} to {who}").format(coins=coins(paid[side]), who=self.name(to))
                )
        if paid.get("bank"):
            parts.append(_("{coins} to the bank").format(coins=coins(paid["bank"])))
        return (", " + _("paying {parts}").format(parts=_(" and ").join(parts))) if parts else ""

    def _again(self, p: int, event: dict[str, Any]) -> str:
        """Why a seat plays a second card this turn."""
        if p not in self.acted or event.get("from_discard"):
            self.acted.add(p)
            return ""
        return " " + _("(Babylon B: it plays the last card of the Age too)")

    def _stage_reward(self, p: int, stage: int) -> str:
        from wonders.classic import describe
        from wonders.classic.cards import catalog_for

        board = catalog_for(self.expansions).wonder_named(self.wonders[p])
        stages = board.to_json()["sides"][self.sides[p]]
        if 1 <= stage <= len(stages):
            return describe.effects_text(stages[stage - 1]["effect"])
        return ""

    def line(self, event: dict[str, Any]) -> str | None:
        kind = event["type"]
        p: int = event.get("seat", -1)
        who = self.name(p) if p >= 0 else ""
        if p >= 0 and "by" in event:
            who += " " + _("(played by {who})").format(who=self.name(event["by"]))
        if kind == "age":
            way = _("left") if event["age"] != 2 else _("right")
            return (
                "[bold]"
                + _("--- Age {age}: hands pass to the {way} ---").format(
                    age=ROMAN.get(event["age"], event["age"]), way=way
                )
                + "[/]"
            )
        if kind == "turn":
            self.acted.clear()
            self.sales.clear()
            self.trade_in.clear()
            way = _("left") if event["age"] != 2 else _("right")
            passed = (
                " " + _("(hands passed to the {way})").format(way=way) if event["turn"] > 1 else ""
            )
            return (
                "[bold]"
                + _("Age {age}, turn {turn}{passed}").format(
                    age=ROMAN.get(event["age"], event["age"]), turn=event["turn"], passed=passed
                )
                + "[/]"
            )
        if kind == "free_city":
            if event["controller"] == self.seat:
                return _("You play the Free City's card this turn")
            return _("{who} plays the Free City's card this turn").format(
                who=self.name(event["controller"])
            )
        if kind == "leader_draft":
            return "[bold]" + _("Leader draft, round {n}").format(n=event["round"]) + "[/]"
        if kind == "recruitment":
            return (
                "[bold]"
                + _("Age {age}: recruitment").format(age=ROMAN.get(event["age"], event["age"]))
                + "[/]"
            )
        if kind == "recruit":
            return _("{who} recruited {card} for {coins}").format(
                who=who, card=event["card"], coins=coins(event["paid"]["bank"])
            )
        if kind == "build":
            again = self._again(p, event)
            how = ""
            if event.get("from_discard"):
                how = " " + _("from the discard pile")
            elif event.get("free"):
                how = " " + _("free (Olympia or Caligula)")
            return _("{who} built {card}{how}{paid}{again}").format(
                who=who, card=event["card"], how=how, paid=self._paid(event), again=again
            )
        if kind == "wonder":
            again = self._again(p, event)
            card = " " + _("with {card}").format(card=event["card"]) if "card" in event else ""
            reward = self._stage_reward(p, event["stage"])
            reward = f" ({reward})" if reward else ""
            return _("{who} built wonder stage {n}{reward}{card}{paid}{again}").format(
                who=who,
                n=event["stage"],
                reward=reward,
                card=card,
                paid=self._paid(event),
                again=again,
            )
        if kind == "sell":
            again = self._again(p, event)
            self.sales[p] = self.sales.get(p, 0) + 1
            card = event.get("card") or _("a card")
            return _("{who} sold {card}{again}").format(who=who, card=card, again=again)
        if kind == "coins":
            return self._income(p, who, event["amount"])
        if kind == "conflict":
            doubled = (
                " " + _("({n} tokens each)").format(n=event["tokens"])
                if event.get("tokens", 1) != 1
                else ""
            )
            return _("Age {age} conflict: {winner} beat {loser}{doubled}").format(
                age=ROMAN.get(event["age"], event["age"]),
                winner=self.name(event["winner"]),
                loser=self.name(event["loser"]),
                doubled=doubled,
            )
        if kind == "losses":
            owed = [
                _("you owe {coins}").format(coins=coins(n))
                if int(c) == self.seat
                else _("{who} owes {coins}").format(who=self.name(int(c)), coins=coins(n))
                for c, n in event["owed"].items()
            ]
            return _("Coin losses to settle: {owed}").format(owed=", ".join(owed))
        if kind in ("solomon", "copy", "draw_leaders", "return", "diplomacy", "debt"):
            from wonders.cli import render

            line = render.event_line(event, self.free_city)
            if line and p >= 0:
                line = line.replace(f"seat {p}", who, 1)
            return line
        return None

    def _income(self, p: int, who: str, amount: int) -> str:
        sale, trade = 3 * self.sales.get(p, 0), self.trade_in.get(p, 0)
        rest = amount - sale - trade
        parts = []
        if sale:
            parts.append(_("{coins} for the sale").format(coins=coins(sale)))
        if trade:
            parts.append(_("{coins} from trade").format(coins=coins(trade)))
        if rest > 0 and parts:
            parts.append(_("{coins} from cards and wonders").format(coins=coins(rest)))
        if rest < 0 or not parts:
            return _("{who} received {coins}").format(who=who, coins=coins(amount))
        return _("{who} received {coins}: {parts}").format(
            who=who, coins=coins(amount), parts=", ".join(parts)
        )
