"""Every action a player may be offered has words from the server (through gettext): the
labels cover each game's every action kind, and walking seeded games of every game and
variant, each legal action gets a specific label, never one built from its JSON. The table
page receives them beside the legal actions, and its script has no generic fallback."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from wonders.core.registry import get_game
from wonders.web.labels import LABELS, label
from wonders.web.texts import texts

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"players": 3}),
    ("classic", {"players": 2}),
    ("classic", {"players": 4, "expansions": ["leaders"]}),
    ("classic", {"players": 5, "expansions": ["leaders", "cities"]}),
    ("classic", {"players": 4, "expansions": ["cities"], "teams": True}),
    ("duel", {}),
    ("architects", {"players": 3}),
    ("architects", {"players": 7}),
]
STATIC = Path(__file__).resolve().parents[2] / "src" / "wonders" / "web" / "static"


def test_every_action_kind_of_every_game_has_words() -> None:
    from wonders.architects.actions import KINDS as ARCHITECTS
    from wonders.classic.actions import KINDS as CLASSIC
    from wonders.duel.actions import KINDS as DUEL

    assert set(LABELS["classic"]) == set(CLASSIC)
    assert set(LABELS["duel"]) == set(DUEL)
    assert set(LABELS["architects"]) == set(ARCHITECTS)


def _generic(action: dict[str, Any]) -> str:
    """What the page used to show for a rare decision: the kind and fields of its JSON."""
    rest = [
        f"{k} {', '.join(map(str, v)) if isinstance(v, list) else v}"
        for k, v in action.items()
        if k not in ("kind", "pay")
    ]
    return action["kind"].replace("_", " ") + (": " + ", ".join(rest) if rest else "")


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_walking_seeded_games_every_legal_action_has_a_specific_label(
    game: str, options: dict[str, Any]
) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    kinds: set[str] = set()
    for seed in range(3):
        st = get_game(game).setup(dict(options), seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            for seat in st.to_move():
                for action in st.legal_actions(seat):
                    a = action.to_json()
                    words = label(game, a, names[: st.num_players])
                    kinds.add(a["kind"])
                    assert words and "{" not in words and "_" not in words, (a, words)
                    assert not words.startswith(_generic(a)), (a, words)
                    for field in ("card", "wonder", "token"):  # names come from the data
                        if a.get(field) and a[field] != "stack":
                            shown = texts(game).get(a[field], {}).get("label", a[field])
                            assert shown in words, (a, words)
            seat = st.to_move()[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert len(kinds) >= 3


def test_the_page_gets_a_label_for_each_legal_action_and_builds_none(client: TestClient) -> None:
    made = create(client, "architects", {"players": 2}, ["human", "human"])
    for seat in made["seats"]:
        s = state(client, seat["token"])
        assert len(s["labels"]) == len(s["legal"])
        if s["legal"]:
            assert s["labels"][0].startswith("Take the top card of the ")
    script = (STATIC / "games.js").read_text()
    assert "genericText" not in script and "a.kind.replace" not in script


def test_every_phase_a_game_reaches_has_words() -> None:
    """The page names the phase in words from the server (never the view's identifier)."""
    from wonders.web.strings import PHASES, strings

    seen: set[str] = set()
    for game, options in VARIANTS:
        for seed in range(4):
            st = get_game(game).setup(dict(options), seed)
            rng = random.Random(seed)
            while True:
                phase = st.view(None).get("phase")
                if phase is not None:
                    seen.add(f"{game}:{phase}")
                if st.is_terminal():
                    break
                seat = rng.choice(st.to_move())
                st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert seen <= set(PHASES), seen - set(PHASES)
    assert {"classic:draft", "classic:leader_draft", "classic:debt", "duel:draft"} <= seen
    words = strings()
    assert all(words["phase:" + key] for key in seen)
    assert "view.phase.replace" not in (STATIC / "games.js").read_text()
