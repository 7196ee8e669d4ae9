"""Duel's military track: tokens lose coins once, supremacy at the capital, end points."""

from __future__ import annotations

from wonders.duel.military import MilitaryTrack


def test_rulebook_example_two_shields_enter_the_first_zone() -> None:
    # Antoine (0) at 1 builds a 2-shield card: the pawn enters the 3-5 zone, Bruno loses 2
    track = MilitaryTrack(position=1)
    losses, supremacy = track.push(0, 2)
    assert (track.position, losses, supremacy) == (3, [(1, 2)], False)
    # leaving and re-entering the zone does not trigger the spent token again
    track.push(1, 1)
    losses, _ = track.push(0, 1)
    assert losses == []


def test_one_push_can_cross_both_zones_and_reach_the_capital() -> None:
    track = MilitaryTrack()
    losses, supremacy = track.push(1, 9)
    assert losses == [(0, 2), (0, 5)]
    assert supremacy and track.position == -9 and track.leader() == 1


def test_shields_push_back_from_the_other_side() -> None:
    track = MilitaryTrack(position=4)
    losses, supremacy = track.push(1, 8)  # to -4: crosses into player 0's 3-5 zone
    assert (track.position, losses, supremacy) == (-4, [(0, 2)], False)


def test_end_points_by_zone() -> None:
    for position, points in ((0, 0), (1, 2), (2, 2), (3, 5), (5, 5), (6, 10), (8, 10)):
        track = MilitaryTrack(position=position)
        assert track.points(0) == points
        assert track.points(1) == 0
    assert MilitaryTrack(position=-7).points(1) == 10
