"""The military track of 7 Wonders Duel: the conflict pawn, the 4 tokens, supremacy.

The pawn's position is counted from the
centre toward player 1's capital (positive: player 0 leads). Entering the 3-5 zone on a
player's side makes that player lose 2 coins, the 6-8 zone 5 coins (each token once); the
capital (9) is military supremacy. At the end the leader scores 2 (1-2), 5 (3-5) or 10 (6-8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

CAPITAL: Final = 9
ZONES: Final = ((3, 2), (6, 5))  # (first space of the zone, coins lost)
POINTS: Final = ((1, 2), (3, 5), (6, 10))  # (first space, victory points)
# the leader's victory points by the pawn's distance from the centre (0 to the capital)
POINTS_AT: Final = [
    max([vp for first, vp in POINTS if distance >= first], default=0)
    for distance in range(CAPITAL + 1)
]


@dataclass
class MilitaryTrack:
    position: int = 0
    # tokens still on the board: (player whose side it is on, first space of its zone)
    tokens: set[tuple[int, int]] = field(
        default_factory=lambda: {(p, z) for p in (0, 1) for z, _ in ZONES}
    )

    def push(self, player: int, shields: int) -> tuple[list[tuple[int, int]], bool]:
        """``player`` moves the pawn ``shields`` spaces toward the opponent's capital.

        Returns the coin losses it triggers as (player who loses, coins), in order, and
        whether the pawn reached the capital (military supremacy)."""
        opponent = 1 - player
        step = 1 if player == 0 else -1
        losses = []
        for _ in range(shields):
            if abs(self.position) == CAPITAL and self.leader() == player:
                break
            self.position += step
            distance = self.position * step  # spaces into the opponent's side
            for zone, coins in ZONES:
                if distance == zone and (opponent, zone) in self.tokens:
                    self.tokens.discard((opponent, zone))
                    losses.append((opponent, coins))
        return losses, self.position * step >= CAPITAL

    def leader(self) -> int | None:
        if self.position == 0:
            return None
        return 0 if self.position > 0 else 1

    def points(self, player: int) -> int:
        """Victory points at the end of the game for ``player``."""
        toward = self.position if player == 0 else -self.position  # from the centre
        if toward <= 0:
            return 0
        return POINTS_AT[min(toward, CAPITAL)]
