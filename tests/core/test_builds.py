"""The two builds of the engines (docs/PERFORMANCE.md): compiled with mypyc, and pure Python.

They must be the same program: the same seeded games, move for move, with the same legal
actions, events, views, sampled worlds and results.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import wonders
from wonders.core import get_game

REPO = Path(__file__).resolve().parents[2]

CASES: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"players": 3}),
    ("classic", {"players": 7, "sides": "B"}),
    ("classic", {"players": 2}),
    ("classic", {"players": 4, "expansions": ["leaders"]}),
    ("classic", {"players": 4, "expansions": ["cities"], "teams": True}),
    ("classic", {"players": 2, "expansions": ["leaders", "cities"]}),
    ("duel", {}),
    ("architects", {"players": 2}),
    ("architects", {"players": 5}),
]
SEEDS = range(3)


def trace(game: str, options: dict[str, Any], seed: int) -> str:
    """A digest of one seeded random game: every legal-action list, the actions taken, a
    view and a sampled world at each decision, the final state and result."""
    state = get_game(game).setup(dict(options), seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()

    def add(value: Any) -> None:
        digest.update(json.dumps(value, sort_keys=True, default=str).encode())

    while not state.is_terminal():
        for player in state.to_move():
            legal = state.legal_actions(player)
            add([a.to_json() for a in legal])
            add(state.view(player))
            add(state.sample_world(player, random.Random(rng.random())).to_json())
            state.apply(player, rng.choice(legal))
    add(state.to_json())
    add(state.result().to_json())
    return digest.hexdigest()


def traces() -> list[str]:
    return [trace(game, options, seed) for game, options in CASES for seed in SEEDS]


def test_the_compiled_build_runs_when_make_test_asks_for_it() -> None:
    """``make test`` sets WONDERS_REQUIRE_COMPILED when it built the engines with mypyc."""
    if not os.environ.get("WONDERS_REQUIRE_COMPILED"):
        pytest.skip("no compiled build required here (WONDERS_PURE=1 or no C compiler)")
    import wonders.classic.turn
    import wonders.duel.state

    assert wonders.COMPILED
    assert wonders.classic.turn.__file__.endswith(".so")
    assert wonders.duel.state.__file__.endswith(".so")


def test_wonders_pure_loads_every_module_from_its_source() -> None:
    code = (
        "import wonders, wonders.classic.turn as t, wonders.duel.state as d, "
        "wonders.architects.state as a; print(wonders.COMPILED, t.__file__, d.__file__, a.__file__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "WONDERS_PURE": "1"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out[0] == "False"
    assert all(path.endswith(".py") for path in out[1:])


def test_wonders_pure_0_is_the_same_as_unset() -> None:
    def compiled(env: dict[str, str]) -> str:
        code = "import wonders; print(wonders.COMPILED)"
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return run.stdout.strip()

    unset = {k: v for k, v in os.environ.items() if k != "WONDERS_PURE"}
    assert compiled({**unset, "WONDERS_PURE": "0"}) == compiled(unset)


def test_the_pure_and_compiled_builds_play_the_same_games() -> None:
    if not wonders.COMPILED:
        pytest.skip("the engines are not compiled here (pure Python only): nothing to compare")
    code = "import json; from tests.core.test_builds import traces; print(json.dumps(traces()))"
    pure = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env={**os.environ, "WONDERS_PURE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(pure.stdout) == traces()


@pytest.mark.parametrize(("game", "options"), CASES[::3])
def test_a_state_deep_copies_and_pickles_in_either_build(
    game: str, options: dict[str, Any]
) -> None:
    """``copy.deepcopy`` is a clone and a pickle carries the JSON (OpenSpiel serializes
    states so), since compiled classes cannot be rebuilt field by field."""
    state = get_game(game).setup(dict(options), 4)
    rng = random.Random(4)
    for _ in range(5):
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    copied = copy.deepcopy(state)
    restored = pickle.loads(pickle.dumps(state))
    assert type(copied) is type(state) and type(restored) is type(state)
    assert copied.to_json() == restored.to_json() == state.to_json()
    player = copied.to_move()[0]
    copied.apply(player, copied.legal_actions(player)[0])
    assert copied.to_json() != state.to_json() == restored.to_json()


def test_a_compiled_module_older_than_its_source_is_stale_in_a_checkout(tmp_path: Path) -> None:
    package = tmp_path / "src" / "wonders"
    (package / "game").mkdir(parents=True)
    source, built = package / "game" / "rules.py", package / "game" / "rules.cpython-311.so"
    source.write_text("")
    built.write_text("")
    os.utime(built, (1000, 1000))
    os.utime(source, (2000, 2000))
    assert wonders._stale_build(package) is None  # an installed package: never stale
    (tmp_path / "pyproject.toml").write_text("")
    assert wonders._stale_build(package) == "game/rules.py"
    os.utime(built, (3000, 3000))
    assert wonders._stale_build(package) is None
