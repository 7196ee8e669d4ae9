"""The encodings: every legal action has one index and back, the mask is the legal set,
observations are fixed-size, bounded and come from what the seat may know only."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from tests.envs.cases import CASES, case_id  # noqa: E402
from wonders.core.registry import get_game  # noqa: E402
from wonders.envs import make_codec  # noqa: E402
from wonders.envs.codec import OBS_HIGH, WAIT, outcome_rewards  # noqa: E402


def _games(game: str, options: dict[str, Any], seeds: range):
    """Yield (state, seat) at every decision of seeded random games."""
    for seed in seeds:
        state = get_game(game).setup(dict(options), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in state.to_move():
                if seat not in state.to_move():
                    continue
                yield state, seat
                state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_action_has_one_index_and_back(case: tuple[str, dict[str, Any]]) -> None:
    game, options = case
    codec = make_codec(game, options)
    seen_kinds = set()
    for state, seat in _games(game, options, range(3)):
        actions = state.legal_actions(seat)
        indices = codec.action_indices(actions, seat)
        assert all(0 < i < codec.num_actions for i in indices), "an action without an index"
        assert len(set(indices)) == len(actions), "two legal actions share an index"
        legal = codec.legal(state, seat)
        assert sorted(legal) == sorted(indices)
        # an action's index does not depend on the order the engine lists them in
        shuffled = list(actions)
        random.Random(len(actions)).shuffle(shuffled)
        again = dict(zip(codec.action_indices(shuffled, seat), shuffled, strict=True))
        assert again == legal
        for index, action in legal.items():
            assert action in actions
            assert codec.action_name(index)
            seen_kinds.add(action.kind)
        mask = codec.mask(legal)
        assert mask.shape == (codec.num_actions,)
        assert set(np.flatnonzero(mask)) == set(legal)
        assert mask[WAIT] == 0
        for other in range(codec.num_players):
            if other not in state.to_move():
                assert codec.legal(state, other) == {WAIT: None}
    assert len(seen_kinds) >= 2


def test_payment_slots_rank_by_cost() -> None:
    from wonders.classic.actions import Action
    from wonders.envs.classic import PAY_SLOTS, ClassicCodec

    codec = ClassicCodec({"players": 3})
    actions = [
        Action("build", "Baths", 2, 2),
        Action("build", "Baths", 0, 2),
        Action("build", "Baths", 2, 0),
        Action("sell", "Baths"),
    ]
    indices = codec.action_indices(actions, 0)
    assert indices[1] + 1 == indices[2] and indices[2] + 1 == indices[0]  # 2 coins first
    assert "payment option 0" in codec.action_name(indices[1])
    assert "payment option 2" in codec.action_name(indices[0])
    assert codec.action_name(indices[3]) == "sell Baths"
    too_many = [Action("build", "Baths", k, 0) for k in range(PAY_SLOTS + 1)]
    assert codec.action_indices(too_many, 0)[-1] == -1  # beyond the slots: no index


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_fixed_size_and_bounded(case: tuple[str, dict[str, Any]]) -> None:
    game, options = case
    codec = make_codec(game, options)
    size = codec.layout.size
    assert sum(f[2] for f in codec.layout.fields) == size
    assert "| offset |" in codec.layout.describe()
    for count, (state, seat) in enumerate(_games(game, options, range(1)), 1):
        obs = codec.observe(state, seat)
        assert obs.shape == (size,) and obs.dtype == np.float32
        assert obs.min() >= 0 and obs.max() <= OBS_HIGH
        if count % 7 == 0:  # seats see different things
            others = [codec.observe(state, p) for p in range(codec.num_players)]
            assert any(not np.array_equal(others[0], o) for o in others[1:])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_hidden_information_in_observations(case: tuple[str, dict[str, Any]]) -> None:
    """Worlds that differ only in what a seat cannot know give it the same observation."""
    game, options = case
    codec = make_codec(game, options)
    assert codec.fast is not None  # this checks the fast path (test_fast_path: the same)
    # sampling forgets whether the others have chosen this turn (as tests/test_conformance)
    keep = np.ones(codec.layout.size, dtype=bool)
    for name, offset, size, _ in codec.layout.fields:
        if name.startswith("city_") and name.endswith((".chosen", ".to_move")):
            keep[offset : offset + size] = False
    rng = random.Random(5)
    differed = shown = 0
    for seed in range(2):
        state = get_game(game).setup(dict(options), seed)
        play = random.Random(seed)
        while not state.is_terminal():
            for seat in range(codec.num_players):
                world = state.sample_world(seat, random.Random(rng.random()))
                if world.to_json() != state.to_json():
                    differed += 1
                mine, sampled = codec.observe(state, seat), codec.observe(world, seat)
                assert np.array_equal(mine[keep], sampled[keep])
                other = (seat + 1) % codec.num_players  # what was re-dealt shows to others
                if not np.array_equal(codec.observe(state, other), codec.observe(world, other)):
                    shown += 1
                assert codec.legal(world, seat).keys() == codec.legal(state, seat).keys()
            for _ in range(3):  # a few rounds of decisions between checks
                for seat in state.to_move():
                    if seat in state.to_move() and not state.is_terminal():
                        state.apply(seat, play.choice(state.legal_actions(seat)))
    assert differed > 0, "the sampled worlds never differed: the test would prove nothing"
    if game == "classic":  # private hands (Duel and Architects hide decks from everyone)
        assert shown > 0, "the re-dealt parts never showed in another seat's observation"


def test_visible_changes_do_change_observations() -> None:
    """The hidden-information test above is not passed by a constant observation."""
    codec = make_codec("duel", {})
    state = get_game("duel").setup({}, 3)
    before = codec.observe(state, 0)
    seat = state.to_move()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert not np.array_equal(before, codec.observe(state, 0))


def test_outcome_rewards_are_zero_sum_ranks() -> None:
    from wonders.core.protocol import PlayerResult, Result

    def result(ranks: list[int], winners: list[int]) -> Result:
        players = [PlayerResult(s, 10 - r, {}, r) for s, r in enumerate(ranks)]
        return Result(players, winners)

    assert outcome_rewards(result([1, 2], [0]), 2) == [1.0, -1.0]
    assert outcome_rewards(result([1, 1], [0, 1]), 2) == [0.0, 0.0]
    assert outcome_rewards(result([2, 1, 3], [1]), 3) == [0.0, 1.0, -1.0]
    # a Free City (seat 2 of a 2-player game) is not ranked
    assert outcome_rewards(result([2, 3, 1], [0]), 2) == [1.0, -1.0]
    # teams: teammates share a rank
    assert outcome_rewards(result([1, 1, 3, 3], [0, 1]), 4) == [2 / 3, 2 / 3, -2 / 3, -2 / 3]


def test_unknown_game_is_a_clear_error() -> None:
    from wonders.core.errors import OptionsError

    with pytest.raises(OptionsError, match="unknown game"):
        make_codec("chess")


def _field(codec: Any, obs: Any, name: str) -> Any:
    return obs[codec.layout.slice(name)]


def test_classic_fields_say_what_the_view_says() -> None:
    codec = make_codec("classic", {"players": 4, "expansions": ["leaders"]})
    state = get_game("classic").setup({"players": 4, "expansions": ["leaders"]}, 8)
    rng = random.Random(8)
    checked = 0
    while not state.is_terminal():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            view = state.view(seat)
            obs = codec.observe(state, seat)
            hand = _field(codec, obs, "hand")
            assert {codec.cards.names[i]: int(c) for i, c in enumerate(hand) if c} == {
                n: view["hand"].count(n) for n in view["hand"]
            }
            assert _field(codec, obs, "age")[0] == view["age"]
            for k in range(4):
                city = view["players"][(seat + k) % 4]
                assert _field(codec, obs, f"city_{k}.coins")[0] == city["coins"]
                assert _field(codec, obs, f"city_{k}.stages")[0] == city["stages"]
                wonder = _field(codec, obs, f"city_{k}.wonder")
                assert codec.wonders.names[int(np.argmax(wonder))] == city["wonder"]
                cards = _field(codec, obs, f"city_{k}.cards")
                copied = 1 if city.get("courtesan") else 0
                assert sum(cards) == len(city["buildings"]) + len(city["leaders"]) + copied
            checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 50


def test_duel_fields_say_what_the_view_says() -> None:
    codec = make_codec("duel")
    state = get_game("duel").setup({}, 6)
    rng = random.Random(6)
    while not state.is_terminal():
        seat = state.to_move()[0]
        view = state.view(1)
        obs = codec.observe(state, 1)
        me, opponent = view["players"][1], view["players"][0]
        assert _field(codec, obs, "me.coins")[0] == me["coins"]
        assert _field(codec, obs, "opponent.coins")[0] == opponent["coins"]
        assert sum(_field(codec, obs, "me.cards")) == len(me["cards"])
        position = view["military"]["position"]  # positive: player 0 leads
        assert _field(codec, obs, "military")[1] == max(position, 0)
        places = view["structure"]
        assert _field(codec, obs, "structure_taken").sum() == sum(p["taken"] for p in places)
        shown = sum(1 for p in places if p["card"] is not None)
        assert _field(codec, obs, "structure").sum() == shown
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_architects_fields_say_what_the_view_says() -> None:
    codec = make_codec("architects", {"players": 3})
    state = get_game("architects").setup({"players": 3}, 2)
    rng = random.Random(2)
    while not state.is_terminal():
        seat = state.to_move()[0]
        view = state.view(2)
        obs = codec.observe(state, 2)
        for k in range(3):
            player = view["players"][(2 + k) % 3]
            cards = _field(codec, obs, f"seat_{k}.cards")
            assert sum(cards) == sum(player["cards"].values())
            assert _field(codec, obs, f"seat_{k}.shields")[0] == player["shields"]
            assert _field(codec, obs, f"seat_{k}.stages").sum() == len(player["stages"])
        sizes = sum(_field(codec, obs, f"deck_{k}.size")[0] for k in range(3))
        assert sizes == sum(d["size"] for d in view["decks"])
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(
    ("game", "options", "actions", "size", "digest"),
    [
        ("classic", {"players": 3}, 4548, 1601, "749c2a780557e7ac"),
        ("duel", {}, 1193, 1884, "f6cab124f6fbf19e"),
        ("architects", {"players": 3}, 1155, 257, "7e8496b73cddb54b"),
    ],
)
def test_encoding_is_pinned(
    game: str, options: dict[str, Any], actions: int, size: int, digest: str
) -> None:
    """Trained agents depend on what each index and field means: a change must be on
    purpose, with ENCODING_VERSION bumped and these values updated."""
    import hashlib

    from wonders.envs.codec import ENCODING_VERSION

    codec = make_codec(game, options)
    names = "\n".join(codec.action_name(i) for i in range(codec.num_actions))
    text = names + "\n" + codec.layout.describe()
    assert ENCODING_VERSION == 1
    assert (codec.num_actions, codec.layout.size) == (actions, size)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest
    assert len(set(names.splitlines())) == codec.num_actions  # every index means one thing
