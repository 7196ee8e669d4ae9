"""7 Wonders Architects as fixed-size numbers.

Actions (``ArchitectsCodec(options).num_actions``, the same at every player count):

- 0: wait (the seat owes no decision).
- ``take``: the top card of a deck: the 7 wonders' decks (sorted by wonder name), then
  the central deck.
- ``search``: Halicarnassus looks into a wonder's deck (sorted by name).
- ``pick``: Halicarnassus keeps a card kind (kinds sorted by name).
- ``build``: wonder stage 1-5 x the cards spent, a multiset of gold and the 5 resources of
  at most as many cards as the dearest stage costs (4); every such multiset has its own
  index (by size, then by the sorted tuple of names), so every payment the engine can
  offer has exactly one.
- ``science``: the green cards spent (2 gears, 2 compasses, 2 tablets, or one of each) x
  the token taken (progress tokens sorted by name, then the stack's top).
- ``token``: Babylon's token (the same token order, then the stack).

Observations (``layout.describe()`` lists every field): the turn, whether the seat plays,
its pending decisions; the conflict (horns shown, tokens left); the central deck's size
(and top when face up), the token stack's size and the face-up tokens, the discard pile
by kind, the cards the seat looks at with Halicarnassus; then per seat clockwise from the
seat: its wonder, stages built and buildable, cards by kind, shields, victory tokens,
progress tokens and the cat; then per seat the deck on its left (between it and the next
seat): size and top card.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from wonders.architects.cards import RESOURCES, SCIENCE, STAGES, catalog
from wonders.architects.observe import ArchitectsObserver
from wonders.architects.state import normalize_options
from wonders.architects.views import architects_view
from wonders.core.protocol import JSON, View
from wonders.envs.codec import WAIT, Acc, Codec, Layout, Vocab, relative

CENTRAL = "central"
STACK = "stack"
PENDING = ("main", "extra", "any", "search", "pick", "babylon")
PAY_KINDS = ("gold", *RESOURCES)


def _pay_sets(most: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for size in range(most + 1):
        out += sorted({tuple(sorted(c)) for c in combinations_with_replacement(PAY_KINDS, size)})
    return out


def _science_sets() -> list[tuple[str, ...]]:
    return [(s, s) for s in sorted(SCIENCE)] + [tuple(sorted(SCIENCE))]


class ArchitectsCodec(Codec):
    game = "architects"

    def __init__(self, options: JSON) -> None:
        self.options = dict(options)
        # the game's own defaults and checks: an impossible option fails here
        self.num_players = int(normalize_options(self.options)["players"])
        cat = catalog()
        self.max_pay = max(c.count for c in cat.costs)
        self.wonders = Vocab(w.name for w in cat.wonders)
        self.kinds = Vocab(cat.kinds)
        self.token_names = Vocab(t.name for t in cat.tokens)
        self.token_choices = (*self.token_names.names, STACK)
        self.pays = _pay_sets(self.max_pay)
        self.pay_index = {p: i for i, p in enumerate(self.pays)}
        self.science_sets = _science_sets()
        nw, nk, nt = len(self.wonders), len(self.kinds), len(self.token_choices)
        self.take_base = 1
        self.search_base = self.take_base + nw + 1
        self.pick_base = self.search_base + nw
        self.build_base = self.pick_base + nk
        self.science_base = self.build_base + STAGES * len(self.pays)
        self.token_base = self.science_base + len(self.science_sets) * nt
        self.num_actions = self.token_base + nt
        self._build_layout()
        self._use(
            ArchitectsObserver(
                self.layout.size,
                self.num_actions,
                self.wonders.index,
                self.kinds.index,
                self.token_names.index,
                self.layout.offsets(),
                self.o_players,
                self.o_decks,
                self._index,
            )
        )

    # ------------------------------------------------------------ actions

    def reference_indices(self, actions: list[Any], seat: int) -> list[int]:
        return [self._index(a) for a in actions]

    def _deck(self, deck: str) -> int:
        if deck == CENTRAL:
            return len(self.wonders)
        return int(self.wonders.index.get(deck, -1))

    def _token(self, token: str) -> int:
        if token == STACK:
            return len(self.token_names)
        return self.token_names.index.get(token, -1)

    def _index(self, a: Any) -> int:
        kind = a.kind
        if kind == "take":
            d = self._deck(a.deck)
            return -1 if d < 0 else self.take_base + d
        if kind == "search":
            d = self.wonders.index.get(a.deck, -1)
            return -1 if d < 0 else self.search_base + d
        if kind == "pick":
            k = self.kinds.index.get(a.card, -1)
            return -1 if k < 0 else self.pick_base + k
        if kind == "build":
            p = self.pay_index.get(tuple(sorted(a.pay)), -1)
            if p < 0 or not 1 <= a.stage <= STAGES:
                return -1
            return self.build_base + (int(a.stage) - 1) * len(self.pays) + p
        t = self._token(a.token)
        if t < 0:
            return -1
        if kind == "token":
            return self.token_base + t
        if kind == "science":
            pay = tuple(sorted(a.pay))
            if pay not in self.science_sets:
                return -1
            s = self.science_sets.index(pay)
            return self.science_base + s * len(self.token_choices) + t
        return -1

    def action_name(self, index: int) -> str:
        nw = len(self.wonders)
        if index == WAIT:
            return "wait"
        if self.take_base <= index < self.search_base:
            d = index - self.take_base
            return f"take {self.wonders.names[d] if d < nw else CENTRAL}"
        if self.search_base <= index < self.pick_base:
            return f"search {self.wonders.names[index - self.search_base]}"
        if self.pick_base <= index < self.build_base:
            return f"pick {self.kinds.names[index - self.pick_base]}"
        if self.build_base <= index < self.science_base:
            stage, p = divmod(index - self.build_base, len(self.pays))
            return f"build stage {stage + 1} paying {', '.join(self.pays[p]) or 'nothing'}"
        if self.science_base <= index < self.token_base:
            s, t = divmod(index - self.science_base, len(self.token_choices))
            return f"science {', '.join(self.science_sets[s])} for {self.token_choices[t]}"
        if self.token_base <= index < self.num_actions:
            return f"token {self.token_choices[index - self.token_base]}"
        return f"invalid index {index}"

    # ------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        lay = Layout()
        nw, nk, nt = len(self.wonders), len(self.kinds), len(self.token_names)
        n = self.num_players
        self.o_turn = lay.add("turn", 1, "turn number")
        self.o_mine = lay.add("my_turn", 1, "1 if the seat owes the decision now")
        self.o_pending = lay.add("pending", len(PENDING), "counts: " + ", ".join(PENDING))
        self.o_conflict = lay.add("conflict", 2, "conflict tokens battle side up, tokens in all")
        self.o_central = lay.add("central_size", 1, "cards in the central deck")
        self.o_central_top = lay.add("central_top", nk, "the central deck's top kind if shown")
        self.o_stack = lay.add("token_stack", 1, "progress tokens in the stack")
        self.o_face_up = lay.add("face_up_tokens", nt, "face-up progress tokens")
        self.o_discard = lay.add("discard", nk, "the discard pile by kind")
        self.o_search = lay.add("searching", nk, "the cards the seat looks at (Halicarnassus)")
        self.player_fields = [
            ("wonder", nw),
            ("stages", STAGES),
            ("next_stages", STAGES),
            ("cards", nk),
            ("shields", 1),
            ("victory_tokens", 1),
            ("progress", nt),
            ("cat", 1),
        ]
        self.o_players = []
        for k in range(n):
            self.o_players.append(lay.size)
            for name, size in self.player_fields:
                lay.add(f"seat_{k}.{name}", size, f"{name} of the seat {k} to the left")
        self.o_decks = []
        for k in range(n):
            self.o_decks.append(lay.size)
            lay.add(f"deck_{k}.size", 1, f"cards in the deck left of the seat {k} to the left")
            lay.add(f"deck_{k}.top", nk, "its top card's kind")
        self.layout = lay

    def observe_into(self, seen: View, seat: int, acc: Acc) -> None:
        view = architects_view(seen)
        n = self.num_players
        ones, pos, vals = acc.ones, acc.pos, acc.vals
        kind_index = self.kinds.index
        token_index = self.token_names.index
        conflict = view.get("conflict", {})
        central = view.get("central", {})
        tokens = view.get("tokens", {})
        acc.set_run(self.o_turn, (view.get("turn", 0), 1.0 if seat in view["to_move"] else 0.0))
        if view.get("current") == seat:
            ones.extend(
                [self.o_pending + PENDING.index(p) for p in view["pending"] if p in PENDING]
            )
        acc.set_run(self.o_conflict, (conflict.get("battle_side", 0), conflict.get("total", 0)))
        acc.set(self.o_central, central.get("size", 0))
        if central.get("top") in kind_index:
            ones.append(self.o_central_top + kind_index[central["top"]])
        acc.set(self.o_stack, tokens.get("stack", 0))
        self.token_names.count(acc, self.o_face_up, tokens.get("face_up", ()))
        discard = [(k, c) for k, c in view.get("discard", {}).items() if k in kind_index]
        pos.extend([self.o_discard + kind_index[k] for k, _ in discard])
        vals.extend([c for _, c in discard])
        searching = view.get("searching")
        if searching:
            self.kinds.count(acc, self.o_search, searching.get("cards") or ())
        nw, nk, nt = len(self.wonders), len(self.kinds), len(self.token_names)
        for player in view["players"]:
            b = self.o_players[relative(seat, player["seat"], n)]
            if player.get("wonder") in self.wonders.index:
                ones.append(b + self.wonders.index[player["wonder"]])
            b += nw
            ones.extend([b + s - 1 for s in player.get("stages", ())])
            ones.extend([b + STAGES + s - 1 for s in player.get("next_stages", ())])
            b += 2 * STAGES
            cards = [(k, c) for k, c in player.get("cards", {}).items() if k in kind_index]
            pos.extend([b + kind_index[k] for k, _ in cards])
            vals.extend([c for _, c in cards])
            b += nk
            acc.set_run(b, (player.get("shields", 0), player.get("victory_tokens", 0)))
            ones.extend(
                [b + 2 + token_index[t] for t in player.get("progress", ()) if t in token_index]
            )
            if player.get("cat"):
                ones.append(b + 2 + nt)
        for deck in view["decks"]:
            b = self.o_decks[relative(seat, deck["between"][0], n)]
            pos.append(b)
            vals.append(deck.get("size", 0))
            top = deck["top"]
            if top is not None and top in kind_index:
                ones.append(b + 1 + kind_index[top])
