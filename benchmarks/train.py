"""Train the ``learned`` bot of a game: PPO with action masks, PyTorch on CPU.

One script for every game with a network in ``wonders.bots.learned`` (``--game duel``,
``architects`` or ``classic``; ``GAMES`` below holds each game's defaults): the game's
features of the codec's observation, a two-layer perceptron, the game's policy head
(``Network.logits``) and a value head. The script asks the network description, never the
game's name, how the head's outputs become the logits: a description with ``action_map(obs)``
(the head's output of every action index, depending on the observation) is a gather by it;
any other's ``logits`` must be a fixed sum of head outputs (plus a constant), which the
script reads off once by feeding it the identity (``head_terms``). Each iteration plays
``--games`` seeded games to the end, in lockstep (one batched forward pass for every game
owing the network a decision), each against an opponent drawn from the mix (``--mix``:
``greedy``, ``self``: the network plays every seat and learns from all, ``random``: every
other seat), at a player count taken in turn from ``--players`` (``2,2,2,4``: three games
at 2 players for one at 4), the network's seat going round; then PPO (clipped ratio, GAE,
masked entropy bonus) on every decision of those games. Rewards, at the end: +1 for the
only winner, -1 for a seat that did not win, 0 for a shared win (with ``--points-scale S``:
the mean of that and tanh(the seat's lead in points over its best rival / S), a denser
signal where a game has many seats).

The warm start (``--imitate N``) teaches the network ``greedy``'s choices in N games, or
with ``--teacher BOT`` another bot's (a search's root visit shares) in N games of that bot
against ``greedy`` (``teach.py``: kept as they end, played in ``--workers`` processes or on
Ray with ``--ray ADDRESS``); ``--init FILE.npz`` starts from shipped weights.

Seeds: torch, numpy and the bots' are drawn from ``--seed``; training deals are the
engine's games 0, 1, 2, ...; every ``--eval-every`` iterations the network (its most
likely legal action, deterministic) plays ``--val-games`` validation deals (from 500
000 000) against greedy at the first player count of ``--players`` (and half as many
against random, and against greedy at the second count if any), and the best such network
against greedy is kept. ``--test`` then measures the shipped bot itself
(``make_bot("learned")``, NumPy, float16 weights) on deals never used before (from 1 000
000 000), its seat going round, with Wilson 95% intervals (a shared win counts its share).

Written as it goes, in ``--out`` (default ``learn-runs/<game>``): ``curve.csv`` (one line an
iteration; validation columns filled at evaluations), ``curve.png``, ``last.pt`` and
``best.pt`` (PyTorch checkpoints), ``best_policy.npz`` (the shipped form, which records the
game and the player counts: ``--install`` copies it to
``src/wonders/bots/data/<game>_policy.npz``; ``last_policy.npz``, the final iteration's, with
``--ship last``). A cut run keeps all of them; ``--resume`` goes
on from ``last.pt``.

    pip install -e '.[learn]'
    python benchmarks/train.py --game architects --players 2 --minutes 25 --install
    python benchmarks/train.py --game architects --test-only --test-games 200
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from wonders.bots import make_bot
from wonders.bots.learned import NO_CHANCE, Network, network
from wonders.core.registry import get_game
from wonders.envs import make_codec
from wonders.envs.codec import ENCODING_VERSION

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "wonders" / "bots" / "data"
IMITATE_SEED = 250_000_000
VAL_SEED = 500_000_000
TEST_SEED = 1_000_000_000


@dataclass(frozen=True)
class GameSpec:
    """A game's training defaults."""

    title: str
    players: str  # the default --players
    target: float  # the rate against greedy drawn on the curve
    hidden: tuple[int, int] = (256, 128)
    mix: str = "greedy=0.6,self=0.3,random=0.1"
    imitate: int = 0  # the default --imitate


GAMES = {
    "duel": GameSpec("7 Wonders Duel", "2", 0.95),
    "architects": GameSpec("7 Wonders Architects", "2", 0.75, imitate=8000),
    "classic": GameSpec("7 Wonders", "3", 0.40, mix="greedy=0.8,self=0.2", imitate=4000),
}


def game_options(game: str, players: int) -> dict[str, Any]:
    """The options of ``game`` at ``players`` (none for a game of one player count)."""
    info = get_game(game)
    return {} if info.min_players == info.max_players else {"players": players}


_CODECS: dict[tuple[str, int], tuple[Any, Network]] = {}
REFERENCE_ENCODER = False  # --reference-encoder: the view-based encoder, not the compiled one
POINTS_SCALE = 0.0  # --points-scale: the final reward also tells the points' margin


def codec_of(game: str, players: int) -> tuple[Any, Network]:
    """The codec and network description of ``game`` at ``players`` (built once)."""
    key = (game, players)
    if key not in _CODECS:
        codec = make_codec(game, game_options(game, players))
        if REFERENCE_ENCODER:
            codec.fast = None  # what whole training steps gain from the compiled observers
        _CODECS[key] = (codec, network(game, codec))
    return _CODECS[key]


def head_terms(desc: Network, obs_size: int) -> tuple[np.ndarray, np.ndarray]:
    """A fixed head read off ``desc.logits``: for every action index, the head outputs
    whose sum is its logit (``head_size``, padding: none) and a constant added to it."""
    rows = desc.head_size
    obs = np.zeros((rows, obs_size), dtype=np.float32)
    offset = desc.logits(np.zeros((1, rows), dtype=np.float32), obs[:1])[0]
    weights = desc.logits(np.eye(rows, dtype=np.float32), obs) - offset  # (outputs, actions)
    if not np.isin(weights, (0.0, 1.0)).all():
        raise ValueError(f"the {desc.game} network's logits are not a sum of head outputs")
    width = max(1, int(weights.sum(axis=0).max()))
    terms = np.full((desc.num_actions, width), rows, dtype=np.int64)
    for action, output in zip(*np.nonzero(weights.T), strict=True):
        free = int(np.argmax(terms[action] == rows))
        terms[action, free] = output
    return terms, offset.astype(np.float32)


class MapTable:
    """The distinct action maps of a head that depends on the observation (``action_map``:
    few, e.g. one per pair of decks' wonders in Architects), so that each decision keeps
    only its map's number."""

    def __init__(self) -> None:
        self.ids: dict[bytes, int] = {}
        self.rows: list[np.ndarray] = []
        self.table: torch.Tensor | None = None

    def intern(self, maps: np.ndarray) -> np.ndarray:
        out = np.empty(len(maps), dtype=np.int64)
        for i, row in enumerate(np.asarray(maps, dtype=np.int64)):
            key = row.tobytes()
            if key not in self.ids:
                self.ids[key] = len(self.rows)
                self.rows.append(row)
                self.table = None
            out[i] = self.ids[key]
        return out

    def tensor(self) -> torch.Tensor:
        if self.table is None:
            self.table = torch.from_numpy(np.stack(self.rows))
        return self.table


MAPS = MapTable()


class Net(nn.Module):
    """``wonders.bots.learned.Policy`` in PyTorch, with the game's head (``Network``)."""

    terms: torch.Tensor  # a fixed head: the outputs summed into each logit (head_terms)
    offset: torch.Tensor

    def __init__(self, game: str, desc: Network, obs_size: int, hidden: tuple[int, int]) -> None:
        super().__init__()
        self.game = game
        self.l1 = nn.Linear(desc.feature_size, hidden[0])
        self.l2 = nn.Linear(hidden[0], hidden[1])
        self.pi = nn.Linear(hidden[1], desc.head_size)
        self.v = nn.Linear(hidden[1], 1)
        if not hasattr(desc, "action_map"):
            terms, offset = head_terms(desc, obs_size)
            self.register_buffer("terms", torch.from_numpy(terms), persistent=False)
            self.register_buffer("offset", torch.from_numpy(offset), persistent=False)
        for layer in (self.l1, self.l2):
            nn.init.orthogonal_(layer.weight, math.sqrt(2))
            nn.init.zeros_(layer.bias)
        nn.init.orthogonal_(self.pi.weight, 0.01)
        nn.init.zeros_(self.pi.bias)
        nn.init.orthogonal_(self.v.weight, 1.0)
        nn.init.zeros_(self.v.bias)

    def forward(
        self, x: torch.Tensor, keys: torch.Tensor | None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        h = torch.relu(self.l2(torch.relu(self.l1(x))))
        head = self.pi(h)
        value = torch.tanh(self.v(h)[:, 0])
        n = head.shape[0]
        if keys is not None:  # a gather by each decision's action map (MAPS' numbers)
            none = torch.full((n, 1), NO_CHANCE)
            return torch.cat([head, none], dim=1).gather(1, MAPS.tensor()[keys]), value
        padded = torch.cat([head, torch.zeros(n, 1)], dim=1)  # a fixed sum of outputs
        return padded[:, self.terms].sum(dim=2) + self.offset, value

    def load_npz(self, path: Path) -> None:
        """Start from shipped weights (``export``'s form, e.g. the package's)."""
        with np.load(path) as f:
            for name, layer in (("1", self.l1), ("2", self.l2), ("p", self.pi), ("v", self.v)):
                w = torch.from_numpy(f["w" + name].astype(np.float32).T.copy())
                if w.shape != layer.weight.shape:
                    raise SystemExit(
                        f"{path}: layer {name} is {tuple(w.shape)}, not "
                        f"{tuple(layer.weight.shape)} (--hidden1/--hidden2)"
                    )
                layer.weight.data.copy_(w)
                layer.bias.data.copy_(torch.from_numpy(f["b" + name].astype(np.float32)))

    def export(self, path: Path, players: list[int]) -> None:
        """The shipped form: float16 weights (``x @ w`` layout), the game, the player counts
        and the encoding's sizes."""
        arrays: dict[str, Any] = {}
        for name, layer in (("1", self.l1), ("2", self.l2), ("p", self.pi), ("v", self.v)):
            arrays["w" + name] = layer.weight.detach().numpy().T.astype(np.float16)
            arrays["b" + name] = layer.bias.detach().numpy().astype(np.float16)
        codec, _desc = codec_of(self.game, players[0])
        arrays.update(
            game=np.array(self.game),
            players=np.array(players, dtype=np.int32),
            options=np.array(json.dumps([game_options(self.game, n) for n in players])),
            obs_size=np.int32(codec.layout.size),
            num_actions=np.int32(codec.num_actions),
            encoding_version=np.int32(ENCODING_VERSION),
        )
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)


def inputs(desc: Network, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """The network's input rows of observations ``obs`` and, for a head that depends on
    the observation, their action maps' numbers (``MAPS``)."""
    action_map = getattr(desc, "action_map", None)
    keys = None if action_map is None else MAPS.intern(action_map(obs))
    return desc.features(obs), keys


@dataclass
class Seat:
    """One network seat of one game: its decisions so far."""

    x: list[np.ndarray] = field(default_factory=list)
    amaps: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logps: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)


class Game:
    def __init__(
        self, game: str, players: int, seed: int, opponent: str, net_seat: int, bot_seed: int
    ) -> None:
        self.state = get_game(game).setup(game_options(game, players), seed)
        self.n = self.state.num_players
        self.codec, self.desc = codec_of(game, players)
        self.opponent = opponent
        self.seats: dict[int, Seat] = {}
        self.bots: dict[int, Any] = {}
        if opponent == "self":
            self.seats = {s: Seat() for s in range(self.n)}
        else:
            self.seats = {net_seat: Seat()}
            # the first rival clockwise gets bot_seed (as at 2 players), the next ones +1, +2
            self.bots = {
                s: make_bot(opponent, bot_seed + (s - net_seat) % self.n - 1)
                for s in range(self.n)
                if s != net_seat
            }
        self.legal: dict[int, Any] = {}
        self.rewards = [0.0] * self.n
        self.shares = [0.0] * self.n

    def advance(self) -> tuple[int, np.ndarray, np.ndarray] | None:
        """Bots move until a network seat owes a decision: (seat, observation, mask)."""
        state = self.state
        while not state.is_terminal():
            seat = state.to_move()[0]
            if seat in self.bots:
                state.apply(seat, self.bots[seat].choose(state, seat))
                continue
            self.legal, mask = self.codec.legal_and_mask(state, seat)
            return seat, self.codec.observe(state, seat), mask
        result = state.result()
        winners = set(result.winners)
        self.rewards = final_rewards(result)
        self.shares = [1.0 / len(winners) if s in winners else 0.0 for s in range(self.n)]
        return None


def final_rewards(result: Any) -> list[float]:
    """Every seat's reward at the end: +1 for the only winner, -1 for a seat that did not
    win, 0 for a shared win; with ``--points-scale``, the mean of that and tanh(the seat's
    lead in points over its best rival / the scale)."""
    winners, totals = set(result.winners), result.totals
    out = []
    for s in range(len(totals)):
        reward = 1.0 if winners == {s} else 0.0 if s in winners else -1.0
        if POINTS_SCALE > 0:
            lead = totals[s] - max(t for i, t in enumerate(totals) if i != s)
            reward = (reward + math.tanh(lead / POINTS_SCALE)) / 2
        out.append(reward)
    return out


def play_batch(
    net: Net, games: list[Game], sample: bool, gen: torch.Generator | None
) -> list[Game]:
    """Play ``games`` to their end, the network choosing for its seats (sampled from its
    policy when training, its most likely legal action otherwise)."""
    live = list(games)
    while live:
        pending = []
        for g in live:
            turn = g.advance()
            if turn is not None:
                pending.append((g, *turn))
        live = [p[0] for p in pending]
        if not pending:
            break
        groups: dict[int, list[int]] = {}
        for i, p in enumerate(pending):
            groups.setdefault(id(p[0].desc), []).append(i)
        xs: list[Any] = [None] * len(pending)
        maps: list[Any] = [None] * len(pending)
        for rows in groups.values():
            x, amap = inputs(pending[rows[0]][0].desc, np.stack([pending[i][2] for i in rows]))
            for j, i in enumerate(rows):
                xs[i] = x[j]
                maps[i] = None if amap is None else amap[j]
        x_t = torch.from_numpy(np.stack(xs))
        amap_t = None if maps[0] is None else torch.from_numpy(np.stack(maps).astype(np.int64))
        mask = torch.from_numpy(np.stack([p[3] for p in pending]).astype(bool))
        with torch.no_grad():
            logits, values = net(x_t, amap_t)
            logits = logits.masked_fill(~mask, -1e9)
            if sample:
                logp_all = torch.log_softmax(logits, dim=1)
                actions = torch.multinomial(logp_all.exp(), 1, generator=gen)[:, 0]
                logps = logp_all.gather(1, actions[:, None])[:, 0]
            else:
                actions = logits.argmax(dim=1)
                logps = torch.zeros(len(pending))
        for i, (g, seat, _obs, m) in enumerate(pending):
            a = int(actions[i])
            if sample:
                rec = g.seats[seat]
                rec.x.append(xs[i])
                if maps[i] is not None:
                    rec.amaps.append(maps[i])
                rec.masks.append(m)
                rec.actions.append(a)
                rec.logps.append(float(logps[i]))
                rec.values.append(float(values[i]))
            g.state.apply(seat, g.legal[a])
    return games


def batch_of(games: list[Game], gamma: float, lam: float) -> dict[str, Any]:
    """Every decision of ``games`` with its GAE advantage and return (reward at the end)."""
    xs, amaps, masks, actions, logps, advs, rets = [], [], [], [], [], [], []
    for g in games:
        for seat, rec in g.seats.items():
            n = len(rec.actions)
            if n == 0:
                continue
            values = np.array([*rec.values, 0.0], dtype=np.float32)
            rewards = np.zeros(n, dtype=np.float32)
            rewards[-1] = g.rewards[seat]
            adv = np.zeros(n, dtype=np.float32)
            last = 0.0
            for t in range(n - 1, -1, -1):
                delta = rewards[t] + gamma * values[t + 1] - values[t]
                last = delta + gamma * lam * last
                adv[t] = last
            xs += rec.x
            amaps += rec.amaps
            masks += rec.masks
            actions += rec.actions
            logps += rec.logps
            advs.append(adv)
            rets.append(adv + values[:-1])
    return {
        "x": torch.from_numpy(np.stack(xs)),
        "amap": torch.from_numpy(np.stack(amaps).astype(np.int64)) if amaps else None,
        "mask": torch.from_numpy(np.stack(masks).astype(bool)),
        "action": torch.tensor(actions),
        "logp": torch.tensor(logps),
        "adv": torch.from_numpy(np.concatenate(advs)),
        "ret": torch.from_numpy(np.concatenate(rets)),
    }


def descend(net: Net, opt: torch.optim.Optimizer, loss: torch.Tensor) -> None:
    """One optimiser step on ``loss``, its gradient norm clipped to 0.5."""
    opt.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(net.parameters(), 0.5)
    opt.step()


def set_lr(opt: torch.optim.Optimizer, lr: float) -> None:
    for group in opt.param_groups:
        group["lr"] = lr


def ppo_update(
    net: Net, opt: torch.optim.Optimizer, batch: dict[str, Any], args: Any
) -> dict[str, float]:
    n = len(batch["action"])
    adv = batch["adv"]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    stats = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0, "clip_frac": 0.0}
    steps = 0
    for _ in range(args.epochs):
        order = torch.randperm(n)
        for start in range(0, n, args.minibatch):
            idx = order[start : start + args.minibatch]
            amap = None if batch["amap"] is None else batch["amap"][idx]
            logits, values = net(batch["x"][idx], amap)
            logits = logits.masked_fill(~batch["mask"][idx], -1e9)
            logp_all = torch.log_softmax(logits, dim=1)
            logp = logp_all.gather(1, batch["action"][idx, None])[:, 0]
            ratio = torch.exp(logp - batch["logp"][idx])
            a = adv[idx]
            policy_loss = -torch.min(
                ratio * a, torch.clamp(ratio, 1 - args.clip, 1 + args.clip) * a
            ).mean()
            value_loss = ((values - batch["ret"][idx]) ** 2).mean()
            p = logp_all.exp()
            entropy = -(p * logp_all.masked_fill(~batch["mask"][idx], 0.0)).sum(1).mean()
            loss = policy_loss + args.vf_coef * value_loss - args.ent_coef * entropy
            descend(net, opt, loss)
            stats["policy_loss"] += float(policy_loss.detach())
            stats["value_loss"] += float(value_loss.detach())
            stats["entropy"] += float(entropy.detach())
            stats["clip_frac"] += float(((ratio - 1).abs() > args.clip).float().mean())
            steps += 1
    return {k: v / max(steps, 1) for k, v in stats.items()}


def imitate(net: Net, opt: torch.optim.Optimizer, args: Any, cycle: list[int]) -> None:
    """The warm start: ``--imitate`` games of greedy in every seat (deals from 250 000 000),
    the network taught greedy's every choice (cross-entropy over the legal actions) and
    each seat's final reward (the value head), ``--imitate-epochs`` passes; with
    ``--teacher``, the teacher's games instead (``teach.py``)."""
    if args.teacher:
        imitate_teacher(net, opt, args, cycle)
        return
    t0 = time.perf_counter()
    xs, keys, masks, actions, rewards = [], [], [], [], []
    for i in range(args.imitate):
        players = cycle[i % len(cycle)]
        codec, desc = codec_of(args.game, players)
        state = get_game(args.game).setup(game_options(args.game, players), IMITATE_SEED + i)
        bots = [make_bot("greedy", IMITATE_SEED + i + s) for s in range(players)]
        seen: list[tuple[int, np.ndarray, np.ndarray, int]] = []
        while not state.is_terminal():
            p = state.to_move()[0]
            action = bots[p].choose(state, p)
            _legal, mask = codec.legal_and_mask(state, p)
            seen.append((p, codec.observe(state, p), mask, codec.action_indices([action], p)[0]))
            state.apply(p, action)
        final = final_rewards(state.result())
        x, k = inputs(desc, np.stack([row[1] for row in seen]))
        xs.append(x.astype(np.float16))
        if k is not None:
            keys.append(k)
        masks += [row[2] for row in seen]
        actions += [row[3] for row in seen]
        rewards += [final[row[0]] for row in seen]
    x_t = torch.from_numpy(np.concatenate(xs))
    k_t = torch.from_numpy(np.concatenate(keys).astype(np.int64)) if keys else None
    m_t = torch.from_numpy(np.stack(masks).astype(bool))
    a_t, r_t = torch.tensor(actions), torch.tensor(rewards)
    n = len(actions)
    print(
        f"imitation: {args.imitate} greedy games, {n} decisions, {time.perf_counter() - t0:.0f} s"
    )
    net.train()
    set_lr(opt, args.imitate_lr or args.lr)  # its own rate (--imitate-lr), then PPO's again
    for epoch in range(args.imitate_epochs):
        order = torch.randperm(n)
        ce_sum, hits, steps = 0.0, 0, 0
        for start in range(0, n, args.minibatch):
            idx = order[start : start + args.minibatch]
            logits, values = net(x_t[idx].float(), None if k_t is None else k_t[idx])
            logits = logits.masked_fill(~m_t[idx], -1e9)
            ce = nn.functional.cross_entropy(logits, a_t[idx])
            loss = ce + args.vf_coef * ((values - r_t[idx]) ** 2).mean()
            descend(net, opt, loss)
            ce_sum += float(ce.detach())
            hits += int((logits.argmax(1) == a_t[idx]).sum())
            steps += 1
        print(
            f"imitation epoch {epoch + 1}: cross-entropy {ce_sum / steps:.3f}, greedy's "
            f"choice {hits / n:.1%}, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )
    set_lr(opt, args.lr)


def imitate_teacher(net: Net, opt: torch.optim.Optimizer, args: Any, cycle: list[int]) -> None:
    """The warm start from a teacher (``--teacher BOT``): ``--imitate`` games of the teacher
    in one seat against ``greedy`` (``teach.py``; played where missing, in ``--workers``
    processes, kept in ``--teacher-out``), the policy taught the teacher's root visit shares
    (cross-entropy with soft targets), the value head the teacher seat's results; the last
    tenth of the games held out to show the match on games not learnt from. After every
    pass the network plays the validation deals against greedy, and the best pass is kept
    (``best.pt``, ``best_policy.npz``) and goes on to PPO."""
    import teach

    t0 = time.perf_counter()
    out = Path(args.teacher_out)
    taught = [int(p) for p in (args.teacher_players or str(cycle[0])).split(",")]
    teach.play_missing(args.game, taught, args.teacher, args.imitate, args.workers, out, args.ray)
    xs, keys, masks, targets, results, games = [], [], [], [], [], []
    for players in dict.fromkeys(taught):
        data = teach.load(out, args.imitate, players)
        _codec, desc = codec_of(args.game, players)
        x, k = inputs(desc, data["obs"])
        xs.append(x.astype(np.float32))
        if k is not None:
            keys.append(k)
        masks.append(data["mask"])
        targets.append(data["target"])
        results.append(data["result"])
        games.append(data["game"])
        print(
            f"teacher {args.teacher} at {players} players: {int(data['games'])} games, "
            f"{len(data['obs'])} decisions, its seat's win rate "
            f"{float(data['wins']) / int(data['games']):.1%}"
        )
    x_t = torch.from_numpy(np.concatenate(xs))
    k_t = torch.from_numpy(np.concatenate(keys).astype(np.int64)) if keys else None
    m_t = torch.from_numpy(np.concatenate(masks))
    t_t = torch.from_numpy(np.concatenate(targets))
    r_t = torch.from_numpy(np.concatenate(results))
    game_of = np.concatenate(games)
    held = game_of >= np.quantile(game_of, 0.9)
    train_idx = torch.from_numpy(np.nonzero(~held)[0])
    held_idx = torch.from_numpy(np.nonzero(held)[0])
    choice = t_t.argmax(1)
    counts = list(dict.fromkeys(cycle))
    net.train()
    set_lr(opt, args.imitate_lr or args.lr)
    best = -1.0
    for epoch in range(args.imitate_epochs):
        order = train_idx[torch.randperm(len(train_idx))]
        ce_sum, steps = 0.0, 0
        for start in range(0, len(order), args.minibatch):
            idx = order[start : start + args.minibatch]
            logits, values = net(x_t[idx], None if k_t is None else k_t[idx])
            logp = torch.log_softmax(logits.masked_fill(~m_t[idx], -1e9), dim=1)
            ce = -(t_t[idx] * logp).sum(1).mean()
            loss = ce + args.vf_coef * ((values - r_t[idx]) ** 2).mean()
            descend(net, opt, loss)
            ce_sum += float(ce.detach())
            steps += 1
        net.eval()
        with torch.no_grad():
            hits = []
            for part in (train_idx, held_idx):
                logits, _v = net(x_t[part], None if k_t is None else k_t[part])
                picked = logits.masked_fill(~m_t[part], -1e9).argmax(1)
                hits.append(float((picked == choice[part]).float().mean()))
        rate = net_rate(net, args.game, counts[0], "greedy", args.val_games, VAL_SEED)
        other = ""
        if len(counts) > 1:
            rate2 = net_rate(net, args.game, counts[1], "greedy", args.val_games // 2, VAL_SEED)
            other = f" ({counts[1]} players: {rate2:.3f})"
        print(
            f"teacher pass {epoch + 1}: cross-entropy {ce_sum / max(steps, 1):.3f}, the "
            f"teacher's choice {hits[0]:.1%} (held-out games {hits[1]:.1%}), validation "
            f"against greedy {rate:.3f}{other}, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )
        if rate >= best:
            best = rate
            torch.save({"net": net.state_dict(), "iteration": 0}, Path(args.out) / "best.pt")
            net.export(Path(args.out) / "best_policy.npz", counts)
        net.train()
    net.load_state_dict(torch.load(Path(args.out) / "best.pt")["net"])
    args.imitated_best = best
    set_lr(opt, args.lr)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def net_rate(
    net: Net, game: str, players: int, opponent: str, games: int, first_seed: int
) -> float:
    """The network's (argmax) score rate against ``opponent`` in every other seat (a
    shared win counts its share)."""
    batch = [
        Game(game, players, first_seed + i, opponent, i % players, first_seed + i)
        for i in range(games)
    ]
    play_batch(net, batch, sample=False, gen=None)
    return sum(g.shares[i % players] for i, g in enumerate(batch)) / games


def draw_opponent(rng: random.Random, mix: dict[str, float]) -> str:
    r, total = rng.random() * sum(mix.values()), 0.0
    for name, weight in mix.items():
        total += weight
        if r < total:
            return name
    return next(iter(mix))


CURVE_FIELDS = [
    "iteration",
    "games",
    "decisions",
    "seconds",
    "train_vs_greedy",
    "train_vs_random",
    "train_self_decisions",
    "policy_loss",
    "value_loss",
    "entropy",
    "clip_frac",
    "val_vs_greedy",
    "val_vs_random",
    "val_vs_greedy_other",
]


def plot(csv_path: Path, png: Path, spec: GameSpec, counts: list[int]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with csv_path.open() as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return
    minutes = [float(r["seconds"]) / 60 for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    train = [
        (m, float(r["train_vs_greedy"]))
        for m, r in zip(minutes, rows, strict=True)
        if r["train_vs_greedy"]
    ]
    if train:
        ax.plot(
            *zip(*train, strict=True),
            color="0.7",
            lw=0.8,
            label="training games vs greedy (sampled)",
        )
    at = f" ({counts[0]} players)" if len(counts) > 1 else ""
    series = [
        ("val_vs_greedy", f"validation vs greedy{at} (argmax)", "C0"),
        ("val_vs_random", f"validation vs random{at} (argmax)", "C2"),
    ]
    if len(counts) > 1:
        series.append(("val_vs_greedy_other", f"validation vs greedy ({counts[1]} players)", "C1"))
    for key, label, colour in series:
        pts = [(m, float(r[key])) for m, r in zip(minutes, rows, strict=True) if r.get(key)]
        if pts:
            ax.plot(*zip(*pts, strict=True), marker="o", ms=3, color=colour, label=label)
    ax.axhline(spec.target, color="C3", ls="--", lw=0.8, label=f"target {spec.target:.0%}")
    ax.set_xlabel("training time (minutes, 2-core CPU)")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1.01)
    ax.set_title(f"learned bot, {spec.title}: PPO")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    plt.close(fig)


def train(args: Any) -> None:
    spec = GAMES[args.game]
    cycle = [int(p) for p in args.players.split(",")]
    counts = list(dict.fromkeys(cycle))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    rng = random.Random(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    codec, desc = codec_of(args.game, counts[0])
    net = Net(args.game, desc, codec.layout.size, (args.hidden1, args.hidden2))
    if args.init:
        net.load_npz(Path(args.init))
    opt = torch.optim.Adam(net.parameters(), lr=args.lr, eps=1e-5)
    mix = {k: float(v) for k, v in (part.split("=") for part in args.mix.split(","))}
    curve = out / "curve.csv"
    iteration, played, decisions, elapsed, best = 0, 0, 0, 0.0, -1.0
    if args.resume and (out / "last.pt").exists():
        ck = torch.load(out / "last.pt", weights_only=False)
        net.load_state_dict(ck["net"])
        opt.load_state_dict(ck["opt"])
        iteration, played, decisions, elapsed, best = (
            ck["iteration"],
            ck["games"],
            ck["decisions"],
            ck["seconds"],
            ck["best"],
        )
        rng.setstate(ck["rng"])
        gen.set_state(ck["gen"])
        torch.set_rng_state(ck["torch_rng"])
    else:
        with curve.open("w", newline="") as f:
            csv.writer(f).writerow(CURVE_FIELDS)
    params = sum(p.numel() for p in net.parameters())
    print(
        f"{args.game} at {args.players} players; network: {desc.feature_size} -> "
        f"{args.hidden1} -> {args.hidden2} -> {desc.head_size} ({desc.num_actions} logits) "
        f"+ value; {params} parameters; mix {mix}"
    )
    start = time.perf_counter() - elapsed
    if args.imitate and iteration == 0:
        imitate(net, opt, args, cycle)
        best = getattr(args, "imitated_best", best)
    while time.perf_counter() - start < args.minutes * 60 and iteration < args.iterations:
        games = []
        for _ in range(args.games):
            opponent = draw_opponent(rng, mix)
            players = cycle[played % len(cycle)]
            seat = (played // len(cycle)) % players
            games.append(Game(args.game, players, played, opponent, seat, rng.getrandbits(31)))
            played += 1
        net.eval()
        play_batch(net, games, sample=True, gen=gen)
        batch = batch_of(games, args.gamma, args.lam)
        net.train()
        stats = ppo_update(net, opt, batch, args)
        iteration += 1
        decisions += len(batch["action"])
        rates: dict[str, list[float]] = {"greedy": [], "random": []}
        for g in games:
            if g.opponent in rates and g.n == counts[0]:
                seat = next(iter(g.seats))
                rates[g.opponent].append(g.shares[seat])
        self_decisions = sum(
            len(r.actions) for g in games if g.opponent == "self" for r in g.seats.values()
        )
        seconds = time.perf_counter() - start
        row: dict[str, Any] = {
            "iteration": iteration,
            "games": played,
            "decisions": decisions,
            "seconds": f"{seconds:.1f}",
            "train_vs_greedy": f"{np.mean(rates['greedy']):.3f}" if rates["greedy"] else "",
            "train_vs_random": f"{np.mean(rates['random']):.3f}" if rates["random"] else "",
            "train_self_decisions": self_decisions,
            **{k: f"{v:.4f}" for k, v in stats.items()},
            "val_vs_greedy": "",
            "val_vs_random": "",
            "val_vs_greedy_other": "",
        }
        evaluate = iteration % args.eval_every == 0
        if evaluate:
            net.eval()
            g0, val = args.game, args.val_games
            row["val_vs_greedy"] = f"{net_rate(net, g0, counts[0], 'greedy', val, VAL_SEED):.3f}"
            row["val_vs_random"] = (
                f"{net_rate(net, g0, counts[0], 'random', val // 2, VAL_SEED):.3f}"
            )
            if len(counts) > 1:
                rate = net_rate(net, g0, counts[1], "greedy", val // 2, VAL_SEED)
                row["val_vs_greedy_other"] = f"{rate:.3f}"
        with curve.open("a", newline="") as f:
            csv.writer(f).writerow([row[k] for k in CURVE_FIELDS])
        print(
            f"it {iteration:4d} {seconds / 60:5.1f} min games {played:6d} "
            f"greedy {row['train_vs_greedy'] or '-':>5} random {row['train_vs_random'] or '-':>5} "
            f"ent {stats['entropy']:.2f} vloss {stats['value_loss']:.3f}"
            + (
                f" | val greedy {row['val_vs_greedy']} random {row['val_vs_random']}"
                + (f" other {row['val_vs_greedy_other']}" if len(counts) > 1 else "")
                if evaluate
                else ""
            ),
            flush=True,
        )
        if evaluate and float(row["val_vs_greedy"]) >= best:
            best = float(row["val_vs_greedy"])
            torch.save({"net": net.state_dict(), "iteration": iteration}, out / "best.pt")
            net.export(out / "best_policy.npz", counts)
        torch.save(
            {
                "net": net.state_dict(),
                "opt": opt.state_dict(),
                "iteration": iteration,
                "games": played,
                "decisions": decisions,
                "seconds": seconds,
                "best": best,
                "rng": rng.getstate(),
                "gen": gen.get_state(),
                "torch_rng": torch.get_rng_state(),
                "args": vars(args),
            },
            out / "last.pt",
        )
        if evaluate:
            plot(curve, out / "curve.png", spec, counts)
    total = time.perf_counter() - start
    plot(curve, out / "curve.png", spec, counts)
    if not (out / "best_policy.npz").exists():
        net.export(out / "best_policy.npz", counts)
    net.export(out / "last_policy.npz", counts)
    print(
        f"trained {iteration} iterations, {played} games, {decisions} decisions "
        f"in {total / 60:.1f} minutes ({total:.0f} s) on this machine; best validation "
        f"rate against greedy {best:.3f}"
    )
    if args.install:
        shipped = DATA / f"{args.game}_policy.npz"
        shutil.copyfile(out / f"{args.ship}_policy.npz", shipped)
        print(f"installed {shipped} ({shipped.stat().st_size} bytes)")


def test(args: Any) -> None:
    """The shipped bot (``make_bot("learned")``) on deals never used before."""
    opponents = args.test_opponents.split(",")
    counts = [int(p) for p in (args.test_players or args.players).split(",")]
    for players in dict.fromkeys(counts):
        for opponent in opponents:
            games = args.test_games
            if opponent.startswith("ismcts"):
                games = args.ismcts_games
            t0 = time.perf_counter()
            score = 0.0
            for i in range(games):
                seed = TEST_SEED + i
                seat = i % players  # the learned bot's seat, going round
                bots = {  # the rivals' seeds: seed, seed + 1, ... clockwise from the bot
                    p: make_bot(opponent, seed + (p - seat) % players - 1)
                    for p in range(players)
                    if p != seat
                }
                bots[seat] = make_bot("learned", seed)
                state = get_game(args.game).setup(game_options(args.game, players), seed)
                while not state.is_terminal():
                    p = state.to_move()[0]
                    state.apply(p, bots[p].choose(state, p))
                winners = set(state.result().winners)
                score += 1.0 / len(winners) if seat in winners else 0.0
            low, high = wilson(score, games)
            print(
                f"learned against {opponent} at {players} players: {score:g}/{games} = "
                f"{score / games:.1%} (95% Wilson {low:.1%}-{high:.1%}), "
                f"{time.perf_counter() - t0:.0f} s",
                flush=True,
            )


def parser_for(game: str | None = None) -> argparse.ArgumentParser:
    """The command line; ``game`` fixes the game (``train_duel.py``) and its defaults."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    if game is None:
        parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--players", default=None, help="player counts in turn, e.g. 2,2,2,4")
    parser.add_argument("--minutes", type=float, default=30.0, help="training time budget")
    parser.add_argument("--iterations", type=int, default=10**9, help="at most this many")
    parser.add_argument("--games", type=int, default=256, help="games an iteration")
    parser.add_argument("--mix", default=None, help="the opponents' shares")
    parser.add_argument("--hidden1", type=int, default=None)
    parser.add_argument("--hidden2", type=int, default=None)
    parser.add_argument(
        "--imitate", type=int, default=None, help="warm start: greedy's games to imitate"
    )
    parser.add_argument("--imitate-epochs", type=int, default=4)
    parser.add_argument(
        "--teacher",
        default=None,
        help="imitate this bot's games (teach.py), e.g. ismcts:1000i, instead of greedy's",
    )
    parser.add_argument(
        "--teacher-out", default=None, help="the teacher's games (default learn-runs/GAME-teacher)"
    )
    parser.add_argument(
        "--teacher-players", default=None, help="the teacher's player counts (default the first)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes for the teacher's games")
    parser.add_argument(
        "--ray", default=None, help="the teacher's games on this Ray cluster (auto, local...)"
    )
    parser.add_argument("--init", default=None, help="start from these weights (.npz)")
    parser.add_argument(
        "--imitate-lr", type=float, default=None, help="the warm start's rate (default --lr)"
    )
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--vf-coef", type=float, default=0.5)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=10, help="iterations")
    parser.add_argument("--val-games", type=int, default=200)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument(
        "--reference-encoder",
        action="store_true",
        help="encode with the view-based reference encoder (to measure the compiled one)",
    )
    parser.add_argument(
        "--points-scale",
        type=float,
        default=0.0,
        help="if > 0, the final reward is the mean of the win's (+1 / -1 / 0) and "
        "tanh(the points' lead over the best rival / this)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="default learn-runs/GAME")
    parser.add_argument("--resume", action="store_true", help="go on from OUT/last.pt")
    parser.add_argument(
        "--install",
        action="store_true",
        help="copy the best weights to src/wonders/bots/data/GAME_policy.npz",
    )
    parser.add_argument(
        "--ship",
        choices=("best", "last"),
        default="best",
        help="which weights --install copies: the best validated or the last iteration's",
    )
    parser.add_argument("--test-only", action="store_true", help="only test the shipped bot")
    parser.add_argument(
        "--test-games",
        type=int,
        default=0,
        help="after training, test the shipped bot on this many new deals",
    )
    parser.add_argument("--test-opponents", default="greedy,random")
    parser.add_argument(
        "--test-players", default=None, help="player counts to test at (default --players)"
    )
    parser.add_argument("--ismcts-games", type=int, default=40)
    if game is not None:
        parser.set_defaults(game=game)
    return parser


def main(game: str | None = None) -> None:
    args = parser_for(game).parse_args()
    spec = GAMES[args.game]
    args.players = args.players or spec.players
    args.mix = args.mix or spec.mix
    args.hidden1 = args.hidden1 or spec.hidden[0]
    args.hidden2 = args.hidden2 or spec.hidden[1]
    args.imitate = spec.imitate if args.imitate is None else args.imitate
    args.out = args.out or f"learn-runs/{args.game}"
    args.teacher_out = args.teacher_out or f"learn-runs/{args.game}-teacher"
    global REFERENCE_ENCODER, POINTS_SCALE
    REFERENCE_ENCODER = args.reference_encoder
    POINTS_SCALE = args.points_scale
    if not args.test_only:
        train(args)
    if args.test_only or args.test_games:
        args.test_games = args.test_games or 200
        test(args)


if __name__ == "__main__":
    main()
