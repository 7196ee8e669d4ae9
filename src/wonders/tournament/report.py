"""A tournament's results: JSON, the rich table, and the game records on disk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.table import Table

from wonders.core.errors import InputError
from wonders.core.i18n import _
from wonders.core.records import GameRecord
from wonders.tournament.resume import record_name
from wonders.tournament.stats import summary


def results(
    game: str, options: dict[str, Any], lineup: list[str], outcomes: list[dict[str, Any]]
) -> dict[str, Any]:
    """The tournament as JSON: setup, per-bot statistics and every game's outcome."""
    return {
        "game": game,
        "options": options,
        "lineup": lineup,
        "games": len(outcomes),
        "bots": summary(outcomes),
        "outcomes": [{k: v for k, v in o.items() if k != "record"} for o in outcomes],
        "resumed": sum(1 for o in outcomes if o.get("resumed")),
    }


def table(data: dict[str, Any]) -> Table:
    """Per bot: seat-games, win rate (%) with its 95% interval, fair share, mean score, mean
    rank and the OpenSkill rating, best ordinal (mu - 3 sigma) first."""
    title = _("{games} games of {game}, {seats} seats").format(
        games=data["games"], game=data["game"], seats=len(data["lineup"])
    )
    out = Table(title=title)
    for column in (
        _("bot"), _("games"), _("win %"), _("95% CI"), _("fair %"), _("score"), _("rank"),
        _("μ ± σ"),
    ):  # fmt: skip
        out.add_column(column, justify="right")
    bots = sorted(data["bots"].items(), key=lambda item: -item[1]["rating"]["ordinal"])
    for name, row in bots:
        low, high = row["win_rate_95"]
        rating = row["rating"]
        out.add_row(
            name,
            str(row["seat_games"]),
            f"{100 * row['win_rate']:.1f}",
            f"{100 * low:.0f}-{100 * high:.0f}",
            f"{100 * row['fair_share']:.0f}",
            f"{row['mean_score']:.1f}",
            f"{row['mean_rank']:.2f}",
            f"{rating['mu']:.1f} ± {rating['sigma']:.1f}",
        )
    return out


def save_records(folder: Path, outcomes: list[dict[str, Any]]) -> None:
    """One replayable game record a game: ``GAME-sSEED-rROTATION.json`` (``resume``)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for o in outcomes:
            name = record_name(o["game"], o["seed"], o["rotation"])
            GameRecord.from_json(o["record"]).save(folder / name)
    except OSError as exc:
        raise InputError(
            _("cannot write game records into {folder}: {reason}").format(folder=folder, reason=exc)
        ) from None


def save_json(path: Path, data: dict[str, Any]) -> None:
    try:
        path.write_text(json.dumps(data, indent=1) + "\n")
    except OSError as exc:
        raise InputError(_("cannot write {path}: {reason}").format(path=path, reason=exc)) from None
