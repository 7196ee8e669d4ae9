"""Actions of 7 Wonders Architects: small immutable values with a stable JSON form.

``kind`` is one of:

- ``take``: take the top card of ``deck`` (a wonder's name, or ``"central"``): the turn's
  card, a progress token's extra card, or Alexandria's card from any deck.
- ``search``: Halicarnassus: look at the top cards of ``deck`` (the left or right one; how
  many is the wonder's ``look_at`` in data/wonders.toml).
- ``pick``: Halicarnassus: keep ``card`` (a card kind) of those looked at.
- ``build``: build wonder stage ``stage`` (1-5) spending the cards ``pay`` (card kinds).
- ``science``: spend the green cards ``pay`` (2 equal or 3 different symbols) and take
  ``token`` (a face-up progress token's name, or ``"stack"`` for the stack's top).
- ``token``: Babylon: take ``token`` (a face-up token's name or ``"stack"``).
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from wonders.architects.cards import CENTRAL, facts
from wonders.architects.payments import payments
from wonders.core.actions import action_object
from wonders.core.errors import IllegalActionError
from wonders.core.i18n import _

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
                raise IllegalActionError(_("an action's {what} must be a name").format(what=what))
        stage = data.get("stage", 0)
        if not isinstance(stage, int) or isinstance(stage, bool):
            raise IllegalActionError(_("an action's stage must be a number"))
        pay = data.get("pay", [])
        if not isinstance(pay, list) or not all(isinstance(x, str) for x in pay):
            raise IllegalActionError(_("an action's pay must be a list of card kinds"))
        return cls(kind, deck, card, stage, tuple(sorted(pay)), token)

    def describe(self) -> str:
        token = "the top of the token stack" if self.token == STACK else self.token
        texts = {
            "take": f"take the top card of the {self.deck} deck",
            "search": f"look at the top cards of the {self.deck} deck",
            "pick": f"keep {self.card}",
            "build": f"build stage {self.stage} spending {', '.join(self.pay)}",
            "science": f"spend {', '.join(self.pay)} for {token}",
            "token": f"take {token}",
        }
        return texts.get(self.kind, f"unknown action {self.kind!r}")


class ActionTable:
    """Every action value made once and shared: legal-action lists are assembled from these,
    so a decision allocates no Action. Build actions are memoised per (grey cards, yellow
    cards, stage, Engineering, usable Economy), keyed by one int (``build_key``)."""

    def __init__(self) -> None:
        f = facts()
        decks = [*f.wonders, CENTRAL]
        self.take = {d: Action("take", deck=d) for d in decks}
        self.search = {d: Action("search", deck=d) for d in f.wonders}
        self.pick = [Action("pick", card=name) for name in f.names]
        tokens = [*dict.fromkeys(f.tokens), STACK]
        self.token = {t: Action("token", token=t) for t in tokens}
        sci = [f.names[k] for k in f.sci_kind]
        # the ways to pay a science token: a pair of each symbol, then one of each
        pays = [(name, name) for name in sci] + [tuple(sorted(sci))]
        self.science = {t: [Action("science", pay=use, token=t) for use in pays] for t in tokens}
        self.res_kind = f.res_kind
        self.gold_kind = f.gold_kind
        self.costs = f.costs
        self._builds: dict[int, list[Action]] = {}

    def build_key(self, have: list[int], engineering: bool, economy: bool) -> int:
        """The cards that matter to a payment (each capped at 4) and the two tokens, as an
        int; ``builds`` adds the stage."""
        key = 0
        for k in self.res_kind:
            c = have[k]
            key = key * 5 + (c if c < 4 else 4)
        c = have[self.gold_kind]
        key = key * 5 + (c if c < 4 else 4)
        return (key * 2 + (1 if engineering else 0)) * 2 + (1 if economy else 0)

    def builds(self, key: int, stage: int) -> list[Action]:
        """The build actions of ``stage`` for the cards of ``key`` (shared: do not change)."""
        full = key * 8 + stage
        acts = self._builds.get(full)
        if acts is None:
            economy = key & 1 == 1
            engineering = key >> 1 & 1 == 1
            rest = key >> 2
            gold = rest % 5
            rest //= 5
            res = []
            for _ in self.res_kind:
                res.append(rest % 5)
                rest //= 5
            cost = self.costs[stage - 1]
            pays = payments(tuple(reversed(res)), gold, cost.count, cost.same, engineering, economy)
            acts = [Action("build", stage=stage, pay=pay) for pay in pays]
            self._builds[full] = acts
        return acts


@cache
def table() -> ActionTable:
    """The shared action values, made once."""
    return ActionTable()
