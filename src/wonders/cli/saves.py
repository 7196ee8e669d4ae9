"""Games in progress, saved after every decision so that a crash, a kill or a closed
terminal loses nothing (``wonders play --resume``, ``wonders resume FILE``).

A save is a game record (``GameRecord`` JSON: game, options, seed, the actions so far, no
result) with a ``resume`` part: the human's seat, the bots' spec, each bot's random
generator state (a bot's only memory between decisions: random, greedy, montecarlo and
ismcts keep nothing else), the same just before the human's last decision (for ``u``) and
the folder of the finished game's record. The generator states make a resumed game's bots
choose exactly as they would have without the interruption.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import random
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonders.core.errors import InputError, RecordError
from wonders.core.i18n import _
from wonders.core.protocol import JSON
from wonders.core.records import GameRecord

SAVE_VERSION = 1
TEMPORARY = ".tmp"  # the suffix of a save being written


def records_folder() -> Path:
    """Where ``play`` saves its records: ``$WONDERS_RECORDS``, else the user's data folder."""
    if os.environ.get("WONDERS_RECORDS"):
        return Path(os.environ["WONDERS_RECORDS"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wonders" / "records"


def saves_folder() -> Path:
    """``$WONDERS_SAVES``, else ``saves`` beside the records folder (by default
    ``~/.local/share/wonders/saves``; ``$WONDERS_RECORDS`` moves both)."""
    if os.environ.get("WONDERS_SAVES"):
        return Path(os.environ["WONDERS_SAVES"])
    return records_folder().parent / "saves"


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once: a temporary file in the same folder,
    flushed to disk, then renamed over it; an interruption leaves the old file whole."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMPORARY)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:  # KeyboardInterrupt too: never leave the temporary file behind
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # the rename itself survives a power cut (POSIX)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def remove_leftovers(path: Path) -> None:
    """Remove the temporary files of writes to ``path`` that a kill cut short."""
    for left in path.parent.glob(f".{glob.escape(path.name)}.*{TEMPORARY}"):
        left.unlink(missing_ok=True)


def resume_command(path: Path) -> str:
    """The exact command that continues the game saved at ``path``."""
    return f"wonders resume {shlex.quote(str(path))}"


def latest_save(folder: Path) -> Path:
    """The most recently written save in ``folder``."""
    try:
        saves = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        saves = []
    if not saves:
        raise InputError(_("no unfinished game to resume in {folder}").format(folder=folder))
    return max(saves, key=lambda p: p.stat().st_mtime_ns)


def rng_state(bot: Any) -> list[Any] | None:
    """The bot's random generator state as JSON (None for a bot without one)."""
    rng = getattr(bot, "rng", None)
    if not isinstance(rng, random.Random):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def set_rng_state(bot: Any, state: Any) -> None:
    """Give the bot back a generator state from ``rng_state``; a bad one is a ValueError."""
    rng = getattr(bot, "rng", None)
    if not isinstance(rng, random.Random):
        if state is not None:
            raise ValueError(_("this bot has no random generator"))
        return
    if not isinstance(state, list) or len(state) != 3 or not isinstance(state[1], list):
        raise ValueError(_("a generator state must be [version, [numbers], gauss]"))
    try:
        rng.setstate((state[0], tuple(state[1]), state[2]))
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(_("not a generator state: {reason}").format(reason=exc)) from None


@dataclass
class Checkpoint:
    """The moment before one of the human's decisions: the actions played until then and
    each bot's generator state (by seat)."""

    actions: int
    rngs: dict[int, Any]

    def to_json(self) -> JSON:
        return {"actions": self.actions, "rngs": {str(p): s for p, s in self.rngs.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Checkpoint:
        if not isinstance(data, dict) or not isinstance(data.get("actions"), int):
            raise ValueError(_("a take-back point must be {{actions, rngs}}"))
        return cls(data["actions"], _seats(data.get("rngs")))


@dataclass
class Saved:
    """A save's contents: the record so far and what the session needs to go on."""

    record: GameRecord
    seat: int
    bots: str
    now: Checkpoint
    undo: Checkpoint | None = None
    records: Path | None = None

    def to_json(self) -> JSON:
        data: JSON = self.record.to_json()
        data["resume"] = {
            "version": SAVE_VERSION,
            "seat": self.seat,
            "bots": self.bots,
            "rngs": self.now.to_json()["rngs"],
            "undo": self.undo.to_json() if self.undo else None,
            "records": str(self.records) if self.records else None,
        }
        return data

    def write(self, path: Path) -> None:
        write_atomically(path, json.dumps(self.to_json(), separators=(",", ":")) + "\n")

    @classmethod
    def load(cls, path: Path) -> Saved:
        """The save at ``path``; anything else is an InputError that names it."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as exc:  # ValueError: JSON, UTF-8
            reason = "nested too deeply" if isinstance(exc, RecursionError) else exc
            raise InputError(
                _("cannot read the saved game {path}: {reason}").format(path=path, reason=reason)
            ) from None
        if isinstance(data, dict) and "result" in data:
            raise InputError(
                _("{path} is a finished game's record, not a save (wonders replay shows it)")
                .format(path=path)
            )  # fmt: skip
        try:
            if not isinstance(data, dict) or not isinstance(data.get("resume"), dict):
                raise ValueError(_("it has no 'resume' part"))
            record = GameRecord.from_json(data)
            part = data["resume"]
            if part.get("version") != SAVE_VERSION:
                raise ValueError(_("unknown save version {v!r}").format(v=part.get("version")))
            seat, bots, records = part.get("seat"), part.get("bots"), part.get("records")
            if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(bots, str):
                raise ValueError(_("its seat must be a number and its bots a name"))
            if records is not None and not isinstance(records, str):
                raise ValueError(_("its records folder must be a path"))
            now = Checkpoint(len(record.actions), _seats(part.get("rngs")))
            undo = None if part.get("undo") is None else Checkpoint.from_json(part["undo"])
        except (ValueError, RecordError) as exc:
            raise InputError(
                _("{path} is not a saved game: {reason}").format(path=path, reason=exc)
            ) from None
        return cls(record, seat, bots, now, undo, Path(records) if records else None)


def _seats(data: Any) -> dict[int, Any]:
    """``{"1": state, ...}`` with the seats as numbers."""
    if not isinstance(data, dict):
        raise ValueError(_("the bots' generator states must be an object by seat"))
    try:
        return {int(seat): state for seat, state in data.items()}
    except ValueError:
        raise ValueError(_("the bots' generator states must be by seat number")) from None
