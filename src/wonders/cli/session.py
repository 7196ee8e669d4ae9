"""One human game against bots, shared by the line mode (``--plain``) and the full-screen app.

The session applies every action (the human's and the bots') through ``apply`` so that the
game record it keeps replays with ``wonders replay``; bots move until the human has a
decision (in 7 Wonders everyone chooses at once: the bots choose first, as before). Given a
``save_path``, it saves the game in progress after every action (``wonders.cli.saves``) and
removes that save once the finished game's record is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wonders.bots import make_bot
from wonders.cli.saves import (
    Checkpoint,
    Saved,
    records_folder,
    remove_leftovers,
    rng_state,
    set_rng_state,
)
from wonders.core.errors import InputError, WondersError
from wonders.core.i18n import _
from wonders.core.protocol import JSON, Result, State, View
from wonders.core.records import GameRecord, bot, person, replay
from wonders.core.registry import get_game

__all__ = ["SeatTable", "Session", "bot_seed", "free_path", "records_folder", "save_record"]


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game of seed ``seed`` (play and simulate)."""
    return seed * 1000 + seat


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
        raise InputError(
            _("cannot write a record into {folder}: {reason}").format(folder=folder, reason=exc)
        ) from None
    return path


@dataclass
class Session:
    """The human at ``seat``, every other seat a bot of kind ``bots`` seeded with
    ``bot_seed``; the finished record goes to ``records`` (None: ``records_folder()``)."""

    game: str
    options: JSON
    seed: int
    seat: int
    bots: str = "greedy"
    records: Path | None = None
    save_path: Path | None = None  # the game in progress, rewritten after every action
    state: State = field(init=False)
    record: GameRecord = field(init=False)
    opponents: dict[int, Any] = field(init=False)
    checkpoints: list[Checkpoint] = field(init=False, default_factory=list)
    # why the last save failed (None: the save holds the game as it is now)
    save_problem: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.state = get_game(self.game).setup(dict(self.options), self.seed)
        seats = [
            person() if p == self.seat else bot(self.bots) for p in range(self.state.num_players)
        ]
        self.record = GameRecord(self.game, dict(self.options), self.seed, seats=seats)
        self.opponents = {
            p: make_bot(self.bots, bot_seed(self.seed, p))
            for p in range(self.state.num_players)
            if p != self.seat
        }

    @classmethod
    def resume(cls, path: Path) -> Session:
        """The game saved at ``path``, replayed up to its last action, its bots' generators
        where they were: it goes on exactly as it would have without the interruption."""
        saved = Saved.load(path)
        rec = saved.record
        try:
            session = cls(rec.game, rec.options, rec.seed, saved.seat, saved.bots, saved.records)
            if not 0 <= saved.seat < session.state.num_players:
                raise InputError(_("there is no seat {n}").format(n=saved.seat))
            session.state = replay(rec)
            session.record.actions = list(rec.actions)
            session._restore(saved.now)
            if saved.undo is not None:
                session._check(saved.undo)
                session.checkpoints.append(saved.undo)
        except (WondersError, ValueError) as exc:
            raise InputError(
                _("{path}: the saved game does not replay: {reason}").format(path=path, reason=exc)
            ) from None
        session.save_path = path
        remove_leftovers(path)
        return session

    def apply(self, player: int, action: Any) -> None:
        before = self._checkpoint() if player == self.seat else None
        self.state.apply(player, action)
        self.record.actions.append((player, action.to_json()))
        if before is not None:
            self.checkpoints.append(before)
        self.autosave()

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

    def take_back(self) -> bool:
        """Undo the human's last decision and the bots' moves after it (every other seat is
        a bot, so no one else loses a choice): the state is the record's replay up to that
        decision and the bots' generators are as they were then, so the same choice again
        gives the same game. False when there is nothing to take back."""
        if not self.checkpoints or self.state.is_terminal():
            return False
        point = self.checkpoints.pop()
        del self.record.actions[point.actions :]
        self.state = replay(self.record)
        self._restore(point)
        self.autosave()
        return True

    def autosave(self) -> None:
        """Rewrite the save (if any) with the game as it is now, all at once. A failure (a
        full disk, a folder made read-only) is kept in ``save_problem`` for the front end to
        say, never raised: the game goes on, the save file keeps the last game it could
        write, and the next decision tries again."""
        if self.save_path is None:
            return
        undo = self.checkpoints[-1] if self.checkpoints else None
        saved = Saved(self.record, self.seat, self.bots, self._checkpoint(), undo, self.records)
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            saved.write(self.save_path)
        except OSError as exc:
            self.save_problem = _("cannot save the game in {path}: {reason}").format(
                path=self.save_path, reason=exc.strerror or exc
            )
            return
        self.save_problem = None

    def save(self, folder: Path | None = None) -> Path:
        """The finished game's record, saved so that ``wonders replay`` replays it; the
        game's save is then removed."""
        self.record.result = self.state.result().to_json()
        path = save_record(self.record, folder or self.records or records_folder())
        if self.save_path is not None:
            self.save_path.unlink(missing_ok=True)
            self.save_path = None
        return path

    def _checkpoint(self) -> Checkpoint:
        rngs = {p: rng_state(bot) for p, bot in self.opponents.items()}
        return Checkpoint(len(self.record.actions), rngs)

    def _check(self, point: Checkpoint) -> None:
        """A saved checkpoint must stand just before one of the human's actions."""
        actions = self.record.actions
        if not 0 <= point.actions < len(actions) or actions[point.actions][0] != self.seat:
            raise ValueError(_("its take-back point is not before one of your decisions"))
        for p in self.opponents:  # the states must fit the bots
            set_rng_state(make_bot(self.bots), point.rngs.get(p))

    def _restore(self, point: Checkpoint) -> None:
        for p, opponent in self.opponents.items():
            set_rng_state(opponent, point.rngs.get(p))


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
        self._seen: tuple[int, View] | None = None

    def view(self) -> View:
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
            raise InputError(_("the game is not over"))
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

    @property
    def saved_at(self) -> Path | None:
        """Where the game in progress is saved (None: it is not)."""
        return self._session.save_path

    @property
    def save_problem(self) -> str | None:
        """Why the game as it is now is not saved (None: it is, or saving is off)."""
        return self._session.save_problem

    def take_back(self) -> bool:
        """Undo the seat's last decision (and the bots' moves after it); False if none."""
        if not self._session.take_back():
            return False
        self._seen = None
        return True
