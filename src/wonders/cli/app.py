"""The ``wonders`` command: play, resume, simulate, replay, score, list cards, benchmark."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from wonders.bots import BOT_NAMES, LEARNED_BOTS, LEVELS, make_bot
from wonders.bots import speed as search_speed
from wonders.cli import render, throughput
from wonders.cli.plain import Question
from wonders.cli.saves import latest_save, records_folder, resume_command, saves_folder
from wonders.cli.serve import serve as serve_command
from wonders.cli.session import Session, bot_seed, free_path
from wonders.cli.tournament import tournament as tournament_command
from wonders.core.errors import InputError, OptionsError, WondersError
from wonders.core.i18n import LANGUAGES, N_, LanguageError, _, ngettext, pgettext, set_language
from wonders.core.present import listed as in_words
from wonders.core.records import GameRecord, bot
from wonders.core.records import replay as replay_record
from wonders.core.registry import command_options, game_names, get_game, taking

console = Console()
errors = Console(stderr=True)


class OneLineErrors(TyperGroup):
    """typer's group, but a wrong option or value is one line on stderr (``error: ...``,
    exit code 2) like the project's other errors, not a boxed usage message."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone_mode = kwargs.pop("standalone_mode", True)
        try:
            given = kwargs.get("args")
            kwargs["args"] = _take_language(list(sys.argv[1:] if given is None else given))
            _translate_help(self)
        except LanguageError as exc:
            errors.print(Text.assemble(("error: ", "red"), str(exc)), soft_wrap=True)
            sys.exit(2)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
        except Exception as exc:  # click's exceptions (typer may vendor click): by name
            kinds = {c.__name__ for c in type(exc).__mro__}
            if "NoArgsIsHelpError" in kinds:
                exc.show()  # type: ignore[attr-defined]  # `wonders` alone: the help
            elif "ClickException" in kinds:
                message = " ".join(exc.format_message().split())  # type: ignore[attr-defined]
                errors.print(Text.assemble(("error: ", "red"), message), soft_wrap=True)
            elif "Abort" in kinds:
                errors.print("Aborted.")
            else:
                raise
            sys.exit(getattr(exc, "exit_code", 1))
        if standalone_mode:
            sys.exit(code if isinstance(code, int) else 0)
        return code


def _translate_help(command: Any) -> None:
    """``command``'s help texts (and its subcommands' and options'), marked ``N_`` where they
    are written, in the reader's language, their fields filled."""
    fields = {
        "games": ", ".join(game_names()),
        "bots": ", ".join(LEVELS + BOT_NAMES + LEARNED_BOTS),
        "languages": ", ".join(LANGUAGES),
        "records": str(records_folder()),
        "saves": str(saves_folder()),
    }

    def shown(text: str) -> str:
        text = _(text)
        for key, value in fields.items():
            text = text.replace("{" + key + "}", value)
        return text

    for attribute in ("help", "short_help"):
        if getattr(command, attribute, None):
            setattr(command, attribute, shown(getattr(command, attribute)))
    for param in getattr(command, "params", []):
        if getattr(param, "help", None):
            param.help = shown(param.help)
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub)


def _take_language(args: list[str]) -> list[str]:
    """``args`` without ``--lang X`` (anywhere: every command takes it), whose language
    becomes this process's (else ``WONDERS_LANG``, the system locale, English)."""
    wanted: str | None = None
    rest: list[str] = []
    it = iter(args)
    for arg in it:
        if arg == "--":
            rest += [arg, *it]
        elif arg == "--lang":
            wanted = next(it, "")
            if not wanted:
                raise LanguageError(
                    _("--lang needs a language: {known}").format(known=", ".join(LANGUAGES))
                )
        elif arg.startswith("--lang="):
            wanted = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    set_language(wanted)
    return rest


app = typer.Typer(
    help=N_("The 7 Wonders family of games: play, simulate, replay, score."),
    no_args_is_help=True,
    add_completion=False,
    cls=OneLineErrors,
)


@app.callback()
def _language(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=N_(
                "the language of the text: {languages} (else WONDERS_LANG, the system locale, "
                "English); every command takes it"
            ),
        ),
    ] = None,
) -> None:
    """``--lang`` for the help: every command takes it (``_take_language``)."""


app.command(
    "tournament",
    help=N_(
        "Bots against bots: every bot in every seat of every deal; win rates, ratings, records."
    ),
)(tournament_command)
app.command(
    "serve",
    help=N_("Start the web table: open http://HOST:PORT/ to create tables and invite friends."),
)(serve_command)

F = TypeVar("F", bound=Callable[..., Any])

Game = Annotated[str, typer.Argument(help=N_("the game: {games}"))]
Players = Annotated[
    int | None,
    typer.Option(
        help=N_(
            "number of players (classic 2-7, 8 with cities; 3 if omitted; duel 2, architects 3)"
        )
    ),
]
Expansions = Annotated[
    str | None, typer.Option(help=N_("7 Wonders expansions, comma-separated (leaders, cities)"))
]
Teams = Annotated[
    bool,
    typer.Option(
        "--teams/--no-teams", help=N_("7 Wonders with cities, 4, 6 or 8 players: in pairs")
    ),
]
FirstGame = Annotated[
    bool,
    typer.Option("--first-game", help=N_("Duel: the first game's wonder sets (no wonder draft)")),
]
Bots = Annotated[str, typer.Option(help=N_("bot kind: {bots}"))]
AsJson = Annotated[bool, typer.Option("--json", help=N_("print JSON"))]


def clear_errors(command: F) -> F:
    """Turn the project's errors into one clear line on stderr and exit code 1."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except WondersError as exc:
            message = " ".join(str(exc).split())  # one line, never wrapped, no markup
            errors.print(Text.assemble(("error: ", "red"), message), soft_wrap=True)
            raise typer.Exit(1) from None

    return wrapper  # type: ignore[return-value]


def _read_sheet(path: Path, error: type[WondersError]) -> Any:
    """A JSON file's contents; unreadable, undecodable or malformed files are ``error``."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: JSON and UTF-8
        reason = _("nested too deeply") if isinstance(exc, RecursionError) else exc
        raise error(
            _("cannot read the score sheet {path}: {reason}").format(path=path, reason=reason)
        ) from None


def _options(
    game: str,
    players: int | None,
    sides: str | None = None,
    expansions: str | None = None,
    teams: bool = False,
    first_game: bool = False,
) -> dict[str, Any]:
    """A game's setup options from the command line's (each game checks its own values)."""
    return command_options(game, players, sides, expansions, teams, first_game)


Plain = Annotated[
    bool,
    typer.Option(
        "--plain", help=N_("line mode (screen readers, scripts); also when not on a terminal")
    ),
]
RecordFolder = Annotated[
    Path | None,
    typer.Option(
        help=N_(
            "folder for the finished game's record (default: $WONDERS_RECORDS, else "
            "$XDG_DATA_HOME/wonders/records; here: {records})"
        )
    ),
]


@app.command(
    help=N_(
        "Play against bots: a full-screen table, or a plain line mode (--plain).\n\n"
        "A game in progress is saved after every decision in $WONDERS_SAVES, else in a saves "
        "folder beside the records ({saves}); a finished game's save is removed once its "
        "record is written."
    )
)
@clear_errors
def play(
    game: Game = "classic",
    players: Players = None,
    seat: Annotated[int, typer.Option(help=N_("your seat (0 = first)"))] = 0,
    sides: Annotated[str, typer.Option(help=N_("A, B or random"))] = "random",
    expansions: Expansions = None,
    teams: Teams = False,
    first_game: FirstGame = False,
    bots: Bots = "greedy",
    wonder: Annotated[str | None, typer.Option(help=N_("your wonder (random if omitted)"))] = None,
    seed: Annotated[int | None, typer.Option(help=N_("seed (random if omitted)"))] = None,
    plain: Plain = False,
    record: RecordFolder = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume", help=N_("continue the last unfinished game (takes no game options)")
        ),
    ] = False,
) -> None:
    if resume:
        setup = (game, players, seat, sides, expansions, teams, first_game, bots, wonder, seed)
        if setup != ("classic", None, 0, "random", None, False, False, "greedy", None, None):
            raise OptionsError(
                _("--resume takes only --plain and --record: the save has the game's options")
            )
        _continue(Session.resume(latest_save(saves_folder())), plain, record)
        return
    options = _options(game, players, sides, expansions, teams, first_game)
    make_bot(bots)  # an unknown bot fails before the game
    info = get_game(game)
    if wonder is not None and "wonder" not in info.flags:
        raise OptionsError(
            _("{option} is for {games}, not {game}").format(
                option="--wonder", games=taking("wonder"), game=info.titled()
            )
        )
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000
    count = options.get("players", 2)
    if not 0 <= seat < count:
        raise OptionsError(_("--seat must be 0 to {last}").format(last=count - 1))
    if wonder is not None:
        options["wonders"] = [wonder if p == seat else None for p in range(count)]
    session = Session(game, options, seed, seat, bots, _absolute(record))
    session.save_path = free_path(saves_folder(), f"{game}-{seed}")
    session.autosave()
    if session.save_problem is not None:  # before the game starts: refuse, nothing is lost
        raise InputError(session.save_problem)
    _continue(session, plain, None)


@app.command(
    help=N_(
        "Continue a saved game (wonders play --resume: the last one).\n\n"
        "A game in progress is saved after every decision in $WONDERS_SAVES, else in a saves "
        "folder beside the records ({saves}); a finished game's save is removed once its "
        "record is written."
    )
)
@clear_errors
def resume(
    file: Annotated[Path, typer.Argument(help=N_("a saved game (JSON)"))],
    plain: Plain = False,
    record: Annotated[
        Path | None,
        typer.Option(help=N_("folder for the finished game's record (default: as when it began)")),
    ] = None,
) -> None:
    _continue(Session.resume(file), plain, record)


def _absolute(folder: Path | None) -> Path | None:
    """A records folder as an absolute path: a resumed game may run elsewhere."""
    return folder.resolve() if folder is not None else None


def _continue(session: Session, plain: bool, record: Path | None) -> None:
    """Play ``session`` to its end (full-screen, or in lines), then save its record; a game
    left before its end stays saved, and the way out says how to resume it."""
    if record is not None:
        session.records = _absolute(record)
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        if session.record.actions:
            note = _("Continuing the game saved in {path}.")
        else:
            note = _("The game is saved after every decision in {path}.")
        console.print(note.format(path=session.save_path), soft_wrap=True, highlight=False)
        try:
            get_game(session.game).part("plain").play(session, console, _ask)
        except EOFError:
            raise InputError(
                _(
                    "input ended before the game did; it is saved, continue it with: {command}"
                ).format(command=_resume_command(session))
            ) from None
        except KeyboardInterrupt:
            errors.print(_saved_note(session), soft_wrap=True, highlight=False)
            raise typer.Exit(130) from None
        path = session.save()
    else:
        from wonders.cli.tui import make_app

        table = make_app(session)
        table.run()
        if table.record_path is None:
            console.print(_saved_note(session), soft_wrap=True, highlight=False)
            return
        path = table.record_path
    console.print(
        _("Game record saved: {path} (wonders replay {path})").format(path=path),
        soft_wrap=True,
        highlight=False,
    )


def _resume_command(session: Session) -> str:
    return resume_command(session.save_path) if session.save_path else "wonders play --resume"


def _saved_note(session: Session) -> str:
    """What a player leaving a game mid-way reads."""
    return _("The game is saved; continue it with: {command} (or wonders play --resume)").format(
        command=_resume_command(session)
    )


def _ask(count: int, question: Question | None = None) -> int:
    """The number of the choice typed (1 to ``count``). With a ``question`` (``--plain``'s),
    the prompt says what is chosen, and a command (city, all, log, help) prints its lines
    and asks again; anything else is a one-line error, and it asks again."""
    while True:
        prompt = question.prompt(count) if question else _("Choose 1-{n}: ").format(n=count)
        console.print(Text(prompt), end="", soft_wrap=True, highlight=False)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        typed = line.strip()
        if not sys.stdin.isatty():
            console.print(Text(typed), highlight=False)  # piped input: keep the log legible
        if question is not None and question.answer(typed):
            continue
        try:
            value = int(typed)
        except ValueError:
            said = question.unknown(typed, count) if question else _("Please type a number.")
            console.print(Text(said), soft_wrap=True, highlight=False)
            continue
        if 1 <= value <= count:
            return value
        console.print(_("Please type a number from 1 to {n}.").format(n=count), soft_wrap=True)


@app.command(help=N_("Bot games: results, throughput, optional records."))
@clear_errors
def simulate(
    game: Game = "classic",
    players: Players = None,
    games: Annotated[int, typer.Option(help=N_("how many games"))] = 10,
    seed: Annotated[int, typer.Option(help=N_("seed of the first game (then +1 each)"))] = 0,
    bots: Bots = "random",
    sides: Annotated[str, typer.Option(help=N_("A, B or random"))] = "random",
    expansions: Expansions = None,
    teams: Teams = False,
    first_game: FirstGame = False,
    as_json: AsJson = False,
    record: Annotated[
        Path | None, typer.Option(help=N_("write one game record per game into this folder"))
    ] = None,
) -> None:
    options = _options(game, players, sides, expansions, teams, first_game)
    if games < 1:
        raise OptionsError(_("--games must be at least 1"))
    make_bot(bots)  # an unknown bot fails before any game
    if record is not None:
        try:
            record.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(
                _("cannot write records into {folder}: {reason}").format(folder=record, reason=exc)
            ) from None
    results: list[dict[str, Any]] = []
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        state = get_game(game).setup(options, game_seed)
        agents = [make_bot(bots, bot_seed(game_seed, p)) for p in range(state.num_players)]
        rec = GameRecord(game, options, game_seed, seats=[bot(bots)] * state.num_players)
        while not state.is_terminal():
            for p in state.to_move():
                action = agents[p].choose(state, p)
                state.apply(p, action)
                if record is not None:
                    rec.actions.append((p, action.to_json()))
        result = state.result()
        row = {
            "seed": game_seed,
            "totals": result.totals,
            "winners": result.winners,
            "victory": result.victory,
        }
        if "teams" in result.extra:
            row["teams"] = [t["total"] for t in result.extra["teams"]]
        results.append(row)
        if record is not None:
            rec.result = result.to_json()
            try:
                rec.save(free_path(record, f"{game}-{game_seed}"))  # never overwrite one
            except OSError as exc:
                raise InputError(
                    _("cannot write a record into {folder}: {reason}").format(
                        folder=record, reason=exc
                    )
                ) from None
    seconds = time.perf_counter() - start
    if as_json:
        print(
            json.dumps(
                {
                    "games": games,
                    "seconds": round(seconds, 3),
                    "games_per_second": round(games / seconds, 2),
                    "results": results,
                }
            )
        )
        return
    seats = len(results[0]["totals"])
    fields = {"n": games, "game": get_game(game).titled(), "players": seats, "bots": bots}
    if teams:
        heading = ngettext(
            "{n} game of {game}, {players} players in teams, {bots} bots",
            "{n} games of {game}, {players} players in teams, {bots} bots",
            games,
        )
    else:
        heading = ngettext(
            "{n} game of {game}, {players} players, {bots} bots",
            "{n} games of {game}, {players} players, {bots} bots",
            games,
        )
    console.print(heading.format(**fields))  # above the table: a title would wrap to its width
    table = Table()
    for column in (_("seat"), _("wins"), _("mean score")):
        table.add_column(column, justify="right")
    for p in range(seats):
        wins = sum(1 for r in results if p in r["winners"])
        mean = sum(r["totals"][p] for r in results) / games
        table.add_row(str(p), str(wins), f"{mean:.1f}")
    console.print(table)
    if teams:  # seats 0-1, 2-3...: a team wins when its seats do
        by_team = Table(title=_("teams"))
        for column in (_("team"), _("wins"), _("mean total")):
            by_team.add_column(column, justify="right")
        for t in range(seats // 2):
            wins = sum(1 for r in results if 2 * t in r["winners"])
            mean = sum(r["teams"][t] for r in results) / games
            by_team.add_row(f"{2 * t} + {2 * t + 1}", str(wins), f"{mean:.1f}")
        console.print(by_team)
    console.print(_("{rate} games a second").format(rate=f"{games / seconds:.1f}"))


@app.command(
    help=N_(
        "Replay a game record and print its result (a record that does not replay is an error)."
    )
)
@clear_errors
def replay(
    file: Annotated[Path, typer.Argument(help=N_("a game record (JSON)"))],
    as_json: AsJson = False,
) -> None:
    rec = GameRecord.load(file)
    state = replay_record(rec)
    if not state.is_terminal():
        raise InputError(_("{file}: the record's game is not finished").format(file=file))
    result = state.result()
    if as_json:
        out = {
            "seed": rec.seed,
            "totals": result.totals,
            "winners": result.winners,
            "victory": result.victory,
        }
        print(json.dumps(out))
        return
    present = get_game(rec.game).part("present")
    names = [_("seat {n}").format(n=p) for p in range(len(result.players))]
    headings = getattr(present, "column_heading", present.category_name)
    console.print(render.result_table(result, names, present.tiebreak_name(), headings))
    if "teams" in result.extra:  # a team game: the teams' totals, and the verdict by team
        console.print(render.teams_table(result, names))
    console.print(present.victory_line(result.told(), None, names), highlight=False)


@app.command(
    help=N_(
        "The score booklet for a game played at a real table.\n\n"
        'The sheet is 7 Wonders\' unless it says "game": "duel" or "game": "architects".'
    )
)
@clear_errors
def score(
    file: Annotated[Path, typer.Argument(help=N_("a finished real-table game (JSON)"))],
    as_json: AsJson = False,
) -> None:
    sheet = _read_sheet(file, InputError)
    game = sheet.get("game", "classic") if isinstance(sheet, dict) else "classic"
    booklets = [g for g in game_names() if get_game(g).has("booklet")]
    if game not in booklets:
        raise InputError(
            _("no score booklet for {game!r}; booklets: {names}").format(
                game=game, names=", ".join(booklets)
            )
        )
    scored: dict[str, Any] = get_game(game).part("booklet")(sheet)
    if as_json:
        print(json.dumps(scored))
        return
    players = scored["players"]
    categories = list(players[0]["breakdown"])
    padding = (0, 0) if len(categories) >= 8 else (0, 1)  # Cities, Duel: fit 80 columns
    table = Table(title=_("Score booklet"), padding=padding)
    table.add_column(_("rank"), justify="right")
    table.add_column(pgettext("player", "name"), no_wrap=True)
    named = get_game(game).part("booklet_column")
    for c in categories:
        table.add_column(named(c), justify="right")
    table.add_column(_("total"), justify="right")
    for p in sorted(players, key=lambda p: p["rank"]):
        table.add_row(
            str(p["rank"]),
            escape(p["name"]),
            *(str(p["breakdown"][c]) for c in categories),
            f"[bold]{p['total']}[/]",
        )
    if "free_city" in scored:  # 2 players: the Free City is scored, not ranked
        fc = scored["free_city"]
        table.add_row(
            "-",
            escape(_("{name} (the Free City)").format(name=fc["name"])),
            *(str(fc["breakdown"][c]) for c in categories),
            str(fc["total"]),
        )
    console.print(table)
    verdict = getattr(get_game(game).part("present"), "booklet_verdict", None)
    if verdict is not None:  # a game whose booklet says how it was won (Duel)
        console.print(verdict(scored), markup=False, highlight=False)
    if "teams" in scored:
        teams = Table(title=_("Teams"))
        for i, column in enumerate((_("rank"), _("team"), _("total"), _("coins"))):
            teams.add_column(column, justify="left" if i == 1 else "right")
        for t in sorted(scored["teams"], key=lambda t: t["rank"]):
            names = " + ".join(escape(n) for n in t["players"])
            teams.add_row(str(t["rank"]), names, f"[bold]{t['total']}[/]", str(t["coins"]))
        console.print(teams)


@app.command(help=N_("The card catalogue, or the cards used at a player count."))
@clear_errors
def cards(
    game: Game = "classic",
    players: Annotated[
        int | None, typer.Option(help=N_("only the cards used at this player count"))
    ] = None,
    age: Annotated[int | None, typer.Option(help=N_("only this Age (1-3)"))] = None,
    expansions: Expansions = None,
    as_json: AsJson = False,
) -> None:
    if age is not None and age not in (1, 2, 3):
        raise OptionsError(_("--age must be 1, 2 or 3"))
    command_options(game, None, None, expansions)  # an option the game does not take: refused
    info = get_game(game)
    listed = info.part("cards")(players, age, expansions)
    if as_json:
        print(json.dumps(listed))
        return
    named = getattr(info.part("present"), "expansion_name", str)
    chosen = [named(e.strip()) for e in (expansions or "").split(",") if e.strip()]
    title = (
        _("{game} with {expansions}").format(game=info.titled(), expansions=in_words(chosen))
        if chosen
        else info.titled()
    )
    console.print(info.part("cards_table")(listed, title, players))


def _learned_games() -> tuple[str, ...]:
    """The games the learned bot has weights for (none without numpy)."""
    try:
        from wonders.bots.learned import learned_games
    except ImportError:
        return ()
    return learned_games()


@app.command(
    "bots",
    help=N_(
        "The bots and the difficulty levels: each level's bot, think budget and expected "
        "thinking time a move."
    ),
)
@clear_errors
def bots_command(as_json: AsJson = False) -> None:
    from wonders.bots.levels import expected_seconds, level, levels, listing

    if as_json:
        games = game_names()
        out = {
            "bots": list(BOT_NAMES + LEARNED_BOTS),
            "learned": list(_learned_games()),
            "levels": [
                {
                    "name": lv.name,
                    "bot": lv.bot,
                    "budget": lv.budget,
                    "seconds": expected_seconds(lv.name),
                    "games": {g: level(lv.name, g).spec for g in games},
                }
                for lv in levels()
            ],
        }
        print(json.dumps(out))
        return
    console.print(
        _(
            "Bots: {bots}. The search bots take a think budget: ismcts:0.5 (seconds a move), "
            "ismcts:300i (iterations a move)."
        ).format(bots=", ".join(BOT_NAMES + LEARNED_BOTS)),
        highlight=False,
    )
    learned = [get_game(g).titled() for g in _learned_games()]
    if learned:
        console.print(
            _(
                "learned: a trained network that plays without searching, at once; it knows "
                "{games} so far."
            ).format(games=in_words(learned)),
            highlight=False,
        )
    table = Table(title=_("Difficulty levels"), box=box.SIMPLE_HEAD)
    for column in (_("level"), _("bot and think budget"), _("thinking")):
        table.add_column(column)
    for name, bot_words, thinking in listing():
        table.add_row(name, escape(bot_words), thinking)
    console.print(table)
    console.print(
        _(
            "Measured: each level beats the one below in every game, except expert above "
            "hard in Duel, not yet shown (docs/bots.md)."
        ),
        highlight=False,
    )


@app.command(
    help=N_(
        "Random-playout throughput with full legal-action enumeration, and what a search bot "
        "pays each iteration (µs per clone() and per sample_world())."
    )
)
@clear_errors
def bench(
    games: Annotated[int, typer.Option(help=N_("3-player games (fewer at larger tables)"))] = 200,
    seed: Annotated[int, typer.Option(help=N_("seed of the first game"))] = 0,
    game: Annotated[
        str | None, typer.Option(help=N_("only this game (all registered games if omitted)"))
    ] = None,
    as_json: AsJson = False,
    envs: Annotated[
        bool, typer.Option("--envs", help=N_("also the learning environments (needs the rl extra)"))
    ] = False,
    bots: Annotated[
        bool, typer.Option("--bots", help=N_("also the search bots' iterations a second"))
    ] = False,
) -> None:
    if games < 1:
        raise OptionsError(_("--games must be at least 1"))
    if game is not None:
        get_game(game)
    report = throughput.report(games, seed, game)
    if as_json:
        out: dict[str, Any] = {"engine": report}
        if envs:
            out["envs"] = _bench_envs(games, seed, game)
        if bots:
            out["bots"] = search_speed.report(game)
        print(json.dumps(out if envs or bots else report))
        return
    title = _(
        "Random playouts, one core, {build} build (every legal action listed);\n"
        "clone, sample: µs per clone() and per sample_world()"
    )
    # fits 80 columns: the seconds are in --json
    table = Table(
        title=title.format(build=throughput.build()),
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
    )
    columns = (_("game"), _("setup"), _("games"), _("games/s"), _("decisions/s"))
    for column in (*columns, _("clone"), _("sample")):
        table.add_column(column, justify="right", no_wrap=True)
    for row in report:
        table.add_row(
            row["game"],
            throughput.describe(row["options"]),
            str(row["games"]),
            f"{row['games_per_second']:.1f}",
            f"{row['decisions_per_second']:.0f}",
            f"{row['clone_us']:.1f}",
            f"{row['sample_world_us']:.1f}",
        )
    console.print(table)
    if envs:
        _print_envs(_bench_envs(games, seed, game))
    if bots:
        _print_bots(search_speed.report(game))


def _print_bots(rows: list[dict[str, Any]]) -> None:
    title = _(
        "Search bots: iterations a second of CPU time at each game's first table\n"
        "({positions} positions along a greedy game, median of {windows} passes; ±: the "
        "half-range)"
    ).format(positions=search_speed.POSITIONS, windows=search_speed.WINDOWS)
    table = Table(title=title, box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False)
    for column in (_("game"), _("setup"), _("bot"), _("iterations/s"), "±"):
        table.add_column(column, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            row["game"],
            throughput.describe(row["options"]),
            row["bot"],
            f"{row['iterations_per_second']:.0f}",
            f"{100 * row['spread']:.0f}%",
        )
    console.print(table)


def _bench_envs(games: int, seed: int, game: str | None) -> list[dict[str, Any]]:
    """``bench --envs``: the environments' rows (``wonders.envs.bench``)."""
    try:
        from wonders.envs.bench import report as envs_report
    except ImportError:
        raise OptionsError(_("--envs needs the rl extra: pip install 'wonders[rl]'")) from None
    return envs_report(max(1, games // 5), seed, game)


def _print_envs(rows: list[dict[str, Any]]) -> None:
    title = _(
        "Learning environments: decisions/s through the engine alone, AEC and Parallel\n"
        "(median of {windows} timed windows after a warm-up; ±: the widest half-range);\n"
        "then µs per decision: the engine's own work, the encoding's, and their ratio"
    ).format(windows=rows[0]["windows"] if rows else 0)
    # fits 80 columns, as the engine's table: the view and reference times are in --json
    table = Table(title=title, box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False)
    table.add_column(_("game"), justify="right", no_wrap=True)
    table.add_column(_("setup"), justify="right")  # the one that wraps when it must
    for column in ("engine", "AEC", _("parallel"), "±", _("engine"), _("encoding"), _("ratio")):
        table.add_column(column, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            row["game"],
            throughput.describe(row["options"]),
            *(f"{row[k + '_decisions_per_second']:.0f}" for k in ("engine", "aec", "parallel")),
            f"{100 * row['spread']:.0f}%",
            f"{row['engine_us']:.1f}",
            f"{row['encoding_us']:.1f}",
            f"{row['encoding_ratio']:.2f}",
        )
    console.print(table)
