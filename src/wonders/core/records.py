"""Game records: options, seed and actions, which replay exactly.

A record also stores the result it ended with, so a tampered record that still happens
to be legal is caught when the replayed result differs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wonders.core.errors import RecordError, WondersError
from wonders.core.i18n import _
from wonders.core.protocol import JSON, ResultView, State
from wonders.core.registry import get_game

RECORD_VERSION = 1


SEAT_KINDS = ("person", "bot")


def person() -> JSON:
    """A record's seat played by a person."""
    return {"kind": "person"}


def bot(name: str) -> JSON:
    """A record's seat played by the bot ``name``."""
    return {"kind": "bot", "bot": name}


@dataclass
class GameRecord:
    game: str
    options: JSON
    seed: int
    actions: list[tuple[int, JSON]] = field(default_factory=list)
    result: ResultView | None = None
    # who played each seat: {"kind": "person"} or {"kind": "bot", "bot": name} (optional:
    # records written before it have none)
    seats: list[JSON] | None = None

    def to_json(self) -> JSON:
        data: JSON = {
            "version": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": [[p, a] for p, a in self.actions],
        }
        if self.result is not None:
            data["result"] = self.result
        if self.seats is not None:
            data["seats"] = self.seats
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError(_("a game record must be a JSON object"))
        for key in ("version", "game", "options", "seed", "actions"):
            if key not in data:
                raise RecordError(_("the game record has no {key}").format(key=repr(key)))
        if data["version"] != RECORD_VERSION or isinstance(data["version"], bool):
            raise RecordError(
                _(
                    "unknown game record version {version}; this program reads version {ours}"
                ).format(version=repr(data["version"]), ours=RECORD_VERSION)
            )
        if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
            raise RecordError(_("the record's seed must be an integer"))
        if not isinstance(data["options"], dict):
            raise RecordError(_("the record's options must be an object"))
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError(_("the record's actions must be a list"))
        parsed: list[tuple[int, JSON]] = []
        for i, item in enumerate(actions):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], dict)
            ):
                raise RecordError(_("action #{i} must be [seat, action-object]").format(i=i))
            parsed.append((item[0], item[1]))
        result = data.get("result")
        seats = data.get("seats")
        if seats is not None and not (
            isinstance(seats, list)
            and all(
                isinstance(s, dict)
                and s.get("kind") in SEAT_KINDS
                and (s["kind"] == "person" or isinstance(s.get("bot"), str))
                for s in seats
            )
        ):
            raise RecordError(
                _("the record's seats must be a list, each seat a person or a bot with its name")
            )
        return cls(str(data["game"]), dict(data["options"]), data["seed"], parsed, result, seats)

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as exc:  # ValueError: bad JSON or UTF-8
            reason = "nested too deeply" if isinstance(exc, RecursionError) else exc
            raise RecordError(
                _("cannot read the game record {path}: {reason}").format(path=path, reason=reason)
            ) from None
        return cls.from_json(data)


def replay(record: GameRecord) -> State:
    """Replay a record; any illegal action or result mismatch is a RecordError."""
    try:
        state = get_game(record.game).setup(dict(record.options), record.seed)
    except WondersError as exc:
        raise RecordError(
            _("the record's game cannot be set up: {reason}").format(reason=exc)
        ) from exc
    for i, (seat, action_json) in enumerate(record.actions):
        try:
            action = state.action_from_json(action_json)
            state.apply(seat, action)
        except WondersError as exc:
            raise RecordError(
                _("action #{i} (seat {seat}) does not replay: {reason}").format(
                    i=i, seat=seat, reason=exc
                )
            ) from exc
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError(_("the record claims a result but its game is not over"))
        replayed = state.result().to_json()
        if replayed != record.result:
            raise RecordError(_("the replayed result differs from the one in the record"))
    return state
