"""The conformance test every game module passes (DESIGN.md): random seeded playouts to the
end with legal actions always applicable, illegal ones refused without change, clone / JSON /
replay equality (every field of the state, but the caches it names derived), views that do
not change when only hidden information does, and worlds sampled from what the viewer knows
only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wonders.core import GameRecord, IllegalActionError, State, get_game, replay

# (game, options) pairs to check; later games add theirs here.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"players": 3}),
    ("classic", {"players": 5, "sides": "B"}),
    ("classic", {"players": 7}),
    ("classic", {"players": 3, "expansions": ["cities"]}),
    ("classic", {"players": 2, "expansions": ["cities"]}),
    ("classic", {"players": 8, "expansions": ["cities", "leaders"], "teams": True}),
    ("duel", {}),
    ("duel", {"first_game": True}),
    ("architects", {"players": 2}),
    ("architects", {"players": 4}),
    ("architects", {"players": 7}),
]

# Action JSONs that a game must refuse (when they are not legal) without changing anything.
BAD_ACTIONS: dict[str, list[dict[str, Any]]] = {
    "classic": [
        {"kind": "sell", "card": "No Such Card"},
        {"kind": "build", "card": "Palace"},
        {"kind": "pay", "coins": 99},
        {"kind": "pay", "coins": -1},
        {"kind": "pay", "coins": 1, "card": "Baths"},
    ],
    "duel": [
        {"kind": "sell", "card": "No Such Card"},
        {"kind": "build", "card": "Palace"},
        {"kind": "wonder", "card": "Baths", "wonder": "The Pyramids"},
        {"kind": "token", "token": "Law"},
        {"kind": "start", "seat": 1},
        {"kind": "pick_wonder", "wonder": "The Sphinx"},
    ],
    "architects": [
        {"kind": "take", "deck": "Atlantis"},
        {"kind": "take", "deck": "central"},
        {"kind": "build", "stage": 5, "pay": ["gold", "gold", "gold", "gold"]},
        {"kind": "science", "pay": ["gear", "gear"], "token": "stack"},
        {"kind": "pick", "card": "wood"},
        {"kind": "fly"},
        {"kind": "build", "stage": "one"},
    ],
}


def _strip_moving(view: dict[str, Any]) -> dict[str, Any]:
    """A view without who has already chosen this turn: sampling forgets others' choices."""
    out = dict(view)
    out.pop("to_move", None)
    out["players"] = [{k: v for k, v in p.items() if k != "chosen"} for p in view["players"]]
    return out


def _names(obj: object) -> list[str]:
    """An object's fields: a compiled class lists them (``__mypyc_attrs__``), a Python one
    holds them in its ``__dict__`` or names them in ``__slots__``."""
    names = [*getattr(type(obj), "__mypyc_attrs__", ()), *getattr(obj, "__dict__", {})]
    for cls in type(obj).__mro__:
        names += getattr(cls, "__slots__", ())
    return [n for n in dict.fromkeys(names) if n not in ("__dict__", "game_name")]


def _fields(x: Any) -> Any:
    """``x``'s fields as plain values, nested objects' included (each catalogue entry and
    action by its name and JSON: they are immutable data), without those an object names
    derived (``derived_fields``: caches, representations)."""
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, (list, tuple)):
        return [_fields(v) for v in x]
    if isinstance(x, dict):
        return {k: _fields(v) for k, v in x.items()}
    if isinstance(x, (set, frozenset)):
        return sorted(repr(_fields(v)) for v in x)
    module = type(x).__module__
    if module.endswith((".cards", ".data")) or type(x).__name__ == "Catalog":
        return (type(x).__name__, getattr(x, "name", None), getattr(x, "age", None))
    if module.endswith(".actions") and hasattr(x, "to_json"):
        return (type(x).__name__, x.to_json())
    derived = getattr(x, "derived_fields", frozenset)()
    fields = {n: _fields(getattr(x, n)) for n in _names(x) if n not in derived}
    return {"class": type(x).__name__, **fields}


def _difference(a: Any, b: Any, path: str = "state") -> str:
    """Where two ``_fields`` first differ, and how."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in [*a, *(k for k in b if k not in a)]:
            if a.get(k, "<missing>") != b.get(k, "<missing>"):
                return _difference(a.get(k, "<missing>"), b.get(k, "<missing>"), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r:.200} != {b!r:.200}"


def _play(game: str, options: dict[str, Any], seed: int, checks: bool) -> tuple[State, GameRecord]:
    state = get_game(game).setup(options, seed)
    record = GameRecord(game, options, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        movers = state.to_move()
        assert movers, "a game that is not over must have someone to move"
        for p in range(state.num_players):
            if p not in movers:
                assert state.legal_actions(p) == []
        player = rng.choice(movers)
        actions = state.legal_actions(player)
        assert actions, f"seat {player} must move but has no legal action"
        action = rng.choice(actions)
        if checks and step % 7 == 0:
            _check_position(game, state, player, rng)
        state.apply(player, action)
        record.actions.append((player, action.to_json()))
        step += 1
    record.result = state.result().to_json()
    return state, record


def _check_position(game: str, state: State, player: int, rng: random.Random) -> None:
    before = state.to_json()
    # illegal actions change nothing
    for bad in BAD_ACTIONS[game]:
        try:
            action = state.action_from_json(bad)
        except IllegalActionError:
            continue  # malformed for this game: refused before it could change anything
        if action in state.legal_actions(player):
            continue
        with pytest.raises(IllegalActionError):
            state.apply(player, action)
        assert state.to_json() == before
    other = next((p for p in range(state.num_players) if p not in state.to_move()), None)
    if other is not None:
        with pytest.raises(IllegalActionError):
            state.apply(other, state.legal_actions(player)[0])
        assert state.to_json() == before
    # every legal action applies to a clone; the original is untouched
    for action in state.legal_actions(player)[:: max(1, len(state.legal_actions(player)) // 5)]:
        copy = state.clone()
        copy.apply(player, action)
    assert state.to_json() == before
    # JSON round trip
    restored = get_game(game).from_json(before)
    assert restored.to_json() == before
    assert restored.legal_actions(player) == state.legal_actions(player)
    # clone and the saved form carry every field but those the objects name derived
    fields = _fields(state)
    for copy, made in ((state.clone(), "clone"), (restored, "from_json")):
        assert _fields(copy) == fields, f"{made}: {_difference(fields, _fields(copy))}"
    # views change only with what the viewer may know
    for viewer in range(state.num_players):
        world = state.sample_world(viewer, random.Random(rng.random()))
        assert _strip_moving(world.view(viewer)) == _strip_moving(state.view(viewer))
        assert _strip_moving(world.view(None)) == _strip_moving(state.view(None))
        assert world.to_move() or world.is_terminal()
        # a world holds what the viewer knows, so sampling it draws what sampling the true
        # state draws: the true order of hidden cards is never read
        seed = rng.random()
        again = world.sample_world(viewer, random.Random(seed)).to_json()
        assert again == state.sample_world(viewer, random.Random(seed)).to_json()


@pytest.mark.parametrize(("game", "options"), CASES)
@pytest.mark.parametrize("seed", range(1, 6))
def test_random_playout_conforms(game: str, options: dict[str, Any], seed: int) -> None:
    state, record = _play(game, options, seed, checks=True)
    result = state.result()
    assert len(result.players) == state.num_players
    assert result.winners
    # the record replays to the same final state, and through JSON
    replayed = replay(GameRecord.from_json(record.to_json()))
    assert replayed.to_json() == state.to_json()


@pytest.mark.parametrize(("game", "options"), CASES[:1])
def test_same_seed_same_game(game: str, options: dict[str, Any]) -> None:
    a, _ = _play(game, options, 11, checks=False)
    b, _ = _play(game, options, 11, checks=False)
    assert a.to_json() == b.to_json()
    c, _ = _play(game, options, 12, checks=False)
    assert c.to_json() != a.to_json()
