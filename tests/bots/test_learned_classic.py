"""The learned bot in 7 Wonders: its shipped weights fit the encoding, the head reads as the
codec numbers the actions, it plays whole games legally and reproducibly, never reads what
its seat cannot see, beats random play, and refuses in one line a player count its weights
were not trained for."""

from __future__ import annotations

import random
from importlib import resources
from typing import Any

import numpy as np
import pytest

from tests.bots.test_learned import play
from wonders.bots import Bot, RandomBot, make_bot
from wonders.bots.learned import learned_games, load_policy
from wonders.classic.learned import KINDS, TAKE_KINDS, ClassicNetwork
from wonders.classic.observe import CARD_BASE, PAY_SLOTS
from wonders.core import OptionsError, setup
from wonders.envs import make_codec
from wonders.envs.codec import ENCODING_VERSION

THREE = {"players": 3}


def test_the_weights_record_their_game_and_fit_the_codec() -> None:
    assert "classic" in learned_games()
    data = resources.files("wonders.bots") / "data" / "classic_policy.npz"
    with data.open("rb") as f:
        assert len(f.read()) < 1_000_000
    with data.open("rb") as f, np.load(f) as shipped:
        assert str(shipped["game"]) == "classic"
        assert {shipped[k].dtype for k in ("w1", "w2", "wp", "wv")} == {np.dtype(np.float16)}
    policy = load_policy("classic")
    assert policy.players == (4, 3)  # trained at 3 players, then at 4 and 3
    assert policy.options == [{"players": 4}, THREE]
    assert policy.encoding == ENCODING_VERSION
    codec: Any = make_codec("classic", THREE)
    net = policy.network(3)
    assert isinstance(net, ClassicNetwork)
    assert policy.num_actions == codec.num_actions == net.num_actions
    w = policy.w
    assert w["w1"].shape == (net.feature_size, w["b1"].shape[0])
    assert w["wp"].shape == (w["b2"].shape[0], net.head_size)
    state = setup("classic", THREE, 5)
    obs = codec.observe(state, 0)
    assert net.features(obs).shape == (net.feature_size,)
    assert policy.logits(obs, net).shape == (codec.num_actions,)
    assert -1.0 <= policy.value(obs, net) <= 1.0


@pytest.mark.parametrize("players", [3, 5])
def test_the_network_is_the_same_size_at_every_count(players: int) -> None:
    three = ClassicNetwork(make_codec("classic", THREE))
    net = ClassicNetwork(make_codec("classic", {"players": players}))
    assert (net.feature_size, net.head_size) == (three.feature_size, three.head_size)


def test_the_head_reads_as_the_codec_numbers_actions() -> None:
    """An action's logit is its card's output (taking or giving up the card), plus its
    kind's and its payment slot's; the first indices have one output each."""
    codec: Any = make_codec("classic", THREE)
    net = ClassicNetwork(codec)
    head = np.random.default_rng(0).normal(size=net.head_size).astype(np.float32)
    out = net.logits(head, codec.observe(setup("classic", THREE, 1), 0))
    assert out.shape == (codec.num_actions,)
    for index in range(codec.num_actions):
        name = codec.action_name(index)
        if index < CARD_BASE:
            assert out[index] == head[index], name
            continue
        kind, rest = name.split(" ", 1)
        card = rest.split(" (payment option ")[0]
        c = codec.cards.index[card]
        expect = head[(net.take if kind in TAKE_KINDS else net.give) + c]
        expect += head[net.kind + KINDS.index(kind)]
        if "(payment option " in rest:
            slot = int(rest.split("(payment option ")[1].rstrip(")"))
            expect += head[net.slot + KINDS.index(kind) * PAY_SLOTS + slot]
        assert np.isclose(out[index], expect, atol=1e-5), name
    batch = net.logits(np.stack([head, head + 1.0]), np.zeros((2, 1)))
    assert np.array_equal(batch[0], out)


def test_it_plays_only_legal_actions_through_whole_games() -> None:
    for seed in (1, 2):
        state = setup("classic", THREE, seed)
        seat = seed % 3
        bots: dict[int, Bot] = {p: RandomBot(seed + p) for p in range(3)}
        bots[seat] = make_bot("learned", seed)
        play(state, bots)
        assert state.is_terminal()
    state = setup("classic", THREE, 3)  # every seat learned
    play(state, {p: make_bot("learned") for p in range(3)})
    assert state.is_terminal()


def test_it_is_reproducible() -> None:
    games = []
    for bot_seed in (0, 99):
        state = setup("classic", THREE, 11)
        bots: dict[int, Bot] = {0: make_bot("greedy", 4), 1: make_bot("greedy", 5)}
        bots[2] = make_bot("learned", bot_seed)
        games.append(play(state, bots))
    assert games[0] == games[1]


def test_a_player_count_without_training_is_a_one_line_error() -> None:
    state = setup("classic", {"players": 5}, 0)
    with pytest.raises(OptionsError) as error:
        make_bot("learned").choose(state, state.to_move()[0])
    assert str(error.value) == "the learned bot plays 7 Wonders at 3 and 4 players only, not 5"


def test_it_never_reads_the_hidden_parts_of_the_true_state() -> None:
    """The search bots' poison test: the state with every hidden part re-dealt (the other
    hands, the Ages to come: a world the seat cannot tell from it) gets the same move, so
    the network sees only the seat's own observation. A re-dealt world has the others'
    choices of this turn undone; that they have chosen is public (the observation shows it),
    what they chose is not, so they choose again there, at random."""
    from tests.bots.test_search import poisoned, positions

    checked = 0
    for state, me in positions("classic", THREE, seed=5, count=6):
        fake = poisoned(state, me, seed=99)
        rng = random.Random(checked)
        for p in fake.to_move():
            if p != me:
                fake.apply(p, rng.choice(fake.legal_actions(p)))
        assert fake.to_move() == state.to_move()
        assert fake.legal_actions(me) == state.legal_actions(me)
        if fake.to_json() == state.to_json():
            continue
        assert make_bot("learned").choose(fake, me) == make_bot("learned").choose(state, me)
        checked += 1
    assert checked >= 3


def test_it_beats_random_play() -> None:
    # measured: 12 of 12 (200 of 200 on other deals); the games are deterministic (the
    # bot, the seeded random bots), so the bound fails only with other weights
    games, wins = 12, 0
    for seed in range(games):
        seat = seed % 3
        state = setup("classic", THREE, 7000 + seed)
        bots: dict[int, Bot] = {p: RandomBot(seed + p) for p in range(3)}
        bots[seat] = make_bot("learned", seed)
        play(state, bots)
        winners = state.result().winners
        wins += seat in winners and len(winners) == 1
    assert wins >= 10
