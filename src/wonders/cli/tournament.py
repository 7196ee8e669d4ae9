"""``wonders tournament``: bots against bots on paired seeds and rotated seats, rated."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from wonders.core.errors import OptionsError, WondersError
from wonders.core.i18n import N_, _, ngettext
from wonders.core.registry import command_options, get_game
from wonders.tournament import report, resume, runner
from wonders.tournament.schedule import parse_lineup, schedule

errors = Console(stderr=True)


class GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(_("{rate:.2f} games/s").format(rate=rate))


def table_options(
    game: str, seats: int, sides: str, expansions: str | None, teams: bool, first_game: bool
) -> dict[str, Any]:
    """The game's setup options for a table of ``seats`` bots."""
    info = get_game(game)
    if info.min_players == info.max_players and seats != info.min_players:
        raise OptionsError(
            ngettext(
                "{game} is for {n} players; --bots names {seats}",
                "{game} is for {n} players; --bots names {seats}",
                info.min_players,
            ).format(game=info.titled(), n=info.min_players, seats=seats)
        )
    return command_options(game, seats, sides, expansions, teams, first_game)


def tournament(
    game: Annotated[str, typer.Argument(help=N_("classic, duel or architects"))],
    bots: Annotated[
        str,
        typer.Option(
            help=N_(
                "one bot a seat, comma-separated; NAME*K repeats (ismcts,greedy*3); search "
                "bots take a think budget: ismcts:0.5 (seconds a move), ismcts:300i (iterations)"
            )
        ),
    ],
    games: Annotated[
        int, typer.Option(help=N_("games, a multiple of the seats (0: ten a seat)"))
    ] = 0,
    seed: Annotated[int, typer.Option(help=N_("seed of the first deal (then +1 a block)"))] = 0,
    workers: Annotated[int, typer.Option(help=N_("local processes (default: every core)"))] = 0,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray", help=N_("run the games as Ray tasks: a cluster address, auto or local")
        ),
    ] = None,
    sides: Annotated[str, typer.Option(help=N_("7 Wonders: A, B or random"))] = "random",
    expansions: Annotated[str | None, typer.Option(help=N_("7 Wonders: leaders,cities"))] = None,
    teams: Annotated[
        bool, typer.Option("--teams/--no-teams", help=N_("7 Wonders: in pairs"))
    ] = False,
    first_game: Annotated[
        bool, typer.Option("--first-game", help=N_("Duel: first-game wonders"))
    ] = False,
    records: Annotated[
        Path,
        typer.Option(
            help=N_(
                "folder for one replayable game record a game, each written as its game ends; "
                "a tournament run again into the same folder goes on where it stopped"
            )
        ),
    ] = Path("tournament-records"),
    fresh: Annotated[
        bool,
        typer.Option("--fresh", help=N_("play every game again, even those already recorded")),
    ] = False,
    output: Annotated[
        Path | None, typer.Option(help=N_("also write the JSON results here"))
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print the JSON results"))] = False,
) -> None:
    """Bots against bots: every bot in every seat of every deal; win rates, ratings, records."""
    try:
        _tournament(game, bots, games, seed, workers, ray, sides, expansions, teams,
                    first_game, records, output, as_json, fresh)  # fmt: skip
    except WondersError as exc:
        message = " ".join(str(exc).split())
        errors.print(Text.assemble(("error: ", "red"), message), soft_wrap=True)
        raise typer.Exit(1) from None


def _tournament(
    game: str, bots: str, games: int, seed: int, workers: int, ray: str | None, sides: str,
    expansions: str | None, teams: bool, first_game: bool, records: Path,
    output: Path | None, as_json: bool, fresh: bool = False,
) -> None:  # fmt: skip
    lineup = parse_lineup(bots)
    options = table_options(game, len(lineup), sides, expansions, teams, first_game)
    get_game(game).setup(dict(options), seed)  # impossible options fail before any game
    specs = schedule(game, options, lineup, games or 10 * len(lineup), seed)
    if workers < 0:
        raise OptionsError(_("--workers must be 0 (every core) or more"))
    report.save_records(records, [])  # an unwritable folder fails before any game
    earlier = [] if fresh else resume.finished(records, specs)
    played = {o["index"] for o in earlier}
    todo = [s for s in specs if s.index not in played]
    if earlier:
        errors.print(
            ngettext(
                "Going on where the last run stopped: {n} of {total} game is already in {folder} "
                "(--fresh plays them all again).",
                "Going on where the last run stopped: {n} of {total} games are already in {folder} "
                "(--fresh plays them all again).",
                len(earlier),
            ).format(n=len(earlier), total=len(specs), folder=records),
            soft_wrap=True,
            highlight=False,
        )
    if ray is not None:
        runner.connect_ray(ray)  # before the progress bar: a bad address is one clear line
    console = Console(stderr=True)
    columns = (
        TextColumn(_("games")), BarColumn(), MofNCompleteColumn(), GamesPerSecond(),
        TimeRemainingColumn(),
    )  # fmt: skip
    start = time.perf_counter()
    with Progress(*columns, console=console, transient=as_json) as progress:
        task = progress.add_task("", total=len(specs), completed=len(earlier))

        def done(outcome: dict[str, Any]) -> None:  # each record saved as its game ends
            report.save_records(records, [outcome])
            progress.advance(task)

        outcomes: list[dict[str, Any]] = list(earlier)
        if todo and ray is not None:
            outcomes += runner.run_ray(todo, ray, done)
        elif todo:
            outcomes += runner.run_local(todo, workers or os.cpu_count() or 1, done)
    outcomes.sort(key=lambda o: o["index"])
    data = report.results(game, options, lineup, outcomes)
    data["seconds"] = round(time.perf_counter() - start, 3)
    if output is not None:
        report.save_json(output, data)
    if as_json:
        print(json.dumps(data))
        return
    Console().print(report.table(data))
    console.print(_("records in {folder}").format(folder=records))
