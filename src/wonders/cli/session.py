"""One human game against bots, shared by the line mode (``--plain``) and the full-screen app.

The session applies every action (the human's and the bots') through ``apply`` so that the
game record it keeps replays with ``wonders replay``; bots move until the human has a
decision (in 7 Wonders everyone chooses at once: the bots choose first, as before).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wonders.bots import make_bot
from wonders.core.errors import InputError
from wonders.core.protocol import JSON, Result, State
from wonders.core.records import GameRecord
from wonders.core.registry import get_game


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game of seed ``seed`` (play and simulate)."""
    return seed * 1000 + seat


def records_folder() -> Path:
    """Where ``play`` saves its records: ``$WONDERS_RECORDS``, else the user's data folder."""
    if os.environ.get("WONDERS_RECORDS"):
        return Path(os.environ["WONDERS_RECORDS"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wonders" / "records"


def free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.json``, or ``stem-2.json``, ``stem-3.json``...: never an existing file."""
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def save_record(record: GameRecord, folder: Path) -> Path:
    """Save ``record`` as ``<game>-<seed>.json`` in ``folder`` without overwriting any file."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = free_path(folder, f"{record.game}-{record.seed}")
        record.save(path)
    except OSError as exc:
        raise InputError(f"cannot write a record into {folder}: {exc}") from None
    return path


@dataclass
class Session:
    game: str
    options: JSON
    seed: int
    seat: int
    bots: str = "greedy"
    state: State = field(init=False)
    record: GameRecord = field(init=False)
    opponents: dict[int, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.state = get_game(self.game).setup(dict(self.options), self.seed)
        self.record = GameRecord(self.game, dict(self.options), self.seed)
        self.opponents = {
            p: make_bot(self.bots, bot_seed(self.seed, p))
            for p in range(self.state.num_players)
            if p != self.seat
        }

    def apply(self, player: int, action: Any) -> None:
        self.state.apply(player, action)
        self.record.actions.append((player, action.to_json()))

    def bots_move(self) -> None:
        """Let the bots play until the human must decide or the game is over."""
        state = self.state
        while not state.is_terminal():
            waiting = [p for p in state.to_move() if p != self.seat]
            if not waiting:
                return
            for p in waiting:
                self.apply(p, self.opponents[p].choose(state, p))
            if self.seat in state.to_move():
                return

    def my_turn(self) -> bool:
        return not self.state.is_terminal() and self.seat in self.state.to_move()

    def save(self, folder: Path | None = None) -> Path:
        """The finished game's record, saved so that ``wonders replay`` replays it."""
        self.record.result = self.state.result().to_json()
        return save_record(self.record, folder or records_folder())


class SeatTable:
    """All a front end gets of a game: one seat's ``view``, its ``legal_actions`` and
    ``act``; the final ``result`` once the game is over (every score is public then).

    The session behind it (the true state, the bots, the record) stays out of reach of the
    screens: whatever they show is a function of the view and the legal actions.
    """

    def __init__(self, session: Session) -> None:
        self._session = session
        self.seat = session.seat
        self.game = session.game
        self.seed = session.seed
        self.options: JSON = dict(session.options)
        self._seen: tuple[int, JSON] | None = None

    def view(self) -> JSON:
        """The seat's view now (the same object until the next move: read it, don't edit)."""
        moves = len(self._session.record.actions)
        if self._seen is None or self._seen[0] != moves:
            self._seen = (moves, self._session.state.view(self.seat))
        return self._seen[1]

    def legal_actions(self) -> list[Any]:
        """The seat's choices now (none when it is not the seat's turn)."""
        if not self._session.my_turn():
            return []
        return list(self._session.state.legal_actions(self.seat))

    def is_over(self) -> bool:
        return bool(self._session.state.is_terminal())

    def result(self) -> Result:
        """The final scores, once the game is over."""
        if not self.is_over():
            raise InputError("the game is not over")
        result: Result = self._session.state.result()
        return result

    def start(self) -> None:
        """Let the bots play up to the seat's first decision."""
        self._session.bots_move()

    def act(self, action: Any) -> None:
        """Play ``action`` for the seat, then let the bots play up to its next decision."""
        self._session.apply(self.seat, action)
        self._session.bots_move()

    def save(self, folder: Path | None = None) -> Path:
        """The finished game's record (``wonders replay`` replays it)."""
        return self._session.save(folder)
