"""The shared protocol, records, registry and errors."""

from wonders.core.errors import (
    DataError,
    IllegalActionError,
    InputError,
    OptionsError,
    RecordError,
    WondersError,
)
from wonders.core.protocol import JSON, PlayerResult, Result, State, rank_players
from wonders.core.records import GameRecord, replay
from wonders.core.registry import game_names, get_game, setup

__all__ = [
    "JSON",
    "DataError",
    "GameRecord",
    "IllegalActionError",
    "InputError",
    "OptionsError",
    "PlayerResult",
    "RecordError",
    "Result",
    "State",
    "WondersError",
    "game_names",
    "get_game",
    "rank_players",
    "replay",
    "setup",
]
