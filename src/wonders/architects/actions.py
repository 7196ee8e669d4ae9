"""Actions of 7 Wonders Architects: small immutable values with a stable JSON form.

``kind`` is one of:

- ``take``: take the top card of ``deck`` (a wonder's name, or ``"central"``): the turn's
  card, a progress token's extra card, or Alexandria's card from any deck.
- ``search``: Halicarnassus: look at the top 5 cards of ``deck`` (the left or right one).
- ``pick``: Halicarnassus: keep ``card`` (a card kind) of those looked at.
- ``build``: build wonder stage ``stage`` (1-5) spending the cards ``pay`` (card kinds).
- ``science``: spend the green cards ``pay`` (2 equal or 3 different symbols) and take
  ``token`` (a face-up progress token's name, or ``"stack"`` for the stack's top).
- ``token``: Babylon: take ``token`` (a face-up token's name or ``"stack"``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wonders.core.actions import action_object
from wonders.core.errors import IllegalActionError

KINDS = ("take", "search", "pick", "build", "science", "token")
STACK = "stack"


class Action(NamedTuple):
    kind: str
    deck: str = ""
    card: str = ""
    stage: int = 0
    pay: tuple[str, ...] = ()
    token: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.deck:
            out["deck"] = self.deck
        if self.card:
            out["card"] = self.card
        if self.stage:
            out["stage"] = self.stage
        if self.pay:
            out["pay"] = list(self.pay)
        if self.token:
            out["token"] = self.token
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        action_object(data, KINDS, ("deck", "card", "stage", "pay", "token"))
        kind = data["kind"]
        deck, card, token = data.get("deck", ""), data.get("card", ""), data.get("token", "")
        for what, value in (("deck", deck), ("card", card), ("token", token)):
            if not isinstance(value, str):
                raise IllegalActionError(f"an action's {what} must be a name")
        stage = data.get("stage", 0)
        if not isinstance(stage, int) or isinstance(stage, bool):
            raise IllegalActionError("an action's stage must be a number")
        pay = data.get("pay", [])
        if not isinstance(pay, list) or not all(isinstance(x, str) for x in pay):
            raise IllegalActionError("an action's pay must be a list of card kinds")
        return cls(kind, deck, card, stage, tuple(sorted(pay)), token)

    def describe(self) -> str:
        token = "the top of the token stack" if self.token == STACK else self.token
        texts = {
            "take": f"take the top card of the {self.deck} deck",
            "search": f"look at the top 5 cards of the {self.deck} deck",
            "pick": f"keep {self.card}",
            "build": f"build stage {self.stage} spending {', '.join(self.pay)}",
            "science": f"spend {', '.join(self.pay)} for {token}",
            "token": f"take {token}",
        }
        return texts.get(self.kind, f"unknown action {self.kind!r}")
