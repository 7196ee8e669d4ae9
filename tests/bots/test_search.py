"""The search bots: no hidden information read, reproducible, every decision kind, strength."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wonders.bots import BOT_NAMES, make_bot
from wonders.bots.ismcts import ISMCTSBot
from wonders.bots.montecarlo import MonteCarloBot
from wonders.bots.playout import candidates, estimate_rewards, estimates, result_rewards
from wonders.bots.think import Budget
from wonders.core import OptionsError, setup
from wonders.core.protocol import State

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"players": 4, "sides": "random"}),
    ("classic", {"players": 2, "sides": "random"}),  # the Free City
    ("classic", {"players": 4, "sides": "random", "expansions": ["leaders", "cities"]}),
    ("classic", {"players": 4, "sides": "random", "expansions": ["cities"], "teams": True}),
    ("duel", {}),
    ("architects", {"players": 4}),
]
IDS = ["base4", "freecity", "leaders-cities", "teams", "duel", "architects"]

# every kind of decision each game asks for, and a seed whose random game reaches it early
KINDS: dict[str, set[str]] = {
    "base4": {"build", "sell", "wonder", "discard_build", "skip", "free_build"},
    "freecity": {"build", "sell", "wonder", "free_build", "discard_build", "skip"},
    "leaders-cities": {
        "draft",
        "recruit",
        "sell",
        "build",
        "wonder",
        "discard_build",
        "skip",
        "pay",
        "copy",
        "free_build",
        "return",
    },
    "teams": {"build", "sell", "wonder", "pay", "discard_build", "skip", "free_build"},
    "duel": {
        "pick_wonder",
        "build",
        "sell",
        "wonder",
        "start",
        "discard_build",
        "token",
        "destroy",
    },
    "architects": {"take", "build", "science", "search", "pick", "token"},
}


def ismcts(seed: int, iterations: int, style: str = "greedy-age") -> ISMCTSBot:
    playout, cutoff = style.split("-")
    return ISMCTSBot(seed, Budget(seconds=None, iterations=iterations), playout, cutoff)


def montecarlo(seed: int, iterations: int) -> MonteCarloBot:
    return MonteCarloBot(seed, Budget(seconds=None, iterations=iterations))


def positions(game: str, options: dict[str, Any], seed: int, count: int) -> list[tuple[State, int]]:
    """Random-play positions with a choice for some seat, the other seats of the same turn
    having chosen already (their choices must stay hidden from it)."""
    state = setup(game, options, seed)
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    while not state.is_terminal() and len(found) < count:
        movers = state.to_move()
        me = movers[-1]
        for seat in movers[:-1]:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(candidates(state.legal_actions(me))) > 1 and rng.random() < 0.3:
            found.append((state.clone(), me))
        state.apply(me, rng.choice(state.legal_actions(me)))
    return found


def poisoned(state: State, seat: int, seed: int) -> State:
    """The state with every hidden part replaced (another world the seat cannot tell from
    it: other hands, face-down cards, Ages to come, the others' choices of this turn), but
    answering ``sample_world`` like the true state, so only a read of anything else can
    change the search."""
    other = state.sample_world(seat, random.Random(seed))
    other.sample_world = state.sample_world  # type: ignore[method-assign]
    return other


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=IDS)
def test_search_never_reads_the_hidden_parts_of_the_true_state(
    game: str, options: dict[str, Any]
) -> None:
    for state, me in positions(game, options, seed=5, count=3):
        fake = poisoned(state, me, seed=99)
        assert fake.to_json() != state.to_json()  # the poison changed something hidden
        assert fake.legal_actions(me) == state.legal_actions(me)
        for make in (lambda: ismcts(3, 12), lambda: montecarlo(3, 12)):
            assert make().choose(fake, me) == make().choose(state, me)


def test_the_poison_test_catches_a_search_that_reads_the_true_state() -> None:
    """The control: a search that clones the true state instead of sampling a world plays
    differently once the hidden parts are poisoned."""
    changed = 0
    for game, options in CONFIGS[:1] + CONFIGS[4:5]:
        for state, me in positions(game, options, seed=5, count=4):
            fake = poisoned(state, me, seed=99)
            for s in (state, fake):
                s.sample_world = lambda _seat, _rng, s=s: s.clone()  # type: ignore[method-assign]
            changed += ismcts(3, 40).choose(fake, me) != ismcts(3, 40).choose(state, me)
    assert changed >= 1


def play(state: State, bots: list[Any]) -> list[tuple[int, Any]]:
    moves = []
    while not state.is_terminal():
        for seat in state.to_move():
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions(seat)
            moves.append((seat, action))
            state.apply(seat, action)
    return moves


@pytest.mark.parametrize(("game", "options"), [CONFIGS[0], CONFIGS[4], CONFIGS[5]],
                         ids=["base4", "duel", "architects"])  # fmt: skip
def test_a_seed_and_an_iteration_budget_reproduce_the_game(
    game: str, options: dict[str, Any]
) -> None:
    runs = []
    for _ in range(2):
        state = setup(game, options, 4)
        n = state.num_players
        bots: list[Any] = [make_bot("ismcts:6i", 10)] + [make_bot("greedy", s) for s in range(1, n)]
        bots[1] = make_bot("montecarlo:6i", 11)
        runs.append((play(state, bots), state.result().totals))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=IDS)
def test_the_search_answers_every_kind_of_decision(game: str, options: dict[str, Any]) -> None:
    want = KINDS[IDS[CONFIGS.index((game, options))]]
    searched: set[str] = set()
    for seed in range(20):
        state = setup(game, options, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in state.to_move():
                actions = state.legal_actions(seat)
                kinds = {a.to_json()["kind"] for a in actions}
                if len(actions) > 1 and not kinds <= searched:
                    choice = ismcts(seed, 4).choose(state, seat)
                    assert choice in actions
                    searched |= kinds
                state.apply(seat, rng.choice(actions))
        if want <= searched:
            break
    assert want <= searched


def test_bot_names_and_think_budgets() -> None:
    assert {"ismcts", "montecarlo"} <= set(BOT_NAMES)
    bot = make_bot("ismcts")
    assert isinstance(bot, ISMCTSBot)
    assert bot.budget == Budget(seconds=1.0)
    timed = make_bot("ismcts:0.2")
    assert isinstance(timed, ISMCTSBot)
    assert timed.budget == Budget(seconds=0.2)
    counted = make_bot("montecarlo:300i:greedy-age")
    assert isinstance(counted, MonteCarloBot)
    assert counted.budget == Budget(seconds=None, iterations=300)
    assert counted.cutoff == "age"
    for bad in ("ismcts:", "ismcts:-1", "ismcts:0", "ismcts:nan", "ismcts:0i", "greedy:1",
                "ismcts:1:fast", "isMCTS"):  # fmt: skip
        with pytest.raises(OptionsError):
            make_bot(bad)


@pytest.mark.parametrize(
    ("bad", "russian"),
    [
        ("ismcts:forever", "неверный бюджет на размышление 'forever'"),
        ("ismcts:1:fast-end", "неверный стиль розыгрышей 'fast-end'"),
        ("ismcts:1:greedy-age-oracle", "неверная априорная оценка 'oracle'"),
    ],
)
def test_a_bad_think_budget_style_or_prior_is_told_in_the_players_language(
    bad: str, russian: str
) -> None:
    from wonders.core.i18n import use_language

    with use_language("ru"), pytest.raises(OptionsError, match=russian):
        make_bot(bad)


def test_a_time_budget_thinks_about_that_long() -> None:
    """Not a timing assertion on speed: the bot runs more than one iteration in 0.05 s and
    stops (a broken clock would loop forever or stop at one)."""
    state = setup("duel", {}, 1)
    bot = make_bot("ismcts:0.05")
    assert isinstance(bot, ISMCTSBot)
    bot.choose(state, state.to_move()[0])
    assert bot.iterations > 1


def test_candidates_keep_the_cheapest_payment_of_each_choice() -> None:
    from wonders.classic.actions import Action

    actions = [
        Action("build", "Baths", left=2, right=0),
        Action("build", "Baths", left=1, right=1),
        Action("build", "Baths", left=1, right=2),
        Action("sell", "Baths"),
        Action("wonder", "Baths", left=0, right=3),
    ]
    assert candidates(actions) == actions[:2] + actions[3:]


def test_rewards_follow_the_result_and_the_estimates() -> None:
    state = setup("classic", {"players": 3}, 2)
    play(state, [make_bot("greedy", s) for s in range(3)])
    rewards = result_rewards(state)
    winner = state.result().winners[0]
    assert rewards[winner] == max(rewards) and max(rewards) > 0.75
    last = min(range(3), key=lambda s: state.result().totals[s])
    assert rewards[last] == 0.0
    mid = setup("duel", {}, 3)
    bots = [make_bot("greedy", 0), make_bot("random", 1)]
    for _ in range(12):
        for seat in mid.to_move():
            mid.apply(seat, bots[seat].choose(mid, seat))
    ahead = estimate_rewards(mid)
    assert all(0 <= r <= 1 for r in ahead)
    points = estimates(mid)
    assert points[0] != points[1]
    assert (ahead[0] > ahead[1]) == (points[0] > points[1])


def test_ismcts_beats_random_play_in_duel() -> None:
    """A search whose rewards were turned around would lose these."""
    wins = 0
    for seed in range(4):
        seat = seed % 2
        bots: list[Any] = [make_bot("random", seed), make_bot("random", seed + 1)]
        bots[seat] = ismcts(seed, 25)
        state = setup("duel", {}, seed)
        play(state, bots)
        wins += state.result().winners == [seat]
    assert wins >= 3


def test_a_move_scoring_exactly_as_the_greedy_pick_does_not_replace_it() -> None:
    """Every playout of both moves scored 0.1: their means differ only by rounding (0.1
    added three times is not 0.3), which is no evidence."""

    def stats(rewards: list[float]) -> list[float]:
        return [len(rewards), sum(rewards), len(rewards), sum(r * r for r in rewards)]

    bot = ismcts(0, 10)
    bot.prior = "greedy pick"
    table = {"greedy pick": stats([0.1, 0.1]), "other": stats([0.1, 0.1, 0.1])}
    assert table["other"][1] / 3 > table["greedy pick"][1] / 2  # the rounding
    assert not bot._better(table, "other")
    table["other"] = stats([0.2, 0.2, 0.2])
    assert bot._better(table, "other")


@pytest.mark.parametrize(
    ("game", "options"),
    [("duel", {}), ("architects", {"players": 4}), ("classic", {"players": 3})],
    ids=["duel", "architects", "classic3"],
)
def test_a_value_cut_off_search_never_reads_the_hidden_parts_and_repeats_itself(
    game: str, options: dict[str, Any]
) -> None:
    """``ismcts`` scoring its leaves by the learned value head (``random-value``): the
    poison test (so also the same move from the same seed and iterations)."""
    for state, me in positions(game, options, seed=5, count=2):
        fake = poisoned(state, me, seed=99)
        assert fake.to_json() != state.to_json()  # the poison changed something hidden
        assert fake.legal_actions(me) == state.legal_actions(me)
        choose = [ismcts(3, 10, "random-value").choose(s, me) for s in (fake, state)]
        assert choose[0] == choose[1]


def test_a_value_cut_off_scores_the_position_by_each_seats_value_head() -> None:
    from wonders.bots.learned import LearnedBot
    from wonders.bots.playout import random_policy, rollout

    state = setup("duel", {}, 2)
    for _ in range(12):  # into the draft's middle
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    before = state.to_json()
    rewards = rollout(state, random.Random(0), random_policy, "value")
    assert state.to_json() == before  # nothing played
    bot = LearnedBot()
    assert rewards == [(1 + bot.value(state, p)) / 2 for p in (0, 1)]
    while not state.is_terminal():
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    assert rollout(state, random.Random(0), random_policy, "value") == result_rewards(state)


def test_same_choice_finds_the_candidate_that_differs_only_by_its_payment() -> None:
    from wonders.bots.playout import same_choice
    from wonders.classic.actions import Action

    actions = candidates([Action("build", "Baths", left=2, right=0), Action("sell", "Baths")])
    assert same_choice(Action("build", "Baths", left=0, right=2), actions) == actions[0]
    assert same_choice(Action("sell", "Baths"), actions) == actions[1]
    stray = Action("wonder", "Baths", left=0, right=0)
    assert same_choice(stray, actions) is stray  # none alike: itself


def test_the_root_prior_is_the_networks_pick_where_its_weights_play_the_table() -> None:
    """7 Wonders at 3 players (the learned bot's table): with two iterations no move has the
    evidence to replace the prior, so the move is the network's (its cheapest payment);
    ``-greedy`` keeps greedy's pick as the prior, and where the network has no weights (5
    players) the prior is greedy's."""
    from wonders.bots.learned import LearnedBot
    from wonders.bots.playout import same_choice

    network = LearnedBot()
    differs = 0
    for state, me in positions("classic", {"players": 3, "sides": "random"}, seed=4, count=8):
        pick = same_choice(network.choose(state, me), candidates(state.legal_actions(me)))
        assert make_bot("ismcts:2i").choose(state, me) == pick
        differs += make_bot("ismcts:2i:greedy-age-greedy").choose(state, me) != pick
    assert differs >= 1  # greedy's prior is another bot's
    three = setup("classic", {"players": 3}, 1)
    five = setup("classic", {"players": 5}, 1)
    assert isinstance(ismcts(0, 2)._network(three), LearnedBot)
    assert isinstance(ismcts(0, 2)._network(setup("classic", {"players": 4}, 1)), LearnedBot)
    assert ismcts(0, 2)._network(five) is None
    greedy_prior = make_bot("ismcts:2i:greedy-age-greedy")
    assert isinstance(greedy_prior, ISMCTSBot) and greedy_prior._network(three) is None


def test_duels_root_prior_is_the_networks_pick_and_none_turns_it_off() -> None:
    """Duel's search starts from the network's pick (two iterations cannot overturn it);
    ``-none`` is the search without a root prior, as Duel's ``ismcts`` was before."""
    from wonders.bots.learned import LearnedBot

    network = LearnedBot()
    plain_differs = 0
    for state, me in positions("duel", {}, seed=4, count=8):
        pick = network.choose(state, me)
        assert make_bot("ismcts:2i").choose(state, me) == pick
        plain = make_bot("ismcts:2i:random-end-none")
        plain_differs += plain.choose(state, me) != pick
        assert isinstance(plain, ISMCTSBot) and plain.prior_weight == 0.0 and plain.prior is None
    assert plain_differs >= 1  # without the prior, two iterations pick otherwise


def test_the_learned_prior_never_reads_the_hidden_parts_of_the_true_state() -> None:
    for state, me in positions("classic", {"players": 3, "sides": "random"}, seed=6, count=3):
        fake = poisoned(state, me, seed=99)
        assert fake.to_json() != state.to_json()
        assert ismcts(3, 12).choose(fake, me) == ismcts(3, 12).choose(state, me)


def test_the_prior_is_named_after_the_playout_style() -> None:
    bot = make_bot("ismcts:10i:greedy-age-greedy")
    assert isinstance(bot, ISMCTSBot) and bot.prior_source == "greedy"
    assert isinstance(bot := make_bot("ismcts:10i:greedy-age"), ISMCTSBot)
    assert bot.prior_source == "learned"
    for bad in ("ismcts:10i:greedy-age-magic", "montecarlo:10i:greedy-age-greedy"):
        with pytest.raises(OptionsError, match="bad"):
            make_bot(bad)


def test_without_numpy_the_prior_is_greedys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-only install has no numpy: the search takes greedy's prior and plays on."""
    import sys

    monkeypatch.setitem(sys.modules, "wonders.bots.learned", None)  # importing it fails
    state = setup("classic", {"players": 3}, 1)
    bot = ismcts(0, 2)
    assert bot._network(state) is None
    assert bot.choose(state, 0) in state.legal_actions(0)
