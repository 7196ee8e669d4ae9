"""Actions of 7 Wonders: small immutable values with a stable JSON form.

``kind`` is one of:

- ``build``: build ``card`` from hand, paying ``left``/``right`` coins to the neighbours
  (plus the card's coin cost to the bank; a chain build pays nothing).
- ``wonder``: bury ``card`` under the next wonder stage, paying ``left``/``right``.
- ``sell``: discard ``card`` for 3 coins.
- ``free_build``: build ``card`` for free with Olympia A's once-per-Age power.
- ``discard_build``: Halicarnassus: build ``card`` from the discard pile for free.
- ``skip``: Halicarnassus / Solomon / Roma B: decline (build or recruit nothing).

With the Leaders expansion:

- ``draft``: keep ``card`` from the leaders in front of you (the leader draft).
- ``recruit``: recruit the leader ``card``, paying its coin cost to the bank.
- ``sell`` / ``wonder`` with a leader in the recruitment: 3 coins (the leader goes back to
  the box) / the leader as the stage's marker.
- ``copy``: the Courtesans Guild copies the neighbour's leader ``card``.
- ``return``: send the leader ``card`` back to the box (Age III, more than one left).
- ``bank`` in a payment: Bilkis' resource bought from the bank (1 coin).

With the Cities expansion:

- ``free_build`` also builds a black card free with Caligula's once-per-Age power (used
  before Olympia A's when both could).
- ``pay``: in the debt phase, pay ``coins`` of the coins lost to the bank; every coin not
  paid is a debt token (-1 VP). JSON ``{"kind": "pay", "coins": n}``.

At 2 players the Free City's card is chosen by its controller with the same kinds, after
their own choice (``legal_actions`` then lists the Free City's options).
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from wonders.core.actions import action_object
from wonders.core.errors import IllegalActionError
from wonders.core.i18n import _

KINDS = (
    "build",
    "wonder",
    "sell",
    "free_build",
    "discard_build",
    "skip",
    "draft",
    "recruit",
    "copy",
    "return",
    "pay",
)


class Action(NamedTuple):
    kind: str
    card: str = ""
    left: int = 0
    right: int = 0
    bank: int = 0  # Bilkis: a resource bought from the bank

    def to_json(self) -> dict[str, Any]:
        if self.kind == "pay":
            return {"kind": "pay", "coins": self.bank}
        out: dict[str, Any] = {"kind": self.kind}
        if self.card:
            out["card"] = self.card
        if self.left or self.right or self.bank:
            out["pay"] = {"left": self.left, "right": self.right}
            if self.bank:
                out["pay"]["bank"] = self.bank
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if isinstance(data, dict) and data.get("kind") == "pay":
            action_object(data, KINDS, ("coins",))
            coins = data.get("coins")
            if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
                raise IllegalActionError(_("pay needs coins: a non-negative integer"))
            return cls("pay", bank=coins)
        action_object(data, KINDS, ("card", "pay"))
        kind = data["kind"]
        card = data.get("card", "")
        if not isinstance(card, str):
            raise IllegalActionError(_("an action's card must be a name"))
        pay = data.get("pay", {})
        if not isinstance(pay, dict) or set(pay) - {"left", "right", "bank"}:
            raise IllegalActionError(_("an action's pay must be {'left': n, 'right': n}"))
        left, right, bank = pay.get("left", 0), pay.get("right", 0), pay.get("bank", 0)
        for v in (left, right, bank):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise IllegalActionError(_("payments must be non-negative integers"))
        return cls(kind, card, left, right, bank)

    def describe(self) -> str:
        pay = ""
        if self.left or self.right or self.bank:
            parts = []
            if self.left:
                parts.append(f"{self.left} to the left")
            if self.right:
                parts.append(f"{self.right} to the right")
            if self.bank:
                parts.append(f"{self.bank} to the bank (Bilkis)")
            pay = " paying " + " and ".join(parts)
        texts = {
            "pay": f"pay {self.bank} coin(s) of the loss (the rest as debt)",
            "build": f"build {self.card}{pay}",
            "wonder": f"build a wonder stage with {self.card}{pay}",
            "sell": f"sell {self.card} for 3 coins",
            "free_build": f"build {self.card} free (Olympia or Caligula)",
            "discard_build": f"build {self.card} from the discard pile (Halicarnassus)",
            "skip": "decline",
            "draft": f"keep the leader {self.card}",
            "recruit": f"recruit {self.card}",
            "copy": f"copy {self.card} with the Courtesans Guild",
            "return": f"send {self.card} back to the box",
        }
        return texts.get(self.kind, f"unknown action {self.kind!r}")


_TUPLE_NEW: Any = tuple.__new__


def new_action(kind: str, card: str = "", left: int = 0, right: int = 0, bank: int = 0) -> Action:
    """``Action(kind, card, left, right, bank)`` for the hot path: the same value, made
    without the interpreted ``__new__`` that NamedTuple generates (slow from compiled code)."""
    return cast(Action, _TUPLE_NEW(Action, (kind, card, left, right, bank)))
