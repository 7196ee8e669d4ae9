"""7 Wonders Architects's chance model (``wonders.core.chance``): where each hidden
card is decided, for the OpenSpiel game's chance nodes."""

from __future__ import annotations

from typing import Any

from wonders.core.chance import Batch, ChanceModel, Place, Pool, Slot, remove_slot, swap_in
from wonders.core.protocol import JSON
from wonders.core.protocol import State as EngineState


class ArchitectsChance(ChanceModel):
    """Architects: each seat's wonder before the setup; then the top card of every deck
    (each deck's own cards, in a random order), the three face-up progress tokens, and from
    then on each new top of a deck, of the central deck and of the token stack as soon as it
    is on top, uniformly among that pile's cards (each pile's cards are known, only their
    order is not): a deck's top is face up; the central deck's and the stack's are decided
    before anyone may see them (the cat's holder looks at the central top, a turn draws it,
    a token is drawn), which changes nothing of what any seat knows. Halicarnassus's search
    decides the cards it shows its player below the known top; the searched deck, shuffled
    again, shows a new top."""

    def __init__(self, name: str, options: JSON) -> None:
        super().__init__(name, options)
        probe: Any = self.game.setup(dict(options), 0)
        f = probe.f
        self.n = probe.n
        self.wonders = list(f.wonders)
        self.kinds = list(f.names)
        self.tokens = sorted(set(f.tokens_in_box))
        self.names = (
            [f"wonder {w}" for w in self.wonders]
            + [f"card {k}" for k in self.kinds]
            + [f"token {t}" for t in self.tokens]
        )
        self.card_base = len(self.wonders)
        self.token_id = {t: self.card_base + len(self.kinds) + i for i, t in enumerate(self.tokens)}
        self.id_token = {i: t for t, i in self.token_id.items()}

    def first(self) -> Batch:
        places: list[tuple[Place, str]] = [(("wonder", p, 0, 0), "wonders") for p in range(self.n)]
        return Batch(
            "options", None, places, {"wonders": Pool.shuffled(list(range(len(self.wonders))))}
        )

    def setup(self, batch: Batch | None) -> EngineState:
        assert batch is not None
        wonders = [self.wonders[card] for _, card in batch.decided()]
        state: EngineState = self.game.setup({**self.options, "wonders": wonders}, 0)
        return state

    def reveals(self, before: EngineState | None, after: EngineState) -> Batch | None:
        a: Any = after
        b: Any = before
        places: list[tuple[Place, str]] = []
        pools: dict[str, Pool] = {}
        base = self.card_base
        search = bool(a.held) and (b is None or not b.held)
        for d in range(self.n):
            deck = a.decks[d]
            key = f"deck {d}"
            cards: list[int] = []
            if search and a.held_deck == d:  # the cards shown below the known top
                places += [(("held", k, 0, 0), key) for k in range(1, len(a.held))]
                cards += a.held[1:]
            if deck and (b is None or len(b.decks[d]) != len(deck)):
                places.append((("deck", d, 0, 0), key))
                cards += deck
            if cards:
                pools[key] = Pool.shuffled([base + k for k in cards])
        if a.central and (b is None or len(b.central) != len(a.central)):
            places.append((("central", 0, 0, 0), "central"))
            pools["central"] = Pool.shuffled([base + k for k in a.central])
        stack = list(a.stack)
        if b is None:
            places += [(("face_up", k, 0, 0), "stack") for k in range(len(a.face_up))]
            stack += a.face_up
        if a.stack and (b is None or len(b.stack) != len(a.stack)):
            places.append((("stack", 0, 0, 0), "stack"))
        if stack and any(key == "stack" for _, key in places):
            pools["stack"] = Pool.shuffled([self.token_id[t] for t in stack])
        if not places:
            return None
        return Batch("setup" if b is None else "post", after, places, pools)

    def commit(self, batch: Batch) -> EngineState:
        """The cards written into a copy of the world's lists (kind numbers), or, for the
        setup (whose event names the tokens) and a search (the cards held change the
        legal picks), into its JSON (names)."""
        base: Any = batch.base
        by_json = batch.kind == "setup" or any(p[0] == "held" for p, _ in batch.places)
        world: Any = None
        if by_json:
            data = base.to_json()
            decks, central, stack = data["decks"], data["central"], data["stack"]
            face_up, held = data["face_up"], data["held"]
        else:
            world = base.clone()  # its own lists, the base's left alone (shared with clones)
            decks = world.decks = [list(row) for row in base.decks]
            central = world.central = list(base.central)
            stack = world.stack = list(base.stack)
            face_up, held = world.face_up, world.held
        piles: dict[str, list[Slot]] = {}  # each pool's undecided places
        for _, key in batch.places:
            if key in piles:
                continue
            if key in ("central", "stack"):
                lst = central if key == "central" else stack
                piles[key] = [(lst, j) for j in range(len(lst))]
                if key == "stack" and batch.kind == "setup":
                    piles[key] += [(face_up, j) for j in range(len(face_up))]
            else:
                lst = decks[int(key.split()[1])]
                piles[key] = [(lst, j) for j in range(len(lst))]
                if any(p[0] == "held" for p, k in batch.places if k == key):
                    piles[key] += [(held, j) for j in range(1, len(held))]
        for ((kind, d, _, _), key), card in zip(batch.places, batch.chosen, strict=True):
            if kind == "deck":
                slot = (decks[d], len(decks[d]) - 1)
            elif kind == "held":
                slot = (held, d)
            elif kind == "central":
                slot = (central, len(central) - 1)
            elif kind == "stack":
                slot = (stack, len(stack) - 1)
            else:
                slot = (face_up, d)
            remove_slot(piles[key], slot)
            if key == "stack":
                value: Any = self.id_token[card]
            else:
                kind_number = card - self.card_base
                value = self.kinds[kind_number] if by_json else kind_number
            swap_in(piles[key], slot, value)
        if not by_json:
            state: EngineState = world
            return state
        for event in data["events"]:
            if event["type"] == "setup":
                event["tokens"] = list(face_up)
        state = self.game.from_json(data)
        return state
