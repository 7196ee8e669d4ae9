"""7 Wonders Duel as fixed-size numbers.

Actions (``DuelCodec.num_actions``):

- 0: wait (the seat owes no decision).
- 1 .. 12: ``pick_wonder`` (wonders sorted by name).
- then 10: ``token`` (progress tokens sorted by name; from the board or the Great Library).
- then 2: ``start``: the seat itself starts the next Age, then: the opponent starts it.
- then one block of ``PER_CARD`` indices per card name (sorted): ``build``, ``sell``,
  ``destroy`` (the opponent's card), ``discard_build`` (the Mausoleum), then ``wonder``
  with that card under each wonder (sorted by name).

Every legal action of Duel has exactly one index: an action is a card, a wonder or a token
and a kind, with no payment choice (the engine pays as cheaply as possible).

Observations (``DuelCodec().layout.describe()`` lists every field): the phase, Age, who
plays, the pending decision; the military pawn counted toward the opponent's capital and
the military tokens left on each side; for the seat then its opponent: coins, points,
cards, wonders in hand and built, progress tokens and science symbols; the 20 places of the
Age's structure (the card if face up, taken, face up, accessible); the discard pile, the
board's progress tokens, the wonders offered in the draft, the Great Library's tokens
(to the seat choosing among them) and the wonders out of the game.
"""

from __future__ import annotations

from typing import Any

from wonders.core.protocol import JSON, View
from wonders.duel.cards import catalog
from wonders.duel.observe import DuelObserver
from wonders.duel.views import DuelCityView, duel_view
from wonders.envs.codec import WAIT, Acc, Codec, Layout, Vocab

STRUCTURE_PLACES = 20
PHASES = ("draft", "play")
PENDING = ("token", "library", "destroy", "discard_build", "start")
SYMBOLS = ("globe", "law", "mortar", "plumb", "quill", "sundial", "wheel")
CARD_KINDS = ("build", "sell", "destroy", "discard_build")


class DuelCodec(Codec):
    game = "duel"
    num_players = 2

    def __init__(self, options: JSON | None = None) -> None:
        self.options = dict(options or {})
        cat = catalog()
        self.cards = Vocab(c.name for c in cat.cards)
        self.wonders = Vocab(w.name for w in cat.wonders)
        self.tokens = Vocab(t.name for t in cat.tokens)
        self.pick_base = 1
        self.token_base = self.pick_base + len(self.wonders)
        self.start_base = self.token_base + len(self.tokens)
        self.card_base = self.start_base + 2
        self.per_card = len(CARD_KINDS) + len(self.wonders)
        self.num_actions = self.card_base + self.per_card * len(self.cards)
        self._build_layout()
        offsets = {
            **self.layout.offsets(),
            "pick_wonder": self.pick_base,
            "token": self.token_base,
            "start": self.start_base,
            "cards": self.card_base,
        }
        self._use(
            DuelObserver(
                self.layout.size,
                self.num_actions,
                self.cards.index,
                self.wonders.index,
                self.tokens.index,
                offsets,
                self.o_players,
            )
        )

    # ------------------------------------------------------------ actions

    def reference_indices(self, actions: list[Any], seat: int) -> list[int]:
        return [self._index(a, seat) for a in actions]

    def _index(self, a: Any, seat: int) -> int:
        kind = a.kind
        if kind == "pick_wonder":
            w = self.wonders.index.get(a.wonder)
            return -1 if w is None else self.pick_base + w
        if kind == "token":
            t = self.tokens.index.get(a.token)
            return -1 if t is None else self.token_base + t
        if kind == "start":
            return self.start_base + (0 if a.seat == seat else 1)
        c = self.cards.index.get(a.card)
        if c is None:
            return -1
        base = self.card_base + c * self.per_card
        if kind == "wonder":
            w = self.wonders.index.get(a.wonder)
            return -1 if w is None else base + len(CARD_KINDS) + w
        if kind in CARD_KINDS:
            return base + CARD_KINDS.index(kind)
        return -1

    def action_name(self, index: int) -> str:
        if index == WAIT:
            return "wait"
        if self.pick_base <= index < self.token_base:
            return f"pick_wonder {self.wonders.names[index - self.pick_base]}"
        if self.token_base <= index < self.start_base:
            return f"token {self.tokens.names[index - self.token_base]}"
        if index == self.start_base:
            return "start: I start the next Age"
        if index == self.start_base + 1:
            return "start: the opponent starts the next Age"
        if not self.card_base <= index < self.num_actions:
            return f"invalid index {index}"
        card, within = divmod(index - self.card_base, self.per_card)
        name = self.cards.names[card]
        if within < len(CARD_KINDS):
            return f"{CARD_KINDS[within]} {name}"
        return f"wonder {self.wonders.names[within - len(CARD_KINDS)]} with {name}"

    # ------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        lay = Layout()
        nc, nw, nt = len(self.cards), len(self.wonders), len(self.tokens)
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_age = lay.add("age", 1, "Age (1-3)")
        self.o_mine = lay.add("my_turn", 1, "1 if the seat owes the decision now")
        self.o_pending = lay.add("pending", len(PENDING), "one-hot: " + ", ".join(PENDING))
        self.o_military = lay.add(
            "military", 2, "pawn spaces toward the opponent's capital, toward the seat's"
        )
        self.o_mtokens = lay.add(
            "military_tokens",
            4,
            "tokens left: the opponent's at 3 and 6 spaces, the seat's at 3, 6",
        )
        self.player_fields = [
            ("coins", 1),
            ("points", 1),
            ("cards", nc),
            ("wonders", nw),
            ("built", nw),
            ("tokens", nt),
            ("science", len(SYMBOLS)),
        ]
        self.o_players = []
        for who in ("me", "opponent"):
            self.o_players.append(lay.size)
            for name, size in self.player_fields:
                lay.add(f"{who}.{name}", size, f"{who}: {name}")
        places = STRUCTURE_PLACES
        self.o_structure = lay.add(
            "structure", places * nc, f"{places} places of the Age x card one-hot (face up)"
        )
        self.o_taken = lay.add("structure_taken", places, "1 if the place's card was taken")
        self.o_face_up = lay.add("structure_face_up", places, "1 if the place is face up")
        self.o_accessible = lay.add("structure_accessible", places, "1 if it can be taken")
        self.o_discard = lay.add("discard", nc, "the discard pile")
        self.o_board = lay.add("board_tokens", nt, "progress tokens on the board")
        self.o_offer = lay.add("offer", nw, "wonders offered in the draft")
        self.o_library = lay.add("library", nt, "the Great Library's tokens, to its chooser")
        self.o_gone = lay.add("gone_wonders", nw, "wonders out of the game")
        self.layout = lay

    def observe_into(self, seen: View, seat: int, acc: Acc) -> None:
        view = duel_view(seen)
        phase = view.get("phase")
        if phase in PHASES:
            acc.set(self.o_phase + PHASES.index(phase), 1.0)
        acc.set(self.o_age, view.get("age", 0))
        acc.set(self.o_mine, 1.0 if seat in view.get("to_move", ()) else 0.0)
        pending = view.get("pending")
        if pending:
            if pending.get("kind") in PENDING:
                acc.set(self.o_pending + PENDING.index(pending["kind"]), 1.0)
            if pending.get("kind") == "library" and pending.get("player") == seat:
                self.tokens.count(acc, self.o_library, pending.get("tokens") or ())
        military = view.get("military", {})
        toward = military.get("position", 0) * (1 if seat == 0 else -1)
        acc.set(self.o_military, max(toward, 0))
        acc.set(self.o_military + 1, max(-toward, 0))
        for owner, value in military.get("tokens", ()):
            side = 0 if owner != seat else 2  # tokens on the opponent's side come first
            acc.set(self.o_mtokens + side + (0 if value < 5 else 1), 1.0)
        for player in view.get("players", ()):
            base = self.o_players[0 if player["seat"] == seat else 1]
            self._player(player, base, acc)
        nc = len(self.cards)
        index = self.cards.index
        places = view.get("structure", ())[:STRUCTURE_PLACES]
        base = self.o_structure
        acc.ones.extend(
            [base + k * nc + index[p["card"]] for k, p in enumerate(places) if p["card"] in index]
        )
        for offset, key in (
            (self.o_taken, "taken"),
            (self.o_face_up, "face_up"),
            (self.o_accessible, "accessible"),
        ):
            acc.ones.extend([offset + k for k, p in enumerate(places) if p.get(key)])
        self.cards.count(acc, self.o_discard, view.get("discard", ()))
        self.tokens.count(acc, self.o_board, view.get("board_tokens", ()))
        self.wonders.count(acc, self.o_offer, view.get("offer", ()))
        self.wonders.count(acc, self.o_gone, view.get("gone_wonders", ()))

    def _player(self, player: DuelCityView, base: int, acc: Acc) -> None:
        nc, nw, nt = len(self.cards), len(self.wonders), len(self.tokens)
        acc.set(base, player.get("coins", 0))
        acc.set(base + 1, player.get("points", 0))
        b = base + 2
        self.cards.count(acc, b, player.get("cards", ()))
        b += nc
        self.wonders.count(acc, b, player.get("wonders", ()))
        self.wonders.count(acc, b + nw, player.get("built", {}))
        b += 2 * nw
        self.tokens.count(acc, b, player.get("tokens", ()))
        b += nt
        for symbol, count in player.get("science", {}).items():
            if symbol in SYMBOLS:
                acc.set(b + SYMBOLS.index(symbol), count)
