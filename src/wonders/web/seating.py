"""What a table's creator and its players send about seats: the body of ``POST /api/tables``,
of a Join and of a name, as Pydantic models, and whatever is wrong with one in one line of
words (``one_line``).

A seat is a bot's or a person's; a person's seat is *invited* (reachable only through its
private link: the default, so a client that sends no ``access`` gets what it got before) or
*open* (the lobby's Join takes it, first come). The creator sits at ``creator_seat`` (absent:
the first person's seat; ``null``: nowhere, they only watch or manage).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    ValidationError,
    model_validator,
)

from wonders.bots import BOT_NAMES, LEARNED_BOTS, LEVELS, learned_unfit
from wonders.bots.think import split_spec
from wonders.core.i18n import N_, _

MAX_NAME = 40  # characters of a player's name, once stripped
Access = Literal["invited", "open"]
INVITED: Literal["invited"] = "invited"
OPEN: Literal["open"] = "open"
_SPACES = re.compile(r"\s+")
# they reorder text: embeddings, overrides and isolates, and the marks (LRM, RLM, ALM)
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_TYPED_SPACES = set("\t\n\r")  # a pasted name's stray tab or line break: one space


def clean_name(raw: str) -> str | None:
    """A name as shown: stripped, each run of spaces one space (None: no name given); text
    on one line of at most ``MAX_NAME`` characters, without control characters."""
    if any((unicodedata.category(c) == "Cc" and c not in _TYPED_SPACES) or c in _BIDI for c in raw):
        raise ValueError(_("a name is plain text, without control characters"))
    name = _SPACES.sub(" ", raw).strip()
    if len(name) > MAX_NAME:
        raise ValueError(_("a name is text of at most {m} characters").format(m=MAX_NAME))
    return name or None


def _name(raw: str | None) -> str | None:
    return None if raw is None else clean_name(raw)


Name = Annotated[str | None, Field(strict=True), AfterValidator(_name)]

# The web's bots: the levels and the learned bot, offered (``wonders.bots.levels``; the
# learned bot only where its weights play: ``menu_at``), and for the clients of before them
# the bare bot names; the server sets every budget, a client never does.
MENU = LEVELS + LEARNED_BOTS
DEFAULT_BOT = "greedy"  # a bot's seat that names no bot (as before the levels: medium's bot)


def menu_bot(bot: object) -> str:
    """``bot`` if the web plays it (a level, the learned bot or a bare bot name); else a
    ValueError in one line naming the menu."""
    if isinstance(bot, str) and (bot in MENU or bot in BOT_NAMES):
        return bot
    menu = ", ".join(MENU + BOT_NAMES)
    base, budget, _style = split_spec(bot) if isinstance(bot, str) else ("", None, None)
    if budget is not None and base in MENU + BOT_NAMES:
        raise ValueError(
            _(
                "{bot}: a bot here takes no think budget (the server sets it); choose one of {menu}"
            ).format(bot=repr(bot), menu=menu)
        )
    raise ValueError(_("unknown bot {bot}; choose one of {menu}").format(bot=repr(bot), menu=menu))


def unfit_bot(bot: str, game: str, players: int) -> str | None:
    """Why a bot of the menu cannot play a table of ``game`` at ``players`` players (the
    learned bot without weights for it), in one line; None when it can."""
    return learned_unfit(game, players) if bot in LEARNED_BOTS else None


def menu_at(game: str, players: int) -> list[str]:
    """The menu a table of ``game`` at ``players`` players offers, in its order."""
    return [bot for bot in MENU if unfit_bot(bot, game, players) is None]


class SeatIn(BaseModel):
    """One seat as the creator asks for it."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot"] = "human"
    bot: Annotated[str | None, Field(strict=True)] = None  # on the menu (default: DEFAULT_BOT)
    name: Name = None
    access: Access | None = None  # a person's seat (default invited)

    @model_validator(mode="after")
    def _complete(self) -> SeatIn:
        if self.kind == "human":
            self.access = self.access or INVITED
            return self
        if self.access is not None:
            raise ValueError(_("only a person's seat is invited or open"))
        self.bot = menu_bot(self.bot or DEFAULT_BOT)
        return self


class TableIn(BaseModel):
    """The body of ``POST /api/tables`` (the game and its options are the engine's to judge)."""

    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, Field(strict=True)]
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn]
    clock: Any = None  # seconds: the service checks them against its bounds
    creator_seat: StrictInt | None = None

    @model_validator(mode="after")
    def _creator(self) -> TableIn:
        people = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        if "creator_seat" not in self.model_fields_set:
            self.creator_seat = people[0] if people else None
        seat = self.creator_seat
        if seat is None:
            return self
        if not 0 <= seat < len(self.seats):
            raise ValueError(
                _("creator_seat must be a seat of this table: 0 to {last}").format(
                    last=len(self.seats) - 1
                )
            )
        if seat not in people:
            raise ValueError(
                _("creator_seat {n} is a bot's: the creator sits at a person's seat").format(n=seat)
            )
        return self


class JoinIn(BaseModel):
    """The body of a Join from the lobby (optional: no name keeps the seat's own)."""

    model_config = ConfigDict(extra="forbid")

    name: Name = None


class NameIn(BaseModel):
    """A player's name for their seat."""

    model_config = ConfigDict(extra="forbid")

    name: Name

    @model_validator(mode="after")
    def _given(self) -> NameIn:
        if self.name is None:
            raise ValueError(_("a name is needed"))
        return self


# each of Pydantic's checks in words: "{where}" is the field's place in the body
_WORDS = {
    "missing": N_("{where} is missing"),
    "extra_forbidden": N_("{where} is not a field this takes"),
    "literal_error": N_("{where} must be {choices}"),
    "model_type": N_("{where} must be an object"),
    "model_attributes_type": N_("{where} must be an object"),
    "dict_type": N_("{where} must be an object"),
    "list_type": N_("{where} must be a list"),
    "string_type": N_("{where} must be text"),
    "int_type": N_("{where} must be a whole number"),
    "int_parsing": N_("{where} must be a whole number"),
    "int_from_float": N_("{where} must be a whole number"),
    "float_type": N_("{where} must be a number"),
    "float_parsing": N_("{where} must be a number"),
}


def one_line(exc: ValidationError) -> str:
    """The first thing wrong with a body, in one line: where it is, and what."""
    return errors_line(list(exc.errors(include_url=False)))


def errors_line(errors: list[Any], skip: int = 0) -> str:
    """The first of Pydantic's ``errors`` in one line of the visitor's words; ``skip``: the
    leading parts of its place to leave out (a request parameter's "query")."""
    err = errors[0]
    loc = list(err.get("loc", ()))[skip:]
    where = ".".join(str(p) for p in loc) or _("the body")
    ctx = err.get("ctx") or {}
    kind = err.get("type", "")
    if kind == "value_error":
        text = str(ctx.get("error", err.get("msg", "")))
        return text if not loc else f"{where}: {text}"
    if kind in _WORDS:
        choices = str(ctx.get("expected", "")).replace("'", "")
        return _(_WORDS[kind]).format(where=where, choices=choices)
    return _("{where} is not valid").format(where=where)
