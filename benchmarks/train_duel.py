"""Train the ``learned`` bot of 7 Wonders Duel: PPO with action masks, PyTorch on CPU.

The network is ``wonders.bots.learned``'s (features of the codec's observation, a two-layer
perceptron, a factored policy head and a value head). Each iteration plays ``--games``
seeded games to the end, in lockstep (one batched forward pass for every game owing the
network a decision), each against an opponent drawn from the mix (``--mix``: ``greedy``,
``self``: the network plays both seats and learns from both, ``random``), the network's
seat alternating; then PPO (clipped ratio, GAE, masked entropy bonus) on every decision of
those games. Rewards: +1 win, -1 loss, 0 tie, at the end.

Seeds: torch, numpy and the bots' are drawn from ``--seed``; training deals are the
engine's games 0, 1, 2, ...; every ``--eval-every`` iterations the network (its most
likely legal action, deterministic) plays ``--val-games`` validation deals (from 500
000 000) against greedy, and the best such network is kept. ``--test`` then measures the
shipped bot itself (``make_bot("learned")``, NumPy, float16 weights) on deals never used
before (from 1 000 000 000), seats alternated, with Wilson 95% intervals.

Written as it goes, in ``--out`` (default ``learn-runs/duel``): ``curve.csv`` (one line an
iteration; validation columns filled at evaluations), ``curve.png``, ``last.pt`` and
``best.pt`` (PyTorch checkpoints), ``best_policy.npz`` (the shipped form: ``--install``
copies it to ``src/wonders/bots/data/duel_policy.npz``). A cut run keeps all of them;
``--resume`` goes on from ``last.pt``.

    pip install -e '.[learn]'
    python benchmarks/train_duel.py --minutes 30 --install
    python benchmarks/train_duel.py --test-only --test-games 200   # the shipped weights
"""

from __future__ import annotations

import argparse
import csv
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
from wonders.bots.learned import (
    CARD_BASE,
    CARD_KINDS,
    CARDS,
    FEATURE_SIZE,
    HEAD_SIZE,
    NUM_ACTIONS,
    OBS_SIZE,
    WONDERS,
    features,
)
from wonders.core.registry import get_game
from wonders.envs import make_codec
from wonders.envs.codec import ENCODING_VERSION

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "src" / "wonders" / "bots" / "data" / "duel_policy.npz"
VAL_SEED = 500_000_000
TEST_SEED = 1_000_000_000


class Net(nn.Module):
    """``wonders.bots.learned.Policy`` in PyTorch."""

    def __init__(self, hidden: tuple[int, int]) -> None:
        super().__init__()
        self.l1 = nn.Linear(FEATURE_SIZE, hidden[0])
        self.l2 = nn.Linear(hidden[0], hidden[1])
        self.pi = nn.Linear(hidden[1], HEAD_SIZE)
        self.v = nn.Linear(hidden[1], 1)
        for layer in (self.l1, self.l2):
            nn.init.orthogonal_(layer.weight, math.sqrt(2))
            nn.init.zeros_(layer.bias)
        nn.init.orthogonal_(self.pi.weight, 0.01)
        nn.init.zeros_(self.pi.bias)
        nn.init.orthogonal_(self.v.weight, 1.0)
        nn.init.zeros_(self.v.bias)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = torch.relu(self.l2(torch.relu(self.l1(x))))
        head = self.pi(h)
        n = head.shape[0]
        at = CARD_BASE + CARDS * CARD_KINDS
        kinds = head[:, CARD_BASE:at].reshape(n, CARDS, CARD_KINDS)
        under = head[:, None, at : at + WONDERS] + head[:, at + WONDERS :, None]
        cards = torch.cat([kinds, under], dim=2).reshape(n, -1)
        return torch.cat([head[:, :CARD_BASE], cards], dim=1), torch.tanh(self.v(h)[:, 0])

    def export(self, path: Path) -> None:
        """The shipped form: float16 weights (``x @ w`` layout) and the encoding's sizes."""
        arrays: dict[str, Any] = {}
        for name, layer in (("1", self.l1), ("2", self.l2), ("p", self.pi), ("v", self.v)):
            arrays["w" + name] = layer.weight.detach().numpy().T.astype(np.float16)
            arrays["b" + name] = layer.bias.detach().numpy().astype(np.float16)
        arrays.update(
            obs_size=np.int32(OBS_SIZE),
            num_actions=np.int32(NUM_ACTIONS),
            encoding_version=np.int32(ENCODING_VERSION),
        )
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)


@dataclass
class Seat:
    """One network seat of one game: its decisions so far."""

    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    logps: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)


class Game:
    def __init__(self, seed: int, opponent: str, net_seat: int, bot_seed: int) -> None:
        self.state = get_game("duel").setup({}, seed)
        self.codec = make_codec("duel")
        self.opponent = opponent
        self.seats: dict[int, Seat] = {}
        self.bots: dict[int, Any] = {}
        if opponent == "self":
            self.seats = {0: Seat(), 1: Seat()}
        else:
            self.seats = {net_seat: Seat()}
            self.bots = {1 - net_seat: make_bot(opponent, bot_seed)}
        self.legal: dict[int, Any] = {}
        self.rewards = [0.0, 0.0]

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
        for s in (0, 1):
            won, lost = s in result.winners, (1 - s) in result.winners
            self.rewards[s] = 1.0 if won and not lost else -1.0 if lost and not won else 0.0
        return None


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
        x = torch.from_numpy(features(np.stack([p[2] for p in pending])))
        mask = torch.from_numpy(np.stack([p[3] for p in pending]).astype(bool))
        with torch.no_grad():
            logits, values = net(x)
            logits = logits.masked_fill(~mask, -1e9)
            if sample:
                logp_all = torch.log_softmax(logits, dim=1)
                actions = torch.multinomial(logp_all.exp(), 1, generator=gen)[:, 0]
                logps = logp_all.gather(1, actions[:, None])[:, 0]
            else:
                actions = logits.argmax(dim=1)
                logps = torch.zeros(len(pending))
        for i, (g, seat, obs, m) in enumerate(pending):
            a = int(actions[i])
            if sample:
                rec = g.seats[seat]
                rec.obs.append(obs)
                rec.masks.append(m)
                rec.actions.append(a)
                rec.logps.append(float(logps[i]))
                rec.values.append(float(values[i]))
            g.state.apply(seat, g.legal[a])
    return games


def batch_of(games: list[Game], gamma: float, lam: float) -> dict[str, torch.Tensor]:
    """Every decision of ``games`` with its GAE advantage and return (reward at the end)."""
    obs, masks, actions, logps, advs, rets = [], [], [], [], [], []
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
            obs += rec.obs
            masks += rec.masks
            actions += rec.actions
            logps += rec.logps
            advs.append(adv)
            rets.append(adv + values[:-1])
    return {
        "x": torch.from_numpy(features(np.stack(obs))),
        "mask": torch.from_numpy(np.stack(masks).astype(bool)),
        "action": torch.tensor(actions),
        "logp": torch.tensor(logps),
        "adv": torch.from_numpy(np.concatenate(advs)),
        "ret": torch.from_numpy(np.concatenate(rets)),
    }


def ppo_update(
    net: Net, opt: torch.optim.Optimizer, batch: dict[str, torch.Tensor], args: Any
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
            logits, values = net(batch["x"][idx])
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
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            opt.step()
            stats["policy_loss"] += float(policy_loss.detach())
            stats["value_loss"] += float(value_loss.detach())
            stats["entropy"] += float(entropy.detach())
            stats["clip_frac"] += float(((ratio - 1).abs() > args.clip).float().mean())
            steps += 1
    return {k: v / max(steps, 1) for k, v in stats.items()}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def net_rate(net: Net, opponent: str, games: int, first_seed: int) -> float:
    """The network's (argmax) score rate against ``opponent`` (a tie counts half)."""
    batch = [Game(first_seed + i, opponent, i % 2, first_seed + i) for i in range(games)]
    play_batch(net, batch, sample=False, gen=None)
    return sum(0.5 + 0.5 * g.rewards[i % 2] for i, g in enumerate(batch)) / games


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
]


def plot(csv_path: Path, png: Path) -> None:
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
    for key, label, colour in (
        ("val_vs_greedy", "validation vs greedy (argmax)", "C0"),
        ("val_vs_random", "validation vs random (argmax)", "C2"),
    ):
        pts = [(m, float(r[key])) for m, r in zip(minutes, rows, strict=True) if r[key]]
        if pts:
            ax.plot(*zip(*pts, strict=True), marker="o", ms=3, color=colour, label=label)
    ax.axhline(0.95, color="C3", ls="--", lw=0.8, label="target 95%")
    ax.set_xlabel("training time (minutes, 2-core CPU)")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1.01)
    ax.set_title("learned bot, 7 Wonders Duel: PPO")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    plt.close(fig)


def train(args: Any) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    rng = random.Random(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    net = Net((args.hidden1, args.hidden2))
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
        f"network: {FEATURE_SIZE} -> {args.hidden1} -> {args.hidden2} -> {HEAD_SIZE} "
        f"({NUM_ACTIONS} logits) + value; {params} parameters; mix {mix}"
    )
    start = time.perf_counter() - elapsed
    while time.perf_counter() - start < args.minutes * 60 and iteration < args.iterations:
        games = []
        for _ in range(args.games):
            opponent = draw_opponent(rng, mix)
            games.append(Game(played, opponent, played % 2, rng.getrandbits(31)))
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
            if g.opponent in rates:
                seat = next(iter(g.seats))
                rates[g.opponent].append(0.5 + 0.5 * g.rewards[seat])
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
        }
        evaluate = iteration % args.eval_every == 0
        if evaluate:
            net.eval()
            row["val_vs_greedy"] = f"{net_rate(net, 'greedy', args.val_games, VAL_SEED):.3f}"
            row["val_vs_random"] = f"{net_rate(net, 'random', args.val_games // 2, VAL_SEED):.3f}"
        with curve.open("a", newline="") as f:
            csv.writer(f).writerow([row[k] for k in CURVE_FIELDS])
        print(
            f"it {iteration:4d} {seconds / 60:5.1f} min games {played:6d} "
            f"greedy {row['train_vs_greedy'] or '-':>5} random {row['train_vs_random'] or '-':>5} "
            f"ent {stats['entropy']:.2f} vloss {stats['value_loss']:.3f}"
            + (
                f" | val greedy {row['val_vs_greedy']} random {row['val_vs_random']}"
                if evaluate
                else ""
            ),
            flush=True,
        )
        if evaluate and float(row["val_vs_greedy"]) >= best:
            best = float(row["val_vs_greedy"])
            torch.save({"net": net.state_dict(), "iteration": iteration}, out / "best.pt")
            net.export(out / "best_policy.npz")
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
            plot(curve, out / "curve.png")
    total = time.perf_counter() - start
    plot(curve, out / "curve.png")
    if not (out / "best_policy.npz").exists():
        net.export(out / "best_policy.npz")
    print(
        f"trained {iteration} iterations, {played} games, {decisions} decisions "
        f"in {total / 60:.1f} minutes ({total:.0f} s) on this machine; best validation "
        f"rate against greedy {best:.3f}"
    )
    if args.install:
        shutil.copyfile(out / "best_policy.npz", SHIPPED)
        print(f"installed {SHIPPED} ({SHIPPED.stat().st_size} bytes)")


def test(args: Any) -> None:
    """The shipped bot (``make_bot("learned")``) on deals never used before."""
    opponents = args.test_opponents.split(",")
    for opponent in opponents:
        games = args.test_games
        if opponent.startswith("ismcts"):
            games = args.ismcts_games
        t0 = time.perf_counter()
        score = 0.0
        for i in range(games):
            seed = TEST_SEED + i
            seat = i % 2  # the learned bot's seat, alternated
            bots = {seat: make_bot("learned", seed), 1 - seat: make_bot(opponent, seed)}
            state = get_game("duel").setup({}, seed)
            while not state.is_terminal():
                p = state.to_move()[0]
                state.apply(p, bots[p].choose(state, p))
            winners = set(state.result().winners)
            score += 0.0 if seat not in winners else 1.0 if len(winners) == 1 else 0.5
        low, high = wilson(score, games)
        print(
            f"learned against {opponent}: {score:g}/{games} = {score / games:.1%} "
            f"(95% Wilson {low:.1%}-{high:.1%}), {time.perf_counter() - t0:.0f} s",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="training time budget")
    parser.add_argument("--iterations", type=int, default=10**9, help="at most this many")
    parser.add_argument("--games", type=int, default=256, help="games an iteration")
    parser.add_argument(
        "--mix", default="greedy=0.6,self=0.3,random=0.1", help="the opponents' shares"
    )
    parser.add_argument("--hidden1", type=int, default=256)
    parser.add_argument("--hidden2", type=int, default=128)
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
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="learn-runs/duel")
    parser.add_argument("--resume", action="store_true", help="go on from OUT/last.pt")
    parser.add_argument(
        "--install",
        action="store_true",
        help="copy the best weights to " + str(SHIPPED.relative_to(ROOT)),
    )
    parser.add_argument("--test-only", action="store_true", help="only test the shipped bot")
    parser.add_argument(
        "--test-games",
        type=int,
        default=0,
        help="after training, test the shipped bot on this many new deals",
    )
    parser.add_argument("--test-opponents", default="greedy,random")
    parser.add_argument("--ismcts-games", type=int, default=40)
    args = parser.parse_args()
    if not args.test_only:
        train(args)
    if args.test_only or args.test_games:
        args.test_games = args.test_games or 200
        test(args)


if __name__ == "__main__":
    main()
