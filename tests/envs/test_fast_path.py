"""The compiled observers (``<game>/observe.py``) give exactly what the view-based
reference encoders give: the observation vector, the action indices and the mask, for every
seat at every step of seeded games of every game and option set the environment tests use."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from tests.envs.cases import CASES, case_id  # noqa: E402
from wonders.core.obsbuf import inverse  # noqa: E402
from wonders.core.registry import get_game  # noqa: E402
from wonders.envs import make_codec  # noqa: E402
from wonders.envs.codec import Codec  # noqa: E402

# fields that are 0 in most positions: the games played must show each of them at least
# once, or the comparison would prove nothing about them
RARE = {
    "classic": ("discard", "deciding_for_free_city", "teammate_hand", "leader_packet"),
    "duel": ("library", "pending", "structure_taken"),
    "architects": ("searching", "central_top", "pending"),
}


def _reference_mask(codec: Codec, indices: list[int]) -> Any:
    out = np.zeros(codec.num_actions, dtype=np.int8)
    out[[i for i in indices if i >= 0]] = 1
    return out


def _compare(codec: Codec, state: Any, seen: set[str]) -> int:
    """Compare both encoders for every seat of ``state``; returns the seats compared."""
    for seat in range(codec.num_players):
        fast, reference = codec.observe(state, seat), codec.reference_observe(state, seat)
        assert fast.dtype == reference.dtype == np.float32
        assert np.array_equal(fast, reference), [
            name
            for name, offset, size, _ in codec.layout.fields
            if not np.array_equal(fast[offset : offset + size], reference[offset : offset + size])
        ]
        for name, offset, size, _ in codec.layout.fields:
            if reference[offset : offset + size].any():
                seen.add(name.split(".")[-1] if name.startswith("city_") else name)
        both, both_mask = codec.legal_and_mask(state, seat)
        assert both == codec.legal(state, seat)
        if state.is_terminal():
            assert both == {} and not both_mask.any()
            continue
        actions = state.legal_actions(seat)
        indices = codec.action_indices(actions, seat)
        assert indices == codec.reference_indices(actions, seat)
        legal = dict(zip(indices, actions, strict=True)) if actions else {0: None}
        assert both == legal
        mask = codec.mask(legal)
        assert mask.dtype == both_mask.dtype == np.int8
        assert np.array_equal(mask, _reference_mask(codec, list(legal)))
        assert np.array_equal(both_mask, mask)
    return codec.num_players


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fast_path_equals_the_reference(case: tuple[str, dict[str, Any]]) -> None:
    game, options = case
    codec = make_codec(game, options)
    assert codec.fast is not None, "every game has a compiled observer"
    players = int(options.get("players", 2))
    games = max(2, 12 // players)  # bounded run time: fewer games at bigger tables
    seen: set[str] = set()
    compared = 0
    for seed in range(games):
        state = get_game(game).setup(dict(options), seed)
        rng = random.Random(seed)
        compared += _compare(codec, state, seen)
        while not state.is_terminal():
            # one seat at a time: simultaneous turns are compared half chosen too
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            compared += _compare(codec, state, seen)
    assert compared > 100
    assert "hand" in seen or game != "classic"
    seen_everywhere.setdefault(game, set()).update(seen)


seen_everywhere: dict[str, set[str]] = {}


@pytest.mark.parametrize("game", sorted(RARE))
def test_rare_fields_were_compared(game: str) -> None:
    """The games above reached the rarely non-zero fields (runs after them, same module)."""
    seen = seen_everywhere.get(game)
    if seen is None:
        pytest.skip("the comparisons did not run in this session")
    missing = [name for name in RARE[game] if name not in seen]
    assert not missing, f"never non-zero in the compared games: {missing}"


def test_returned_arrays_are_fresh() -> None:
    """An observation or mask kept by the caller never changes afterwards."""
    codec = make_codec("duel", {})
    state = get_game("duel").setup({}, 1)
    seat = state.to_move()[0]
    obs = codec.observe(state, seat)
    legal = codec.legal(state, seat)
    mask = codec.mask(legal)
    kept_obs, kept_mask = obs.copy(), mask.copy()
    again = codec.observe(state, seat)
    assert not np.shares_memory(obs, again)
    again[:] = 7
    codec.mask(legal)[:] = 0
    state.apply(seat, state.legal_actions(seat)[0])
    codec.observe(state, seat)
    assert np.array_equal(obs, kept_obs) and np.array_equal(mask, kept_mask)
    assert obs.flags.writeable and mask.flags.writeable


def test_legal_and_mask_are_fresh_and_the_environment_hands_each_mask_once() -> None:
    """The mask made with the legal map is the caller's: a second observation of the same
    step gets an equal mask of its own."""
    from wonders.envs.pettingzoo import WondersAEC

    codec = make_codec("classic", {"players": 3})
    state = get_game("classic").setup({"players": 3}, 4)
    legal, mask = codec.legal_and_mask(state, 0)
    legal_again, mask_again = codec.legal_and_mask(state, 0)
    assert legal == legal_again and not np.shares_memory(mask, mask_again)
    assert mask.flags.writeable and sorted(np.flatnonzero(mask)) == sorted(legal)
    env = WondersAEC("classic", players=3)
    env.reset(seed=4)
    first = env.observe("player_0")["action_mask"]
    second = env.observe("player_0")["action_mask"]
    assert np.array_equal(first, mask) and np.array_equal(second, mask)
    assert not np.shares_memory(first, second)
    first[:] = 0
    assert np.array_equal(env.observe("player_0")["action_mask"], mask)


def test_masks_are_rows_set_once_across_blocks() -> None:
    """Masks are made a block of rows at a time (``core.obsbuf.MASK_ROWS``): every mask
    kept, over several blocks, still holds its own legal actions; writing into one changes
    no other; and a row whose index map failed half-way is never handed out."""
    from wonders.core.obsbuf import MASK_ROWS

    codec = make_codec("architects", {"players": 3})
    fast = codec.fast
    assert fast is not None
    state = get_game("architects").setup({"players": 3}, 2)
    rng = random.Random(2)
    kept = []
    while len(kept) < 3 * MASK_ROWS + 1 and not state.is_terminal():
        seat = state.current
        legal, mask = codec.legal_and_mask(state, seat)
        waiting, wait_mask = codec.legal_and_mask(state, (seat + 1) % 3)
        assert waiting == {0: None} and np.flatnonzero(wait_mask).tolist() == [0]
        kept.append((sorted(legal), mask))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(kept) == 3 * MASK_ROWS + 1
    for indices, mask in kept:
        assert mask.flags.writeable and mask.shape == (codec.num_actions,)
        assert np.flatnonzero(mask).tolist() == indices
    kept[5][1][:] = 1
    for k, (indices, mask) in enumerate(kept):
        assert k == 5 or np.flatnonzero(mask).tolist() == indices
    good = state.legal_actions(state.current)[0]
    with pytest.raises(AttributeError):  # not an action: found after the first was set
        fast.legal_and_mask([good, object()], state.current)
    legal, mask = fast.legal_and_mask([], state.current)
    assert legal == {0: None} and np.flatnonzero(mask).tolist() == [0]


def test_a_run_holds_each_integer_as_its_float32() -> None:
    """``core.obsbuf.f32_bits`` writes every integer a float32 holds exactly, negative
    ones too, as struct does, and ``f32_value`` reads it back; a larger one is refused."""
    import struct

    from wonders.core.obsbuf import f32_bits, f32_value

    edge = [2**24 - 1, -(2**24 - 1), 2**23 + 1, 65535, 65536, 1 << 20]
    for value in [*range(-1100, 1100), *edge]:
        bits = struct.unpack("<i", struct.pack("<f", value))[0]  # signed: a vec[i32] item
        assert f32_bits(value) == bits, value
        assert f32_value(bits) == value
    with pytest.raises(ValueError, match="not exact"):
        f32_bits(2**24)


def test_a_run_changes_only_the_entries_it_is_told() -> None:
    """``core.obsbuf.Run``: every method writes its own entries and no other, counts
    repeated names, skips unknown names and hidden items, and is joined from its memory
    as it is now (a joined observation is a copy: later changes do not reach it)."""
    from librt.vecs import vec
    from mypy_extensions import i64

    from wonders.core.obsbuf import Run, unknown

    run = Run(12)

    def entries() -> list[float]:
        return np.frombuffer(bytearray().join([run.out]), dtype=np.float32).tolist()

    assert entries() == [0.0] * 12
    run.set(0, 300)
    run.set(11, -7)
    run.flag(5, True)
    kept = bytearray().join([run.out])
    assert entries() == [300, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, -7]
    run.flag(5, False)
    run.one_hot(1, 4, 2)
    assert entries() == [300, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, -7]
    run.one_hot(1, 4, -1)
    assert entries()[1:5] == [0, 0, 0, 0]
    index = {"a": 0, "b": 1, "c": 2, "d": 3}
    run.recount(4, index, [], ["c", "a", "zzz", "c", "d"])
    assert entries()[3:9] == [0, 1, 0, 2, 1, 0]
    run.recount(4, index, ["c", "a", "zzz", "c", "d"], ["b"] * 255 + ["d"] * 3)
    assert entries()[3:9] == [0, 0, 255, 0, 3, 0]
    grown = ["b"] * 255 + ["d"] * 3 + ["d", "a", "zzz"]  # names added at the end only
    run.recount(4, index, ["b"] * 255 + ["d"] * 3, grown)
    assert entries()[3:9] == [0, 1, 255, 0, 4, 0]
    run.recount(4, index, grown, grown[:-2])  # names removed at the end only
    assert entries()[3:9] == [0, 0, 255, 0, 4, 0]
    run.recount(4, index, grown[:-2], [])
    assert entries() == [300] + [0.0] * 10 + [-7]
    run.tally(1, 3, [-1, 0, 2], [2, 1, 2, 0])
    assert entries()[:5] == [300, 1, 0, 2, 0]
    where = [2, -1, 0]  # the engine's kind -> the field's entry
    assert inverse(where, 4) == [2, -1, 0, -1]
    counts = unknown(3)
    assert run.gather(4, vec[i64](inverse(where, 4)), [7, 8, 9], counts) == 0b101
    assert entries()[4:9] == [9, 0, 7, 0, 0]
    assert list(counts) == [7, -1, 9]  # the kinds written (the field does not show kind 1)
    run.set(5, 4)  # an entry the kinds do not show: gather zeroes it
    run.set(6, 5)  # a kind that has not moved is not written again
    assert run.gather(4, vec[i64](inverse(where, 4)), [7, 8, 2], counts) == 0b100
    assert entries()[4:9] == [2, 0, 5, 0, 0]
    run.copy(4, 9, 3)
    assert entries()[9:] == [2, 0, 5]
    run.values(8, [5, 6, 7, 8])
    assert entries()[8:] == [5, 6, 7, 8]
    run.add_one(8)
    run.add_one(0)
    assert entries()[8] == 6 and entries()[0] == 301
    run.clear(0, 12)
    assert entries() == [0.0] * 12
    assert np.frombuffer(kept, dtype=np.float32).tolist()[:6] == [300, 0, 0, 0, 0, 1]
    with pytest.raises(IndexError):
        run.set(12, 1)


def test_each_seats_order_is_one_slice_of_the_parts_kept_twice() -> None:
    """``architects.observe.Twice``: a part written at its first place and copied reads
    the same at both; each seat's view starts at its own part and sees later changes."""
    from wonders.architects.observe import Twice

    twice = Twice(3, 2)

    def view(seat: int) -> list[float]:
        return np.frombuffer(bytearray().join([twice.views[seat]]), dtype=np.float32).tolist()

    for p in range(3):
        twice.run.set(2 * p, 10 * p + 1)
        twice.run.set(2 * p + 1, 10 * p + 2)
        twice.copy(p)
    assert view(0) == [1, 2, 11, 12, 21, 22]
    assert view(1) == [11, 12, 21, 22, 1, 2]
    assert view(2) == [21, 22, 1, 2, 11, 12]
    twice.run.set(0, 5)
    twice.copy(0)
    assert view(2) == [21, 22, 5, 2, 11, 12]


def test_action_indices_found_by_identity_or_value() -> None:
    """``ActionIndex`` finds an action handed out again by identity and an equal one
    rebuilt by value, and computes each value's index once; its index map leaves out the
    actions without an index and sets each index in the mask."""
    from wonders.core.obsbuf import ActionIndex

    computed: list[tuple[str, int]] = []

    def index_of(a: tuple[str, int]) -> int:
        computed.append(a)
        return -1 if a[0] == "none" else a[1]

    index = ActionIndex(index_of)
    first = [("take", 3), ("none", 0)]
    assert index.indices(first) == [3, -1]
    assert index.indices(first) == [3, -1]
    rebuilt = [("take", int("3")), ("take", 5)]
    assert index.indices(rebuilt) == [3, 5]
    assert computed == [("take", 3), ("none", 0), ("take", 5)]
    # an observer's one-pass index map and mask (``Observer.legal``) through this index
    fast = make_codec("architects", {"players": 2}).fast
    assert fast is not None
    fast.index = index  # type: ignore[attr-defined]
    both = [*first, ("take", 5)]
    legal, mask = fast.legal_and_mask(both, 0)
    assert legal == {3: ("take", 3), 5: ("take", 5)}
    assert list(mask[:8]) == [0, 0, 0, 1, 0, 1, 0, 0] and mask.sum() == 2  # none for "none"
    assert len(computed) == 3


def test_action_indices_stay_right_past_the_slots_and_the_bound() -> None:
    """``ActionIndex``'s slots hold far fewer objects than a game shows (objects share
    slots), and objects past ``KEPT`` are not kept: an object made after one of those died
    may have its id, and still gets its own index."""
    from wonders.core.obsbuf import KEPT, SLOTS, ActionIndex

    index = ActionIndex(lambda a: a[1])
    many = [("take", k) for k in range(4 * SLOTS)]
    for _ in range(2):
        assert index.indices(many) == list(range(4 * SLOTS))
    assert index.indices(many[::-1]) == list(range(4 * SLOTS))[::-1]
    index.indices([("fill", KEPT + k) for k in range(KEPT)])  # the bound reached
    assert len(index.kept) == KEPT
    for k in range(200):  # not kept: each dies at once and its id is used again
        assert index.find(("late", 2 * KEPT + k)) == 2 * KEPT + k
    assert index.indices(many) == list(range(4 * SLOTS))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_clones_and_their_source_observed_in_turn(case: tuple[str, dict[str, Any]]) -> None:
    """What an observer keeps between calls never leaks from one state into another: a
    state and its clone (which share the rows they have not changed), played apart and
    observed in turn, each get the reference's observation."""
    game, options = case
    codec = make_codec(game, options)
    state = get_game(game).setup(dict(options), 3)
    rng = random.Random(3)
    for _ in range(12):
        state.apply(seat := rng.choice(state.to_move()), rng.choice(state.legal_actions(seat)))
    other = state.clone()
    for _ in range(6):
        for s in (state, other):
            if s.is_terminal():
                continue
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            for t in (other, state, s):
                for k in range(codec.num_players):
                    assert np.array_equal(codec.observe(t, k), codec.reference_observe(t, k))


def test_each_seat_keeps_its_own_observation() -> None:
    """A seat's kept buffer is its own: observing another seat (or another game) in
    between changes nothing of it, and the arrays handed out are copies."""
    codec = make_codec("classic", {"players": 3})
    states = [get_game("classic").setup({"players": 3}, seed) for seed in (1, 2)]
    first = codec.observe(states[0], 0)
    for state in states:
        for seat in (1, 2, 0):
            codec.observe(state, seat)
    first[:] = 7
    again = codec.observe(states[0], 0)
    assert np.array_equal(again, codec.reference_observe(states[0], 0))
    assert not np.shares_memory(again, codec.observe(states[0], 0))


def test_kept_action_indices_stay_right() -> None:
    """The observers keep each action value's index: asked again (same values, rebuilt
    values, another seat) they still give the reference's; Duel's ``start`` actions, whose
    index depends on the seat, are kept per seat."""
    from wonders.classic.actions import Action as ClassicAction
    from wonders.duel.actions import Action as DuelAction

    duel = make_codec("duel", {})
    starts = [DuelAction("start", seat=0), DuelAction("start", seat=1)]
    for seat in (0, 1, 0):
        assert duel.action_indices(starts, seat) == duel.reference_indices(starts, seat)
    assert duel.action_indices(starts, 1) == [duel.start_base + 1, duel.start_base]
    classic = make_codec("classic", {"players": 3})
    card = classic.cards.names[0]
    pays = [ClassicAction("build", card, 2, 0), ClassicAction("build", card, 0, 1)]
    for actions in (pays, [ClassicAction(*a) for a in reversed(pays)], pays[:1]):
        indices = classic.action_indices(actions, 0)
        assert indices == classic.reference_indices(actions, 0)
    assert classic.action_indices(pays, 0) == [
        classic.reference_indices(pays, 0)[0],
        classic.reference_indices(pays, 0)[0] - 1,
    ]


def test_architects_parts_are_written_again_from_nothing_when_the_kinds_change() -> None:
    """Architects' observer keeps its parts by the card kinds of the state it last saw: a
    state with other kinds (``_names``, as if its data were loaded again) has every part
    written again from nothing, not changed from what the old kinds wrote."""
    codec = make_codec("architects", {"players": 3})
    state = get_game("architects").setup({"players": 3}, 5)
    rng = random.Random(5)
    while not any(state.progress) and not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert any(state.progress), "a progress token was taken"
    for seat in range(3):
        codec.observe(state, seat)
    assert codec.fast is not None
    codec.fast._names = ()  # type: ignore[attr-defined]
    for seat in range(3):
        assert np.array_equal(codec.observe(state, seat), codec.reference_observe(state, seat))


def test_without_a_fast_observer_the_reference_runs() -> None:
    codec = make_codec("architects", {"players": 3})
    state = get_game("architects").setup({"players": 3}, 2)
    fast = codec.observe(state, 1)
    actions = state.legal_actions(state.to_move()[0])
    fast_indices = codec.action_indices(actions, state.to_move()[0])
    fast_legal, fast_mask = codec.legal_and_mask(state, state.to_move()[0])
    codec.fast = None
    views: list[int] = []
    encode_view = codec.encode_view

    def counted(view: Any, seat: int) -> Any:
        views.append(seat)
        return encode_view(view, seat)

    codec.encode_view = counted  # type: ignore[method-assign]
    assert np.array_equal(codec.observe(state, 1), fast)
    assert views == [1]  # the reference encoder ran
    assert codec.action_indices(actions, state.to_move()[0]) == fast_indices
    legal, mask = codec.legal_and_mask(state, state.to_move()[0])
    assert legal == fast_legal and np.array_equal(mask, fast_mask)


def test_codecs_copy_and_pickle() -> None:
    """States holding a codec can be deep-copied (OpenSpiel's MCTS does) and pickled."""
    import copy
    import pickle

    codec = make_codec("classic", {"players": 4, "expansions": ["leaders"]})
    assert copy.deepcopy({"codec": codec})["codec"] is codec
    again = pickle.loads(pickle.dumps(codec))
    assert again.options == codec.options and again.fast is not None
    state = get_game("classic").setup({"players": 4, "expansions": ["leaders"]}, 3)
    assert np.array_equal(again.observe(state, 2), codec.observe(state, 2))


@pytest.mark.parametrize("game", ["duel", "architects", "classic"])
def test_observers_keep_nothing_of_a_state(game: str) -> None:
    """The observers keep each seat's last observation and the inputs it was written from,
    nothing of a state: observed at irregular steps of two games played in turns, between
    observations of sampled worlds and clones, and after a city changed in place, they
    give the reference's."""
    options = {"players": 4} if game != "duel" else {}
    codec = make_codec(game, options)
    for seed in range(2):
        states = [get_game(game).setup(dict(options), seed + k * 10) for k in (0, 1)]
        rng = random.Random(seed)
        while not all(state.is_terminal() for state in states):
            state = rng.choice([state for state in states if not state.is_terminal()])
            seat = rng.choice(state.to_move())
            if rng.random() < 0.3:
                for other in (state.sample_world(seat, random.Random(seed)), state.clone()):
                    assert np.array_equal(
                        codec.observe(other, seat), codec.reference_observe(other, seat)
                    )
                assert np.array_equal(
                    codec.observe(state, seat), codec.reference_observe(state, seat)
                )
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    if game == "duel":  # a city changed by hand, in place, is read again
        state = get_game("duel").setup({}, 1)
        codec.observe(state, 0)
        state.cities[1].add_card("Lumber yard")
        state.cities[1].tokens.append("Law")
        assert np.array_equal(codec.observe(state, 0), codec.reference_observe(state, 0))
