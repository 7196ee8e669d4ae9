"""Tournament statistics: win rates with 95% intervals, mean score and rank, OpenSkill.

A win is the seat's share of it (a shared win counts 1/k to each of the k winners). The win
rate's 95% interval is Wilson's score interval over the seat-games; mean score and mean rank
have normal 95% intervals (1.96 standard errors). Ratings: OpenSkill's Plackett-Luce model,
every game a match of one-seat teams ranked by the game's ranks (ties share a rank), the
games rated in schedule order; a bot in several seats of one game (``greedy*3``) is rated
as each seat and its rating set to the mean of those seats' updates.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

Z95 = 1.96


def wilson(wins: float, games: int) -> tuple[float, float]:
    """Wilson's 95% score interval for ``wins`` out of ``games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its normal 95% interval (the mean twice for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def ratings(outcomes: Iterable[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """OpenSkill Plackett-Luce ratings of the bots: mu, sigma and ordinal (mu - 3 sigma)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, tuple[float, float]] = {}
    for outcome in sorted(outcomes, key=lambda o: o["index"]):
        bots: list[str] = outcome["bots"]
        for name in bots:
            current.setdefault(name, (model.mu, model.sigma))
        teams = [[model.rating(mu=current[b][0], sigma=current[b][1], name=b)] for b in bots]
        rated = model.rate(teams, ranks=[float(r) for r in outcome["ranks"]])
        updates: dict[str, list[tuple[float, float]]] = {}
        for name, team in zip(bots, rated, strict=True):
            updates.setdefault(name, []).append((team[0].mu, team[0].sigma))
        for name, values in updates.items():
            mu = sum(v[0] for v in values) / len(values)
            sigma = sum(v[1] for v in values) / len(values)
            current[name] = (mu, sigma)
    return {
        name: {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma}
        for name, (mu, sigma) in current.items()
    }


def summary(outcomes: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per bot: seat-games, wins, win rate and its interval, the fair share, mean score and
    mean rank with intervals, and the OpenSkill rating."""
    per: dict[str, dict[str, list[float]]] = {}
    fair: dict[str, list[float]] = {}
    for outcome in outcomes:
        winners = outcome["winners"]
        n = len(outcome["bots"])
        for seat, name in enumerate(outcome["bots"]):
            entry = per.setdefault(name, {"wins": [], "scores": [], "ranks": []})
            entry["wins"].append(1 / len(winners) if seat in winners else 0.0)
            entry["scores"].append(float(outcome["totals"][seat]))
            entry["ranks"].append(float(outcome["ranks"][seat]))
            fair.setdefault(name, []).append(1 / n)
    rated = ratings(outcomes)
    table: dict[str, dict[str, Any]] = {}
    for name, entry in per.items():
        games = len(entry["wins"])
        wins = sum(entry["wins"])
        low, high = wilson(wins, games)
        score = mean_interval(entry["scores"])
        rank = mean_interval(entry["ranks"])
        table[name] = {
            "seat_games": games,
            "wins": wins,
            "win_rate": wins / games,
            "win_rate_95": [low, high],
            "fair_share": sum(fair[name]) / games,
            "mean_score": score[0],
            "mean_score_95": [score[1], score[2]],
            "mean_rank": rank[0],
            "mean_rank_95": [rank[1], rank[2]],
            "rating": rated[name],
        }
    return table
