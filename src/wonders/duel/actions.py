"""Actions of 7 Wonders Duel: small immutable values with a stable JSON form.

``kind`` is one of:

- ``pick_wonder``: the wonder draft: take ``wonder`` from the face-up wonders.
- ``build``: take ``card`` from the structure and build it (its coin cost and the resources
  bought from the bank are paid as cheaply as possible; a chain build is free).
- ``sell``: take ``card`` from the structure and discard it for 2 coins + 1 per yellow card.
- ``wonder``: take ``card`` from the structure and put it under ``wonder``, paying the wonder.
- ``token``: a progress token (a pair of science symbols: one of the board's; the Great
  Library: one of the 3 drawn).
- ``destroy``: the Statue of Zeus / Circus Maximus: send the opponent's ``card`` to the
  discard pile.
- ``discard_build``: the Mausoleum: build ``card`` from the discard pile for free.
- ``start``: at the end of an Age, the chooser names the ``seat`` that starts the next one.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wonders.core.actions import action_object
from wonders.core.errors import IllegalActionError
from wonders.core.i18n import _

KINDS = (
    "pick_wonder",
    "build",
    "sell",
    "wonder",
    "token",
    "destroy",
    "discard_build",
    "start",
)
_TEXT_FIELDS = ("card", "wonder", "token")


class Action(NamedTuple):
    kind: str
    card: str = ""
    wonder: str = ""
    token: str = ""
    seat: int = -1

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in _TEXT_FIELDS:
            value = getattr(self, name)
            if value:
                out[name] = value
        if self.seat >= 0:
            out["seat"] = self.seat
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        action_object(data, KINDS, ("seat", *_TEXT_FIELDS))
        kind = data["kind"]
        texts = []
        for name in _TEXT_FIELDS:
            value = data.get(name, "")
            if not isinstance(value, str):
                raise IllegalActionError(_("an action's {name} must be a name").format(name=name))
            texts.append(value)
        seat = data.get("seat", -1)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalActionError(_("an action's seat must be 0 or 1"))
        return cls(kind, texts[0], texts[1], texts[2], seat)

    def describe(self) -> str:
        texts = {
            "pick_wonder": f"take {self.wonder}",
            "build": f"build {self.card}",
            "sell": f"sell {self.card}",
            "wonder": f"build {self.wonder} with {self.card}",
            "token": f"take the progress token {self.token}",
            "destroy": f"destroy the opponent's {self.card}",
            "discard_build": f"build {self.card} from the discard pile (Mausoleum)",
            "start": f"seat {self.seat} starts the next Age",
        }
        return texts.get(self.kind, f"unknown action {self.kind!r}")
