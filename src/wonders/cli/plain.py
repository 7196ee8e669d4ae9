"""What every game's ``--plain`` front end shares: a decision as short, linear text for screen
readers (no box drawing, no columns), the numbered choices one a line, and the question that
ends it with the words that print more on request.

A decision reads: what happened since your last one (the log), your state in a few
sentences, the decision's title and prompt (the game's ``present.decision``), then each
choice on a line of its own, "3. Build Baths at no cost. Blue card: 3 VP.", then the
question, which says what is chosen: "Choose a card to play (1-12), or city, all, log,
help: ". Besides a number the reader may type ``city`` (your city in full), ``all`` (every
city), ``log`` (the whole log) or ``help`` (these commands and the game's rules): each prints
its lines and asks again. The words are translated; the English ones work in every language.

Every line is printed whole (``soft_wrap``): a terminal or a screen reader wraps it, nothing
cuts it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from wonders.core.i18n import _, pgettext
from wonders.core.present import Heading, upper_first
from wonders.core.registry import get_game

# the commands the question understands besides a number, in the order the help gives them
COMMANDS = ("city", "all", "log", "help")
# a sentence ends with one of these (else ``sentence`` adds a full stop)
ENDINGS = (".", "!", "?", ":", "…")


def command_words() -> dict[str, str]:
    """Each command by the word the reader types, in the reader's language."""
    return {
        "city": pgettext("command", "city"),
        "all": pgettext("command", "all"),
        "log": pgettext("command", "log"),
        "help": pgettext("command", "help"),
    }


def say(console: Any, line: str, bold: bool = False) -> None:
    """One line, whole: never cut or wrapped by the program, never read as markup."""
    style = "bold" if bold or isinstance(line, Heading) else ""
    console.print(Text(line, style=style), soft_wrap=True, highlight=False)


def say_all(console: Any, lines: Iterable[str]) -> None:
    for line in lines:
        say(console, line)


def say_decision(
    console: Any,
    state: Iterable[str],
    said: tuple[str, str] | None,
    choices: Iterable[str] = (),
    notes: Iterable[str] = (),
) -> None:
    """One decision as every game's ``--plain`` prints it: the seat's state in a few lines;
    then, when the seat owes a decision (``said``: its title and prompt), the title in bold,
    the prompt, any ``notes`` (why something is not offered) and the numbered ``choices``."""
    say_all(console, state)
    if said is None:
        return
    title, prompt = said
    say(console, title, bold=True)
    say(console, prompt)
    say_all(console, [note for note in notes if note])
    say_all(console, choices)


def sentence(text: str) -> str:
    """``text`` ending as a sentence does (a full stop added to a label without one)."""
    text = text.strip()
    return text if not text or text.endswith(ENDINGS) else text + "."


def numbered(n: int, *sentences: str) -> str:
    """A choice's line: its number, then its sentences ("3. Build Baths at no cost. ...")."""
    said = " ".join(sentence(s) for s in sentences if s)
    return f"{n}. {said}"


def described(colour_card: str, text: str) -> str:
    """A card in a sentence: what kind of card it is and what it does ("Blue card: 3 VP.")."""
    if not text:
        return sentence(upper_first(colour_card))
    return _("{kind}: {text}.").format(kind=upper_first(colour_card), text=text)


def help_lines(game: str, options: Mapping[str, Any]) -> list[str]:
    """The ``help`` command: what may be typed at the question, then how the game is played
    (the game's ``help`` part), a title line and a paragraph line a section."""
    words = command_words()
    lines = [
        Heading(_("Commands")),
        _("A number: the choice of that number."),
        _("{word}: your city in full.").format(word=words["city"]),
        _("{word}: every city, named by its wonder and where it sits.").format(word=words["all"]),
        _("{word}: the whole log since the start of the game.").format(word=words["log"]),
        _("{word}: these commands and the rules of the game.").format(word=words["help"]),
    ]
    info = get_game(game)
    if info.has("help"):
        for title, text in info.part("help")(options):
            lines += [Heading(title), text]
    return lines


@dataclass
class Question:
    """What a decision asks: ``what`` is chosen (the decision's title), and the lines each
    command prints (``pages``: command -> a function giving its lines)."""

    console: Any
    what: str
    pages: dict[str, Callable[[], Sequence[str]]] = field(default_factory=dict)

    def prompt(self, count: int) -> str:
        """The question: "Choose a card to play (1-12), or city, all, log, help: "."""
        words = command_words()
        what = self.what or _("Your choice")
        if count == 1:
            text = _("{what} (type 1), or {city}, {all}, {log}, {help}: ")
        else:
            text = _("{what} (1-{n}), or {city}, {all}, {log}, {help}: ")
        return text.format(what=what, n=count, **words)

    def command(self, typed: str) -> str | None:
        """The command ``typed`` names (its translated or its English word), else None."""
        word = typed.strip().casefold()
        for command, translated in command_words().items():
            if word in (command, translated.casefold()) and command in self.pages:
                return command
        return None

    def answer(self, typed: str) -> bool:
        """Print the lines of the command ``typed`` and say True; False if it is none."""
        command = self.command(typed)
        if command is None:
            return False
        say_all(self.console, self.pages[command]())
        return True

    def unknown(self, typed: str, count: int) -> str:
        """The one line that answers what is neither a choice's number nor a command."""
        words = command_words()
        if not typed.strip():
            text = _("Type a number from 1 to {n}, or {city}, {all}, {log} or {help}.")
            return text.format(n=count, **words)
        text = _(
            "“{typed}” is not a choice: type a number from 1 to {n}, or {city}, {all}, {log} "
            "or {help}."
        )
        return text.format(typed=typed.strip(), n=count, **words)


def choose(ask: Callable[..., int], count: int, question: Question) -> int:
    """The number of the choice ``ask`` returns; ``question`` is given to an ``ask`` that
    takes it (the terminal's), an ``ask(count)`` of a script or a test answers without it."""
    if takes_question(ask):
        return ask(count, question=question)
    return ask(count)


def takes_question(ask: Callable[..., int]) -> bool:
    try:
        parameters = inspect.signature(ask).parameters
    except (TypeError, ValueError):
        return False
    return "question" in parameters
